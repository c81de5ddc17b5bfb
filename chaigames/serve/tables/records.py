"""A table's files: the seat table written on every change, restored after a restart, and each finished
record copied into its people's History."""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path

from chaigames.engine import RecordError, Session, parse_record
from chaigames.engine.bounds import MAX_SMALL_FILE, read_record_file
from chaigames.names import clean_name
from chaigames.saves import SaveStore, write_atomic
from chaigames.serve.players import identity_folder

from .parts import TableParts
from .seats import Seat

log = logging.getLogger("chaigames.serve.tables")

TABLE_FILE = "table.json"


class Records(TableParts):
    """The seat table on disk, and the records of the table's games."""

    # -- records ------------------------------------------------------------------------------------
    def save_table(self) -> None:
        """The seat table, written atomically whenever it changes (the game's record is the
        controller's, saved after every accepted action)."""
        if self.spec is None:
            return
        data = {
            "format": "chaigames-table",
            "code": self.code,
            "game": self.spec.id,
            "options": self.options,
            "hints": self.hints,
            "pause_limit": self.pause_limit,
            "away_limit": self.away_limit,
            "owner": self.owner,
            "seats": [s.saved() for s in self.seats],
            "save_id": self.save_id,
            "games": self.games,
            "pauses": self.pauses,
            "holders": self.holders,
        }
        try:
            write_atomic(self.folder / TABLE_FILE, json.dumps(data, indent=1))
        except OSError as exc:
            log.error("table %s: could not save the seat table: %s", self.code, exc)

    def restore(self) -> bool:
        """Pick the table up from its folder (after a restart): True if there was one to pick up.
        Everyone is away until they come back; a real-time game waits for them, paused."""
        path = self.folder / TABLE_FILE
        if not path.exists():
            return False
        try:  # everything read before anything is set: a broken file leaves the table as it was
            data = json.loads(read_record_file(path, MAX_SMALL_FILE))
            spec = self.lookup(data["game"])
            options = dict(data["options"])
            hints = data.get("hints", False) is True  # a table file from before hints has none
            pause_limit = int(data["pause_limit"])
            away_limit = float(data["away_limit"])
            owner = data["owner"]
            seats = [Seat(**s) for s in data["seats"]]
            for seat in seats:
                seat.name = clean_name(str(seat.name))  # "" stays "": an empty seat
            save_id = data["save_id"]
            games = int(data["games"])
            pauses = dict(data["pauses"])
            holders = dict(data["holders"])
            if save_id is not None and not isinstance(save_id, str):
                raise TypeError("save_id is not a name")
        except (OSError, ValueError, TypeError, KeyError, LookupError, RecordError, AttributeError) as exc:
            self._set_aside(path, exc)
            return False
        self.spec, self.options, self.pause_limit, self.away_limit = spec, options, pause_limit, away_limit
        self.hints = hints
        self.owner, self.seats, self.save_id, self.games = owner, seats, save_id, games
        self.pauses, self.holders = pauses, holders
        now = self.clock_source()
        for s in self.seats:
            if s.person and s.identity is not None:
                s.away_since = now
        if self.save_id is not None:
            try:
                self.store.sweep()  # the last record a killed table wrote, not yet in place: in place now
                session = self._load_session(self.save_id)
            except (OSError, RecordError) as exc:
                log.warning("table %s: its game %s cannot be read: %s", self.code, self.save_id, exc)
                session = None
            if session is not None:
                self._run(session, over=session.over and not self.store.path_of(self.save_id).exists())
        return True

    def _set_aside(self, path: Path, problem: Exception) -> None:
        """A table file that cannot be read is renamed out of the way (kept for whoever looks into it),
        so neither this start nor the next one trips over it again."""
        target = path.with_name(f"{path.name}.unreadable-{int(time.time())}")
        try:
            path.replace(target)
        except OSError as exc:
            log.warning("table %s: %s cannot be read (%s) nor moved aside (%s)", self.code, path, problem, exc)
            return
        log.warning("table %s: %s cannot be read (%s): moved aside to %s", self.code, path, problem, target.name)

    def _load_session(self, save_id: str) -> Session | None:
        for path in (self.store.path_of(save_id), self.store.history / f"{save_id}.json"):
            if path.exists():
                assert self.spec is not None
                record = parse_record(read_record_file(path), self.lookup)
                return Session.from_record(self.spec, record)
        return None

    def _copy_to_histories(self) -> None:
        """The finished record goes into the History of everyone who held a seat in this game, its meta
        naming the seat they held (`seat`): their replay offers the public view and that seat's only."""
        if self.save_id is None or self.game is None:
            return
        source = self.store.history / f"{self.save_id}.json"
        try:
            data = json.loads(source.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            log.error("table %s: no finished record to copy: %s", self.code, exc)
            return
        names = list(self.game.names)
        for identity, name in self.holders.items():
            folder = identity_folder(self.data_dir, identity)  # a key's folder is named by its key_id
            data["meta"] = {**data.get("meta", {}), "seat": names.index(name) if name in names else None}
            text = json.dumps(data, separators=(",", ":"))
            try:
                write_atomic(SaveStore(folder).history / f"table-{self.save_id}.json", text)
            except OSError as exc:
                log.error("table %s: could not copy the record to %s: %s", self.code, folder, exc)
