"""`chaigames serve` on the command line: the missing extra, --help, bad arguments, a real start and stop."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from chaigames import cli
from chaigames.hosting.arguments import parse_duration
from chaigames.serve import NEEDS_EXTRA
from tests.hostprocess import HostProcess
from tests.serve.sshplay import connect

ROOT = Path(__file__).resolve().parents[2]


def test_without_asyncssh_it_says_to_install_the_extra(monkeypatch, capsys):
    """Without asyncssh, `chaigames serve` says exactly what to install and exits 2."""
    monkeypatch.setitem(sys.modules, "asyncssh", None)  # `import asyncssh` now raises ImportError
    assert cli.main(["serve", "--open"]) == 2
    err = capsys.readouterr().err
    assert err == NEEDS_EXTRA + "\n"
    assert "pip install 'chaigames[serve]'" in err


def test_help_documents_every_option(capsys):
    """`chaigames serve --help` documents all of it."""
    with pytest.raises(SystemExit) as exit_:
        cli.main(["serve", "--help"])
    assert exit_.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    for words in (
        "--host",
        "--port",
        "--authorized-keys",
        "--open",
        "--data-dir",
        "--color {256,truecolor,16}",
        "--max-sessions",
        "--idle-timeout",
        "--login-grace",
        "--max-pending",
        "default 30s",
        "default 8",
        "ended=crash",
        "lets nobody in",
        "default 127.0.0.1",
        "default 2222",
        "default ~/.ssh/authorized_keys",
        "default 16",
        "default 30m",
        "NOT authenticated",
        "SHA-256 fingerprint",
        "mode 0600",
        "SIGHUP, then SIGKILL",
        "port forwarding, SFTP, agent",
        "One log line per session",
        "pip install 'chaigames[serve]'",
        "ssh -p 2222",
    ):
        assert words in text, words


def test_help_documents_the_table_options(capsys):
    """The table limits and defaults are in `serve --help`, with what a player sees of them."""
    with pytest.raises(SystemExit):
        cli.main(["serve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for words in (
        "--max-tables N",
        "--table-spectators N",
        "--pause-limit N",
        "--away-to-bot TIME",
        "--table-idle-timeout TIME",
        "--no-bell",
        "Open a table",
        "Back to your table",
        "seat code",
        "DATA_DIR/tables/",
        "no other listening socket",
    ):
        assert words in text, words


@pytest.mark.parametrize(
    "argv",
    [
        ["serve", "--port", "70000"],
        ["serve", "--max-sessions", "0"],
        ["serve", "--idle-timeout", "soon"],
        ["serve", "--color", "8"],
        ["serve", "--max-tables", "0"],
        ["serve", "--pause-limit", "-1"],
        ["serve", "--away-to-bot", "soon"],
    ],
)
def test_bad_arguments_say_one_line_and_exit_2(argv, capsys):
    assert cli.main(argv) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_missing_authorized_keys_file_exits_2(tmp_path, capsys):
    """Key auth is the default: with no keys to check, the host refuses to start rather than let nobody in."""
    argv = ["serve", "--authorized-keys", str(tmp_path / "none"), "--data-dir", str(tmp_path)]
    assert cli.main(argv) == 2
    assert "--open" in capsys.readouterr().err


@pytest.mark.parametrize(("text", "seconds"), [("30m", 1800), ("90s", 90), ("1h", 3600), ("0", None), ("off", None)])
def test_idle_timeout_durations(text, seconds):
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("option", ["--idle-timeout", "--login-grace", "--away-to-bot", "--table-idle-timeout"])
def test_a_duration_given_as_a_bare_number_is_refused_with_the_units_to_say(option, capsys):
    """`--login-grace 20` meant 20 minutes while the default read "30s": no duration is guessed."""
    assert cli.main(["serve", "--open", option, "20"]) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert option in line and "say 30m or 90s" in line


def test_open_with_an_authorized_keys_file_is_refused(tmp_path, capsys):
    """Anyone in, and only these keys: the pair is a mistake either way, so neither is guessed."""
    keys = tmp_path / "keys"
    keys.write_text("")
    assert cli.main(["serve", "--open", "--authorized-keys", str(keys), "--data-dir", str(tmp_path)]) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert "--open" in line and "--authorized-keys" in line


def test_the_session_memory_limit_reads_sizes_and_refuses_the_rest(capsys):
    from chaigames.hosting.arguments import memory_size

    assert memory_size("512M") == 512 * 1024 * 1024
    assert memory_size("2G") == 2 * 1024**3
    assert memory_size("0") is None
    assert cli.main(["serve", "--open", "--session-memory", "lots"]) == 2
    assert "512M" in capsys.readouterr().err


def test_the_folder_limit_reads_sizes_and_refuses_a_bare_number(capsys):
    from chaigames.hosting.arguments import folder_size

    assert folder_size("50M") == 50 * 1024 * 1024
    assert folder_size("512K") == 512 * 1024
    assert folder_size("1G") == 1024**3
    assert folder_size("0") is None
    assert cli.main(["serve", "--open", "--folder-limit", "50"]) == 2  # 50 what? never guessed
    assert "50M" in capsys.readouterr().err


def test_serve_modules_import_no_asyncssh_nor_front_end():
    """The layers (ARCHITECTURE.md): importing chaigames.serve loads neither asyncssh nor Textual, Rich or screens."""
    code = (
        "import sys, chaigames.serve, chaigames.serve.host, chaigames.serve.players, chaigames.hosting.child, "
        "chaigames.hosting.environment; "
        "bad = {'asyncssh', 'textual', 'rich', 'screens'} & set(sys.modules); print(sorted(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
async def test_real_command_starts_warns_serves_and_stops_on_sigterm(tmp_path, stop):
    """`chaigames serve --open --port 0` end to end: the start-up warning, a session, SIGTERM (or SIGHUP,
    the terminal it ran in closing), exit 0 and every session's log line."""
    host = HostProcess("serve", tmp_path / "serve", "--open")
    try:
        assert "names are NOT authenticated" in host.wait_line("WARNING: --open")
        async with await connect(host.port, user="cli") as conn:
            result = await conn.run(encoding=None)
        assert b"chaigames needs a terminal" in result.stdout
        assert await host.stopped(stop) == 0
        assert "session user='cli'" in host.log and "ended=refused: no terminal" in host.log
        assert "shutting down" in host.log
    finally:
        host.kill()


@pytest.mark.parametrize("where", ["/proc/x", "file"])
def test_an_unusable_data_folder_says_why(tmp_path, capsys, where):
    """`serve --data-dir /proc/x` reports the real reason, not 'cannot listen on 127.0.0.1:0'."""
    if where == "file":
        (tmp_path / "file").write_text("not a folder")
        where = str(tmp_path / "file" / "serve")
    assert cli.main(["serve", "--open", "--port", "0", "--data-dir", where]) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert f"cannot use the data folder {where}:" in line and "listen" not in line
