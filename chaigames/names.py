"""Player names as other people's terminals will draw them.

A name comes from a keyboard (setup, `--seat`, an SSH login) or from a file (a save, a record
someone sent). Whatever it holds, it is shown on several screens, so it is cleaned where it enters:
escape sequences and control or format characters (C0, C1, DEL, bidi overrides and isolates,
zero-width joiners) are removed, runs of white space become one space, and it is cut to at most
`MAX_CELLS` terminal cells. Cleaning does not make a name safe as markup: it is still drawn as text.

Widths are measured with the standard library only: East Asian wide and fullwidth characters take
two cells, combining marks none, everything else one. A wide character is never cut in half.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

#: The names a bot seat is given (see `bot_name`), here and at a table over SSH.
BOT_NAMES = ("Asha", "Ravi", "Meera", "Kiran", "Dev", "Lata", "Arjun", "Priya")

MAX_CELLS = 16
"""The widest a name may be, in terminal cells."""

MAX_MARKS = 2
"""Combining marks kept on one base character (more only smear over the neighbouring cells)."""

# ANSI escape sequences, removed whole so no '[31m' is left behind: CSI (ESC [ or the C1 CSI),
# OSC / DCS / APC / PM / SOS strings up to their terminator, and two-character ESC sequences.
_ESCAPES = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
    r"|(?:\x1b[\]P_^X]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -~]?"
)


def cell_width(char: str) -> int:
    """Terminal cells one character takes: 2 wide/fullwidth, 0 a combining mark, else 1."""
    if unicodedata.category(char) in ("Mn", "Me"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def name_width(text: str) -> int:
    """Terminal cells a (clean) name takes."""
    return sum(cell_width(c) for c in text)


def clean_name(text: str, default: str = "") -> str:
    """`text` as a name fit for any screen: no control or format characters, single spaces, trimmed,
    at most MAX_CELLS cells wide. An empty result gives `default` (the caller's, e.g. "Player 2")."""
    text = unicodedata.normalize("NFC", _ESCAPES.sub("", str(text)))
    kept: list[str] = []
    width = 0
    marks = 0
    for char in text:
        category = unicodedata.category(char)
        if char.isspace() or category in ("Zs", "Zl", "Zp"):
            if kept and kept[-1] != " ":
                if width + 1 > MAX_CELLS:
                    break
                kept.append(" ")
                width += 1
            marks = 0
            continue
        if category[0] == "C":  # Cc controls, Cf format (bidi, ZWJ), Cs surrogates, Co private, Cn unassigned
            continue
        if category in ("Mn", "Me"):
            if not kept or kept[-1] == " " or marks >= MAX_MARKS:
                continue  # a mark needs a base character to sit on
            kept.append(char)
            marks += 1
            continue
        w = cell_width(char)
        if width + w > MAX_CELLS:
            break
        kept.append(char)
        width += w
        marks = 0
    return "".join(kept).strip() or default


_UNSAFE_IN_FOLDER = re.compile(r"[^A-Za-z0-9._-]")
SLUG_LENGTH = 24
HASH_DIGITS = 10  # hex digits of SHA-256: 40 bits, no two names of one host collide by chance
DEFAULT_SLUG = "guest"


def slug(name: str) -> str:
    """The readable part of a folder name: accents dropped, lower case, spaces as '-', [a-z0-9._-]
    only, no leading dots (never `.` or `..`)."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    cleaned = _UNSAFE_IN_FOLDER.sub("", ascii_name.lower().replace(" ", "-")).lstrip(".")[:SLUG_LENGTH]
    return cleaned or DEFAULT_SLUG


def folder_name(name: str) -> str:
    """Where an unauthenticated name (`serve --open`, `chaigames web`) keeps its saves: a readable
    slug plus a short hash of the exact (cleaned) name, so `Asha`, `asha`, `Asha!`, `äsha`, `.` and
    `..` never share a folder, and the folder is never a path."""
    import hashlib  # here: the app's start needs no hash (OpenSSL's loading is a cost of its own)

    digest = hashlib.sha256(name.encode("utf-8")).hexdigest()[:HASH_DIGITS]
    return f"{slug(name)}-{digest}"


def bot_name(seat: int, taken: Iterable[str]) -> str:
    """The name a bot in `seat` (0 for seat 1) is given: BOT_NAMES from this seat's own on (seat 2
    is Asha, seat 3 Ravi...), the first that nobody at the game uses, people or bots, in any case.
    So no bot is ever named like a person at the game: a person called Asha meets Ravi, not another
    Asha. Past every name on the list, "Bot N" (N the seat's number). Setup, `chaigames new` and
    tables all name their bots here."""
    used = {name.casefold() for name in taken}
    start = (seat - 1) % len(BOT_NAMES)
    for name in BOT_NAMES[start:] + BOT_NAMES[:start]:
        if name.casefold() not in used:
            return name
    n = seat + 1
    while f"bot {n}" in used:
        n += 1
    return f"Bot {n}"
