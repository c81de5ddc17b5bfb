"""The chaigames Textual application: the frame every game screen lives in.

Screens stack as: main menu -> (setup | continue | rules) -> game screen -> results, with the
curtain, countdown, pause menu, log and keys screens pushed on top of a game as needed. The
frame is game-agnostic: a game's screen comes from `game_screens.screen_class_for`.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import SystemCommand
from textual.driver import Driver
from textual.screen import Screen
from textual.timer import Timer, TimerCallback

from chaigames.crashlog import friendly_line, write_crash_log  # at hand when something goes wrong
from chaigames.play.client import TableClient
from chaigames.play.library import Library, extra_from_env
from chaigames.saves import FOLDER_LIMIT_ENV, SaveStore

from . import compat, palette
from .compat import CrashHooks, tell_page
from .keygate import Guarded, KeyGate
from .menu import MainMenu
from .table_navigation import TableNavigation, at_table

if TYPE_CHECKING:  # the rest loads when first used: the main menu needs none of it (a fast start)
    from rich.console import RenderableType

    from chaigames.engine import GameConfig, GameSpec, Record, Session
    from chaigames.engine.match import Match
    from chaigames.play.controller import GameController
    from chaigames.play.protocol import Controller
    from chaigames.play.table_controller import TableController
    from chaigames.saves import SaveInfo
    from chaigames.setups import SetupMemory

compat.share_parsed_css()  # every app in this process (and every session forked from it) parses its CSS once
compat.paint_only_what_changed()  # a frame renders the widgets under the lines it repaints, not every widget
compat.sizes_without_layout()  # a widget resized by a layout does not ask for another one
compat.styled_once_mounted()  # a widget being made is styled as it is mounted, not before
compat.select_parts_as_they_end()  # a Select's parts are styled once, as they are mounted
compat.hidden_screens_wait()  # the menu under a game is not laid out or drawn until it is shown again
compat.screens_laid_out_once()  # a dialog opened or closed lays out and draws each screen once
compat.repaints_seen_through()  # a dialog draws the screen under it again only when that changed
compat.option_lists_keep_their_lines()  # a list resized to the width it was drawn at draws nothing again
compat.option_lists_lay_nothing_out()  # a list counting its lines as it is drawn asks no layout for them
compat.focus_repaints_what_changed()  # a focus moved repaints the fields it restyles, not the whole screen
compat.typing_lays_nothing_out()  # a letter typed in a name field repaints the field, and lays nothing out

NewGame = tuple[str, "GameConfig", int]
QUIT_QUESTION = "Quit chaigames?"


class ChaiGamesApp(CrashHooks, TableNavigation):
    TITLE = "chaigames"
    CSS_PATH = "app.tcss"
    ENABLE_COMMAND_PALETTE = True

    def __init__(
        self,
        *,
        games: Iterable[GameSpec] = (),
        registry: bool = True,
        new_game: NewGame | None = None,
        store: SaveStore | None = None,
        bot_delay: float = 0.6,
        countdown: int = 3,
        clock_source: Callable[[], float] = time.monotonic,
        saves_by_name: Path | None = None,
        key_guard: float = 0.5,
        win_hold: float = 3.0,
        confirm_moves: bool = True,
        watch: Record | None = None,
    ) -> None:
        """`games` adds specs to the registry's (tests: the toy game); `new_game` skips the menu
        (`chaigames new`); `bot_delay` is the visible pause before each bot move; `countdown` the
        seconds of the real-time 3-2-1; `clock_source` the real-time clock's time source (tests fake it);
        `saves_by_name` (`chaigames web`) asks the player's name first and keeps their saves in that
        name's own folder under it; `key_guard` how long a screen opening over or after a game ignores
        keys; `win_hold` how long a real-time game's winning board stays up, every key ignored, before
        the results; `confirm_moves` whether hot-seat moves that cannot be taken back ask first (tests
        turn it off)."""
        super().__init__()
        self.library = Library([*extra_from_env(), *games], registry=registry)
        self.store = store if store is not None else SaveStore()
        self.new_game_request = new_game
        self.watch_request = watch  # `chaigames replay FILE --watch`: this record's replay, then quit
        self.bot_delay = bot_delay
        self.countdown = countdown
        self.clock_source = clock_source
        self.key_guard = key_guard
        self.win_hold = win_hold
        self.confirm_moves = confirm_moves
        self.gate = KeyGate()
        self.controller: GameController | TableController | None = None  # the game being played
        self.saves_by_name = saves_by_name
        self.player_name: str | None = None  # who plays here, as the web page asked (seat 1 in a new game)
        self.page_title = ""  # the browser tab's title, as last sent (`chaigames web`)
        # Under `chaigames serve` the app runs on someone else's machine: it offers no
        # command that writes files there and opens no browser.
        self.served = os.environ.get("CHAIGAMES_SERVED") == "1"
        # A served player's folder may take this many bytes; past it no new game starts.
        self.folder_limit = folder_limit_from_env()
        self.crash_log: Path | None = None
        self.crashed = False
        # Tables over SSH: the private channel the host gave this session, if any.
        self.tables: TableClient | None = None
        self.welcome: dict[str, Any] = {}  # the host's `welcome`: our name, keyed or not, our tables
        self.table: dict[str, Any] | None = None  # the `joined` of the table we sit at

    def get_default_screen(self) -> Screen:
        """The screen at the bottom of the stack: the main menu itself (composed with the app, as a
        bare app's widgets are: a menu pushed over Textual's blank default screen cost the start
        a discarded layout and paint), swept saves first so that it sees a recovered one. Under
        `web` it is Textual's blank screen, and the name is asked over it."""
        if self.saves_by_name is not None:
            return super().get_default_screen()
        self._sweep()
        return MainMenu()

    @property
    def setups(self) -> SetupMemory:
        """Each game's last setup, offered by the next one: beside the saves (under `web`, the player's own)."""
        from chaigames.setups import SetupMemory

        return SetupMemory(self.store.root)

    async def on_load(self) -> None:
        """Under `serve`, the host is asked about our tables before anything is drawn, so the menu is
        drawn once, with its table lines (drawn before the host's answer, it was laid out and painted
        a second time as that answer came: a good part of a session's start)."""
        if self.saves_by_name is None:
            await self._connect_tables()

    async def on_mount(self) -> None:
        if self.saves_by_name is not None:
            from .name import NameScreen

            await self.push_screen(NameScreen(), self._named)
            return
        self.gate.opens_at = 0.0  # the first menu opens after no game: nothing to guard against
        if self.watch_request is not None:
            self.watch_replay(self.watch_request, done=lambda _: self.exit())
        if self.new_game_request is not None:
            game_id, config, seed = self.new_game_request
            self.start_game(self.library.get(game_id), config, seed)

    def _named(self, name: str | None) -> None:
        """The player said who they are: their saves, then the menu."""
        from chaigames.folders import name_folder

        assert self.saves_by_name is not None
        self.player_name = name or None
        self.store = SaveStore(name_folder(self.saves_by_name, name or ""))
        self._sweep()
        self.push_screen(MainMenu())
        self.gate.opens_at = 0.0  # the first menu: nothing to guard against

    def _sweep(self) -> None:
        with contextlib.suppress(OSError):
            self.store.sweep()  # half-written saves of apps killed mid-write

    # -- the key gate (screens/keygate.py) ------------------------------------------------------------
    async def on_event(self, event: events.Event) -> None:
        """A key pressed before the gate opened is dropped before any screen or binding sees it."""
        if isinstance(event, events.Key) and not event.is_forwarded and not self.gate.admits(event.time):
            return
        await super().on_event(event)

    def _top_changed(self) -> None:
        """A new screen is on top: keys pressed before now were meant for another; a guarded
        screen also ignores its first `key_guard` seconds."""
        self.gate.hold(self.key_guard if isinstance(self.screen, Guarded) else 0.0)
        self.show_page_title()

    def show_page_title(self) -> None:
        """Under `chaigames web`, the browser tab names the game being played and says "Your turn"
        while a turn-based game waits for this keyboard (seen from another tab, too)."""
        if self.saves_by_name is None:
            return
        title = "chaigames"
        controller = self.controller
        if controller is not None and not controller.finished:
            title = f"{controller.title} - chaigames"
            if not controller.realtime and controller.movers():
                title = f"Your turn - {title}"
        if title != self.page_title:
            self.page_title = title
            tell_page(self, {"type": "chaigames-title", "title": title})

    def push_screen(self, *args: Any, **kwargs: Any) -> Any:
        compat.screen_css_first(self, args[0] if args else kwargs["screen"])
        result = super().push_screen(*args, **kwargs)
        self._top_changed()
        return result

    def switch_screen(self, screen: Screen | str) -> Any:
        compat.screen_css_first(self, screen)
        result = super().switch_screen(screen)
        self._top_changed()
        return result

    def pop_screen(self) -> Any:
        result = super().pop_screen()
        self._top_changed()
        return result

    def on_resize(self, event: events.Resize) -> None:
        """A screen too small to play on says so in its title bar (and says nothing once it is not)."""
        from .widgets import TitleBar

        for bar in self.screen.query(TitleBar):
            bar.refresh()

    def turn_changed(self) -> None:
        self.show_page_title()

    def drop_earlier_keys(self) -> None:
        """The keyboard became a human's: what was typed before (while a bot thought) is not theirs."""
        self.gate.hold(0.0)

    def get_css_variables(self) -> dict[str, str]:
        """The theme's variables plus the game palette (`$dw-y`, `$zone-1`, `$focus-field`...)."""
        return {**super().get_css_variables(), **palette.css_variables()}

    # -- quitting ------------------------------------------------------------------------------------
    async def action_quit(self) -> None:
        """Ctrl+Q and the palette's Quit ask first, as `q` on the menu does."""
        self.ask_quit()

    def ask_quit(self) -> None:
        """ "Quit chaigames?": a key pressed by mistake mid-game must not end it. A game at this keyboard
        stands still while asked (it is saved as it goes); a table's game goes on for the others."""
        from .confirm import ConfirmScreen
        from .game_base import GameScreen

        if isinstance(self.screen, ConfirmScreen) and self.screen.question == QUIT_QUESTION:
            return  # already asking
        c = self.controller if isinstance(self.screen, GameScreen) else None
        hold = c is not None and not at_table(c) and not c.paused and not c.finished

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()
            elif hold and c is not None:
                c.resume()

        if hold and c is not None:
            c.pause()
        self.push_screen(ConfirmScreen(QUIT_QUESTION), answered)

    # -- navigation ----------------------------------------------------------------------------------
    def has_saves(self) -> bool:
        return self.store.has_files()

    async def back_to_menu(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None
            self._listen_tables()  # a table's controller listened while it played
        while len(self.screen_stack) > 1 and not isinstance(self.screen, MainMenu):
            await self.pop_screen()
        if not isinstance(self.screen, MainMenu):
            await self.push_screen(MainMenu())
        else:
            self.screen.reload()

    def open_setup(self, game_id: str | None) -> None:
        """Setup for `game_id`, or (None) for the game set up last time (else the first)."""
        from .setup import SetupScreen

        if game_id is None:
            game_id = self.setups.last_game()
        specs = self.library.available()
        if not specs:
            self.notify("No game is built yet.", severity="warning")
            return
        self.push_screen(SetupScreen(specs, game_id))

    def open_continue(self) -> None:
        from .menu import ContinueScreen

        saves = self.store.list_saves(self.library.get)
        aside = [info for info in saves if info.moved_aside]
        if len(aside) == 1:
            self.notify(f"{aside[0].path.name}: {aside[0].problem}", severity="warning", timeout=8, markup=False)
        elif aside:  # one line for them all: thirty notifications would hide the list
            where = self.store.aside
            self.notify(
                f"{len(aside)} saves could not be read and were moved aside to {where}.",
                severity="warning",
                timeout=8,
                markup=False,
            )
        self.push_screen(ContinueScreen(saves))

    def open_history(self) -> None:
        from .history import HistoryScreen

        self.push_screen(HistoryScreen(self.store.finished_games(self.library.get), self.library.get))

    def watch_replay(self, record: Record, position: int = 0, done: Any = None) -> None:
        """The replay viewer over the current screen, at the deal unless `position` says otherwise (Esc
        comes back to it, or calls `done`)."""
        from chaigames.engine import RecordError
        from chaigames.play.replay import ReplayController

        from .replay import replay_screen

        try:
            controller = ReplayController.of(self.library.get(record.game), record, position)
        except (RecordError, LookupError) as exc:
            self.notify(f"Cannot replay: {exc}", severity="error")
            return
        self.push_screen(replay_screen(controller), done)

    def show_past_results(self, info: SaveInfo) -> None:
        """A finished game's results again (from History); `w` there watches its replay."""
        from chaigames.engine import RecordError
        from chaigames.engine.match import match_of
        from chaigames.play.replay import ReplayController

        from .results import ResultsScreen

        assert info.record is not None
        try:
            end = len(info.record.effective())
            controller = ReplayController.of(self.library.get(info.record.game), info.record, end)
        except (RecordError, LookupError) as exc:
            self.notify(f"Cannot show this game: {exc}", severity="error")
            return
        match = match_of(info.record.meta, len(info.record.config.seats))
        self.push_screen(ResultsScreen(controller, match=match, replay=info.record))

    def open_rules(self, game_id: str | None, callback: Any = None) -> None:
        from .rules import RulesIndex, RulesScreen

        self.push_screen(RulesIndex() if game_id is None else RulesScreen(game_id), callback)

    def action_keys(self) -> None:
        """`?`: the keys of the current screen."""
        from .game_base import GameScreen
        from .keys import KeysScreen, key_lines, reading_the_screen

        screen = self.screen
        if isinstance(screen, KeysScreen):
            return
        reading = ""
        if isinstance(screen, GameScreen):
            reading = reading_the_screen(self.library.get(screen.controller.game_id).rules_markdown)
        self.push_screen(KeysScreen(key_lines(screen), screen.sub_title or screen.title or "this screen", reading))

    # -- games ---------------------------------------------------------------------------------------
    def start_game(
        self, spec: GameSpec, config: GameConfig, seed: int, match_games: int = 1, *, hints: bool = False
    ) -> None:
        """A new game (or the first game of a match of `match_games`): validated, saved at once, then shown.
        `hints` (a single game only) lets `!` show the expert's move; the record's meta says so."""
        from chaigames.engine.match import new_match

        if self.folder_full():
            return
        match = None
        if match_games > 1:
            match = new_match(match_games, spec.match_scoring, config, seed, has_start_player=spec.has_start_player)
        save_id = self.save_new_game(spec, config, seed, match, hints=hints and match is None)
        if save_id is not None:
            self.resume_game(save_id)

    def folder_full(self) -> bool:
        """Past the host's limit on this player's folder a new game is refused, saying why and what to do;
        the games already under way keep saving."""
        if self.folder_limit is None or self.store.folder_bytes() <= self.folder_limit:
            return False
        self.notify(
            f"Your saves on this host take more than {size_in_words(self.folder_limit)}, so no new game can "
            "start here. Your games under way still save: play them on from Continue. To make room, ask whoever "
            "runs this host to remove your old games.",
            severity="error",
            timeout=15,
            markup=False,
        )
        return True

    def save_new_game(
        self, spec: GameSpec, config: GameConfig, seed: int, match: Match | None, *, hints: bool = False
    ) -> str | None:
        """Create a game's save (a match's game: its standing in the meta, its start player rotated)."""
        from chaigames.engine import ConfigError, Session
        from chaigames.engine.match import game_config

        meta: dict[str, Any] | None = {"hints": True, "hints_used": 0} if hints else None
        if match is not None:
            if not match.match_id:
                match = replace(match, match_id=self.store.new_id("match"))
            config = game_config(match, config)
            meta = {"match": match.to_json()}
        try:
            session = Session(spec, config, seed, meta=meta)
        except ConfigError as exc:
            self.notify(str(exc), severity="error", markup=False)
            return None
        save_id = self.store.new_id(spec.id)
        try:
            self.store.save(session, save_id)
        except OSError as exc:  # a full or read-only data folder: say so, stay where we are
            self.notify(
                f"Cannot start the game: it cannot be saved in {self.store.root} ({exc.strerror or exc}).",
                severity="error",
                timeout=10,
                markup=False,
            )
            return None
        return save_id

    def resume_game(self, save_id: str, *, take_over: bool = False) -> None:
        from chaigames.engine import RecordError
        from chaigames.saves import GameOpenElsewhere

        from .confirm import ConfirmScreen

        try:
            session = self.store.load(save_id, self.library.get)
            problems = session.spec.keyboard_problems(session.config)
            if problems:  # more people than one keyboard seats (a table's record)
                raise RecordError(problems[0])
            lock = self.store.claim(save_id, take_over=take_over)
        except (RecordError, LookupError) as exc:
            self.notify(f"Cannot resume: {exc}", severity="error", markup=False)
            return
        except GameOpenElsewhere as exc:
            detail = (
                f"It is open in {exc.owner}.\n"
                "Take it over here? The other one goes back to its menu, and keeps no move it makes from now on."
            )
            self.push_screen(
                ConfirmScreen("This game is open elsewhere", detail),
                lambda yes: self.resume_game(save_id, take_over=True) if yes else None,
            )
            return
        except OSError as exc:
            reason = exc.strerror or exc
            self.notify(f"Cannot resume: the save cannot be written ({reason})", severity="error", markup=False)
            return
        self.call_later(self._open_game, session, save_id, lock)

    async def _open_game(self, session: Session, save_id: str, lock: str | None = None) -> None:
        from chaigames.play.controller import GameController

        from .game_screens import screen_class_for

        await self.back_to_menu()
        controller = GameController(self, session, save_id, lock)
        screen = screen_class_for(session.spec.id)(controller)
        controller.attach(screen)
        self.controller = controller
        await self.push_screen(screen)
        controller.start()

    def rematch(self, controller: Controller, match_games: int = 1) -> None:
        """The same seats and options, a fresh seed (a match of `match_games` when more than one), hints
        for learners again if this game had them (never in a match). At a table the table plays again,
        with its own seats and hints (no match there)."""
        from chaigames.play.protocol import SetUp

        from .setup import new_seed

        if at_table(controller):
            controller.rematch()
        elif isinstance(controller, SetUp):
            hints = controller.hints_on and match_games == 1
            self.start_game(controller.spec, controller.config, new_seed(), match_games, hints=hints)

    def undo(self, controller: Controller) -> None:
        controller.undo()

    def open_pause(self, controller: Controller, seat: int | None = None) -> None:
        """Esc in a game; `seat` is the human who asked, if the screen knows (credited in the record)."""
        controller.pause(seat)
        self.open_pause_again(controller)

    def _paused(self, controller: Controller, choice: str | None) -> None:
        from .pause import LogScreen
        from .rules import RulesScreen

        if choice == "rules":
            self.push_screen(RulesScreen(controller.game_id), lambda _: self.open_pause_again(controller))
        elif choice == "log":
            self.push_screen(LogScreen(controller), lambda _: self.open_pause_again(controller))
        elif choice == "undo":
            self.undo(controller)
            controller.resume()
        elif choice == "quit":
            self.save_and_quit(controller)
        else:
            controller.resume()

    def save_and_quit(self, controller: Controller) -> None:
        """Leave the game only once it is saved, or once the player agreed to lose what is not."""
        from chaigames.play.controller import GameController

        if controller.save():
            self.call_later(self.back_to_menu)
            return
        if isinstance(controller, GameController) and controller.taken_over:
            return  # game_taken_over leaves the game
        if not controller.paused:
            controller.pause()
        from .confirm import SaveFailedScreen

        self.push_screen(
            SaveFailedScreen(controller.save_problem, controller.unsaved_moves()),
            lambda choice: self._save_failed(controller, choice),
        )

    def _save_failed(self, controller: Controller, choice: str | None) -> None:
        if choice == "retry":
            self.save_and_quit(controller)
        elif choice == "lose":
            self.call_later(self.back_to_menu)
        else:
            controller.resume()

    def open_pause_again(self, controller: Controller) -> None:
        """The pause menu (at a table: the table's, see `screens.table_pause`)."""
        from .pause import PauseMenu

        if at_table(controller):
            from .table_pause import TablePauseMenu

            menu: PauseMenu = TablePauseMenu(controller)
        else:
            menu = PauseMenu(controller)
        self.push_screen(menu, lambda choice: self._paused(controller, choice))

    # -- what the controller asks of the frame -------------------------------------------------------
    def show_curtain(self, controller: GameController, seat: int) -> None:
        from .curtain import CurtainScreen
        from .game_screens import screen_class_for

        words = screen_class_for(controller.game_id).log_words  # the game screen's way of writing its log
        since = [words(line.event.text) for line in controller.since_last_turn(seat)]
        self.push_screen(CurtainScreen(seat, controller.name(seat), since), lambda s: controller.curtain_lifted(seat))

    def game_taken_over(self, controller: GameController) -> None:
        """Another app took this game over (Continue, then "Take it over"): leave it unsaved."""
        lost = controller.unsaved_moves()
        note = ""
        if lost == 1:
            note = " Your last move here was not saved."
        elif lost:
            note = f" Your last {lost} moves here were not saved."
        self.notify(f"This game was taken over in another window and goes on there.{note}", severity="warning")
        if self.controller is controller:
            self.call_later(self.back_to_menu)

    def show_countdown(self, controller: GameController) -> None:
        if self.countdown <= 0:
            controller.countdown_done()
            return
        from .curtain import CountdownScreen

        self.push_screen(CountdownScreen(self.countdown), lambda _: controller.countdown_done())

    def think(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """A bot's choose() in a worker thread, so the screen stays live while it thinks."""

        def run() -> None:
            try:
                result = work()
            except Exception as exc:  # handed to the controller, which plays a legal move instead
                result = exc
            with contextlib.suppress(RuntimeError):  # the app closed meanwhile
                self.call_from_thread(done, result)

        self.run_worker(run, thread=True, group="bots")  # an error in `done` is a bug: it ends the app

    def show_results(self, controller: GameController) -> None:
        """Turn-based: the results now. Real time: the winning board stays up for `win_hold`
        seconds with every key ignored (a key meant for the game must not skip it), then the results."""
        if controller.realtime and self.win_hold > 0:
            self.gate.hold(self.win_hold)
            self.set_timer(self.win_hold, lambda: self.call_later(self._results, controller))
            return
        self.call_later(self._results, controller)

    async def _results(self, controller: GameController) -> None:
        from .game_base import GameScreen
        from .results import ResultsScreen
        from .setup import new_seed

        match = controller.match()
        next_game = None
        if match is not None and not match.over:  # saved at once: Continue finds the next game of the match
            next_game = self.save_new_game(controller.spec, controller.config, new_seed(), match)
        results = ResultsScreen(controller, match=match, next_game=next_game)
        while len(self.screen_stack) > 1 and not isinstance(self.screen, GameScreen | MainMenu):
            await self.pop_screen()
        if isinstance(self.screen, GameScreen):
            await self.switch_screen(results)
        else:
            await self.push_screen(results)

    def on_unmount(self) -> None:
        """The app closes: the open game (if any) is free for another app."""
        if self.controller is not None:
            self.controller.stop()

    # -- command palette -----------------------------------------------------------------------------
    def action_command_palette(self) -> None:
        """Ctrl+P: our palette, which keeps its footing under keys faster than frames (`command_palette`)."""
        from textual.command import CommandPalette as AnyPalette

        from .command_palette import CommandPalette

        if self.use_command_palette and not isinstance(self.screen, AnyPalette):
            self.push_screen(CommandPalette(id="--command-palette"))

    def search_themes(self) -> None:
        """The palette's "Theme" command: the list of themes in our palette too (Textual's own would end
        the app on a PageDown that comes before the list is drawn)."""
        from textual.theme import ThemeProvider

        from .command_palette import CommandPalette

        self.push_screen(CommandPalette(providers=[ThemeProvider], placeholder="Search for themes…"))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            if not (self.served and command.title == "Screenshot"):
                yield command
        from .game_base import GameScreen
        from .menu import ContinueScreen
        from .pause import LogScreen
        from .results import ResultsScreen
        from .rules import RulesIndex, RulesScreen

        if isinstance(screen, GameScreen):
            c = screen.controller
            yield SystemCommand("Pause menu", "Pause the game (Esc)", lambda: self.open_pause(c))
            yield SystemCommand("Game log", "Every event of this game in words", lambda: self.push_screen(LogScreen(c)))
            yield SystemCommand("Rules of this game", c.title, lambda: self.open_rules(c.game_id))
            if c.can_undo():
                yield SystemCommand("Undo", "Take back your last move", lambda: self.undo(c))
            yield SystemCommand("Save and quit to the menu", "The game is saved", lambda: self._paused(c, "quit"))
            if at_table(c):
                yield from self._table_commands(c)
            return
        if isinstance(screen, MainMenu | ResultsScreen | RulesIndex | RulesScreen | ContinueScreen):
            if self.has_saves():
                yield SystemCommand("Continue", "Resume a saved game", self.open_continue)
            yield SystemCommand("New game", "Set up a new game", lambda: self.open_setup(None))
            yield SystemCommand("Rules", "Read a game's rules", lambda: self.open_rules(None))
            yield SystemCommand("Main menu", "Back to the main menu", lambda: self.call_later(self.back_to_menu))

    def set_timer(
        self, delay: float, callback: TimerCallback | None = None, *, name: str | None = None, pause: bool = False
    ) -> Timer:
        """A timer that fires however loaded the machine (`compat.one_shot_timer`): a bot's pause and
        the winning board's hold always end."""
        return compat.one_shot_timer(self, delay, callback, name=name, pause=pause)

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this terminal (or the web page), its input guarded (`compat`): a byte
        that is not UTF-8 reads as U+FFFD, a paste keeps its first characters, and keys beyond what the
        app can handle are dropped instead of queued without limit."""
        compat.install_input_decoder()
        return compat.guarded_driver(super().get_driver_class())

    # -- a crash: a log file and one friendly line, exit status 1 ------------------------------------
    def record_crash(self, error: BaseException) -> None:
        """An unhandled error (Textual then sets the exit status to 1 and exits): the first one goes
        to a crash log."""
        if not self.crashed:
            self.crashed = True
            with contextlib.suppress(OSError):
                self.crash_log = write_crash_log(error, self.store.root)

    def panic(self, *renderables: RenderableType) -> None:
        """Textual's exit for an error it caught outside the app's handlers (a driver's input thread, a
        renderable exception): a crash like any other, logged, status 1, never the traceback on screen."""
        if not self.crashed:
            self.crashed = True
            self.exit(return_code=1)
            with contextlib.suppress(OSError):
                self.crash_log = write_crash_log(_in_words(renderables), self.store.root)
        super().panic(*renderables)

    def report_crash(self) -> bool:
        """After a crash: the friendly line instead of Textual's traceback (which is in the log).
        Without a log file (the data folder cannot be written) the traceback is all there is."""
        if self.crashed and (self.crash_log is not None or self.served):
            print(friendly_line(self.crash_log, served=self.served), file=sys.stderr)
            return True
        return False

    # -- what a served app must not do ----------------------------------------------------------------
    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        if self.served:
            self.notify("Screenshots are not available on a game host")
            return
        super().action_screenshot(filename, path)

    def save_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str:
        if self.served:
            raise PermissionError("screenshots are not written on a game host")
        return super().save_screenshot(filename, path, time_format)

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        if self.served:
            self.notify("Screenshots are not available on a game host")
            return None
        return super().deliver_screenshot(filename, path, time_format)

    def open_url(self, url: str, *, new_tab: bool = True) -> None:
        if self.served:
            self.notify(url, title="Link (open it on your own computer)", markup=False)
            return
        super().open_url(url, new_tab=new_tab)


def folder_limit_from_env() -> int | None:
    """The host's limit on this player's folder in bytes (`chaigames serve --folder-limit`), None when unlimited."""
    text = os.environ.get(FOLDER_LIMIT_ENV, "")
    return int(text) if text.isdigit() and int(text) > 0 else None


def size_in_words(size: int) -> str:
    """Bytes as a player reads them: `50 MB`, `256 KB`."""
    mib = 1024 * 1024
    return f"{size / mib:g} MB" if size >= mib else f"{max(1, size // 1024)} KB"


def _in_words(renderables: tuple[RenderableType, ...]) -> str:
    """Rich renderables (a rich Traceback) as plain text for a crash log."""
    from io import StringIO

    from rich.console import Console

    out = StringIO()
    console = Console(file=out, width=120, color_system=None, force_terminal=False)
    for renderable in renderables:
        console.print(renderable)
    return out.getvalue()


def run_app(new_game: NewGame | None = None, games: Iterable[GameSpec] = (), watch: Record | None = None) -> int:
    """Run the app in this terminal; `new_game` = (game id, config, seed) skips the menu; `watch`
    shows a record's replay and quits when it is left.

    Returns the exit status: 0, or 1 after a crash (logged under the data folder's crash/)."""
    # What the imports made (modules, classes, Textual's and Rich's tables) lives as long as the
    # app: frozen, the collector never walks it again. Otherwise the first full collection falls
    # just before the menu is painted and walks all of it (about 20 ms of a 0.5 s start), and
    # every later one does the same in the middle of a game.
    gc.freeze()
    app = ChaiGamesApp(new_game=new_game, games=games, watch=watch)
    app.run()
    return app.return_code or 0
