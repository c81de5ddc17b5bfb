"""What every game shares: RNG, errors, actions and records, sessions, registry and bot protocol.

The engine never imports a game; `chaigames.games` lists them.
"""

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
