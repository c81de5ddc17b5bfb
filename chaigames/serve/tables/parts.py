"""What every part of a table shares: its state, and the moves one part asks of another.

`Table` (table.py) is put together from parts, one idea each (`frame`, `lobby`, `seating`, `owner`,
`away`, `updates`, `records`). Each part is a `TableParts`: the state below is the table's (set in
`Table.__init__`), and the methods below are the ones a part calls on another, each written in the
part named beside it, so a part reads (and type-checks) on its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from chaigames.engine import Event, GameSpec, Session
from chaigames.saves import SaveStore

from .game import TableGame
from .seats import Conn, Guesses, Seat
from .timer import Timer


class TableParts:
    """The table's state and the moves its parts ask of each other (see the module docstring)."""

    code: str
    data_dir: Path
    folder: Path
    store: SaveStore
    _send: Callable[[dict[str, Any]], None]
    lookup: Callable[[str], GameSpec]
    max_spectators: int
    bot_delay: float
    countdown_step: float
    clock_source: Callable[[], float]
    confirm_moves: bool
    spec: GameSpec | None
    options: dict[str, Any]
    hints: bool
    pause_limit: int
    away_limit: float
    seats: list[Seat]
    owner: str | None
    conns: dict[int, Conn]
    pauses: dict[str, int]
    holders: dict[str, str]
    game: TableGame | None
    save_id: str | None
    games: int
    countdown: int | None
    _countdown_timer: Timer | None
    _away_timers: dict[int, Timer]
    paused_by: str | None
    away_pause: bool
    closing: bool
    _acting: int | None
    _actors: dict[int, bool]
    _sent: dict[int, Any]
    _bases: dict[int, Any]  # conn -> the last update it got (`updates.Sent`)
    _log_json: list[dict[str, Any]]
    _legal_json: dict[int | None, tuple[list[Any], list[Any]]]
    _in_histories: bool
    _guesses: Guesses

    # -- frame ----------------------------------------------------------------------------------
    def set_timer(self, delay: float, callback: Any) -> Timer:
        raise NotImplementedError

    def _stop_countdown(self) -> None:
        raise NotImplementedError

    # -- lobby ----------------------------------------------------------------------------------
    def lobby(self) -> dict[str, Any]:
        raise NotImplementedError

    def _lobby_changed(self) -> None:
        raise NotImplementedError

    def _summary(self) -> None:
        raise NotImplementedError

    # -- seating --------------------------------------------------------------------------------
    def join(self, conn: int, as_: str, seat_code: str | None) -> None:
        raise NotImplementedError

    def _free_name(self, name: str) -> str:
        raise NotImplementedError

    # -- owner ----------------------------------------------------------------------------------
    def _run(self, session: Session, *, over: bool = False) -> None:
        raise NotImplementedError

    def _hand_to_bot(self, seat: int, level: str) -> None:
        raise NotImplementedError

    # -- away -----------------------------------------------------------------------------------
    def _away(self, seat: int) -> None:
        raise NotImplementedError

    def _back(self, seat: int) -> None:
        raise NotImplementedError

    def _start_away_timer(self, seat: int) -> None:
        raise NotImplementedError

    def _resume_game(self, seat: int | None) -> None:
        raise NotImplementedError

    # -- updates --------------------------------------------------------------------------------
    def _changed(self, events: Sequence[Event], *, force: bool = False, only: int | None = None) -> None:
        raise NotImplementedError

    def _refuse(self, conn: int, reason: str, seat: int | None = None) -> None:
        raise NotImplementedError

    def _to(self, conn: int, msg: dict[str, Any]) -> None:
        raise NotImplementedError

    # -- hints ----------------------------------------------------------------------------------
    def hints_used_by(self, seat: int | None) -> int:
        raise NotImplementedError

    # -- records --------------------------------------------------------------------------------
    def save_table(self) -> None:
        raise NotImplementedError

    def _copy_to_histories(self) -> None:
        raise NotImplementedError
