"""The code every session runs, laid out side by side in the fork server's memory.

A forked session shares the fork server's pages until it writes to one, and then has a copy of its
own. Python writes to every code object it runs (its reference count as a frame takes it, the
counters of its adaptive instructions), so each page holding a code object a session runs is copied
into every session, though the code object may fill a tenth of the page and the rest is code no
session runs. The code objects were made as their modules were imported, scattered among everything
else the imports made.

`pack_code_run_by(run)` runs `run` (the fork server's warm-up: a trip to the menu) and then gives every
function whose code ran a copy of that code, the copies made one after another: they fill pages of
their own, which every session copies, instead of parts of three times as many. A copy is the same
code (`CodeType.replace` with nothing changed); the function's behaviour, its name in tracebacks and
its line numbers are unchanged. A copy starts unspecialised, so the warm-up is run once more after
(which the caller does).

`pack_module_specs()` does the same for the modules' specs, which every `import` statement run in a
session reads.

`intern_first(names)` does it for the names that code uses (its attributes, variables, keywords: the
strings marshal interns as it reads a module's compiled code, and that every use raises and lowers the
count of). Interned before the app is imported, one after another, they lie together on a few dozen
pages; the imports then find each name already interned and use that string. Left to the imports, the
names a session uses lay among everything else the imports made, on about 440 pages. Which names: those
of the code the trip to the menu runs, found by `survey`, which imports the app and takes the trip in a
forked child (the fork server itself must not import the app before it interns them).

Measured (`benchmarks/serve_sessions.py`, 16 sessions at the menu): a session's own pages 14.8 ->
13.4 MiB. Tried without gain: the code of whole modules a session runs and the trip does not (its
terminal driver, asyncio's streams), copied too (the copies no session runs cost what the others
saved); the allocator's free blocks filled first, so that the copies went to fresh pools (no change).
"""

from __future__ import annotations

import copy
import gc
import json
import os
import re
import sys
import threading
import traceback
import types
from collections.abc import Callable, Iterable
from importlib.machinery import ModuleSpec
from typing import Any

RETIRED: list[object] = []
"""The code objects and module specs the copies replaced: kept, never freed, so the pages they sit on
are not written to as they go (and whatever else still holds one keeps working)."""


def code_run_by(run: Callable[[], object]) -> dict[int, types.CodeType]:
    """Every Python code object that ran while `run` ran (in any thread), by id."""
    ran: dict[int, types.CodeType] = {}

    def seen(frame: types.FrameType, event: str, arg: Any) -> None:
        if event == "call":
            ran[id(frame.f_code)] = frame.f_code

    threading.setprofile(seen)
    sys.setprofile(seen)
    try:
        run()
    finally:
        sys.setprofile(None)
        threading.setprofile(None)
    return ran


def pack_code_run_by(run: Callable[[], object]) -> int:
    """Run `run`, then give each function whose code ran a copy of it, the copies made together (code
    made inside such code, such as a nested function's, copied with it). Returns how many were copied."""
    ran = code_run_by(run)
    copies: dict[int, types.CodeType] = {}

    def copied(code: types.CodeType) -> types.CodeType:
        made = copies.get(id(code))
        if made is None:
            consts = tuple(copied(c) if isinstance(c, types.CodeType) and id(c) in ran else c for c in code.co_consts)
            made = copies[id(code)] = code.replace(co_consts=consts)
            RETIRED.append(code)
        return made

    gc.unfreeze()  # every function, the frozen ones too (the caller freezes again)
    for thing in gc.get_objects():
        if isinstance(thing, types.FunctionType) and id(thing.__code__) in ran:
            thing.__code__ = copied(thing.__code__)
    return len(copies)


def pack_module_specs(modules: Iterable[types.ModuleType] | None = None) -> int:
    """Give each module (by default every imported one) a copy of its spec, the copies made together.
    Each `import` a session runs after the fork (a function's own imports, which the app has many of)
    reads the module's `__spec__` (is it still being imported?), raising and lowering its reference
    count, so each spec's page was copied into every session; the specs were scattered among what
    their imports made. A copy is an equal spec (same name, origin, loader). Returns how many."""
    packed = 0
    for module in list(sys.modules.values() if modules is None else modules):
        spec = getattr(module, "__spec__", None)
        if isinstance(spec, ModuleSpec):
            RETIRED.append(spec)
            module.__spec__ = copy.copy(spec)
            packed += 1
    return packed


NAME = re.compile(r"[A-Za-z0-9_]+")
"""A string marshal interns: Python interns the constants and names of compiled code made of these only."""

INTERNED: list[str] = []
"""The names `intern_first` interned, held: Python 3.11 lets an interned string go when nothing else
holds it, and it must still be there when the imports look for it."""


def names_used_by(codes: Iterable[types.CodeType]) -> list[str]:
    """The names `codes` use that marshal interns (attributes and globals, arguments and locals, the
    code's own name, keyword names, identifier-like constants), sorted."""
    names: set[str] = set()
    for code in codes:
        names.update(code.co_names, code.co_varnames, code.co_cellvars, code.co_freevars, (code.co_name,))
        for const in code.co_consts:
            names.update(item for item in (const if isinstance(const, tuple) else (const,)) if isinstance(item, str))
    return sorted(name for name in names if NAME.fullmatch(name))


def intern_first(names: Iterable[str]) -> int:
    """Intern `names`, one after another, and hold them (`INTERNED`). Returns how many."""
    INTERNED.extend(sys.intern(name) for name in names)
    return len(INTERNED)


def survey(run: Callable[[], list[str]]) -> list[str]:
    """What `run` returns, run in a forked child, so nothing `run` imports or makes is left in this
    process; [] if the child fails (its traceback on stderr). The child leaves by `os._exit`: none of
    this process's exit handlers or buffered output run twice."""
    readable, writable = os.pipe()
    pid = os.fork()
    if pid == 0:
        status = 1
        try:
            os.close(readable)
            with os.fdopen(writable, "w") as answer:
                json.dump(run(), answer)
            status = 0
        except BaseException:
            traceback.print_exc()
        finally:
            os._exit(status)
    os.close(writable)
    with os.fdopen(readable) as answer:
        text = answer.read()
    _, status = os.waitpid(pid, 0)
    if status != 0:
        return []
    answered = json.loads(text)
    return [name for name in answered if isinstance(name, str)]
