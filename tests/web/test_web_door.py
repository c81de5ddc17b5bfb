"""The web host's door, piece by piece: origins, the page's own addresses, what the page loads,
the command line, and one save folder per exact name."""

from __future__ import annotations

import argparse
import gzip
import re
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from chaigames import cli, web
from chaigames.folders import folder_name, name_folder
from chaigames.web import server
from chaigames.web.server import (
    WebOptions,
    is_literal_address,
    origin_allowed,
    page_base,
    start_web,
    websocket_url,
)
from tests.web.webplay import Page

# -- origins and addresses -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("origin", "base", "ok"),
    [
        ("http://127.0.0.1:8000", "http://127.0.0.1:8000", True),
        ("HTTP://LOCALHOST:8000", "http://localhost:8000", True),
        ("https://games.example", "https://games.example/chai", True),
        ("https://games.example:443", "https://games.example", True),
        ("http://games.example", "https://games.example", False),  # another scheme is another origin
        ("http://127.0.0.1:8001", "http://127.0.0.1:8000", False),
        ("http://evil.example", "http://127.0.0.1:8000", False),
        ("null", "http://127.0.0.1:8000", False),
        ("", "http://127.0.0.1:8000", False),
        (None, "http://127.0.0.1:8000", False),
        ("http://127.0.0.1:8000", None, False),  # a page we would not serve opens no game either
    ],
)
def test_only_the_pages_own_origin_may_open_a_game(origin, base, ok):
    assert origin_allowed(origin, base) is ok


@pytest.mark.parametrize(
    ("host", "ok"),
    [
        ("127.0.0.1:8000", True),
        ("localhost:8000", True),
        ("[::1]:8000", True),
        ("192.168.1.20:8000", True),
        ("evil.example:8000", False),  # a name could be anyone's (DNS rebinding): needs --public-url
        ("", False),
        ("a b:80", False),
    ],
)
def test_the_page_is_served_by_address_unless_a_public_url_names_it(host, ok):
    assert is_literal_address(host) is ok
    assert (page_base(host, None) is not None) is ok
    assert page_base(host, "https://games.example/chai/") == "https://games.example/chai"


def test_behind_0000_the_page_points_browsers_at_the_address_they_used():
    base = page_base("192.168.1.20:8000", None)
    assert websocket_url(base) == "ws://192.168.1.20:8000/ws"
    assert websocket_url("https://games.example/chai") == "wss://games.example/chai/ws"


# -- the page, served ------------------------------------------------------------------------------


@pytest.fixture
async def web_host(tmp_path: Path) -> AsyncIterator:
    hosts = []

    async def start(**kw) -> server.WebHost:
        host = await start_web(WebOptions(data_dir=tmp_path / "data", host="127.0.0.1", port=0, **kw))
        hosts.append(host)
        return host

    yield start
    for host in hosts:
        await host.close()


async def get(url: str, **kw) -> tuple[int, dict[str, str], str]:
    async with aiohttp.ClientSession() as http, http.get(url, **kw) as response:
        return response.status, dict(response.headers), await response.text()


async def test_the_page_loads_only_our_own_files_and_connects_only_to_us(web_host):
    host = await web_host()
    url = f"http://127.0.0.1:{host.port}"
    status, headers, page = await get(url + "/")
    assert status == 200
    assert f'data-session-websocket-url="ws://127.0.0.1:{host.port}/ws"' in page
    policy = headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy
    assert f"connect-src ws://127.0.0.1:{host.port};" in policy
    # Every file the page names is ours, and each is there; nothing names another host.
    files = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert files and all(not f.startswith(("http", "//")) for f in files)
    fonts = []
    for name in files:
        status, _, body = await get(f"{url}/{name}")
        assert status == 200, name
        assert "googleapis" not in body and "@import" not in body
        fonts += re.findall(r"url\(([^)]+)\)", body)
    assert len(fonts) == 4 and all(not f.startswith(("http", "//")) for f in fonts)
    for font in fonts:
        async with aiohttp.ClientSession() as http, http.get(f"{url}/static/chaigames/{font}") as response:
            assert response.status == 200
            assert (await response.read())[:4] == b"wOF2"
    assert "static/chaigames/favicon.svg" in files
    _, _, js = await get(f"{url}/static/textual/js/textual.js")
    assert "http://" not in js and "https://" not in js  # the terminal itself fetches nothing


