"""The input guard between the player's terminal and the app: bad bytes, pastes and floods."""

from __future__ import annotations

import contextlib
import gc
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from textual import events
from textual.driver import Driver

from screens.compat import MAX_PASTE, PASTE_END, PASTE_START, Backlog, InputDecoder, guarded_driver

from .test_kill import BOUND, Terminal


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
def poll(condition: Callable[[], bool], what: str, term: Terminal, bound: float = BOUND) -> None:
    end = time.monotonic() + bound
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}\n{term.text()}")
        time.sleep(0.02)


def peak_memory_kb(pid: int) -> int:
    """The most resident memory the process has had (VmHWM), in kB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError("no VmHWM")


def rules_after(term: Terminal) -> None:
    """The app answers a key: `r` on the menu opens the rules. Sent again each half second until it does:
    keys that arrive while the app still holds a flood's last keys are dropped, as they should be."""
    end = time.monotonic() + BOUND
    while "chaigames: Rules" not in term.text():
        assert time.monotonic() < end, f"no answer to r\n{term.text()}"
        term.send(b"r")
        with contextlib.suppress(AssertionError):
            poll(lambda: "chaigames: Rules" in term.text(), "the rules", term, bound=0.5)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    "attack",
    [
        pytest.param(b"\xe9\xff", id="bytes that are not UTF-8"),
        pytest.param(b"x" * 200_000, id="200 KB of keys"),
        pytest.param(PASTE_START.encode() + b"y" * 2_000_000 + PASTE_END.encode(), id="a 2 MB paste"),
    ],
)
def test_the_app_in_a_terminal_survives_the_attack_and_answers_keys(attack):
    term = Terminal([])
    try:
        poll(lambda: "New game" in term.text(), "the menu", term)
        writer = threading.Thread(target=term.send, args=(attack,), daemon=True)
        writer.start()
        writer.join(BOUND)
        assert not writer.is_alive(), "the app stopped reading its input"
        rules_after(term)
        assert peak_memory_kb(term.pid) < 150_000
        assert "Traceback" not in term.text() and "Error" not in term.text()
    finally:
        term.kill()


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_a_huge_paste_into_a_name_field_keeps_its_first_characters(tmp_path):
    """The name screen of a served page, in a terminal: a 200 KB paste lands as its first characters,
    and the next key (Enter) takes the name on to the menu."""
    player = Path(__file__).resolve().parents[2] / "chaigames" / "web" / "player.py"
    term = Terminal([str(tmp_path)], launcher=player)
    try:
        poll(lambda: "What is your name?" in term.text(), "the name screen", term)
        term.send(PASTE_START.encode() + b"Meera" + b"z" * 200_000 + PASTE_END.encode())
        poll(lambda: "Meerazzzz" in term.text(), "the paste's first characters in the field", term)
        term.send(b"\r")
        poll(lambda: "New game" in term.text(), "the menu", term)
        assert peak_memory_kb(term.pid) < 150_000
    finally:
        term.kill()
