"""The `chaigames` command: the app (default), new, simulate, replay, serve, web.

This module and `__main__` are the only parts of the `chaigames` package that may import
Rich or the Textual front end (`screens`), and they do so inside functions.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import __version__, games
from .engine.errors import ConfigError, RecordError
from .names import bot_name, clean_name
from .saves import clean_names

if TYPE_CHECKING:  # `chaigames` opening its menu loads no more of the engine than its errors
    from .engine import GameConfig, GameSpec, Session


class UsageError(Exception):
    """A bad argument: one clear line, exit status 2."""


# -- building a config from the command line -------------------------------------------------------
def game_spec(game_id: str) -> GameSpec:
    try:
        return games.get(game_id)
    except KeyError:
        raise UsageError(f"unknown game {game_id!r} (choose from: {', '.join(games.GAME_IDS)})") from None
    except games.GameNotBuilt as exc:
        raise UsageError(str(exc)) from None


def parse_options(spec: GameSpec, pairs: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise UsageError(f"--option takes KEY=VALUE, got {pair!r}")
        try:
            options[key.strip()] = spec.option(key.strip()).parse(value)
        except ConfigError as exc:
            raise UsageError(str(exc)) from None
    return options


def build_config(spec: GameSpec, seats: Sequence[tuple[str, str | None]], options: dict[str, Any]) -> GameConfig:
    """Seats are (name, None) for a human or ("", level) for a bot to be named."""
    from .engine import GameConfig, SeatConfig

    taken = {clean_name(name) for name, bot in seats if bot is None}
    out = []
    for i, (name, bot) in enumerate(seats):
        if bot is not None:
            if bot not in spec.bot_levels:
                raise UsageError(f"unknown bot level {bot!r} (choose from: {', '.join(spec.bot_levels)})")
            name = bot_name(i, taken)
            taken.add(name)
        else:
            name = clean_name(name)  # typed by anyone, drawn on everyone's screen
        out.append(SeatConfig(name=name, bot=bot))
    config = GameConfig(seats=tuple(out), options=options)
    problems = spec.keyboard_problems(config)  # a game on this terminal: one keyboard
    if problems:
        raise UsageError(problems[0])
    return config


# -- simulate --------------------------------------------------------------------------------------
def simulate(args: argparse.Namespace) -> int:
    from .engine.play import DEFAULT_MAX_ACTIONS, play_bots

    if args.max_actions is None:
        args.max_actions = DEFAULT_MAX_ACTIONS
    spec = game_spec(args.game)
    if not spec.min_seats <= args.seats <= spec.max_seats:  # before anything is made per seat
        raise UsageError(f"{spec.title} takes {spec.min_seats} to {spec.max_seats} seats, not {args.seats}")
    if args.max_actions < 1:
        raise UsageError("--max-actions must be at least 1")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.match is not None and args.match < 1:
        raise UsageError("--match must be at least 1")
    levels = [lv.strip() for lv in args.bots.split(",")]
    if len(levels) == 1:
        levels *= args.seats
    if len(levels) != args.seats:
        raise UsageError(
            f"--bots names {len(levels)} levels for {args.seats} seats (give one, or exactly {args.seats})"
        )
    config = build_config(spec, [("", lv) for lv in levels], parse_options(spec, args.option))
    record_dir: Path | None = None
    if args.record:
        record_dir = Path(args.record)
        try:
            record_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"cannot write records to {args.record}: {exc.strerror}") from None

    from rich.console import Console

    out = Console(highlight=False, soft_wrap=True, markup=False)  # names are text, never markup
    rows: list[dict[str, Any]] = []
    match_rows: list[dict[str, Any]] = []
    progress = None
    task = None
    if args.games > 1:
        from rich.progress import Progress

        progress = Progress(console=Console(stderr=True), transient=True)
        progress.start()
        task = progress.add_task(f"{spec.title}", total=args.games)
    started = time.perf_counter()
    try:
        for i in range(args.games):
            seed = args.seed + i
            if args.match is None:
                t0 = time.perf_counter()
                played = play_bots(spec, config, seed, max_actions=args.max_actions)
                row = outcome_row(played.session, played.finished, time.perf_counter() - t0)
                rows.append(row)
                if record_dir is not None:
                    (record_dir / f"{spec.id}-{seed}.json").write_text(played.session.record.dumps(spec))
                if args.json:
                    out.print(json.dumps(row), markup=False)
            else:
                match_rows.append(simulate_match(args, spec, config, seed, i + 1, rows, record_dir, out))
            if progress is not None and task is not None:
                progress.advance(task)
    finally:
        if progress is not None:
            progress.stop()
    elapsed = time.perf_counter() - started
    if not args.json:
        print_table(out, spec, rows)
        if match_rows:
            print_matches(out, spec, match_rows, rows[0]["seats"])
    print_summary(out, spec, rows, elapsed, as_json=args.json, matches=match_rows)
    return 0


def simulate_match(
    args: argparse.Namespace,
    spec: GameSpec,
    config: GameConfig,
    seed: int,
    number: int,
    rows: list[dict[str, Any]],
    record_dir: Path | None,
    out: Any,
) -> dict[str, Any]:
    """One match of `--match` games at the same table: game k's seed derives from the match's seed,
    and the start player rotates from seat 1. An unfinished game (safety cap) ends the match there."""
    from .engine.match import Match
    from .engine.play import play_bots
    from .engine.rng import derive_seed

    match = Match(
        games=args.match,
        seats=len(config.seats),
        scoring=spec.match_scoring,
        first_start=0 if spec.has_start_player else None,
        match_id=f"{spec.id}-{seed}",
    )
    finished = True
    while not match.over:
        k = len(match.played)
        game_seed = seed if k == 0 else derive_seed(seed, "match", k) % 10**6  # short enough for the table
        game_config = replace(config, start_player=match.next_start)
        t0 = time.perf_counter()
        played = play_bots(spec, game_config, game_seed, max_actions=args.max_actions)
        row = outcome_row(played.session, played.finished, time.perf_counter() - t0)
        row["match"] = {"number": number, "game": k + 1, "of": match.games}
        rows.append(row)
        if played.finished:
            match = match.add(played.session.result())
        played.session.record.meta["match"] = match.to_json()
        if record_dir is not None:
            (record_dir / f"{spec.id}-{seed}-game{k + 1}.json").write_text(played.session.record.dumps(spec))
        if args.json:
            out.print(json.dumps(row), markup=False)
        if not played.finished:
            finished = False
            break
    standing = match.wins if match.scoring == "wins" else match.totals
    result = {
        "match_result": True,
        "number": number,
        "seed": seed,
        "games_played": len(match.played),
        "of": match.games,
        "scoring": match.scoring,
        "standing": list(standing),
        "finished": finished,
        "winners": list(match.winners) if finished else None,
    }
    if args.json:
        out.print(json.dumps(result), markup=False)
    return result


def print_matches(out: Any, spec: GameSpec, matches: list[dict[str, Any]], seats: list[dict[str, Any]]) -> None:
    from rich.table import Table

    first = matches[0]
    what = "game wins" if first["scoring"] == "wins" else "summed scores"
    table = Table(
        title=f"{spec.title}: {len(matches)} match{'es' if len(matches) != 1 else ''} of {first['of']} ({what})"
    )
    table.add_column("match", justify="right")
    table.add_column("games", justify="right")
    for seat in seats:
        table.add_column(seat["name"], justify="right")
    table.add_column("match winner")
    for m in matches:
        winner = ", ".join(seats[w]["name"] for w in m["winners"]) if m["finished"] else "unfinished"
        table.add_row(str(m["number"]), str(m["games_played"]), *(str(v) for v in m["standing"]), winner)
    out.print(table)


def outcome_row(session: Session, finished: bool, seconds: float) -> dict[str, Any]:
    config = session.config
    row: dict[str, Any] = {
        "game": session.spec.id,
        "seed": session.record.seed,
        "seats": [{"name": s.name, "bot": s.bot} for s in config.seats],
        "finished": finished,
        "scores": None,
        "winners": None,
        "actions": session.action_count,
        "seconds": round(seconds, 4),
    }
    if finished:
        result = session.result()
        row["scores"] = list(result.scores)
        row["winners"] = list(result.winners)
        row["breakdown"] = [{"source": r.source, "values": list(r.values)} for r in result.breakdown]
        if result.note:
            row["note"] = result.note
    return row


def print_table(out: Any, spec: GameSpec, rows: list[dict[str, Any]]) -> None:
    from rich.table import Table

    table = Table(title=f"{spec.title}: {len(rows)} game{'s' if len(rows) != 1 else ''}")
    table.add_column("seed", justify="right")
    names = [f"{s['name']} ({s['bot'] or 'human'})" for s in rows[0]["seats"]]
    for name in names:
        table.add_column(name, justify="right")
    table.add_column("winner")
    table.add_column("actions", justify="right")
    table.add_column("seconds", justify="right")
    for row in rows:
        if row["finished"]:
            scores = [str(s) for s in row["scores"]]
            winner = ", ".join(row["seats"][w]["name"] for w in row["winners"])
        else:
            scores = ["-"] * len(names)
            winner = "unfinished"
        table.add_row(str(row["seed"]), *scores, winner, str(row["actions"]), f"{row['seconds']:.3f}")
    out.print(table)


def summary(rows: list[dict[str, Any]], elapsed: float) -> dict[str, Any]:
    n_seats = len(rows[0]["seats"])
    done = [r for r in rows if r["finished"]]
    wins = [sum(1 for r in done if s in r["winners"]) for s in range(n_seats)]
    means = [round(sum(r["scores"][s] for r in done) / len(done), 2) if done else None for s in range(n_seats)]
    return {
        "summary": True,
        "games": len(rows),
        "finished": len(done),
        "unfinished": len(rows) - len(done),
        "wins": wins,
        "mean_scores": means,
        "games_per_second": round(len(rows) / elapsed, 2) if elapsed > 0 else None,
    }


def print_summary(
    out: Any,
    spec: GameSpec,
    rows: list[dict[str, Any]],
    elapsed: float,
    *,
    as_json: bool,
    matches: list[dict[str, Any]] | None = None,
) -> None:
    s = summary(rows, elapsed)
    if matches:
        done = [m for m in matches if m["finished"]]
        s["matches"] = len(matches)
        s["match_wins"] = [sum(1 for m in done if i in m["winners"]) for i in range(len(rows[0]["seats"]))]
    if as_json:
        print(json.dumps(s), file=sys.stderr)
        return
    seats = rows[0]["seats"]
    out.print(f"{s['finished']} of {s['games']} games finished ({s['unfinished']} unfinished)")
    for i, seat in enumerate(seats):
        wins = s["wins"][i]
        who = f"{seat['name']} ({seat['bot'] or 'human'})"
        line = f"  {who}: {wins} win{'' if wins == 1 else 's'}, mean score {s['mean_scores'][i]}"
        if matches:
            line += f", {s['match_wins'][i]} of {len(matches)} matches won"
        out.print(line)
    out.print(f"{s['games_per_second']} games per second")


# -- replay ----------------------------------------------------------------------------------------
def replay(args: argparse.Namespace) -> int:
    from .engine.bounds import read_record_file

    try:
        text = read_record_file(args.file)  # a regular file of bounded size only: never a FIFO or /dev/zero
    except OSError as exc:
        raise UsageError(f"cannot read {args.file}: {exc.strerror}") from None
    from .engine import Session, parse_record

    record = parse_record(text, games.get)
    record.config = clean_names(record.config)
    spec = games.get(record.game)
    if args.watch:
        from screens.app import run_app

        run_app(watch=record)
        return 0
    t0 = time.perf_counter()
    session = Session.from_record(spec, record)
    row = outcome_row(session, session.over, time.perf_counter() - t0)
    from rich.console import Console

    out = Console(highlight=False, soft_wrap=True, markup=False)  # names are text, never markup
    if args.json:
        out.print(json.dumps(row), markup=False)
    else:
        print_table(out, spec, [row])
        if not session.over:
            out.print(f"The game is not over: {session.action_count} actions stand.")
    return 0


# -- the app ---------------------------------------------------------------------------------------
def new(args: argparse.Namespace) -> int:
    spec = game_spec(args.game)
    seats = args.seats or []
    if not seats:
        raise UsageError("name the seats with --seat NAME (a human) and --bot LEVEL (a computer player)")
    config = build_config(spec, seats, parse_options(spec, args.option))
    if args.start is not None:
        if not 1 <= args.start <= len(config.seats):
            raise UsageError(f"--start must be a seat from 1 to {len(config.seats)}")
        from .engine import GameConfig

        config = GameConfig(seats=config.seats, options=config.options, start_player=args.start - 1)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "little")
    from screens.app import run_app

    return run_app(new_game=(spec.id, config, seed))


def run_menu(args: argparse.Namespace | None = None) -> int:
    from screens.app import run_app

    return run_app()


# -- the parser ------------------------------------------------------------------------------------
class SeatAction(argparse.Action):
    """--seat NAME and --bot LEVEL append to one ordered list of seats."""

    def __call__(self, parser: Any, namespace: Any, values: Any, option_string: str | None = None) -> None:
        seats = list(getattr(namespace, "seats", None) or [])
        seats.append((values, None) if option_string == "--seat" else ("", values))
        namespace.seats = seats


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # one clear line and exit status 2, never a traceback
        raise UsageError(f"{self.prog}: {message}")


def make_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line. Every command is listed (name and help); with `command`, only that one's
    arguments are added, since only it parses: building them all (and importing `serve` and `web`
    for their descriptions) was a cost of every start."""
    parser = Parser(prog="chaigames", description="Chai Wallah, Chai and Dabba Walla in your terminal.")
    parser.add_argument("--version", action="version", version=f"chaigames {__version__}")
    parser.set_defaults(func=run_menu)
    sub = parser.add_subparsers(title="commands", metavar="COMMAND", parser_class=Parser)
    for name, (help_, add_arguments) in COMMANDS.items():
        p = sub.add_parser(name, help=help_)
        if command is None or command == name:
            add_arguments(p)
    return parser


