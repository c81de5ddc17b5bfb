"""The fork server's packing: the code its warm-up ran, and the modules' specs, copied side by side.

A packed function is the same function: the same results, closures, defaults and line numbers; only
its code object is a new one. Functions whose code did not run keep theirs.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import json
import os
import subprocess
import sys
import threading
import traceback
import types
import uuid
from typing import Any

import pytest

from chaigames.hosting import packing
from tests.wait import scaled


def _ran_directly(n: int, step: int = 2) -> int:
    return n + step


def _makes_a_closure(base: int) -> types.FunctionType:
    def add(n: int) -> int:
        return base + n

    return add  # type: ignore[return-value]


def _never_ran() -> str:
    return "never"


def _in_a_thread() -> str:
    return "thread"


def _fails() -> None:
    raise ValueError("from packed code")


class Counter:
    def __init__(self) -> None:
        self.count = 0

    def bump(self, by: int = 1) -> int:
        self.count += by
        return self.count


def test_the_code_that_ran_is_copied_and_behaves_the_same() -> None:
    made_before = _makes_a_closure(10)
    originals = {
        f: f.__code__
        for f in (_ran_directly, _makes_a_closure, _never_ran, _in_a_thread, _fails, Counter.bump, made_before)
    }

    def run() -> None:
        _ran_directly(1)
        _makes_a_closure(1)(1)
        Counter().bump()
        worker = threading.Thread(target=_in_a_thread)
        worker.start()
        worker.join()
        with contextlib.suppress(ValueError):
            _fails()

    copied = packing.pack_code_run_by(run)

    for function in (_ran_directly, _makes_a_closure, _in_a_thread, _fails, Counter.bump, made_before):
        code = function.__code__
        assert code is not originals[function], function.__name__
        assert code == originals[function]  # the same code: name, lines, bytecode, constants
        assert any(old is originals[function] for old in packing.RETIRED)  # the original kept
    assert _never_ran.__code__ is originals[_never_ran]
    assert copied >= 6
    # ... and behaves as before: results, defaults, closures, attributes.
    assert _ran_directly(1) == 3 and _ran_directly(1, step=5) == 6
    assert made_before(1) == 11 and _makes_a_closure(5)(2) == 7
    assert Counter().bump(3) == 3
    assert _in_a_thread() == "thread"


def test_a_closure_made_after_packing_runs_the_packed_inner_code() -> None:
    """Code made inside packed code (a nested function's) is the packed copy's: a function made after
    the fork gets its code from there, not from the scattered original."""
    packing.pack_code_run_by(lambda: _makes_a_closure(1)(1))
    inner = next(c for c in _makes_a_closure.__code__.co_consts if isinstance(c, types.CodeType))
    assert _makes_a_closure(2).__code__ is inner
    assert any(old == inner and old is not inner for old in packing.RETIRED)


def test_a_traceback_through_packed_code_names_its_file_and_line() -> None:
    packing.pack_code_run_by(lambda: _raises_for_traceback(False))
    try:
        _raises_for_traceback(True)
    except ValueError as exc:
        frame = traceback.extract_tb(exc.__traceback__)[-1]
    assert frame.filename == __file__ and frame.name == "_raises_for_traceback"
    assert frame.line == 'raise ValueError("here")'


def _raises_for_traceback(now: bool) -> None:
    if now:
        raise ValueError("here")


def test_a_module_gets_an_equal_spec_and_imports_and_reloads_as_before(tmp_path, monkeypatch) -> None:
    (tmp_path / "packed_module.py").write_text("LOADED = []\nLOADED.append(1)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("packed_module")
    monkeypatch.setitem(sys.modules, "packed_module", module)
    spec = module.__spec__
    assert packing.pack_module_specs([module]) == 1
    assert module.__spec__ is not spec
    assert (module.__spec__.name, module.__spec__.origin, module.__spec__.loader) == (
        spec.name,
        spec.origin,
        spec.loader,
    )
    assert importlib.import_module("packed_module") is module
    assert importlib.reload(module) is module and module.LOADED == [1]


def test_a_module_without_a_spec_is_left_alone() -> None:
    bare = types.ModuleType("bare")
    assert packing.pack_module_specs([bare]) == 0
    assert bare.__spec__ is None


def _names_in_code(widget: Any, *, count: int = 2) -> str:
    """Words: a docstring is no name."""
    total = widget.size + count + getattr(widget, "height")  # noqa: B009  (a name as a constant)
    return f"{total} two words".strip()


def test_the_names_code_uses_are_its_identifiers_and_no_other_strings() -> None:
    names = packing.names_used_by([_names_in_code.__code__])
    assert {"widget", "count", "total", "size", "height", "strip", "_names_in_code"} <= set(names)
    assert " two words" not in names and not any(" " in name for name in names)
    assert names == sorted(names)


def test_a_name_interned_first_is_the_string_a_module_imported_after_uses(tmp_path, monkeypatch) -> None:
    """The module is read from its compiled file, as the app is: marshal interns its names and finds the
    one interned first."""
    name = "_".join(["attribute", uuid.uuid4().hex])
    source = tmp_path / "names_module.py"
    source.write_text(f"def reads(thing):\n    return thing.{name}\n")
    # Compiled in an interpreter of its own: compiling interns the name, for good on Python 3.12.
    compile_it = (
        "import py_compile, sys\n"
        "py_compile.compile(sys.argv[1], cfile=sys.argv[2], doraise=True,\n"
        "    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)\n"
    )
    compiled = importlib.util.cache_from_source(str(source))
    subprocess.run([sys.executable, "-c", compile_it, str(source), compiled], check=True, timeout=scaled(60))
    source.write_text("raise ImportError('the compiled file is the one to read')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "names_module", raising=False)
    mine = "".join(name)  # an equal string of this test's own, not yet interned
    packing.intern_first([mine])
    module = importlib.import_module("names_module")
    assert module.reads.__code__.co_names == (name,)
    assert module.reads.__code__.co_names[0] is packing.INTERNED[-1] is mine


def test_a_survey_answers_from_a_child_and_leaves_nothing_it_imported_here(tmp_path, monkeypatch) -> None:
    (tmp_path / "surveyed_module.py").write_text("NAMES = ['surveyed']\n")
    monkeypatch.syspath_prepend(str(tmp_path))

    def run() -> list[str]:
        import surveyed_module  # type: ignore[import-not-found]

        return [*surveyed_module.NAMES, str(os.getpid())]

    answer = packing.survey(run)
    assert answer[0] == "surveyed" and answer[1] != str(os.getpid())
    assert "surveyed_module" not in sys.modules


def test_a_survey_that_fails_answers_nothing() -> None:
    def run() -> list[str]:
        raise RuntimeError("the app did not import")

    assert packing.survey(run) == []


def in_a_fresh_interpreter(script: str, fill: bool) -> dict[str, Any]:
    """What `script` prints (JSON), run in an interpreter of its own with "fill" or "no" as its argument."""
    done = subprocess.run(
        [sys.executable, "-c", script, "fill" if fill else "no"],
        capture_output=True,
        text=True,
        check=True,
        timeout=scaled(60),
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


HOLES_THEN_FILL = """
import ctypes, json, sys
from chaigames.hosting import packing

libc = ctypes.CDLL(None)
libc.malloc.restype = ctypes.c_void_p
libc.malloc.argtypes = [ctypes.c_size_t]
libc.free.argtypes = [ctypes.c_void_p]
blocks = [libc.malloc(size) for size in range(100, 3000, 7) for _ in range(3)]
for block in blocks[::2]:  # holes of every size among the blocks kept
    libc.free(block)
top = packing.heap_top()
taken = packing.fill_heap_holes() if sys.argv[1] == "fill" else 0
print(json.dumps({"taken": taken, "from_top": [libc.malloc(size) >= top for size in (48, 600, 2000)]}))
"""


@pytest.mark.skipif(not packing.heap_top(), reason="the C heap's holes are glibc's")
@pytest.mark.parametrize("fill", [True, False])
def test_after_the_heap_holes_are_filled_what_is_allocated_comes_from_the_heap_top(fill: bool) -> None:
    """A fresh interpreter (its heap not the test runner's) makes holes in its C heap; once they are
    filled, every allocation comes from the heap's top; without the fill, from the holes."""
    result = in_a_fresh_interpreter(HOLES_THEN_FILL, fill)
    if fill:
        assert result["taken"] > 0
        assert result["from_top"] == [True, True, True]
    else:
        assert result["from_top"] == [False, False, False]


POOL_HOLES_THEN_FILL = """
import json, sys
from chaigames.hosting import packing

POOL = 16384
made = [b"%05d" % n + bytes(26) for n in range(20000)]  # 64 bytes each
holes = {id(b) - id(b) % POOL for b in made[::2]}
del made[::2]  # every other block freed: holes in every pool they filled
taken = packing.fill_pools() if sys.argv[1] == "fill" else 0
new = [b"%05d" % n + bytes(26) for n in range(200)]
print(json.dumps({"taken": taken, "in_holes": sum(id(b) - id(b) % POOL in holes for b in new)}))
"""


@pytest.mark.parametrize("fill", [True, False])
def test_after_the_pools_are_filled_new_objects_go_to_pools_of_their_own(fill: bool) -> None:
    """A fresh interpreter frees every other of many objects, leaving free blocks in their pools; once
    the pools are filled, new objects of that size go to other pools; without the fill, into the holes."""
    result = in_a_fresh_interpreter(POOL_HOLES_THEN_FILL, fill)
    if fill:
        assert result["taken"] > 0
        assert result["in_holes"] == 0
    else:
        assert result["in_holes"] > 100
