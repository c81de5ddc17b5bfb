"""The one place that lists the games. The engine never imports a game; everything else asks here.

Games are imported on first use, so the command line starts fast and a game whose rules are
not built yet is reported as such instead of breaking the others.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the menu lists the catalogue without loading the rules engine
    from .engine import GameSpec


@dataclass(frozen=True)
class GameInfo:
    """What the menu shows before a game's rules are loaded."""

    id: str
    title: str
    seats: str
    blurb: str
    module: str
    length: str = ""
    """How long a game takes, as people play it ('about 5 minutes')."""


CATALOGUE: tuple[GameInfo, ...] = (
    GameInfo(
        "chai-wallah",
        "Chai Wallah",
        "4-8",
        "Real-time dice trading: match a chai order first.",
        "chaigames.chai_wallah",
        "a few minutes",
    ),
    GameInfo(
        "chai",
        "Chai",
        "2-5",
        "Tea merchants: buy flavours and additives, serve customers.",
        "chaigames.chai",
        "about 45 minutes",
    ),
    GameInfo(
        "dabba-walla",
        "Dabba Walla",
        "2-4",
        "Stack lunch dabbas on a cart, then deliver level by level.",
        "chaigames.dabba_walla",
        "about 30 minutes",
    ),
)
GAME_IDS: tuple[str, ...] = tuple(g.id for g in CATALOGUE)


class GameNotBuilt(LookupError):
    """A game in the catalogue whose rules are not in this build."""


def info(game_id: str) -> GameInfo:
    for g in CATALOGUE:
        if g.id == game_id:
            return g
    raise KeyError(game_id)


def get(game_id: str) -> GameSpec:
    """The spec of a game. KeyError for an unknown id, GameNotBuilt for one not built yet."""
    entry = info(game_id)
    try:
        module = importlib.import_module(entry.module)
    except ModuleNotFoundError as exc:
        if exc.name is not None and entry.module.startswith(exc.name):
            raise GameNotBuilt(f"{entry.title} is not built yet") from None
        raise
    spec: GameSpec = module.SPEC
    return spec


def is_built(game_id: str) -> bool:
    """Whether a game's rules are in this build, found without importing them (the menu asks at start-up)."""
    entry = info(game_id)
    try:
        return importlib.util.find_spec(entry.module) is not None
    except ModuleNotFoundError:  # a parent package is missing
        return False


def available() -> list[GameSpec]:
    """Specs of every game that is built, in catalogue order."""
    out = []
    for g in CATALOGUE:
        try:
            out.append(get(g.id))
        except GameNotBuilt:
            continue
    return out
