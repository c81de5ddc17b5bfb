"""Saves belong to the player, and the game's environment is the server's, never the client's."""

from __future__ import annotations

import re
import stat
from pathlib import Path

import pytest

from chaigames.hosting.environment import child_environment, sanitise_term
from chaigames.serve.players import adopt_old_folder, key_id, open_folder_name, player_folder
from tests.serve.sshplay import MENU_TITLES, Player, child_env, connect

ALLOWED_ENV = {
    "PATH",
    "HOME",
    "LANG",
    "LC_ALL",
    "TERM",
    "CHAIGAMES_HOME",
    "CHAIGAMES_SERVED",
    "TEXTUAL_COLOR_SYSTEM",
    "TEXTUAL_FPS",
    "COLORTERM",
    "PYTHONPATH",
    "BROWSER",
    "CHAIGAMES_FOLDER_LIMIT",  # past it the app starts no new game
    "CHAIGAMES_HOST_FD",  # the session's private channel to the host's tables
}
CLIENT_ENV = {"PYTHONPATH": "/evil", "LD_PRELOAD": "/evil/lib.so", "CHAIGAMES_HOME": "/tmp/evil", "FOO": "bar"}


async def test_same_key_same_folder_other_key_other_folder(make_host, authorized_keys, client_key, other_key, caplog):
    """Each public key's fingerprint has its own save folder, the same at every login.

    (Continue itself is the app's: after merging it, this test should also write an unfinished save into
    the folder and find Continue on the menu of the second login.)"""
    with authorized_keys.open("ab") as f:
        f.write(other_key.export_public_key())
    host = await make_host(authorized_keys=authorized_keys)
    envs = []
    for key in (client_key, client_key, other_key):
        async with await connect(host.port, key=key, user="same-name") as conn:
            player = await Player.open(conn, env=CLIENT_ENV)
            await player.wait_text(*MENU_TITLES)
            [pid] = host.children
            envs.append(child_env(pid))
            await player.close()
        assert await host.wait_sessions(0, timeout=10)
    first, again, other = (Path(e["CHAIGAMES_HOME"]) for e in envs)
    assert first == again != other
    fingerprint = client_key.get_fingerprint("sha256").removeprefix("SHA256:")
    assert first.name == fingerprint.replace("+", "-").replace("/", "_")
    assert first.parent == host.options.data_dir / "players" / "key"
    assert first.is_dir() and stat.S_IMODE(first.stat().st_mode) == 0o700
    assert f"key={client_key.get_fingerprint('sha256')} " in caplog.text  # as `ssh-keygen -l` prints it


async def test_client_environment_never_reaches_the_game(make_host, tmp_path):
    """The child gets a fixed, minimal environment: env requests (PYTHONPATH, LD_PRELOAD,
    CHAIGAMES_HOME) are dropped; TERM is the client's, sanitised; colours are the server's choice.
    The folder the name had under the old naming (`alice`) is moved to its new name, saves and all."""
    old = tmp_path / "serve" / "players" / "open" / "alice"
    (old / "saves").mkdir(parents=True)
    (old / "saves" / "kept.json").write_text("{}")
    host = await make_host(color="16")
    async with await connect(host.port, user="../Alice") as conn:
        player = await Player.open(conn, term="xterm-256color;rm -rf", env=CLIENT_ENV)
        await player.wait_text(*MENU_TITLES)
        [pid] = host.children
        env = child_env(pid)
        raw = bytes(player.raw)
        await player.close()
    assert b"38;5;" not in raw and b"38;2;" not in raw  # --color 16: the 16 standard colours only
    assert set(env) <= ALLOWED_ENV
    assert "LD_PRELOAD" not in env and "FOO" not in env and "SSH_AUTH_SOCK" not in env
    assert env.get("PYTHONPATH") != "/evil"
    assert env["TERM"] == "xterm-256colorrm-rf"
    folder = host.options.data_dir / "players" / "open" / open_folder_name("../Alice")
    assert env["CHAIGAMES_HOME"] == env["HOME"] == str(folder)
    assert (folder / "saves" / "kept.json").read_text() == "{}" and not old.exists()
    assert env["CHAIGAMES_SERVED"] == "1"
    assert env["TEXTUAL_COLOR_SYSTEM"] == "standard" and "COLORTERM" not in env
    assert env["BROWSER"] == "true"
    assert env["CHAIGAMES_FOLDER_LIMIT"] == str(host.options.folder_limit) == str(50 * 1024 * 1024)


def test_a_followed_link_starts_no_browser_on_the_server(tmp_path):
    """A link opened in the served app (Textual's open_url -> webbrowser) must not start a (text) browser on
    the server's pty, whose shell escapes would break 'nothing but the game'. `$BROWSER` wins: it is `true`."""
    import subprocess
    import sys

    env = child_environment(home=tmp_path, term="xterm", color="256")
    code = "import webbrowser; b = webbrowser.get(); print(b.name, webbrowser.open('https://example.org'))"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True, timeout=30)
    assert out.stdout.split() == ["true", "True"]


@pytest.mark.parametrize(
    ("color", "system", "colorterm"),
    [("256", "256", None), ("truecolor", "truecolor", "truecolor"), ("16", "standard", None)],
)
def test_color_setting_fixes_what_textual_renders(tmp_path, color, system, colorterm):
    """`--color 256|truecolor|16`; truecolor is opt-in since SSH does not forward COLORTERM."""
    env = child_environment(home=tmp_path, term="xterm", color=color)
    assert env["TEXTUAL_COLOR_SYSTEM"] == system
    assert env.get("COLORTERM") == colorterm


