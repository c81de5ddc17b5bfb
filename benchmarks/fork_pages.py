"""Which of the fork server's pages a forked game copies, and which objects on them it wrote to.

A forked game shares the fork server's pages until it writes to one; then the kernel gives it a copy
(`/proc/PID/pagemap`: the same virtual page, another physical frame; frames are shown to root only).
`serve_sessions.py --pages` starts the host with `SITECUSTOMIZE` on the package's path: in the fork
server, once `preload_app` is done, a forked child (the same addresses; the server itself untouched)
lists every object the server holds (the collector's objects and everything they refer to, and the
separate tables of dicts, lists and sets) by address, size and kind. With a game at the menu,
`copied_pages` compares each page it copied with the server's, word by word: a word that differs lies
in an object the game wrote to (its reference count or its contents) or outside every object (the
free space where the game's own objects went, the allocator's pool headers), and that kind is
charged for the page. A page copied yet equal byte for byte had something written and written back
(a count raised and lowered): for those, the kinds that lie there, and the share of each kind's
bytes that does (a kind far above the average share is what such pages are written for).

Offsets are CPython 3.11's (the object layouts, the collector's header, the dict keys' header).
"""

from __future__ import annotations

import bisect
import pickle
import struct
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

PAGE = 4096

SITECUSTOMIZE = '''
import sys

if "fork_server" in open("/proc/self/cmdline", "rb").read().decode(errors="replace"):
    import chaigames.cli as _cli

    _preload = _cli.preload_app

    def _preload_and_list():
        """Preload, then list the objects in a forked child: the same addresses, this process untouched."""
        import os

        _preload()
        pid = os.fork()
        if pid == 0:
            try:
                _list_objects({path!r})
            finally:
                os._exit(0)
        os.waitpid(pid, 0)

    _cli.preload_app = _preload_and_list

    def _list_objects(path):
        """Every object this process holds as (start, end, kind), by address, with a few words on each
        of some kinds: pickled to `path`."""
        import gc, types

        gc_type, heap_type, managed_dict = 1 << 14, 1 << 9, 1 << 4
        gc.unfreeze()
        seen = {{}}
        todo = gc.get_objects()
        while todo:
            o = todo.pop()
            if id(o) in seen:
                continue
            seen[id(o)] = o
            if isinstance(o, types.CodeType):  # not the collector's: what it holds, by hand
                todo.extend((o.co_consts, o.co_names, o.co_filename, o.co_name, o.co_qualname, o.co_linetable,
                             o.co_exceptiontable))
                todo.extend(o.co_varnames + o.co_freevars + o.co_cellvars)  # those tuples are made anew
            todo.extend(gc.get_referents(o))
        todo = None
        import ctypes, pickle, reprlib  # only now: what they make is not the server's

        word, byte = ctypes.c_ssize_t, ctypes.c_uint8
        short = reprlib.Repr()
        short.maxlevel, short.maxtuple, short.maxdict, short.maxstring, short.maxother = 2, 4, 3, 40, 40
        kinds, index, spans, said = [], {{}}, [], {{}}

        def add(start, size, name):
            if size > 0:
                k = index.get(name)
                if k is None:
                    k = index[name] = len(kinds)
                    kinds.append(name)
                spans.append((start, start + size, k))

        def kind_of(o):
            t = type(o)
            if t is str:
                return "str (interned)" if byte.from_address(id(o) + 32).value & 3 else "str"
            if isinstance(o, type):
                return "class" if o.__flags__ & heap_type else "static type"
            return t.__name__ if t.__module__ == "builtins" else f"{{t.__module__}}.{{t.__qualname__}}"

        def describe(o):
            if isinstance(o, (type, types.CodeType)):
                return f"{{getattr(o, '__module__', '')}}.{{getattr(o, '__qualname__', None) or o.co_qualname}}"
            if isinstance(o, str):
                return repr(o[:60])
            if isinstance(o, (tuple, dict, list, set, frozenset, types.FunctionType, types.CellType)):
                return short.repr(o)
            return ""

        def tables(o, a, t):
            if isinstance(o, dict):
                keys = word.from_address(a + 32).value
                if keys:
                    log2_size, log2_index = byte.from_address(keys + 8).value, byte.from_address(keys + 9).value
                    entry = 16 if byte.from_address(keys + 10).value else 24
                    add(keys, 32 + (1 << log2_index) + (2 << log2_size) // 3 * entry, "dict keys")
                    said[keys] = "keys of " + describe(o)
                values = word.from_address(a + 40).value
                if values:
                    add(values - 8, 8 + 8 * max(len(o), 1), "dict values (split)")
            elif isinstance(o, list):
                items, allocated = word.from_address(a + 24).value, word.from_address(a + 32).value
                if items:
                    add(items, 8 * allocated, "list items")
            elif isinstance(o, (set, frozenset)):
                table, mask = word.from_address(a + 40).value, word.from_address(a + 32).value
                if table != a + 72:
                    add(table, 16 * (mask + 1), "set table")
            if t.__flags__ & managed_dict:
                values = word.from_address(a - 32).value
                if values:
                    add(values - 8, 64, "instance values")

        for a, o in seen.items():
            t = type(o)
            pre = (16 if t.__flags__ & gc_type else 0) + (16 if t.__flags__ & managed_dict else 0)
            try:
                size = sys.getsizeof(o) - (16 if t.__flags__ & gc_type else 0)
                if isinstance(o, (dict, list, set, frozenset, bytearray)):
                    size = t.__basicsize__  # their sizes count their tables, listed apart
                add(a - pre, size + pre, kind_of(o))
                text = describe(o)
                if text:
                    said[a - pre] = text
                tables(o, a, t)
            except Exception:
                continue
        spans.sort()
        with open(path, "wb") as out:
            pickle.dump((kinds, spans, said), out)
'''


