"""The computer players' levels, weakest first: the one list every game offers unless its spec lists fewer
(Chai Wallah's bots differ in reaction speed and stop at hard). The specs, the command line and the table wire
all read it here; it is plain data, so reading it loads nothing else of the engine."""

from __future__ import annotations

BOT_LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
