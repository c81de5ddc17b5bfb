"""The table wire: how sessions, the host and table processes talk.

Framing: newline-delimited JSON, one object per line, UTF-8, at most `MAX_LINE` bytes a line.
Every message has `"t"`, its type; the host's two envelopes do not (`{"from", "who", "msg"}`
host -> table, `{"to", "msg"}` table -> host). The standard library and the engine's validation
kinds only: the host, the table process and the app in each session's pty all import it.
ARCHITECTURE.md shows where these messages travel ("The processes and what crosses between them").

Every message type lists its fields here (`SCHEMAS`, used by `check`), in the kinds positions and
views are read with (`chaigames.engine.validate`): a message with a field of the wrong type (or a
missing one) raises `Malformed` naming the field, e.g. `seats[0].kind`, so the table refuses it
and goes on. Extra fields are let through untouched (a newer peer may add some).
Named constructors (`act`, `join`, ...) build the messages a session sends, checked the same way.

How a table starts, and what some messages carry besides their required fields:

- A table process is started as `python -m chaigames.serve.tables.process --fd N --code CODE
  --data-dir DIR [--spectators N]`. If `DIR/tables/CODE/table.json` exists the table restores
  itself from it; otherwise the host's first messages are `connected` for the opener's CONN and
  then the opener's `open` message wrapped as usual (`{"from": CONN, "who": ..., "msg": {"t":
  "open", ...}}`). The table answers that session `opened` (then `joined` as seat 0, owner, and
  `lobby`), or `refused` and exits.
- `open` may carry `"names": [str|null]` (a bot seat's name; a person's seat takes its sitter's
  name) and the open message's `options` are the game's options (`GameConfig.options`).
- After a connection's first `update` (after each join, and each new game), the table sends what
  changed since the last one as `changes` (`chaigames.play.changes`: the changed fields, the changed
  parts of the view, the new log lines), and nothing when nothing that seat may see changed. The app
  rebuilds the whole update from them; one it cannot apply makes it ask `sync` for a whole one.
- `refused` has an optional `seat` (absent when the refusal is not about an action).
- `update` also carries `"started": bool`, `"moves": int` (accepted actions so far), `"thinking":
  bool` (a bot is choosing), `"countdown": int|null` (the 3-2-1 before real time runs) and
  `"your_turn": bool` (the game waits for this seat now: the host's `--idle-timeout` counts only then).
- `open` may carry `"away_limit": seconds` (real time: how long a seat may be away before a bot
  plays it; default 60).
- `summary` also carries `"holders": [IDENTITY]` (who holds a seat: the host's "Back to your table",
  also after a restart).
- `seated` may carry `"id"`, the identity now bound to that seat.
- `joined` also carries `"away_limit": seconds` (real time: how long the seat may be away before a
  bot plays it until its person comes back).
- Hints for learners: `open` may carry `"hints": true` (the table offers them, in a game with an expert;
  every game at the table, rematches too). `lobby` and `update` then say `"hints": bool`, and an update
  `"hints_used": int`, the hints its seat has asked for this game. A seat asks with `hint`: the table
  only counts it (in the record's meta); the hint itself is worked out in that person's own app from the
  seat's own update, never by the table.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from chaigames.engine import validate
from chaigames.engine.validate import (
    ANYTHING,
    BOOLEAN,
    NULL,
    NUMBER,
    OBJECT,
    TEXT,
    Kind,
    integer,
    list_of,
    shape,
    shown,
)

MAX_LINE = 1024 * 1024  # bytes in one line, its newline included
CODE_LETTERS = "ACDEFHJKLMNPQRTUVWXY3479"  # table and seat codes: no 0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B


def is_code(text: object) -> bool:
    """Whether `text` is a table code (4 to 8 unambiguous letters: safe as a folder name too)."""
    return type(text) is str and 4 <= len(text) <= 8 and all(c in CODE_LETTERS for c in text)


class Malformed(ValueError):
    """A line or message that is not what the protocol says. `field` names the culprit."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem


# -- framing -----------------------------------------------------------------------------------


