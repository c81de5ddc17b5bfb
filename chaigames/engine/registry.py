"""What the app and the command line need to know about a game, without knowing the game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .actions import ActionSet
from .config import GameConfig
from .errors import ConfigError
from .levels import BOT_LEVELS
from .wire import plain_from_json, plain_to_json

__all__ = ["BOT_LEVELS", "GameSpec", "OptionSpec"]

if TYPE_CHECKING:
    from .protocol import Bot, GameState, RealtimeDriver
    from .session import Session


@dataclass(frozen=True)
class OptionSpec:
    """One setup choice: allowed values in order, with a label for each."""

    key: str
    label: str
    default: Any
    choices: tuple[Any, ...]
    labels: tuple[str, ...] = ()
    help: str = ""
    default_for_seat: Callable[[int], Any] | None = None

    def label_of(self, value: Any) -> str:
        if self.labels and value in self.choices:
            return self.labels[self.choices.index(value)]
        return str(value)

    def default_at(self, seat: int) -> Any:
        return self.default_for_seat(seat) if self.default_for_seat else self.default

    def parse(self, text: str) -> Any:
        """The choice whose value or label reads as `text` (for `--option KEY=VALUE`)."""
        for value, label in zip(self.choices, self.labels or tuple(map(str, self.choices)), strict=True):
            if text.strip().lower() in (str(value).lower(), label.lower()):
                return value
        allowed = ", ".join(str(c) for c in self.choices)
        raise ConfigError(f"{self.key} must be one of: {allowed} (got {text!r})")


@dataclass(frozen=True)
class GameSpec:
    """The registry entry of a game."""

    id: str
    title: str
    description: str
    min_seats: int
    max_seats: int
    max_humans: int  # humans at one keyboard, in a local game (`keyboard_problems`); a record may hold more
    rules_version: int
    new_game: Callable[[GameConfig, int], GameState]
    actions: ActionSet
    make_bot: Callable[[str, int, int], Bot]
    options: tuple[OptionSpec, ...] = ()
    seat_options: tuple[OptionSpec, ...] = ()
    has_start_player: bool = True
    realtime: bool = False
    takebacks: bool = True
    bot_levels: tuple[str, ...] = BOT_LEVELS
    bot_budget: dict[str, int] = field(default_factory=dict)
    check: Callable[[GameConfig], Sequence[str]] | None = None
    describe_view: Callable[[Any], str] | None = None
    describe_action: Callable[[Any], str] | None = None
    # A hint's words: (view, seat, action) -> "Serve black-6 now: 10 points" (games with an expert level)
    explain_move: Callable[[Any, int, Any], str] | None = None
    play_headless: Callable[[GameConfig, int, int], Session] | None = None
    make_driver: Callable[[Session], RealtimeDriver] | None = None
    rules_markdown: str = ""
    match_scoring: str = "wins"  # how a match of several games is won: "wins" or "points" (engine/match.py)
    # A view (`state.view(seat)`) as JSON and back, exactly, for a client that is sent views, never the game;
    # `view_from_json` checks what it reads. A game whose views are plain data may keep the defaults.
    view_to_json: Callable[[Any], Any] = plain_to_json
    view_from_json: Callable[[Any], Any] = plain_from_json
    # (data, last data, last view) -> view: `view_from_json(data)` where `data` shares with `last data` (read
    # as `last view`) the parts that did not change, as a table's rebuilt update does; None: read it whole.
    view_from_changes: Callable[[Any, Any, Any], Any] | None = None

    @property
    def seat_range(self) -> str:
        return f"{self.min_seats}-{self.max_seats}"

    def option(self, key: str) -> OptionSpec:
        for opt in self.options:
            if opt.key == key:
                return opt
        raise ConfigError(f"{self.title} has no option {key!r}")

    def default_options(self) -> dict[str, Any]:
        return {o.key: o.default for o in self.options}

    def problems(self, config: GameConfig) -> list[str]:
        """Every reason this config cannot start a game, in words; empty when it can."""
        out: list[str] = []
        n = len(config.seats)
        if not self.min_seats <= n <= self.max_seats:
            out.append(f"{self.title} takes {self.min_seats} to {self.max_seats} seats, not {n}")
        names = [s.name.strip() for s in config.seats]
        for i, name in enumerate(names):
            if not name:
                out.append(f"seat {i + 1} needs a name")
        dupes = sorted({nm for nm in names if nm and names.count(nm) > 1})
        if dupes:
            out.append(f"two seats share the name {dupes[0]}")
        for i, seat in enumerate(config.seats):
            if seat.bot is not None and seat.bot not in self.bot_levels:
                out.append(f"seat {i + 1}: unknown bot level {seat.bot!r} (use {', '.join(self.bot_levels)})")
            for opt in self.seat_options:
                value = seat.options.get(opt.key, opt.default_at(i))
                if value not in opt.choices:
                    out.append(f"seat {i + 1}: {opt.label} cannot be {value!r}")
            unknown = set(seat.options) - {o.key for o in self.seat_options}
            if unknown:
                out.append(f"seat {i + 1}: unknown seat option {sorted(unknown)[0]!r}")
        known = {o.key for o in self.options}
        for key in config.options:
            if key not in known:
                out.append(f"{self.title} has no option {key!r}")
        for opt in self.options:
            value = config.options.get(opt.key, opt.default)
            if value not in opt.choices:
                allowed = ", ".join(opt.label_of(c) for c in opt.choices)
                out.append(f"{opt.label} must be one of: {allowed}")
        if config.start_player is not None and not 0 <= config.start_player < max(n, 1):
            out.append(f"start player must be a seat from 1 to {n}")
        if config.takebacks and not self.takebacks:
            out.append(f"{self.title} has no take-backs")
        if not out and self.check is not None:
            out.extend(self.check(config))
        return out

    def keyboard_problems(self, config: GameConfig) -> list[str]:
        """`problems`, and the limit of one shared screen: a local game seats at most `max_humans` humans at
        one keyboard (a record may hold more: a table seats a person at every seat, each at their own terminal)."""
        out = self.problems(config)
        humans = len(config.humans)
        if humans > self.max_humans:
            out.append(f"{self.title} allows at most {self.max_humans} human players at one keyboard, not {humans}")
        return out

    def validate(self, config: GameConfig) -> GameConfig:
        """The config with defaults filled in; raises ConfigError naming the first problem."""
        problems = self.problems(config)
        if problems:
            raise ConfigError(problems[0])
        options = self.default_options() | dict(config.options)
        seats = tuple(
            type(s)(
                name=s.name.strip(),
                bot=s.bot,
                options={o.key: s.options.get(o.key, o.default_at(i)) for o in self.seat_options},
            )
            for i, s in enumerate(config.seats)
        )
        return GameConfig(seats=seats, options=options, start_player=config.start_player, takebacks=config.takebacks)
