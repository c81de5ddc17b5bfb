"""The scoring tracks the view carries (DW-11, DW-12, Module 1): the core reads them, a screen only draws.

What a screen once worked out for itself (each track's tips per space, the sums of a reveal, whether a
veto voided the -1 tiles) comes in the view, from the same code that scores the round."""

from __future__ import annotations

from chaigames.dabba_walla.actions import Commit
from chaigames.dabba_walla.tracks import read_tracks, track_from_sums, track_scales
from chaigames.dabba_walla.view import DabbaView
from tests.dabba_walla.dw_helpers import card, give_chai, make, to_delivery
from tests.dabba_walla.test_dw_delivery import choose, fill


def test_a_veto_voids_the_minus_tiles_of_a_reveal_and_says_so():
    reading = read_tracks([card("Y07"), card("R01")], ["-R", "+B", "veto"], (-1, -1))
    assert reading.veto and reading.sums == (0, 2, 1, 0)
    reading = read_tracks([card("Y07")], ["-R", "-R", "-R"], (-1, -1))
    assert not reading.veto and reading.sums == (0, -1, 0, 0) and reading.positions == (0, 0, 0, 0)


def test_each_scale_pays_what_scoring_pays_at_every_position():
    """The spaces a screen draws agree with the tips a round pays, on every track and under Module 1
    (a position past a shortened track's last space stands on that space)."""
    for double_zero in [(-1, -1), *((e, s) for e in range(4) for s in range(4) if e != s)]:
        scales = track_scales(double_zero)
        for c in range(4):
            for total in range(-2, 9):
                sums = [0, 0, 0, 0]
                sums[c] = total
                positions, values = track_from_sums(sums, double_zero)
                assert scales[c][min(positions[c], len(scales[c]) - 1)] == values[c], (double_zero, c, total)
    assert track_scales((1, 3)) == ((0, 1, 2, 3, 4), (0, 0, 1, 2, 3, 4), (0, 1, 2, 3, 4), (0, 2, 3, 4))


def test_the_last_round_carries_its_sums_and_veto_with_the_positions_it_scored():
    s = make(2)
    s = fill(s, 0, "RRRR")
    s = to_delivery(s, {0: ["Y12", "R12"], 1: ["Y07", "B12"]})
    s = give_chai(s, 1, "-R", "-R")
    s = give_chai(s, 0, "veto", "-Y")
    choose(s, 0, "Y12", "veto", "-Y")
    choose(s, 1, "Y07", "-R", "-R")
    lr = s.view(None).last_round
    assert lr is not None and lr.tracks.veto
    assert lr.tracks.sums == (2, 2, 0, 0) and list(lr.tracks.positions) == s.last_round["positions"]
    assert list(lr.tracks.values) == s.last_round["values"] and list(lr.tips) == s.last_round["tips"]
    assert lr.choices == (("Y12", ("veto", "-Y")), ("Y07", ("-R", "-R")))


def test_while_a_play_later_tile_waits_the_view_reads_only_the_revealed_choices():
    s = make(3)
    s = fill(s, 0, "YYY")
    s = to_delivery(s, {0: ["R18", "Y18"], 1: ["B18"], 2: ["G18"]})
    s = give_chai(s, 0, "later", "+Y")
    s = give_chai(s, 1, "+B")
    assert s.view(None).revealed_tracks is None  # nothing revealed yet
    choose(s, 0, "R18", "later")
    choose(s, 1, "B18", "+B")
    choose(s, 2, "G18")
    assert s.step == "later"
    for seat in (None, 0, 1, 2):  # public: the same for everyone, and without the waiting player's card
        reading = s.view(seat).revealed_tracks
        assert reading is not None
        expected = read_tracks([card("B18"), card("G18")], ["+B"], s.double_zero)
        assert reading == expected
    s.apply(0, Commit("Y18"))
    assert s.view(None).revealed_tracks is None  # scored: the last round carries the tracks now


def test_the_tracks_travel_through_json_exactly():
    s = make(2, seed=3, module1=True)
    s = fill(s, 0, "RRRR")
    s = to_delivery(s, {0: ["Y12", "R12"], 1: ["Y07", "B12"]})
    choose(s, 0, "Y12")
    choose(s, 1, "Y07")
    view = s.view(0)
    assert view.last_round is not None and view.track_scales == track_scales(s.double_zero)
    back = DabbaView.from_json(view.to_json())
    assert back == view and repr(back) == repr(view)