def anonymous_ranges(pid: int) -> list[tuple[int, int, str]]:
    """The process's anonymous writable mappings: the C heap ("[heap]") and the others ("mmap": Python's
    allocator's arenas among them)."""
    ranges = []
    for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
        fields = line.split()
        start, end = (int(x, 16) for x in fields[0].split("-"))
        path = fields[5] if len(fields) > 5 else ""
        if "w" in fields[1] and (not path or path == "[heap]"):
            ranges.append((start, end, path or "mmap"))
    return ranges


def frames(pid: int, start: int, end: int) -> list[int]:
    """The physical frame of each page in [start, end) (0: not present)."""
    with open(f"/proc/{pid}/pagemap", "rb") as f:
        f.seek(start // PAGE * 8)
        data = f.read((end - start) // PAGE * 8)
    entries = struct.unpack(f"{len(data) // 8}Q", data)
    return [e & ((1 << 55) - 1) if e >> 63 else 0 for e in entries]


POOL = 16384
"""Python's allocator (3.11, 64-bit) hands out blocks of up to 512 bytes from pools of 16 KiB, each with a
48-byte header at its start."""


def in_pool(mem: Any, address: int) -> bool:
    """Whether `address` lies in a pool of Python's allocator: its pool's header reads as one (a size
    class, a next offset within the pool)."""
    start = address - address % POOL
    try:
        mem.seek(start)
        header = mem.read(48)
    except OSError:  # the pool's start is not mapped: no pool
        return False
    _count, _free, _next, _prev, _arena, size_class, next_offset, max_next = struct.unpack("IxxxxQQQIIII", header)
    return size_class < 32 and 48 <= next_offset <= POOL and 0 < max_next <= POOL


def copied_pages(server: int, game: int, listing: Path, examples: int = 0) -> str:
    """What `game` copied of `server`'s anonymous pages, by the kind of object written on them (with
    `examples` of the objects most written for the largest kinds)."""
    kinds, spans, said = pickle.loads(listing.read_bytes())
    starts = [s for s, _, _ in spans]
    copied = same = 0
    pages: Counter[str] = Counter()  # pages with a word of the kind written
    alone: Counter[str] = Counter()  # pages with words of that kind only written
    words: Counter[str] = Counter()
    objects: dict[str, set[int]] = defaultdict(set)
    beyond_count: set[int] = set()  # objects with a word written past their header
    written: Counter[int] = Counter()  # words written, by object
    offsets: dict[int, list[int]] = defaultdict(list)  # where in each object
    on_same: Counter[str] = Counter()
    bytes_same: Counter[str] = Counter()
    with open(f"/proc/{server}/mem", "rb") as theirs_mem, open(f"/proc/{game}/mem", "rb") as ours_mem:
        for start, end, mapping in anonymous_ranges(server):
            try:
                theirs, ours = frames(server, start, end), frames(game, start, end)
            except OSError:
                continue
            for i, (frame, copy) in enumerate(zip(theirs, ours, strict=False)):
                if not (frame and copy and frame != copy):
                    continue
                copied += 1
                address = start + i * PAGE
                try:
                    theirs_mem.seek(address)
                    before = theirs_mem.read(PAGE)
                    ours_mem.seek(address)
                    after = ours_mem.read(PAGE)
                except OSError:
                    continue
                if before == after:
                    same += 1
                    present: Counter[str] = Counter()
                    j = max(bisect.bisect_right(starts, address) - 1, 0)
                    while j < len(spans) and spans[j][0] < address + PAGE:
                        overlap = min(spans[j][1], address + PAGE) - max(spans[j][0], address)
                        if overlap > 0:
                            present[kinds[spans[j][2]]] += overlap
                        j += 1
                    for name, size in present.items():
                        on_same[name] += 1
                        bytes_same[name] += size
                    continue
                a, b = struct.unpack("512Q", before), struct.unpack("512Q", after)
                here: set[str] = set()
                for w in range(512):
                    if a[w] == b[w]:
                        continue
                    where = address + 8 * w
                    j = bisect.bisect_right(starts, where) - 1
                    if j >= 0 and spans[j][1] > where:
                        name, first = kinds[spans[j][2]], spans[j][0]
                        objects[name].add(first)
                        written[first] += 1
                        offsets[first].append(where - first)
                        if where - first > 32:
                            beyond_count.add(first)
                    else:
                        name = f"outside any object ({mapping}: free space)"
                        if mapping == "mmap" and in_pool(theirs_mem, where):
                            part = "header" if where % POOL < 48 else "free space"
                            name = f"outside any object (Python's pools: {part})"
                    words[name] += 1
                    here.add(name)
                for name in here:
                    pages[name] += 1
                if len(here) == 1:
                    alone[next(iter(here))] += 1
    lines = [
        f"  pages the game copied of the fork server's anonymous memory: {copied} ({copied * PAGE / 2**20:.1f} MiB), "
        f"{same} of them equal byte for byte; by the kind of object written on them (alone: the only kind):",
        f"    {'kind':<58} {'pages':>6} {'alone':>6} {'objects':>8} {'words':>7} {'past count':>10}",
    ]
    for name, count in pages.most_common(30):
        lines.append(
            f"    {name[:58]:<58} {count:>6} {alone[name]:>6} {len(objects[name]):>8} {words[name]:>7} "
            f"{len(beyond_count & objects[name]):>10}"
        )
    total: Counter[str] = Counter()
    for first, last, k in spans:
        total[kinds[k]] += last - first
    lines.append(
        f"  on the {same} pages equal byte for byte lie {sum(bytes_same.values()) / 1024:.0f} KiB of the server's "
        f"{sum(total.values()) / 1024:.0f} KiB of objects ({sum(bytes_same.values()) / sum(total.values()):.1%}); "
        "by kind, pages, KiB and the share of the kind's KiB:"
    )
    for name, count in on_same.most_common(20):
        lines.append(
            f"    {name[:58]:<58} {count:>6} {bytes_same[name] / 1024:>7.0f} {bytes_same[name] / total[name]:>6.1%}"
        )
    if examples:
        for name, _ in pages.most_common(12):
            if objects[name]:
                lines.append(f"  {name}, the most written:")
                for first in sorted(objects[name], key=lambda o: -written[o])[:examples]:
                    at = ",".join(str(o) for o in offsets[first][:4])
                    lines.append(f"    {written[first]:>4} words (at {at:<15}) {said.get(first, '')[:90]}")
    return "\n".join(lines)
