"""Shared test set-up: the environment the suite depends on, Hypothesis profiles for CI and mutation
runs, and a private data directory per test, in memory where the machine has a memory file system."""

from __future__ import annotations

import atexit
import gc
import os
import shutil
import sys
import tempfile
import time

import pytest
from hypothesis import HealthCheck, settings

from tests.budget import MUTATION_EXAMPLES

# What the screens and their snapshots depend on, set here for the whole session whatever the shell
# says (many people set NO_COLOR for good): set at import, so pytest-xdist's workers and every process
# a test starts inherit it too.
SUITE_ENVIRONMENT = {
    "TERM": "xterm-256color",
    "COLORTERM": "truecolor",
    "TZ": "UTC",
    "LANG": "C.UTF-8",
    "LC_ALL": "C.UTF-8",
    "PYTHONIOENCODING": "utf-8",
}
SHELL_ONLY = ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "COLUMNS", "LINES", "LANGUAGE")
# Textual's own settings of how it draws, for the processes tests start (this process read them when
# the snapshot plugin imported Textual; the snapshot plugin's TEXTUAL_SNAPSHOT_* must stay)
TEXTUAL_LOOK = ("TEXTUAL_COLOR_SYSTEM", "TEXTUAL_ANIMATIONS", "TEXTUAL_THEME", "TEXTUAL_DIM_FACTOR", "TEXTUAL_FPS")
KEPT = {"CHAIGAMES_TEST_TIMEOUT_SCALE"}  # the one setting of ours a person may pass in


def memory_temp_root() -> str | None:
    """`/dev/shm` where it exists and takes files, else None (the system's temporary folder).

    A save is fsynced twice (the file, then its folder): 5 to 20 ms on a disk, nothing in memory, and a
    game by keys saves after every move. The tests' folders (`tmp_path`, the data folder of each test)
    live here, so the suite does not wait on the disk; what the fsyncs are for is tested by calling them
    (tests/test_saves.py), not by timing a disk."""
    shm = "/dev/shm"
    if os.path.isdir(shm) and os.access(shm, os.W_OK | os.X_OK):
        return shm
    return None


def set_suite_environment() -> None:
    for name in list(os.environ):
        ours = name.startswith("CHAIGAMES_") and name not in KEPT
        if ours or name in SHELL_ONLY or name in TEXTUAL_LOOK or name.startswith("LC_"):
            del os.environ[name]
    os.environ.update(SUITE_ENVIRONMENT)
    # Each module compiled once, as Python does by default: with PYTHONDONTWRITEBYTECODE set (some shells
    # and containers set it), each worker would compile every test module again (about 8 s of CPU) and
    # every game process a test starts would compile the game's sources again.
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.dont_write_bytecode = False
    # pytest's `tmp_path` and every temporary folder of this process (a process a test starts is given
    # its folders by the test); read when the first is made, so set before any
    tempfile.tempdir = memory_temp_root()
    # the data folder of anything that runs outside a test's own (each test gets its own, below)
    home = tempfile.mkdtemp(prefix="chaigames-suite-home-")
    atexit.register(shutil.rmtree, home, ignore_errors=True)
    os.environ["CHAIGAMES_HOME"] = home
    time.tzset()


set_suite_environment()

# Every screen test builds a whole app and drops it: large graphs of objects in cycles, on a heap that
# holds Textual, Hypothesis and every game. At Python's default thresholds the collector went through
# that whole heap 30 times in three screen files' 34 s of CPU and took a quarter of it (8.7 s).
# Collecting the youngest objects every 50,000 allocations rather than 700, and the whole heap after
# 100 of the middle collections rather than 10, halves that (4 s) for about 30 MB more per worker.
gc.set_threshold(50_000, 20, 100)

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


# The tests that wait on other programs (the type check, the browser and the web host, the SSH host and
# its tables) take the longest; collected last, as their folders' names put them, one of them was often
# what a worker ran alone at the end while the other had finished. Run first, they share the cores with
# the short tests that follow, and the run ends on short tests.
STARTED_FIRST = ("tests/test_types.py", "tests/web/", "tests/serve/")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def turn(item: pytest.Item) -> int:
        starts = [item.nodeid.startswith(folder) for folder in STARTED_FIRST]
        return starts.index(True) if True in starts else len(STARTED_FIRST)

    items.sort(key=turn)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto`: one worker more than the cores this process may run on (xdist's own count where
    `PYTEST_XDIST_AUTO_NUM_WORKERS` says otherwise). Part of the suite waits rather than works: on
    SSH hosts, browsers and games in processes of their own, and on the app's real timers; a worker
    waiting leaves its core idle. Measured on 2 cores, quiet: two workers kept the cores 81-82 % busy
    (205.7 and 209.7 s), three 94 % (186.8 s)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    return len(os.sched_getaffinity(0)) + 1 if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1) + 1


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """At its end pytest collects the garbage five times over, so that an error raised in a finaliser
    (an unraisable exception) is still reported; each pass walks every object of the process (Textual,
    Hypothesis, every module the suite imported: about 0.2-0.3 s a pass in a worker). The garbage is
    collected here until a pass finds none, with pytest's hook still listening, and what is left alive
    is then set aside from later passes (`gc.freeze`): pytest's five passes find exactly what they
    would have found, without walking the whole heap again."""
    for _ in range(5):
        if not gc.collect():
            break
    gc.freeze()
