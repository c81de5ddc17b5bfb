"""The monkey in the suite: seeded random keys, Ctrl+P, Esc and ? among them,
on the main menu, setup and each game's screen at 120x40. No exception, a zero exit status, and
every game's record replays to its live state. MONKEY_KEYS sets the keys per screen (default 300:
about two and a half minutes in all on 2 cores; benchmarks/monkey.py sends 2,000 or more)."""

from __future__ import annotations

import os

import pytest

from .monkey import TARGETS, run

KEYS = int(os.environ.get("MONKEY_KEYS", "300"))


@pytest.mark.parametrize("target", TARGETS)
async def test_monkey(target):
    report = await run(target, KEYS, seed=20261130)
    assert report.keys == KEYS
    assert report.faults == []
    if target not in ("menu", "setup"):
        assert report.games >= 1 and report.replays_checked >= 1
