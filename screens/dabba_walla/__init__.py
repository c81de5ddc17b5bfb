"""The Dabba Walla screen (plugged into the frame by screens/game_screens.py)."""

from .screen import DabbaWallaScreen

__all__ = ["DabbaWallaScreen"]
