"""The headless command line: simulate, replay, and one clear line for every bad argument."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from chaigames import cli, games
from tests import toygame
from tests.wait import scaled

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def toy(monkeypatch):
    """Make the toy game reachable as `toy` next to the real games."""
    real_get = games.get

    def get(game_id: str):
        return toygame.SPEC if game_id == "toy" else real_get(game_id)

    monkeypatch.setattr(games, "get", get)
    return toygame.SPEC


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_version_and_help_in_a_fresh_interpreter():
    for args, words in ((["--version"], "chaigames 0.1.0"), (["--help"], "simulate")):
        done = subprocess.run([sys.executable, "-m", "chaigames", *args], cwd=ROOT, capture_output=True, text=True)
        assert done.returncode == 0 and words in done.stdout


@pytest.mark.parametrize("command", ["new", "simulate", "replay", "serve"])
def test_every_subcommand_has_help(command, capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main([command, "--help"])
    assert exit_.value.code == 0
    assert "usage: chaigames " + command in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["simulate", "--game", "chess", "--seats", "2"], "unknown game 'chess'"),
        (["simulate", "--game", "toy", "--seats", "9"], "2 to 4 seats, not 9"),
        (["simulate", "--game", "toy", "--seats", "2", "--bots", "wizard"], "unknown bot level 'wizard'"),
        (["simulate", "--game", "toy", "--seats", "3", "--bots", "easy,hard"], "2 levels for 3 seats"),
        (["simulate", "--game", "toy", "--seats", "2", "--games", "0"], "--games must be at least 1"),
        (["simulate", "--game", "toy", "--seats", "2", "--option", "goal=7"], "goal must be one of"),
        (["simulate", "--game", "toy", "--seats", "2", "--option", "goal"], "KEY=VALUE"),
        (["simulate", "--game", "toy", "--seats", "two"], "invalid int value"),
        (["simulate", "--seats", "2"], "--game"),
        (["replay", "/no/such/file.json"], "cannot read /no/such/file.json"),
        (["new", "toy"], "name the seats"),
        (["new", "toy", "--seat", "Asha", "--bot", "easy", "--start", "5"], "--start must be a seat from 1 to 2"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_arguments_get_one_line_and_status_2(toy, capsys, argv, words):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert words in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_simulate_json_has_the_promised_fields(toy, capsys):
    code, out, err = run(
        capsys, "simulate", "--game", "toy", "--seats", "3", "--bots", "easy", "--seed", "5", "--games", "4", "--json"
    )
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["seed"] for r in rows] == [5, 6, 7, 8]
    for row in rows:
        assert {"game", "seed", "seats", "scores", "winners", "actions", "seconds"} <= set(row)
        assert row["game"] == "toy" and row["finished"]
        assert [s["bot"] for s in row["seats"]] == ["easy"] * 3
        assert all(isinstance(w, int) for w in row["winners"]) and row["actions"] > 0
    summary = json.loads(err.strip().splitlines()[-1])
    assert summary["games"] == 4 and sum(summary["wins"]) >= 4


def test_simulate_is_deterministic_but_for_seconds(toy, capsys):
    first = run(capsys, "simulate", "--game", "toy", "--seats", "2", "--seed", "3", "--games", "3", "--json")[1]
    second = run(capsys, "simulate", "--game", "toy", "--seats", "2", "--seed", "3", "--games", "3", "--json")[1]

    def strip(text):
        return [{k: v for k, v in json.loads(line).items() if k != "seconds"} for line in text.splitlines()]

    assert strip(first) == strip(second)


def test_simulate_table_and_summary(toy, capsys):
    code, out, _ = run(capsys, "simulate", "--game", "toy", "--seats", "2", "--games", "3")
    assert code == 0
    assert "Toy Race: 3 games" in out and "games per second" in out and "mean score" in out


def test_safety_cap_reports_unfinished(toy, capsys):
    code, out, _ = run(capsys, "simulate", "--game", "toy", "--seats", "2", "--max-actions", "1", "--json")
    row = json.loads(out)
    assert code == 0 and row["finished"] is False and row["scores"] is None and row["winners"] is None


def test_record_then_replay_gives_the_same_result(toy, capsys, tmp_path):
    code, out, _ = run(
        capsys, "simulate", "--game", "toy", "--seats", "2", "--seed", "9", "--json", "--record", str(tmp_path)
    )
    row = json.loads(out)
    path = tmp_path / "toy-9.json"
    code, out, _ = run(capsys, "replay", str(path), "--json")
    replayed = json.loads(out)
    assert code == 0
    assert {k: v for k, v in replayed.items() if k != "seconds"} == {k: v for k, v in row.items() if k != "seconds"}


def test_replay_of_a_bad_file_prints_the_record_error(toy, capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"game": "toy", "rules_version": 1, "seed": 1, "config": {"seats": []}, "entries": "x"}')
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "'entries' has the wrong type" in err


def test_simulate_match_plays_matches_with_the_start_player_rotating(toy, capsys, tmp_path):
    code, out, err = run(
        capsys, "simulate", "--game", "toy", "--seats", "2", "--games", "2", "--match", "3", "--seed", "4", "--json",
        "--record", str(tmp_path),
    )  # fmt: skip
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    matches = [r for r in lines if r.get("match_result")]
    assert [m["number"] for m in matches] == [1, 2]
    for m in matches:
        games = [r for r in lines if r.get("match", {}).get("number") == m["number"]]
        assert len(games) == m["games_played"] and 2 <= len(games) <= 3
        wins = [sum(1 for g in games if s in g["winners"]) for s in range(2)]
        assert m["standing"] == wins
        assert max(wins) >= 2 or len(games) == 3
        assert m["winners"] == [s for s in range(2) if wins[s] == max(wins)]
        starts = [
            json.loads((tmp_path / f"toy-{m['seed']}-game{k}.json").read_text())["config"]["start_player"]
            for k in range(1, len(games) + 1)
        ]
        assert starts == [0, 1, 0][: len(games)]
    summary = json.loads(err.strip().splitlines()[-1])
    assert summary["matches"] == 2 and sum(summary["match_wins"]) >= 2


def test_simulate_match_table_names_the_match_winner(toy, capsys):
    code, out, _ = run(capsys, "simulate", "--game", "toy", "--seats", "2", "--match", "3")
    assert code == 0 and "1 match of 3 (game wins)" in out and "match winner" in out and "matches won" in out


# A fork server's preload, then New game in an app of the same process: the modules it imported then,
# and whether the names the menu's code uses are the strings the preload interned first.
NEW_GAME_AFTER_PRELOAD = """
import sys, tempfile
from pathlib import Path
from chaigames.cli import preload_app
from chaigames.hosting import packing
preload_app()
loaded = set(sys.modules)
from chaigames.saves import SaveStore
from screens.app import ChaiGamesApp
from screens.menu import MainMenu

