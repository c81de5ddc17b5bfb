"""Two people at a Dabba Walla table over SSH, playing it to the results by keys."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from tests.serve.tableplay import (
    ENTER,
    Relay,
    fast_tables,
    finished,
    folder_of,
    join_table,
    log_in,
    open_table,
    remember_setup,
)
from tests.wait import until

SECRET_FIELDS = ("hand", "chai", "choice", "pending")


IDS = re.compile(r"\b[A-Z]\d{2}\b")  # card and chai tile ids, as the screens print them


class Received:
    """Every id in anything one person's app received, read once per message as messages arrive."""

    def __init__(self, messages: list[dict[str, Any]]) -> None:
        self.messages = messages
        self.ids: set[str] = set()
        self.read = 0

    def __call__(self) -> set[str]:
        for message in self.messages[self.read :]:
            self.ids.update(IDS.findall(json.dumps(message)))
        self.read = len(self.messages)
        return self.ids


def secret_ids(own: dict[str, Any], seat: int, received: Received) -> set[str]:
    """Ids in `seat`'s private fields now (its hand, chai tiles, delivery choice) that were never in
    anything the other person's app received: if one shows on their screen, it leaked."""
    mine = own["view"]["players"][seat]
    private = IDS.findall(json.dumps([mine.get(f) for f in SECRET_FIELDS]))
    return set(private) - received()


STEPS = 4  # moves by keys for each person: the whole game's secrecy is checked at the table (test_table_play)


async def test_two_people_play_dabba_walla_by_keys_and_neither_screen_shows_the_others_secrets(
    make_host, data_dir, monkeypatch
):
    """A short game over SSH: each person plays their first moves by keys, and on every look at their
    screen no id of the other person's hand, chai tiles or delivery choice shows. Every update a table
    sends a seat holding only that seat's own view, for a whole game, is tests/serve/test_table_play.py's."""
    relay = Relay(monkeypatch)
    host = await make_host(data_dir=data_dir, tables=fast_tables(), forks=True)
    remember_setup(folder_of(host.options.data_dir, "Asha"), "dabba-walla", [None, None, "easy"], vehicle="crate")
    asha, ravi = await log_in(host.port, "Asha", "Ravi", columns=80, lines=24)  # small screens: less for pyte to read
    code = await open_table(asha, "dabba-walla")
    await join_table(ravi, code)
    await ravi.wait_text("Waiting for the owner")
    await asha.wait_text("Ravi")
    asha.send(b"s")
    people = {"Asha": asha, "Ravi": ravi}
    seats = {"Asha": 0, "Ravi": 1}
    await until(lambda: relay.last_update("Asha") and relay.last_update("Ravi"), "the game to begin")
    received = {name: Received(relay.sent[name]) for name in people}
    leaks: list[str] = []
    checked: set[str] = set()  # every secret id looked for on the other screen

    def look(name: str) -> None:
        """No id of the other person's secrets on `name`'s screen now."""
        other = "Ravi" if name == "Asha" else "Asha"
        secrets = secret_ids(relay.last_update(other), seats[other], received[name])
        checked.update(secrets)
        leaks.extend(
            f"{name}'s screen shows {other}'s {t}" for t in secrets if re.search(rf"\b{t}\b", people[name].text)
        )

    played = {"Asha": 0, "Ravi": 0}

    def enough() -> bool:
        return min(played.values()) >= STEPS

    async def play(name: str) -> None:
        """One person: whenever the game waits for them, Enter on what their screen offers (as a hurried
        player would), looking at their screen all the while, until both have made their moves."""
        player = people[name]
        while not enough():
            await until(
                lambda: look(name) or relay.waits_for(name) or finished(relay, name) or enough(),
                f"{name}'s move {played[name]}",
                seen=lambda: (relay.last_update(name)["status"], player.text),
            )
            if finished(relay, name) or enough():
                return
            count = len(relay.sent[name])
            legal = {a["type"] for a in relay.last_update(name)["legal"]}
            keys = b"e" + ENTER if "empty" in legal and not legal & {"place", "return"} else ENTER  # level first
            await player.keys_until(  # a game screen that has just opened ignores keys for a moment
                keys, lambda c=count: look(name) or len(relay.sent[name]) > c, f"an answer to {name}'s {keys!r}"
            )
            played[name] += 1

    await asyncio.gather(play("Asha"), play("Ravi"))
    assert all(played.values()), "both played by keys"
    look("Asha")
    look("Ravi")
    assert not leaks, leaks[:5]
    assert checked, "some of the other person's secret cards were looked for on each screen"
