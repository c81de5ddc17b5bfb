"""The few places the front end reaches past Textual's public API, each with why it must.

Everything else in `screens` uses Textual's public API only (tests/screens/test_compat.py checks
that no other module names a private Textual attribute or module). The runtime dependency is pinned
to the Textual versions this module is tested with (pyproject.toml): a new minor release may move
any of these, so it is tried here first.

- `event_time`: the clock Textual stamps every event with. The key gate compares a key's
  `events.Key.time` with "now"; only the same clock makes the two comparable (Textual picks
  `time.monotonic` or, on Windows, `time.perf_counter`, and says so only in `textual._time`).
- `bind_key`, `show_bindings`: keys bound on one screen object after it is made (a confirmation
  that may take Enter for yes; Chai Wallah's zone keys, which depend on who plays) and a screen's
  footer hiding some of its keys when 80 columns cannot hold them. Textual binds keys per class
  (`BINDINGS`); the object's own binding map (`DOMNode._bindings`) is the only per-object one.
- `tell_page`: a message for the web page around the app (`chaigames web`, the browser tab's
  title). Textual's web driver passes such a message to the host as a meta packet
  (`write_meta`), but the app reaches its driver only through `App._driver`.
- `CrashHooks`: after an unhandled error the app writes a crash log and shows the player one
  friendly line instead of Textual's traceback. Textual offers no public hook between catching
  the error and printing it (`App._handle_exception`, `App._print_error_renderables`,
  `App._exit_renderables`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from textual._time import get_time as _get_time


def event_time() -> float:
    """Now, on the clock Textual stamps events with (`events.Key.time`)."""
    return _get_time()


def bind_key(node: Any, keys: str, action: str, description: str = "", *, show: bool = True) -> None:
    """Bind `keys` to `action` on this one screen or widget (not on its class)."""
    node._bindings.bind(keys, action, description, show=show)


def show_bindings(node: Any, ids: Iterable[str], shown: bool) -> bool:
    """Show (or hide) in the footer this object's bindings whose id is in `ids`; they still act.
    Returns whether anything changed (the caller then refreshes the footer)."""
    ids = frozenset(ids)
    changed = False
    key_to_bindings = node._bindings.key_to_bindings
    for key, bindings in list(key_to_bindings.items()):
        if any(b.id in ids and b.show != shown for b in bindings):
            key_to_bindings[key] = [replace(b, show=shown) if b.id in ids else b for b in bindings]
            changed = True
    return changed


def tell_page(app: Any, meta: dict[str, Any]) -> None:
    """Send `meta` to the web page around the app; nothing happens in a terminal."""
    write_meta = getattr(app._driver, "write_meta", None)  # only Textual's web driver has it
    if write_meta is not None:
        write_meta(meta)


class CrashHooks:
    """Mixed in front of `textual.app.App`: an unhandled error goes to `record_crash(error)` first, and
    `report_crash()` may print the player's line instead of the traceback (returning True)."""

    def record_crash(self, error: BaseException) -> None:
        """Called once per unhandled error, before Textual shuts the app down."""

    def report_crash(self) -> bool:
        """Print what the player sees after a crash; False leaves Textual's traceback."""
        return False

    def _handle_exception(self, error: Exception) -> None:
        self.record_crash(error)
        super()._handle_exception(error)  # type: ignore[misc]

    def _print_error_renderables(self) -> None:
        if self.report_crash():
            self._exit_renderables.clear()  # type: ignore[attr-defined]
            return
        super()._print_error_renderables()  # type: ignore[misc]
