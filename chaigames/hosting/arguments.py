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


def _size(text: str, units: str, example: str) -> int | None:
    """A count of bytes in binary units (`units`: the letters allowed, among K, M and G; `512M`, `1G`);
    `0` or `off` = none (None). `example` ends the refusal of anything else."""
    text = text.strip().upper().removesuffix("B").removesuffix("I")
    if text in ("0", "OFF", "NONE"):
        return None
    m = re.fullmatch(rf"(\d+)\s*([{units}])", text)
    if not m:
        raise argparse.ArgumentTypeError(f"not a {example}")
    return int(m.group(1)) * 1024 ** ("KMG".index(m.group(2)) + 1) or None


def memory_size(text: str) -> int | None:
    """`512M`, `1G` (bytes, binary units); `0` or `off` = no limit (None)."""
    size = _size(text, "MG", f"memory size: {text.strip()!r} (say 512M or 1G, or 0 for no limit)")
    if size is not None and size < 64 * 1024 * 1024:
        raise argparse.ArgumentTypeError("a game needs at least 64M")
    return size


FOLDER_LIMIT = 50 * 1024 * 1024
"""Bytes a served player's folder may take by default before a new game is refused."""


def folder_size(text: str) -> int | None:
    """`50M`, `1G`, `500K` (bytes, binary units); `0` or `off` = no limit (None)."""
    return _size(text, "KMG", f"size: {text.strip()!r} (say 50M or 1G, or 0 for no limit)")


def add_host_arguments(
    parser: argparse.ArgumentParser,
    *,
    port: int,
    data_dir: str,
    max_sessions: int,
    when_full: str,
    idle: str,
    folder: str,
) -> None:
    """The options both hosts take, in the same words: where to listen, where the saves go, how many games
    at once and for how long, and what each player's folder and game may take. `data_dir` says where
    the saves go by default, `when_full` what a player is told past --max-sessions, `idle` what ends
    after --idle-timeout, `folder` whose folder --folder-limit bounds."""
    from .child import SESSION_MEMORY

    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)"
    )
    parser.add_argument("--port", type=port_number, default=port, help=f"port to listen on (default {port})")
    parser.add_argument("--data-dir", metavar="DIR", help=data_dir)
    parser.add_argument(
        "--max-sessions",
        type=positive_int,
        default=max_sessions,
        metavar="N",
        help=f"games at once; {when_full} (default {max_sessions})",
    )
    parser.add_argument(
        "--idle-timeout",
        type=parse_duration,
        default=30 * 60.0,
        metavar="TIME",
        help=f"{idle} after this long without a key: 30m, 90s, 1h, 0 = never (default 30m)",
    )
    parser.add_argument(
        "--folder-limit",
        type=folder_size,
        default=FOLDER_LIMIT,
        metavar="SIZE",
        help=f"disk space {folder} saves folder may take; past it a new game is refused while games "
        "under way keep saving: 50M, 1G, 0 = no limit (default 50M)",
    )
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
