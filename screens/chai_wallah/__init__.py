"""The Chai Wallah screen (CW-12): one shared real-time screen, a key zone per human."""

from .screen import ChaiWallahScreen

__all__ = ["ChaiWallahScreen"]
