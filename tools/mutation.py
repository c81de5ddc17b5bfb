"""Mutation testing of the rules modules with mutmut 3 (a dev tool, never run in CI).

Each module gets its own scratch folder under ``.mutation/`` (a copy of ``chaigames/``, the core tests and a
``pyproject.toml`` whose ``[tool.mutmut]`` section mutates that one module), so that the small modules can be
measured first and a long run of a big one never blocks the others. Only the module's own core tests run
(never the screen or SSH tests): a mutant counts as killed when a rules test notices it.

    nice -n 19 python tools/mutation.py market orders geometry      # the small modules first
    python tools/mutation.py --report market                        # figures of a finished (or stopped) run
    nice -n 19 python tools/mutation.py --resume market             # go on with a stopped run
    nice -n 19 python tools/mutation.py --recheck market            # survivors again, against today's tests
    nice -n 19 python tools/mutation.py --recheck --only _move,_start dabba_walla   # of these functions only
    python -m mutmut show NAME                                       # run inside .mutation/<module>/

Run it from the repository root with the dev extra installed. It prints, per module, mutants / killed /
survived / other (timeouts, not checked yet) and the names of the survivors.
"""

from __future__ import annotations

import argparse
import collections
import os
import resource
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = ROOT / ".mutation"

CONTRACT = ["tests/engine/test_positions.py", "tests/engine/test_contract.py"]
"""The engine's tests of every game's state: positions from JSON (golden positions, round trips) and the
contract (listed actions are exactly the accepted ones, malformed ones refused in words)."""

#: module id -> (source file, the core test folders and files that pin its rules)
MODULES: dict[str, tuple[str, list[str]]] = {
    "market": ("chaigames/chai/market.py", ["tests/chai"]),
    "chai": ("chaigames/chai/state.py", ["tests/chai", *CONTRACT]),
    "orders": ("chaigames/chai_wallah/orders.py", ["tests/chai_wallah"]),
    "chai_wallah": ("chaigames/chai_wallah/state.py", ["tests/chai_wallah", *CONTRACT]),
    "geometry": ("chaigames/dabba_walla/geometry.py", ["tests/dabba_walla"]),
    "dabba_walla": ("chaigames/dabba_walla/state.py", ["tests/dabba_walla", *CONTRACT]),
}

ENV = dict(os.environ, HYPOTHESIS_PROFILE="mutation")
"""A few examples per property and soak test (tests/budget.py): each survivor runs every test that calls the
mutated function, so the random games' budget sets the pace of a run."""


