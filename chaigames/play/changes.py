"""An update as what changed: the table sends each connection its seat's news as `changes` to the
last update that connection got, and the app rebuilds the whole update from them.

A whole `update` (`chaigames.play.wire`) is sent when a connection joins, changes seat or a new game
starts. After that the table sends `changes`, built by `changes_between(old, new)`:

- `fields`: the update's top-level fields whose value changed (status, actors, legal, moves, ...);
- `view`: the parts of the seat's view that changed, as `[path, value]` (set) or `[path]` (remove),
  a path being the object keys and list indices from the view's top (`[]`: the whole view);
- `log`: the new log lines only (a person's log at a table keeps every line it was sent);
- `events`, `turn_bell` and `clock`: this update's own news and the clock's reading, as in an update.

`rebuild(last, changes)` gives back exactly the update the table would have sent whole, checked as a
whole update is (`wire.check`). A change that does not fit the update it is applied to (no update
yet, another seat's, a path that is not there) raises `wire.Malformed`: the app then asks the table
for its whole update again (`wire.sync`). Nothing here trusts the peer: paths are checked step by
step, and no object the app already holds is changed in place (a rebuilt update shares the parts
that did not change with the one before it).
"""

from __future__ import annotations

from typing import Any

from . import wire

NEWS = ("events", "turn_bell", "clock")  # an update's own news: in every update and every change
OWN = frozenset({"t", "seat", "view", "log", *NEWS})  # never among `fields`


def view_changes(old: Any, new: Any) -> list[list[Any]]:
    """The `[path, value]` / `[path]` steps that turn the JSON value `old` into `new` (none: equal).

    Objects are compared key by key and lists of the same length item by item; anything else that
    differs (a list that grew, a number that became an object) is set whole. A container of which
    most parts changed is set whole too: shorter, and as cheap to apply."""
    out: list[list[Any]] = []
    if old is not new:
        _diff(old, new, [], out)
    return out


def _diff(old: Any, new: Any, path: list[Any], out: list[list[Any]]) -> None:
    # A part that is the same object as before (the sender kept it: a seat's legal moves), or an equal
    # value of the same plain type (most of a view from one update to the next), is passed over here,
    # without a call or a path made for it.
    kind = type(old)
    if kind is not type(new):
        out.append([path, new])
    elif kind is dict:
        start = len(out)
        for key, value in new.items():
            if key not in old:
                out.append([[*path, key], value])
                continue
            was = old[key]
            if was is value:
                continue
            leaf = type(value)
            if leaf is not type(was) or leaf is dict or leaf is list:
                _diff(was, value, [*path, key], out)
            elif was != value:
                out.append([[*path, key], value])
        out.extend([[*path, key]] for key in old if key not in new)
        if len(out) - start > 1 and len(out) - start >= len(new):
            del out[start:]
            out.append([path, new])
    elif kind is list:
        if len(old) != len(new):
            out.append([path, new])
            return
        start = len(out)
        for i, (was, value) in enumerate(zip(old, new, strict=True)):
            if was is value:
                continue
            leaf = type(value)
            if leaf is not type(was) or leaf is dict or leaf is list:
                _diff(was, value, [*path, i], out)
            elif was != value:
                out.append([[*path, i], value])
        if len(out) - start > 1 and len(out) - start >= len(new):
            del out[start:]
            out.append([path, new])
    elif old != new:
        out.append([path, new])


def changes_between(old: dict[str, Any], new: dict[str, Any], log: list[dict[str, Any]]) -> dict[str, Any]:
    """The `changes` message that turns update `old` into `new` (both for one seat); `log` is the lines
    `new` adds to `old`'s (the table knows which are new, so the logs themselves are not compared)."""
    fields = {k: v for k, v in new.items() if k not in OWN and (k not in old or not _same(old[k], v))}
    return {
        "t": "changes",
        "seat": new["seat"],
        "fields": fields,
        "view": view_changes(old["view"], new["view"]),
        "log": log,
        **{k: new[k] for k in NEWS},
    }


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON: true is not 1, 1 is not 1.0."""
    return a is b or (type(a) is type(b) and (a == b if type(a) not in (list, dict) else not view_changes(a, b)))


def is_news(changes: dict[str, Any]) -> bool:
    """Whether `changes` tells its seat anything (the clock's reading alone does not: it runs on)."""
    return bool(changes["fields"] or changes["view"] or changes["log"] or changes["events"] or changes["turn_bell"])


def rebuild(last: dict[str, Any] | None, changes: dict[str, Any]) -> dict[str, Any]:
    """The whole update `changes` (a checked `changes` message) makes of `last`, the update it follows."""
    if last is None or last.get("t") != "update":
        raise wire.Malformed("changes", "came before any update")
    if last.get("seat") != changes["seat"]:
        raise wire.Malformed("changes.seat", "is not the seat of the last update")
    fields = changes["fields"]
    for key in fields:
        if key in OWN:
            raise wire.Malformed(f"changes.fields.{key}", "is not a field changes may set")
    whole = {**last, **fields}
    view = last["view"]
    for i, step in enumerate(changes["view"]):
        view = _apply(view, step, f"changes.view[{i}]")
    whole["view"] = view
    whole["log"] = [*last["log"], *changes["log"]]
    for key in NEWS:
        whole[key] = changes[key]
    wire.check({**whole, "log": []})  # every field as a whole update's; the new lines were checked with `changes`
    return whole


def _apply(value: Any, step: list[Any], where: str) -> Any:
    """`value` with one `[path, new]` or `[path]` step done; the containers on the path are copied."""
    path = step[0]
    if not path:
        if len(step) != 2:
            raise wire.Malformed(where, "cannot remove the whole view")
        return step[1]
    copy = _copied(value, where)
    node = copy
    for depth, key in enumerate(path[:-1]):
        child = _child(node, key, f"{where}[0][{depth}]")
        node[key] = _copied(child, where)
        node = node[key]
    last = path[-1]
    at = f"{where}[0][{len(path) - 1}]"
    if len(step) == 1:
        if type(node) is not dict or last not in node:
            raise wire.Malformed(at, "names nothing to remove")
        del node[last]
    elif type(node) is dict and type(last) is str:
        node[last] = step[1]
    else:
        _child(node, last, at)
        node[last] = step[1]
    return copy


def _child(node: Any, key: Any, where: str) -> Any:
    if type(node) is dict and type(key) is str and key in node:
        return node[key]
    if type(node) is list and type(key) is int and 0 <= key < len(node):
        return node[key]
    raise wire.Malformed(where, f"{wire.shown(key)} is not in the view there")


def _copied(value: Any, where: str) -> Any:
    if type(value) is dict:
        return dict(value)
    if type(value) is list:
        return list(value)
    raise wire.Malformed(where, "goes into something that is neither an object nor a list")
