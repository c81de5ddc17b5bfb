"""The clipping corpus: states of every game (each phase, fewest and most seats, each vehicle; built
by seeded bot play) drawn at 80x24, 100x30 and 120x40. A state fails when some text is cut off with
no scrollbar and no named key to reach the rest, or when the title, status or footer is cut.

One app per game resumes each saved state in turn and resizes the terminal (each state opens at the
size the one before it ended on), so the whole corpus stays quick; each state is played out only by
the test that draws it. Bots never move during a check (a long bot delay, a clock that stands still)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property, partial
from pathlib import Path

import pytest
from rich.text import Text
from textual.containers import ScrollableContainer
from textual.widget import Widget
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

from chaigames import chai, chai_wallah, dabba_walla
from chaigames.dabba_walla.actions import Place
from chaigames.engine import GameConfig, GameSpec, SeatConfig, Session, bot_seed
from chaigames.saves import SaveStore
from screens.app import ChaiGamesApp
from screens.game_base import GameScreen
from screens.widgets import TitleBar
from tests.pilot import drawn, screen_text, settled_keys, wait_for

SIZES = ((80, 24), (100, 30), (120, 40))
NAMES = ("Asha", "Ravi", "Meera", "Kiran", "Dev", "Lata", "Arjun", "Priya")

REACHABLE: dict[str, str] = {
    "dw-others": "o",  # the other players: `o` pages lines, vehicles, piles
    "chai-customers": "tab",  # the customer list scrolls with its cursor ('...' marks the rest)
}
"""Widgets that may hold more than they show, and the key (named in the footer) that shows the rest."""

LOGS = {"dw-log", "chai-log", "cw-feed"}
"""The newest lines of the log by design (the whole log: Esc, then l)."""


@dataclass(frozen=True)
class Case:
    """A named state, played out only when a test draws it (each test draws a few of the corpus)."""

    name: str
    build: Callable[[], Session]

    @cached_property
    def session(self) -> Session:
        return self.build()


def seats(spec: GameSpec, n: int, humans: int = 1) -> tuple[SeatConfig, ...]:
    return tuple(SeatConfig(NAMES[i], None if i < humans else "easy") for i in range(n))


def played(spec: GameSpec, config: GameConfig, seed: int, until: Callable[[Session], bool]) -> Session:
    """Every seat played by an easy bot until `until` holds (the human seat too)."""
    session = Session(spec, spec.validate(config), seed)
    bots = {i: spec.make_bot("easy", bot_seed(seed, i), i) for i in range(len(config.seats))}
    for _ in range(2000):
        if until(session) or session.over:
            break
        seat = session.state.actors()[0]
        legal = session.state.legal_actions(seat)
        session.apply(seat, bots[seat].choose(session.state.view(seat), legal, spec.bot_budget.get("easy", 1)))
    return session


def dabba_walla_cases() -> Iterator[Case]:
    spec = dabba_walla.SPEC
    for vehicle in ("trailer", "handcart", "crate", "wheelbarrow"):
        config = GameConfig(seats=seats(spec, 4), options={"vehicle": vehicle, "module1": True}, start_player=0)
        yield Case(f"4 seats {vehicle} pick-up", partial(played, spec, config, 3, lambda s: s.action_count >= 30))
    for vehicle in ("trailer", "handcart", "crate", "wheelbarrow"):  # the rivals' vehicles beside each one
        config = GameConfig(
            seats=seats(spec, 4), options={"vehicle": vehicle, "order_card_1": 1, "order_card_3": 5}, start_player=0
        )
        yield Case(
            f"4 seats {vehicle} delivery", partial(played, spec, config, 5, lambda s: s.state.phase == "delivery")
        )
        yield Case(
            f"4 seats {vehicle} after a reveal",
            partial(played, spec, config, 5, lambda s: s.state.phase == "delivery" and s.state.round >= 2),
        )
    config = GameConfig(seats=seats(spec, 3), options={"vehicle": "handcart", "module1": True}, start_player=0)
    yield Case("3 seats handcart pick-up", partial(played, spec, config, 3, lambda s: s.action_count >= 30))  # big ring
    config = GameConfig(seats=seats(spec, 4), options={"vehicle": "crate"}, start_player=0)

    def placing(s: Session) -> bool:  # Asha's tile over her vehicle: the most keys in the footer
        return tuple(s.state.actors()) == (0,) and any(isinstance(a, Place) for a in s.state.legal_actions(0))

    yield Case(
        "4 seats crate placing a tile", partial(played, spec, config, 3, lambda s: s.action_count >= 10 and placing(s))
    )
    config = GameConfig(seats=seats(spec, 2), options={"vehicle": "wheelbarrow"}, start_player=0)
    yield Case("2 seats pick-up", partial(played, spec, config, 7, lambda s: s.action_count >= 12))
    yield Case("2 seats delivery", partial(played, spec, config, 7, lambda s: s.state.phase == "delivery"))


def chai_cases() -> Iterator[Case]:
    spec = chai.SPEC
    for n in (2, 5):
        config = GameConfig(seats=seats(spec, n), start_player=0)
        yield Case(f"{n} seats first turn", partial(played, spec, config, 3, lambda s: not s.action_count))
        yield Case(f"{n} seats mid-game", partial(played, spec, config, 3, lambda s, n=n: s.action_count >= 12 * n))


def chai_wallah_cases() -> Iterator[Case]:
    spec = chai_wallah.SPEC
    for n, humans in ((4, 1), (8, 1), (8, 2)):
        yield Case(
            f"{n} seats, {humans} at the keyboard",
            partial(traded, spec.validate(GameConfig(seats=seats(spec, n, humans)))),
        )


def traded(config: GameConfig) -> Session:
    """Chai Wallah after its bots trade for 12 s of game time."""
    session = Session(chai_wallah.SPEC, config, 3)
    chai_wallah.SPEC.make_driver(session).advance(12.0)
    return session


def problems(app: ChaiGamesApp) -> list[str]:
    """What is cut off on the screen now."""
    screen = app.screen
    width = app.size.width
    out: list[str] = []
    for widget in screen.query("*"):
        if not widget.display or widget.region.area == 0:
            continue
        name = widget.id or type(widget).__name__
        parent = widget.parent
        if isinstance(parent, Widget) and parent is not screen and not isinstance(parent, ScrollableContainer):
            inner = parent.content_region
            past = widget.region.bottom > inner.bottom or widget.region.right > inner.right
            if past and widget.id not in LOGS and widget.id not in REACHABLE:
                out.append(f"{name} runs past {parent.id or type(parent).__name__}")
        if isinstance(widget, FooterKey) and widget.region.right > width:
            out.append(f"footer key {widget.region.x}: cut off at the right edge")
        if isinstance(widget, Static) and not isinstance(widget, FooterKey):
            content = widget.content
            text = content if isinstance(content, Text) else Text(str(content))
            box = widget.content_region
            if box.width <= 0:
                continue
            needed = len(text.wrap(app.console, box.width))
            parent_box = widget.parent.content_region if isinstance(widget.parent, Widget) else box
            if widget.id == "dw-others" and "┌" in text.plain and widget.region.bottom > parent_box.bottom:
                out.append(f"{name}: the rivals' vehicles drawn but cut off at the bottom")  # `o` or not
            if needed > box.height and widget.id not in LOGS:
                key = REACHABLE.get(widget.id or "")
                if key is None or key not in footer_text(app):
                    out.append(f"{name}: {needed} lines in {box.height}")
    return out


def footer_text(app: ChaiGamesApp) -> str:
    return "".join(f" {k.key_display} " for k in app.screen.query(FooterKey))


def check_title_and_footer(app: ChaiGamesApp) -> list[str]:
    out = []
    for bar in app.screen.query(TitleBar):
        text = str(bar.content)
        if len(text) > bar.content_region.width:
            out.append(f"title cut: {text!r}")
    if not app.screen.query(Footer):
        out.append("no footer")
    return out


async def run_corpus(cases: list[Case], app_kw: dict) -> list[str]:
    store = SaveStore(Path(app_kw.pop("root")))
    app = ChaiGamesApp(store=store, bot_delay=1000, countdown=0, clock_source=lambda: 0.0, **app_kw)
    failures: list[str] = []
    async with app.run_test(size=SIZES[0]) as pilot:
        for n, case in enumerate(cases):
            save_id = store.new_id(case.session.spec.id)
            store.save(case.session, save_id)
            app.resume_game(save_id)

            def on_game(case: Case = case) -> bool:
                if not isinstance(app.screen, GameScreen):
                    if type(app.screen).__name__ in ("KeyCheckScreen", "CurtainScreen"):
                        app.screen.dismiss(None)
                    return False
                return app.controller is not None and app.controller.session.record.seed == case.session.record.seed

            await wait_for(pilot, on_game, f"{case.name} on screen")
            # each case opens at the size the last one ended on: smallest to largest, then back
            for size in SIZES if n % 2 == 0 else SIZES[::-1]:
                await pilot.resize_terminal(*size)
                await drawn(pilot)
                found = problems(app) + check_title_and_footer(app)
                if found:
                    failures.append(f"{case.session.spec.id} {case.name} at {size[0]}x{size[1]}: {found}")
                    failures.append(screen_text(app))
    return failures


CORPUS = {"dabba-walla": dabba_walla_cases, "chai": chai_cases, "chai-wallah": chai_wallah_cases}
PARTS = {"dabba-walla": 4}
"""Corpora drawn in parts, each by an app of its own (every fourth case of Dabba Walla's 16 in each),
so that no part takes long and the parts run side by side."""


def corpus_parts() -> list:
    return [
        pytest.param(game, part, id=game if PARTS.get(game, 1) == 1 else f"{game}-{part + 1}of{PARTS[game]}")
        for game in CORPUS
        for part in range(PARTS.get(game, 1))
    ]


@pytest.mark.parametrize(("game", "part"), corpus_parts())
async def test_nothing_a_player_chooses_by_is_cut_off(game, part, tmp_path):
    cases = list(CORPUS[game]())[part :: PARTS.get(game, 1)]
    failures = await run_corpus(cases, {"root": tmp_path})
    assert not failures, "\n".join(failures)


REPLAY_SIZES = ((80, 24), (120, 40), (160, 50))


def replay_cases() -> Iterator[Case]:
    """The most seats of each game, where the live screen is fullest."""
    wanted = {
        "4 seats handcart pick-up",
        "4 seats trailer after a reveal",
        "5 seats mid-game",
        "8 seats, 2 at the keyboard",
    }
    for cases in (dabba_walla_cases, chai_cases, chai_wallah_cases):
        yield from (case for case in cases() if case.name in wanted)


async def test_nothing_is_cut_off_in_a_replay():
    """The replay viewer draws the game's own screen with its own keys: each case at its last action,
    in the public view at 80x24, 120x40 and 160x50, and in the first seat's view at 80x24."""
    from screens.replay import ReplayKeys

    # No key guard: each replay opens straight over the menu the last one left, within the menu's guard.
    app = settled_keys(ChaiGamesApp(bot_delay=1000, countdown=0, clock_source=lambda: 0.0, key_guard=0))
    failures: list[str] = []
    async with app.run_test(size=REPLAY_SIZES[0]) as pilot:
        for case in replay_cases():
            app.watch_replay(case.session.record, case.session.action_count)
            await wait_for(pilot, lambda: isinstance(app.screen, ReplayKeys), f"the replay of {case.name}")
            checks = [("public", size) for size in REPLAY_SIZES] + [("first seat's", REPLAY_SIZES[0])]
            for i, (viewer, size) in enumerate(checks):
                if i and viewer != checks[i - 1][0]:
                    await pilot.press("v")
                await pilot.resize_terminal(*size)
                await drawn(pilot)
                assert isinstance(app.screen, ReplayKeys)
                assert (app.screen.controller.viewer is None) == (viewer == "public"), case.name
                found = problems(app) + check_title_and_footer(app)
                if found:
                    failures.append(f"replay of {case.session.spec.id} {case.name}, {viewer} view at {size}: {found}")
                    failures.append(screen_text(app))
            await pilot.press("escape")
            await wait_for(pilot, lambda: not isinstance(app.screen, ReplayKeys), "the replay left")
    assert len(failures) == 0, "\n".join(failures)
