"""What every game shares: RNG, errors, actions and records, sessions, registry and bot protocol.

The engine never imports a game; `chaigames.games` lists them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .actions import ActionSet, is_seat
    from .config import GameConfig, SeatConfig
    from .errors import ChaigamesError, ConfigError, IllegalAction, RecordError, RecordVersionError
    from .events import Event
    from .play import Played, bot_seed, make_bots, play_bots
    from .protocol import Bot, GameState, RealtimeDriver
    from .record import Entry, Record, parse_record, record_from_json
    from .registry import BOT_LEVELS, GameSpec, OptionSpec
    from .result import Result, ScoreRow
    from .rng import Rng, derive_seed
    from .session import LogLine, Session

_WHERE: dict[str, str] = {
    "ActionSet": "actions",
    "is_seat": "actions",
    "GameConfig": "config",
    "SeatConfig": "config",
    "ChaigamesError": "errors",
    "ConfigError": "errors",
    "IllegalAction": "errors",
    "RecordError": "errors",
    "RecordVersionError": "errors",
    "Event": "events",
    "Played": "play",
    "bot_seed": "play",
    "make_bots": "play",
    "play_bots": "play",
    "Bot": "protocol",
    "GameState": "protocol",
    "RealtimeDriver": "protocol",
    "Entry": "record",
    "Record": "record",
    "parse_record": "record",
    "record_from_json": "record",
    "BOT_LEVELS": "registry",
    "GameSpec": "registry",
    "OptionSpec": "registry",
    "Result": "result",
    "ScoreRow": "result",
    "Rng": "rng",
    "derive_seed": "rng",
    "LogLine": "session",
    "Session": "session",
}
"""Each name's module. A name loads its module when first asked for (PEP 562), so whoever needs one
piece (the menu: nothing; the command line: the errors and bot levels) does not load the rest."""


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "BOT_LEVELS",
    "ActionSet",
    "Bot",
    "ChaigamesError",
    "ConfigError",
    "Entry",
    "Event",
    "GameConfig",
    "GameSpec",
    "GameState",
    "IllegalAction",
    "LogLine",
    "OptionSpec",
    "Played",
    "RealtimeDriver",
    "Record",
    "RecordError",
    "RecordVersionError",
    "Result",
    "Rng",
    "ScoreRow",
    "SeatConfig",
    "Session",
    "bot_seed",
    "derive_seed",
    "is_seat",
    "make_bots",
    "parse_record",
    "play_bots",
    "record_from_json",
]
