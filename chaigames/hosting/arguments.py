"""The command-line argument types both hosts read (ports, counts, durations), each refused in one line."""

from __future__ import annotations

import argparse
import re


def parse_duration(text: str) -> float | None:
    """`30` or `30m` minutes, `90s`, `1h`; `0` or `off` = never. Returns seconds, None for never."""
    text = text.strip().lower()
    if text in ("0", "off", "never", "none"):
        return None
    m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([smh]?)", text)
    if not m:
        raise argparse.ArgumentTypeError(f"not a duration: {text!r} (say 30, 30m, 90s or 1h)")
    seconds = float(m.group(1)) * {"s": 1, "m": 60, "": 60, "h": 3600}[m.group(2)]
    return seconds or None


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
    """Like `parse_duration`, but a bare number means seconds; `0` or `off` = never (0.0)."""
    text = text.strip().lower()
    if re.fullmatch(r"\d+(?:\.\d+)?", text):
        text += "s"
    return parse_duration(text) or 0.0