first = {id(name) for name in packing.INTERNED}
names = MainMenu.compose.__code__.co_names
print(len(packing.INTERNED) > 1000, sum(id(name) in first for name in names), len(names))

async def new_game(pilot):
    app = pilot.app
    for _ in range(2000):
        if type(app.screen).__name__ == "MainMenu":
            app.open_setup(None)
        if type(app.screen).__name__ == "SetupScreen" and app.screen.focused:
            break
        await pilot.pause()
    print(type(app.screen).__name__, sorted(set(sys.modules) - loaded))
    app.exit()

with tempfile.TemporaryDirectory() as folder:
    ChaiGamesApp(store=SaveStore(Path(folder))).run(headless=True, size=(80, 24), auto_pilot=new_game)
"""


@pytest.fixture(scope="module")
def preloaded() -> list[str]:
    """What `NEW_GAME_AFTER_PRELOAD` printed, line by line."""
    done = subprocess.run(
        [sys.executable, "-c", NEW_GAME_AFTER_PRELOAD],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=scaled(120),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.strip().splitlines()


def test_the_fork_servers_preload_imports_what_new_game_needs(preloaded):
    """A session forked from the fork server imports nothing as it opens New game: a module imported
    in a session is its own copy, in the fork server it is shared by every session."""
    assert preloaded[1] == "SetupScreen []"


def test_the_fork_servers_preload_interns_the_names_the_menus_code_uses_first(preloaded):
    """The menu's code names the very strings the preload interned before it imported the app: those
    lie together, where every session's use of them writes."""
    surveyed, first, names = preloaded[0].split()
    assert surveyed == "True" and first == names != "0"
