"""Where a web player's saves live: one folder per exact name under DATA_DIR/web/.

Names on the web page are not authenticated: a name is only a label that keeps one player's
saves apart from another's. Two different names never share a folder, however alike they look
(`Asha`, `asha`, `Asha!`, `äsha`): the folder is a readable slug of the name plus a short hash of
the exact (cleaned) name. The slug is for whoever looks at the folder; the hash keeps names apart.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from pathlib import Path

SLUG_LENGTH = 24
HASH_LENGTH = 12  # 48 bits: no two names of one host will collide by chance

_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def slug(name: str) -> str:
    """A folder-safe, readable form of `name`: ASCII letters and digits joined by '-', or `player`."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    text = _NOT_SLUG.sub("-", ascii_name.lower()).strip("-")[:SLUG_LENGTH].strip("-")
    return text or "player"


def folder_name(name: str) -> str:
    """`slug-hash`: distinct for every distinct name, and never `.`, `..` or a path."""
    digest = hashlib.sha256(name.encode("utf-8")).hexdigest()[:HASH_LENGTH]
    return f"{slug(name)}-{digest}"


def name_folder(root: Path, name: str) -> Path:
    """The save folder of the player called `name` (already cleaned with `clean_name`)."""
    return root / folder_name(name)
