"""Saved games on disk: one record per game, written atomically after every action.

Layout under the data directory ($CHAIGAMES_HOME, else platformdirs' user data dir):
  saves/<id>.json     unfinished games (what Continue lists)
  history/<id>.json   finished games
  aside/<id>.json     files that could not be read, moved out of the way with their reason

Pure standard library (platformdirs is imported inside `data_dir`), so the app, the SSH server
and the tests share it without Textual. The app reads the wall clock for the `updated` stamp;
the rules core never does.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .engine import RecordError, RecordVersionError, Session, parse_record
from .engine.match import match_of

if TYPE_CHECKING:
    from .engine import GameSpec, Record

Lookup = Callable[[str], "GameSpec"]
"""Maps a game id to its spec; raises KeyError (unknown game) or LookupError (not in this build)."""


def data_dir() -> Path:
    """Where saves live: $CHAIGAMES_HOME (tests, several profiles) or the user's data directory."""
    home = os.environ.get("CHAIGAMES_HOME")
    if home:
        return Path(home)
    import platformdirs

    return Path(platformdirs.user_data_dir("chaigames", appauthor=False))


def write_atomic(path: Path, text: str) -> None:
    """Write `text` so that `path` always holds either the old or the new whole file.

    A temporary file in the same folder is written, flushed and fsynced, then renamed over the
    target (rename within one file system is atomic). A kill at any moment leaves a whole file.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    with contextlib.suppress(OSError):  # make the rename itself durable where the OS allows it
        fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def now_stamp() -> str:
    """The wall-clock time for `meta.updated`, ISO 8601 in UTC, to the second."""
    return _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat()


def when(stamp: str | None, now: _dt.datetime | None = None) -> str:
    """A short 'when last played' for the Continue list: 'just now', '5 min ago', '2026-11-29 14:03'."""
    if not stamp:
        return "unknown time"
    try:
        t = _dt.datetime.fromisoformat(stamp)
    except ValueError:
        return "unknown time"
    if t.tzinfo is None:
        t = t.replace(tzinfo=_dt.UTC)
    now = now or _dt.datetime.now(_dt.UTC)
    secs = (now - t).total_seconds()
    if 0 <= secs < 60:
        return "just now"
    if 0 <= secs < 3600:
        return f"{int(secs // 60)} min ago"
    if 0 <= secs < 86400:
        return f"{int(secs // 3600)} h ago"
    return t.astimezone().strftime("%Y-%m-%d %H:%M")


@dataclass
class SaveInfo:
    """One file on the Continue list. `record` is None when it cannot be resumed; `problem` says why."""

    save_id: str
    path: Path
    record: Record | None = None
    title: str = ""
    problem: str = ""
    moved_aside: bool = False

    @property
    def resumable(self) -> bool:
        return self.record is not None

    @property
    def updated(self) -> str:
        return str(self.record.meta.get("updated", "")) if self.record else ""

    def seats_line(self) -> str:
        if self.record is None:
            return ""
        return ", ".join(s.name if s.bot is None else f"{s.name} ({s.bot} bot)" for s in self.record.config.seats)

    def label(self) -> str:
        """One line for the Continue list."""
        if self.record is None:
            return f"{self.path.name}: {self.problem}"
        moves = len(self.record.effective())
        return f"{self.title}{self.match_note()}: {self.seats_line()}  ({moves} moves, {when(self.updated)})"

    def match_note(self) -> str:
        """' (match game 2 of 3)' for a game of a match, else ''."""
        match = match_of(self.record.meta) if self.record else None
        if match is None:
            return ""
        return f" (match game {len(match.played) + 1} of {match.games})"


class SaveStore:
    """The saves folder of one data directory."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else data_dir()

    @property
    def saves(self) -> Path:
        return self.root / "saves"

    @property
    def history(self) -> Path:
        return self.root / "history"

    @property
    def aside(self) -> Path:
        return self.root / "aside"

    def new_id(self, game_id: str) -> str:
        """A fresh, sortable, unique file name for a new game."""
        stamp = _dt.datetime.now(_dt.UTC).strftime("%Y%m%d-%H%M%S")
        return f"{game_id}-{stamp}-{secrets.token_hex(3)}"

    def path_of(self, save_id: str) -> Path:
        return self.saves / f"{save_id}.json"

    def save(self, session: Session, save_id: str) -> Path:
        """Write the session's record (stamping meta.updated) over its save file, atomically."""
        meta = session.record.meta
        meta.setdefault("started", now_stamp())
        meta["updated"] = now_stamp()
        meta["save_id"] = save_id
        path = self.path_of(save_id)
        write_atomic(path, session.record.dumps(session.spec))
        return path

    def finish(self, session: Session, save_id: str) -> Path:
        """A finished game: its final record goes to history/ and leaves saves/."""
        session.record.meta["finished"] = now_stamp()
        if session.over:  # History lists it without replaying the game
            session.record.meta["result"] = session.result().to_json()
        session.record.meta["updated"] = now_stamp()
        target = self.history / f"{save_id}.json"
        write_atomic(target, session.record.dumps(session.spec))
        with contextlib.suppress(FileNotFoundError):
            self.path_of(save_id).unlink()
        return target

    def discard(self, save_id: str) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path_of(save_id).unlink()

    def load(self, save_id: str, lookup: Lookup) -> Session:
        """Rebuild the saved game. RecordError (or RecordVersionError) says why it cannot be."""
        info = self.inspect(self.path_of(save_id), lookup, move_aside=False)
        if info.record is None:
            raise RecordError(info.problem)
        spec = lookup(info.record.game)
        return Session.from_record(spec, info.record)

    def inspect(self, path: Path, lookup: Lookup, *, move_aside: bool = True) -> SaveInfo:
        """Read one save file. Unreadable files are moved to aside/ (when `move_aside`); files made
        under another rules version, or for a game not in this build, stay where they are."""
        save_id = path.stem
        info = SaveInfo(save_id=save_id, path=path)
        try:
            text = path.read_bytes()
        except OSError as exc:
            info.problem = f"cannot be read ({exc.strerror})"
            return info
        missing: list[str] = []

        def strict_lookup(game_id: str) -> GameSpec:
            try:
                return lookup(game_id)
            except KeyError:
                raise
            except LookupError:
                missing.append(game_id)
                raise KeyError(game_id) from None

        try:
            record = parse_record(text, strict_lookup)
            spec = lookup(record.game)
            Session.from_record(spec, record)  # replays strictly: a save that cannot be rebuilt is broken
        except RecordVersionError as exc:
            info.problem = str(exc)
            return info
        except RecordError as exc:
            if missing:
                info.problem = f"a game of {missing[0]}, which this version does not have; kept for a later one"
                return info
            info.problem = f"unreadable save: {exc}"
        except Exception as exc:  # a rules bug on replay must not hide the other saves
            info.problem = f"unreadable save: {type(exc).__name__}: {exc}"
        else:
            info.record = record
            info.title = spec.title
            return info
        if move_aside:
            info.moved_aside = self._move_aside(path)
            if info.moved_aside:
                info.problem += " (moved aside)"
        return info

    def _move_aside(self, path: Path) -> bool:
        try:
            self.aside.mkdir(parents=True, exist_ok=True)
            target = self.aside / path.name
            n = 1
            while target.exists():
                target = self.aside / f"{path.stem}.{n}{path.suffix}"
                n += 1
            os.replace(path, target)
            return True
        except OSError:
            return False

    def list_saves(self, lookup: Lookup) -> list[SaveInfo]:
        """Every file in saves/, newest first; broken ones are moved aside but still listed once."""
        if not self.saves.is_dir():
            return []
        infos = [self.inspect(p, lookup) for p in self.saves.glob("*.json") if p.is_file()]
        infos.sort(key=lambda i: (i.updated, i.save_id), reverse=True)
        return infos

    def unfinished(self, lookup: Lookup) -> list[SaveInfo]:
        """Resumable games only (what decides whether the menu offers Continue)."""
        return [i for i in self.list_saves(lookup) if i.resumable]

    def finished_games(self, lookup: Lookup) -> list[SaveInfo]:
        """Every game in history/ that this version can rebuild, newest first (by when it ended)."""
        if not self.history.is_dir():
            return []
        good: list[SaveInfo] = []
        for path in self.history.glob("*.json"):
            try:  # read, not replayed: a finished game keeps its result in meta (the viewer replays it)
                record = parse_record(path.read_bytes(), lookup)
                title = lookup(record.game).title
            except (OSError, RecordError, LookupError):
                continue
            good.append(SaveInfo(save_id=path.stem, path=path, record=record, title=title))
        good.sort(key=lambda i: (str(i.record.meta.get("finished", "")), i.save_id), reverse=True)  # type: ignore[union-attr]
        return good

    def has_history(self) -> bool:
        return self.history.is_dir() and any(self.history.glob("*.json"))

    def has_files(self) -> bool:
        return self.saves.is_dir() and any(self.saves.glob("*.json"))
