"""Saved games on disk: one record per game, written atomically after every action.

Layout under the data directory ($CHAIGAMES_HOME, else platformdirs' user data dir):
  saves/<id>.json     unfinished games (what Continue lists)
  saves/<id>.lock     which app has that game open (its pid and a token); see `locks.py`
  history/<id>.json   finished games
  aside/<id>.json     files that could not be read, moved out of the way with their reason

One idea a module: `atomic` (a file holds its old or its new whole text), `committer` (the thread
that finishes writes in order, so a key's frame never waits for the disk), `locks` (one app per
save), `words` (how a save is shown on the Continue list) and `store` (`SaveStore`: the folders,
saving, loading, listing, sweeping what a killed write left). Standard library only (platformdirs
is imported inside `data_dir`), so the app, the hosts and the tests share it without Textual. The
app reads the wall clock for the `updated` stamp; the rules core never does.
"""

from __future__ import annotations

from .atomic import write_atomic
from .committer import settle
from .locks import GameOpenElsewhere, GameTakenOver
from .store import FOLDER_LIMIT_ENV, STALE_TMP_SECONDS, Lookup, SaveStore, clean_names, data_dir, folder_bytes
from .words import SaveInfo, when

__all__ = [
    "FOLDER_LIMIT_ENV",
    "STALE_TMP_SECONDS",
    "GameOpenElsewhere",
    "GameTakenOver",
    "Lookup",
    "SaveInfo",
    "SaveStore",
    "clean_names",
    "data_dir",
    "folder_bytes",
    "settle",
    "when",
    "write_atomic",
]
