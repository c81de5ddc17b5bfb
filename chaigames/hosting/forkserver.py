"""The fork server: a process that has already imported the app, from which each session's app is forked.

`chaigames serve` starts it before it loads its host key or opens a socket, with the fixed
environment of a served game: Textual reads `TEXTUAL_COLOR_SYSTEM` when it is imported, so the
host's `--color` holds for every session forked from here. It imports the app (Textual, Rich,
the screens, the games), freezes what the imports made (the collector never writes to those
pages, so every session shares them with this process), and waits on its one descriptor beyond
0-2: a control socket to the host (one end of an AF_UNIX SOCK_SEQPACKET pair).

What crosses the control socket, one JSON object a message:

- host to server, `start`: `id`, `argv` (the Python arguments: `["-m", "chaigames"]` or
  `["-c", CODE]`), `env` (the whole environment), `cwd`, `memory` (RLIMIT_AS in bytes, or null)
  and `keep` (the numbers the session's descriptors get in the child), with the descriptors
  attached (SCM_RIGHTS): the terminal (the pty's slave side) first, then one for each of `keep`;
- server to host: `ready` once imported; `started` (`id`, `pid`) or `failed` (`id`, `error`)
  for each request; `exited` (`pid`, `returncode`, as `subprocess` gives it) once a child is
  reaped. Before reaping, the child's whole process group is killed, as the host does for the
  games it starts itself.

The server has no thread and no event loop: it blocks in `sigtimedwait` for SIGCHLD (a child
ended) and SIGIO (the control socket raises it when a request or the host's hang-up arrives).
When the host goes away it exits. A child closes the control socket first thing, then becomes
its own session leader on its terminal with its own environment, folder and memory limit, and
runs the app as `python -m chaigames` would.

With `CHAIGAMES_FORK_PROFILE=DIR` in the server's own environment (`chaigames serve` passes its
own on), every child profiles itself (cProfile) from the fork until it is hung up or ends, and
writes `DIR/session-PID.prof`: where a session's start goes (`benchmarks/serve_sessions.py --profile`).
SIGUSR1 starts a child's profile again from that moment: where its play goes (`benchmarks/serve_tables.py
--profile` sends it when every table's game runs).
"""

from __future__ import annotations

import argparse
import array
import contextlib
import fcntl
import json
import os
import resource
import signal
import socket
import sys
import termios
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TextIO

MAX_MESSAGE = 65536
"""The longest control message either side sends (an environment is well under 2 KB)."""

MAX_FDS = 8
"""Descriptors one request may carry: the terminal and a few kept ones."""

PROFILE_ENV = "CHAIGAMES_FORK_PROFILE"
"""The folder each forked child writes its profile to, read from the server's environment (none: no profile)."""

SIGNALS = {signal.SIGCHLD, signal.SIGIO}
WAKE_UP = 5.0
"""Seconds between looks at the socket and the children even without a signal (a safety net)."""


@dataclass
class Request:
    """One session to start: what the host sent and the descriptors that came with it."""

    argv: list[str]
    env: dict[str, str]
    cwd: str
    memory: int | None
    keep: list[int]
    fds: list[int]


def send(control: socket.socket, message: dict[str, Any]) -> None:
    control.sendall(json.dumps(message).encode())


def receive(control: socket.socket) -> tuple[dict[str, Any], list[int]] | None:
    """The next request and its descriptors; None when none is waiting. EOFError: the host is gone."""
    fds = array.array("i")
    try:
        data, ancillary, _flags, _address = control.recvmsg(
            MAX_MESSAGE, socket.CMSG_SPACE(MAX_FDS * fds.itemsize), socket.MSG_DONTWAIT
        )
    except (BlockingIOError, InterruptedError):
        return None
    except OSError:
        raise EOFError from None
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.frombytes(payload[: len(payload) - len(payload) % fds.itemsize])
    if not data:
        for fd in fds:
            os.close(fd)
        raise EOFError
    try:
        message = json.loads(data)
    except ValueError:
        message = None
    if not isinstance(message, dict):
        for fd in fds:
            os.close(fd)
        return {}, []
    return message, list(fds)


