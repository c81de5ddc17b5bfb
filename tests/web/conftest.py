"""Fixtures for `chaigames web` end to end: the real command in its own process (tests/hostprocess.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.hostprocess import HostProcess


@pytest.fixture
def start_host(tmp_path: Path) -> Iterator[Callable[..., HostProcess]]:
    """`start_host(*options)` starts `chaigames web --port 0` with those options; each is stopped afterwards."""
    hosts: list[HostProcess] = []

    def start(*args: str) -> HostProcess:
        host = HostProcess("web", tmp_path / "data", *args)
        hosts.append(host)
        return host

    yield start
    for host in hosts:
        host.stop()
