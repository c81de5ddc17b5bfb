"""A table restored after a restart whose last game had ended: shown as it ended, its record untouched."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from chaigames import games
from chaigames.engine import GameConfig, SeatConfig, Session
from chaigames.saves import settle
from chaigames.serve.tables.table import Table
from tests.serve.tablehost import TableHost
from tests.serve.test_table_secrets import CODE, SAVE_ID, table_folder

LONG_AGO = "2020-01-01T00:00:00+00:00"


def finished_dabba_walla() -> Session:
    spec = games.get("dabba-walla")
    config = GameConfig(seats=tuple(SeatConfig(n) for n in ("Asha", "Ravi", "Bot 3", "Bot 4")))
    session = Session(spec, config, 7, meta={"table": CODE})
    bots = [spec.make_bot("easy", 7 + i, i) for i in range(4)]
    while not session.over:
        seat = session.state.actors()[0]
        session.apply(seat, bots[seat].choose(session.state.view(seat), session.state.legal_actions(seat), 0))
    return session


async def test_a_finished_games_date_and_the_players_copies_stay_as_they_were_after_a_restart(data_dir: Path) -> None:
    table_folder(data_dir, finished_dabba_walla())
    record = data_dir / "tables" / CODE / "history" / f"{SAVE_ID}.json"
    data = json.loads(record.read_text())
    data["meta"]["finished"] = LONG_AGO
    record.write_text(json.dumps(data))
    host = TableHost(CODE, data_dir)
    await host.start()
    try:
        summary = await host.wait(lambda: [o for o in host.got if o.get("t") == "summary"], "the summary")
        assert summary[0]["finished"]
        assert json.loads(record.read_text())["meta"]["finished"] == LONG_AGO  # not the restart's time
        assert not (data_dir / "players").exists()  # nobody's History copy written again
    finally:
        await host.close()


def dabba_walla_moves(moves: int) -> Session:
    spec = games.get("dabba-walla")
    config = GameConfig(seats=tuple(SeatConfig(n) for n in ("Asha", "Ravi", "Bot 3", "Bot 4")))
    session = Session(spec, config, 7, meta={"table": CODE})
    bots = [spec.make_bot("easy", 7 + i, i) for i in range(4)]
    for _ in range(moves):
        seat = session.state.actors()[0]
        session.apply(seat, bots[seat].choose(session.state.view(seat), session.state.legal_actions(seat), 0))
    return session


async def test_a_move_a_killed_table_had_only_begun_to_save_is_in_its_game_after_a_restart(data_dir: Path) -> None:
    """A table tells nobody of a move before the record with it is whole in a temporary file; the fsync
    and the rename follow on another thread. Killed between the two, the restarted table puts that
    file in place: the move its people saw is in the game."""
    table_folder(data_dir, dabba_walla_moves(3))
    saves = data_dir / "tables" / CODE / "saves"
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, check=True)
    later = dabba_walla_moves(4)
    later.record.meta["save_id"] = SAVE_ID
    (saves / f".{SAVE_ID}.json.{int(gone.stdout)}-9.tmp").write_text(later.record.dumps(later.spec))
    table = Table(CODE, data_dir, lambda obj: None, games.get)
    assert table.restore() and table.game is not None
    assert table.game.session.action_count == 4
    assert [p.name for p in saves.iterdir() if p.suffix == ".tmp"] == []
    table.close()


async def test_a_turn_based_tables_move_is_told_before_its_save_is_on_the_disk(data_dir: Path) -> None:
    """At a table every game's save leaves the fsync and the rename to the committer thread (the test
    above: a restart puts a killed table's last record in place), turn-based ones too."""
    table_folder(data_dir, dabba_walla_moves(3))
    table = Table(CODE, data_dir, lambda obj: None, games.get)
    assert table.restore() and table.game is not None
    saves: list[bool] = []
    save = table.store.save
    table.store.save = lambda *a, later=False, **kw: (saves.append(later), save(*a, later=later, **kw))[1]  # type: ignore[method-assign]
    assert not table.game.realtime
    assert table.game.save() and saves == [True]
    settle()
    table.close()
