"""Saved games on disk: one record per game, written atomically after every action.

Layout under the data directory ($CHAIGAMES_HOME, else platformdirs' user data dir):
  saves/<id>.json     unfinished games (what Continue lists)
  saves/<id>.lock     which app has that game open (its pid and a token); see `SaveStore.claim`
  history/<id>.json   finished games
  aside/<id>.json     files that could not be read, moved out of the way with their reason

Pure standard library (platformdirs is imported inside `data_dir`), so the app, the SSH server
and the tests share it without Textual. The app reads the wall clock for the `updated` stamp;
the rules core never does.
"""

from __future__ import annotations

import atexit
import contextlib
import datetime as _dt
import itertools
import json
import os
import queue
import re
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from .names import clean_name

if TYPE_CHECKING:  # the rules engine loads when a save is read, not when the menu asks whether there is one
    from .engine import GameConfig, GameSpec, Record, Session

Lookup = Callable[[str], "GameSpec"]
"""Maps a game id to its spec; raises KeyError (unknown game) or LookupError (not in this build)."""


STALE_TMP_SECONDS = 600
"""A leftover temporary save file of a live process is removed once it is this old."""

_TMP_NAME = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)(?:-(?P<seq>\d+))?\.tmp$")
"""`.<name>.<pid>-<n>.tmp`: the n-th file this process began writing (`.<name>.<pid>.tmp` before)."""
_SEQ = itertools.count(1)


class GameOpenElsewhere(Exception):
    """Another running app has this save open. `owner` describes it for the player."""

    def __init__(self, save_id: str, owner: str) -> None:
        super().__init__(f"this game is open elsewhere ({owner})")
        self.save_id = save_id
        self.owner = owner


class GameTakenOver(Exception):
    """The lock on a save passed to another app (it took the game over): do not write it any more."""


def pid_alive(pid: int) -> bool:
    """Whether a process with this id runs on this machine (a zombie counts as alive)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process
        return True
    except OSError:
        return False
    return True


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
    target (rename within one file system is atomic). A kill at any moment leaves a whole file
    (and perhaps a `.<name>.<pid>-<n>.tmp`, which `SaveStore.sweep` deals with later).
    """
    commit(write_temp(path, text), path)


