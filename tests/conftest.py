"""Shared test set-up: Hypothesis profiles for CI and mutation runs and a private data directory per test."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from tests.budget import MUTATION_EXAMPLES

settings.register_profile(
    "ci",
    deadline=None,
    max_examples=25,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
settings.register_profile("dev", deadline=None, max_examples=10)
# tools/mutation.py: a few examples per property test (tests/budget.py caps the tests that set their own)
settings.register_profile(
    "mutation",
    deadline=None,
    max_examples=MUTATION_EXAMPLES,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
    database=None,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def _chaigames_home(tmp_path, monkeypatch):
    """Saves go to a temporary folder, never to the user's data directory."""
    monkeypatch.setenv("CHAIGAMES_HOME", str(tmp_path / "home"))
    yield
