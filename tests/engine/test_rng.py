"""The seeded RNG: deterministic, serialisable, and the same on every machine."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from chaigames.engine import Rng, derive_seed


def test_same_seed_same_sequence():
    a, b = Rng(42), Rng(42)
    assert [a.randbelow(1000) for _ in range(50)] == [b.randbelow(1000) for _ in range(50)]


def test_different_seeds_differ():
    assert [Rng(1).randbelow(10**9) for _ in range(3)] != [Rng(2).randbelow(10**9) for _ in range(3)]


def test_known_values_never_change():
    """Old records must replay the same forever: these draws are pinned (a change breaks every save)."""
    rng = Rng(0)
    assert [rng.randbelow(100) for _ in range(5)] == [35, 0, 79, 44, 47]
    rng = Rng(2026)
    assert [rng.randint(1, 6) for _ in range(8)] == [6, 6, 2, 1, 1, 6, 4, 2]
    assert derive_seed(7, "bot", 1) == 3681998538947774514


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=40))
def test_json_round_trip_continues_the_sequence(seed, skip):
    rng = Rng(seed)
    for _ in range(skip):
        rng.random()
    copy = Rng.from_json(json.loads(json.dumps(rng.to_json())))
    assert [copy.randbelow(7) for _ in range(20)] == [rng.randbelow(7) for _ in range(20)]


def test_clone_is_independent():
    rng = Rng(9)
    twin = rng.clone()
    assert twin == rng
    rng.random()
    assert twin != rng


@given(st.integers(min_value=1, max_value=50), st.integers(min_value=0, max_value=1000))
def test_randbelow_in_range(n, seed):
    rng = Rng(seed)
    assert all(0 <= rng.randbelow(n) < n for _ in range(20))


def test_randint_covers_both_ends():
    rng = Rng(3)
    seen = {rng.randint(1, 6) for _ in range(500)}
    assert seen == {1, 2, 3, 4, 5, 6}


def test_shuffle_is_a_permutation():
    items = list(range(30))
    Rng(5).shuffle(items)
    assert sorted(items) == list(range(30)) and items != list(range(30))


def test_derive_seed_depends_on_every_part():
    assert derive_seed(1, "bot", 0) != derive_seed(1, "bot", 1)
    assert derive_seed(1, "bot", 0) != derive_seed(2, "bot", 0)
    assert derive_seed(1, "bot", 0) == derive_seed(1, "bot", 0)
