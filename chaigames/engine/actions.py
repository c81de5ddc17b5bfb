"""Actions are frozen dataclasses; each game registers its own in an `ActionSet`.

An action's JSON is `{"type": <registered name>, <field>: <value>, ...}`. Field values are
JSON scalars or tuples of them (lists in JSON become tuples again on load), so an action
compares equal to its round trip and can be a dict key. Loading never executes anything.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

from .errors import RecordError

A = TypeVar("A")


def _freeze(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_thaw(v) for v in value]
    return value


class ActionSet:
    """The named action types of one game, for the JSON round trip."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._by_name: dict[str, type] = {}
        self._names: dict[type, str] = {}

    def register(self, name: str) -> Callable[[type[A]], type[A]]:
        """Class decorator: `@actions.register("walk")` on a frozen dataclass."""

        def wrap(cls: type[A]) -> type[A]:
            if not dataclasses.is_dataclass(cls):
                raise TypeError(f"{cls.__name__} must be a dataclass")
            if name in self._by_name:
                raise ValueError(f"action name {name!r} registered twice in {self.game}")
            self._by_name[name] = cls
            self._names[cls] = name
            return cls

        return wrap

    def name_of(self, action: object) -> str:
        try:
            return self._names[type(action)]
        except KeyError:
            raise TypeError(f"{type(action).__name__} is not an action of {self.game}") from None

    def to_json(self, action: object) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.name_of(action)}
        for f in dataclasses.fields(action):  # type: ignore[arg-type]
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
            return cls(**kwargs)
        except (TypeError, ValueError) as exc:
            raise RecordError(f"action {data['type']!r} is malformed: {exc}") from None

    def __contains__(self, action: object) -> bool:
        return type(action) in self._names
