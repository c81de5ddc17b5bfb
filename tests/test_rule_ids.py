"""Every rule id (CW-n, CH-n, DW-n) that code or a test cites is defined in the repository, in the
maintainers' index docs/rule-ids.md (one line of rule and the tests that cite it)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INDEX = ROOT / "docs" / "rule-ids.md"
RULE_ID = re.compile(r"\b(?:CW|CH|DW)-\d+\b")
ROW = re.compile(r"^\| ((?:CW|CH|DW)-\d+) \| ([^|]+) \|", re.MULTILINE)


def defined() -> dict[str, str]:
    return {m.group(1): m.group(2).strip() for m in ROW.finditer(INDEX.read_text())}


def cited() -> dict[str, str]:
    """Each id cited under chaigames/, screens/ and tests/, with one place that cites it."""
    where: dict[str, str] = {}
    for folder in ("chaigames", "screens", "tests"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in (".py", ".md", ".tcss", ".json") and path.is_file():
                for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                    for rule in RULE_ID.findall(line):
                        where.setdefault(rule, f"{path.relative_to(ROOT)}:{n}")
    return where


def test_every_cited_rule_id_is_defined_in_the_index():
    index = defined()
    missing = {rule: place for rule, place in cited().items() if rule not in index}
    assert missing == {}


def test_every_rule_in_the_index_says_its_rule():
    index = defined()
    assert len(index) >= 37  # the table was read: 12 Chai Wallah, 10 Chai and 15 Dabba Walla rules
    assert all(len(rule.split()) >= 5 for rule in index.values())


def test_the_index_would_miss_an_undefined_id():
    unknown = "DW-" + "99"  # spelled in two parts, so this file cites no undefined id itself
    assert RULE_ID.findall(f"see {unknown} and CW-3; not XDW-1") == [unknown, "CW-3"]
    assert unknown not in defined()
