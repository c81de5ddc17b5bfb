"""Every stylesheet in a process shares one cache of parsed CSS (`screens.compat.share_parsed_css`): an app
started after another (a session forked from the fork server, which has shown the menu once) parses none
of the CSS the first one parsed, and gets the same rules."""

from __future__ import annotations

import uuid

import textual.css.stylesheet as stylesheet_module
from textual.css.stylesheet import Stylesheet

from screens import compat


def parsed_by(monkeypatch) -> list[str]:
    """The CSS sources Textual's parser is given from now on."""
    given: list[str] = []
    parse = stylesheet_module.parse

    def counted(scope, css, *args, **kwargs):
        given.append(css)
        return parse(scope, css, *args, **kwargs)

    monkeypatch.setattr(stylesheet_module, "parse", counted)
    return given


def rules_of(sheet: Stylesheet) -> list[str]:
    return [rule.css for rule in sheet.rules]


def test_a_css_source_is_parsed_once_for_every_stylesheet_in_the_process(monkeypatch):
    compat.share_parsed_css()
    given = parsed_by(monkeypatch)
    css = f"/* {uuid.uuid4()} */ Static {{ color: $text; padding: 1 2; }} #board {{ height: 3; }}"
    sheets = []
    for _ in range(3):  # three apps' stylesheets, one after the other
        sheet = Stylesheet(variables={"text": "red"})
        sheet.add_source(css, read_from=("menu.tcss", ""))
        sheet.parse()
        sheets.append(sheet)
    assert given.count(css) == 1
    assert rules_of(sheets[0]) == rules_of(sheets[1]) == rules_of(sheets[2])
    assert "#FF0000" in rules_of(sheets[2])[0]

    other = Stylesheet(variables={"text": "blue"})  # another theme's variables: parsed again, in its colours
    other.add_source(css, read_from=("menu.tcss", ""))
    other.parse()
    assert given.count(css) == 2
    assert "#0000FF" in rules_of(other)[0]


def test_sharing_twice_shares_one_cache():
    compat.share_parsed_css()
    shared = Stylesheet._parse_rules
    compat.share_parsed_css()
    assert Stylesheet._parse_rules is shared
