"""What both hosts (`chaigames serve` over SSH, `chaigames web` for browsers) share, below both.

- `child`: one game in its own pseudo-terminal (start it, relay its bytes, follow the window).
- `forkserver`, `forks`: the fork server (a process with the app imported that forks each
  session's game) and the host's end of it (start it, ask it for a game, hear the game's end).
- `environment`: the fixed, minimal environment a hosted app process gets.
- `arguments`: the command-line argument types (ports, counts, durations, memory sizes).
- `DataDirError`: a host's data folder cannot be made or used.

Standard library only: neither host's optional extra is needed to import it (the fork server imports
the app itself when it runs).
"""


class DataDirError(Exception):
    """The data folder (host key, players' saves) cannot be made or used: the real reason, in one line."""
