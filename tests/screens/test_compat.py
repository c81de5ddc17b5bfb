"""Textual's public API only: no module but screens/compat.py names a private Textual (or Rich) name.

Four nets, over `screens/` and the modules of `chaigames` that may import Textual or Rich: no import
of a private module or name; no attribute read or written by a private name that our own code never
defines (it must then be a library's); no method or class attribute of ours overriding a private one
of a Textual or Rich base class; no `self._x` of ours written over a private attribute that a
Textual or Rich base class sets up when it is made.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import textwrap
from functools import cache
from pathlib import Path

import screens

ROOT = Path(__file__).resolve().parents[2]
COMPAT = ROOT / "screens" / "compat.py"
LIBRARIES = ("textual", "rich")


def sources() -> list[Path]:
    """The front end, and the modules of `chaigames` allowed to import Textual or Rich (the import
    contracts keep every other one from importing them at all)."""
    paths = [*sorted((ROOT / "screens").rglob("*.py")), ROOT / "chaigames" / "cli.py"]
    return [p for p in paths + sorted((ROOT / "chaigames" / "web").rglob("*.py")) if p != COMPAT]


@cache
def trees() -> tuple[tuple[Path, ast.Module], ...]:
    return tuple((path, ast.parse(path.read_text())) for path in sources())


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def defined_by_us() -> set[str]:
    names: set[str] = set()
    for _, tree in trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
    return names


def mangled(name: str) -> bool:
    """`_Static__content`: another class's private attribute, by its mangled name."""
    head, sep, _ = name[1:].partition("__")
    return bool(sep) and head[:1].isupper()


def test_no_private_import_or_attribute_outside_compat():
    ours = defined_by_us()
    found = []
    for path, tree in trees():
        where = path.relative_to(ROOT)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in LIBRARIES:
                parts = [*node.module.split("."), *(a.name for a in node.names)]  # type: ignore[union-attr]
                if any(private(p) for p in parts):
                    found.append(f"{where}:{node.lineno} imports {node.module}: {[a.name for a in node.names]}")
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] in LIBRARIES and any(private(p) for p in alias.name.split(".")):
                        found.append(f"{where}:{node.lineno} imports {alias.name}")
            elif (
                isinstance(node, ast.Attribute) and private(node.attr) and (mangled(node.attr) or node.attr not in ours)
            ):
                found.append(f"{where}:{node.lineno} .{node.attr}")
    assert found == []


def library_classes(cls: type) -> list[type]:
    return [c for c in cls.__mro__[1:] if c.__module__.split(".")[0] in LIBRARIES]


def set_by(cls: type, method: str = "__init__") -> frozenset[str]:
    """The private `self._x` a class writes in `method` (None: anywhere)."""
    try:
        code = cls if method is None else vars(cls).get(method)
        if code is None:
            return frozenset()
        tree = ast.parse(textwrap.dedent(inspect.getsource(code)))
    except (OSError, TypeError):
        return frozenset()
    return frozenset(
        n.attr
        for n in ast.walk(tree)
        if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store) and private(n.attr)
        if isinstance(n.value, ast.Name) and n.value.id == "self"
    )


def our_classes() -> list[type]:
    modules = [screens]
    for info in pkgutil.walk_packages(screens.__path__, "screens."):
        if info.name != "screens.compat":
            modules.append(importlib.import_module(info.name))
    return [
        cls
        for module in modules
        for cls in vars(module).values()
        if isinstance(cls, type) and cls.__module__ == module.__name__ and library_classes(cls)
    ]


def made_by_textual() -> set[str]:
    """What Textual's class machinery puts in every subclass of a widget, screen or app."""
    from textual.app import App
    from textual.widget import Widget

    class Probe(Widget):
        pass

    class AppProbe(App[None]):
        pass

    return {*vars(Probe), *vars(AppProbe)}


def test_no_class_of_ours_overrides_or_overwrites_a_private_library_name():
    found = []
    automatic = made_by_textual()
    for cls in our_classes():
        theirs = library_classes(cls)
        for name in vars(cls):
            if name in automatic or not private(name) or mangled(name):
                continue
            if any(name in vars(base) for base in theirs):
                found.append(f"{cls.__module__}.{cls.__name__} overrides {name}")
        written = set_by(cls, None)  # what our class writes on self
        for base in theirs:
            for name in sorted(written & set_by(base)):
                found.append(f"{cls.__module__}.{cls.__name__} writes self.{name} (also {base.__name__}'s)")
    assert found == []


def test_the_nets_catch_what_they_are_for():
    assert mangled("_Static__content") and not mangled("_shown_content") and not mangled("__init__")
    tree = ast.parse("class Panel(Static):\n    def _set_dirty(self):\n        self._render_cache = 1\n")
    assert {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)} == {"_render_cache"}
    from textual.widget import Widget

    assert "_set_dirty" in vars(Widget) and "_render_cache" in set_by(Widget)
    from screens.widgets import LinePanel

    assert "_strips" in set_by(LinePanel, None)
