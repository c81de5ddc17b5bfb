"""Headless play: what runs a game for a screen, with no Textual.

- `protocol`: the one controller protocol a game screen reads (`Controller`, `GameWords`, `Listener`).
- `controller`: `GameController`, a local game (hot seat, bots, clocks, saves); the table process
  runs its games on it too.
- `replay`: `ReplayController`, a recorded game stepped through by a spectator; it never acts.
- `table_controller`: `TableController`, a seat at a table whose game runs in another process.
- `wire`: the newline-delimited JSON between sessions, the host and table processes.
- `client`: the app's end of its private channel to the host (`TableClient`).
- `clock`: the game clock of a real-time game.
- `library`: the games this app offers (the catalogue plus any extra games named in the environment).

Nothing here imports at package import time: the app's first screen stays light.
"""
