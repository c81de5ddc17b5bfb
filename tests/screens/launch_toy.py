"""Start the chaigames app with the toy game injected, for the kill -9 test and for trying the frame.

python tests/screens/launch_toy.py              the main menu (Toy Race offered)
python tests/screens/launch_toy.py new SEED     a toy game at once: Ann (human, moves first) vs an easy bot
python tests/screens/launch_toy.py hotseat SEED Ann and Bob, two humans, with curtains
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from chaigames.engine import GameConfig, SeatConfig  # noqa: E402
from screens.app import ChaiGamesApp  # noqa: E402
from tests import toygame  # noqa: E402


def main(argv: list[str]) -> None:
    new_game = None
    if argv and argv[0] in ("new", "hotseat"):
        seed = int(argv[1]) if len(argv) > 1 else 1
        second = SeatConfig("Bob") if argv[0] == "hotseat" else SeatConfig("Ravi", bot="easy")
        config = GameConfig(seats=(SeatConfig("Ann"), second), options={"goal": 20}, start_player=0)
        new_game = ("toy", config, seed)
    ChaiGamesApp(games=[toygame.SPEC], new_game=new_game, bot_delay=0.3).run()


if __name__ == "__main__":
    main(sys.argv[1:])
