"""Setting up a game: the game, its seats (name, human or bot and level, per-seat options), the
game's options with their defaults, the start player and take-backs.

Every problem is explained beside the field it concerns (the spec's own `problems`, so the
app, `chaigames new` and the core agree) and Start stays disabled until none is left.
"""

from __future__ import annotations

import os
import re
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Input, Label, Select, Static

from chaigames.engine import GameConfig, GameSpec, SeatConfig
from chaigames.names import bot_name, clean_name
from chaigames.setups import LastSetup

from .base import AppScreen
from .widgets import Footer, NameInput, TitleBar, show

HUMAN = "human"
MATCH_CHOICES = [("Single game", 1), ("Match of 3 games", 3), ("Match of 5 games", 5)]


def takebacks_choice(takebacks: bool | None) -> str:
    """The take-backs field's choice for a remembered setting (None: the game's default)."""
    if takebacks is None:
        return "default"
    return "on" if takebacks else "off"


def opening_seats(
    spec: GameSpec, last_seats: tuple[SeatConfig, ...] = (), player: str | None = None
) -> list[tuple[str, str | None]]:
    """Every seat's name and bot level (None: a human) as the form opens: the last setup's, else seat 1
    a human and the others normal bots. `player` (who plays here, when known) sits in seat 1. Bots
    are named by `bot_name`: none is named like a person in the game or like another bot."""
    level = "normal" if "normal" in spec.bot_levels else spec.bot_levels[0]
    seats: list[tuple[str, str | None]] = []
    for i in range(spec.max_seats):
        seat_last = last_seats[i] if i < len(last_seats) else None
        if seat_last is not None:
            bot = seat_last.bot if seat_last.bot in (None, *spec.bot_levels) else level
            seats.append((seat_last.name, bot))
        else:
            seats.append(("Player 1" if i == 0 else "", None if i == 0 else level))
    if player:
        seats[0] = (player, None)
    taken = [name for name, bot in seats if bot is None]
    for i, (name, bot) in enumerate(seats):
        if bot is not None:
            if not name or name.casefold() in {t.casefold() for t in taken}:
                name = bot_name(i, taken)
            seats[i] = (name, bot)
            taken.append(name)
    return seats


def new_seed() -> int:
    return int.from_bytes(os.urandom(4), "little")


