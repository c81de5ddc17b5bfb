"""Stand-in for the `tables` branch's wire module (newline-delimited JSON), until that branch is merged."""

from __future__ import annotations

import asyncio
import json
from typing import Any

MAX_LINE = 1 << 20


class Malformed(ValueError):
    """A line that is not a JSON object."""


def encode(msg: dict[str, Any]) -> bytes:
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


async def read_message(reader: asyncio.StreamReader) -> dict[str, Any] | None:
    line = await reader.readline()
    if not line:
        return None
    try:
        msg = json.loads(line)
    except ValueError:
        raise Malformed("not JSON") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("t", msg.get("to", msg.get("from"))), str | int):
        raise Malformed("not a message object")
    return msg
