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
    open_table,
    person,
    remember_setup,
    until,
)

SECRET_FIELDS = ("hand", "chai", "choice", "pending")


IDS = re.compile(r"\b[A-Z]\d{2}\b")  # card and chai tile ids, as the screens print them


def secret_ids(own: dict[str, Any], seat: int, received: list[dict[str, Any]]) -> set[str]:
    """Ids in `seat`'s private fields now (its hand, chai tiles, delivery choice) that were never in
    anything the other person's app received: if one shows on their screen, it leaked."""
    mine = own["view"]["players"][seat]
    private = IDS.findall(json.dumps([mine.get(f) for f in SECRET_FIELDS]))
    ever_seen = set(IDS.findall(json.dumps(received)))
    return set(private) - ever_seen


async def test_two_people_play_dabba_walla_to_the_results_and_keep_their_secrets(make_host, data_dir, monkeypatch):
    relay = Relay(monkeypatch)
    host = await make_host(data_dir=data_dir, tables=fast_tables())
    remember_setup(folder_of(host.options.data_dir, "Asha"), "dabba-walla", [None, None, "easy"], vehicle="crate")
    asha = await person(host.port, "Asha", columns=80, lines=24)  # small screens: less for pyte to read
    ravi = await person(host.port, "Ravi", columns=80, lines=24)
    code = await open_table(asha, "dabba-walla")
    await join_table(ravi, code)
    await ravi.wait_text("Waiting for the owner")
    await asha.wait_text("Ravi")
    asha.send(b"s")
    people = {"Asha": asha, "Ravi": ravi}
    seats = {"Asha": 0, "Ravi": 1}
    await until(lambda: relay.last_update("Asha") and relay.last_update("Ravi"), "the game to begin")
    leaks: list[str] = []
    checked: set[str] = set()  # every secret id looked for on the other screen

    async def play(name: str) -> int:
        """One person: whenever the game waits for them, Enter on what their screen offers (as a
        hurried player would); on every look at their screen, no id of the other's secrets."""
        player, other = people[name], "Ravi" if name == "Asha" else "Asha"
        steps = 0
        while not finished(relay, name):
            secrets = secret_ids(relay.last_update(other), seats[other], relay.sent[name])
            checked.update(secrets)
            for token in secrets:
                if re.search(rf"\b{token}\b", player.text):
                    leaks.append(f"{name}'s screen shows {other}'s {token}")
            if not relay.waits_for(name):
                await asyncio.sleep(0.05)
                continue
            steps += 1
            assert steps < 300, "the game should have ended"
            count = len(relay.sent[name])
            legal = {a["type"] for a in relay.last_update(name)["legal"]}
            if "empty" in legal and not legal & {"place", "return"}:
                player.send(b"e")  # level the squares with an empty dabba first
            player.send(ENTER)
            try:
                await until(lambda c=count: len(relay.sent[name]) > c, "an answer", timeout=2)
            except AssertionError:
                player.send(b"e" + ENTER)
        return steps

    steps = await asyncio.wait_for(asyncio.gather(play("Asha"), play("Ravi")), 240)
    assert all(steps), "both played by keys"
    assert not leaks, leaks[:5]
    assert checked, "some of the other person's secret cards were looked for on each screen"
    await asha.wait_text("Results", timeout=30)
    await ravi.wait_text("Results", timeout=30)
    results = [relay.last_update(n)["result"] for n in ("Asha", "Ravi")]
    assert results[0] == results[1] and results[0] is not None  # both see the same final scores

    def same_scores() -> bool:  # each results screen is drawn in more than one frame: wait for both whole
        scores = [line for line in asha.text.splitlines() if "Asha" in line or "Ravi" in line]
        return bool(scores) and all(line in ravi.text for line in scores)

    await until(same_scores, "the same scores on both screens", show=lambda: (asha.text, ravi.text), timeout=30)
