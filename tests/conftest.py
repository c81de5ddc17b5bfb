"""Shared test set-up: a Hypothesis profile for CI and a private data directory per test."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    deadline=None,
    max_examples=25,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
settings.register_profile("dev", deadline=None, max_examples=10)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def _chaigames_home(tmp_path, monkeypatch):
    """Saves go to a temporary folder, never to the user's data directory."""
    monkeypatch.setenv("CHAIGAMES_HOME", str(tmp_path / "home"))
    yield
