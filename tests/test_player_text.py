"""No player-facing text shows a spec id (CW-n, CH-n, DW-n) or points at ../shared.

The project stands on its own: a person who clones it has neither the specifications nor the rulebooks.
Player-facing text is the README, each game's rules text, titles, option labels and help, and every
message and label the code shows: the string literals of `chaigames/` and `screens/` outside docstrings
(docstrings and comments are for maintainers and may cite the spec), and the log of played games.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from chaigames import games
from chaigames.engine import GameConfig, SeatConfig, play_bots

ROOT = Path(__file__).resolve().parent.parent
SPEC_ID = re.compile(r"\b(?:CW|CH|DW)-\d+|\.\./shared")


def leaks(text: str) -> list[str]:
    return [m.group() for m in SPEC_ID.finditer(text)]


def test_the_pattern_finds_what_it_must():
    assert leaks("see CW-3 and DW-12, CH-1") == ["CW-3", "DW-12", "CH-1"]
    assert leaks("in ../shared/rules/") == ["../shared"]
    assert leaks("a NEW-3 tile, CW 3, chai-wallah") == []


def test_the_readme_stands_on_its_own():
    assert leaks((ROOT / "README.md").read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_rules_texts_titles_and_options_show_no_spec_id(game_id):
    spec = games.get(game_id)
    texts = [spec.title, spec.description, spec.rules_markdown]
    for option in spec.options:
        texts += [option.label, option.help, *map(str, option.labels)]
    assert leaks("\n".join(texts)) == []


def _string_literals(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every string constant that is not a docstring (nor a bare string statement)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
    return [
        (n.lineno, n.value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
    ]


def test_messages_and_labels_in_the_code_show_no_spec_id():
    found = []
    for package in ("chaigames", "screens"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for line, text in _string_literals(path):
                found += [f"{path.relative_to(ROOT)}:{line}: {leak}" for leak in leaks(text)]
    assert found == []


@pytest.mark.parametrize(("game_id", "seats"), [("chai-wallah", 4), ("chai", 3), ("dabba-walla", 3)])
def test_the_log_of_a_played_game_shows_no_spec_id(game_id, seats):
    spec = games.get(game_id)
    config = spec.validate(GameConfig(seats=tuple(SeatConfig(f"Bot {k}", "easy") for k in range(seats))))
    played = play_bots(spec, config, 5)
    assert played.finished and played.session.log
    assert [line.event.text for line in played.session.log if leaks(line.event.text)] == []
