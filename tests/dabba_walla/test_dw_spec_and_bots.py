"""Registry entry, text screen helpers, take-backs and bots (they see only their own view)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from chaigames import games
from chaigames.dabba_walla import SPEC
from chaigames.dabba_walla import data as D
from chaigames.dabba_walla.actions import AddEmpty, Commit, EndTurn, Place, PlayCard, Start
from chaigames.dabba_walla.bots import EasyBot, HardBot, NormalBot, make_bot
from chaigames.dabba_walla.view import placement_problem, placements
from chaigames.engine import GameConfig, SeatConfig, Session
from tests.dabba_walla.dw_helpers import card, make, put, to_delivery, to_turn
from tests.positions import edit


def test_spec_options_and_seats():
    assert games.get("dabba-walla") is SPEC
    assert (SPEC.min_seats, SPEC.max_seats, SPEC.max_humans) == (2, 4, 4)
    assert SPEC.has_start_player and SPEC.takebacks
    keys = [o.key for o in SPEC.options]
    assert keys == ["vehicle", "no_minus", "module1", "order_card_1", "order_card_2", "order_card_3"]
    vehicle = SPEC.option("vehicle")
    assert vehicle.default == "trailer"
    assert vehicle.labels == ("bicycle trailer", "handcart", "crate", "wheelbarrow")
    assert SPEC.option("order_card_1").choices == (None, 1, 2)
    assert SPEC.option("order_card_2").choices == (None, 3, 4)
    assert SPEC.option("order_card_3").choices == (None, 5, 6)
    cfg = SPEC.validate(GameConfig(seats=(SeatConfig("a"), SeatConfig("b"))))
    assert cfg.options["vehicle"] == "trailer" and cfg.options["order_card_1"] is None
    bad = GameConfig(seats=(SeatConfig("a"), SeatConfig("b")), options={"order_card_1": 3})
    assert SPEC.problems(bad)


def test_rules_core_imports_no_front_end():
    code = "import sys, chaigames.dabba_walla; print(any(m in sys.modules for m in ('textual', 'rich', 'screens')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_describe_view_and_actions_for_the_generic_screen():
    s = make(2, module1=True, order_card_1=1)
    text = SPEC.describe_view(s.view(0))
    assert "Pick-up phase" in text and "Laureen" in text and "hand" in text
    for a in s.legal_actions(0):
        assert SPEC.describe_action(a)
    assert SPEC.describe_action(Commit(None)) == "Choose no card (hand empty)"
    assert "Empty dabbas only in your own turn" in SPEC.rules_markdown and "Module 2" in SPEC.rules_markdown


def test_screen_helpers_list_and_explain_placements():
    s = make(2, vehicle="crate")
    s = put(s, 0, 16, [(1, 0)], 1)
    v = s.view(0)
    legal = placements(v, "R01")
    assert legal and all(placement_problem(v, "R01", *p) is None for p in legal)
    assert (
        placement_problem(v, "R01", 0, 0, 0, 1)
        == "square (2,1) is at level 1, the tile needs level 0 under it everywhere"
    )
    assert placement_problem(v, "R01", 0, 1, 1, 1) == "the tile would overhang the crate"


def test_takeback_of_a_placement_without_reveal():
    """Design: undo goes back over own actions to the last reveal (a card dealt, a chai tile drawn)."""
    cfg = GameConfig(seats=(SeatConfig("me"), SeatConfig("bot", "easy")), start_player=0, takebacks=True)
    session = Session(SPEC, cfg, 5)
    session.apply(0, Start(0))
    assert session.takeback_size(0) == 0  # the refill revealed a card
    code = D.CARD_CODES[session.state.hands[0][0]]
    session.apply(0, PlayCard(code))
    before = session.state.to_json()
    session.apply(0, AddEmpty(0, 0))
    assert session.undo(0) == 1
    assert session.state.to_json() == before


def test_with_take_backs_off_a_player_changes_their_mind_inside_their_own_turn():
    """Two people, take-backs off: the walk (it deals a card) and the end of the turn stand; a card
    played, a tile placed and an empty dabba go back one step at a time through undo entries, and
    the record still replays to the very same game."""
    cfg = GameConfig(seats=(SeatConfig("Asha"), SeatConfig("Ravi")), start_player=0)
    session = Session(SPEC, cfg, 5)
    assert not session.config.takebacks_on
    assert not session.could_take_back(0, Start(0))  # it deals a new card to the ring
    session.apply(0, Start(0))
    assert session.takeback_size(0) == 0
    code = D.CARD_CODES[session.state.hands[0][0]]
    walked = session.state.to_json()
    assert session.could_take_back(0, PlayCard(code))
    session.apply(0, PlayCard(code))
    played = session.state.to_json()
    assert session.takeback_size(0) == 1 and session.takeback_size(1) == 0
    place = next(a for a in session.state.legal_actions(0) if isinstance(a, Place))
    assert session.could_take_back(0, place)  # no chai completed on an empty vehicle
    session.apply(0, place)
    assert session.undo(0) == 1 and session.state.to_json() == played
    assert session.undo(0) == 1 and session.state.to_json() == walked
    assert session.takeback_size(0) == 0  # the walk revealed a card: it stands
    session.apply(0, PlayCard(code))
    session.apply(0, place)
    assert not session.could_take_back(0, EndTurn())  # the turn passes to Ravi
    session.apply(0, EndTurn())
    assert session.takeback_size(0) == 0 and session.takeback_size(1) == 0
    assert sum(e.is_undo for e in session.record.entries) == 2
    again = Session.from_record(SPEC, session.record)
    assert again.state.to_json() == session.state.to_json() and again.action_count == session.action_count


def test_easy_bot_never_adds_an_empty_when_the_tile_fits():
    """Easy is random but never absurd, e.g. no empty dabba when the tile fits without it."""
    bot = EasyBot("easy", 3, 0)
    for seed in range(30):
        s = make(2, seed=seed)
        s = to_turn(s, 0)
        s.apply(0, PlayCard(D.CARD_CODES[s.hands[0][0]]))
        action = bot.choose(s.view(0), s.legal_actions(0), 0)
        assert isinstance(action, Place)
        s.apply(0, action)
        assert isinstance(bot.choose(s.view(0), s.legal_actions(0), 0), EndTurn)


def test_normal_bot_lifts_the_colours_of_its_level():
    """Normal plays delivery cards that lift the colours of its current level."""
    s = make(2)
    s = put(s, 0, 0, [(0, 0), (0, 1), (1, 0), (1, 1)], 1)  # Y01: four yellow dabbas
    s = to_delivery(s, {0: ["R18", "G05", "Y12"], 1: ["R17"]})  # Y12 is Y+2
    bot = NormalBot("normal", 1, 0)
    assert bot.choose(s.view(0), s.legal_actions(0), 0) == Commit("Y12")


def test_hard_bot_decides_from_its_view_alone():
    """Bots see only their own view: the same view gives the same choice whatever is hidden."""
    a = make(3, seed=9)
    # swap a hidden card of seat 1 with one in the draw pile: seat 0's view is unchanged
    hands, draw = [list(h) for h in a.hands], list(a.draw)
    hands[1][0], draw[0] = draw[0], hands[1][0]
    b = edit(a, hands=hands, draw=draw)
    assert a.view(0) == b.view(0)
    for level in ("easy", "normal", "hard"):
        x = make_bot(level, 11, 0).choose(a.view(0), a.legal_actions(0), 16)
        y = make_bot(level, 11, 0).choose(b.view(0), b.legal_actions(0), 16)
        assert x == y


def test_hard_bot_searches_delivery_choices_within_its_budget():
    s = make(3)
    s = put(s, 0, 0, [(0, 0), (0, 1), (1, 0), (1, 1)], 1)
    s = to_delivery(s, {0: ["Y12", "R12"], 1: ["Y07", "B18"], 2: ["G18", "Y18"]})
    bot = HardBot("hard", 2, 0)
    action = bot.choose(s.view(0), s.legal_actions(0), 8)
    assert action in s.legal_actions(0) and action == Commit("Y12")


@pytest.mark.parametrize(
    "options",
    [{}, {"vehicle": "crate", "module1": True}, {"vehicle": "wheelbarrow", "order_card_1": 1, "no_minus": True}],
)
def test_hard_bot_plays_whole_games_legally_and_deterministically(options):
    """Every hard decision is a legal action (Session.apply refuses others) and the same seed replays
    the same game: the hard bot's chance comes from its own seeded Rng only."""
    from chaigames.engine.play import play_bots

    cfg = SPEC.validate(
        GameConfig(seats=tuple(SeatConfig(f"p{i}", "hard" if i == 0 else "normal") for i in range(4)), options=options)
    )
    first = play_bots(SPEC, cfg, 41)
    second = play_bots(SPEC, cfg, 41)
    assert first.finished and second.finished
    assert first.session.state.to_json() == second.session.state.to_json()


