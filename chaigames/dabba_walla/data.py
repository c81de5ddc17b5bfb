"""Dabba Walla component data, as printed tables (spec "Components"); counts are checked by tests.

Every physical piece has a small integer id so that the state can keep them in plain lists:
dabba tiles and their cards share ids 0-75 (colour * 19 + number - 1), bonus dabbas 76-87,
empty dabbas 88-102, chai tiles 0-35 (their own id space).
"""

from __future__ import annotations

COLOURS: tuple[str, ...] = ("Y", "R", "B", "G")
COLOUR_NAMES: tuple[str, ...] = ("yellow", "red", "blue", "green")
SIDES: tuple[str, ...] = ("N", "E", "S", "W")

# Shapes as (row, col) cells, spec "Tile shapes".
SHAPES: dict[str, tuple[tuple[int, int], ...]] = {
    "O4": ((0, 0), (0, 1), (1, 0), (1, 1)),
    "T4": ((0, 0), (0, 1), (0, 2), (1, 1)),
    "L4": ((0, 0), (1, 0), (2, 0), (2, 1)),
    "S4": ((0, 1), (0, 2), (1, 0), (1, 1)),
    "I3": ((0, 0), (0, 1), (0, 2)),
    "L3": ((0, 0), (1, 0), (1, 1)),
    "D2": ((0, 0), (0, 1)),
    "M1": ((0, 0),),
}

# The 19 tiles of each colour: (shape, half-chai cell index, half-chai side, card tips per colour column
# in the order yellow card, red card, blue card, green card). A tip string is "" (shows 0) or e.g. "B+1 G+1".
TILE_TABLE: tuple[tuple[str, int, str, tuple[str, str, str, str]], ...] = (
    ("O4", 0, "N", ("", "", "", "")),
    ("T4", 0, "S", ("", "", "", "")),
    ("L4", 1, "E", ("B+1", "G+1", "Y+1", "R+1")),
    ("S4", 2, "N", ("R+1", "B+1", "G+1", "Y+1")),
    ("I3", 0, "S", ("Y+1", "R+1", "B+1", "G+1")),
    ("I3", 1, "N", ("G+1", "Y+1", "R+1", "B+1")),
    ("I3", 0, "N", ("R+2", "B+2", "G+2", "Y+2")),
    ("L3", 1, "S", ("B+1", "G+1", "Y+1", "R+1")),
    ("L3", 0, "N", ("G+2", "Y+2", "R+2", "B+2")),
    ("L3", 2, "N", ("Y+1 R+1", "R+1 B+1", "B+1 G+1", "Y+1 G+1")),
    ("D2", 0, "W", ("G+1", "Y+1", "R+1", "B+1")),
    ("D2", 0, "W", ("Y+2", "R+2", "B+2", "G+2")),
    ("D2", 0, "W", ("B+2", "G+2", "Y+2", "R+2")),
    ("D2", 0, "N", ("R+2", "B+2", "G+2", "Y+2")),
    ("D2", 0, "N", ("B+1 G+1", "Y+1 G+1", "Y+1 R+1", "R+1 B+1")),
    ("D2", 0, "N", ("G+2", "Y+2", "R+2", "B+2")),
    ("M1", 0, "N", ("B+2", "G+2", "Y+2", "R+2")),
    ("M1", 0, "N", ("Y+2", "R+2", "B+2", "G+2")),
    ("M1", 0, "N", ("Y+1 R+1", "R+1 B+1", "B+1 G+1", "Y+1 G+1")),
)
TILES_PER_COLOUR = len(TILE_TABLE)
N_DABBA = 4 * TILES_PER_COLOUR  # 76 tiles and 76 cards

N_BONUS_PER_COLOUR = 3
N_BONUS = 4 * N_BONUS_PER_COLOUR
N_EMPTY = 15
N_TICKETS = 25
TICKETS_EACH = 6
DECK_SIZE: dict[int, int] = {2: 35, 3: 50, 4: 65}
DISPLAY_SIZE = 6
HAND_START = 2

BONUS_BASE = N_DABBA  # 76..87
EMPTY_BASE = BONUS_BASE + N_BONUS  # 88..102
N_PIECES = EMPTY_BASE + N_EMPTY


def _parse_tips(text: str) -> tuple[int, int, int, int]:
    out = [0, 0, 0, 0]
    for part in text.split():
        out[COLOURS.index(part[0])] += int(part[1:])
    return (out[0], out[1], out[2], out[3])


def card_code(card: int) -> str:
    """'R07' for the red tile #07 (ids 0-75)."""
    return f"{COLOURS[card // TILES_PER_COLOUR]}{card % TILES_PER_COLOUR + 1:02d}"


