"""TableController alone: the protocol's reads from the last update, what it sends, what it tells
the frame (results, a rematch, the bell, leaving the table)."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import pytest

from chaigames import games
from chaigames.engine import GameConfig, SeatConfig, Session
from chaigames.play.table_controller import TableController


class Channel:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.handlers: dict[str, Any] = {}
        self.last: dict[str, Any] = {}
        self.closed = False

    def on(self, t: str, handler: Any) -> None:
        self.handlers[t] = handler

    def off(self, t: str, handler: Any) -> None:
        self.handlers.pop(t, None)

    def send(self, msg: dict[str, Any]) -> None:
        self.sent.append(msg)

    def hear(self, msg: dict[str, Any]) -> None:
        self.handlers[msg["t"]](msg)


class Frame:
    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    def show_results(self, controller: Any) -> None:
        self.calls.append(("results", controller))

    async def open_table_game(self, controller: Any) -> None:
        pass

    def call_later(self, callback: Any, *args: Any) -> None:
        self.calls.append(("later", callback.__name__))

    def table_left(self, controller: Any, reason: str) -> None:
        self.calls.append(("left", reason))

    def bell(self) -> None:
        self.calls.append(("bell", None))

    def think(self, work: Any, done: Any) -> None:
        """Kept for the test to run when it likes (the app runs it on a worker thread)."""
        self.calls.append(("think", (work, done)))

    def thought(self) -> None:
        """The last work asked for, done, and its answer handed back."""
        work, done = next(arg for kind, arg in reversed(self.calls) if kind == "think")
        done(work())


class Screen:
    def __init__(self) -> None:
        self.changed: list[Any] = []
        self.refused: list[tuple[int, str]] = []

    def game_changed(self, events: Any) -> None:
        self.changed.append(list(events))

    def move_refused(self, seat: int, reason: str) -> None:
        self.refused.append((seat, reason))


SPEC = games.get("chai")


def update(session: Session, seat: int, spec: Any = SPEC, **extra: Any) -> dict[str, Any]:
    state = session.state
    legal = state.legal_actions(seat)
    over = session.over
    msg = {
        "t": "update",
        "seat": seat,
        "view": spec.view_to_json(state.view(seat)),
        "legal": [spec.actions.to_json(a) for a in legal],
        "actors": list(state.actors()),
        "log": [line.to_json() for line in session.log if line.event.visible_to(seat)],
        "status": "Your move" if seat in state.actors() else "Waiting",
        "names": [s.name for s in session.config.seats],
        "bots": [s.bot for s in session.config.seats],
        "away": [],
        "paused": False,
        "paused_by": None,
        "pauses_left": 3,
        "finished": over,
        "result": session.result().to_json() if over else None,
        "events": [],
        "clock": None,
        "turn_bell": False,
        "moves": session.action_count,
    }
    return msg | extra


def chai_session() -> Session:
    config = GameConfig(seats=(SeatConfig("Asha"), SeatConfig("Ravi"), SeatConfig("Bot", bot="easy")), start_player=1)
    return Session(SPEC, config, 3)


def test_reads_come_from_the_last_update_and_acts_go_over_the_channel() -> None:
    session, channel, frame, screen = chai_session(), Channel(), Frame(), Screen()
    c = TableController(frame, channel, SPEC, 1)
    c.pause()  # a screen holding its board before it is shown asks the table nothing
    c.attach(screen)
    channel.hear(update(session, 1, turn_bell=True))
    assert c.names == ("Asha", "Ravi", "Bot") and c.is_bot(2) and not c.is_bot(0)
    assert c.movers() == (1,) and c.to_move == 1 and c.view == session.state.view(1)
    assert c.legal_actions(1) == session.state.legal_actions(1) and c.legal_actions(0) == []
    assert c.status() == "Your move" and ("bell", None) in frame.calls
    action = c.legal_actions(1)[0]
    c.act(0, action)  # not this terminal's seat: refused here, nothing sent
    assert screen.refused and screen.refused[0][0] == 0 and channel.sent == []
    c.act(1, action)
    assert channel.sent == [{"t": "act", "seat": 1, "action": SPEC.actions.to_json(action)}]
    channel.hear({"t": "refused", "seat": 1, "reason": "Not enough money"})
    assert screen.refused[-1] == (1, "Not enough money") and c.message == "Not enough money"
    c.pause()
    assert channel.sent[-1] == {"t": "pause"}
    assert not c.can_undo() and c.result() is None


def test_results_a_rematch_and_leaving() -> None:
    session, channel, frame, screen = chai_session(), Channel(), Frame(), Screen()
    c = TableController(frame, channel, SPEC, 1)
    c.attach(screen)
    channel.hear(update(session, 1))
    result = {"scores": [3, 5, 1], "winners": [1], "breakdown": [], "note": "", "details": {}}
    channel.hear(update(session, 1, finished=True, result=result))
    assert c.finished and c.result().winners == (1,) and c.movers() == ()
    assert [k for k, _ in frame.calls] == ["results"]
    channel.hear(update(session, 1, finished=True, result=result))  # the results are shown once
    assert [k for k, _ in frame.calls] == ["results"]
    c.rematch()
    assert channel.sent[-1] == {"t": "rematch"}
    channel.hear(update(session, 1))
    assert frame.calls[-1] == ("later", "open_table_game") and not c.finished
    channel.hear({"t": "taken_over"})
    assert frame.calls[-1][0] == "left" and c.taken_over
    c.stop()
    assert channel.sent[-1] == {"t": "rematch"}  # taken over: this session no longer sits there, says nothing
    assert "update" not in channel.handlers


def test_the_table_pause_menu_says_what_esc_and_leaving_really_do() -> None:
    from screens.table_pause import TablePauseMenu

    session, channel = chai_session(), Channel()
    channel.last["joined"] = {"t": "joined", "seat": 1, "seat_code": "K7QD", "owner": False, "away_limit": 60.0}
    c = TableController(Frame(), channel, SPEC, 1)
    channel.hear(update(session, 1, pauses_left=0))
    menu = TablePauseMenu(c)
    assert menu.heading() == "Chai: the game goes on"  # no pause left: Esc does not say "Paused"
    assert "Your pauses are used up: the game goes on." in menu.notes()
    assert any("K7QD" in line for line in menu.notes())  # the seat's code, seen again
    leave = menu.quit_question()
    assert "Back to your table" in leave.detail and "Continue" not in leave.detail
    assert "owner hands your seat to a bot" in leave.detail  # turn-based: the game waits
    channel.hear(update(session, 1, pauses_left=2))
    assert TablePauseMenu(c).heading() == "Paused: Chai"

    spectator = TableController(Frame(), channel, SPEC, None)
    channel.hear(update(session, None, pauses_left=0) | {"seat": None})
    menu = TablePauseMenu(spectator)
    assert menu.heading() == "Chai: the game goes on" and "quit" in [o.id for o in menu.options()]
    assert "Save" not in str(menu.options()[-1].prompt) and "watching" in menu.quit_question().question

    cw = games.get("chai-wallah")
    realtime = TableController(Frame(), channel, cw, 1)
    assert "After 60 s away a bot plays it until you are back" in TablePauseMenu(realtime).quit_question().detail


def test_a_paused_turn_based_table_says_who_paused_once() -> None:
    session, channel = chai_session(), Channel()
    c = TableController(Frame(), channel, SPEC, 1)
    channel.hear(update(session, 1, paused=True, paused_by="Meera", status="Paused by Meera"))
    assert c.status() == "Paused by Meera" and c.message == ""  # the status line says it; no second copy


class Timers:
    """The loop's `call_later` as the controller uses it: what it asked for, run when the test says."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.asked: list[tuple[float, Any]] = []
        loop = asyncio.get_running_loop()
        real = loop.call_later

        def call_later(delay: float, callback: Any, *args: Any) -> asyncio.TimerHandle:
            self.asked.append((delay, callback))
            return real(3600, lambda: None)  # never runs by itself: `fire` runs the callback

        monkeypatch.setattr(loop, "call_later", call_later)

    def fire(self) -> None:
        self.asked[-1][1]()


