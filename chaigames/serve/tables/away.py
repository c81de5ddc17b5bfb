"""Pauses and people away: who may pause, and what a game does while a person is gone."""

from __future__ import annotations

import logging

from chaigames.engine.words import join_names

from .parts import TableParts

log = logging.getLogger("chaigames.serve.tables")


class Pauses(TableParts):
    """Pauses by the seated, and the real-time pause while a person is away."""

    # -- pauses and people away --------------------------------------------------------------------
    def pause(self, conn: int) -> None:
        seat = self.conns[conn].seat
        game = self.game
        if seat is None or game is None or game.finished:
            self._refuse(conn, "Only a seated person pauses a running game")
            return
        if game.paused:
            self._refuse(conn, "The game is already paused")
            return
        who = self.seats[seat].identity or ""
        if self.pause_limit and self.pauses.get(who, 0) >= self.pause_limit:
            self._refuse(conn, f"You have used your {self.pause_limit} pauses in this game")
            return
        if not self.pause_limit:
            self._refuse(conn, "Pauses are off at this table")
            return
        self.pauses[who] = self.pauses.get(who, 0) + 1
        self.paused_by = self.seats[seat].name
        self._stop_countdown()
        game.pause(seat)
        self._changed([], force=True)

    def resume(self, conn: int) -> None:
        seat = self.conns[conn].seat
        game = self.game
        if seat is None or game is None or not game.paused:
            self._refuse(conn, "The game is not paused")
            return
        if self.away_pause and any(s.away for s in self.seats):
            away = join_names([s.name for s in self.seats if s.away])
            self._refuse(conn, f"Waiting for {away} to come back (or the owner hands the seat to a bot)")
            return
        self._resume_game(seat)

    def _resume_game(self, seat: int | None) -> None:
        game = self.game
        if game is None:
            return
        self.paused_by = None
        self.away_pause = False
        game.resume(seat)
        self._changed([], force=True)

    def _away(self, seat: int) -> None:
        """A person left their seat during a game. Turn-based: the game waits (the owner may hand it to
        a bot). Real time: the game pauses; after `away_limit` seconds the seat goes to a normal bot."""
        s = self.seats[seat]
        s.away_since = self.clock_source()
        game = self.game
        if game is None or game.finished or not game.realtime:
            return
        self.away_pause = True  # no resume until they are back (or their seat is a bot's)
        if not game.paused:  # running, or in the 3-2-1 of a resume
            self.paused_by = s.name
            self._stop_countdown()
            game.pause(seat)
        self._start_away_timer(seat)

    def _start_away_timer(self, seat: int) -> None:
        old = self._away_timers.pop(seat, None)
        if old is not None:
            old.stop()
        self._away_timers[seat] = self.set_timer(self.away_limit, lambda: self._away_too_long(seat))

    def _away_too_long(self, seat: int) -> None:
        self._away_timers.pop(seat, None)
        s = self.seats[seat]
        if s.away and self.game is not None and not self.game.finished:
            levels = self.game.spec.bot_levels
            level = "normal" if "normal" in levels else levels[0]
            log.info("table %s: seat %s away too long, a %s bot plays it", self.code, seat, level)
            self._hand_to_bot(seat, level)

    def _back(self, seat: int) -> None:
        """A person came back to their seat: real time resumes (3-2-1) once nobody is away."""
        game = self.game
        if game is None or not game.realtime or game.finished:
            return
        if self.away_pause and not any(s.away for s in self.seats):
            self._resume_game(seat)
