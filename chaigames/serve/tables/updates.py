"""What each connection gets: its seat's update whole when it comes to the game, then only what changed.

An update is built once per seat (every connection of that seat, spectators most of all, shares it and
the changes made from it) and sent to a connection as `changes` to the last update it got
(`chaigames.play.changes`): the changed fields and parts of the view, and the log lines new to it. A
change a seat may not see (another seat's hidden step) leaves its update as it was: it hears nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from chaigames.engine import Event
from chaigames.engine.words import join_names
from chaigames.play import changes, wire
from chaigames.play.clock import time_shown

from .parts import TableParts

log = logging.getLogger("chaigames.serve.tables")


@dataclass(frozen=True)
class Sent:
    """The last update a connection got: what its next changes are made against."""

    update: dict[str, Any]  # without its log
    game: int  # id of the game's session then: a new game is sent whole
    log_len: int  # the game's log lines by then (the seat's own among them were sent)


class Updates(TableParts):
    """Each seat's update, its log lines and status, and sending what changed."""

    # -- what each connection gets ------------------------------------------------------------------
    def update_for(
        self, seat: int | None, events: Sequence[Event], bell: bool = False, log_from: int = 0
    ) -> dict[str, Any]:
        """Everything `seat` (None: a spectator, the public view) may know now, as one whole message (with
        the log lines from the game's `log_from`th line on)."""
        assert self.game is not None
        seen = self.game.session.seen_numbers(seat)
        return {**self._state_for(seat, events, bell, seen), "log": self._log_lines(seat, seen, log_from)}

    def _state_for(self, seat: int | None, events: Sequence[Event], bell: bool, seen: list[int]) -> dict[str, Any]:
        """`seat`'s update but for its log lines."""
        game, spec = self.game, self.spec
        assert game is not None and spec is not None
        session = game.session
        state = session.state
        over = session.over
        movers = game.movers()
        legal = state.legal_actions(seat) if seat is not None and seat in movers else []
        if game.realtime:  # the clock's pause and resume are the table's, never a move (see `act`)
            legal = [a for a in legal if spec.actions.name_of(a) not in ("pause", "resume")]
        last = self._legal_json.get(seat)
        if last is None or last[0] != legal:  # the same moves are the same JSON object: compared by identity
            last = self._legal_json[seat] = (legal, [spec.actions.to_json(a) for a in legal])
        me = self.seats[seat].identity if seat is not None else None
        result = session.result() if over else None
        return {
            "t": "update",
            "seat": seat,
            "view": spec.view_to_json(state.view(seat)),
            "legal": last[1],
            "actors": [] if over else list(state.actors()),
            "status": self.status(seat),
            "names": list(game.names),
            "bots": [s.level if not s.person else None for s in self.seats],
            "away": [i for i, s in enumerate(self.seats) if s.away],
            "paused": game.paused or self.countdown is not None,
            "paused_by": self.paused_by if game.paused else None,
            "pauses_left": max(0, self.pause_limit - self.pauses.get(me, 0)) if me else 0,
            "finished": game.finished,
            "result": None if result is None else result.to_json(),
            "events": [e.to_json() for e in events if e.visible_to(seat)],
            "clock": None if game.clock is None else {"running": game.clock.running, "now": game.clock.now()},
            "turn_bell": bell,
            "your_turn": seat is not None and seat in movers,  # the host's idle timeout counts only then
            "started": game.started,
            "moves": seen[-1],  # the actions this seat saw happen (another seat's hidden steps are not counted)
            "thinking": game.thinking,
            "countdown": self.countdown,
            "hints": self.hints,
            "hints_used": self.hints_used_by(seat),
        }

    def _log_lines(self, seat: int | None, seen: list[int], start: int) -> list[dict[str, Any]]:
        """The game's log lines from the `start`th on that `seat` may see, as JSON, numbered by the actions
        `seat` saw (`seen`, see `Session.seen_numbers`): another seat's hidden steps leave no gap. A table's
        log only grows (no take-backs), so each line is turned into JSON once, not once per update per person."""
        assert self.game is not None  # a log is asked for only while a game is on
        log_ = self.game.session.log
        if len(self._log_json) > len(log_):  # a new game
            self._log_json = []
        self._log_json.extend(line.to_json() for line in log_[len(self._log_json) :])
        out: list[dict[str, Any]] = []
        for i in range(start, len(log_)):
            if log_[i].event.visible_to(seat):
                line = self._log_json[i]
                number = seen[min(line["action_no"], len(seen) - 1)]
                out.append(line if number == line["action_no"] else {**line, "action_no": number})
        return out

    def status(self, seat: int | None) -> str:
        game = self.game
        assert game is not None
        if game.session.over:
            return "The game is over."
        if self.countdown is not None:
            return f"Starting in {self.countdown}..."
        if game.paused:
            away = [s.name for s in self.seats if s.away]
            if self.away_pause and away:
                return f"Paused: waiting for {join_names(away)} to come back"
            return f"Paused by {self.paused_by}" if self.paused_by else "Paused"
        if game.realtime:
            t = game.clock.now() if game.clock else 0.0
            return time_shown(t)
        actors = list(game.session.state.actors())
        away = [self.seats[s].name for s in actors if self.seats[s].away]
        if seat is not None and seat in actors:
            return "Your move"
        if away:
            return f"Waiting for {join_names(away)} (away)"
        bots = [s for s in actors if game.is_bot(s)]
        if len(bots) == 1 and len(actors) == 1:
            return f"{game.name(bots[0])} (bot) is thinking..."
        return f"Waiting for {join_names([game.name(s) for s in actors]) or 'nobody'}"

    def _changed(self, events: Sequence[Event], *, force: bool = False, only: int | None = None) -> None:
        """Send each joined connection what changed that it may see (`force`: even when nothing did)."""
        game = self.game
        if game is None or self.spec is None:
            return
        if game.finished and not self._in_histories:  # the record is in everyone's History before the news
            self._in_histories = True
            self._copy_to_histories()
        session = game.session
        key = (
            len(session.record.entries),
            len(session.log),
            game.paused,
            game.finished,
            self.countdown,
            tuple(i for i, s in enumerate(self.seats) if s.away),
            tuple(s.kind for s in self.seats),
            game.thinking,
        )
        actors = set() if session.over else set(session.state.actors())
        bells: dict[int, bool] = {}
        for i, s in enumerate(self.seats):
            now_acting = i in actors and s.person and not game.realtime
            bells[i] = now_acting and not self._actors.get(i, True) and not game.paused
            self._actors[i] = now_acting
        states: dict[int | None, tuple[dict[str, Any], list[int]]] = {}  # seat -> its update now (shared)
        made: dict[tuple[int | None, int], tuple[Any, dict[str, Any]]] = {}  # (seat, id of the base) -> changes
        for conn, info in list(self.conns.items()):
            if not info.joined or (only is not None and conn != only):
                continue
            seat = info.seat
            bell = bells.get(seat, False) if seat is not None else False
            visible = any(e.visible_to(seat) for e in events)
            if not force and not visible and not bell and self._sent.get(conn) == key:
                continue
            self._sent[conn] = key
            if seat not in states:
                seen = session.seen_numbers(seat)
                states[seat] = (self._state_for(seat, events, bell, seen), seen)
            state, seen = states[seat]
            last = self._bases.get(conn)
            if last is None or last.game != id(session) or last.update["seat"] != seat:
                self._bases[conn] = Sent(state, id(session), len(session.log))
                self._to(conn, {**state, "log": self._log_lines(seat, seen, 0)})
                continue
            shared = made.get((seat, id(last.update)))
            if shared is None:  # (the base is kept with its changes: its id stays its own meanwhile)
                msg = changes.changes_between(last.update, state, self._log_lines(seat, seen, last.log_len))
                made[(seat, id(last.update))] = (last.update, msg)
            else:
                msg = shared[1]
            self._bases[conn] = Sent(state, id(session), len(session.log))
            if force or changes.is_news(msg):  # else nothing this seat may see changed: it hears nothing
                self._to(conn, msg)

    def _resend(self, conn: int) -> None:
        """The connection could not apply a change (`sync`): its whole update again."""
        self._bases.pop(conn, None)
        self._sent.pop(conn, None)
        self._changed([], force=True, only=conn)

    def _refuse(self, conn: int, reason: str, seat: int | None = None) -> None:
        log.info("table %s: refused connection %s: %s", self.code, conn, reason)
        self._to(conn, wire.refused(reason, seat=seat))

    def _to(self, conn: int, msg: dict[str, Any]) -> None:
        while True:
            try:
                self._send(wire.wrap_to(conn, msg))
                return
            except wire.Malformed as exc:  # too big for one line
                if msg.get("t") == "update" and msg["log"]:  # a whole update: its newest log lines that fit
                    msg = {**msg, "log": msg["log"][len(msg["log"]) // 2 + 1 :]}
                    continue
                log.error("table %s: could not send %s to %s: %s", self.code, msg.get("t"), conn, exc)
                return
