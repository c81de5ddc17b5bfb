"""The whole environment of a hosted `chaigames` process: the app each session runs in its own process.

Both hosts start the app this way (`serve` for an SSH session, `web` for a page). Nothing the client
sends (an SSH client's `env` requests: PYTHONPATH, LD_PRELOAD, CHAIGAMES_HOME...) is ever read: the
only value taken from it is its terminal type, reduced to a safe alphabet.
"""

from __future__ import annotations

import re
import site
from pathlib import Path

import chaigames
from chaigames.saves import FOLDER_LIMIT_ENV

# Rich/Textual colour systems by the names `--color` accepts.
COLOR_SYSTEMS = {"256": "256", "truecolor": "truecolor", "16": "standard"}
DEFAULT_TERM = "xterm-256color"
CHILD_PATH = "/usr/local/bin:/usr/bin:/bin"
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]")
FRAMES_PER_SECOND = "1000"
"""Textual's TEXTUAL_FPS for a hosted game: the most often its screen is painted (see `child_environment`)."""


def sanitise_term(term: str | None) -> str:
    """The client's TERM with every character outside [A-Za-z0-9._-] removed; a default if nothing is left."""
    cleaned = _UNSAFE.sub("", term or "")[:64]
    return cleaned or DEFAULT_TERM


def package_root() -> Path:
    """The folder that holds the `chaigames` package (and `screens` beside it)."""
    return Path(chaigames.__file__).resolve().parent.parent


def _installed_in_site_packages(root: Path) -> bool:
    places = [*site.getsitepackages(), site.getusersitepackages()]
    return any(Path(p).resolve() == root for p in places if p)


def child_environment(*, home: Path, term: str | None, color: str, folder_limit: int | None = None) -> dict[str, str]:
    """The whole environment of a served `chaigames` process: nothing else reaches it.

    - `CHAIGAMES_HOME` and `HOME` are the player's folder, so saves (and anything a library might
      write under `~`) stay in it.
    - `TEXTUAL_COLOR_SYSTEM` fixes what Textual renders: SSH does not forward `COLORTERM`, so the
      server, not the client, decides (`--color`).
    - `TEXTUAL_FPS`: a change is painted at once, not at the next of 60 frames a second. Textual
      paints a screen at most once a frame: a change after a quiet spell is painted at once, but one
      that comes within a frame of the last paint (a person's move just after the clock's second
      turned, or after another person's move) waited up to 17 ms for the next frame. Changes that
      arrive while the app is busy are still painted together once it is idle. (Both are read at
      import: the fork server gets them too.)
    - `CHAIGAMES_SERVED=1` tells the app it runs under `chaigames serve`: it must offer no command
      that writes files on the server (Textual's screenshot among them).
    - `BROWSER=true`: a link followed in the app (Textual's `open_url`, e.g. in the rules' Markdown)
      would otherwise start a browser on the server, and a text browser on this pty (lynx, w3m)
      can open a shell. Python's `webbrowser` runs `$BROWSER` first; `true` does nothing.
    - `CHAIGAMES_FOLDER_LIMIT`: the bytes the player's folder may take; past it the app starts no new
      game (the games under way keep saving). Absent when unlimited.
    - `PYTHONPATH` only when the package runs from a source checkout rather than an installation.
    """
    env = {
        "PATH": CHILD_PATH,
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "TERM": sanitise_term(term),
        "CHAIGAMES_HOME": str(home),
        "CHAIGAMES_SERVED": "1",
        "TEXTUAL_COLOR_SYSTEM": COLOR_SYSTEMS[color],
        "TEXTUAL_FPS": FRAMES_PER_SECOND,
        "BROWSER": "true",
    }
    if color == "truecolor":
        env["COLORTERM"] = "truecolor"
    if folder_limit:
        env[FOLDER_LIMIT_ENV] = str(folder_limit)
    root = package_root()
    if not _installed_in_site_packages(root):
        env["PYTHONPATH"] = str(root)
    return env
