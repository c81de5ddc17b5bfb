"""Saves on a real full and read-only disk: a 64 KiB tmpfs mounted in a
private mount namespace (`unshare -m`, as root), so nothing outlives the test. Where that is not
possible the test is skipped; test_save_faults.py covers the same behaviour with a patched writer."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("tmpfs_play.py")


def unshare_works() -> str:
    """'' when a private mount namespace with a tmpfs can be made here, else why not."""
    if shutil.which("unshare") is None:
        return "no unshare command"
    if os.geteuid() != 0:
        return "not root: cannot mount a tmpfs"
    probe = subprocess.run(
        ["unshare", "-m", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt && umount /mnt"],
        capture_output=True,
        text=True,
    )
    return "" if probe.returncode == 0 else f"unshare -m failed: {probe.stderr.strip()}"


@pytest.mark.skipif(bool(unshare_works()), reason=unshare_works() or "ok")
def test_full_then_read_only_tmpfs(tmp_path):
    home = tmp_path / "tiny"
    home.mkdir()
    command = f"mount -t tmpfs -o size=64k tmpfs '{home}' && exec '{sys.executable}' '{SCRIPT}' '{home}'"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        ["unshare", "-m", "--propagation", "private", "sh", "-c", command],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=env,
    )
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    assert "ALL OK" in done.stdout
    assert not list(home.iterdir())  # the tmpfs was private to the namespace
