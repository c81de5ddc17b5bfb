"""A question before a move names the move in full at every size: the box was 46 columns wide at
every width and cut its one-line heading ("Fulfil black-1 (4 VP: 2 jasmine / 1")."""

from __future__ import annotations

import pytest

from screens.confirm import ConfirmScreen
from tests.pilot import screen_text, wait_for

QUESTION = "Asha: Fulfil black-1 (4 VP: 2 jasmine / 1 mint / milk) and pay 1 coin to Ravi for his spot?"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_a_long_question_is_shown_whole(make_app, size):
    app = make_app()
    async with app.run_test(size=size) as pilot:
        app.push_screen(ConfirmScreen(QUESTION, "This move cannot be taken back.", enter_says_yes=True))
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.pause()
        shown = " ".join(" ".join(line.replace("│", " ").split()) for line in screen_text(app).splitlines())
        assert all(word in shown.split() for word in QUESTION.split()), shown
        if size == (120, 40):  # one line when it fits
            assert any(QUESTION in line for line in screen_text(app).splitlines())
