"""Chai Wallah: real-time dice trading for 4-8 tea vendors (rules, order deck, bots, driver, keys).

How a screen drives it (the core never reads a clock):
- `session = Session(SPEC, config, seed)`; `driver = SPEC.make_driver(session)` runs the bot seats.
- `clock = GameClock(session.state.now)` (clock.py) turns a monotonic real clock into game time;
  start it after the 3-2-1 countdown, stop it for the pause menu. On a timer, call
  `driver.advance(clock.now(real))` and show the returned events; `driver.next_due()` says when
  something will next happen by itself.
- A key: `keys.RepeatFilter.accept(key, real)`, then `keys.key_map(human_seats)[key]` gives the seat
  and `.action()`; send it with `driver.act(seat, action, game_time)` (bots catch up to that time,
  the action is recorded with its timestamp, bots then see it). `IllegalAction` carries the reason
  to show ("market frozen", "too late: Asha took it", "locked for 2.1 s").
- Esc: `driver.pause(t, seat)`; after the countdown `driver.resume(t, seat)` (recorded; every
  deadline and bot decision shifts by the pause). Continue after a restart: rebuild with
  `Session.from_record`, whose state's `now` is the last recorded action's time.
- One human: show `state.view(seat)`; two or more: `state.table_view()` (every die's value, CW-12).
"""

from __future__ import annotations

from chaigames.engine import GameSpec, OptionSpec

from .actions import Claim, Pause, Reroll, Resume, SetOffer, Toggle, actions
from .bots import ChaiWallahBot
from .clock import GameClock
from .describe import describe_action, describe_view
from .driver import BotDriver, make_driver, play_headless
from .rules import RULES_MARKDOWN
from .state import ChaiWallahState
from .view import view_from_changes, view_from_json, view_to_json

SPEC = GameSpec(
    id="chai-wallah",
    title="Chai Wallah",
    description="Real-time dice trading: match a chai order first.",
    min_seats=4,
    max_seats=8,
    max_humans=4,
    rules_version=1,
    new_game=ChaiWallahState,
    actions=actions,
    make_bot=ChaiWallahBot,
    options=(
        OptionSpec(
            "target", "Orders to win", 3, (3, 4, 5), ("3", "4", "5"), help="The first to fulfil this many wins."
        ),
        OptionSpec(
            "stall",
            "Chai stall",
            6,
            (3, 6, 10, None),
            ("3 s", "6 s", "10 s", "off"),
            help="An offered die waiting this long is swapped with the market (the chai stall).",
        ),
        OptionSpec(
            "bundle",
            "Bundle trades",
            False,
            (False, True),
            ("off", "on"),
            help="Offers trade only with an offer of exactly the same ingredients.",
        ),
    ),
    has_start_player=False,
    realtime=True,
    takebacks=False,
    bot_levels=("easy", "normal", "hard"),  # its levels differ in reaction speed, not in search
    bot_budget={"easy": 1, "normal": 1, "hard": 1},
    describe_view=describe_view,
    describe_action=describe_action,
    play_headless=play_headless,
    make_driver=make_driver,
    rules_markdown=RULES_MARKDOWN,
    view_to_json=view_to_json,
    view_from_json=view_from_json,
    view_from_changes=view_from_changes,
)

__all__ = [
    "SPEC",
    "BotDriver",
    "ChaiWallahBot",
    "ChaiWallahState",
    "Claim",
    "GameClock",
    "Pause",
    "Reroll",
    "Resume",
    "SetOffer",
    "Toggle",
    "make_driver",
    "play_headless",
]
