"""Match play: N games at the same table, the start player rotating, one match result at the end.

Two ways to win a match, chosen by the game (`GameSpec.match_scoring`):
- "wins" (Chai Wallah, Dabba Walla): the first seat to win ceil(N/2) games wins the match; a
  shared game win counts for each sharer. If the N games are played and nobody got there, the
  seats with the most game wins share the match.
- "points" (Chai): all N games are played and the scores are summed; ties are broken as in one
  game, by the summed tie-break values each game's result gives (`Result.details["tiebreak"]`,
  per seat, higher is better), and what is still tied is shared.

A match is a value: `add(result)` gives the match after one more game. It is stored in each
game's record meta (`to_json`), as it stood when that game started (unfinished saves) or ended
(finished games in history), so a save alone says which game of which match it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, TypeGuard

from .config import GameConfig
from .errors import RecordError
from .result import Result
from .words import join_names

SCORINGS = ("wins", "points")
MAX_GAMES = 99
"""The longest match a file may name (setup offers 3 and 5; anything past this is not a match)."""


@dataclass(frozen=True)
class GameOutcome:
    """What a match keeps of one finished game."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    tiebreak: tuple[tuple[int, ...], ...] = ()  # per seat; compared after the score, higher is better

    @classmethod
    def of(cls, result: Result) -> GameOutcome:
        raw = result.details.get("tiebreak", ())
        return cls(
            scores=tuple(int(s) for s in result.scores),
            winners=tuple(int(w) for w in result.winners),
            tiebreak=tuple(tuple(int(v) for v in per_seat) for per_seat in raw),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"scores": list(self.scores), "winners": list(self.winners)}
        if self.tiebreak:
            out["tiebreak"] = [list(t) for t in self.tiebreak]
        return out

    @classmethod
    def from_json(cls, data: Any, seats: int) -> GameOutcome:
        if not isinstance(data, dict):
            raise RecordError("a match game must be an object")
        scores, winners = data.get("scores"), data.get("winners")
        if not _ints(scores) or len(scores) != seats:
            raise RecordError(f"a match game needs {seats} whole-number scores")
        if not _ints(winners) or not all(0 <= w < seats for w in winners):
            raise RecordError("a match game's winners must be seat numbers")
        raw = data.get("tiebreak", [])
        if not isinstance(raw, list) or (raw and len(raw) != seats) or not all(_ints(t) for t in raw):
            raise RecordError("a match game's tie-break must give whole numbers per seat")
        return cls(tuple(scores), tuple(winners), tuple(tuple(t) for t in raw))


def _ints(value: object) -> TypeGuard[list[int]]:
    return isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value)


