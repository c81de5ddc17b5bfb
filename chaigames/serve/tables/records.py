"""A table's files: the seat table written on every change, restored after a restart, and each finished
record copied into its people's History."""

from __future__ import annotations

import json
import logging

from chaigames.engine import Session, parse_record
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
        data = json.loads(path.read_text(encoding="utf-8"))
        self.spec = self.lookup(data["game"])
        self.options = dict(data["options"])
        self.pause_limit = int(data["pause_limit"])
        self.away_limit = float(data["away_limit"])
        self.owner = data["owner"]
        self.seats = [Seat(**s) for s in data["seats"]]
        self.save_id = data["save_id"]
        self.games = int(data["games"])
        self.pauses = dict(data["pauses"])
        self.holders = dict(data["holders"])
        now = self.clock_source()
        for s in self.seats:
            if s.person and s.identity is not None:
                s.away_since = now
        if self.save_id is not None:
            session = self._load_session(self.save_id)
            if session is not None:
                self._run(session, over=session.over and not self.store.path_of(self.save_id).exists())
        return True

    def _load_session(self, save_id: str) -> Session | None:
        for path in (self.store.path_of(save_id), self.store.history / f"{save_id}.json"):
            if path.exists():
                assert self.spec is not None
                record = parse_record(path.read_text(encoding="utf-8"), self.lookup)
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
