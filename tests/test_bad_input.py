"""Bad input to the command line and to records: one clear line, exit status 2, fast and in bounded memory."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from chaigames import cli, games
from chaigames.engine import RecordError, parse_record, play_bots
from chaigames.engine.bounds import MAX_DEPTH, MAX_RECORD_BYTES, MAX_VALUES
from chaigames.saves import SaveStore

ROOT = Path(__file__).resolve().parents[1]


def refused(capsys, *argv: str, peak_mb: float = 64) -> str:
    """Run the command line in this process; it must exit 2 with one line, staying under `peak_mb`."""
    tracemalloc.start()
    try:
        code = cli.main(list(argv))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    out, err = capsys.readouterr()
    assert code == 2 and out == "", (code, out, err)
    [line] = err.strip().splitlines()
    assert peak < peak_mb * 1024 * 1024, f"{peak / 1e6:.0f} MB"
    return line


@pytest.fixture(scope="module")
def wallah_record() -> dict:
    spec = games.get("chai-wallah")
    config = cli.build_config(spec, [("", "easy")] * 4, {})
    played = play_bots(spec, config, 3, max_actions=40)
    data = played.session.record.to_json(spec)
    assert sum("t" in e for e in data["entries"]) >= 3
    return data


@pytest.mark.parametrize("seats", ["1000000000", "0", "-3"])
def test_simulate_checks_the_seats_before_making_any(capsys, seats):
    """`simulate --seats 1000000000` was a MemoryError (seats expanded before they were checked)."""
    line = refused(capsys, "simulate", "--game", "chai", "--seats", seats, peak_mb=8)
    assert f"2 to 5 seats, not {seats}" in line


@pytest.mark.parametrize("n", ["0", "-1"])
def test_simulate_refuses_a_max_actions_below_one(capsys, n):
    line = refused(capsys, "simulate", "--game", "chai", "--seats", "2", "--max-actions", n)
    assert "--max-actions" in line and "at least 1" in line


def test_replay_of_deeply_nested_json(tmp_path, capsys):
    """50,000 levels of nesting was a RecursionError; now refused before parsing."""
    path = tmp_path / "deep.json"
    path.write_text("[" * 50_000 + "]" * 50_000)
    assert "nested more than" in refused(capsys, "replay", str(path))


def test_replay_of_dev_zero(capsys):
    """/dev/zero was a MemoryError after 7 s; what is not a regular file is never read."""
    assert "/dev/zero is not a regular file" in refused(capsys, "replay", "/dev/zero", peak_mb=8)


def test_replay_of_a_fifo_does_not_hang(tmp_path):
    """A FIFO hung `replay` (its open blocks until a writer comes): a fresh process, bounded wait."""
    fifo = tmp_path / "record.json"
    os.mkfifo(fifo)
    done = subprocess.run(
        [sys.executable, "-m", "chaigames", "replay", str(fifo)], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stderr.strip() == f"chaigames: not a chaigames record: {fifo} is not a regular file"


def test_a_record_larger_than_the_cap_is_refused_by_its_size(tmp_path, capsys, wallah_record):
    """A 1,000,000-entry record took 6 s and 736 MB before it was refused: now it is never parsed."""
    entry = json.dumps(wallah_record["entries"][0], separators=(",", ":"))
    head = json.dumps({**wallah_record, "entries": []}, separators=(",", ":"))
    before, after = head.split('"entries":[]')
    path = tmp_path / "huge.json"
    with path.open("w") as f:
        f.write(before + '"entries":[' + ",".join([entry] * 1_000_000) + "]" + after)
    assert path.stat().st_size > MAX_RECORD_BYTES
    line = refused(capsys, "replay", str(path), peak_mb=MAX_RECORD_BYTES * 1.3 / 2**20)
    assert "larger than 16 MB" in line


def test_a_record_of_many_small_values_is_refused_by_their_count(capsys, tmp_path, wallah_record):
    """Small entries (`{"undo":1}`) fit a million under the size cap: the number of values is capped too."""
    head = json.dumps({**wallah_record, "entries": []}, separators=(",", ":"))
    text = head.replace('"entries":[]', '"entries":[' + ",".join(['{"undo":1}'] * (MAX_VALUES + 1)) + "]")
    path = tmp_path / "many.json"
    path.write_text(text)
    assert path.stat().st_size < MAX_RECORD_BYTES
    line = refused(capsys, "replay", str(path), peak_mb=MAX_RECORD_BYTES * 2.5 / 2**20)
    assert "more than 1,000,000 values" in line


def test_depth_counts_only_structure_never_brackets_inside_strings(wallah_record):
    record = json.loads(json.dumps(wallah_record))
    record["meta"] = {"note": '"' + "[{" * 500, "back": "\\" + "]" * 80}  # escaped quotes and backslashes too
    parse_record(json.dumps(record), games.get)  # brackets in text are text
    nested: object = 1
    for _ in range(MAX_DEPTH):
        nested = [nested]
    record["meta"] = {"deep": nested}
    with pytest.raises(RecordError, match="nested more than"):
        parse_record(json.dumps(record), games.get)


@pytest.mark.parametrize(
    ("t", "words"),
    [
        (math.nan, "finite number of seconds"),
        (math.inf, "finite number of seconds"),
        (-1.0, "finite number of seconds"),
        (10**400, "finite number of seconds"),
        ("later", "must be a number of seconds"),
        ("decreasing", "before the entry before it"),
    ],
    ids=["nan", "infinity", "negative", "huge", "text", "decreasing"],
)
def test_wallah_times_are_finite_non_negative_and_never_go_back(tmp_path, wallah_record, capsys, t, words):
    """A `t` of NaN or Infinity was accepted and the clock became NaN. The check is in the record's
    loading, so `replay`, Continue and the saves list all refuse it."""
    record = json.loads(json.dumps(wallah_record))
    timed = [e for e in record["entries"] if "t" in e]
    if t == "decreasing":
        timed[2]["t"] = timed[1]["t"] - 0.5
    else:
        timed[1]["t"] = t
    text = json.dumps(record)  # NaN and Infinity as Python's json writes (and reads) them
    path = tmp_path / "record.json"
    path.write_text(text)
    assert words in refused(capsys, "replay", str(path))
    store = SaveStore(tmp_path / "home")
    store.saves.mkdir(parents=True)
    store.path_of("wallah").write_text(text)
    assert store.unfinished(games.get) == []
    with pytest.raises(RecordError, match=words):
        parse_record(text, games.get)


def test_the_untouched_record_replays(tmp_path, capsys, wallah_record):
    """The bounds and time checks refuse only what is wrong: a real record replays, exit status 0."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps(wallah_record))
    assert cli.main(["replay", str(path)]) == 0
