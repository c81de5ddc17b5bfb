"""Where a web player's saves live: one folder per exact name under DATA_DIR/web/.

Names on the web page are not authenticated: a name is only a label that keeps one player's
saves apart from another's. Two different names never share a folder, however alike they look
(`Asha`, `asha`, `Asha!`, `äsha`, `.`, `..`): the folder is a readable slug of the name plus a short
hash of the exact (cleaned) name. The slug is for whoever looks at the folder; the hash keeps
names apart. It is the same scheme, giving the same folder name for a name, as `serve --open`'s.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from pathlib import Path

SLUG_LENGTH = 24
HASH_DIGITS = 10  # hex digits of SHA-256: 40 bits, no two names of one host collide by chance
DEFAULT_SLUG = "guest"

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]")


def slug(name: str) -> str:
    """The readable part: accents dropped, lower case, spaces as '-', [a-z0-9._-] only, no leading dots."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    cleaned = _UNSAFE.sub("", ascii_name.lower().replace(" ", "-")).lstrip(".")[:SLUG_LENGTH]
    return cleaned or DEFAULT_SLUG


def folder_name(name: str) -> str:
    """`slug-hash`: distinct for every distinct name, and never `.`, `..` or a path."""
    digest = hashlib.sha256(name.encode("utf-8")).hexdigest()[:HASH_DIGITS]
    return f"{slug(name)}-{digest}"


def name_folder(root: Path, name: str) -> Path:
    """The save folder of the player called `name` (already cleaned with `clean_name`)."""
    return root / folder_name(name)