def request_from(message: dict[str, Any], fds: list[int]) -> Request:
    """The request a message makes; ValueError (closing nothing) if it is not one."""
    argv, env, keep = message.get("argv"), message.get("env"), message.get("keep", [])
    memory = message.get("memory")
    if not (isinstance(argv, list) and len(argv) >= 2 and argv[0] in ("-m", "-c")):
        raise ValueError("argv must start with -m MODULE or -c CODE")
    if not (isinstance(env, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in env.items())):
        raise ValueError("env must map names to strings")
    if not (isinstance(keep, list) and all(isinstance(n, int) and n > 2 for n in keep)):
        raise ValueError("keep must list descriptor numbers above 2")
    if len(fds) != 1 + len(keep):
        raise ValueError(f"{len(fds)} descriptors came for a terminal and {len(keep)} kept")
    if memory is not None and not isinstance(memory, int):
        raise ValueError("memory must be a number of bytes or null")
    return Request([str(a) for a in argv], env, str(message.get("cwd") or "/"), memory, keep, fds)


def serve(control: socket.socket) -> Request | None:
    """Answer the host until it goes away (returns None). In a forked child it returns that child's
    request instead, with the control socket already closed: the child then unwinds to `main`."""
    while True:
        while True:
            try:
                got = receive(control)
            except EOFError:
                return None
            if got is None:
                break
            child = start(control, *got)
            if child is not None:
                return child
        reap(control)
        signal.sigtimedwait(SIGNALS, WAKE_UP)


def start(control: socket.socket, message: dict[str, Any], fds: list[int]) -> Request | None:
    """Fork one session; in the child return its request, in this process None."""
    rid = message.get("id")
    try:
        request = request_from(message, fds)
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
    except (ValueError, OSError) as exc:
        for fd in fds:
            os.close(fd)
        send(control, {"t": "failed", "id": rid, "error": str(exc)})
        return None
    if pid == 0:
        control.close()
        return request
    for fd in fds:
        os.close(fd)
    send(control, {"t": "started", "id": rid, "pid": pid})
    return None


def reap(control: socket.socket) -> None:
    """Report every child that has ended: kill what it left in its process group, reap it, send `exited`."""
    while True:
        try:
            ended = os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return
        if ended is None:
            return
        pid = ended.si_pid
        # Still a zombie: its pid (= its process group id) cannot be taken by another process yet.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        send(control, {"t": "exited", "pid": pid, "returncode": os.waitstatus_to_exitcode(status)})


# -- in the child ------------------------------------------------------------------------------------
def place_descriptors(tty: int, kept: list[int], numbers: list[int]) -> None:
    """The terminal on 0-2 (the controlling one), each kept descriptor under its number, nothing else open."""
    above = max([2, *numbers]) + 1
    moved = [fcntl.fcntl(fd, fcntl.F_DUPFD, above) for fd in [tty, *kept]]
    for fd in [tty, *kept]:
        os.close(fd)
    for target in (0, 1, 2):
        os.dup2(moved[0], target)
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    for fd, number in zip(moved[1:], numbers, strict=True):
        os.dup2(fd, number)  # inheritable, as `subprocess`'s pass_fds leaves them
    wanted = {0, 1, 2, *numbers}
    for name in os.listdir("/proc/self/fd") if os.path.isdir("/proc/self/fd") else []:
        fd = int(name)
        if fd not in wanted:
            with contextlib.suppress(OSError):
                os.close(fd)
    for fd in moved:  # where /proc is missing: the ones we made, at least
        with contextlib.suppress(OSError):
            os.close(fd)


