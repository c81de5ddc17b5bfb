"""The last setup of each game (seats, bots, options, match length), so the next game starts from it.

One JSON file, `setups.json`, in the data directory, written atomically. A missing, unreadable or
outdated file simply means no remembered setup: it never stops anyone from starting a game.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .saves import write_atomic

if TYPE_CHECKING:
    from .engine import GameConfig


@dataclass(frozen=True)
class LastSetup:
    config: GameConfig
    match_games: int = 1


class SetupMemory:
    """Remembers each game's last setup under `root` (the data directory)."""

    FILE = "setups.json"

    def __init__(self, root: Path) -> None:
        self.path = root / self.FILE

    def _all(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def last(self, game_id: str) -> LastSetup | None:
        entry = self._all().get(game_id)
        if not isinstance(entry, dict):
            return None
        from .engine import GameConfig, RecordError  # read when a setup is offered, not at start

        try:
            config = GameConfig.from_json(entry.get("config"))
        except RecordError:
            return None
        match = entry.get("match_games", 1)
        return LastSetup(config, match if isinstance(match, int) and not isinstance(match, bool) else 1)

    def last_game(self) -> str | None:
        """The game set up most recently (New game opens on it), or None before the first."""
        games = [game_id for game_id, entry in self._all().items() if isinstance(entry, dict)]
        return games[-1] if games else None

    def remember(self, game_id: str, config: GameConfig, match_games: int = 1) -> None:
        """Best effort: a disk that cannot be written loses only the memory, never the game. The
        game just set up goes last, so the file's order is the order the games were last set up."""
        data = self._all()
        data.pop(game_id, None)
        data[game_id] = {"config": config.to_json(), "match_games": match_games}
        with contextlib.suppress(OSError, TypeError, ValueError):
            write_atomic(self.path, json.dumps(data, indent=1))
