"""Keys a table full of players cannot trip: the gate every key passes before anything sees it.

At one keyboard, a key meant for the game often lands a moment later on whatever replaced it: a
Chai! key on the results (a rematch), a sugar key on the pause menu (save and quit), an Enter
typed while a bot thought on the human's next decision. So the app drops a key that was pressed
before the moment the gate opens. The gate closes:

- when a screen that opens over or after a game (`Guarded`: results, pause, curtain, countdown,
  menu, confirmations) comes to the top: for its first `key_guard` seconds (0.5 s);
- when any screen comes to the top, and when the keyboard becomes a human's (turn-based): keys
  pressed before that moment were meant for something else and are never queued into it;
- while a real-time game's winning board is held (`win_hold`, about 3 s).

Times are Textual's event clock (`events.Key.time`), so a key is judged by when it was pressed,
not by when the busy UI thread got round to it.
"""

from __future__ import annotations

from .compat import event_time


class Guarded:
    """Mixin marker: a screen that opens over or after a game and ignores keys for its first moments."""


class KeyGate:
    """When keys count again. `hold(seconds)` closes it until `seconds` from now (never shortens it)."""

    def __init__(self) -> None:
        self.opens_at = 0.0

    def hold(self, seconds: float = 0.0) -> None:
        self.opens_at = max(self.opens_at, event_time() + max(seconds, 0.0))

    def admits(self, pressed_at: float) -> bool:
        """A key pressed at `pressed_at` (its event time) counts only once the gate is open."""
        return pressed_at >= self.opens_at