async def test_a_turn_based_table_game_sets_no_timer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Between a turn-based table's updates nothing on screen moves: the controller wakes for nothing."""
    session, channel, screen, timers = chai_session(), Channel(), Screen(), Timers(monkeypatch)
    c = TableController(Frame(), channel, SPEC, 1)
    c.attach(screen)
    channel.hear(update(session, 1))
    c.start()
    channel.hear(update(session, 1, status="Waiting"))
    assert timers.asked == [] and c.next_redraw is None and len(screen.changed) == 2


async def test_the_running_clock_is_drawn_when_its_shown_second_turns_and_only_then(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A running clock shows whole seconds: the controller redraws once a second, at the moment the
    second turns (counted from the table's last word), not at a fixed rate whatever is shown."""
    cw = games.get("chai-wallah")
    seats = (SeatConfig("Asha"), *(SeatConfig(f"Bot {n}", bot="easy") for n in range(3)))
    session = Session(cw, GameConfig(seats=seats), 5)
    now = [100.0]  # the app's monotonic clock
    channel, screen, timers = Channel(), Screen(), Timers(monkeypatch)
    c = TableController(Frame(), channel, cw, 0, clock_source=lambda: now[0])
    c.attach(screen)
    channel.hear(update(session, 0, cw, clock={"running": False, "now": 12.3}))
    c.start()
    assert timers.asked == [] and c.next_redraw is None  # stopped: nothing moves
    channel.hear(update(session, 0, cw, clock={"running": True, "now": 12.3}))
    assert timers.asked[-1][0] == pytest.approx(0.701)  # 12.3 -> 13.0 s, and a moment past it
    drawn = len(screen.changed)
    for second in range(10):
        now[0] += timers.asked[-1][0]
        timers.fire()
        assert c.clock is not None and int(c.clock.now()) == 13 + second
        assert timers.asked[-1][0] == pytest.approx(1.0, abs=0.002)
    assert len(screen.changed) == drawn + 10  # ten seconds, ten redraws (a 20-a-second tick drew 200)
    channel.hear(update(session, 0, cw, finished=True, clock={"running": False, "now": 23.0}))
    assert c.next_redraw is None


def test_a_hint_at_a_table_is_worked_out_here_from_this_seats_own_update_and_only_counted_there() -> None:
    session, channel, frame, screen = chai_session(), Channel(), Frame(), Screen()
    c = TableController(frame, channel, SPEC, 1)
    c.attach(screen)
    channel.hear(update(session, 1))
    assert not c.hints_on  # a table that offers none (an update from before hints says nothing either)
    c.ask_hint()
    assert "off at this table" in c.message and channel.sent == []
    channel.hear(update(session, 1, hints=True, hints_used=0))
    assert c.hints_on and c.hints_used() == 0
    c.ask_hint()
    assert channel.sent == [{"t": "hint"}] and c.message == "Thinking of a hint..."
    c.ask_hint()  # one at a time
    assert channel.sent == [{"t": "hint"}]
    frame.thought()  # this app's own search, over the seat's own view and legal moves (all it holds)
    assert c.message.startswith("Hint: ") and len(c.message) > len("Hint: ")
    channel.hear(update(session, 1, hints=True, hints_used=1))
    assert c.hints_used() == 1  # the table's count, as results show it
    c.ask_hint()
    session.apply(1, session.state.legal_actions(1)[0])
    channel.hear(update(session, 1, hints=True, hints_used=2))
    c.message = ""
    frame.thought()  # the game moved on meanwhile: this hint is for a position gone
    assert c.message == ""
    spectator = TableController(Frame(), Channel(), SPEC, None)
    spectator.updated(update(session, 1, hints=True) | {"seat": None})
    assert not spectator.hints_on  # hints are for a seat's own moves


async def test_a_fresh_die_counts_down_between_a_tables_updates(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh die's countdown (and a lock's, and the market's freeze) is worked out when the table builds
    its update; the seat's screen counts it down as its clock runs on, as at one keyboard."""
    cw = games.get("chai-wallah")
    seats = (SeatConfig("Asha"), *(SeatConfig(f"Bot {n}", bot="easy") for n in range(3)))
    session = Session(cw, GameConfig(seats=seats), 5)
    view = session.state.view(0)
    die = view.seats[0].dice[0]
    fresh = replace(die, state="fresh", fresh_for=7.0)
    seat = replace(view.seats[0], dice=(fresh, *view.seats[0].dice[1:]), locked_for=2.5)
    sent = replace(view, now=12.3, seats=(seat, *view.seats[1:]))
    now = [100.0]
    channel, screen, timers = Channel(), Screen(), Timers(monkeypatch)
    c = TableController(Frame(), channel, cw, 0, clock_source=lambda: now[0])
    c.attach(screen)
    msg = update(session, 0, cw, clock={"running": True, "now": 12.3})
    channel.hear(msg | {"view": cw.view_to_json(sent)})
    c.start()
    assert c.view.seats[0].dice[0].fresh_for == 7.0
    now[0] += timers.asked[-1][0]  # the clock's next second: 13.0 s
    timers.fire()
    shown = c.view.seats[0]
    assert shown.dice[0].fresh_for == pytest.approx(6.3, abs=0.01) and shown.locked_for == pytest.approx(1.8, abs=0.01)
    for _ in range(3):
        now[0] += timers.asked[-1][0]
        timers.fire()
    shown = c.view.seats[0]  # 16.0 s: 3.3 s left of 7
    assert shown.dice[0].fresh_for == pytest.approx(3.3, abs=0.01) and shown.dice[0].state == "fresh"
    assert shown.locked_for == 0.0  # never below zero: the lock ends with the table's news
    assert c.view.seats[1:] == sent.seats[1:]  # nothing else on the view moved
    channel.hear(msg | {"view": cw.view_to_json(sent), "clock": {"running": False, "now": 16.0}})
    assert c.view.seats[0].dice[0].fresh_for == 7.0  # a stopped clock: the view as the table sent it


def test_a_dabba_walla_player_the_update_left_as_it_was_is_not_read_again() -> None:
    """A rebuilt update shares the players that did not change with the last one (the same objects): their
    views are the last view's, the changed player is read again, and the whole equals a view read whole."""
    dw = games.get("dabba-walla")
    session = Session(dw, GameConfig(seats=(SeatConfig("Asha"), SeatConfig("Ravi"), SeatConfig("Meera"))), 4)
    channel = Channel()
    c = TableController(Frame(), channel, dw, 0)
    first = update(session, 0, dw)
    channel.hear(first)
    before = c.view
    players = list(first["view"]["players"])
    players[1] = players[1] | {"tickets": players[1]["tickets"] + 2}  # Ravi's changed; Asha's and Meera's not
    second = first | {"view": first["view"] | {"players": players}}
    channel.hear(second)
    after = c.view
    assert after.players[0] is before.players[0] and after.players[2] is before.players[2]
    assert after.players[1].tickets == before.players[1].tickets + 2
    assert after == dw.view_from_json(second["view"])
    bad = list(players)
    bad[2] = bad[2] | {"tickets": -1}  # a changed player is checked as ever
    channel.hear(second | {"view": second["view"] | {"players": bad}})
    assert "cannot read" in c.message and c.view is after


def test_a_chai_wallah_seat_and_a_move_the_update_left_as_they_were_are_not_read_again() -> None:
    cw = games.get("chai-wallah")
    seats = (SeatConfig("Asha"), *(SeatConfig(f"Bot {n}", bot="easy") for n in range(3)))
    session = Session(cw, GameConfig(seats=seats), 5)
    channel = Channel()
    c = TableController(Frame(), channel, cw, 0)
    first = update(session, 0, cw)
    channel.hear(first)
    view, legal = c.view, c.legal_actions(0)
    raw_seats = list(first["view"]["seats"])
    raw_seats[2] = raw_seats[2] | {"score": 1}
    moves = list(first["legal"])
    moves[0] = dict(moves[0])  # equal, but a new object: read again
    second = first | {"view": first["view"] | {"seats": raw_seats}, "legal": moves}
    channel.hear(second)
    assert [a is b for a, b in zip(c.view.seats, view.seats, strict=True)] == [True, True, False, True]
    assert c.view == cw.view_from_json(second["view"]) and c.view.seats[2].score == 1
    again = c.legal_actions(0)
    assert again == legal and again[0] is not legal[0]
    assert all(a is b for a, b in zip(again[1:], legal[1:], strict=True))
