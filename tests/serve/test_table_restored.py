"""A table restored after a restart whose last game had ended: shown as it ended, its record untouched."""

from __future__ import annotations

import json
from pathlib import Path

from chaigames import games
from chaigames.engine import GameConfig, SeatConfig, Session
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
