"""Test-only game specs for the frame: variants of the toy game and a tiny real-time game."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from chaigames.engine import ActionSet, Event, GameConfig, GameSpec, IllegalAction, Result, ScoreRow, Session
from tests import toygame
from tests.toygame import Step


class StepBot:
    """Always steps 1: no chance, so a human's undo can take it back."""

    def __init__(self, level: str, seed: int, seat: int) -> None:
        pass

    def choose(self, view: Any, legal_actions: Any, budget: int) -> Any:
        return Step(1)


STEPPY = replace(
    toygame.SPEC,
    make_bot=StepBot,
    rules_markdown="# Toy Race\n\nStep one or two spaces, or roll the die.\n\n## Winning\n\nFirst to the goal wins.",
)

# -- a real-time game: everyone taps; three taps win; bots tap once per game second ---------------
tap_actions = ActionSet("tap")


@tap_actions.register("tap")
@dataclass(frozen=True)
class Tap:
    pass


class TapState:
    GOAL = 3

    def __init__(self, config: GameConfig, seed: int) -> None:
        self.config = config
        self.taps = [0] * len(config.seats)
        self.now = 0.0

    def actors(self) -> tuple[int, ...]:
        return () if self.is_over() else tuple(range(len(self.taps)))

    def legal_actions(self, seat: int) -> list[Any]:
        return [Tap()] if seat in self.actors() else []

    def apply(self, seat: int, action: Any, t: float | None = None) -> list[Event]:
        if self.is_over():
            raise IllegalAction("The game is over")
        if not isinstance(action, Tap):
            raise IllegalAction("Only taps here")
        self.taps[seat] += 1
        self.now = max(self.now, t or 0.0)
        return [Event("tap", f"{self.config.seats[seat].name} taps at {t}")]

    def tick(self, now: float) -> list[Event]:
        self.now = max(self.now, now)
        return []

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"taps": list(self.taps)}

    def is_over(self) -> bool:
        return max(self.taps) >= self.GOAL

    def result(self) -> Result:
        best = max(self.taps)
        return Result(
            tuple(self.taps),
            tuple(i for i, n in enumerate(self.taps) if n == best),
            (ScoreRow("taps", tuple(self.taps)),),
        )

    def clone(self) -> TapState:
        other = TapState(self.config, 0)
        other.taps, other.now = list(self.taps), self.now
        return other

    def to_json(self) -> dict[str, Any]:
        return {"taps": self.taps, "now": self.now}


class TapDriver:
    """Bots tap at game seconds 1, 2, 3, ...; advance(now) applies every tap due by `now`."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.bots = [i for i, s in enumerate(session.config.seats) if s.bot]
        self.due = float(int(max((e.t or 0.0 for e in session.standing), default=0.0)) + 1)
        self.calls: list[float] = []

    def advance(self, now: float) -> list[Event]:
        self.calls.append(now)
        events: list[Event] = []
        while self.due <= now and not self.session.over:
            for seat in self.bots:
                if not self.session.over:
                    events += self.session.apply(seat, Tap(), t=self.due)
            self.due += 1.0
        events += self.session.tick(now)
        return events

    def next_due(self) -> float | None:
        return self.due


TAP = GameSpec(
    id="tap",
    title="Tap Race",
    description="Real time: three taps win.",
    min_seats=2,
    max_seats=4,
    max_humans=4,
    rules_version=1,
    new_game=TapState,
    actions=tap_actions,
    make_bot=lambda level, seed, seat: StepBot(level, seed, seat),
    realtime=True,
    takebacks=False,
    has_start_player=False,
    make_driver=TapDriver,
)


# -- a simultaneous secret choice: both seats pick a number in secret, then both are revealed ----
secret_actions = ActionSet("secret")


@secret_actions.register("pick")
@dataclass(frozen=True)
class Pick:
    n: int


class SecretState:
    """One round: every seat picks 1-3 secretly (actors = those yet to pick); highest pick wins."""

    def __init__(self, config: GameConfig, seed: int) -> None:
        self.config = config
        self.picks: list[int | None] = [None] * len(config.seats)

    def actors(self) -> tuple[int, ...]:
        return tuple(i for i, p in enumerate(self.picks) if p is None)

    def legal_actions(self, seat: int) -> list[Any]:
        return [Pick(n) for n in (1, 2, 3)] if seat in self.actors() else []

    def apply(self, seat: int, action: Any, t: float | None = None) -> list[Event]:
        if seat not in self.actors():
            raise IllegalAction("You have already picked")
        self.picks[seat] = action.n
        name = self.config.seats[seat].name
        events = [Event("pick", f"{name} picks {action.n}", seats=(seat,)), Event("picked", f"{name} has picked")]
        if self.is_over():
            shown = ", ".join(f"{s.name} {p}" for s, p in zip(self.config.seats, self.picks, strict=True))
            events.append(Event("reveal", f"Revealed: {shown}", reveal=True))
        return events

    def view(self, seat: int | None) -> dict[str, Any]:
        if self.is_over():
            return {"picks": list(self.picks)}
        return {"picked": [p is not None for p in self.picks], "mine": None if seat is None else self.picks[seat]}

    def is_over(self) -> bool:
        return all(p is not None for p in self.picks)

    def result(self) -> Result:
        picks = [p or 0 for p in self.picks]
        best = max(picks)
        return Result(
            tuple(picks), tuple(i for i, p in enumerate(picks) if p == best), (ScoreRow("pick", tuple(picks)),)
        )

    def clone(self) -> SecretState:
        other = SecretState(self.config, 0)
        other.picks = list(self.picks)
        return other

    def to_json(self) -> dict[str, Any]:
        return {"picks": list(self.picks)}


SECRET = GameSpec(
    id="secret",
    title="Secret Pick",
    description="Everyone picks a number in secret; the highest wins.",
    min_seats=2,
    max_seats=3,
    max_humans=3,
    rules_version=1,
    new_game=SecretState,
    actions=secret_actions,
    make_bot=lambda level, seed, seat: SecretBot(),
    has_start_player=False,
    describe_view=lambda v: "\n".join(f"{k}: {v[k]}" for k in sorted(v)),
    describe_action=lambda a: f"Pick {a.n}",
)


class SecretBot:
    def choose(self, view: Any, legal_actions: Any, budget: int) -> Any:
        return legal_actions[-1]
