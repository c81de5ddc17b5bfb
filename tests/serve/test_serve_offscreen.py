"""What a game writes after leaving its screen is held back until its exit status says it may be shown."""

from __future__ import annotations

from chaigames.serve.offscreen import ENTER_SCREEN, LEAVE_SCREEN, OffScreen

GAME = b"\x1b[?1049hthe menu" + LEAVE_SCREEN + b'Traceback ...\r\n  File "/srv/x.py"\r\nValueError: boom\r\n'


def chunks(data: bytes, size: int) -> list[bytes]:
    return [data[i : i + size] for i in range(0, len(data), size)]


def test_output_after_leaving_the_screen_is_held_however_it_is_split():
    """The leave-screen sequence is found even when the pty read splits it; nothing after it passes."""
    for size in range(1, len(GAME) + 1):
        offscreen = OffScreen()
        shown = b"".join(offscreen.feed(chunk) for chunk in chunks(GAME, size))
        assert shown == GAME[: GAME.index(LEAVE_SCREEN) + len(LEAVE_SCREEN)], size
        assert offscreen.last_line() == "ValueError: boom"
        assert offscreen.release() == GAME[len(shown) :]


def test_coming_back_to_the_screen_releases_what_was_held():
    """A suspended app that resumes was no crash: what it printed meanwhile is shown, and it is watched again."""
    data = b"a" + LEAVE_SCREEN + b"editor output" + ENTER_SCREEN + b"game again" + LEAVE_SCREEN + b"secret"
    for size in range(1, len(data) + 1):
        offscreen = OffScreen()
        shown = b"".join(offscreen.feed(chunk) for chunk in chunks(data, size))
        assert shown == data[: -len(b"secret")], size


def test_what_is_held_is_bounded():
    offscreen = OffScreen(limit=100)
    offscreen.feed(LEAVE_SCREEN)
    for _ in range(1000):
        offscreen.feed(b"x" * 1000 + b"\n")
    offscreen.feed(b"RuntimeError: last\n")
    assert len(offscreen.held or b"") <= 100
    assert offscreen.last_line() == "RuntimeError: last"


def test_nothing_before_the_screen_is_shown_until_the_game_draws():
    """A crash before the app first draws prints a plain traceback: held too; drawing releases start-up output."""
    starting = OffScreen()
    assert starting.feed(b"noise ") == b""
    assert starting.feed(ENTER_SCREEN + b"menu") == b"noise " + ENTER_SCREEN + b"menu"
    early = OffScreen()
    assert early.feed(b'Traceback (most recent call last):\n  File "/srv/x.py"\nImportError: no\n') == b""
    assert early.last_line() == "ImportError: no"