def new_arguments(p: argparse.ArgumentParser) -> None:
    from .engine.registry import BOT_LEVELS

    p.add_argument("game", metavar="GAME", help=f"one of: {', '.join(games.GAME_IDS)}")
    p.add_argument("--seat", action=SeatAction, dest="seats", metavar="NAME", help="a human seat (repeat, in order)")
    p.add_argument(
        "--bot", action=SeatAction, dest="seats", metavar="LEVEL", help=f"a bot seat: {', '.join(BOT_LEVELS)}"
    )
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    p.add_argument("--seed", type=int, help="seed of the game's dice and shuffles (default: random)")
    p.add_argument("--start", type=int, metavar="SEAT", help="start player, 1-based (default: random)")
    p.set_defaults(func=new)


def simulate_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", required=True, help=f"one of: {', '.join(games.GAME_IDS)}")
    p.add_argument("--seats", type=int, required=True, help="number of seats")
    p.add_argument(
        "--bots", default="normal", help="one level for every seat, or exactly SEATS levels, comma-separated"
    )
    p.add_argument("--seed", type=int, default=1, help="seed of game 1; game i uses SEED+i (default 1)")
    p.add_argument("--games", type=int, default=1, help="how many games (default 1)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    p.add_argument("--json", action="store_true", help="one JSON object per game on stdout, the summary on stderr")
    p.add_argument("--record", metavar="DIR", help="write each game's record as a JSON file into DIR")
    p.add_argument("--max-actions", type=int, help="safety cap per game (default: the engine's)")
    p.add_argument(
        "--match", type=int, metavar="N", help="make each of the --games a match of N games (start player rotating)"
    )
    p.set_defaults(func=simulate)


def replay_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--watch", action="store_true", help="step through the game in the replay viewer")
    p.set_defaults(func=replay)


def serve_arguments(p: argparse.ArgumentParser) -> None:
    from . import serve

    p.description = serve.DESCRIPTION
    p.formatter_class = argparse.RawDescriptionHelpFormatter
    serve.add_arguments(p)
    p.set_defaults(func=serve.run)


def web_arguments(p: argparse.ArgumentParser) -> None:
    from . import web

    p.description = web.DESCRIPTION
    p.formatter_class = argparse.RawDescriptionHelpFormatter
    web.add_arguments(p)
    p.set_defaults(func=web.run)


COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None]]] = {
    "new": ("start a game directly, skipping the menu", new_arguments),
    "simulate": ("play complete bot games without a screen", simulate_arguments),
    "replay": ("rebuild a saved record and print its result", replay_arguments),
    "serve": ("host chaigames over SSH", serve_arguments),
    "web": ("serve chaigames to web browsers", web_arguments),
}
"""Each command: its one line in `chaigames --help`, and what adds its arguments."""


