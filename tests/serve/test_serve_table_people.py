"""Three people at one table over SSH: Chai Wallah with everyone pressing keys at the same
moment, and Chai turn by turn. Every accepted action lands on its person's seat, and what each person
was sent agrees with what the others were sent."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from chaigames import games
from chaigames.engine import parse_record
from tests.serve.tableplay import (
    ENTER,
    Relay,
    fast_tables,
    folder_of,
    join_table,
    log_in,
    moves,
    open_table,
    remember_setup,
)
from tests.wait import until

NAMES = ("Asha", "Ravi", "Meera")


def record_of(data: Path, code: str) -> Any:
    folder = data / "tables" / code
    save_id = json.loads((folder / "table.json").read_text())["save_id"]
    return parse_record((folder / "saves" / f"{save_id}.json").read_text(), games.get)


OWN = {"seat", "reserved", "servable", "over_limit"}  # the viewer's own: its seat, Chai's reserved customers


def public(view: Any) -> Any:
    """What every seat may see of a view: null (hidden) fields and the viewer's own ones left out."""
    if isinstance(view, dict):
        return {k: public(v) for k, v in view.items() if v is not None and k not in OWN}
    if isinstance(view, list):
        return [public(v) for v in view]
    return view


def agree(a: Any, b: Any) -> bool:
    """Two views agree where both show something (one may hide what the other's seat sees)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return all(agree(a[k], b[k]) for k in a.keys() & b.keys())
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(agree(x, y) for x, y in zip(a, b, strict=True))
    return a == b


async def seat_three(make_host, data_dir, relay: Relay, game: str, seats: list[str | None], **options: Any):
    host = await make_host(data_dir=data_dir, tables=fast_tables(), forks=True)
    remember_setup(folder_of(host.options.data_dir, "Asha"), game, seats, **options)
    people = dict(zip(NAMES, await log_in(host.port, *NAMES), strict=True))
    code = await open_table(people["Asha"], game)
    for name in NAMES[1:]:
        await join_table(people[name], code)
        await people[name].wait_text("Waiting for the owner")
    await people["Asha"].wait_text("Ravi", "Meera")
    people["Asha"].send(b"s")
    await until(lambda: all(relay.last_update(n) for n in NAMES), "everyone's first update")
    return host, people, code


async def same_position(relay: Relay) -> None:
    """Everyone has been sent the same number of accepted actions (more may be on their way)."""
    await until(lambda: len({moves(relay, n) for n in NAMES}) == 1, "the same position for everyone")


def assert_everyone_agrees(relay: Relay) -> None:
    """At every number of accepted actions all three were sent, what they were sent agrees: each
    person's first update at that number (the table tells everyone at once after each action)."""
    firsts: dict[str, dict[int, Any]] = {n: {} for n in NAMES}
    for name in NAMES:
        for update in relay.updates(name):
            firsts[name].setdefault(update.get("moves", 0), update["view"])
    common = set.intersection(*(set(firsts[n]) for n in NAMES))
    assert common, "no position sent to all three"
    for m in sorted(common):
        for a in NAMES:
            for b in NAMES:
                agreed = agree(public(firsts[a][m]), public(firsts[b][m]))
                assert agreed, f"{a} and {b} were sent different positions after {m} actions"


async def test_chai_wallah_three_people_pressing_keys_at_the_same_moment(make_host, data_dir, monkeypatch):
    relay = Relay(monkeypatch)
    host, people, code = await seat_three(
        make_host, data_dir, relay, "chai-wallah", [None, None, None, "easy"], stall=None
    )
    await until(lambda: all((relay.last_update(n)["clock"] or {}).get("running") for n in NAMES), "the clock")
    # keys pressed before a screen is up, or while it still shows the countdown's pause, are not meant for it
    for player in people.values():
        await player.wait_text("orders")
        await player.wait_for(lambda p=player: "PAUSED" not in p.text, "the clock running on their screen")
    for keys in (b"w", b"a", b"s", b"d", b"w", b"i", b"t", b"l"):
        for player in people.values():  # the same key from three terminals at once
            player.send(keys)
        await same_position(relay)
        assert_everyone_agrees(relay)

    def seats() -> set[int]:
        return {entry.seat for entry in record_of(host.options.data_dir, code).effective()}

    await until(lambda: {0, 1, 2} <= seats(), "an action of each person saved", seen=seats, every=0.1)
    await same_position(relay)
    assert_everyone_agrees(relay)
    for name in NAMES:
        refused = [m for m in relay.sent[name] if m["t"] == "refused"]
        assert not [m for m in refused if m.get("seat") not in (None, NAMES.index(name))], refused


CHAI_KEYS = {"draw_additive": b"d", "market": ENTER, "pass": b"p"}


async def test_chai_three_people_turn_by_turn(make_host, data_dir, monkeypatch):
    relay = Relay(monkeypatch)
    host, people, code = await seat_three(make_host, data_dir, relay, "chai", [None, None, None])
    played = {n: 0 for n in NAMES}
    for _ in range(12):
        await same_position(relay)
        assert_everyone_agrees(relay)
        name = await until(lambda: next((n for n in NAMES if relay.waits_for(n)), None), "the game to wait for one")
        legal = [a["type"] for a in relay.last_update(name)["legal"]]
        key = next((CHAI_KEYS[t] for t in CHAI_KEYS if t in legal), b"1")
        before = moves(relay, name)
        await people[name].keys_until(  # again if the game's screen took it in its first moments
            key, lambda n=name, b=before: moves(relay, n) > b, f"{name}'s move ({key!r}, legal {sorted(set(legal))})"
        )
        played[name] += 1
    for name in NAMES:  # the bell rang once on the terminal of whoever the game waited for
        if any(u["turn_bell"] for u in relay.updates(name)):
            await people[name].wait_for(lambda n=name: b"\x07" in people[n].raw, f"the bell at {name}'s terminal")

    def by_seat() -> dict[int, int]:  # a table tells a move before its save is in place: the last may follow
        counts: dict[int, int] = {}
        for entry in record_of(host.options.data_dir, code).effective():
            counts[entry.seat] = counts.get(entry.seat, 0) + 1
        return counts

    await until(
        lambda: all(by_seat().get(NAMES.index(n), 0) >= played[n] > 0 for n in NAMES),
        f"every person's moves in the save ({played})",
        seen=by_seat,
        every=0.1,
    )
