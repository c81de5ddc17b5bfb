"""The store: a data folder's saves, history and set-aside files; saving, loading, listing and sweeping."""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..names import clean_name
from .atomic import TMP_NAME, commit, whole, write_atomic, write_temp
from .committer import COMMITTER, settle
from .locks import SaveLocks, pid_alive
from .words import SaveInfo, now_stamp

if TYPE_CHECKING:  # the rules engine loads when a save is read, not when the menu asks whether there is one
    from ..engine import GameConfig, GameSpec, Session

Lookup = Callable[[str], "GameSpec"]
"""Maps a game id to its spec; raises KeyError (unknown game) or LookupError (not in this build)."""


def data_dir() -> Path:
    """Where saves live: $CHAIGAMES_HOME (tests, several profiles) or the user's data directory."""
    home = os.environ.get("CHAIGAMES_HOME")
    if home:
        return Path(home)
    import platformdirs

    return Path(platformdirs.user_data_dir("chaigames", appauthor=False))


def clean_names(config: GameConfig) -> GameConfig:
    """The config with every seat's name cleaned (`chaigames.names`): a record read from a file may
    hold anything, and its names are drawn on screens. A name that cleans to nothing, or to another
    seat's name, becomes "Player N" (names do not enter the rules, so the replay is unchanged)."""
    seats = []
    taken: set[str] = set()
    for i, seat in enumerate(config.seats):
        name = clean_name(seat.name, f"Player {i + 1}")
        if name in taken:
            name = f"Player {i + 1}"
        taken.add(name)
        seats.append(seat if name == seat.name else replace(seat, name=name))
    return replace(config, seats=tuple(seats))


FOLDER_LIMIT_ENV = "CHAIGAMES_FOLDER_LIMIT"
"""Bytes a served player's data folder may take before a new game is refused (games under way keep saving)."""

STALE_TMP_SECONDS = 600
"""A leftover temporary save file of a live process is removed once it is this old."""