async def test_the_terminal_script_is_sent_gzipped_to_a_browser_that_takes_gzip(web_host):
    host = await web_host()
    url = f"http://127.0.0.1:{host.port}/static/textual/js/textual.js"
    async with aiohttp.ClientSession(auto_decompress=False) as http:
        async with http.get(url, headers={"Accept-Encoding": "gzip, deflate, br"}) as response:
            assert response.headers["Content-Encoding"] == "gzip"
            assert "Accept-Encoding" in response.headers["Vary"]
            packed = await response.read()
        async with http.get(url, headers={"Accept-Encoding": "identity"}) as response:
            assert "Content-Encoding" not in response.headers
            plain = await response.read()
    assert gzip.decompress(packed) == plain == server.TERMINAL_SCRIPT.read_bytes()
    assert len(packed) < len(plain) / 3


async def test_a_public_url_is_what_the_page_points_at(web_host):
    host = await web_host(public_url="https://games.example/chai")
    status, headers, page = await get(f"http://127.0.0.1:{host.port}/")
    assert status == 200
    assert 'data-session-websocket-url="wss://games.example/chai/ws"' in page
    assert "connect-src wss://games.example;" in headers["Content-Security-Policy"]
    async with aiohttp.ClientSession() as http:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(f"http://127.0.0.1:{host.port}/ws", origin=f"http://127.0.0.1:{host.port}")
    assert refused.value.status == 403


async def test_a_page_asked_for_by_a_name_needs_a_public_url(web_host):
    host = await web_host()
    status, _, text = await get(f"http://127.0.0.1:{host.port}/", headers={"Host": f"evil.example:{host.port}"})
    assert status == 421
    assert "--public-url" in text


async def test_the_static_folders_list_nothing(web_host):
    host = await web_host()
    for folder in ("/static/chaigames/", "/static/textual/", "/static/chaigames/fonts/"):
        status, _, _ = await get(f"http://127.0.0.1:{host.port}{folder}")
        assert status in (403, 404)


# -- the command line ------------------------------------------------------------------------------


def test_web_is_a_command_with_its_options():
    args = cli.make_parser().parse_args(["web"])
    assert (args.host, args.port, args.public_url, args.max_sessions, args.idle_timeout) == (
        "127.0.0.1",
        8000,
        None,
        8,
        1800.0,
    )
    args = cli.make_parser().parse_args(
        ["web", "--host", "0.0.0.0", "--port", "8080", "--public-url", "https://games.example/", "--idle-timeout", "0"]
    )
    assert (args.host, args.port, args.public_url, args.idle_timeout) == (
        "0.0.0.0",
        8080,
        "https://games.example",
        None,
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["web", "--public-url", "ftp://games.example"],
        ["web", "--public-url", "games.example"],
        ["web", "--public-url", "http://games.example/?x=1"],
        ["web", "--max-sessions", "0"],
        ["web", "--port", "70000"],
        ["web", "--idle-timeout", "soon"],
        ["web", "--idle-timeout", "30"],
        ["web", "--session-memory", "lots"],
    ],
)
def test_bad_web_options_are_one_line_and_status_2(argv, capsys):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_a_data_folder_that_cannot_be_one_is_named_with_status_2(tmp_path, capsys):
    """`web --data-dir /etc/passwd` said "cannot listen ... Not a directory"; it names the folder, as serve does."""
    not_a_folder = tmp_path / "passwd"
    not_a_folder.write_text("root:x:0:0\n")
    assert cli.main(["web", "--port", "0", "--data-dir", str(not_a_folder)]) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert f"cannot use the data folder {not_a_folder}: Not a directory" in line and "listen" not in line


def test_without_the_web_extra_the_command_says_what_to_install(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "textual_serve", None)  # import fails as if not installed
    args = cli.make_parser().parse_args(["web"])
    assert web.run(args) == 2
    assert "pip install 'chaigames[web]'" in capsys.readouterr().err


def test_the_startup_lines_give_an_address_a_browser_can_open(tmp_path: Path):
    local = web.startup_lines(WebOptions(data_dir=tmp_path), 8000)
    assert "http://127.0.0.1:8000/" in local[0]
    assert any("NOT authenticated" in line for line in local)
    everywhere = web.startup_lines(WebOptions(data_dir=tmp_path, host="0.0.0.0"), 8000)
    assert "http://0.0.0.0" not in "\n".join(everywhere)
    assert any("--public-url" in line for line in everywhere)
    named = web.startup_lines(WebOptions(data_dir=tmp_path, host="0.0.0.0", public_url="https://g.example"), 443)
    assert "players open https://g.example/" in named[0]


