"""Which games the app offers: the registry's built games plus any injected ones.

Tests and the kill -9 launcher inject extra specs (the toy game) with `Library(extra=[...])`
or the environment variable CHAIGAMES_EXTRA_GAMES="module[,module...]" (each module exposes
`SPEC`). Only the front end reads that variable; the rules core never does.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterable
from typing import TYPE_CHECKING

from chaigames import games

if TYPE_CHECKING:
    from chaigames.engine import GameSpec

EXTRA_ENV = "CHAIGAMES_EXTRA_GAMES"


def extra_from_env() -> list[GameSpec]:
    names = [n.strip() for n in os.environ.get(EXTRA_ENV, "").split(",") if n.strip()]
    return [importlib.import_module(n).SPEC for n in names]


class Library:
    """Game lookup for the app: `get(id)` raises KeyError (unknown) or games.GameNotBuilt."""

    def __init__(self, extra: Iterable[GameSpec] = (), *, registry: bool = True) -> None:
        self.extra = {s.id: s for s in extra}
        self.registry = registry

    def get(self, game_id: str) -> GameSpec:
        if game_id in self.extra:
            return self.extra[game_id]
        if not self.registry:
            raise KeyError(game_id)
        return games.get(game_id)

    def available(self) -> list[GameSpec]:
        """Every game that can be played here, registry games first in catalogue order."""
        out = games.available() if self.registry else []
        return out + [s for s in self.extra.values() if s.id not in {o.id for o in out}]

    def catalogue(self) -> list[tuple[str, str, str, str, bool]]:
        """(id, title, seats, blurb, built) for the menu, including games not built yet."""
        rows = []
        if self.registry:
            for g in games.CATALOGUE:
                rows.append((g.id, g.title, g.seats, g.blurb, games.is_built(g.id)))
        for s in self.extra.values():
            rows.append((s.id, s.title, s.seat_range, s.description, True))
        return rows
