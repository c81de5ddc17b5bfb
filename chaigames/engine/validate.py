"""Checking JSON a program did not write itself: one small language for game positions, views and
the table wire's messages.

A `Kind` says what a value may be (a test, and the words for it); kinds combine (`list_of`, `pair`,
`object_of`, `shape`, `|`). `Kind.ok(value)` is the fast test; `Kind.problem(value, where)` names the
first part of a value that does not fit and how, e.g. ("seats[0].kind", "must be one of 'person',
'bot', not 'cat'"), for a message a peer or a player can act on.

A position or view may come from a file a person wrote (a puzzle, "start from here", a bug report),
and a view or message from another process, so each state's and view's `from_json` reads its object
through `Fields`: a value of the wrong kind or out of range raises RecordError naming the field, and
no half-built value escapes. Conservation of pieces is not checked here (a test position may give a
player cards from nowhere); the shape and ranges are.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from .errors import ConfigError, RecordError

if TYPE_CHECKING:  # loaded where a position is read: the table wire, at an app's start, needs the kinds only
    from .config import GameConfig
    from .rng import Rng

_MASK = (1 << 64) - 1

Problem = tuple[str, str]  # (where in the value, what is wrong there)


@dataclass(frozen=True)
class Kind:
    """What a value may hold: a test and the words for it. A kind made of parts (a list's items, an
    object's fields) also knows how to find the part that does not fit (`parts`)."""

    ok: Callable[[Any], bool]
    words: str
    parts: Callable[[Any, str], Problem | None] | None = None

    def problem(self, value: Any, where: str) -> Problem | None:
        """None when `value` fits; else where in it the first misfit sits and what is wrong there."""
        if self.ok(value):
            return None
        if self.parts is not None:
            inner = self.parts(value, where)
            if inner is not None and inner[0] != where:
                return inner
        return where, f"must be {self.words}, not {shown(value)}"

    def __or__(self, other: Kind) -> Kind:
        def parts(value: Any, where: str) -> Problem | None:
            # a value the one side does not even take is the other side's to explain: null or a list
            for side, rest in ((self, other), (other, self)):
                if side is NULL and value is not None:
                    return rest.problem(value, where)
            return None

        return Kind(lambda v: self.ok(v) or other.ok(v), f"{self.words} or {other.words}", parts)


def shown(value: Any, limit: int = 40) -> str:
    """A value as a message quotes it, cut short."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


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
ANYTHING = Kind(lambda v: True, "anything")  # checked elsewhere (an action's JSON, a view)


def one_of(values: Collection[Any]) -> Kind:
    listed = list(values)
    words = ", ".join(repr(v) for v in listed[:8]) + (", ..." if len(listed) > 8 else "")
    return Kind(lambda v: type(v) in (int, str) and v in values, f"one of {words}")


def list_of(item: Kind, length: int | None = None, most: int | None = None) -> Kind:
    size = f"{length} " if length is not None else ""
    words = f"a list of {size}items, each {item.words}" + (f", at most {most}" if most is not None else "")

    def parts(value: Any, where: str) -> Problem | None:
        if type(value) is not list or (length is not None and len(value) != length):
            return None
        if most is not None and len(value) > most:
            return None
        return _first(item.problem(x, f"{where}[{i}]") for i, x in enumerate(value))

    return Kind(
        lambda v: (
            type(v) is list
            and (length is None or len(v) == length)
            and (most is None or len(v) <= most)
            and all(item.ok(x) for x in v)
        ),
        words,
        parts,
    )


def pair(first: Kind, second: Kind) -> Kind:
    def parts(value: Any, where: str) -> Problem | None:
        if type(value) is not list or len(value) != 2:
            return None
        return first.problem(value[0], f"{where}[0]") or second.problem(value[1], f"{where}[1]")

    return Kind(
        lambda v: type(v) is list and len(v) == 2 and first.ok(v[0]) and second.ok(v[1]),
        f"a pair [{first.words}, {second.words}]",
        parts,
    )


def object_of(value: Kind, keys: Collection[str] | None = None) -> Kind:
    where_keys = f" with keys among {', '.join(keys)}" if keys is not None else ""

    def parts(v: Any, where: str) -> Problem | None:
        if not OBJECT.ok(v) or (keys is not None and not set(v) <= set(keys)):
            return None
        return _first(value.problem(x, _at(where, k)) for k, x in v.items())

    return Kind(
        lambda v: OBJECT.ok(v) and (keys is None or set(v) <= set(keys)) and all(value.ok(x) for x in v.values()),
        f"an object{where_keys} of {value.words}",
        parts,
    )


def shape(fields: dict[str, Kind], optional: Collection[str] = ()) -> Kind:
    """An object with these fields, each of its kind; every one required but those in `optional`.
    Other fields are let through untouched (a newer peer may add some)."""

    def ok(v: Any) -> bool:
        return OBJECT.ok(v) and all(
            kind.ok(v[name]) if name in v else name in optional for name, kind in fields.items()
        )

    def parts(v: Any, where: str) -> Problem | None:
        if not OBJECT.ok(v):
            return None
        for name, kind in fields.items():
            at = _at(where, name)
            if name not in v:
                if name not in optional:
                    return at, "is missing"
                continue
            found = kind.problem(v[name], at)
            if found is not None:
                return found
        return None

    return Kind(ok, "an object {" + ", ".join(fields) + "}", parts)


def _at(where: str, name: str) -> str:
    return f"{where}.{name}" if where else name


def _first(problems: Any) -> Problem | None:
    return next((p for p in problems if p is not None), None)


class Fields:
    """The fields of one object (a position, a view, a part of one); `take` checks one, `done` refuses
    any left unread."""

    def __init__(self, data: Any, where: str = "position") -> None:
        if not OBJECT.ok(data):
            raise RecordError(f"{where} must be an object")
        self.data = data
        self.where = where
        self._read: set[str] = set()

    def take(self, key: str, kind: Kind) -> Any:
        """The field `key`, which must be of `kind`."""
        if key not in self.data:
            raise RecordError(f"{self.where}: the field {key!r} is missing")
        self._read.add(key)
        value = self.data[key]
        if not kind.ok(value):
            raise RecordError(f"{self.where}: the field {key!r} must be {kind.words}, not {shown(value, 60)}")
        return value

    def fail(self, key: str, why: str) -> RecordError:
        """An error about a field that has the right kind but does not fit the rest."""
        return RecordError(f"{self.where}: the field {key!r} {why}")

    def rng(self, key: str = "rng") -> Rng:
        from .rng import Rng

        return Rng.from_json(self.take(key, integer(0, _MASK)))

    def config(self, validate: Callable[[GameConfig], GameConfig], key: str = "config") -> GameConfig:
        from .config import GameConfig

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


Read = TypeVar("Read")


def unchanged_items(data: Any, last_data: Any, key: str, last_read: Sequence[Read]) -> dict[int, Read]:
    """The items of the list `data[key]` that are the very objects of `last_data[key]` (a table's rebuilt
    update shares the parts that did not change), by index, as `last_read` read them: those need no
    reading again. Empty when either is not such a list or the lengths differ."""
    if not (isinstance(data, dict) and isinstance(last_data, dict)):
        return {}
    now, before = data.get(key), last_data.get(key)
    if not (isinstance(now, list) and isinstance(before, list) and len(now) == len(before) == len(last_read)):
        return {}
    return {i: last_read[i] for i, raw in enumerate(now) if raw is before[i]}