def encode(msg: dict[str, Any]) -> bytes:
    """One message as one line. Raises Malformed if it is not an object or would be too long."""
    if not isinstance(msg, dict):
        raise Malformed("message", "must be a JSON object")
    line = json.dumps(msg, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode() + b"\n"
    if len(line) > MAX_LINE:
        raise Malformed("message", f"{len(line)} bytes is longer than a line may be ({MAX_LINE})")
    return line


class Encoder:
    """`encode` for a table's stream to its host: a message sent to several connections in a row (a
    seat's changes to each of its spectators) is turned into JSON once, each envelope around it."""

    def __init__(self) -> None:
        self._msg: dict[str, Any] | None = None  # kept, so that its id is not another message's
        self._line = b""

    def encode(self, obj: dict[str, Any]) -> bytes:
        msg, conn = obj.get("msg"), obj.get("to")
        if len(obj) != 2 or type(conn) is not int or type(msg) is not dict:
            return encode(obj)
        if msg is not self._msg:
            self._line = encode(msg)
            self._msg = msg
        line = b'{"to":%d,"msg":%s}\n' % (conn, self._line[:-1])
        if len(line) > MAX_LINE:
            raise Malformed("message", f"{len(line)} bytes is longer than a line may be ({MAX_LINE})")
        return line


def inner_line(line: bytes, envelope: dict[str, Any]) -> bytes | None:
    """The line of the message in a table's envelope `{"to": CONN, "msg": MESSAGE}` as the table wrote
    it, when `line` is that envelope as `Encoder` lays it out (`envelope` is the line decoded): the host
    passes it on to its session byte for byte, without encoding it again. None for any other layout.
    Its JSON is already checked whole: `envelope` came from this very line."""
    prefix = b'{"to":%d,"msg":' % envelope["to"]
    if len(envelope) != 2 or not line.startswith(prefix) or not line.endswith(b"}\n"):
        return None
    return line[len(prefix) : -2] + b"\n"


def envelope_from(conn: int, who: bytes, line: bytes) -> bytes:
    """`wrap_from(conn, who, msg)` as a line, around a session's line as it came (`who` the sender's
    identity already as JSON): the host passes a session's message on to its table without encoding it
    again. `line` must be one JSON object that `decode` read."""
    body = line.rstrip()
    out = b'{"from":%d,"who":%s,"msg":%s}\n' % (conn, who, body)
    if len(out) > MAX_LINE:
        raise Malformed("message", f"{len(out)} bytes is longer than a line may be ({MAX_LINE})")
    return out


def decode(line: bytes) -> dict[str, Any]:
    """The object on one line (its newline optional). Raises Malformed for anything else."""
    if len(line) > MAX_LINE:
        raise Malformed("line", f"longer than {MAX_LINE} bytes")
    try:
        obj = json.loads(line.decode("utf-8"), parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise Malformed("line", "not UTF-8") from None
    except (json.JSONDecodeError, RecursionError, ValueError) as exc:
        raise Malformed("line", f"not JSON ({exc})") from None
    if not isinstance(obj, dict):
        raise Malformed("line", "not a JSON object")
    return obj


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


async def read_message(reader: asyncio.StreamReader) -> dict[str, Any] | None:
    """The next object from `reader`; None at EOF. A bad line raises Malformed and is consumed
    whole, so the next call reads the line after it (the peer's next message)."""
    line = await read_line(reader)
    return None if line is None else decode(line)


async def read_line(reader: asyncio.StreamReader) -> bytes | None:
    """The next line from `reader`, as it came (its newline too, unless it was the last); None at EOF.
    A line over `MAX_LINE` or an empty one raises Malformed and is consumed whole."""
    try:
        line = await reader.readuntil(b"\n")
    except asyncio.IncompleteReadError as exc:
        if not exc.partial.strip():
            return None
        line = exc.partial  # the last line, without its newline
    except asyncio.LimitOverrunError:
        await _skip_line(reader)
        raise Malformed("line", f"longer than {MAX_LINE} bytes") from None
    if not line.strip():
        raise Malformed("line", "empty")
    return line


async def _skip_line(reader: asyncio.StreamReader) -> None:
    """Drop the rest of an over-long line (up to and including its newline, or to EOF)."""
    while True:
        try:
            await reader.readuntil(b"\n")
            return
        except asyncio.LimitOverrunError as exc:
            await reader.readexactly(exc.consumed)
        except asyncio.IncompleteReadError:
            return


async def open_stream(sock: Any) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """Streams over a connected socket, with a buffer limit that fits one whole line."""
    return await asyncio.open_connection(sock=sock, limit=MAX_LINE + 1)


# -- field checks: the engine's validation kinds -------------------------------------------------

INT = integer()
STR = TEXT
BOOL = BOOLEAN
NUM = NUMBER
OBJ = OBJECT
ANY = ANYTHING  # checked elsewhere (an action's JSON, a view)


def optional(kind: Kind) -> Kind:
    """The kind, or null."""
    return NULL | kind


def one_of(*choices: str) -> Kind:
    return validate.one_of(choices)


def _check(kind: Kind, value: Any, where: str) -> Any:
    """`value` when it is of `kind`; else Malformed naming the part that is not."""
    found = kind.problem(value, where)
    if found is not None:
        raise Malformed(*found)
    return value


WHO = shape({"id": STR, "name": STR, "keyed": BOOL})
TABLE = shape(
    {
        "code": STR,
        "game": STR,
        "title": STR,
        "owner": STR,
        "people": list_of(STR),
        "free": INT,
        "started": BOOL,
        "finished": BOOL,
        "spectators": INT,
    }
)
SEAT_ASK = shape({"kind": one_of("person", "bot"), "level": optional(STR)})
LOBBY_SEAT = shape(
    {"name": STR, "kind": one_of("person", "bot"), "level": optional(STR), "present": BOOL, "owner": BOOL}
)
CLOCK = shape({"running": BOOL, "now": NUM})
VIEW_PATH = list_of(STR | INT)
VIEW_STEP = Kind(  # [path, value] sets a part of a seat's view, [path] removes it (`chaigames.play.changes`)
    lambda v: type(v) is list and len(v) in (1, 2) and VIEW_PATH.ok(v[0]), "[path] or [path, value]"
)

# type -> (fields, the fields that may be left out)
SCHEMAS: dict[str, tuple[dict[str, Kind], frozenset[str]]] = {
    # session -> host
    "hello": ({}, frozenset()),
    "list": ({}, frozenset()),
    "open": (
        {
            "game": STR,
            "options": OBJ,
            "seats": list_of(SEAT_ASK),
            "pause_limit": INT,
            "names": list_of(optional(STR)),
            "hints": BOOL,
        },
        frozenset({"names", "hints"}),
    ),
    "join": ({"code": STR, "as": one_of("person", "spectator"), "seat_code": optional(STR)}, frozenset()),
    "leave": ({}, frozenset()),
    # session -> table (through the host)
    "act": ({"seat": INT, "action": OBJ}, frozenset()),
    "start": ({}, frozenset()),
    "to_bot": ({"seat": INT, "level": STR}, frozenset()),  # the table knows its game's levels
    "pause": ({}, frozenset()),
    "resume": ({}, frozenset()),
    "rematch": ({}, frozenset()),
    "sync": ({}, frozenset()),  # the app could not apply a `changes`: send this session its whole update again
    "hint": ({}, frozenset()),  # this seat asked for a hint (counted; its own app works it out)
    # host -> session
    "welcome": ({"name": STR, "keyed": BOOL, "mine": list_of(TABLE)}, frozenset()),
    "tables": ({"tables": list_of(TABLE)}, frozenset()),
    "opened": ({"code": STR}, frozenset()),
    "refused": ({"reason": STR, "seat": optional(INT)}, frozenset({"seat"})),
    # host -> table
    "connected": ({"conn": INT, "who": WHO}, frozenset()),
    "dropped": ({"conn": INT}, frozenset()),
    "close": ({}, frozenset()),
    # table -> host
    "summary": (
        {
            "code": STR,
            "game": STR,
            "title": STR,
            "owner": STR,
            "people": list_of(STR),
            "free": INT,
            "started": BOOL,
            "finished": BOOL,
            "spectators": INT,
        },
        frozenset(),
    ),
    "seated": ({"conn": INT, "seat": optional(INT), "id": STR}, frozenset({"id"})),
    # table -> session
    "joined": ({"code": STR, "seat": optional(INT), "seat_code": optional(STR), "owner": BOOL}, frozenset()),
    "lobby": (
        {
            "code": STR,
            "game": STR,
            "title": STR,
            "options": OBJ,
            "seats": list_of(LOBBY_SEAT),
            "started": BOOL,
            "hints": BOOL,
        },
        frozenset({"hints"}),
    ),
    "update": (
        {
            "seat": optional(INT),
            "view": ANY,
            "legal": list_of(OBJ),
            "actors": list_of(INT),
            "log": list_of(OBJ),
            "status": STR,
            "names": list_of(STR),
            "bots": list_of(optional(STR)),
            "away": list_of(INT),
            "paused": BOOL,
            "paused_by": optional(STR),
            "pauses_left": INT,
            "finished": BOOL,
            "result": optional(OBJ),
            "events": list_of(OBJ),
            "clock": optional(CLOCK),
            "turn_bell": BOOL,
            "hints": BOOL,
            "hints_used": INT,
        },
        frozenset({"hints", "hints_used"}),
    ),
    "changes": (
        {
            "seat": optional(INT),
            "fields": OBJ,
            "view": list_of(VIEW_STEP),
            "log": list_of(OBJ),
            "events": list_of(OBJ),
            "clock": optional(CLOCK),
            "turn_bell": BOOL,
        },
        frozenset(),
    ),
    "taken_over": ({}, frozenset()),
    "closed": ({"reason": STR}, frozenset()),
}
_MESSAGES = {t: shape(fields, optional=may_skip) for t, (fields, may_skip) in SCHEMAS.items()}


def check(msg: Any, expect: frozenset[str] | set[str] | tuple[str, ...] | None = None) -> dict[str, Any]:
    """Validate one message (its type, then every field of that type) and return it.

    `expect`, if given, is the set of types allowed here (a table takes no `welcome`)."""
    if type(msg) is not dict:
        raise Malformed("message", f"must be an object, not {shown(msg)}")
    t = msg.get("t")
    if type(t) is not str:
        raise Malformed("t", "is missing" if "t" not in msg else f"must be a string, not {shown(t)}")
    if t not in SCHEMAS or (expect is not None and t not in expect):
        raise Malformed("t", f"{shown(t)} is not a message here")
    return _check(_MESSAGES[t], msg, "")


def message(t: str, **fields: Any) -> dict[str, Any]:
    """Build a message of type `t` and check it."""
    return check({"t": t, **fields})


# -- the host's envelopes ----------------------------------------------------------------------------


def wrap_from(conn: int, who: dict[str, Any], msg: dict[str, Any]) -> dict[str, Any]:
    """Host -> table: a session's message, stamped with who sent it (the session never says)."""
    return {"from": conn, "who": who, "msg": msg}


def wrap_to(conn: int, msg: dict[str, Any]) -> dict[str, Any]:
    """Table -> host: a message for one session."""
    return {"to": conn, "msg": msg}


def check_from(obj: Any) -> tuple[int, dict[str, Any], dict[str, Any]]:
    """An envelope from the host: (conn, who, msg); msg itself is checked by the caller (`check`),
    so that a bad message inside a good envelope is refused to its sender."""
    if type(obj) is not dict:
        raise Malformed("message", "must be an object")
    conn = _check(INT, obj.get("from"), "from")
    who = _check(WHO, obj.get("who"), "who")
    msg = obj.get("msg")
    if type(msg) is not dict:
        raise Malformed("msg", f"must be an object, not {shown(msg)}")
    return conn, who, msg


def check_to(obj: Any) -> tuple[int, dict[str, Any]]:
    """An envelope from a table: (conn, msg)."""
    if type(obj) is not dict:
        raise Malformed("message", "must be an object")
    conn = _check(INT, obj.get("to"), "to")
    msg = check(obj.get("msg"))
    return conn, msg


# -- what a session sends -------------------------------------------------------------------------


def hello() -> dict[str, Any]:
    return message("hello")


def list_tables() -> dict[str, Any]:
    return message("list")


def open_table(
    game: str,
    options: dict[str, Any],
    seats: list[dict[str, Any]],
    pause_limit: int,
    names: list[str | None] | None = None,
    hints: bool = False,
) -> dict[str, Any]:
    """Open a table: `seats` are `{"kind": "person"|"bot", "level": str|None}`; seat 0 is the opener's.
    `hints`: the table's games offer hints for learners."""
    extra: dict[str, Any] = {} if names is None else {"names": names}
    if hints:
        extra["hints"] = True
    return message("open", game=game, options=options, seats=seats, pause_limit=pause_limit, **extra)


def join(code: str, as_: str = "person", seat_code: str | None = None) -> dict[str, Any]:
    return message("join", code=code, seat_code=seat_code, **{"as": as_})


def leave() -> dict[str, Any]:
    return message("leave")


def act(seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """`action` is the game's action JSON (`spec.actions.to_json(action)`)."""
    return message("act", seat=seat, action=action)


def start() -> dict[str, Any]:
    return message("start")


def to_bot(seat: int, level: str) -> dict[str, Any]:
    return message("to_bot", seat=seat, level=level)


def pause() -> dict[str, Any]:
    return message("pause")


def resume() -> dict[str, Any]:
    return message("resume")


def rematch() -> dict[str, Any]:
    return message("rematch")


def sync() -> dict[str, Any]:
    return message("sync")


def hint() -> dict[str, Any]:
    return message("hint")


def refused(reason: str, seat: int | None = None) -> dict[str, Any]:
    return message("refused", reason=reason, **({} if seat is None else {"seat": seat}))
