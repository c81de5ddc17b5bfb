"""chaigames: three tea-and-India-themed tabletop games for the terminal.

This package is the pure rules core (standard library only); the Textual front end lives in
the top-level `screens` package, and only `chaigames.cli` / `chaigames.__main__` may start it.
"""

__version__ = "0.1.0"