def _pyproject(source: str, tests: list[str]) -> str:
    """The project's pytest settings plus a mutmut section for one module."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pytest_opts = data["tool"]["pytest"]["ini_options"]
    lines = ["[tool.pytest.ini_options]"]
    for key, value in pytest_opts.items():
        if key == "addopts":  # one mutant's tests run in one process: mutmut runs the mutants side by side
            value = value.replace("-n auto", "").strip()
        lines.append(f"{key} = {_toml(value)}")
    lines += [
        "",
        "[tool.mutmut]",
        'source_paths = ["chaigames"]',
        f"only_mutate = [{_toml(source)}]",
        f"pytest_add_cli_args_test_selection = {_toml(tests)}",
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-x"]',
        # a mutant that loops for ever is stopped after 2 x (its tests' usual CPU time + 1 s) (default 15 x 2)
        "timeout_multiplier = 1.0",
    ]
    return "\n".join(lines) + "\n"


def _toml(value: object) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return f'"{value}"'


def prepare(module: str) -> Path:
    """A fresh scratch folder for ``module`` (an earlier run's results are kept only by ``--report``)."""
    source, tests = MODULES[module]
    folder = SCRATCH / module
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    shutil.copytree(ROOT / "chaigames", folder / "chaigames", ignore=shutil.ignore_patterns("__pycache__"))
    (folder / "tests").mkdir()
    for helper in (ROOT / "tests").glob("*.py"):  # conftest and the shared helpers (positions, ...), no tests
        if not helper.name.startswith("test_"):
            shutil.copy2(helper, folder / "tests" / helper.name)
    for test in tests:
        _copy(test, folder)
    (folder / "pyproject.toml").write_text(_pyproject(source, tests), encoding="utf-8")
    return folder


def _copy(test: str, folder: Path) -> None:
    """A test folder or file into the scratch folder (over an earlier copy)."""
    if (ROOT / test).is_dir():
        shutil.copytree(ROOT / test, folder / test, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__"))
    else:
        (folder / test).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / test, folder / test)


MEMORY_LIMIT = 3 * 2**30
"""Bytes of address space for the run: a mutant that grows a set for ever fails with MemoryError (a kill)
instead of eating the shared machine's memory."""


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run(module: str, children: int, resume: bool = False) -> None:
    """Mutate one module; `resume` goes on with a stopped run (mutants with a verdict are not run again)."""
    folder = SCRATCH / module
    if not resume or not folder.exists():
        folder = prepare(module)
    subprocess.run(
        [sys.executable, "-m", "mutmut", "run", "--max-children", str(children)],
        cwd=folder,
        env=ENV,
        check=False,
        preexec_fn=_limit_memory,
    )


def _function(name: str) -> str:
    """The mutated function of a mutant's name: ``...xǁDabbaWallaStateǁ_move__mutmut_12`` -> ``_move``."""
    stem = name.rpartition("__mutmut_")[0]
    return stem.rpartition("ǁ")[2] if "ǁ" in stem else stem.rpartition(".x_")[2]


def recheck(module: str, children: int, functions: set[str] | None = None) -> None:
    """Run the survivors of an earlier run again against the repository's current tests (after new tests were
    written to kill them). mutmut maps tests to functions afresh: left alone it would map only tests it has not
    seen, so a test that was changed to kill a mutant would never be run against it."""
    folder = SCRATCH / module
    (folder / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
    _, tests = MODULES[module]
    for helper in (ROOT / "tests").glob("*.py"):
        if not helper.name.startswith("test_"):
            shutil.copy2(helper, folder / "tests" / helper.name)
    for test in tests:
        _copy(test, folder)
    names = [name for name, status in _statuses(module) if status not in ("killed", "timeout")]
    if functions:  # helpers working on different functions of one module recheck only their own
        names = [name for name in names if _function(name) in functions]
    if names:
        subprocess.run(
            [sys.executable, "-m", "mutmut", "run", "--max-children", str(children), *names],
            cwd=folder,
            env=ENV,
            check=False,
            preexec_fn=_limit_memory,
        )


def _statuses(module: str) -> list[tuple[str, str]]:
    out = subprocess.run(
        [sys.executable, "-m", "mutmut", "results", "--all", "true"],
        cwd=SCRATCH / module,
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    pairs = [line.strip().rpartition(": ") for line in out.splitlines()]
    return [(name, status) for name, _, status in pairs if name]


def report(module: str) -> dict[str, int]:
    """Counts by status from ``mutmut results --all true``, and the survivors' names."""
    counts: collections.Counter[str] = collections.Counter()
    survivors = []
    for name, status in _statuses(module):
        counts[status] += 1
        if status == "survived":
            survivors.append(name)
    total = sum(counts.values())
    caught = counts["killed"] + counts["timeout"]  # a mutant that makes the tests hang is caught too
    share = f"{100 * caught / total:.1f} %" if total else "-"
    other = {k: v for k, v in counts.items() if k not in ("killed", "survived", "timeout")}
    print(
        f"{module}: {total} mutants, {counts['killed']} killed + {counts['timeout']} timed out ({share}), "
        f"{counts['survived']} survived, other {other}"
    )
    for name in survivors:
        print(f"    survived {name}")
    return dict(counts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help=f"modules to mutate, of {', '.join(MODULES)} (default: all)")
    parser.add_argument("--report", action="store_true", help="only print the figures of earlier runs")
    parser.add_argument("--children", type=int, default=1, help="mutants tested at once (default 1)")
    parser.add_argument("--resume", action="store_true", help="go on with a stopped run instead of starting afresh")
    parser.add_argument("--recheck", action="store_true", help="run the survivors again against the current tests")
    parser.add_argument("--only", default="", help="with --recheck: only these functions (comma-separated)")
    args = parser.parse_args(argv)
    unknown = [m for m in args.modules if m not in MODULES]
    if unknown:
        parser.error(f"unknown module {unknown[0]!r}; choose from {', '.join(MODULES)}")
    for module in args.modules or list(MODULES):
        if args.recheck:
            recheck(module, args.children, {f for f in args.only.split(",") if f})
        elif not args.report:
            run(module, args.children, args.resume)
        report(module)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