def command_in(argv: Sequence[str]) -> str | None:
    """The command a command line names (its first word that is not an option), if any."""
    return next((word for word in argv if not word.startswith("-")), None)


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        if not argv:  # `chaigames`: the menu, with no parser to build
            return run_menu()
        args = make_parser(command_in(argv)).parse_args(argv)
        return int(args.func(args) or 0)
    except UsageError as exc:
        print(f"chaigames: {exc}" if not str(exc).startswith("chaigames") else str(exc), file=sys.stderr)
        return 2
    except (ConfigError, RecordError) as exc:
        print(f"chaigames: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


# -- the fork server (`chaigames serve`): started as its own program, it preloads the app here --------
def fork_server(argv: list[str] | None = None) -> int:
    """The fork server's program (`chaigames.hosting.forkserver`) with the app preloaded: the command
    line is the one place below the hosts' sessions that may import the app."""
    from .hosting import forkserver

    return forkserver.main(sys.argv[1:] if argv is None else argv, preload_app)


def preload_app() -> None:
    """Import what a session's app imports, so each fork starts with it loaded and shares its pages.

    First the names the app's code uses on its way to the menu, interned together (found by importing
    the app in a forked child: `hosting.packing.survey`); then the menu and everything a game needs
    (`import_app`); then one headless trip to the menu (`warm_up_app`), the code it ran and the modules'
    specs packed together (`hosting.packing`), and the trip once more. What that made is then frozen: no
    collection in this process or in a child walks it (a walk writes to every object's header, which
    would copy every page into every session)."""
    import gc
    import traceback

    from .hosting import packing

    packing.intern_first(packing.survey(_names_the_trip_uses))
    import_app()
    try:
        # The code the trip to the menu runs and the modules' specs, copied side by side: every session
        # writes to them, and so copies fewer pages. The trip again specialises the copies as they run.
        packing.pack_code_run_by(warm_up_app)
        packing.pack_module_specs()
        warm_up_app()
    except Exception:  # the sessions start without it, a little slower and bigger
        traceback.print_exc()
    gc.collect()
    gc.freeze()
    packing.take_free_space()  # last: what a session allocates then goes to pages of its own


def _names_the_trip_uses() -> list[str]:
    from .hosting import packing

    import_app()
    return packing.names_used_by(packing.code_run_by(warm_up_app).values())


def import_app() -> None:
    """Import the app (the menu and everything a game needs: every screen, New game's form and each
    game's screen among them, each game's rules, the table client)."""
    import contextlib
    import importlib
    import pkgutil

    import textual.scrollbar  # noqa: F401  (Textual imports it as a form first scrolls: New game's)

    import chaigames.play.client
    import chaigames.play.hints
    import chaigames.setups  # noqa: F401
    import screens
    from screens.game_screens import screen_class_for

    for game_id in games.GAME_IDS:
        with contextlib.suppress(Exception):  # a game that does not import is the app's to report, not ours
            games.get(game_id)
            screen_class_for(game_id)
    # Every screen, though the app imports most only as they are first shown (a game started on its
    # own starts sooner): imported here they are shared, where a session importing one copies it.
    for module in pkgutil.iter_modules(screens.__path__, "screens."):
        with contextlib.suppress(Exception):
            importlib.import_module(module.name)


def warm_up_app() -> None:
    """Show the menu once, headless, in a scratch folder: what the app does on its way to the menu
    (its bytecode specialised as it runs, Textual's and Rich's caches filled) is then done in this
    process and shared, instead of done again, and copied, in every session. Its loop is closed and
    its threads are gone before the first fork."""
    import tempfile
    from pathlib import Path

    from chaigames.saves import SaveStore
    from screens.app import ChaiGamesApp

    async def leave(pilot: Any) -> None:
        await pilot.pause()
        pilot.app.exit()

    with tempfile.TemporaryDirectory(prefix="chaigames-warm-up-") as folder:
        ChaiGamesApp(store=SaveStore(Path(folder))).run(headless=True, size=(80, 24), auto_pilot=leave)