def become_session(request: Request, keep_hang_up: bool = False) -> None:
    """Everything a freshly started game process has: own session and terminal, environment, folder, limits
    (`keep_hang_up`: SIGHUP's handler stays, the profile's)."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, SIGNALS)
    for sig in (signal.SIGHUP, signal.SIGTERM, signal.SIGQUIT, signal.SIGWINCH, signal.SIGCHLD, signal.SIGIO):
        if not (keep_hang_up and sig == signal.SIGHUP):
            signal.signal(sig, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # what a new interpreter has
    os.setsid()
    place_descriptors(request.fds[0], request.fds[1:], request.keep)
    os.chdir(request.cwd)
    os.environ.clear()
    os.environ.update(request.env)
    if request.memory is not None:
        resource.setrlimit(resource.RLIMIT_AS, (request.memory, request.memory))
    # New standard streams on the terminal, buffered as an interpreter started on a terminal has them
    # (Textual draws through sys.__stderr__ and reads sys.__stdin__).
    for fd, name in enumerate(("stdin", "stdout", "stderr")):
        stream = terminal_stream(fd)
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)


def terminal_stream(fd: int) -> TextIO:
    """Standard stream `fd` (0-2) as the interpreter opens it on a terminal: UTF-8, output line-buffered."""
    if fd == 0:
        return open(fd, encoding="utf-8", closefd=False)
    errors = "backslashreplace" if fd == 2 else "strict"
    return open(fd, "w", buffering=1, encoding="utf-8", errors=errors, closefd=False)


def run_python(argv: list[str]) -> None:
    """Run `-m MODULE args...` or `-c CODE args...` as the interpreter would, in this process."""
    import runpy

    what, target, *rest = argv
    if what == "-m":
        sys.argv = [target, *rest]  # runpy puts the module's file in argv[0]
        runpy.run_module(target, run_name="__main__", alter_sys=True)
        return
    sys.argv = ["-c", *rest]
    main = type(sys)("__main__")
    sys.modules["__main__"] = main
    exec(compile(target, "<string>", "exec"), main.__dict__)


def profiled(folder: str) -> Callable[[], None]:
    """Profile this child from now on; the function returned stops and writes `folder/session-PID.prof`,
    as does a hang-up (SIGHUP), which then ends the child at once (the profile ends where the player left).
    SIGUSR1 forgets what was profiled so far: the profile starts again then."""
    import cProfile

    profile = cProfile.Profile()

    def write() -> None:
        profile.disable()
        with contextlib.suppress(OSError):
            profile.dump_stats(os.path.join(folder, f"session-{os.getpid()}.prof"))

    def hung_up(signum: int, frame: object) -> None:
        write()
        os._exit(128 + signum)

    def start_again(signum: int, frame: object) -> None:
        profile.disable()
        profile.clear()
        profile.enable()

    signal.signal(signal.SIGHUP, hung_up)
    signal.signal(signal.SIGUSR1, start_again)
    profile.enable()
    return write


def run_session(request: Request, profile_folder: str | None = None) -> int:
    """A forked child's whole life: set itself up, run the app, the exit status it ends with."""
    stop_profile = profiled(profile_folder) if profile_folder else None
    try:
        return _run_session(request, stop_profile is not None)
    finally:
        if stop_profile is not None:
            stop_profile()


def _run_session(request: Request, profiling: bool) -> int:
    try:
        become_session(request, keep_hang_up=profiling)
    except BaseException:
        traceback.print_exc()
        os._exit(1)
    try:
        run_python(request.argv)
    except SystemExit:
        raise  # the interpreter's own handling of the code, as in a fresh process
    except BaseException:
        traceback.print_exc()
        return 1
    return 0


def main(argv: list[str], preload: Callable[[], None]) -> int:
    """Run the fork server on the control socket `--fd`; `preload` imports (and warms) what every session's
    app needs, once, before the first fork (the command line's `preload_app`: only it may import the app)."""
    parser = argparse.ArgumentParser(prog="chaigames fork server", description=__doc__)
    parser.add_argument("--fd", type=int, required=True, help="the control socket's descriptor")
    args = parser.parse_args(argv)
    control = socket.socket(fileno=args.fd)
    profile_folder = os.environ.get(PROFILE_ENV)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the host's terminal's Ctrl-C is the host's to handle
    preload()
    signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)
    fcntl.fcntl(control, fcntl.F_SETOWN, os.getpid())
    fcntl.fcntl(control, fcntl.F_SETFL, fcntl.fcntl(control, fcntl.F_GETFL) | os.O_ASYNC)
    send(control, {"t": "ready", "threads": threading.active_count(), "pid": os.getpid()})
    request = serve(control)
    if request is None:
        return 0
    return run_session(request, profile_folder)
