"""Atomic writes: a file always holds either its old or its new whole text, whatever kills the writer.

A write is two halves (`write_temp`, then `commit`) so that the second may happen a moment later on
the committer's thread (`committer.py`) while what was written is already safe from a kill -9.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
from pathlib import Path

TMP_NAME = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)(?:-(?P<seq>\d+))?\.tmp$")
"""`.<name>.<pid>-<n>.tmp`: the n-th file this process began writing (`.<name>.<pid>.tmp` before)."""
_SEQ = itertools.count(1)


def write_atomic(path: Path, text: str) -> None:
    """Write `text` so that `path` always holds either the old or the new whole file.

    A temporary file in the same folder is written, flushed and fsynced, then renamed over the
    target (rename within one file system is atomic). A kill at any moment leaves a whole file
    (and perhaps a `.<name>.<pid>-<n>.tmp`, which `SaveStore.sweep` deals with later).
    """
    commit(write_temp(path, text), path)


def write_temp(path: Path, text: str) -> Path:
    """The first half of an atomic write: `text` in a new temporary file beside `path`, handed to
    the operating system (so a kill -9 of this process cannot lose it) but not yet on the disk."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}-{next(_SEQ)}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
    except BaseException:  # a full disk must not keep half a file, which fills it further
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    return tmp


def commit(tmp: Path, path: Path) -> None:
    """The second half: `tmp` made durable (fsync), renamed over `path`, the rename made durable."""
    try:
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable where the OS allows it
        fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def whole(path: Path) -> bool:
    """A temporary save file holds a whole JSON document (a write killed half way does not)."""
    try:
        json.loads(path.read_bytes())
    except (OSError, ValueError):
        return False
    return True
