"""Headless play: what runs a game for a screen, with no Textual.

- `wire`: the newline-delimited JSON between sessions, the host and table processes.
- `client`: the app's end of its private channel to the host (`TableClient`).

Nothing here imports at package import time: the app's first screen stays light.
"""
