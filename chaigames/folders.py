"""Where a player named only by a typed name keeps saves: one folder per exact name (the web
host's players, under DATA_DIR/web/).

Names on the web page are not authenticated: a name is only a label that keeps one player's
saves apart from another's. Two different names never share a folder, however alike they look
(`Asha`, `asha`, `Asha!`, `äsha`, `.`, `..`): the folder is a readable slug of the name plus a short
hash of the exact (cleaned) name. The slug is for whoever looks at the folder; the hash keeps
names apart. The scheme is `chaigames.names.folder_name`, the same as `serve --open`'s.
"""

from __future__ import annotations

from pathlib import Path

from chaigames.names import folder_name, slug

__all__ = ["folder_name", "name_folder", "slug"]


def name_folder(root: Path, name: str) -> Path:
    """The save folder of the player called `name` (already cleaned with `clean_name`)."""
    return root / folder_name(name)
