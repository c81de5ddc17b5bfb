"""A record is checked against fixed bounds before it is parsed, so no file can hang or exhaust us.

A record comes from a file someone may have sent (`chaigames replay`), or from the saves folder
(Continue). Before any JSON is parsed: only a regular file is read (a FIFO would block forever,
`/dev/zero` never ends), at most `MAX_RECORD_BYTES` of it; it may hold at most `MAX_VALUES` JSON
values (objects, arrays and comma-separated items, counted on the raw bytes) and nest at most
`MAX_DEPTH` deep. A real record is far inside all three: a 20,000-action game is about 1.5 MB,
100,000 values and 6 levels deep. Each refusal is one RecordError a player can read.
"""

from __future__ import annotations

import os
import re
import stat

from .errors import RecordError

MAX_RECORD_BYTES = 16 * 1024 * 1024
MAX_VALUES = 1_000_000
MAX_DEPTH = 64

_STRINGS = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)  # a JSON string, escapes and all
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def read_record_file(path: str | os.PathLike[str], limit: int = MAX_RECORD_BYTES) -> bytes:
    """The bytes of a file the app reads (a record, a save, a lock, setups, a table, a keys file):
    RecordError (not a regular file, larger than `limit` bytes) or OSError say why not.

    Opened without blocking and checked before reading, so a FIFO or a device in its place cannot
    hang the app or fill its memory."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)  # a FIFO must not block the open
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise RecordError(f"not a chaigames record: {os.fspath(path)} is not a regular file")
        data = f.read(limit + 1)
    if len(data) > limit:
        size = f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit:,} bytes"
        raise RecordError(f"not a chaigames record: larger than {size}")
    return data


MAX_SMALL_FILE = 1024 * 1024
"""A lock, setups.json, a table's state: far below this."""


def check_size(data: bytes) -> None:
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(f"not a chaigames record: larger than {MAX_RECORD_BYTES // (1024 * 1024)} MB")


def check_bounds(data: bytes) -> None:
    """Refuse text that is too large, holds too many values or nests too deeply, before parsing it."""
    check_size(data)
    values = data.count(b",") + data.count(b"[") + data.count(b"{")
    if values > MAX_VALUES:
        raise RecordError(f"not a chaigames record: more than {MAX_VALUES:,} values")
    brackets = _STRINGS.sub(b"", data).translate(None, _NOT_BRACKETS)
    depth = 0
    for b in brackets:
        if b in b"[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise RecordError(f"not a chaigames record: nested more than {MAX_DEPTH} levels deep")
        else:
            depth -= 1