def test_public_url_rejects_what_a_browser_could_not_use():
    with pytest.raises(argparse.ArgumentTypeError):
        web.public_url("http://:80")
    assert web.public_url("http://games.example:8080/") == "http://games.example:8080"


# -- one folder per exact name ---------------------------------------------------------------------

NAMES = ["Asha", "asha", "ASHA", "Asha!", "äsha", "sha", ".", "..", "guest", "player", "Ravi Kumar", "ravi-kumar", "楽"]


def test_every_distinct_name_has_its_own_folder(tmp_path: Path):
    folders = {name: name_folder(tmp_path, name) for name in NAMES}
    assert len(set(folders.values())) == len(NAMES)
    for name, folder in folders.items():
        assert folder.parent == tmp_path
        assert re.fullmatch(r"[a-z0-9_-][a-z0-9._-]*-[0-9a-f]{10}", folder.name), folder.name
        assert name_folder(tmp_path, name) == folder  # the same name finds its games again


def test_a_folder_name_is_readable():
    assert folder_name("Asha").startswith("asha-")
    assert folder_name("Ravi Kumar").startswith("ravi-kumar-")
    assert folder_name("äsha").startswith("asha-")
    assert folder_name("..").startswith("guest-")


# -- the served game's environment -----------------------------------------------------------------


def test_the_served_game_gets_a_fixed_environment_and_writes_only_saves(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("HOST_SECRET", "x")
    monkeypatch.setenv("CHAIGAMES_HOME", "/somewhere/else")
    env = server.player_environment(tmp_path / "web", 50 * 1024 * 1024)
    assert "HOST_SECRET" not in env
    assert env["CHAIGAMES_FOLDER_LIMIT"] == str(50 * 1024 * 1024)  # each name's folder; past it no new game
    assert "CHAIGAMES_FOLDER_LIMIT" not in server.player_environment(tmp_path / "web")  # --folder-limit 0
    assert env["CHAIGAMES_HOME"] == env["HOME"] == str(tmp_path / "web")
    assert env["CHAIGAMES_SERVED"] == "1"  # no screenshot command, links are shown, not opened
    assert env["BROWSER"] == "true" and env["PYTHONDONTWRITEBYTECODE"] == "1"
    assert env["TEXTUAL_DRIVER"] == "textual.drivers.web_driver:WebDriver"
    assert server.player_command(tmp_path / "web")[-3:] == ["-m", "chaigames.web.player", str(tmp_path / "web")]


@pytest.mark.parametrize(
    ("game", "code", "reason"),
    [("raise SystemExit(0)", server.Closed.QUIT, "quit"), ("raise SystemExit(3)", server.Closed.ERROR, "error")],
)
async def test_a_game_that_ends_closes_its_page_saying_how(web_host, game, code, reason):
    """The page tells a quit from a crash by the close code (its words and button differ)."""
    host = await web_host(command=[sys.executable, "-c", game])
    url = f"http://127.0.0.1:{host.port}"
    async with aiohttp.ClientSession() as http, http.ws_connect(f"{url}/ws", origin=url) as ws:
        message = await ws.receive(timeout=20)
        while message.type == aiohttp.WSMsgType.BINARY:
            message = await ws.receive(timeout=20)
        assert message.type == aiohttp.WSMsgType.CLOSE
        assert (message.data, message.extra) == (code, reason)


SLOW_GAME = (
    "import sys, time\n"
    "print('__GANGLION__', flush=True)\n"
    "time.sleep(0.4)\n"
    "sys.stdout.buffer.write(b'D' + (5).to_bytes(4, 'big') + b'ready'); sys.stdout.flush()\n"
    "time.sleep(60)\n"
)


async def test_the_idle_time_counts_from_the_games_first_screen(web_host):
    """A game slower to start than --idle-timeout (a loaded host) is not closed before its page has
    shown it: the keys not pressed are counted from its first screen."""
    host = await web_host(command=[sys.executable, "-c", SLOW_GAME], idle_timeout=0.2, stop_grace=0.3)  # it never quits
    page = await Page.open(f"http://127.0.0.1:{host.port}")
    try:
        await page.wait_closed()
        assert (bytes(page.raw), page.close_code) == (b"ready", server.Closed.IDLE)
    finally:
        await page.close()
