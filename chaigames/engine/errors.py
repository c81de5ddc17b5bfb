"""Errors a player or a file can cause. Each message is meant to be shown as it is."""

from __future__ import annotations


class ChaigamesError(Exception):
    """Base of every error the rules core raises on purpose."""


class IllegalAction(ChaigamesError):
    """An action the rules forbid now. The message says why in a player's words.

    Raised before the state changes, so the state is exactly as it was.
    """


class ConfigError(ChaigamesError):
    """A game set up in a way the rules do not allow (seats, options, levels)."""


class RecordError(ChaigamesError):
    """A record (save file, replay) that cannot be rebuilt; the message says what and where."""


class RecordVersionError(RecordError):
    """A record made under another rules version: kept as it is, not resumable here."""

    def __init__(self, message: str, *, game: str, version: int) -> None:
        super().__init__(message)
        self.game = game
        self.version = version
