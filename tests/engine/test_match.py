"""Match play in the pure core: standing, winner, next start player, storage."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chaigames.engine import RecordError, Result
from chaigames.engine.match import Match, match_of


def game(scores, winners, tiebreak=None) -> Result:
    details = {} if tiebreak is None else {"tiebreak": tiebreak}
    return Result(scores=tuple(scores), winners=tuple(winners), details=details)


def test_first_to_a_majority_of_wins_takes_the_match_early():
    m = Match(games=3, seats=2)
    m = m.add(game([5, 1], [0]))
    assert not m.over and m.winners == ()
    m = m.add(game([6, 2], [0]))
    assert m.over and m.winners == (0,)
    assert m.wins == (2, 0)
    with pytest.raises(ValueError):
        m.add(game([1, 1], [0, 1]))


def test_a_shared_game_win_counts_for_each_sharer():
    m = Match(games=3, seats=2).add(game([1, 5], [1])).add(game([3, 3], [0, 1]))
    assert m.over and m.winners == (1,)
    m = Match(games=3, seats=2).add(game([5, 1], [0])).add(game([1, 5], [1])).add(game([3, 3], [0, 1]))
    assert m.winners == (0, 1)  # both reach two game wins in the last game: they share the match


def test_after_n_games_without_a_majority_the_tied_leaders_share():
    m = Match(games=3, seats=4)
    for w in (0, 1, 2):
        assert not m.over
        m = m.add(game([1, 1, 1, 1], [w]))
    assert m.over and m.winners == (0, 1, 2)
    assert "Shared match" in m.result_line(["A", "B", "C", "D"])


def test_points_matches_play_every_game_and_sum_scores():
    m = Match(games=3, seats=2, scoring="points")
    m = m.add(game([30, 10], [0], [(-3, -5), (-2, -1)]))
    m = m.add(game([30, 10], [0], [(-3, -5), (-2, -1)]))
    assert not m.over  # a points match never ends early
    m = m.add(game([0, 45], [1], [(-1, 0), (-4, -3)]))
    assert m.totals == (60, 65) and m.winners == (1,)


def test_points_ties_are_broken_by_fewer_orders_then_less_money_summed():
    m = Match(games=2, seats=3, scoring="points")
    m = m.add(game([20, 20, 5], [1], [(-4, -10), (-3, -10), (-1, 0)]))
    m = m.add(game([20, 20, 5], [0], [(-2, -3), (-4, -3), (-1, 0)]))
    # totals 40 each; orders 6 and 7: seat 0 had fewer fulfilled customers
    assert m.winners == (0,)
    m = Match(games=1, seats=2, scoring="points").add(game([9, 9], [0, 1], [(-2, -4), (-2, -4)]))
    assert m.winners == (0, 1)


def test_the_start_player_rotates():
    m = Match(games=5, seats=3, first_start=2)
    starts = []
    for _ in range(4):
        starts.append(m.next_start)
        m = m.add(game([0, 0, 0], []))
    assert starts == [2, 0, 1, 2]
    assert Match(games=3, seats=2).next_start is None


def test_a_match_round_trips_through_json_and_bad_entries_are_refused():
    m = Match(games=5, seats=3, scoring="points", first_start=1, match_id="m1")
    m = m.add(game([1, 2, 3], [2], [(0,), (1,), (2,)]))
    back = Match.from_json(m.to_json())
    assert back == m and back.match_id == "m1"
    assert match_of({"match": m.to_json()}) == m
    assert match_of({}) is None
    for bad in ({"games": 0, "seats": 2}, {"games": 3, "seats": 2, "scoring": "goals"}, [], {"games": 3}):
        with pytest.raises(RecordError):
            Match.from_json(bad)
    broken = m.to_json() | {"played": [{"scores": [1], "winners": [0]}]}
    with pytest.raises(RecordError):
        Match.from_json(broken)
    assert match_of({"match": broken}) is None


@given(
    n=st.integers(1, 7),
    seats=st.integers(2, 5),
    winners=st.lists(st.sets(st.integers(0, 4), max_size=3), min_size=7, max_size=7),
)
def test_a_wins_match_ends_within_n_games_with_a_winner(n, seats, winners):
    m = Match(games=n, seats=seats)
    played = 0
    for ws in winners:
        if m.over:
            break
        m = m.add(game([0] * seats, sorted(w for w in ws if w < seats)))
        played += 1
    assert m.over and played <= n
    assert m.winners and all(m.wins[w] == max(m.wins) for w in m.winners)


def test_a_new_match_draws_a_random_start_player_from_the_seed_and_rotates_it():
    from chaigames.engine import GameConfig, SeatConfig
    from chaigames.engine.match import game_config, new_match

    config = GameConfig(seats=(SeatConfig("A"), SeatConfig("B", "easy"), SeatConfig("C", "easy")))
    m = new_match(3, "wins", config, seed=7, has_start_player=True)
    assert m.first_start == 7 % 3 and game_config(m, config).start_player == 1
    m = m.add(game([1, 0, 0], [0]))
    assert game_config(m, config).start_player == 2
    fixed = new_match(3, "wins", GameConfig(seats=config.seats, start_player=2), seed=7, has_start_player=True)
    assert fixed.first_start == 2
    assert game_config(new_match(3, "wins", config, 7, has_start_player=False), config) == config


def test_chai_results_carry_ch9_tie_break_for_a_match():
    from chaigames import games
    from chaigames.engine import GameConfig, SeatConfig, play_bots

    spec = games.get("chai")
    assert spec.match_scoring == "points" and games.get("dabba-walla").match_scoring == "wins"
    session = play_bots(spec, GameConfig(seats=(SeatConfig("A", "easy"), SeatConfig("B", "easy"))), 5).session
    result = session.result()
    money = next(r.values for r in result.breakdown if r.source == "money")
    assert result.details["tiebreak"] == [(-result.details["fulfilled"][s], -money[s]) for s in range(2)]
    m = Match(games=1, seats=2, scoring="points").add(result)
    assert m.over and m.winners == result.winners  # one game: the match is that game's result