@dataclass(frozen=True)
class Match:
    """A match of `games` games between `seats` seats; `played` are the games finished so far.

    `first_start` is the start player of game 1 (None when the game has no start player); game k
    (0-based) starts with seat (first_start + k) mod seats.
    """

    games: int
    seats: int
    scoring: str = "wins"
    first_start: int | None = None
    played: tuple[GameOutcome, ...] = ()
    match_id: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if self.games < 1:
            raise ValueError("a match has at least one game")
        if self.scoring not in SCORINGS:
            raise ValueError(f"unknown match scoring {self.scoring!r}")

    # -- the standing ----------------------------------------------------------------------------
    @property
    def target(self) -> int:
        """Game wins that win the match outright: ceil(N/2)."""
        return (self.games + 1) // 2

    @property
    def wins(self) -> tuple[int, ...]:
        return tuple(sum(1 for g in self.played if s in g.winners) for s in range(self.seats))

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(g.scores[s] for g in self.played) for s in range(self.seats))

    def tiebreak_totals(self) -> tuple[tuple[int, ...], ...]:
        """Per seat, the element-wise sum of every game's tie-break values."""
        out = []
        for s in range(self.seats):
            parts = [g.tiebreak[s] for g in self.played if g.tiebreak]
            out.append(tuple(sum(col) for col in zip(*parts, strict=True)) if parts else ())
        return tuple(out)

    @property
    def over(self) -> bool:
        if len(self.played) >= self.games:
            return True
        return self.scoring == "wins" and max(self.wins, default=0) >= self.target

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that win (or share) the match; empty while it goes on."""
        if not self.over:
            return ()
        if self.scoring == "wins":
            wins = self.wins
            reached = tuple(s for s in range(self.seats) if wins[s] >= self.target)
            if reached:
                return reached
            best = max(wins)
            return tuple(s for s in range(self.seats) if wins[s] == best)
        keys = [(self.totals[s], *self.tiebreak_totals()[s]) for s in range(self.seats)]
        top = max(keys)
        return tuple(s for s in range(self.seats) if keys[s] == top)

    @property
    def next_start(self) -> int | None:
        """The start player of the next game: one seat on from the previous game's."""
        if self.first_start is None:
            return None
        return (self.first_start + len(self.played)) % self.seats

    def add(self, result: Result) -> Match:
        """The match after one more finished game."""
        if self.over:
            raise ValueError("the match is already over")
        outcome = GameOutcome.of(result)
        if len(outcome.scores) != self.seats:
            raise ValueError(f"a game of {len(outcome.scores)} seats in a match of {self.seats}")
        return replace(self, played=(*self.played, outcome))

    # -- in words ---------------------------------------------------------------------------------
    def heading(self) -> str:
        """'Match: 1 of 3 games played (first to 2 game wins)', or 'Match over after 2 of 3 games (...)'."""
        rule = f"first to {self.target} game wins" if self.scoring == "wins" else "scores summed"
        if self.over:
            return f"Match over after {len(self.played)} of {self.games} games ({rule})"
        return f"Match: {len(self.played)} of {self.games} games played ({rule})"

    def standing_line(self, names: list[str]) -> str:
        """Every seat's match standing, best first."""
        if self.scoring == "wins":
            values = self.wins
            order = sorted(range(self.seats), key=lambda s: -values[s])
            return "   ".join(f"{names[s]} {values[s]} win{'' if values[s] == 1 else 's'}" for s in order)
        values = self.totals
        order = sorted(range(self.seats), key=lambda s: -values[s])
        return "   ".join(f"{names[s]} {values[s]}" for s in order)

    def result_line(self, names: list[str]) -> str:
        """'Match winner: Asha', 'Shared match: Asha and Ravi', or '' while the match goes on."""
        won = [names[s] for s in self.winners]
        if not won:
            return ""
        return f"Match winner: {won[0]}" if len(won) == 1 else f"Shared match: {join_names(won)}"

    # -- storage ----------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.match_id,
            "games": self.games,
            "seats": self.seats,
            "scoring": self.scoring,
            "first_start": self.first_start,
            "played": [g.to_json() for g in self.played],
        }

    @classmethod
    def from_json(cls, data: Any) -> Match:
        if not isinstance(data, dict):
            raise RecordError("the match must be an object")
        games, seats = data.get("games"), data.get("seats")
        if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= MAX_GAMES:
            raise RecordError(f"the match's 'games' must be a whole number from 1 to {MAX_GAMES}")
        if not isinstance(seats, int) or isinstance(seats, bool) or not 1 <= seats <= 64:
            raise RecordError("the match's 'seats' must be a whole number from 1 to 64")
        scoring = data.get("scoring", "wins")
        if scoring not in SCORINGS:
            raise RecordError(f"the match's 'scoring' must be one of: {', '.join(SCORINGS)}")
        first = data.get("first_start")
        if first is not None and (not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < seats):
            raise RecordError("the match's 'first_start' must be a seat number or null")
        played = data.get("played", [])
        if not isinstance(played, list) or len(played) > games:
            raise RecordError("the match's 'played' must be a list of at most 'games' games")
        match_id = data.get("id", "")
        return cls(
            games=games,
            seats=seats,
            scoring=scoring,
            first_start=first,
            played=tuple(GameOutcome.from_json(g, seats) for g in played),
            match_id=match_id if isinstance(match_id, str) else "",
        )


def match_of(meta: dict[str, Any], seats: int | None = None) -> Match | None:
    """The match a record belongs to (its meta's 'match'), or None for a single game or a bad entry
    (with `seats`, also for a match of another number of seats than the record's game)."""
    data = meta.get("match")
    if data is None:
        return None
    try:
        match = Match.from_json(data)
    except RecordError:
        return None
    return None if seats is not None and match.seats != seats else match


def new_match(games: int, scoring: str, config: GameConfig, seed: int, *, has_start_player: bool) -> Match:
    """A match about to start its first game. A random start player ("Random" in setup) is drawn
    from the first game's seed, so the rotation has a seat to start from."""
    n = len(config.seats)
    first: int | None = None
    if has_start_player:
        first = config.start_player if config.start_player is not None else seed % n
    return Match(games=games, seats=n, scoring=scoring, first_start=first)


def game_config(match: Match, config: GameConfig) -> GameConfig:
    """The next game's setup: the same seats and options, the start player rotated."""
    if match.first_start is None:
        return config
    return replace(config, start_player=match.next_start)
