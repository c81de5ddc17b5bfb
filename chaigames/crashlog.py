"""Crash logs: an unhandled exception is written to a file under the data folder, never shown raw.

`<data dir>/crash/<UTC time>-<pid>.log` holds the traceback, the version and the command line;
the player sees one friendly line naming the file (or, on a game host, only that it was logged).
Pure standard library, so the app, `chaigames serve` and the tests share it.
"""

from __future__ import annotations

import datetime as _dt
import os
import platform
import sys
import traceback
from pathlib import Path

from . import __version__
from .saves import data_dir, write_atomic


def crash_dir(root: Path | None = None) -> Path:
    return (root if root is not None else data_dir()) / "crash"


def write_crash_log(error: BaseException | str, root: Path | None = None) -> Path:
    """Write `error` with its traceback (or a traceback already put in words) to a new file in crash/;
    OSError when that cannot be done."""
    now = _dt.datetime.now(_dt.UTC)
    path = crash_dir(root) / f"{now.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.log"
    lines = [
        f"chaigames {__version__} crashed at {now.replace(microsecond=0).isoformat()}",
        f"python {platform.python_version()} on {platform.platform()}",
        f"command: {' '.join(sys.argv)}",
        "",
        *(error.splitlines() if isinstance(error, str) else traceback.format_exception(error)),
    ]
    write_atomic(path, "\n".join(line.rstrip("\n") for line in lines) + "\n")
    return path


def friendly_line(path: Path | None, *, served: bool = False) -> str:
    """The one line a player sees after a crash."""
    if served:
        return "chaigames stopped because of a bug; it was logged on the game host. Sorry!"
    if path is None:
        return "chaigames stopped because of a bug (and could not write a crash log). Sorry!"
    return f"chaigames stopped because of a bug. The details are in {path} (please send that file with a report)."
