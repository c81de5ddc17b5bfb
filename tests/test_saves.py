"""Saves on disk (chaigames/saves/): atomic writes, resume, history, broken and foreign files."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from dataclasses import replace

import pytest

from chaigames import games
from chaigames.engine import GameConfig, RecordError, SeatConfig, Session
from chaigames.saves import SaveStore, data_dir, when, write_atomic
from tests import toygame
from tests.toygame import Roll, Step


def lookup(game_id: str):
    if game_id == "toy":
        return toygame.SPEC
    return games.get(game_id)


def toy_session(seed: int = 3) -> Session:
    config = GameConfig(seats=(SeatConfig("Ann"), SeatConfig("Ravi", bot="easy")), start_player=0)
    return Session(toygame.SPEC, config, seed)


def test_data_dir_honours_chaigames_home(tmp_path, monkeypatch):
    monkeypatch.setenv("CHAIGAMES_HOME", str(tmp_path / "x"))
    assert data_dir() == tmp_path / "x"


def test_data_dir_defaults_to_platformdirs(monkeypatch):
    monkeypatch.delenv("CHAIGAMES_HOME")
    import platformdirs

    assert str(data_dir()) == platformdirs.user_data_dir("chaigames", appauthor=False)


def test_write_atomic_replaces_whole_file_and_leaves_no_temporary(tmp_path):
    path = tmp_path / "a" / "game.json"
    write_atomic(path, "first")
    write_atomic(path, "second")
    assert path.read_text() == "second"
    assert sorted(p.name for p in path.parent.iterdir()) == ["game.json"]


def test_write_atomic_makes_the_file_then_its_rename_durable(tmp_path, monkeypatch):
    """The suite's folders live in memory, where an fsync costs nothing and proves nothing: what makes a
    save durable on a disk is checked here as the calls it makes, in their order."""
    synced: list[str] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append(os.readlink(f"/proc/self/fd/{fd}"))
        real_fsync(fd)

    replaced: list[str] = []
    real_replace = os.replace

    def replace_file(src, dst) -> None:
        replaced.append(str(dst))
        synced.append("(renamed)")
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace_file)
    path = tmp_path / "save.json"
    write_atomic(path, "whole")
    assert path.read_text() == "whole" and replaced == [str(path)]
    temporary, renamed, folder = synced
    assert temporary.startswith(str(tmp_path / ".save.json.")) and temporary.endswith(".tmp")  # the text first
    assert renamed == "(renamed)"
    assert folder == str(tmp_path)  # then the rename itself


def test_save_then_load_rebuilds_the_identical_state():
    store = SaveStore()
    s = toy_session()
    sid = store.new_id("toy")
    store.save(s, sid)
    s.apply(0, Step(2))
    s.apply(1, Roll())
    store.save(s, sid)
    back = store.load(sid, lookup)
    assert back.state.to_json() == s.state.to_json()
    assert back.record.meta["save_id"] == sid and "updated" in back.record.meta


def test_undo_is_recorded_in_the_save():
    store = SaveStore()
    s = toy_session()
    sid = store.new_id("toy")
    s.apply(0, Step(1))
    s.apply(1, Step(1))
    assert s.undo(0) == 2
    store.save(s, sid)
    data = json.loads(store.path_of(sid).read_text())
    assert data["entries"][-1] == {"undo": 2}
    assert store.load(sid, lookup).state.to_json() == s.state.to_json()


def test_finish_moves_the_record_to_history():
    store = SaveStore()
    s = toy_session()
    sid = store.new_id("toy")
    store.save(s, sid)
    store.finish(s, sid)
    assert not store.path_of(sid).exists()
    assert (store.history / f"{sid}.json").exists()
    assert store.unfinished(lookup) == []


@pytest.mark.parametrize(
    "content",
    [b"", b"{not json", b'{"format": "chaigames-record", "game": "toy"}', b"[1, 2]", b"\xff\xfe garbage"],
    ids=["empty", "truncated", "incomplete", "not-an-object", "binary"],
)
def test_a_corrupt_save_is_listed_with_a_message_and_moved_aside(content):
    store = SaveStore()
    good = toy_session()
    store.save(good, "good")
    store.saves.joinpath("broken.json").write_bytes(content)
    infos = store.list_saves(lookup)
    by_id = {i.save_id: i for i in infos}
    assert by_id["good"].resumable
    assert not by_id["broken"].resumable
    assert "unreadable save" in by_id["broken"].problem and "moved aside" in by_id["broken"].problem
    assert not store.path_of("broken").exists() and (store.aside / "broken.json").exists()
    assert [i.save_id for i in store.list_saves(lookup)] == ["good"]  # reported once, then out of the way


def test_a_save_whose_actions_cannot_be_replayed_is_moved_aside():
    store = SaveStore()
    s = toy_session()
    s.apply(0, Step(1))
    data = json.loads(s.record.dumps(toygame.SPEC))
    data["entries"].append({"seat": 0, "action": {"type": "step", "n": 1}})  # not seat 0's turn
    store.saves.mkdir(parents=True)
    store.saves.joinpath("cheat.json").write_text(json.dumps(data))
    (info,) = store.list_saves(lookup)
    assert not info.resumable and "action 2" in info.problem
    assert (store.aside / "cheat.json").exists()


def test_a_foreign_game_is_moved_aside():
    store = SaveStore()
    data = json.loads(toy_session().record.dumps(toygame.SPEC))
    data["game"] = "snakes-and-ladders"
    store.saves.mkdir(parents=True)
    store.saves.joinpath("foreign.json").write_text(json.dumps(data))
    (info,) = store.list_saves(lookup)
    assert "unknown game" in info.problem and info.moved_aside


def test_a_save_from_another_rules_version_stays_in_place():
    store = SaveStore()
    s = toy_session()
    store.save(s, "old")
    newer = replace(toygame.SPEC, rules_version=2)
    (info,) = store.list_saves(lambda gid: newer)
    assert not info.resumable
    assert "rules v1, cannot be resumed here" in info.problem
    assert store.path_of("old").exists() and not info.moved_aside
    with pytest.raises(RecordError):
        store.load("old", lambda gid: newer)


def test_a_save_of_a_game_not_in_this_build_stays_in_place():
    store = SaveStore()
    data = json.loads(toy_session().record.dumps(toygame.SPEC))
    data["game"] = "chai"

    def not_built(game_id):
        raise games.GameNotBuilt("Chai is not built yet")

    store.saves.mkdir(parents=True)
    store.saves.joinpath("chai.json").write_text(json.dumps(data))
    (info,) = store.list_saves(not_built)
    assert "this version does not have" in info.problem
    assert store.path_of("chai").exists()


def test_continue_list_is_newest_first_with_seats_and_when():
    store = SaveStore()
    a, b = toy_session(1), toy_session(2)
    store.save(a, "a")
    store.save(b, "b")
    a.record.meta["updated"] = "2020-01-01T00:00:00+00:00"
    b.record.meta["updated"] = "2021-01-01T00:00:00+00:00"
    from chaigames.saves import write_atomic as w

    w(store.path_of("a"), a.record.dumps(toygame.SPEC))
    w(store.path_of("b"), b.record.dumps(toygame.SPEC))
    infos = store.unfinished(lookup)
    assert [i.save_id for i in infos] == ["b", "a"]
    assert infos[0].label().startswith("Toy Race: Ann, Ravi (easy bot)  (0 moves, 2021-01-01")


def test_when_reads_like_a_person():
    now = dt.datetime(2026, 1, 2, 12, 0, tzinfo=dt.UTC)
    assert when("2026-01-02T11:59:30+00:00", now) == "just now"
    assert when("2026-01-02T11:50:00+00:00", now) == "10 min ago"
    assert when("2026-01-02T09:00:00+00:00", now) == "3 h ago"
    assert when("garbage", now) == "unknown time"
    assert when(None, now) == "unknown time"


def test_saves_module_imports_no_front_end():
    code = (
        "import sys, chaigames.saves; bad = {'textual', 'rich', 'screens'} & set(sys.modules); "
        "bad and sys.exit(', '.join(sorted(bad)))"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=os.getcwd())
    assert proc.returncode == 0, proc.stderr


def test_finished_games_keep_their_result_and_list_newest_first(tmp_path):
    from chaigames.engine import GameConfig, SeatConfig, play_bots
    from chaigames.saves import SaveStore
    from tests import toygame

    store = SaveStore(tmp_path)
    ids = []
    for seed in (1, 2):
        played = play_bots(toygame.SPEC, GameConfig(seats=(SeatConfig("A", "easy"), SeatConfig("B", "easy"))), seed)
        save_id = store.new_id("toy")
        store.finish(played.session, save_id)
        played.session.record.meta["finished"] = f"2026-11-30T10:0{seed}:00+00:00"  # a later game
        (store.history / f"{save_id}.json").write_text(played.session.record.dumps(toygame.SPEC))
        ids.append(save_id)
        assert played.session.record.meta["result"] == played.session.result().to_json()
    (store.history / "broken.json").write_text("{")
    listed = store.finished_games(lambda g: toygame.SPEC)
    assert [i.save_id for i in listed] == ids[::-1]
    assert (store.history / "broken.json").exists()  # history is never moved aside


def test_a_continue_line_counts_one_move_in_the_singular():
    from pathlib import Path

    from chaigames.saves import SaveInfo

    session = toy_session(1)
    session.apply(0, Step(1))
    assert "(1 move, " in SaveInfo("a", Path("a.json"), session.record, "Toy Race").label()
    session.apply(1, Step(1))
    assert "(2 moves, " in SaveInfo("a", Path("a.json"), session.record, "Toy Race").label()
