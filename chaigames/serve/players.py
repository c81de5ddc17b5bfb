"""Who a player is on the SSH game host and where their saves live.

The player's identity (a key's fingerprint, or an `--open` user name) becomes a folder name through
`player_folder`; the child's environment is `chaigames.hosting.environment`'s.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
from pathlib import Path

from chaigames.names import HASH_DIGITS, clean_name, folder_name

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]")
_NEW_STYLE = re.compile(rf".*-[0-9a-f]{{{HASH_DIGITS}}}")


def sanitise_user(name: str) -> str:
    """The OLD folder of an --open name: lower case, [a-z0-9._-] only, no leading dots, at most 32 characters.

    It folded distinct names together (`ASHA`, `asha` and `Asha!`; every non-ASCII name became `guest`),
    so it is kept only to find such a folder and move it to `open_folder_name` at the player's next login.
    """
    cleaned = _UNSAFE.sub("", name.lower()).lstrip(".")[:32]
    return cleaned or "guest"


def open_folder_name(user: str) -> str:
    """The save folder of an --open name: a readable slug plus a short hash of the exact (cleaned) name.

    The hash keeps distinct names distinct (`ASHA`, `asha`, `Asha!`, `.`, `..`, `äsha`, `日本`); the
    slug only helps whoever looks at the folder. Names are not authenticated either way."""
    return folder_name(clean_name(user))  # an empty name hashes as itself: it is not the name "guest"


def adopt_old_folder(data_dir: Path, user: str) -> Path | None:
    """Move the folder an --open name had under the old naming to its new name, so no save is orphaned.

    Only when the new folder does not exist yet, the old one is a real folder (not a link), and the
    old name is not itself shaped like a new folder name (which would let one name take another's
    saves). Several old names shared one folder: the first of them to log in takes it. Returns where
    it went, or None when nothing was moved. OSError propagates (the caller logs it)."""
    open_dir = data_dir / "players" / "open"
    old = open_dir / sanitise_user(user)
    new = open_dir / open_folder_name(user)
    if _NEW_STYLE.fullmatch(old.name) or new.exists() or old.is_symlink() or not old.is_dir():
        return None
    os.rename(old, new)
    return new


def key_id(public_key_blob: bytes) -> str:
    """A public key's SHA-256 fingerprint in the folder-safe alphabet (URL-safe base64, no padding).

    It is the same digest as OpenSSH's `SHA256:...` fingerprint, with `+/` replaced by `-_`.
    """
    digest = hashlib.sha256(public_key_blob).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def player_folder(data_dir: Path, *, key: str | None = None, user: str | None = None) -> Path:
    """The save folder of one player: by key fingerprint with key auth, by `open_folder_name` with `--open`."""
    if key is not None:  # a `key_id`
        return data_dir / "players" / "key" / key
    return data_dir / "players" / "open" / open_folder_name(user or "")


def identity_folder(data_dir: Path, identity: str) -> Path:
    """The folder of a table identity (`key:SHA256:<base64>` or `open:<name>`, as the host stamps them)."""
    kind, _, rest = identity.partition(":")
    if kind == "key":
        digest = rest.removeprefix("SHA256:")
        return player_folder(data_dir, key=digest.replace("+", "-").replace("/", "_").rstrip("="))
    return player_folder(data_dir, user=rest)
