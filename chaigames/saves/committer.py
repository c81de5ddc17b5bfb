"""The committer: one thread per process that finishes atomic writes in the order they were begun."""

from __future__ import annotations

import atexit
import queue
import threading
from pathlib import Path

from .atomic import commit


class Committer:
    """One thread per process that finishes atomic writes (`commit`) in the order they were begun.

    A real-time game saves after every key, and waiting for the disk (an fsync takes 5 to 20 ms)
    before the key's frame is drawn made every key late. The caller writes the temporary file
    itself (`write_temp`), so what the player saw accepted is already in the operating system's
    hands: a kill -9 now leaves a whole temporary file, which the next start's `SaveStore.sweep`
    puts in place. The fsync and the rename happen here, a moment later, in order.
    """

    def __init__(self) -> None:
        self._jobs: queue.Queue[tuple[Path, Path]] = queue.Queue()
        self._failure: OSError | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def submit(self, tmp: Path, path: Path) -> None:
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="chaigames-saves", daemon=True)
                self._thread.start()
                atexit.register(self._jobs.join)  # a normal exit leaves every save in place
        self._jobs.put((tmp, path))

    def _run(self) -> None:
        while True:
            tmp, path = self._jobs.get()
            try:
                commit(tmp, path)
            except OSError as exc:
                self._failure = exc
            finally:
                self._jobs.task_done()

    def wait(self) -> None:
        """Every write begun is on the disk (or failed: the failure is raised, once)."""
        self._jobs.join()
        self.raise_failure()

    def raise_failure(self) -> None:
        failure, self._failure = self._failure, None
        if failure is not None:
            raise failure


COMMITTER = Committer()


def settle() -> None:
    """Wait until every save begun by this process is on the disk under its own name (tests and tools
    that read a save file call this; the store's own readers do it themselves). Raises the OSError of
    a write that failed meanwhile."""
    COMMITTER.wait()
