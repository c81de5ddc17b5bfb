"""How a game is set up: seats (name, human or bot level, per-seat options) and game options."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import RecordError


@dataclass(frozen=True)
class SeatConfig:
    """One seat at the table. `bot` is a bot level ("easy", "normal", "hard") or None for a human."""

    name: str
    bot: str | None = None
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def human(self) -> bool:
        return self.bot is None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot, "options": dict(self.options)}

    @classmethod
    def from_json(cls, data: Any) -> SeatConfig:
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise RecordError("a seat must be an object with a 'name'")
        bot = data.get("bot")
        if bot is not None and not isinstance(bot, str):
            raise RecordError(f"seat {data['name']!r}: 'bot' must be a level name or null")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError(f"seat {data['name']!r}: 'options' must be an object")
        return cls(name=data["name"], bot=bot, options=dict(options))


@dataclass(frozen=True)
class GameConfig:
    """Everything chosen before a game starts. `start_player` None means: drawn from the game's RNG.

    `takebacks` None means the default: on when exactly one human plays bots, off otherwise.
    """

    seats: tuple[SeatConfig, ...]
    options: dict[str, Any] = field(default_factory=dict)
    start_player: int | None = None
    takebacks: bool | None = None

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s.human)

    @property
    def takebacks_on(self) -> bool:
        if self.takebacks is not None:
            return self.takebacks
        return len(self.humans) == 1

    def option(self, key: str, default: Any = None) -> Any:
        return self.options.get(key, default)

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": [s.to_json() for s in self.seats],
            "options": dict(self.options),
            "start_player": self.start_player,
            "takebacks": self.takebacks,
        }

    @classmethod
    def from_json(cls, data: Any) -> GameConfig:
        if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
            raise RecordError("the config must be an object with a list of 'seats'")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError("the config's 'options' must be an object")
        start = data.get("start_player")
        if start is not None and not isinstance(start, int):
            raise RecordError("the config's 'start_player' must be a seat number or null")
        takebacks = data.get("takebacks")
        if takebacks is not None and not isinstance(takebacks, bool):
            raise RecordError("the config's 'takebacks' must be true, false or null")
        return cls(
            seats=tuple(SeatConfig.from_json(s) for s in data["seats"]),
            options={k: _freeze(v) for k, v in options.items()},
            start_player=start,
            takebacks=takebacks,
        )


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value
