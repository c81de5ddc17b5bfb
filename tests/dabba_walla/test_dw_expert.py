"""Dabba Walla's expert walk search: the same walk for the same seed, and every searched walk judged on
the same deals of the hidden cards (so two walks are compared on what the rivals hold, not on luck)."""

from __future__ import annotations

import pytest

from chaigames.dabba_walla import expert
from chaigames.dabba_walla.bots import HardBot
from chaigames.dabba_walla.expert import ExpertBot, Rival
from chaigames.games import get
from tests.positions import position


def walk_decision(steps: int):
    """A three-seat pick-up position where the seat to act walks (seed 4: a move step at these counts)."""
    st = position("dabba-walla", 3, 4, steps).state
    assert st.phase == "pickup" and st.step == "move"
    return st, st.actors()[0]


@pytest.mark.parametrize("steps", [16, 39, 62])
def test_the_expert_walks_the_same_for_a_seed(steps):
    st, seat = walk_decision(steps)
    legal = st.legal_actions(seat)
    walks = {get("dabba-walla").make_bot("expert", 5, seat).choose(st.view(seat), legal, 8) for _ in range(2)}
    assert len(walks) == 1
    assert walks.pop() in legal


def test_every_searched_walk_is_judged_on_the_same_deals(monkeypatch):
    st, seat = walk_decision(39)
    deal = expert.determinise
    deals: list[str] = []
    judged: list[tuple[str, int]] = []

    def hidden(sim) -> str:
        """What a deal chose (and our walk leaves as it was): the rivals' hands and the cards left in the box."""
        return repr(([sim.hands[p] for p in range(sim.n) if p != seat], sim.out_cards))

    def dealing(view, rng):
        dealt = deal(view, rng)
        deals.append(hidden(dealt))
        return dealt

    def after_walk(self, sim, players):
        judged.append((hidden(sim), sim.pos[seat]))
        return 0.0

    monkeypatch.setattr(expert, "determinise", dealing)
    monkeypatch.setattr(ExpertBot, "_after_walk", after_walk)
    bot = get("dabba-walla").make_bot("expert", 5, seat)
    assert isinstance(bot, ExpertBot)
    bot.choose(st.view(seat), st.legal_actions(seat), 4 * bot.WIDTH)
    assert len(set(deals)) == 4
    # each deal judges every searched walk (where it leaves us), in the same order
    walks = [[pos for d, pos in judged if d == dealt] for dealt in deals]
    assert len(walks[0]) == bot.WIDTH and all(w == walks[0] for w in walks)


def test_a_stop_within_a_deal_keeps_the_walks_compared_on_whole_deals(monkeypatch):
    st, seat = walk_decision(39)
    judged = []

    def after_walk(self, sim, players):
        judged.append(sim.pos[seat])
        return float(len(judged))  # later simulations look better: a part deal would tip the choice

    monkeypatch.setattr(ExpertBot, "_after_walk", after_walk)
    bot = get("dabba-walla").make_bot("expert", 5, seat)
    assert isinstance(bot, ExpertBot)
    bot.stop = lambda: len(judged) > bot.WIDTH  # time runs out after the first walk of the second deal
    view, legal = st.view(seat), st.legal_actions(seat)
    walk = bot.choose(view, legal, 10**6)
    assert len(judged) == bot.WIDTH + 1
    first_deal_best = bot.judged_walks(view, bot._by_type(legal))[: bot.WIDTH]
    worths = [score + (k + 1) for k, (score, _) in enumerate(first_deal_best)]
    assert walk == first_deal_best[worths.index(max(worths))][1]


@pytest.mark.parametrize("steps", [16, 26, 39, 62])
def test_a_rival_in_the_playouts_walks_as_the_hard_bot_and_remembers_its_worth(steps):
    st = position("dabba-walla", 3, 4, steps).state
    seat = st.actors()[0]
    view, legal = st.view(seat), st.legal_actions(seat)
    rival = Rival("hard", 9, seat)
    walk = rival.choose(view, legal, 0)
    assert walk == HardBot("hard", 9, seat).choose(view, legal, 0)
    assert rival.worths == [rival.judged_walks(view, rival._by_type(legal))[0][0]]


@pytest.mark.parametrize("steps", [16, 39])
def test_a_playout_plays_our_next_walk_and_judges_the_one_after(steps):
    """What a walk led to: our next walk as the hard bot plays it (its worth) and the best walk after it,
    less the rivals' walks on the way, once per walk of ours."""
    st, seat = walk_decision(steps)
    bot = ExpertBot("expert", 5, seat)
    assert bot.HORIZON == 1
    bot.MATERIAL, bot.NEXT_WEIGHT = 0.0, 1.0
    walk = bot.judged_walks(st.view(seat), bot._by_type(st.legal_actions(seat)))[0][1]
    st.apply(seat, walk)
    value = bot._after_walk(st.clone(), [Rival("hard", 7, p) for p in range(st.n)])
    players = [Rival("hard", 7, p) for p in range(st.n)]
    walks_of_ours = 0
    while True:
        p = st.actors()[0]
        if p == seat and st.step == "move":
            if walks_of_ours == 1:
                break
            walks_of_ours += 1
        st.apply(p, players[p].choose(st.view(p), st.legal_actions(p), 0))
    assert len(players[seat].worths) == 1
    after = bot.judged_walks(st.view(seat), bot._by_type(st.legal_actions(seat)))[0][0]
    theirs = [w for r in players if r.seat != seat for w in r.worths]
    assert len(theirs) >= 2 * (st.n - 1) - 1
    assert value == pytest.approx(players[seat].worths[0] + after - 2 * sum(theirs) / len(theirs))
