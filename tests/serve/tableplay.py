"""People at a table over real SSH: pyte terminals, keys, and what the host relayed to each of them.

The tests open and join tables through the menus by keys, like players. To know when the game
waits for someone (and so when to press a key) they read the host's relay: every message the host
forwarded to a session is recorded per session (`Relay`), which is also the evidence of what a
client process ever held.
"""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path
from typing import Any

from chaigames.engine import GameConfig, SeatConfig
from chaigames.play import changes, wire
from chaigames.serve.players import key_id, player_folder
from chaigames.serve.registry import Link, TableSettings
from chaigames.setups import SetupMemory
from tests.serve.sshplay import Player, connect
from tests.terminal import highlight_move

# Bots without a visible pause and a short 3-2-1: the tests wait for the game, not for show.
FAST_TABLES = [sys.executable, "-m", "chaigames.serve.tables.process", "--bot-delay", "0", "--countdown", "0.05"]
GAME_TITLES = {"chai-wallah": "Chai Wallah", "chai": "Chai", "dabba-walla": "Dabba Walla"}
GAME_LINES = {"chai-wallah": 2, "chai": 1, "dabba-walla": 0}  # Up presses from the menu's last line (End)
END, UP, ENTER, ESC = b"\x1b[F", b"\x1b[A", b"\r", b"\x1b"


def fast_tables(**kw: Any) -> TableSettings:
    return TableSettings(command=FAST_TABLES, **kw)


class Relay:
    """Every message the host forwarded to each session, by the session's name (install with monkeypatch)."""

    def __init__(self, monkeypatch: Any) -> None:
        self.sent: dict[str, list[dict[str, Any]]] = {}
        self.links: dict[str, Link] = {}
        self._updates: dict[str, list[dict[str, Any]]] = {}  # filed as they pass: waits look at them often
        original = Link.send_line
        relay = self

        def send_line(link: Link, line: bytes) -> None:  # every message to a session, as the bytes it gets
            msg = wire.decode(line)
            kept = msg
            if msg.get("t") == "changes":  # kept as the whole update the app makes of them
                kept = changes.rebuild(relay.last_update(link.name), msg)
            relay.sent.setdefault(link.name, []).append(kept)
            if kept.get("t") == "update":
                relay._updates.setdefault(link.name, []).append(kept)
            relay.links[link.name] = link
            original(link, line)

        monkeypatch.setattr(Link, "send_line", send_line)

    def updates(self, name: str) -> list[dict[str, Any]]:
        return list(self._updates.get(name, []))

    def last_update(self, name: str) -> dict[str, Any] | None:
        ups = self._updates.get(name)
        return ups[-1] if ups else None

    def waits_for(self, name: str) -> bool:
        """The table's last word to this person: it waits for their move."""
        link = self.links.get(name)
        return link is not None and link.table is not None and link.waiting_since is not None


def folder_of(data_dir: Path, user: str = "", key: Any = None) -> Path:
    """A player's folder on the host: by key with key authentication, else by name (--open)."""
    if key is not None:
        return player_folder(data_dir, key=key_id(key.public_data))
    return player_folder(data_dir, user=user)


def remember_setup(folder: Path, game: str, seats: list[str | None], **options: Any) -> None:
    """What the opener's setup screen will offer (as if they had set it up before): a person (None) or a
    bot level per seat, and the game's options."""
    names = ["Me", "Bot A", "Bot B", "Bot C", "Bot D", "Bot E", "Bot F", "Bot G"]
    config = GameConfig(seats=tuple(SeatConfig(names[i], bot) for i, bot in enumerate(seats)), options=dict(options))
    SetupMemory(folder).remember(game, config)


async def person(port: int, name: str, *, columns: int = 100, lines: int = 32, key: Any = None) -> Player:
    conn = await connect(port, user=name, key=key)
    player = await Player.open(conn, columns=columns, lines=lines)
    player.conn = conn  # type: ignore[attr-defined]
    await player.wait_text("Join a table")
    return player


async def log_in(port: int, *names: str, **kw: Any) -> list[Player]:
    """`person` for each name, all logging in at once: their games start side by side, not one after another."""
    return list(await asyncio.gather(*(person(port, name, **kw) for name in names)))


def table_code(player: Player) -> str:
    found = re.search(r"chaigames: Table ([A-Z0-9]{4})", player.text)
    assert found, player.text
    return found.group(1)


async def open_table(player: Player, game: str) -> str:
    """From the menu: highlight the game, `o`, Ctrl+S on the remembered setup; the lobby's code."""
    first = player.backgrounds()  # the menu opens on its first line; End takes the highlight to the games

    def highlighted() -> bool:
        _, arrived = highlight_move(first, player.backgrounds())
        line = player.lines[arrived[0]] if arrived else ""
        return GAME_TITLES[game] in line and (game != "chai" or "Chai Wallah" not in line)

    await player.keys_until(END + UP * GAME_LINES[game], highlighted, f"{game} highlighted in the menu")
    player.send(b"o")
    await player.wait_text("Open a table:")
    player.send(b"\x13")  # Ctrl+S
    await player.wait_text("Table code", "s starts the game")
    return table_code(player)


async def join_table(player: Player, code: str, seat_code: str = "") -> None:
    """From the menu (or, without a code, on the join screen with its code filled in): join."""
    if code:
        player.send(b"j")
        await player.wait_text("Open tables on this host")
        player.send(code.encode())
    if seat_code:
        await player.wait_for(lambda: code in player.text, "the code typed")
        row = player.row_of("Seat code")
        assert row is not None, player.text
        unfocused = player.row_style(row)
        player.send(b"\t")  # the field's look changes once it has the keys
        await player.wait_for(lambda: player.row_style(row) != unfocused, "the seat code field to take the keys")
        player.send(seat_code.encode())
        await player.wait_for(lambda: seat_code in player.text, "the seat code typed")
    player.send(ENTER)


def moves(relay: Relay, name: str) -> int:
    last = relay.last_update(name)
    return int(last.get("moves", 0)) if last else 0


def finished(relay: Relay, name: str) -> bool:
    last = relay.last_update(name)
    return bool(last and last["finished"])
