"""Actions are frozen dataclasses; each game registers its own in an `ActionSet`.

An action's JSON is `{"type": <registered name>, <field>: <value>, ...}`. Field values are
JSON scalars or tuples of them (lists in JSON become tuples again on load), so an action
compares equal to its round trip and can be a dict key. Loading never executes anything.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

from .errors import IllegalAction, RecordError

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

A = TypeVar("A")


def _freeze(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_thaw(v) for v in value]
    return value


# What a field's type hint accepts, and how a player reads it. `bool` is a subclass of `int` in
# Python, but True is not a number of spaces: only exact ints count as whole numbers.
_KINDS: dict[Any, tuple[Callable[[Any], bool], str]] = {
    int: (lambda v: type(v) is int, "a whole number"),
    str: (lambda v: type(v) is str, "a name"),
    bool: (lambda v: type(v) is bool, "yes or no"),
    float: (lambda v: type(v) in (int, float), "a number"),
    type(None): (lambda v: v is None, "nothing"),
}


def _accepts(hint: Any) -> tuple[Callable[[Any], bool], str]:
    """The test and the words for one field's type hint (int, str, X | None, tuple[X, ...])."""
    if hint in _KINDS:
        return _KINDS[hint]
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        parts = [_accepts(a) for a in args]
        return (lambda v: any(ok(v) for ok, _ in parts)), " or ".join(words for _, words in parts)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        ok_item, words = _accepts(args[0])
        return (lambda v: type(v) is tuple and all(ok_item(x) for x in v)), f"a list of {words.split(' ', 1)[-1]}s"
    if origin is tuple:
        parts = [_accepts(a) for a in args]

        def ok_tuple(v: Any) -> bool:
            return type(v) is tuple and len(v) == len(parts) and all(ok(x) for (ok, _), x in zip(parts, v, strict=True))

        return ok_tuple, f"a list of {len(parts)} values"
    return (lambda v: True), "anything"


def is_seat(seat: Any, seats: int) -> bool:
    """Whether `seat` numbers a seat of a table of `seats` (True is not seat 1)."""
    return type(seat) is int and 0 <= seat < seats


def check_seat(seat: Any, seats: int) -> None:
    """Raise IllegalAction unless `seat` is a seat number of a table of `seats`."""
    if not is_seat(seat, seats):
        raise IllegalAction(f"There is no seat {seat + 1 if type(seat) is int else repr(seat)} at this table")


class ActionSet:
    """The named action types of one game, for the JSON round trip and the type check of `check`."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._by_name: dict[str, type] = {}
        self._names: dict[type, str] = {}
        self._fields: dict[type, tuple[tuple[str, Callable[[Any], bool], str], ...]] = {}

    @property
    def types(self) -> tuple[type, ...]:
        """Every action type of the game, in the order they were registered."""
        return tuple(self._by_name.values())

    def register(self, name: str) -> Callable[[type[A]], type[A]]:
        """Class decorator: `@actions.register("walk")` on a frozen dataclass."""

        def wrap(cls: type[A]) -> type[A]:
            if not dataclasses.is_dataclass(cls):
                raise TypeError(f"{cls.__name__} must be a dataclass")
            if name in self._by_name:
                raise ValueError(f"action name {name!r} registered twice in {self.game}")
            hints = typing.get_type_hints(cls)
            self._fields[cls] = tuple((f.name, *_accepts(hints[f.name])) for f in dataclasses.fields(cls))
            self._by_name[name] = cls
            self._names[cls] = name
            return cls

        return wrap

    def check(self, seat: Any, action: Any, seats: int) -> None:
        """The one type check every game's `apply` starts with: a real seat, one of this game's
        actions, every field of its declared type. Raises IllegalAction in a player's words, so a
        malformed action (a name where a number goes, a float, True for 1) never reaches the rules."""
        check_seat(seat, seats)
        fields = self._fields.get(type(action))
        if fields is None:
            raise IllegalAction("That is not a move in this game")
        for name, ok, words in fields:
            value = getattr(action, name)
            if not ok(value):
                raise IllegalAction(f"The {name} of this move must be {words}, not {value!r}")

    def name_of(self, action: object) -> str:
        try:
            return self._names[type(action)]
        except KeyError:
            raise TypeError(f"{type(action).__name__} is not an action of {self.game}") from None

    def to_json(self, action: object) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.name_of(action)}
        for f in dataclasses.fields(cast("DataclassInstance", action)):  # name_of knew it: a game's dataclass
            data[f.name] = _thaw(getattr(action, f.name))
        return data

    def from_json(self, data: Any) -> object:
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise RecordError("an action must be an object with a 'type'")
        cls = self._by_name.get(data["type"])
        if cls is None:
            raise RecordError(f"unknown action type {data['type']!r} for {self.game}")
        fields = {f.name: f for f in dataclasses.fields(cls)}
        extra = set(data) - set(fields) - {"type"}
        if extra:
            raise RecordError(f"action {data['type']!r} has unknown fields: {', '.join(sorted(extra))}")
        kwargs = {}
        for name, f in fields.items():
            if name in data:
                kwargs[name] = _freeze(data[name])
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise RecordError(f"action {data['type']!r} is missing the field {name!r}")
        try:
            action = cls(**kwargs)
        except (TypeError, ValueError) as exc:
            raise RecordError(f"action {data['type']!r} is malformed: {exc}") from None
        for name, ok, words in self._fields[cls]:
            if not ok(getattr(action, name)):
                raise RecordError(f"action {data['type']!r}: {name!r} must be {words}, not {data[name]!r}")
        return action

    def __contains__(self, action: object) -> bool:
        return type(action) in self._names
