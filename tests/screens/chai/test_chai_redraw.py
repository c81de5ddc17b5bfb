"""What a Chai screen draws again when the game moves: only the panels whose parts of the view changed
are built again, each log line is wrapped once, and a log that gained no line is not drawn again."""

from __future__ import annotations

import textwrap
from collections import Counter

from chaigames.chai import SPEC
from screens.chai import screen as chai_screen
from tests.pilot import screen_text, wait_for

from .test_chai_screen import SMALL, asha_to_move, redraw, vs_bot

PANELS = ("market_text", "additives_text", "cups_text", "customers_text", "players_text")


def counted_panels(monkeypatch) -> Counter[str]:
    """How many times each panel's text is built from now on."""
    built: Counter[str] = Counter()
    for name in PANELS:
        inner = getattr(chai_screen, name)

        def counted(*args, inner=inner, name=name, **kwargs):  # type: ignore[no-untyped-def]
            built[name] += 1
            return inner(*args, **kwargs)

        monkeypatch.setattr(chai_screen, name, counted)
    return built


def counted_wraps(monkeypatch) -> list[str]:
    """Every text wrapped from now on."""
    wrapped: list[str] = []
    inner = textwrap.wrap

    def counted(text: str, *args, **kwargs):  # type: ignore[no-untyped-def]
        wrapped.append(text)
        return inner(text, *args, **kwargs)

    monkeypatch.setattr(textwrap, "wrap", counted)
    return wrapped


async def test_a_move_builds_again_only_the_panels_it_changed_and_wraps_only_the_new_log_lines(make_app, monkeypatch):
    app = make_app(games=[SPEC], new_game=vs_bot())
    async with app.run_test(size=SMALL) as pilot:
        await asha_to_move(pilot)
        built, wrapped = counted_panels(monkeypatch), counted_wraps(monkeypatch)
        redraw(app)  # nothing changed: nothing is built or wrapped again
        assert built == Counter() and wrapped == []
        kind = app.controller.state.display[0]
        log_before = len(app.controller.log())
        await pilot.press(str(kind + 1))  # an additive taken: the display changes, the market does not
        await wait_for(pilot, lambda: "Second additive action" in screen_text(app), "the second action")
        assert built["additives_text"] >= 1
        assert built["market_text"] == 0 and built["cups_text"] == 0
        new_lines = [line.event.text for line in app.controller.log()[log_before:]]
        assert new_lines and len(wrapped) <= len(new_lines)
        built.clear()
        wrapped.clear()
        redraw(app)
        assert built == Counter() and wrapped == []


async def test_a_click_on_a_footer_key_does_what_the_key_does(make_app):
    """The footer's keys are measured once but are still Textual's keys: a click on one presses it."""
    from screens.compat import FooterKey
    from screens.pause import LogScreen

    app = make_app(games=[SPEC], new_game=vs_bot())
    async with app.run_test(size=SMALL) as pilot:
        await asha_to_move(pilot)
        log_key = next(key for key in app.screen.query(FooterKey) if key.key == "l" and key.display)
        await pilot.click(log_key)
        await wait_for(pilot, lambda: isinstance(app.screen, LogScreen), "the whole log")