def test_hard_bot_loads_a_tile_on_the_level_of_its_colour():
    """Hard prefers a level already of the tile's colour: one delivery card then lifts the whole level."""
    s = make(2)
    s = put(s, 0, D.TILES_PER_COLOUR, [(0, 0), (0, 1), (1, 0), (1, 1)], 1)  # R01: level 1 is red
    s = put(s, 0, 17, [(0, 0)], 2)  # Y18: level 2 is yellow
    s = to_turn(s, 0, "play")
    s = edit(s, pending=card("Y18"), step="place")  # a single yellow dabba
    bot = HardBot("hard", 5, 0)
    action = bot.choose(s.view(0), s.legal_actions(0), 64)
    assert isinstance(action, Place) and action.level == 2
    # the normal bot, without the colour term, keeps to the floor
    assert NormalBot("normal", 5, 0).choose(s.view(0), s.legal_actions(0), 0).level == 1


@pytest.mark.parametrize("vehicle", ["trailer", "handcart", "crate", "wheelbarrow"])
def test_the_bots_judge_a_load_by_the_squares_beside_each_other(vehicle):
    """How uneven a load is counts each pair of squares side by side in the vehicle once, and its holes
    are the squares whose every neighbour in the vehicle stands higher, whatever the heights."""
    from chaigames.dabba_walla.bots import bumpiness, holes
    from chaigames.engine import Rng

    view = make(2, vehicle=vehicle).view(0)
    cols, inside = view.cols, set(view.squares)

    def beside(s: int) -> list[int]:
        c = s % cols
        return [x for x in (s - cols, s + cols, s - 1 if c > 0 else -1, s + 1 if c + 1 < cols else -1) if x in inside]

    pairs = {tuple(sorted((s, x))) for s in view.squares for x in beside(s)}
    rng = Rng(7)
    for _ in range(200):
        heights = [rng.randbelow(4) for _ in range(view.rows * cols)]
        assert bumpiness(view, heights) == sum(abs(heights[a] - heights[b]) for a, b in pairs)
        boxed = [s for s in view.squares if beside(s) and all(heights[x] > heights[s] for x in beside(s))]
        assert holes(view, heights) == len(boxed)
