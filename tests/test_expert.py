"""The expert level: a legal move, the same move for the same seed, a budget in simulations, and a
host's stop that cuts a search short (a game must not wait on a loaded machine)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from chaigames.chai import SPEC
from chaigames.chai.expert import ExpertBot
from chaigames.cli import build_config
from chaigames.engine import play_bots
from chaigames.games import get
from chaigames.play.thinking import think_within
from tests.positions import position


@pytest.mark.parametrize("steps", [6, 21, 40])
def test_the_expert_plays_a_legal_move_the_same_for_a_seed(steps):
    st = position("chai", 3, 7, steps).state
    seat = st.actors()[0]
    legal = st.legal_actions(seat)
    moves = {SPEC.make_bot("expert", 5, seat).choose(st.view(seat), legal, 16) for _ in range(2)}
    assert len(moves) == 1
    assert moves.pop() in legal


def test_a_stop_ends_a_search_whose_budget_would_never_end():
    st = position("chai", 2, 3, 8).state
    seat = st.actors()[0]
    legal = st.legal_actions(seat)
    bot = SPEC.make_bot("expert", 1, seat)
    assert isinstance(bot, ExpertBot)
    assert think_within(bot, st.view(seat), legal, 10**9, 0.0) in legal


@pytest.mark.parametrize(("game", "options"), [("chai", {}), ("dabba-walla", {"vehicle": "crate"})])
def test_a_whole_game_with_an_expert_seat_ends(game, options):
    spec = get(game)
    spec = replace(spec, bot_budget=spec.bot_budget | {"expert": 2})
    played = play_bots(spec, build_config(spec, [("", "expert"), ("", "easy")], options), 11)
    assert played.finished


def test_chai_wallah_keeps_its_three_levels():
    assert get("chai-wallah").bot_levels == ("easy", "normal", "hard")
    assert "expert" in get("chai").bot_levels and "expert" in get("dabba-walla").bot_levels


def test_a_hint_says_why_in_the_games_words():
    from chaigames.chai.actions import DrawAdditive, Fulfil, TakeAdditives
    from chaigames.chai.hints import explain
    from tests.chai.test_blunders import POSITIONS, position

    by_name = {p["name"]: p for p in POSITIONS}
    serve = position(by_name["serve-the-ready-customer"])
    assert explain(serve.view(0), 0, Fulfil("green-5")) == "Serve green-5 now: 9 points"
    honey = position(by_name["take-the-honey-that-completes-bk6"])
    ready = "black-6 (10 points) is then ready to serve"
    assert explain(honey.view(1), 1, TakeAdditives("honey")) == f"Take the honey: {ready}"
    assert explain(honey.view(1), 1, DrawAdditive()) == f"Draw an additive card first, then take the honey: {ready}"


@pytest.mark.parametrize("steps", [3, 30, 120])
def test_every_dabba_walla_move_has_hint_words(steps):
    spec = get("dabba-walla")
    st = position("dabba-walla", 3, 4, steps).state
    for seat in st.actors():
        for action in st.legal_actions(seat):
            words = spec.explain_move(st.view(seat), seat, action)
            assert words and "None" not in words


class Clock:
    """A wall clock for a test: each reading is one second after the last, and the readings are counted."""

    def __init__(self, ticking: bool = True) -> None:
        self.readings = 0
        self.ticking = ticking

    def __call__(self) -> float:
        self.readings += 1
        return float(self.readings if self.ticking else 0)


def dabba_walla_delivery():
    """A Dabba Walla delivery decision with two cards to choose from and rivals' hands to roll out."""
    from tests.dabba_walla.dw_helpers import make, put, to_delivery

    s = make(3)
    s = put(s, 0, 0, [(0, 0), (0, 1), (1, 0), (1, 1)], 1)
    return to_delivery(s, {0: ["Y12", "R12"], 1: ["Y07", "B18"], 2: ["G18", "Y18"]})


def test_a_dabba_walla_delivery_search_stops_when_the_hosts_time_is_up():
    """Past the deadline each candidate card gets one rollout more, then the expert answers: the clock is
    read between rollouts, not only once the whole budget is spent."""
    s = dabba_walla_delivery()
    legal = s.legal_actions(0)
    clock = Clock()
    bot = get("dabba-walla").make_bot("expert", 3, 0)
    assert think_within(bot, s.view(0), legal, 2_000, 0.5, clock) in legal
    assert 2 <= clock.readings <= 1 + 3 * len(legal)  # the deadline, then once after each candidate's first rollout


@pytest.mark.parametrize("budget", [4, 40])
def test_a_dabba_walla_delivery_within_the_hosts_time_is_the_budgets_move(budget):
    """While the clock has time left the budget alone decides: the same move as without a clock."""
    s = dabba_walla_delivery()
    legal = s.legal_actions(0)
    spec = get("dabba-walla")
    capped = think_within(spec.make_bot("expert", 9, 0), s.view(0), legal, budget, 1.0, Clock(ticking=False))
    assert capped == spec.make_bot("expert", 9, 0).choose(s.view(0), legal, budget)
