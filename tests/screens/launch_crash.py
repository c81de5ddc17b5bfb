"""An app that crashes with a bug as its game starts (for test_crash.py): exits with run_app's status."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from chaigames.engine import GameConfig, SeatConfig  # noqa: E402
from screens.app import run_app  # noqa: E402
from tests import toygame  # noqa: E402


def broken_game(config, seed):
    raise RuntimeError("a bug [/] in the rules")


CRASHY = replace(toygame.SPEC, new_game=broken_game)

if __name__ == "__main__":
    config = GameConfig(seats=(SeatConfig("Ann"), SeatConfig("Ravi", bot="easy")), start_player=0)
    sys.exit(run_app(new_game=("toy", config, 1), games=[CRASHY]))
