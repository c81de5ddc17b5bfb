"""Who a player is on the game host, where their saves live, and the child's environment.

The child `chaigames` process gets a fixed, minimal environment built here. Nothing the SSH client
sends (its `env` requests: PYTHONPATH, LD_PRELOAD, CHAIGAMES_HOME...) is ever read: the only values
taken from the client are its terminal type, reduced to a safe alphabet, and the player's identity,
which becomes a folder name through `player_folder`.
"""

from __future__ import annotations

import base64
import hashlib
import re
import site
from pathlib import Path

import chaigames

# Rich/Textual colour systems by the names `--color` accepts.
COLOR_SYSTEMS = {"256": "256", "truecolor": "truecolor", "16": "standard"}
DEFAULT_TERM = "xterm-256color"
CHILD_PATH = "/usr/local/bin:/usr/bin:/bin"
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]")


def sanitise_term(term: str | None) -> str:
    """The client's TERM with every character outside [A-Za-z0-9._-] removed; a default if nothing is left."""
    cleaned = _UNSAFE.sub("", term or "")[:64]
    return cleaned or DEFAULT_TERM


def sanitise_user(name: str) -> str:
    """An SSH user name as a folder name: lower case, [a-z0-9._-] only, no leading dots, at most 32 characters.

    Open names are not authenticated; this only keeps them from escaping the players folder.
    """
    cleaned = _UNSAFE.sub("", name.lower()).lstrip(".")[:32]
    return cleaned or "guest"


def key_id(public_key_blob: bytes) -> str:
    """A public key's SHA-256 fingerprint in the folder-safe alphabet (URL-safe base64, no padding).

    It is the same digest as OpenSSH's `SHA256:...` fingerprint, with `+/` replaced by `-_`.
    """
    digest = hashlib.sha256(public_key_blob).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def player_folder(data_dir: Path, *, key: str | None = None, user: str | None = None) -> Path:
    """The save folder of one player: by key fingerprint with key auth, by sanitised user name with `--open`."""
    if key is not None:  # a `key_id`
        return data_dir / "players" / "key" / key
    return data_dir / "players" / "open" / sanitise_user(user or "")


def package_root() -> Path:
    """The folder that holds the `chaigames` package (and `screens` beside it)."""
    return Path(chaigames.__file__).resolve().parent.parent


def _installed_in_site_packages(root: Path) -> bool:
    places = [*site.getsitepackages(), site.getusersitepackages()]
    return any(Path(p).resolve() == root for p in places if p)


def child_environment(*, home: Path, term: str | None, color: str) -> dict[str, str]:
    """The whole environment of a served `chaigames` process: nothing else reaches it.

    - `CHAIGAMES_HOME` and `HOME` are the player's folder, so saves (and anything a library might
      write under `~`) stay in it.
    - `TEXTUAL_COLOR_SYSTEM` fixes what Textual renders: SSH does not forward `COLORTERM`, so the
      server, not the client, decides (`--color`).
    - `CHAIGAMES_SERVED=1` tells the app it runs under `chaigames serve`: it must offer no command
      that writes files on the server (Textual's screenshot among them).
    - `BROWSER=true`: a link followed in the app (Textual's `open_url`, e.g. in the rules' Markdown)
      would otherwise start a browser on the server, and a text browser on this pty (lynx, w3m)
      can open a shell. Python's `webbrowser` runs `$BROWSER` first; `true` does nothing.
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
        "BROWSER": "true",
    }
    if color == "truecolor":
        env["COLORTERM"] = "truecolor"
    root = package_root()
    if not _installed_in_site_packages(root):
        env["PYTHONPATH"] = str(root)
    return env
