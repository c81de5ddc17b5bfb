"""The input guard between the player's terminal and the app: bad bytes, pastes and floods."""

from __future__ import annotations

import asyncio
import gc
import os
from pathlib import Path

import pytest
from textual import events
from textual.driver import Driver

from screens.compat import MAX_PASTE, PASTE_END, PASTE_START, Backlog, InputDecoder, guarded_driver
from tests.wait import scaled

from .test_kill import BOUND, PtyApp


def test_a_byte_that_is_not_utf8_reads_as_a_replacement_character():
    decoder = InputDecoder()
    assert decoder.decode(b"a\xe9\xffb") == "a\ufffd\ufffdb"
    assert decoder.decode("é".encode()[:1]) + decoder.decode("é".encode()[1:]) == "é"  # split across reads


def test_a_paste_keeps_its_first_characters_and_its_markers():
    decoder = InputDecoder()
    pasted = "Meera" + "x" * 100_000
    text = decoder.decode((PASTE_START + pasted + PASTE_END + "q").encode())
    assert text == PASTE_START + pasted[:MAX_PASTE] + PASTE_END + "q"


def test_a_paste_is_cut_when_it_comes_in_many_reads_and_its_markers_are_split():
    decoder = InputDecoder(limit=10)
    stream = (PASTE_START + "y" * 50 + PASTE_END + "k").encode()
    text = "".join(decoder.decode(stream[i : i + 3]) for i in range(0, len(stream), 3))
    assert text == PASTE_START + "y" * 10 + PASTE_END + "k"


def test_an_escape_key_alone_is_not_held_back():
    decoder = InputDecoder()
    assert decoder.decode(b"\x1b") == "\x1b"
    assert decoder.decode(b"\x1b[A") == "\x1b[A"


class _Event:
    """Something that can be weakly referenced, standing for an input event the app holds."""


def test_while_the_backlog_is_full_keys_are_dropped_before_they_are_parsed():
    backlog = Backlog(limit=2)
    decoder = InputDecoder(backlog=backlog)
    held = [_Event(), _Event()]
    backlog.add(held[0])
    backlog.add(held[1])
    assert backlog.full
    assert decoder.decode(b"x" * 5000) == ""
    assert decoder.decode((PASTE_START + "abc" + PASTE_END).encode()) == PASTE_START + PASTE_END
    held.clear()
    gc.collect()
    assert len(backlog) == 0 and not backlog.full
    assert decoder.decode(b"r") == "r"


class _FakeDriver(Driver):
    def __init__(self) -> None:  # no app: only process_message is exercised
        self.sent: list[object] = []

    def send_message(self, message):  # type: ignore[no-untyped-def]
        self.sent.append(message)

    def process_message(self, message):  # type: ignore[no-untyped-def]
        self.send_message(message)

    def write(self, data: str) -> None: ...
    def start_application_mode(self) -> None: ...
    def disable_input(self) -> None: ...
    def stop_application_mode(self) -> None: ...


def test_the_guarded_driver_drops_keys_while_the_app_holds_its_limit_but_never_a_resize():
    driver_class = guarded_driver(_FakeDriver, limit=3)
    driver = driver_class()
    keys = [events.Key("x", "x") for _ in range(5)]
    for key in keys:
        driver.process_message(key)
    resize = events.Resize.from_dimensions((100, 30), None)
    driver.process_message(resize)
    assert driver.sent == [*keys[:3], resize] and driver.backlog.dropped == 2
    driver.sent.clear()
    del keys
    gc.collect()
    later = events.Key("r", "r")
    driver.process_message(later)
    assert driver.sent == [later]


# -- the app in a real terminal --------------------------------------------------------------------------
def peak_memory_kb(pid: int) -> int:
    """The most resident memory the process has had (VmHWM), in kB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError("no VmHWM")


async def send_all(term: PtyApp, data: bytes) -> None:
    """Write all of `data` into the terminal as fast as the app reads it (its pty holds a few KB)."""
    loop = asyncio.get_running_loop()
    view = memoryview(data)
    while view:
        try:
            view = view[os.write(term.fd, view) :]
        except BlockingIOError:
            writable = loop.create_future()
            loop.add_writer(term.fd, writable.set_result, None)
            try:
                await writable
            finally:
                loop.remove_writer(term.fd)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    "attack",
    [
        pytest.param(b"\xe9\xff", id="bytes that are not UTF-8"),
        pytest.param(b"x" * 200_000, id="200 KB of keys"),
        pytest.param(PASTE_START.encode() + b"y" * 2_000_000 + PASTE_END.encode(), id="a 2 MB paste"),
    ],
)
async def test_the_app_in_a_terminal_survives_the_attack_and_answers_keys(attack):
    term = PtyApp([])
    try:
        await term.wait_text("New game", timeout=BOUND)
        try:
            await asyncio.wait_for(send_all(term, attack), scaled(BOUND))
        except TimeoutError:
            raise AssertionError("the app stopped reading its input") from None
        # keys that arrive while the app still holds a flood's last keys are dropped, as they should be
        await term.keys_until(b"r", term.shows("chaigames: Rules"), "the rules after the attack", timeout=BOUND)
        assert peak_memory_kb(term.pid) < 150_000
        assert "Traceback" not in term.text and "Error" not in term.text
    finally:
        term.kill()


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
async def test_a_huge_paste_into_a_name_field_keeps_its_first_characters(tmp_path):
    """The name screen of a served page, in a terminal: a 200 KB paste lands as its first characters,
    and the next key (Enter) takes the name on to the menu."""
    player = Path(__file__).resolve().parents[2] / "chaigames" / "web" / "player.py"
    term = PtyApp([str(tmp_path)], launcher=player)
    try:
        await term.wait_text("What is your name?", timeout=BOUND)
        await send_all(term, PASTE_START.encode() + b"Meera" + b"z" * 200_000 + PASTE_END.encode())
        await term.wait_text("Meerazzzz", timeout=BOUND)
        term.send(b"\r")
        await term.wait_text("New game", timeout=BOUND)
        assert peak_memory_kb(term.pid) < 150_000
    finally:
        term.kill()
