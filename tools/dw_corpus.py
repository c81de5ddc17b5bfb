"""Write a corpus of finished Dabba Walla records with their results, for the record-compatibility test.

A rules change that only adds a legal action or moves a discard that draws no chance must leave every
existing record replaying to the same result; then the rules version stays. The corpus covers 2-4 seats,
every vehicle, both modules and every bot level. It is made ONCE on the code before such a change and kept
in ``tests/dabba_walla/data/``; ``tests/dabba_walla/test_dw_records.py`` replays it on the current code.

    python tools/dw_corpus.py            # rewrites tests/dabba_walla/data/records_v<N>.json
"""

from __future__ import annotations

import json
from pathlib import Path

from chaigames.dabba_walla import SPEC
from chaigames.engine import GameConfig, SeatConfig
from chaigames.engine.play import play_bots

OUT = Path(__file__).resolve().parent.parent / "tests" / "dabba_walla" / "data"
VEHICLES = ("trailer", "handcart", "crate", "wheelbarrow")
#: the modules in turn: none, Module 1, Module 2 (one side of each card), both, and no -1 tiles
OPTION_SETS: tuple[dict[str, object], ...] = (
    {},
    {"module1": True},
    {"order_card_1": 1, "order_card_2": 3, "order_card_3": 5},
    {"module1": True, "order_card_1": 2, "order_card_2": 4, "order_card_3": 6},
    {"no_minus": True, "order_card_2": 3},
)
LEVELS = ("easy", "normal", "hard")


def corpus_configs() -> list[tuple[GameConfig, int]]:
    """Every vehicle with every option set, seats cycling 2-4, bot levels mixed; one seed each."""
    out = []
    k = 0
    for vehicle in VEHICLES:
        for options in OPTION_SETS:
            n = 2 + k % 3
            seats = tuple(SeatConfig(f"Bot {i + 1}", bot=LEVELS[(k + i) % 3]) for i in range(n))
            config = SPEC.validate(GameConfig(seats=seats, options={"vehicle": vehicle, **options}))
            out.append((config, 1000 + k))
            k += 1
    return out


def main() -> None:
    games = []
    for config, seed in corpus_configs():
        played = play_bots(SPEC, config, seed)
        assert played.finished
        result = played.session.result()
        games.append(
            {
                "record": played.session.record.to_json(SPEC),
                "scores": list(result.scores),
                "winners": list(result.winners),
                "breakdown": [[row.source, list(row.values)] for row in result.breakdown],
            }
        )
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"records_v{SPEC.rules_version}.jsonl"
    lines = [json.dumps(game, separators=(",", ":")) for game in games]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(games)} games, {path.stat().st_size} bytes -> {path}")


if __name__ == "__main__":
    main()
