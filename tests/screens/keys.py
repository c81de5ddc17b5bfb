"""Keys as fast as the app handles them, for Pilot tests that press hundreds (the monkey, whole games).

Pilot's `press` waits after each key until the whole process looks idle: at least two 20 ms naps a key,
and up to two seconds while a bot thinks in a thread or a clock runs, since any work in the process
counts. `press` here posts each key as the terminal driver would and waits only until the app and every
widget of its screen have handled what was queued for them. A test that needs what a key leads to
(a bot's answer, a new screen) waits for that with `wait_for`, as it would after Pilot's `press`.
"""

from __future__ import annotations

import asyncio
import unicodedata

from textual import events
from textual.app import App
from textual.keys import KEY_NAME_REPLACEMENTS, key_to_character
from textual.message_pump import MessagePump
from textual.pilot import Pilot

from tests.wait import scaled

LOOK_AGAIN = 0.1  # seconds between looks for widgets gone before they handled what was queued


def key_event(key: str) -> events.Key:
    """The Key event a terminal sends for `key`: a name ("enter", "ctrl+p", "question_mark") or one
    character ("a", "1", "?"), with its printable character where it has one (as Pilot sends it)."""
    if len(key) == 1 and not key.isalnum():
        name = unicodedata.name(key).lower().replace("-", "_").replace(" ", "_")
        return events.Key(KEY_NAME_REPLACEMENTS.get(name, name), key)
    return events.Key(key, key_to_character(key))


async def handled(app: App) -> None:
    """Wait until the app and every widget of its screen have handled what was queued for them. Twice:
    a key the app handles is often passed on to a widget, whose answer is queued in its turn."""
    for _ in range(2):
        await _one_round(app)


class _Round:
    """One round's wait: a call queued behind what each pump had queued, and the pumps not yet there.

    Each pump is sent the same bound method, whose parameters Textual counts once for the whole run (a
    function made afresh each round is inspected again for every pump it is queued on)."""

    def __init__(self) -> None:
        self.waiting: set[MessagePump] = set()
        self.done = asyncio.Event()

    def one_done(self, pump: MessagePump) -> None:
        self.waiting.discard(pump)
        if not self.waiting:
            self.done.set()


def _pumps(app: App) -> list[MessagePump]:
    """The app and every widget of its screen."""
    return [app, *app.screen.walk_children(with_self=True)]


async def _one_round(app: App) -> None:
    """Wait until the app, its screen and every widget of the screen with something queued have handled
    what was queued for them when the round began. A widget with nothing queued has nothing to wait for:
    a call queued behind nothing costs it a message handled like any other (about 0.1 ms of CPU each,
    12 ms a round on the New game form's hundred), and a widget in the middle of a handler waits only on
    widgets that have work queued (what they mount) or on the app, all of which this round waits for."""
    round_ = _Round()
    waiting = round_.waiting
    screen = app.screen
    for pump in (app, screen, *(widget for widget in screen.walk_children() if widget.message_queue_size)):
        if pump.call_later(round_.one_done, pump):
            waiting.add(pump)
    deadline = asyncio.get_running_loop().time() + scaled(20)
    while waiting:
        try:
            await asyncio.wait_for(round_.done.wait(), LOOK_AGAIN)
        except TimeoutError:
            # a widget removed meanwhile (its screen closed by the key) never runs what was queued for it
            waiting.difference_update([pump for pump in waiting if not pump.is_running])
            if waiting and asyncio.get_running_loop().time() > deadline:
                raise TimeoutError(
                    f"still handling a key after {scaled(20):g} s: {sorted(map(repr, waiting))}"
                ) from None


async def settled(app: App) -> None:
    """Wait until the app has nothing left to do for what it was sent: rounds of `_one_round` until two in
    a row start with nothing queued for the app or any running widget of its screen and end the same way,
    on the same screen with as many widgets (a key that opens a screen or mounts widgets queues their
    work in turn; a handler that resumes once what it mounted is mounted gets a round to do so), or until
    the app has stopped (a key that quits or crashes it). Pilot's `press` waits for the same by watching
    the process go idle: at least 40 ms a key however little the key does."""

    def busy(pumps: list[MessagePump]) -> bool:
        return any(pump.message_queue_size for pump in pumps if pump.is_running)

    deadline = asyncio.get_running_loop().time() + scaled(20)
    quiet_rounds = 0
    while app.is_running:
        screen = app.screen
        pumps = _pumps(app)
        quiet_before = not busy(pumps)
        await _one_round(app)
        if not app.is_running:
            return
        after = _pumps(app)
        if quiet_before and app.screen is screen and len(after) == len(pumps) and not busy(after):
            quiet_rounds += 1
            if quiet_rounds == 2:
                return
        else:
            quiet_rounds = 0
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError(f"the app still had work queued after {scaled(20):g} s")


async def press(pilot: Pilot, *keys: str) -> None:
    """Press `keys` one after another, each handled before the next is sent."""
    for key in keys:
        event = key_event(key)
        event.set_sender(pilot.app)
        pilot.app.post_message(event)
        await handled(pilot.app)
