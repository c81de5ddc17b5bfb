"""Fixtures for the SSH game host: a host on 127.0.0.1 and a free port, client keys, clean-up."""

from __future__ import annotations

import logging
import shutil
import tempfile
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from chaigames.serve import start_fork_server
from chaigames.serve.host import Host, HostOptions, start_host
from tests.serve.tablehost import TableHost


@pytest.fixture
def client_key() -> Any:
    return asyncssh.generate_private_key("ssh-ed25519")


@pytest.fixture
def other_key() -> Any:
    return asyncssh.generate_private_key("ssh-ed25519")


@pytest.fixture
def authorized_keys(tmp_path: Path, client_key: Any) -> Path:
    path = tmp_path / "authorized_keys"
    path.write_bytes(client_key.export_public_key())
    return path


@pytest.fixture
async def make_host(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> AsyncIterator[Callable[..., Any]]:
    """`await make_host(**options)` starts a host on a free loopback port; all are closed afterwards."""
    caplog.set_level(logging.INFO, logger="chaigames.serve")
    hosts: list[Host] = []

    async def make(*, forks: bool = False, **kw: Any) -> Host:
        """`forks=True`: the games are forked from a fork server, as `chaigames serve` does."""
        kw.setdefault("data_dir", tmp_path / "serve")
        kw.setdefault("open", "authorized_keys" not in kw)
        kw.setdefault("hangup_grace", 2.0)
        options = HostOptions(host="127.0.0.1", port=0, **kw)
        host = await start_host(options, start_fork_server(options.color) if forks else None)
        hosts.append(host)
        return host

    yield make
    for host in hosts:
        await host.close()


@pytest.fixture(scope="session")
def shm_folders() -> Any:
    """Every in-memory data folder of this test process, removed once more at its end: a host closed
    after a test's `data_dir` was removed (fixtures end in reverse order) saves its tables there again."""
    folders: list[Path] = []
    yield folders
    for folder in folders:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def data_dir(tmp_path: Path, shm_folders: list[Path]) -> Any:
    """A server data folder for table tests: in memory where the system has one (/dev/shm), since a
    table fsyncs its record after every action and a whole test game is hundreds of actions."""
    shm = Path("/dev/shm")
    if not shm.is_dir():
        yield tmp_path
        return
    folder = Path(tempfile.mkdtemp(prefix="chaigames-table-", dir=shm))
    shm_folders.append(folder)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
async def table(data_dir: Path) -> AsyncIterator[TableHost]:
    """A table process on its socketpair (tests/serve/tablehost.py), the test playing the host's part."""
    host = TableHost("K7QD", data_dir)
    await host.start()
    yield host
    await host.close()