OPEN_NAMES = ["ASHA", "asha", "Asha!", "äsha", "sha", ".", "..", "", "guest", "日本語", "日本", "../../etc", "a/b\\c d"]


def test_distinct_open_names_keep_distinct_folders_one_level_down(tmp_path):
    """Names no longer fold together (case, punctuation, accents, dots, non-ASCII); each folder is a
    readable slug plus a short hash of the cleaned name, one level under players/open/, the same at every login."""
    folders = [player_folder(tmp_path, user=name) for name in OPEN_NAMES]
    assert len({f.name for f in folders}) == len(OPEN_NAMES)
    for name, folder in zip(OPEN_NAMES, folders, strict=True):
        assert folder.parent == tmp_path / "players" / "open"
        assert re.fullmatch(r"[a-z0-9_-][a-z0-9._-]*-[0-9a-f]{10}", folder.name), folder.name
        assert player_folder(tmp_path, user=name) == folder
    assert open_folder_name("ASHA").startswith("asha-") and open_folder_name("äsha").startswith("asha-")
    assert open_folder_name("..").startswith("guest-")


def test_an_open_name_is_cleaned_before_it_picks_the_folder():
    """The login name is cleaned like every name: escapes and bidi overrides do not make a new player."""
    assert open_folder_name("\x1b[31mAsha\u202e") == open_folder_name("Asha")
    assert open_folder_name("\x07") == open_folder_name("") != open_folder_name("guest")


def test_an_old_folder_moves_to_the_new_name_once_and_only_safely(tmp_path):
    """The first login under the new naming takes the old folder with it; nothing is overwritten,
    a link is not followed, and an old name shaped like a new folder name takes nobody's saves."""
    open_dir = tmp_path / "players" / "open"
    (open_dir / "asha" / "saves").mkdir(parents=True)
    moved = adopt_old_folder(tmp_path, "Asha!")
    assert moved == open_dir / open_folder_name("Asha!") and (moved / "saves").is_dir()
    assert adopt_old_folder(tmp_path, "asha") is None  # already taken by the first of the names that shared it
    (open_dir / "ravi").mkdir()
    (open_dir / open_folder_name("Ravi")).mkdir()
    assert adopt_old_folder(tmp_path, "Ravi") is None and (open_dir / "ravi").is_dir()  # never over a new folder
    (open_dir / "meera").symlink_to(tmp_path)
    assert adopt_old_folder(tmp_path, "Meera") is None
    victim = open_folder_name("Kiran")
    (open_dir / victim).mkdir()
    assert adopt_old_folder(tmp_path, victim) is None and (open_dir / victim).is_dir()


@pytest.mark.parametrize(
    ("term", "clean"),
    [
        ("xterm-256color", "xterm-256color"),
        ("screen.xterm", "screen.xterm"),
        ("", "xterm-256color"),
        (None, "xterm-256color"),
        ("x$(id)`;\n", "xid"),
        ("é", "xterm-256color"),
    ],
)
def test_term_keeps_only_safe_characters(term, clean):
    assert sanitise_term(term) == clean


def test_key_folder_is_the_openssh_sha256_fingerprint(client_key):
    fingerprint = client_key.get_fingerprint("sha256").removeprefix("SHA256:")
    assert key_id(client_key.public_data) == fingerprint.replace("+", "-").replace("/", "_")


async def test_reconnect_finds_continue(make_host, authorized_keys, client_key):
    """A dropped connection is resumed with Continue at the next login with the same key.

    Needs the app's saves (chaigames.saves) and one built game; skipped on a branch without them."""
    saves = pytest.importorskip("chaigames.saves")
    from chaigames import cli, games
    from chaigames.engine import Session

    specs = []
    for game_id in games.GAME_IDS:
        try:
            specs.append(games.get(game_id))
        except games.GameNotBuilt:
            continue
    if not specs:
        pytest.skip("no game's rules are built on this branch")
    spec = specs[0]
    host = await make_host(authorized_keys=authorized_keys)
    async with await connect(host.port, key=client_key) as conn:
        player = await Player.open(conn)
        await player.wait_text(*MENU_TITLES)
        [pid] = host.children
        folder = Path(child_env(pid)["CHAIGAMES_HOME"])
        assert "Continue" not in player.text
    # The game the player had going when the connection dropped, saved as the app saves it.
    config = cli.build_config(spec, [("Asha", None)] + [("", "easy")] * (spec.min_seats - 1), {})
    store = saves.SaveStore(folder)
    store.save(Session(spec, config, 7), store.new_id(spec.id))
    assert await host.wait_sessions(0, timeout=10)
    async with await connect(host.port, key=client_key) as conn:
        player = await Player.open(conn)
        await player.wait_text("Continue", *MENU_TITLES)
        await player.close()


async def test_truecolor_is_opt_in_and_reaches_the_screen(make_host):
    """`--color truecolor` renders 24-bit colour (SSH cannot tell the server the terminal has it)."""
    host = await make_host(color="truecolor")
    async with await connect(host.port) as conn:
        player = await Player.open(conn)
        await player.wait_text(*MENU_TITLES)
        await player.wait_for(lambda: b"38;2;" in player.raw, "24-bit colour sequences")
        await player.close()
