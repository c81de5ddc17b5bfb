"""The command-line argument types both hosts read (ports, counts, durations), each refused in one line."""

from __future__ import annotations

import argparse
import re


def parse_duration(text: str) -> float | None:
    """`30m`, `90s`, `1h`; `0` or `off` = never. Returns seconds, None for never. A bare number other
    than 0 is refused: whether `20` meant seconds or minutes is exactly what must not be guessed."""
    text = text.strip().lower()
    if text in ("off", "never", "none") or re.fullmatch(r"0+(?:\.0*)?", text):
        return None
    m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([smh])", text)
    if not m:
        if re.fullmatch(r"\d+(?:\.\d+)?", text):
            raise argparse.ArgumentTypeError(f"{text} what? say 30m or 90s")
        raise argparse.ArgumentTypeError(f"not a duration: {text!r} (say 30m or 90s)")
    seconds = float(m.group(1)) * {"s": 1, "m": 60, "h": 3600}[m.group(2)]
    return seconds or None


def memory_size(text: str) -> int | None:
    """`512M`, `1G` (bytes, binary units); `0` or `off` = no limit (None)."""
    text = text.strip().upper().removesuffix("B").removesuffix("I")
    if text in ("0", "OFF", "NONE"):
        return None
    m = re.fullmatch(r"(\d+)\s*([MG])", text)
    if not m:
        raise argparse.ArgumentTypeError(f"not a memory size: {text!r} (say 512M or 1G, or 0 for no limit)")
    size = int(m.group(1)) * (1024 * 1024 if m.group(2) == "M" else 1024 * 1024 * 1024)
    if size < 64 * 1024 * 1024:
        raise argparse.ArgumentTypeError("a game needs at least 64M")
    return size


FOLDER_LIMIT = 50 * 1024 * 1024
"""Bytes a served player's folder may take by default before a new game is refused."""


def folder_size(text: str) -> int | None:
    """`50M`, `1G`, `500K` (bytes, binary units); `0` or `off` = no limit (None)."""
    text = text.strip().upper().removesuffix("B").removesuffix("I")
    if text in ("0", "OFF", "NONE"):
        return None
    m = re.fullmatch(r"(\d+)\s*([KMG])", text)
    if not m:
        raise argparse.ArgumentTypeError(f"not a size: {text!r} (say 50M or 1G, or 0 for no limit)")
    return int(m.group(1)) * 1024 ** "KMG".index(m.group(2)) * 1024 or None


def add_memory_argument(parser: argparse.ArgumentParser) -> None:
    """`--session-memory`, the address space each served game may take (both hosts)."""
    from .child import SESSION_MEMORY

    parser.add_argument(
        "--session-memory",
        type=memory_size,
        default=SESSION_MEMORY,
        metavar="SIZE",
        help="memory (address space) each game may take; a game that needs more stops alone, saved: "
        "512M, 2G, 0 = no limit (default 1G)",
    )


def port_number(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port {port} is not between 0 and 65535")
    return port


def _whole_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None


def positive_int(text: str) -> int:
    n = _whole_number(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {n}")
    return n


def non_negative_int(text: str) -> int:
    n = _whole_number(text)
    if n < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {n}")
    return n


def parse_duration_seconds(text: str) -> float:
    """Like `parse_duration`, but never is 0.0."""
    return parse_duration(text) or 0.0
