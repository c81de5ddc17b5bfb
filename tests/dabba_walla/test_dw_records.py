"""Records made before a rules change still replay to the same results (then the rules version stays).

The corpus (`data/records_v1.jsonl`, written by `tools/dw_corpus.py` on the code before the DW-7 change:
2-4 seats, every vehicle, both modules, every bot level) is replayed on the current code.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chaigames.dabba_walla import SPEC
from chaigames.engine import Session
from chaigames.engine.record import record_from_json

CORPUS = Path(__file__).parent / "data" / "records_v1.jsonl"
GAMES = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line]


def test_the_corpus_covers_seats_vehicles_and_both_modules():
    configs = [game["record"]["config"] for game in GAMES]
    assert {len(c["seats"]) for c in configs} == {2, 3, 4}
    assert {c["options"]["vehicle"] for c in configs} == {"trailer", "handcart", "crate", "wheelbarrow"}
    assert any(c["options"].get("module1") for c in configs)
    assert {c["options"].get(f"order_card_{k}") for c in configs for k in (1, 2, 3)} >= {1, 2, 3, 4, 5, 6}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"seed{g['record']['seed']}")
def test_old_records_replay_to_the_same_result(game):
    record = record_from_json(game["record"], lambda _id: SPEC)
    session = Session.from_record(SPEC, record)
    assert session.over
    result = session.result()
    assert list(result.scores) == game["scores"] and list(result.winners) == game["winners"]
    assert [[row.source, list(row.values)] for row in result.breakdown] == game["breakdown"]
