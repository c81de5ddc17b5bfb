"""Files a player cannot be trusted about: crafted records in history/, setups.json, locks and a
table's file. None of them hangs the app, fills its memory, shows markup or escapes, or crashes a screen."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from chaigames import games
from chaigames.engine import GameConfig, SeatConfig, Session
from chaigames.engine.match import match_of
from chaigames.saves import SaveStore, when
from chaigames.setups import SetupMemory
from screens.history import history_row
from tests import toygame

HOSTILE = "[red]x[/]\x1b[2J\x1b]0;PWN\x07"
RLO = "\u202e" + "y" * 100


def lookup(game_id: str):
    return toygame.SPEC if game_id == "toy" else games.get(game_id)


def finished_toy(store: SaveStore, names: tuple[str, str] = ("Ann", "Ravi"), **meta) -> Path:
    """A finished toy game in history/, its meta changed by `meta` (None removes a key)."""
    config = GameConfig(seats=(SeatConfig(names[0]), SeatConfig(names[1], bot="easy")), start_player=0)
    session = Session(toygame.SPEC, config, 3)
    sid = store.new_id("toy")
    path = store.finish(session, sid)
    data = json.loads(path.read_text())
    for key, value in meta.items():
        data["meta"][key] = value
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("result", [{"scores": 5}, {"winners": ["x"]}, {"winners": [1.5]}, [1], "won"])
def test_history_shows_a_game_whose_saved_result_is_not_one(result):
    store = SaveStore()
    finished_toy(store, result=result)
    [info] = store.finished_games(lookup)
    row, _players = history_row(info, lookup)
    assert row[1] == toygame.SPEC.title and row[3] != "?"  # the result rebuilt from the record


def test_a_date_at_the_edge_of_the_calendar_is_shown_not_raised(monkeypatch):
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    try:
        assert when("0001-01-01T00:00:00+00:00") == "0001-01-01 00:00 UTC"
        assert when("9999-12-31T23:59:59+00:00")
    finally:
        monkeypatch.undo()
        time.tzset()


def test_names_in_a_history_record_are_cleaned_like_typed_ones():
    store = SaveStore()
    finished_toy(store, names=(HOSTILE, RLO))
    [info] = store.finished_games(lookup)
    names = [s.name for s in info.record.config.seats]
    assert all("\x1b" not in n and "\x07" not in n and "\u202e" not in n for n in names)
    assert all(len(n) <= 16 for n in names)
    row, players = history_row(info, lookup)
    assert "\x1b" not in " ".join((*row, players))


def test_names_in_setups_json_are_cleaned_like_typed_ones(tmp_path):
    config = GameConfig(seats=(SeatConfig(HOSTILE), SeatConfig(RLO, bot="easy")), start_player=0)
    (tmp_path / "setups.json").write_text(json.dumps({"toy": {"config": config.to_json(), "match_games": 1}}))
    last = SetupMemory(tmp_path).last("toy")
    assert last is not None
    assert all("\x1b" not in s.name and "\u202e" not in s.name and len(s.name) <= 16 for s in last.config.seats)


def test_a_crafted_match_is_no_match():
    assert match_of({"match": {"games": 1_000_000_000, "seats": 2}}) is None
    assert match_of({"match": {"games": 3, "seats": 8}}, seats=2) is None
    assert match_of({"match": {"games": 3, "seats": 2}}, seats=2) is not None


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_a_fifo_or_dev_zero_in_place_of_a_file_is_refused_at_once(tmp_path, kind):
    store = SaveStore(tmp_path)
    store.history.mkdir(parents=True)
    store.saves.mkdir(parents=True)
    places = [store.history / "x.json", tmp_path / "setups.json", store.lock_path("x"), store.saves / "y.json"]
    for place in places:
        if kind == "fifo":
            os.mkfifo(place)
        else:
            place.symlink_to("/dev/zero")
    start = time.monotonic()
    assert store.finished_games(lookup) == []
    assert SetupMemory(tmp_path).last("toy") is None
    assert store.lock_owner("x") is None
    assert all(info.record is None for info in store.list_saves(lookup))
    assert time.monotonic() - start < 5


def test_a_table_file_that_cannot_be_read_is_moved_aside(tmp_path, caplog):
    from chaigames.serve.tables.records import TABLE_FILE
    from chaigames.serve.tables.table import Table

    sent: list[dict] = []
    table = Table("K7QD", tmp_path, sent.append, games.get)
    table.folder.mkdir(parents=True, exist_ok=True)
    (table.folder / TABLE_FILE).write_text('{"game": "chai", "options": 5}')
    assert table.restore() is False
    assert not (table.folder / TABLE_FILE).exists()
    assert [p.name for p in table.folder.glob(f"{TABLE_FILE}.unreadable-*")]
    assert "moved aside" in caplog.text


@pytest.mark.skipif(not Path("/proc/1/stat").exists(), reason="reads /proc")
def test_a_lock_whose_pid_now_belongs_to_another_program_is_stale():
    """A lock left by a chaigames long gone, its pid since reused (here: process 1), is taken silently."""
    import socket

    store = SaveStore()
    store.saves.mkdir(parents=True)
    stale = {"pid": 1, "host": socket.gethostname(), "token": "old", "started": 123456789}
    store.lock_path("g").write_text(json.dumps(stale))
    assert store.claim("g")
    old_style = {"pid": 1, "host": socket.gethostname(), "token": "old"}  # before locks said when
    store.lock_path("h").write_text(json.dumps(old_style))
    assert store.claim("h")
