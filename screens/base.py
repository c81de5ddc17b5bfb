"""The app's screens, with `self.app` typed as the app they run in.

Textual types a screen's `app` as any `App`; a screen of this app calls the frame's own methods
(open the pause menu, start a game, join a table), so its `app` is declared as `ChaiGamesApp` for
the type checker (Textual's `getters.app`). Only the declaration is typed: at run time `app` is
Textual's own property, so a test may still show a screen in an app of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from textual.screen import ModalScreen, Screen

if TYPE_CHECKING:
    from textual import getters

    from .app import ChaiGamesApp

ResultType = TypeVar("ResultType")


class AppScreen(Screen[ResultType]):
    """A full screen of the app."""

    if TYPE_CHECKING:
        app = getters.app(ChaiGamesApp)


class AppModalScreen(ModalScreen[ResultType]):
    """A dialog of the app, drawn over the screen below."""

    if TYPE_CHECKING:
        app = getters.app(ChaiGamesApp)
