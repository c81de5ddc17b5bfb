"""A stand-in table process for the registry's tests: it echoes what the host relays, nothing more.

`python fake_table.py --fd N --code CODE ...`: every wrapped session message comes back to its
session as `{"t": "echo", "from", "who", "msg"}`; `connected`/`dropped` are noted in the summary;
`close` ends it (status 0). `say` sends the host the line it carries as it is; `raw` sends its
session the envelope it came in, as text. Standard library only.
"""

from __future__ import annotations

import json
import socket
import sys


def main(argv: list[str]) -> int:
    fd = int(argv[argv.index("--fd") + 1])
    code = argv[argv.index("--code") + 1]
    sock = socket.socket(fileno=fd)
    reader = sock.makefile("rb")
    conns: list[int] = []
    dropped: list[int] = []

    def send(msg: dict) -> None:
        sock.sendall(json.dumps(msg).encode() + b"\n")

    def summary() -> None:
        send(
            {
                "t": "summary",
                "code": code,
                "game": "chai",
                "title": "Chai",
                "owner": "x",
                "people": [],
                "free": 2,
                "started": False,
                "finished": False,
                "spectators": 0,
                "conns": conns,
                "dropped": dropped,
                "argv": argv,
            }
        )

    summary()
    for line in reader:
        msg = json.loads(line)
        if msg.get("t") == "close":
            return 0
        if msg.get("t") == "connected":
            conns.append(msg["conn"])
            summary()
        elif msg.get("t") == "dropped":
            dropped.append(msg["conn"])
            summary()
        elif "from" in msg:
            if msg["msg"].get("t") == "join" and msg["msg"].get("seat_code") == "NOPE":
                send({"to": msg["from"], "msg": {"t": "refused", "reason": "No seat here has that seat code"}})
                continue
            if msg["msg"].get("t") == "open":
                send({"to": msg["from"], "msg": {"t": "opened", "code": code}})
            if msg["msg"].get("t") in ("join", "open"):
                send(
                    {
                        "to": msg["from"],
                        "msg": {"t": "joined", "code": code, "seat": 0, "seat_code": None, "owner": False},
                    }
                )
            if msg["msg"].get("t") == "say":  # a line the test made, sent to the host as it is
                sock.sendall(msg["msg"]["line"].encode())
                continue
            if msg["msg"].get("t") == "raw":  # the envelope as it came, back to its session as text
                send({"to": msg["from"], "msg": {"t": "raw", "line": line.decode()}})
                continue
            if msg["msg"].get("t") == "ring":  # an update that rings, for this person to move
                update = {
                    "t": "update",
                    "seat": 0,
                    "actors": [0],
                    "paused": False,
                    "finished": False,
                    "turn_bell": True,
                }
                send({"to": msg["from"], "msg": update})
                continue
            if msg["msg"].get("t") in ("join", "open"):
                send({"t": "seated", "conn": msg["from"], "seat": 0})
            send({"to": msg["from"], "msg": {"t": "echo", "from": msg["from"], "who": msg["who"], "msg": msg["msg"]}})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