def card_from_code(code: str) -> int:
    """The id of a card code such as 'R07'; ValueError when it names no card."""
    if not isinstance(code, str) or len(code) != 3 or code[0] not in COLOURS or not code[1:].isdigit():
        raise ValueError(f"{code!r} is not a card")
    number = int(code[1:])
    if not 1 <= number <= TILES_PER_COLOUR:
        raise ValueError(f"{code!r} is not a card")
    return COLOURS.index(code[0]) * TILES_PER_COLOUR + number - 1


CARD_CODES: tuple[str, ...] = tuple(card_code(c) for c in range(N_DABBA))
CARD_IDS: dict[str, int] = {code: i for i, code in enumerate(CARD_CODES)}
# Tip values (Y, R, B, G) at the bottom of each card.
CARD_TIPS: tuple[tuple[int, int, int, int], ...] = tuple(
    _parse_tips(TILE_TABLE[c % TILES_PER_COLOUR][3][c // TILES_PER_COLOUR]) for c in range(N_DABBA)
)


def piece_colour(piece: int) -> int:
    """0-3 for a coloured dabba (tile or bonus), -1 for an empty dabba."""
    if piece < BONUS_BASE:
        return piece // TILES_PER_COLOUR
    if piece < EMPTY_BASE:
        return (piece - BONUS_BASE) // N_BONUS_PER_COLOUR
    return -1


def piece_name(piece: int) -> str:
    """A stable id for the screen: 'R07' (dabba tile), 'bR2' (bonus dabba), 'E05' (empty dabba)."""
    if piece < BONUS_BASE:
        return CARD_CODES[piece]
    if piece < EMPTY_BASE:
        k = piece - BONUS_BASE
        return f"b{COLOURS[k // N_BONUS_PER_COLOUR]}{k % N_BONUS_PER_COLOUR + 1}"
    return f"E{piece - EMPTY_BASE + 1:02d}"


PIECE_COLOUR: tuple[int, ...] = tuple(piece_colour(p) for p in range(N_PIECES))
PIECE_NAMES: tuple[str, ...] = tuple(piece_name(p) for p in range(N_PIECES))

# Chai tiles: (kind, count). Light blue ones are used in the pick-up phase, orange ones in delivery.
LIGHT_BLUE: tuple[str, ...] = ("bonus", "jump", "swap")
ORANGE: tuple[str, ...] = ("+Y", "+R", "+B", "+G", "-Y", "-R", "-B", "-G", "veto", "later")
CHAI_COUNTS: tuple[tuple[str, int], ...] = (
    ("bonus", 2),
    ("jump", 2),
    ("swap", 2),
    ("+Y", 3),
    ("+R", 3),
    ("+B", 3),
    ("+G", 3),
    ("-Y", 3),
    ("-R", 3),
    ("-B", 3),
    ("-G", 3),
    ("veto", 3),
    ("later", 3),
)
CHAI_KINDS: tuple[str, ...] = tuple(kind for kind, n in CHAI_COUNTS for _ in range(n))  # index = chai id
N_CHAI = len(CHAI_KINDS)
NO_MINUS_KINDS: frozenset[str] = frozenset({"-Y", "-R", "-B", "-G", "veto"})
CHAI_LABELS: dict[str, str] = {
    "bonus": "bonus dabba",
    "jump": "jump",
    "swap": "swap a card",
    "+Y": "+1 yellow",
    "+R": "+1 red",
    "+B": "+1 blue",
    "+G": "+1 green",
    "-Y": "-1 yellow",
    "-R": "-1 red",
    "-B": "-1 blue",
    "-G": "-1 green",
    "veto": "veto",
    "later": "play later",
}

# Module 1: one double zero tile per colour (spec: our reconstruction).
DOUBLE_ZERO: tuple[int, ...] = (0, 1, 2, 3)

# Module 2 tables (rulebook "Rules for the modules").
ORDER_NAMES: dict[int, str] = {
    1: "Presorted delivery",
    2: "Colorful mixture",
    3: "Small packages",
    4: "Skillful high stacking",
    5: "The more chai, the better",
    6: "Chai Master",
}
ORDER1_TIPS: dict[int, int] = {1: 10, 2: 5, 3: 2, 4: 0}  # colours -> tips, level completely filled
ORDER2_TIPS: dict[int, int] = {4: 10, 3: 5, 2: 2, 1: 0}  # colours -> tips
ORDER3_TIPS: tuple[tuple[int, int], ...] = ((6, 15), (5, 9), (4, 5), (3, 2))  # at least n tiles -> tips
ORDER4_TIPS_PER_LEVEL = 5
ORDER5_TIPS: tuple[int, ...] = (0, 2, 5, 9, 14, 20)  # by unspent chai tiles, 5+ -> 20
ORDER6_TIPS_EACH = 4
CHAI_TIPS_EACH = 2
EMPTY_PENALTY = 2
TRACK_MAX = 4
