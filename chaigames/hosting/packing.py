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
"""

from __future__ import annotations

import gc
import sys
import threading
import types
from collections.abc import Callable, Collection
from typing import Any

RETIRED: list[object] = []
"""The code objects and module specs the copies replaced: kept, never freed, so the pages they sit on are not written
to as they go (and whatever else still holds one keeps working)."""


def code_run_by(run: Callable[[], object]) -> dict[int, types.CodeType]:
    """Every Python code object that ran while `run` ran (in any thread), by id."""
    ran: dict[int, types.CodeType] = {}

    def seen(frame: types.FrameType, event: str, arg: Any) -> None:
        if event == "call":
            ran[id(frame.f_code)] = frame.f_code

    threading.setprofile(seen)  # type: ignore[arg-type]  # typeshed: a profile function gets the frame as its first argument
    sys.setprofile(seen)
    try:
        run()
    finally:
        sys.setprofile(None)
        threading.setprofile(None)  # type: ignore[arg-type]  # None removes it, as for sys.setprofile
    return ran


def pack_code_run_by(run: Callable[[], object], modules: Collection[str] = ()) -> int:
    """Run `run`, then give each function whose code ran a copy of it, the copies made together (code
    made inside such code, such as a nested function's, copied with it); then the same for every
    function of `modules` (by name: code a session runs that `run` cannot, such as a terminal
    driver's). Returns how many code objects were copied."""
    ran = code_run_by(run)
    files = {file for name in modules for file in module_files(name)}
    copies: dict[int, types.CodeType] = {}

    def wanted(code: types.CodeType) -> bool:
        return id(code) in ran or code.co_filename in files

    def copy(code: types.CodeType) -> types.CodeType:
        made = copies.get(id(code))
        if made is None:
            consts = tuple(copy(c) if isinstance(c, types.CodeType) and wanted(c) else c for c in code.co_consts)
            made = copies[id(code)] = code.replace(co_consts=consts)
            RETIRED.append(code)
        return made

    gc.unfreeze()  # every function, those frozen too (the caller freezes again)
    functions = [thing for thing in gc.get_objects() if isinstance(thing, types.FunctionType)]
    for first in (True, False):  # what ran first, then the modules' other code
        for function in functions:
            code = function.__code__
            if id(code) in copies or not (id(code) in ran if first else code.co_filename in files):
                continue
            function.__code__ = copy(code)
    return len(copies)


def module_files(name: str) -> set[str]:
    """The file names a module's code objects may carry: its file, or `<frozen NAME>` for a module the
    interpreter has frozen into itself (importlib's, runpy)."""
    file = getattr(sys.modules.get(name), "__file__", None)
    return {f"<frozen {name}>", *([file] if file else [])}


def pack_module_specs() -> int:
    """Give every imported module a copy of its spec, the copies made together. Each `import` run
    after the fork (a function's own imports, which the app has many of) reads the module's
    `__spec__` (is it still being imported?), raising and lowering its reference count: each spec's
    page was copied into every session, and the specs were scattered among what their imports made."""
    import copy

    packed = 0
    for module in list(sys.modules.values()):
        spec = getattr(module, "__spec__", None)
        if spec is not None and type(spec).__name__ == "ModuleSpec":
            RETIRED.append(spec)
            module.__spec__ = copy.copy(spec)
            packed += 1
    return packed

