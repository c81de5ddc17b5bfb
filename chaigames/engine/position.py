"""Reading a game position from JSON (a state's `to_json`), checking every field as it goes.

A position may come from a file a person wrote (a puzzle, "start from here", a bug report), so
each state's `from_json` reads it through `Fields`: a value of the wrong kind or out of range
raises RecordError naming the field, and no half-built state escapes. Conservation of pieces is
not checked here (a test position may give a player cards from nowhere); the shape and ranges are.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from .config import GameConfig
from .errors import ConfigError, RecordError
from .rng import Rng

_MASK = (1 << 64) - 1


@dataclass(frozen=True)
class Kind:
    """What a field may hold: a test and the words for it."""

    ok: Callable[[Any], bool]
    words: str

    def __or__(self, other: Kind) -> Kind:
        return Kind(lambda v: self.ok(v) or other.ok(v), f"{self.words} or {other.words}")


def integer(lo: int | None = None, hi: int | None = None) -> Kind:
    """A whole number in [lo, hi] (True and 1.0 are not whole numbers here)."""
    words = "a whole number" + (f" from {lo}" if lo is not None else "") + (f" to {hi}" if hi is not None else "")
    return Kind(
        lambda v: type(v) is int and (lo is None or v >= lo) and (hi is None or v <= hi),
        words,
    )


NUMBER = Kind(lambda v: type(v) in (int, float) and v == v and abs(v) != float("inf"), "a number")
BOOLEAN = Kind(lambda v: type(v) is bool, "true or false")
TEXT = Kind(lambda v: type(v) is str, "a text")
NULL = Kind(lambda v: v is None, "null")
OBJECT = Kind(lambda v: isinstance(v, dict) and all(type(k) is str for k in v), "an object")


def one_of(values: Collection[Any]) -> Kind:
    shown = ", ".join(repr(v) for v in list(values)[:8]) + (", ..." if len(values) > 8 else "")
    return Kind(lambda v: type(v) in (int, str) and v in values, f"one of {shown}")


def list_of(item: Kind, length: int | None = None, most: int | None = None) -> Kind:
    size = f"{length} " if length is not None else ""
    words = f"a list of {size}items, each {item.words}" + (f", at most {most}" if most is not None else "")
    return Kind(
        lambda v: (
            type(v) is list
            and (length is None or len(v) == length)
            and (most is None or len(v) <= most)
            and all(item.ok(x) for x in v)
        ),
        words,
    )


def pair(first: Kind, second: Kind) -> Kind:
    return Kind(
        lambda v: type(v) is list and len(v) == 2 and first.ok(v[0]) and second.ok(v[1]),
        f"a pair [{first.words}, {second.words}]",
    )


def object_of(value: Kind, keys: Collection[str] | None = None) -> Kind:
    where = f" with keys among {', '.join(keys)}" if keys is not None else ""
    return Kind(
        lambda v: OBJECT.ok(v) and (keys is None or set(v) <= set(keys)) and all(value.ok(x) for x in v.values()),
        f"an object{where} of {value.words}",
    )


class Fields:
    """The fields of one position object; `take` checks one, `done` refuses any left unread."""

    def __init__(self, data: Any, where: str = "position") -> None:
        if not OBJECT.ok(data):
            raise RecordError(f"{where} must be an object")
        self.data = data
        self.where = where
        self._read: set[str] = set()

    def take(self, key: str, kind: Kind) -> Any:
        if key not in self.data:
            raise RecordError(f"{self.where}: the field {key!r} is missing")
        self._read.add(key)
        value = self.data[key]
        if not kind.ok(value):
            shown = repr(value)
            shown = shown if len(shown) <= 60 else shown[:57] + "..."
            raise RecordError(f"{self.where}: the field {key!r} must be {kind.words}, not {shown}")
        return value

    def fail(self, key: str, why: str) -> RecordError:
        """An error about a field that has the right kind but does not fit the rest."""
        return RecordError(f"{self.where}: the field {key!r} {why}")

    def rng(self, key: str = "rng") -> Rng:
        return Rng.from_json(self.take(key, integer(0, _MASK)))

    def config(self, validate: Callable[[GameConfig], GameConfig], key: str = "config") -> GameConfig:
        raw = self.take(key, OBJECT)
        try:
            return validate(GameConfig.from_json(raw))
        except ConfigError as exc:
            raise RecordError(f"{self.where}: the field {key!r} is not a valid setup: {exc}") from None
        except RecordError as exc:
            raise RecordError(f"{self.where}: the field {key!r}: {exc}") from None

    def done(self) -> None:
        extra = sorted(set(self.data) - self._read)
        if extra:
            raise RecordError(f"{self.where}: unknown field {extra[0]!r}")
