"""Which screen plays which game: the plug-in point for a game's own screen.

Add a line to GAME_SCREENS ("game id" -> "module:Class", the class a GameScreen subclass taking
the controller). A game not listed, or whose screen module does not exist yet, is played by
the generic screen.
"""

from __future__ import annotations

import importlib

from .game_base import GameScreen

# Game id -> "module:Class" of its own screen. Imported lazily so one broken screen never stops
# the app; a game not listed here (or whose screen fails to import) gets the generic screen.
GAME_SCREENS: dict[str, str] = {
    "chai": "screens.chai:ChaiScreen",
    "dabba-walla": "screens.dabba_walla:DabbaWallaScreen",
    "chai-wallah": "screens.chai_wallah:ChaiWallahScreen",
}


def screen_class_for(game_id: str) -> type[GameScreen]:
    """The screen class that plays `game_id`: its own when it exists, else the generic one."""
    from .generic import GenericGameScreen

    target = GAME_SCREENS.get(game_id)
    if target is None:
        return GenericGameScreen
    module_name, _, class_name = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module_name.startswith(exc.name):
            return GenericGameScreen  # not built yet
        raise
    cls: type[GameScreen] = getattr(module, class_name)
    return cls
