"""Plain values as JSON, exactly: what an event's data or a result's details carry across a channel.

JSON has lists but no tuples, so a value a screen reads as a tuple would come back a list and draw
differently (or compare unequal). Here a tuple travels as `{"()": [...]}`; lists, objects, text,
whole numbers, numbers, true/false and null travel as themselves. Reading checks every value and names
where a bad one sits, as a position's `from_json` does: a table client reads what another process sent.
"""

from __future__ import annotations

import math
from typing import Any

from .bounds import MAX_DEPTH
from .errors import RecordError

TUPLE = "()"


def plain_to_json(value: Any, where: str = "value") -> Any:
    """`value` (None, bool, int, finite float, str, list, tuple, dict with text keys) as JSON data."""
    return _write(value, where, 0)


def plain_from_json(data: Any, where: str = "value") -> Any:
    """The value `plain_to_json` wrote; RecordError names the first bad part."""
    return _read(data, where, 0)


def _write(value: Any, where: str, depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise ValueError(f"{where}: nested more than {MAX_DEPTH} levels deep")
    if value is None or type(value) in (bool, int, str):
        return value
    if type(value) is float:
        if not math.isfinite(value):
            raise ValueError(f"{where}: {value!r} has no JSON form")
        return value
    if type(value) is list:
        return [_write(x, f"{where}[{i}]", depth + 1) for i, x in enumerate(value)]
    if type(value) is tuple:
        return {TUPLE: [_write(x, f"{where}[{i}]", depth + 1) for i, x in enumerate(value)]}
    if type(value) is dict and all(type(k) is str for k in value) and set(value) != {TUPLE}:
        return {k: _write(x, f"{where}.{k}", depth + 1) for k, x in value.items()}
    raise ValueError(f"{where}: {type(value).__name__} {value!r:.40} has no plain JSON form")


def _read(data: Any, where: str, depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise RecordError(f"{where}: nested more than {MAX_DEPTH} levels deep")
    if data is None or type(data) in (bool, int, str):
        return data
    if type(data) is float:
        if not math.isfinite(data):
            raise RecordError(f"{where}: must be a finite number, not {data!r}")
        return data
    if type(data) is list:
        return [_read(x, f"{where}[{i}]", depth + 1) for i, x in enumerate(data)]
    if type(data) is dict and all(type(k) is str for k in data):
        if set(data) == {TUPLE}:
            items = data[TUPLE]
            if type(items) is not list:
                raise RecordError(f"{where}: a tuple must hold a list, not {items!r:.40}")
            return tuple(_read(x, f"{where}[{i}]", depth + 1) for i, x in enumerate(items))
        return {k: _read(x, f"{where}.{k}", depth + 1) for k, x in data.items()}
    raise RecordError(f"{where}: must be plain JSON data, not {data!r:.40}")
