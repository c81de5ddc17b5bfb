"""`chaigames new GAME ...` skips the menu: the CLI validates, then hands (id, config, seed) to run_app."""

from __future__ import annotations

from dataclasses import replace

import pytest

from chaigames import cli, games
from screens import app as app_module
from tests import toygame

CHAI_LIKE = replace(toygame.SPEC, id="chai", title="Chai")


@pytest.fixture
def started(monkeypatch):
    calls = []
    monkeypatch.setattr(games, "get", lambda game_id: CHAI_LIKE)
    monkeypatch.setattr(app_module, "run_app", lambda **kw: calls.append(kw))
    return calls


def test_new_starts_the_game_directly_with_the_chosen_seats(started):
    assert cli.main(["new", "chai", "--seat", "Ann", "--bot", "easy", "--option", "goal=20", "--seed", "9"]) == 0
    ((game_id, config, seed),) = [c["new_game"] for c in started]
    assert (game_id, seed) == ("chai", 9)
    assert [(s.name, s.bot) for s in config.seats] == [("Ann", None), ("Asha", "easy")]
    assert config.options == {"goal": 20}


def test_new_refuses_a_bad_setup_with_the_same_message_as_setup(started, capsys):
    assert cli.main(["new", "chai", "--seat", "Ann"]) == 2
    assert "Chai takes 2 to 4 seats, not 1" in capsys.readouterr().err
    assert started == []


def test_new_names_no_bot_like_a_person_at_the_game(started):
    assert cli.main(["new", "chai", "--seat", "asha", "--bot", "easy", "--bot", "easy"]) == 0
    ((_, config, _),) = [c["new_game"] for c in started]
    assert [s.name for s in config.seats] == ["asha", "Ravi", "Meera"]  # no bot is Asha beside asha