class SetupScreen(AppScreen[None]):
    """A new game at this keyboard; `screens.tables.OpenTableScreen` reuses it for a table over SSH."""

    HEADING = "New game"
    HUMAN_LABEL = "Human"
    AUTO_FOCUS = "#seats"
    """The seats first, straight away: focused first by Textual, the form's scroll (the first thing that can
    take the focus) restyled its whole form on taking the focus and again on giving it to the seats."""
    START = "Start"  # what the button (and ctrl+s) does: start the game here
    HIDDEN_FIELDS: frozenset[str] = frozenset()  # fields this form keeps but never shows ("match", ...)
    OWN_SEAT_NAMED = False  # seat 1's name is who plays here, not typed in the form

    BINDINGS = [
        Binding("ctrl+s", "start", "Start", id="start"),
        Binding("escape", "app.pop_screen", "Back", id="back"),
        Binding("question_mark", "app.keys", "Keys", id="keys"),
        Binding("f1", "app.keys", "Keys", show=False),
    ]

    def __init__(self, specs: list[GameSpec], game_id: str | None = None) -> None:
        super().__init__()
        self.specs = specs
        ids = [s.id for s in specs]
        self.spec = specs[ids.index(game_id)] if game_id in ids else specs[0]
        self.problems: list[str] = []
        self._ready = False  # the form exists (False while it is being rebuilt for another game)
        self._opening: list[tuple[tuple[str, str | None], dict[str, int]]] = []  # each seat as the form opens
        self._rows = 0  # seats made (the first ones): those shown, and those shown before and hidden since
        self.sub_title = f"{self.HEADING}: {self.spec.title}"

    # -- layout ------------------------------------------------------------------------------------
    def last(self) -> LastSetup | None:
        """This game's setup the last time it was started here (the data folder remembers it)."""
        memory = getattr(self.app, "setups", None)
        return memory.last(self.spec.id) if memory is not None else None

    def compose(self) -> ComposeResult:
        """The whole form as it opens, its problems shown and its first field focused (`AUTO_FOCUS`):
        nothing is looked up once it is mounted, so a form closed the moment it opens never looks for
        a field it did not get."""
        spec = self.spec
        last = self.last()
        last_seats = last.config.seats if last is not None else ()

        def remembered(value: Any, choices: Any, default: Any) -> Any:
            return value if value in choices else default

        def choice_index(choices: Any, value: Any) -> int:
            return choices.index(value) if value in choices else 0

        first_count = remembered(len(last_seats), range(spec.min_seats, spec.max_seats + 1), spec.min_seats)
        seats = opening_seats(spec, last_seats, self.player())
        seat_options: list[dict[str, int]] = []  # per seat: each seat option's chosen index
        for i in range(spec.max_seats):
            seat_last = last_seats[i] if i < len(last_seats) else None
            chosen = {}
            for opt in spec.seat_options:
                value = opt.default_at(i)
                if seat_last is not None:
                    value = remembered(seat_last.options.get(opt.key), opt.choices, value)
                chosen[opt.key] = choice_index(opt.choices, value)
            seat_options.append(chosen)
        options = {}
        for opt in spec.options:
            value = opt.default
            if last is not None:
                value = remembered(last.config.options.get(opt.key), opt.choices, value)
            options[opt.key] = choice_index(opt.choices, value)
        start_player = remembered(last and last.config.start_player, range(first_count), -1)
        takebacks = takebacks_choice(last.config.takebacks if last else None)
        opening = self.config_of(first_count, seats, seat_options, options, start_player, takebacks)
        self.problems = self.check(opening)
        per_seat, general = self.problem_lines(opening, self.problems)
        hidden = self.HIDDEN_FIELDS

        yield TitleBar(self.sub_title)
        with VerticalScroll(id="setup"):
            with Horizontal(classes="field"):
                yield Label("Game", classes="field-label")
                yield Select(
                    [(s.title, s.id) for s in self.specs], value=spec.id, allow_blank=False, id="game", compact=True
                )
            yield Static(Text(spec.description), classes="hint")
            with Horizontal(classes="field"):
                yield Label("Seats", classes="field-label")
                yield Select(
                    [(str(n), n) for n in range(spec.min_seats, spec.max_seats + 1)],
                    value=first_count,
                    allow_blank=False,
                    id="seats",
                    compact=True,
                )
            self._opening = list(zip(seats, seat_options, strict=True))
            self._rows = first_count
            for i in range(first_count):
                yield self.seat_row(i, per_seat[i])
            for opt in spec.options:
                with Horizontal(classes="field"):
                    yield Label(opt.label, classes="field-label")
                    yield Select(
                        [(opt.label_of(c), k) for k, c in enumerate(opt.choices)],
                        value=options[opt.key],
                        allow_blank=False,
                        id=f"opt-{opt.key}",
                        compact=True,
                        tooltip=opt.help or None,
                    )
            if spec.has_start_player:
                with Horizontal(classes="field") as row:
                    row.display = "start-player" not in hidden
                    yield Label("Start player", classes="field-label")
                    yield Select(
                        self.start_choices(first_count),
                        value=start_player,
                        allow_blank=False,
                        id="start-player",
                        compact=True,
                    )
            if spec.takebacks and not spec.realtime:
                with Horizontal(classes="field") as row:
                    row.display = "takebacks" not in hidden
                    yield Label("Take-backs", classes="field-label")
                    yield Select(
                        [("Default (on with one human)", "default"), ("On", "on"), ("Off", "off")],
                        value=takebacks,
                        allow_blank=False,
                        id="takebacks",
                        compact=True,
                    )
            from chaigames.play.hints import offers_hints  # the setup screen's first compose, not the menu's start-up

            if offers_hints(spec):
                with Horizontal(classes="field"):
                    yield Label("Hints", classes="field-label")
                    yield Select(
                        [("Off", False), ("On: ! shows the expert's move", True)],
                        value=False,
                        allow_blank=False,
                        id="hints",
                        compact=True,
                        tooltip="For learning: ! shows what the expert would play and why (never in a match).",
                    )
            with Horizontal(classes="field") as row:
                row.display = "match" not in hidden
                yield Label("Match", classes="field-label")
                yield Select(
                    MATCH_CHOICES,
                    value=remembered(last and last.match_games, [n for _, n in MATCH_CHOICES], 1),
                    allow_blank=False,
                    id="match",
                    compact=True,
                )
            yield Static(Text(general), id="problems", classes="problem")
        with Horizontal(id="setup-buttons"):  # outside the scroll: Start is always in sight (80x24 too)
            yield Button(f"{self.START}  ^s", id="start", variant="primary", compact=True, disabled=bool(self.problems))
            yield Button("Back  Esc", id="back", compact=True)
        yield Footer()

    def seat_row(self, i: int, message: str = "") -> Horizontal:
        """Seat `i + 1`'s line as the form opens: its name, human or bot, its options, its problem.

        Only the seats shown are made as the form opens; a seat is made when the seat count first
        reaches it, and hidden again (keeping what was typed and chosen) when the count falls."""
        spec = self.spec
        (name, bot), chosen = self._opening[i]
        kinds = [(self.HUMAN_LABEL, HUMAN)] + [(f"Bot: {lv}", lv) for lv in spec.bot_levels]
        return Horizontal(
            Label(f"{i + 1}.", classes="seat-no"),
            NameInput(
                name,
                id=f"name-{i}",
                max_length=16,
                compact=True,
                classes="seat-name",
                disabled=i == 0 and self.OWN_SEAT_NAMED,
            ),
            Select(kinds, value=bot or HUMAN, allow_blank=False, id=f"kind-{i}", compact=True),
            *(
                Select(
                    [(opt.label_of(c), k) for k, c in enumerate(opt.choices)],
                    value=chosen[opt.key],
                    allow_blank=False,
                    id=f"sopt-{i}-{opt.key}",
                    compact=True,
                    tooltip=opt.help or opt.label,
                )
                for opt in spec.seat_options
            ),
            Static(Text(message), id=f"seat-msg-{i}", classes="problem"),
            classes="seat-row",
            id=f"seat-{i}",
        )

    def on_mount(self) -> None:
        self._ready = True

    def player(self) -> str | None:
        """Who plays at this keyboard, when the app knows (the web page's name): seat 1 is theirs."""
        return getattr(self.app, "player_name", None)  # a test may show the form in an app of its own

    @staticmethod
    def start_choices(seat_count: int) -> list[tuple[str, int]]:
        """Who may start: at random, or any seat that exists."""
        return [("Random", -1)] + [(f"Seat {i + 1}", i) for i in range(seat_count)]

    # -- reading the form --------------------------------------------------------------------------
    @property
    def seat_count(self) -> int:
        return self._number("#seats")

    def _number(self, selector: str) -> int:
        """The number chosen in one of the form's numbered Selects (none of them allows a blank)."""
        value = self.query_one(selector, Select).value
        assert isinstance(value, int), selector
        return value

    def config(self) -> GameConfig:
        """The game the form describes now."""
        spec = self.spec
        count = self.seat_count
        seats: list[tuple[str, str | None]] = []
        seat_options: list[dict[str, int]] = []
        for i in range(count):
            if i >= self._rows:  # counted in but not made yet: as the form opened it
                seats.append(self._opening[i][0])
                seat_options.append(self._opening[i][1])
                continue
            kind = self.query_one(f"#kind-{i}", Select).value
            seats.append((self.query_one(f"#name-{i}", Input).value, None if kind == HUMAN else str(kind)))
            seat_options.append({opt.key: self._number(f"#sopt-{i}-{opt.key}") for opt in spec.seat_options})
        options = {opt.key: self._number(f"#opt-{opt.key}") for opt in spec.options}
        start = self._number("#start-player") if spec.has_start_player else -1
        takebacks = "default"
        if spec.takebacks and not spec.realtime:
            takebacks = str(self.query_one("#takebacks", Select).value)
        return self.config_of(count, seats, seat_options, options, start, takebacks)

    def config_of(
        self,
        count: int,
        seats: list[tuple[str, str | None]],
        seat_options: list[dict[str, int]],
        options: dict[str, int],
        start: int,
        takebacks: str,
    ) -> GameConfig:
        """The game of the form's choices: the first `count` seats' names and bots (None: a human),
        each option's chosen index, the start player (-1: at random) and the take-backs choice."""
        spec = self.spec
        return GameConfig(
            seats=tuple(
                SeatConfig(
                    name=clean_name(name),
                    bot=bot,
                    options={opt.key: opt.choices[seat_options[i][opt.key]] for opt in spec.seat_options},
                )
                for i, (name, bot) in enumerate(seats[:count])
            ),
            options={opt.key: opt.choices[options[opt.key]] for opt in spec.options},
            start_player=start if spec.has_start_player and start >= 0 else None,
            takebacks=None if takebacks == "default" or not spec.takebacks or spec.realtime else takebacks == "on",
        )

    def problem_lines(self, config: GameConfig, problems: list[str]) -> tuple[list[str], str]:
        """`problems` (of `config`) as the form shows them: a line beside each seat (every seat of the
        form, shown or not), and the rest under the form."""
        per_seat: dict[int, list[str]] = {}
        general: list[str] = []
        names = [s.name for s in config.seats]
        for p in problems:
            m = re.match(r"seat (\d+)", p)
            if m and 1 <= int(m.group(1)) <= len(names):
                per_seat.setdefault(int(m.group(1)) - 1, []).append(p)
                continue
            m = re.match(r"two seats share the name (.+)$", p)
            if m:
                for i, nm in enumerate(names):
                    if nm == m.group(1):
                        per_seat.setdefault(i, []).append(f"! the name {nm} is taken twice")
                continue
            general.append(p)
        lines = []
        for i in range(self.spec.max_seats):
            msgs = per_seat.get(i, [])
            lines.append("! " + "; ".join(m.removeprefix("! ") for m in msgs) if msgs else "")
        return lines, "\n".join(f"! {p}" for p in general)

    def validate(self) -> list[str]:
        """Show every problem beside its field; enable Start only when there is none."""
        config = self.config()
        problems = self.check(config)
        per_seat, general = self.problem_lines(config, problems)
        for i, line in enumerate(per_seat[: self._rows]):
            self._say(f"#seat-msg-{i}", line)
        self._say("#problems", general)
        self.problems = problems
        start = self.query_one("#start", Button)
        if start.disabled != bool(problems):  # Start (and ctrl+s in the footer) comes or goes
            start.disabled = bool(problems)
            self.refresh_bindings()
        return problems

    def _say(self, selector: str, line: str) -> None:
        """Show `line` in one of the form's problem lines, unless it shows it already; a line that changes
        and keeps its size (a seat's problem said or gone) is repainted without a layout of the form."""
        show(self.query_one(selector, Static), Text(line))

    async def _show_seats(self) -> None:
        n = self.seat_count
        if self.spec.has_start_player:  # only seats that exist can start
            start = self.query_one("#start-player", Select)
            keep = start.value if isinstance(start.value, int) and start.value < n else -1
            start.set_options(self.start_choices(n))
            start.value = keep
        for i in range(self._rows):
            self.query_one(f"#seat-{i}").display = i < n
        if n > self._rows:  # seats not made yet, after the last one made
            last = self.query_one(f"#seat-{self._rows - 1}")
            rows = [self.seat_row(i) for i in range(self._rows, n)]
            self._rows = n
            await self.query_one("#setup", VerticalScroll).mount_all(rows, after=last)

    # -- events ------------------------------------------------------------------------------------
    @on(Select.Changed, "#game")
    async def _game_changed(self, event: Select.Changed) -> None:
        if event.value != self.spec.id:
            self.spec = next(s for s in self.specs if s.id == event.value)
            self.sub_title = f"{self.HEADING}: {self.spec.title}"
            self._ready = False
            await self.recompose()
            self.call_after_refresh(self._rebuilt)

    def _rebuilt(self) -> None:
        """The form of the newly chosen game is mounted (nested widgets mount after recompose returns)."""
        self._ready = True
        self.query_one("#game", Select).focus()

    @on(Select.Changed, "#seats")
    async def _seats_changed(self) -> None:
        if self._ready:
            await self._show_seats()

    @on(Select.Changed)
    @on(Input.Changed)
    def _field_changed(self, event: Any) -> None:
        if self._ready and event.control.id != "game":
            self.validate()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return not self.problems
        return True

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        if not self._ready:
            return
        if self.validate():
            self.notify(self.problems[0], severity="warning", markup=False)
            return
        match_games = self._number("#match")
        config = self.config()
        memory = getattr(self.app, "setups", None)
        if memory is not None:
            memory.remember(self.spec.id, config, match_games)
        self.begin(config, match_games)

    def hints(self) -> bool:
        """Hints chosen (and offered: never in a match)."""
        chosen = self.query("#hints")
        match_games = self._number("#match")
        return bool(chosen) and chosen.first(Select).value is True and match_games == 1

    def check(self, config: GameConfig) -> list[str]:
        """Every reason `config` cannot start here, at one keyboard (the spec's own words)."""
        return list(self.spec.keyboard_problems(config))

    def begin(self, config: GameConfig, match_games: int) -> None:
        """Start: a game here, at this keyboard."""
        self.app.start_game(self.spec, config, new_seed(), match_games, hints=self.hints())

    @on(Button.Pressed, "#back")
    def _back(self) -> None:
        self.app.pop_screen()
