"""What a game writes after leaving its screen is held back until its exit status says it may be shown."""

from __future__ import annotations

from chaigames.serve.afterword import ENTER_SCREEN, LEAVE_SCREEN, Afterword

GAME = b"\x1b[?1049hthe menu" + LEAVE_SCREEN + b'Traceback ...\r\n  File "/srv/x.py"\r\nValueError: boom\r\n'


def chunks(data: bytes, size: int) -> list[bytes]:
    return [data[i : i + size] for i in range(0, len(data), size)]


def test_output_after_leaving_the_screen_is_held_however_it_is_split():
    """The leave-screen sequence is found even when the pty read splits it; nothing after it passes."""
    for size in range(1, len(GAME) + 1):
        afterword = Afterword()
        shown = b"".join(afterword.feed(chunk) for chunk in chunks(GAME, size))
        assert shown == GAME[: GAME.index(LEAVE_SCREEN) + len(LEAVE_SCREEN)], size
        assert afterword.last_line() == "ValueError: boom"
        assert afterword.release() == GAME[len(shown) :]


def test_coming_back_to_the_screen_releases_what_was_held():
    """A suspended app that resumes was no crash: what it printed meanwhile is shown, and it is watched again."""
    data = b"a" + LEAVE_SCREEN + b"editor output" + ENTER_SCREEN + b"game again" + LEAVE_SCREEN + b"secret"
    for size in range(1, len(data) + 1):
        afterword = Afterword()
        shown = b"".join(afterword.feed(chunk) for chunk in chunks(data, size))
        assert shown == data[: -len(b"secret")], size


def test_what_is_held_is_bounded():
    afterword = Afterword(limit=100)
    afterword.feed(LEAVE_SCREEN)
    for _ in range(1000):
        afterword.feed(b"x" * 1000 + b"\n")
    afterword.feed(b"RuntimeError: last\n")
    assert len(afterword.held or b"") <= 100
    assert afterword.last_line() == "RuntimeError: last"
