"""Housekeeping of the saves folder: temporary files of writes killed half way are swept
at start (only those whose process is gone, or that are old), and names in a save are cleaned."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from chaigames import saves
from chaigames.engine import GameConfig, SeatConfig, Session
from chaigames.saves import STALE_TMP_SECONDS, SaveStore, clean_names, committer
from tests import toygame


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


def test_sweep_puts_the_newest_whole_temporary_of_a_dead_app_in_place_of_its_save(tmp_path):
    """A real-time save's fsync and rename happen on a thread after the key's frame: an app killed in
    between leaves whole temporary files, the newest of which is the last move it accepted."""
    store = SaveStore(tmp_path)
    store.saves.mkdir(parents=True)
    pid = dead_pid()
    (store.saves / "g.json").write_text('{"moves": 1}')
    older = store.saves / f".g.json.{pid}-7.tmp"
    newest = store.saves / f".g.json.{pid}-8.tmp"
    cut = store.saves / f".g.json.{pid}-9.tmp"  # killed while writing it: not whole
    for path, text in [(older, '{"moves": 2}'), (newest, '{"moves": 3}'), (cut, '{"mov')]:
        path.write_text(text)
    store.sweep()
    assert json.loads((store.saves / "g.json").read_text()) == {"moves": 3}
    assert sorted(p.name for p in store.saves.iterdir()) == ["g.json"]


def test_a_save_finished_later_is_on_disk_after_settle_and_a_failed_one_is_said_at_the_next_save(tmp_path, monkeypatch):
    store = SaveStore(tmp_path)
    session = Session(toygame.SPEC, GameConfig(seats=(SeatConfig("Ann"), SeatConfig("Bob")), start_player=0), 5)
    path = store.save(session, "g", later=True)
    saves.settle()
    assert json.loads(path.read_text())["game"] == "toy"
    assert [p.name for p in store.saves.iterdir()] == ["g.json"]

    def broken(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken)
    store.save(session, "g", later=True)
    committer.COMMITTER._jobs.join()  # the commit failed on the thread
    monkeypatch.undo()
    with pytest.raises(OSError, match="Input/output error"):
        store.save(session, "g", later=True)
    assert [p.name for p in store.saves.iterdir()] == ["g.json"]  # the failed one left no temporary file
    store.save(session, "g", later=True)  # the disk is back: saves go on
    saves.settle()
