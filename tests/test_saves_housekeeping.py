"""Housekeeping of the saves folder (issue 11): temporary files of writes killed half way are swept
at start (only those whose process is gone, or that are old), and names in a save are cleaned."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

from chaigames.engine import GameConfig, SeatConfig
from chaigames.saves import STALE_TMP_SECONDS, SaveStore, clean_names


def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_sweep_removes_temporaries_of_dead_processes_and_old_ones_only(tmp_path):
    store = SaveStore(tmp_path)
    store.saves.mkdir(parents=True)
    store.history.mkdir()
    dead = store.saves / f".g1.json.{dead_pid()}.tmp"
    live = store.saves / f".g2.json.{os.getpid()}.tmp"
    old = store.history / f".g3.json.{os.getpid()}.tmp"
    keep = [store.saves / "g4.json", store.saves / ".hidden", store.saves / "notes.tmp"]
    for p in [dead, live, old, *keep]:
        p.write_text("x")
    past = time.time() - STALE_TMP_SECONDS - 5
    os.utime(old, (past, past))
    assert store.sweep() == 2
    assert not dead.exists() and not old.exists() and live.exists() and all(p.exists() for p in keep)


async def test_the_app_sweeps_at_start(tmp_path):
    from screens.app import ChaiGamesApp

    store = SaveStore()
    store.saves.mkdir(parents=True)
    leftover = store.saves / f".g.json.{dead_pid()}.tmp"
    leftover.write_text("{")
    app = ChaiGamesApp(registry=False, store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not leftover.exists()


def test_clean_names_keeps_seats_distinct_and_named():
    seats = (SeatConfig("Ann\x1b[0m"), SeatConfig("Ann"), SeatConfig("\u202e", bot="easy"), SeatConfig("[b]x"))
    cleaned = clean_names(GameConfig(seats=seats))
    assert [s.name for s in cleaned.seats] == ["Ann", "Player 2", "Player 3", "[b]x"]
    assert cleaned.seats[2].bot == "easy"
    assert json.dumps([s.name for s in cleaned.seats])