def write_temp(path: Path, text: str) -> Path:
    """The first half of an atomic write: `text` in a new temporary file beside `path`, handed to
    the operating system (so a kill -9 of this process cannot lose it) but not yet on the disk."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}-{next(_SEQ)}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
    except BaseException:  # a full disk must not keep half a file, which fills it further
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    return tmp


def commit(tmp: Path, path: Path) -> None:
    """The second half: `tmp` made durable (fsync), renamed over `path`, the rename made durable."""
    try:
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable where the OS allows it
        fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


class _Committer:
    """One thread per process that finishes atomic writes (`commit`) in the order they were begun.

    A real-time game saves after every key, and waiting for the disk (an fsync takes 5 to 20 ms)
    before the key's frame is drawn made every key late. The caller writes the temporary file
    itself (`write_temp`), so what the player saw accepted is already in the operating system's
    hands: a kill -9 now leaves a whole temporary file, which the next start's `SaveStore.sweep`
    puts in place. The fsync and the rename happen here, a moment later, in order.
    """

    def __init__(self) -> None:
        self._jobs: queue.Queue[tuple[Path, Path]] = queue.Queue()
        self._failure: OSError | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def submit(self, tmp: Path, path: Path) -> None:
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="chaigames-saves", daemon=True)
                self._thread.start()
                atexit.register(self._jobs.join)  # a normal exit leaves every save in place
        self._jobs.put((tmp, path))

    def _run(self) -> None:
        while True:
            tmp, path = self._jobs.get()
            try:
                commit(tmp, path)
            except OSError as exc:
                self._failure = exc
            finally:
                self._jobs.task_done()

    def wait(self) -> None:
        """Every write begun is on the disk (or failed: the failure is raised, once)."""
        self._jobs.join()
        self.raise_failure()

    def raise_failure(self) -> None:
        failure, self._failure = self._failure, None
        if failure is not None:
            raise failure


_COMMITTER = _Committer()


def settle() -> None:
    """Wait until every save begun by this process is on the disk under its own name (tests and tools
    that read a save file call this; the store's own readers do it themselves). Raises the OSError of
    a write that failed meanwhile."""
    _COMMITTER.wait()


def _whole(path: Path) -> bool:
    """A temporary save file holds a whole JSON document (a write killed half way does not)."""
    try:
        json.loads(path.read_bytes())
    except (OSError, ValueError):
        return False
    return True


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
        from .engine.match import match_of

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
        return f"{game_id}-{stamp}-{os.urandom(3).hex()}"

    def path_of(self, save_id: str) -> Path:
        return self.saves / f"{save_id}.json"

    # -- one app per save: an advisory lock file ------------------------------------------------------
    def lock_path(self, save_id: str) -> Path:
        return self.saves / f"{save_id}.lock"

    def lock_owner(self, save_id: str) -> dict | None:
        """The lock's content (pid, host, token), or None when nobody holds the save."""
        try:
            data = json.loads(self.lock_path(save_id).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    def claim(self, save_id: str, *, take_over: bool = False) -> str:
        """Open a save for this app: returns the token that `save`, `finish` and `release` take.

        A lock held by a live process raises GameOpenElsewhere unless `take_over` (the player chose
        to): that app then finds, at its next save, that it lost the game (GameTakenOver). A lock
        left by a process that is gone (a crash, kill -9) is taken silently. OSError: the folder
        cannot be written.
        """
        owner = self.lock_owner(save_id)
        if owner is not None and not take_over and self._held_by_another(owner):
            here = owner.get("host") == socket.gethostname()
            where = "another tab or window" if here else f"another one, on {owner.get('host')}"
            raise GameOpenElsewhere(save_id, where)
        token = os.urandom(8).hex()
        data = {"pid": os.getpid(), "host": socket.gethostname(), "token": token, "since": now_stamp()}
        write_atomic(self.lock_path(save_id), json.dumps(data))
        return token

    @staticmethod
    def _held_by_another(owner: dict) -> bool:
        pid = owner.get("pid")
        if owner.get("host") != socket.gethostname():
            return True  # a shared folder: we cannot see that machine's processes
        return isinstance(pid, int) and pid_alive(pid)

    def holds(self, save_id: str, token: str | None) -> bool:
        """Whether `token` still holds the save (None: no lock asked for, as in tools and tests)."""
        if token is None:
            return True
        owner = self.lock_owner(save_id)
        return owner is None or owner.get("token") == token

    def release(self, save_id: str, token: str | None) -> None:
        """Close the save (its writes on the disk first): remove the lock if it is still ours."""
        with contextlib.suppress(OSError):
            settle()
        if token is None:
            return
        owner = self.lock_owner(save_id)
        if owner is not None and owner.get("token") == token:
            with contextlib.suppress(OSError):
                self.lock_path(save_id).unlink()

    def _check(self, save_id: str, token: str | None) -> None:
        if not self.holds(save_id, token):
            raise GameTakenOver(f"{save_id} was taken over by another app")

    # -- housekeeping -----------------------------------------------------------------------------------
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
                m = _TMP_NAME.match(path.name)
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
                if folder == self.saves and name.endswith(".json") and name not in promoted and _whole(path):
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
        _COMMITTER.raise_failure()
        _COMMITTER.submit(write_temp(path, text), path)
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
        from .engine import RecordError, Session

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
        from .engine import RecordError, RecordVersionError, Session, parse_record

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
        from .engine import RecordError, parse_record

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
        good.sort(key=lambda i: (str(i.record.meta.get("finished", "") if i.record else ""), i.save_id), reverse=True)
        return good

    def has_history(self) -> bool:
        return self.history.is_dir() and any(self.history.glob("*.json"))

    def has_files(self) -> bool:
        return self.saves.is_dir() and any(self.saves.glob("*.json"))