class SaveStore(SaveLocks):
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
        return f"{game_id}-{stamp}-{os.urandom(3).hex()}"

    def path_of(self, save_id: str) -> Path:
        return self.saves / f"{save_id}.json"

    # -- one app per save: an advisory lock file ------------------------------------------------------
    def sweep(self, now: float | None = None) -> int:
        """Deal with temporary files left by a write that was cut short (`.<id>.json.<pid>-<n>.tmp`)
        by a process that is gone, or older than STALE_TMP_SECONDS. In saves/, the newest whole one
        of a save is the last move its app had accepted (the app died before its committer put it in
        place, see `_Committer`): it becomes the save. The others are removed. Returns how many went."""
        now = time.time() if now is None else now
        gone = 0
        for folder in (self.saves, self.history):
            try:
                names = list(folder.iterdir())
            except OSError:
                continue
            left: list[tuple[str, int, int, Path]] = []  # (save name, mtime, n, path)
            for path in names:
                m = TMP_NAME.match(path.name)
                if m is None:
                    continue
                try:
                    stat = path.stat()
                    old = now - stat.st_mtime > STALE_TMP_SECONDS
                    if old or not pid_alive(int(m["pid"])):
                        left.append((m["name"], stat.st_mtime_ns, int(m["seq"] or 0), path))
                except OSError:
                    continue
            promoted: set[str] = set()
            for name, _, _, path in sorted(left, key=lambda t: t[:3], reverse=True):  # newest first
                if folder == self.saves and name.endswith(".json") and name not in promoted and whole(path):
                    promoted.add(name)
                    with contextlib.suppress(OSError):
                        commit(path, folder / name)
                        continue
                with contextlib.suppress(OSError):
                    path.unlink()
                    gone += 1
        return gone

    def save(self, session: Session, save_id: str, token: str | None = None, *, later: bool = False) -> Path:
        """Write the session's record (stamping meta.updated) over its save file, atomically.

        With `token` (from `claim`), GameTakenOver when another app has taken the game over. With
        `later`, only the temporary file is written now and the rest of the atomic write happens on
        the committer thread (see `_Committer`); a failure of an earlier such write is raised here."""
        self._check(save_id, token)
        meta = session.record.meta
        meta.setdefault("started", now_stamp())
        meta["updated"] = now_stamp()
        meta["save_id"] = save_id
        path = self.path_of(save_id)
        text = session.record.dumps(session.spec)
        if not later:
            with contextlib.suppress(OSError):  # this whole record replaces what an earlier write lost
                settle()  # an earlier write still on its way must not land over this one
            write_atomic(path, text)
            return path
        COMMITTER.raise_failure()
        COMMITTER.submit(write_temp(path, text), path)
        return path

    def finish(self, session: Session, save_id: str, token: str | None = None) -> Path:
        """A finished game: its final record goes to history/ and leaves saves/ (and its lock)."""
        with contextlib.suppress(OSError):  # the final record below has every move anyway
            settle()
        self._check(save_id, token)
        session.record.meta["finished"] = now_stamp()
        if session.over:  # History lists it without replaying the game
            session.record.meta["result"] = session.result().to_json()
        session.record.meta["updated"] = now_stamp()
        target = self.history / f"{save_id}.json"
        write_atomic(target, session.record.dumps(session.spec))
        with contextlib.suppress(FileNotFoundError):
            self.path_of(save_id).unlink()
        self.release(save_id, token)
        return target

    def discard(self, save_id: str) -> None:
        with contextlib.suppress(OSError):
            settle()
        with contextlib.suppress(FileNotFoundError):
            self.path_of(save_id).unlink()

    def load(self, save_id: str, lookup: Lookup) -> Session:
        """Rebuild the saved game. RecordError (or RecordVersionError) says why it cannot be."""
        from ..engine import RecordError, Session

        with contextlib.suppress(OSError):
            settle()
        info = self.inspect(self.path_of(save_id), lookup, move_aside=False)
        if info.record is None:
            raise RecordError(info.problem)
        spec = lookup(info.record.game)
        return Session.from_record(spec, info.record)

    def inspect(self, path: Path, lookup: Lookup, *, move_aside: bool = True) -> SaveInfo:
        """Read one save file. Unreadable files are moved to aside/ (when `move_aside`); files made
        under another rules version, or for a game not in this build, stay where they are."""
        from ..engine import RecordError, RecordVersionError, Session, parse_record
        from ..engine.bounds import read_record_file

        save_id = path.stem
        info = SaveInfo(save_id=save_id, path=path)
        try:
            text: bytes | RecordError = read_record_file(path)
        except OSError as exc:
            info.problem = f"cannot be read ({exc.strerror})"
            return info
        except RecordError as exc:  # a FIFO, a device, a file far too large: set aside like any broken save
            text = exc
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
            if isinstance(text, RecordError):
                raise text
            record = parse_record(text, strict_lookup)
            record.config = clean_names(record.config)
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
        with contextlib.suppress(OSError):
            settle()
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
        from ..engine import RecordError, parse_record
        from ..engine.bounds import read_record_file

        if not self.history.is_dir():
            return []
        good: list[SaveInfo] = []
        for path in self.history.glob("*.json"):
            try:  # read, not replayed: a finished game keeps its result in meta (the viewer replays it)
                record = parse_record(read_record_file(path), lookup)
                record.config = clean_names(record.config)
                title = lookup(record.game).title
            except (OSError, RecordError, LookupError):
                continue
            good.append(SaveInfo(save_id=path.stem, path=path, record=record, title=title))
        good.sort(key=lambda i: (str(i.record.meta.get("finished", "") if i.record else ""), i.save_id), reverse=True)
        return good

    def has_history(self) -> bool:
        return self.history.is_dir() and any(self.history.glob("*.json"))

    def has_files(self) -> bool:
        return self.saves.is_dir() and any(self.saves.glob("*.json"))

    def folder_bytes(self) -> int:
        """The bytes on disk of everything under the data folder (saves, history, set-aside files,
        setups): what a served player's folder takes on the host. Links are not followed."""
        return folder_bytes(self.root)


def folder_bytes(root: Path) -> int:
    """The bytes every file under `root` takes on disk (blocks allocated, so a sparse file counts for
    what it really holds); links are not followed and an unreadable entry counts for nothing."""
    total = 0
    folders = [root]
    while folders:
        try:
            entries = list(os.scandir(folders.pop()))
        except OSError:
            continue
        for entry in entries:
            try:
                if entry.is_dir(follow_symlinks=False):
                    folders.append(Path(entry.path))
                else:
                    total += entry.stat(follow_symlinks=False).st_blocks * 512
            except OSError:
                continue
    return total
