"""What both hosts (`chaigames serve` over SSH, `chaigames web` for browsers) share, below both.

- `child`: one game in its own pseudo-terminal (start it, relay its bytes, follow the window).
- `environment`: the fixed, minimal environment a hosted app process gets.
- `arguments`: the command-line argument types (ports, counts, durations, memory sizes).
- `DataDirError`: a host's data folder cannot be made or used.

Standard library only: neither host's optional extra is needed to import it.
"""


class DataDirError(Exception):
    """The data folder (host key, players' saves) cannot be made or used: the real reason, in one line."""
