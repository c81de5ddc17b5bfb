"""One served game: `python -m chaigames.web.player ROOT`, the process behind one web page.

`chaigames web` starts it with Textual's web driver for each page that connects. It asks the
player's name first and keeps that name's saves under ROOT (see `chaigames.folders`).
"""

from __future__ import annotations

import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m chaigames.web.player SAVES_ROOT", file=sys.stderr)
        return 2
    from screens.app import ChaiGamesApp

    app = ChaiGamesApp(saves_by_name=Path(argv[0]))
    app.run()
    return app.return_code or 0  # 1 after a crash: the page then says chaigames stopped on an error


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
