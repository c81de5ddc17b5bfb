"""The monkey in the suite: seeded random keys, Ctrl+P, Esc and ? among them,
on the main menu, setup and each game's screen at 120x40. No exception, a zero exit status, and
every game's record replays to its live state. MONKEY_KEYS sets the keys per screen (default 300),
sent as streams of their own seeds, each a test of its own (so that they run side by side and none
takes long): the screens that cost most a key (setup's form, Dabba Walla's board) in more, shorter
streams; benchmarks/monkey.py sends 2,000 or more in one stream."""

from __future__ import annotations

import os

import pytest

from .monkey import TARGETS, run

KEYS = int(os.environ.get("MONKEY_KEYS", "300"))
STREAMS = {"setup": 4, "dabba-walla": 3}  # the others: 2
SEED = 20261130


@pytest.mark.parametrize(
    ("target", "stream"), [(target, stream) for target in TARGETS for stream in range(STREAMS.get(target, 2))]
)
async def test_monkey(target, stream):
    keys = KEYS // STREAMS.get(target, 2)
    report = await run(target, keys, seed=SEED + stream)
    assert report.keys == keys
    assert report.faults == []
    if target not in ("menu", "setup"):
        assert report.games >= 1 and report.replays_checked >= 1
