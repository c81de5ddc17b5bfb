"""Run the `chaigames` command with a disk that never finishes a background save, for the kill -9
test of real-time saves: every save a real-time game begins stays a temporary file (what a kill
between the key's frame and the committer's fsync and rename leaves behind).

python tests/screens/launch_stuck_disk.py new chai-wallah --seat Asha --bot easy --seed 7
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from chaigames.cli import main  # noqa: E402
from chaigames.saves import committer  # noqa: E402
from screens.app import ChaiGamesApp  # noqa: E402

committer.COMMITTER._run = threading.Event().wait  # the committer thread waits forever: nothing is put in place
# No 3-2-1 before the clock runs (the app's `countdown` setting, which `chaigames new` leaves at 3 s): what
# is tested is the key once the clock runs, and the three seconds before it were only waited through.
assert ChaiGamesApp.__init__.__kwdefaults__ is not None
ChaiGamesApp.__init__.__kwdefaults__["countdown"] = 0

if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
