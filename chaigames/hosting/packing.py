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

`take_free_space()`, the last thing before the first fork, takes every free block of Python's
allocator's pools and every free chunk of the C heap: a session's own objects then go to pages of its
own, filled one after another, instead of the free space the imports and the warm-up left scattered
over the server's pages, each copying its page for a few of the session's bytes.

Measured (`benchmarks/serve_sessions.py`, 16 sessions at the menu): a session's own pages 14.8 ->
13.4 MiB. Tried without gain: the code of whole modules a session runs and the trip does not (its
terminal driver, asyncio's streams), copied too (the copies no session runs cost what the others
saved); the allocator's free blocks filled first, so that the copies went to fresh pools (no change).
"""

from __future__ import annotations

import array
import copy
import ctypes
import functools
import gc
import json
import os
import re
import sys
import tempfile
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


HOLES = array.array("Q")
"""The C heap's free chunks `fill_heap_holes` took (their addresses): kept, never freed."""


class _MallInfo2(ctypes.Structure):
    """glibc's `struct mallinfo2`: the heap's totals."""

    _fields_ = [
        (name, ctypes.c_size_t)
        for name in [
            "arena",
            "ordblks",
            "smblks",
            "hblks",
            "hblkhd",
            "usmblks",
            "fsmblks",
            "uordblks",
            "fordblks",
            "keepcost",
        ]
    ]


@functools.cache
def _glibc() -> ctypes.CDLL | None:
    """The C library with the signatures of the calls made here, or None where it is not glibc (no
    `mallinfo2`)."""
    try:
        libc = ctypes.CDLL(None)
        libc.mallinfo2.restype = _MallInfo2
    except (AttributeError, OSError):
        return None
    libc.sbrk.restype = ctypes.c_void_p
    libc.sbrk.argtypes = [ctypes.c_ssize_t]
    libc.malloc.restype = ctypes.c_void_p
    libc.malloc.argtypes = [ctypes.c_size_t]
    libc.free.argtypes = [ctypes.c_void_p]
    return libc


def heap_top() -> int:
    """The address where the C heap's untouched top begins (what malloc takes when no free chunk fits),
    or 0 where the C library is not glibc."""
    libc = _glibc()
    if libc is None:
        return 0
    return int(libc.sbrk(0) or 0) - int(libc.mallinfo2().keepcost)


def fill_heap_holes() -> int:
    """Take every free chunk of the C heap (malloc's), so that what a session allocates there comes from
    the heap's top, pages of its own, instead of the holes the imports and the warm-up left among the
    server's objects (the larger ones live there: classes, big code, the tables of large dicts and
    lists): each hole a session filled copied its page for a few of its bytes. The chunks are kept.
    Returns the bytes taken (0 where the C library is not glibc)."""
    libc = _glibc()
    top = heap_top()
    if libc is None or not top:
        return 0
    taken = 0
    # Large requests first (few calls for the large holes), then every size of the per-size caches (a
    # chunk freed there serves only its own size) down to the smallest; a block from the top is given
    # back and ends that size.
    for size in (4096, 2048, *range(1024, 0, -16)):
        while True:
            block = libc.malloc(size)
            if not block or block >= top:
                libc.free(block)
                break
            HOLES.append(block)
            taken += size
    return taken


BLOCKS = array.array("Q")
"""The free blocks of Python's allocator's pools that `fill_pools` took (their addresses): kept, never freed."""


def free_blocks() -> dict[int, int]:
    """How many free blocks the pools of Python's allocator hold, by block size: the "avail blocks" of
    `sys._debugmallocstats`, which writes its table to the C-level stderr (empty where Python's own
    allocator is not in use)."""
    with tempfile.TemporaryFile() as table:
        sys.stderr.flush()
        saved = os.dup(2)
        os.dup2(table.fileno(), 2)
        try:
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        table.seek(0)
        text = table.read().decode(errors="replace")
    free: dict[int, int] = {}
    for line in text.splitlines():
        fields = line.split()  # class, size, pools, blocks in use, available blocks
        if len(fields) == 5 and all(field.isdigit() for field in fields):
            free[int(fields[1])] = int(fields[4])
    return free


def fill_pools() -> int:
    """Take every free block of Python's allocator's pools (objects of up to 512 bytes), so that the
    objects a session makes go to pools of its own, filled one after another, instead of the free
    blocks the imports and the warm-up left scattered over the server's pools, each copying its page
    (and its pool's header page) for a few of the session's bytes. The blocks are kept. Returns the
    bytes taken."""
    api = ctypes.pythonapi
    api.PyObject_Malloc.restype = ctypes.c_void_p
    api.PyObject_Malloc.argtypes = [ctypes.c_size_t]
    taken = 0
    for _ in range(2):  # again for the blocks the first count's own objects left free
        for size, count in free_blocks().items():
            for _ in range(count):
                BLOCKS.append(api.PyObject_Malloc(size))
            taken += size * count
    return taken


def take_free_space() -> int:
    """Take the free space of the pools (`fill_pools`), then of the C heap (`fill_heap_holes`: after,
    for the holes the pools' filling left there): the last thing before the first fork. Returns the
    bytes taken."""
    return fill_pools() + fill_heap_holes()
