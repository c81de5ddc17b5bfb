"""The README's install and test commands are the ones CI runs, word for word."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def command_after(ci: list[str], marker: str) -> str:
    return ci[ci.index(marker) + 1]


def test_ci_runs_the_readme_commands():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    install = command_after(ci, '# install (README: "Install and play")')
    test = command_after(ci, '# test (README: "Run the tests")')
    assert f"\n{install}\n" in readme
    assert f"\n{test}\n" in readme
    assert "pytest" in test
