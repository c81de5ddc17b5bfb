"""Chai Wallah's live feed reads the game's log from its newest event back, only as far as the lines it
shows: a long game's log is not read whole for every line added to it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chaigames.engine import Event
from screens.chai_wallah.render import FEED_KINDS, feed_lines


class Watched(Sequence[Event]):
    """A log that remembers which of its events were read."""

    def __init__(self, events: list[Event]) -> None:
        self.events = events
        self.read: set[int] = set()

    def __len__(self) -> int:
        return len(self.events)

    def __getitem__(self, at: Any) -> Any:
        if isinstance(at, slice):
            self.read.update(range(len(self.events))[at])
        else:
            self.read.add(at % len(self.events))
        return self.events[at]


def game_log(moves: int) -> list[Event]:
    """Offers (not in the feed) between trades and claims (in it), a long line among them."""
    out = []
    for k in range(moves):
        out.append(Event("offer", f"Seat {k % 4} offers a die"))
        if k % 3 == 0:
            kind = "claim" if k % 9 == 0 else "trade"
            words = " and a long way round the stall" * (k % 2)
            out.append(Event(kind, f"Trade {k}: Asha gives T5 for S3{words}", data={"t": k / 2}))
    return out


def test_the_feed_reads_only_the_newest_events_it_shows():
    log = game_log(600)
    watched = Watched(log)
    text = feed_lines(watched, 6, 60)
    every = [e for e in log if e.kind in FEED_KINDS][-6:]  # what the feed shows: the newest six of them
    assert text == feed_lines(every, 6, 60)
    assert "Trade 597" in text.plain and "Trade 594" in text.plain
    assert len(watched.read) <= 30 < len(log)  # six feed events back, with the offers between them
    assert feed_lines(watched, 0, 60).plain == ""
