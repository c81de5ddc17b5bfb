"""A game is its record: config, seed and the ordered actions. Records are JSON, loaded strictly.

Nothing in a file is ever executed: no pickle, no eval. Every problem raises RecordError
naming what and where.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .bounds import check_bounds
from .config import GameConfig
from .errors import RecordError, RecordVersionError

if TYPE_CHECKING:
    from .registry import GameSpec

FORMAT = "chaigames-record"


@dataclass(frozen=True)
class Entry:
    """One line of a record: an action by a seat (at time `t` in real-time games), or an undo of k."""

    seat: int | None = None
    action: Any = None
    t: float | None = None
    undo: int = 0

    @property
    def is_undo(self) -> bool:
        return self.undo > 0


@dataclass
class Record:
    game: str
    rules_version: int
    config: GameConfig
    seed: int
    entries: list[Entry] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    # Each entry's JSON text as `dumps` last wrote it: a record is written after every action, and
    # its entries, once made, never change (a take-back is an entry of its own).
    _entry_texts: list[tuple[Entry, str]] = field(default_factory=list, init=False, repr=False, compare=False)

    def effective(self) -> list[Entry]:
        """The actions that stand once every undo entry has taken its actions back."""
        out: list[Entry] = []
        for i, entry in enumerate(self.entries, start=1):
            if entry.is_undo:
                if entry.undo > len(out):
                    raise RecordError(f"entry {i}: cannot take back {entry.undo} actions, only {len(out)} stand")
                del out[len(out) - entry.undo :]
            else:
                out.append(entry)
        return out

    def to_json(self, spec: GameSpec) -> dict[str, Any]:
        return {**self._head(), "entries": [_entry_json(e, spec) for e in self.entries], "meta": self.meta}

    def dumps(self, spec: GameSpec) -> str:
        """`to_json` as compact JSON text; each entry's text is made once and kept for the next time."""
        texts = self._entry_texts
        kept = 0
        for (entry, _), now in zip(texts, self.entries, strict=False):
            if entry is not now:
                break
            kept += 1
        del texts[kept:]
        texts.extend((e, _dumps(_entry_json(e, spec))) for e in self.entries[kept:])
        entries = ",".join(text for _, text in texts)
        return f'{_dumps(self._head())[:-1]},"entries":[{entries}],"meta":{_dumps(self.meta)}}}'

    def _head(self) -> dict[str, Any]:
        """What `to_json` holds before the entries."""
        return {
            "format": FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "seed": self.seed,
            "config": self.config.to_json(),
        }


def _entry_json(e: Entry, spec: GameSpec) -> dict[str, Any]:
    if e.is_undo:
        return {"undo": e.undo}
    item: dict[str, Any] = {"seat": e.seat, "action": spec.actions.to_json(e.action)}
    if e.t is not None:
        item["t"] = e.t
    return item


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def parse_record(text: str | bytes, lookup: Callable[[str], GameSpec]) -> Record:
    """Read a record from JSON text. `lookup` maps a game id to its spec (KeyError if unknown).

    The text is checked against the bounds in `bounds.py` (size, values, depth) before it is parsed."""
    raw = text.encode("utf-8", errors="surrogatepass") if isinstance(text, str) else text
    check_bounds(raw)
    try:
        data = json.loads(raw)
    except RecursionError:
        raise RecordError("not a chaigames record: nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise RecordError(f"not a chaigames record: the JSON is malformed ({exc})") from None
    return record_from_json(data, lookup)


def _require(data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise RecordError(f"the record has no {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError(f"the record's {key!r} has the wrong type")
    return value


def _check_time(i: int, t: Any, last: float) -> float:
    """An action's game time: a finite, non-negative number of seconds, never before the one before it
    (a NaN or an infinity would stop the game clock for good, an earlier time would run it backwards)."""
    if not isinstance(t, int | float) or isinstance(t, bool):
        raise RecordError(f"entry {i}: 't' must be a number of seconds")
    seconds = float(t) if isinstance(t, float) or abs(t) < 2**63 else math.inf
    if not math.isfinite(seconds) or seconds < 0:
        raise RecordError(f"entry {i}: 't' must be a finite number of seconds from the start, not {seconds}")
    if seconds < last:
        raise RecordError(f"entry {i}: 't' is {seconds} s, before the entry before it ({last} s)")
    return seconds


def record_from_json(data: Any, lookup: Callable[[str], GameSpec]) -> Record:
    if not isinstance(data, dict):
        raise RecordError("not a chaigames record: expected a JSON object")
    if data.get("format", FORMAT) != FORMAT:
        raise RecordError(f"not a chaigames record (format {data.get('format')!r})")
    game = _require(data, "game", str)
    try:
        spec = lookup(game)
    except KeyError:
        raise RecordError(f"unknown game {game!r}") from None
    version = _require(data, "rules_version", int)
    if version != spec.rules_version:
        raise RecordVersionError(
            f"made with {spec.title} rules v{version}, cannot be resumed here (this is v{spec.rules_version})",
            game=game,
            version=version,
        )
    seed = _require(data, "seed", int)
    config = GameConfig.from_json(_require(data, "config", dict))
    raw_entries = _require(data, "entries", list)
    entries: list[Entry] = []
    last_t = 0.0
    for i, raw in enumerate(raw_entries, start=1):
        if not isinstance(raw, dict):
            raise RecordError(f"entry {i}: expected an object")
        if "undo" in raw:
            k = raw["undo"]
            if not isinstance(k, int) or isinstance(k, bool) or k < 1:
                raise RecordError(f"entry {i}: 'undo' must be a positive whole number")
            entries.append(Entry(undo=k))
            continue
        seat = raw.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(config.seats):
            raise RecordError(f"entry {i}: 'seat' must be a seat number from 0 to {len(config.seats) - 1}")
        if "action" not in raw:
            raise RecordError(f"entry {i}: no 'action'")
        try:
            action = spec.actions.from_json(raw["action"])
        except RecordError as exc:
            raise RecordError(f"entry {i}: {exc}") from None
        t = raw.get("t")
        if t is not None:
            last_t = _check_time(i, t, last_t)
        entries.append(Entry(seat=seat, action=action, t=None if t is None else float(t)))
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise RecordError("the record's 'meta' must be an object")
    return Record(game=game, rules_version=version, config=config, seed=seed, entries=entries, meta=meta)
