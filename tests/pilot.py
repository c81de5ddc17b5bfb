"""Reading an app that a Pilot drives: its screen as text, and the suite's bounded wait between Textual's
message rounds (for screen tests and for the hosts' tests that run the app in process)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from screens.app import ChaiGamesApp
from tests.wait import WAIT, until


def screen_text(app: ChaiGamesApp) -> str:
    """The screen as a player sees it now: every line of the top screen (with what shows behind it).

    The one private read of the suite's screen tests: Textual 8 has no public way to get the composed
    screen as text (`export_screenshot` gives SVG, drawn with the same compositor, at many times the
    cost), so the screen's compositor is asked for its lines here and nowhere else."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def wait_for(pilot: Any, condition: Callable[[], Any], what: str = "condition", timeout: float = WAIT) -> Any:
    """`until` between Textual message rounds, showing the screen if `condition` never holds."""
    return await until(condition, what, timeout=timeout, seen=lambda: screen_text(pilot.app), rest=pilot.pause)
