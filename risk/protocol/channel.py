"""A bot program's process and its lines, with deadlines and bounds.

:class:`BotProcess` starts the program in its own process group (so that killing the group
leaves nothing running, whatever the bot started), writes lines to its stdin and reads lines from
its stdout, each with a deadline: one ``selectors`` loop over non-blocking pipes, so neither a bot
that never answers nor one that never reads its input can block the referee. A line longer than
``max_line`` bytes is refused as soon as it gets that long, so a bot writing endless garbage costs
bounded memory; while the referee waits to write, it reads ahead at most :data:`MAX_PENDING` of
the bot's output, so a bot that floods instead of reading costs bounded memory too. The bot's
stderr is copied to a log file, up to ``max_log`` bytes.

Every failure is a :class:`ChannelFault` with the fault's kind (the constants of
:mod:`risk.match`) and a one-line detail.
"""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
import time
from pathlib import Path
from typing import Sequence

from risk.errors import RefereeError
from risk.files import open_for_append
from risk.match import BROKEN_PIPE, CRASHED, TIMED_OUT, UNREADABLE_OUTPUT
from risk.protocol import reaper

MAX_LINE = 1 << 20  #: 1 MiB: a request on a big map is about 20 KB, a reply a few bytes
MAX_LOG = 1 << 20
#: The most of a program's output read ahead of the referee (lines not yet taken, and a line not
#: yet ended), each line counted with what keeping it costs: a program that floods the referee
#: while it is not reading its own input is read no further, and runs out of time.
MAX_PENDING = 1 << 20
_LINE_COST = 64   # a bytes object and its place in the list, over its length
_CHUNK = 1 << 16


class ChannelFault(Exception):
    """The program failed: ``kind`` is one of the fault kinds of :mod:`risk.match`."""

    def __init__(self, kind: str, detail: str):
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


def _wait_for_group_to_go(pgid: int, most: float = 2.0) -> None:
    """Wait (briefly) until the killed group's last member is gone: the grandchildren are not
    ours to reap, so their end is only seen as the group ceasing to exist."""
    end = time.monotonic() + most
    while time.monotonic() < end and _group_alive(pgid):
        time.sleep(0.01)


def _group_alive(pgid: int) -> bool:
    """Whether a process of group ``pgid`` still runs (a zombie waiting for its parent to reap it
    does not run; where /proc is missing, any member counts)."""
    try:
        os.killpg(pgid, 0)
    except (ProcessLookupError, PermissionError):
        return False
    proc = Path("/proc")
    if not proc.is_dir():
        return True
    for entry in proc.iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if int(fields[2]) == pgid and fields[0] not in ("Z", "X"):
                return True
    return False


def _log_refused(message: str, path: str) -> RefereeError:
    return RefereeError(f"referee set-up error (not the bot's fault): cannot open the bot's log {path}: {message}")


class BotProcess:
    """One running bot program."""

    def __init__(self, command: Sequence[str], cwd: str | Path | None = None, log_path: str | Path | None = None,
                 max_line: int = MAX_LINE, max_log: int = MAX_LOG):
        self.command = list(command)
        self.max_line = max_line
        self.max_log = max_log
        self.log_path = Path(log_path) if log_path is not None else None
        # A log is a regular file or nothing (a device, FIFO or link at its path is refused), and
        # one that cannot be opened is the referee's set-up error, not the program's doing.
        self._log = os.fdopen(open_for_append(self.log_path, _log_refused), "ab") if self.log_path is not None else None
        self._logged = 0
        reaper.become_subreaper()  # whatever the program starts stays below this process
        try:
            self.process = subprocess.Popen(self.command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=subprocess.PIPE, start_new_session=True, bufsize=0)
        except OSError as exc:
            self._close_log()
            raise ChannelFault(CRASHED, f"cannot start {' '.join(self.command)!r}: {exc.strerror or exc}") from None
        self.pid = self.process.pid
        reaper.started(self.pid)
        for pipe in (self.process.stdin, self.process.stdout, self.process.stderr):
            os.set_blocking(pipe.fileno(), False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(self.process.stdout, selectors.EVENT_READ, "out")
        self._selector.register(self.process.stderr, selectors.EVENT_READ, "err")
        # The program's end wakes the wait even when a grandchild still holds its stdout open.
        self._pidfd = None
        if hasattr(os, "pidfd_open"):
            try:
                self._pidfd = os.pidfd_open(self.pid)
                self._selector.register(self._pidfd, selectors.EVENT_READ, "exit")
            except OSError:
                self._pidfd = None
        self._buffer = bytearray()
        self._lines: list[bytes] = []
        self._pending = 0   # the cost of the lines in _lines (pending_bytes)
        self._eof = False
        self.closed = False

    # -- writing ----------------------------------------------------------------------------------

    def write(self, data: bytes, deadline: float | None) -> None:
        """Write ``data`` whole before ``deadline`` (a ``time.monotonic`` value; None: no limit);
        ChannelFault if the program closed its input or does not read it in time."""
        view = memoryview(data)
        fd = self.process.stdin.fileno()
        while view:
            try:
                written = os.write(fd, view)
                view = view[written:]
                continue
            except BlockingIOError:
                pass
            except (BrokenPipeError, ConnectionResetError):
                raise ChannelFault(BROKEN_PIPE, f"the program closed its input{self._exit_note()}") from None
            # Its input is full: wait until it reads, draining its output meanwhile (a bot may be
            # blocked writing to us), up to the deadline; but never more than MAX_PENDING of it,
            # or a program that floods instead of reading would cost the referee any memory.
            with selectors.DefaultSelector() as writable:
                writable.register(fd, selectors.EVENT_WRITE)
                while not writable.select(self._wait(deadline, 0.05)):
                    # Read what there is, but a read of n bytes may hold n lines: no more than fits.
                    room = MAX_PENDING - self.pending_bytes()
                    while room > 0 and self._pump(0, max(1, room // (_LINE_COST + 1))):
                        room = MAX_PENDING - self.pending_bytes()
                    if self._expired(deadline):
                        flooded = self.pending_bytes() >= MAX_PENDING
                        raise ChannelFault(TIMED_OUT, "did not read its input in time" + (
                            f" (it wrote over {MAX_PENDING >> 20} MiB meanwhile)" if flooded else ""))

    # -- reading ------------------------------------------------------------------------------------

    def read_line(self, deadline: float | None) -> bytes:
        """The program's next line (without its newline) before ``deadline``; ChannelFault if it
        exits, runs out of time or writes a line longer than ``max_line``."""
        if self._expired(deadline):  # even with lines waiting: a bot flooding logs runs out of time too
            raise ChannelFault(TIMED_OUT, "no reply in time")
        while not self._lines:
            if self._eof or self.process.poll() is not None:
                self._pump(0)
                if self._lines:
                    break
                raise ChannelFault(CRASHED, f"the program ended its output{self._exit_note(wait=0.5)}")
            if self._expired(deadline):
                raise ChannelFault(TIMED_OUT, "no reply in time")
            self._pump(self._wait(deadline, 1.0 if self._pidfd is not None else 0.1))
        line = self._lines.pop(0)
        self._pending -= len(line) + _LINE_COST
        return line

    def pending_bytes(self) -> int:
        """What the output read but not yet taken costs: its lines, and a line not yet ended."""
        return self._pending + len(self._buffer)

    def output_ended(self) -> bool:
        """Whether the program's output has ended, as far as can be seen without waiting (a
        program kept between games is not taken for the next one once it has). A line too long
        to read counts as the end: nothing after it could be read either."""
        try:
            self._pump(0)
        except ChannelFault:
            return True
        return self._eof

    def _pump(self, timeout: float, most: int = _CHUNK) -> int:
        """Read what the program has written (at most ``most`` bytes of its output); how many
        bytes of output were read."""
        taken = 0
        for key, _ in self._selector.select(timeout):
            if key.data == "exit":
                self._selector.unregister(key.fileobj)
                continue
            try:
                chunk = os.read(key.fileobj.fileno(), _CHUNK if key.data == "err" else most)
            except BlockingIOError:
                continue
            except OSError:
                chunk = b""
            if key.data == "err":
                if not chunk:
                    self._selector.unregister(key.fileobj)
                self._write_log(chunk)
            elif not chunk:
                self._eof = True
                self._selector.unregister(key.fileobj)
            else:
                self._take(chunk)
                taken += len(chunk)
        return taken

    def _take(self, chunk: bytes) -> None:
        buffer = self._buffer
        buffer += chunk
        while True:
            end = buffer.find(b"\n")
            if end < 0:
                break
            if end > self.max_line:
                break
            self._lines.append(bytes(buffer[:end]))
            self._pending += end + _LINE_COST
            del buffer[:end + 1]
        if len(buffer) > self.max_line:
            raise ChannelFault(UNREADABLE_OUTPUT, f"a line longer than {self.max_line} bytes")

    # -- the log ------------------------------------------------------------------------------------

    def log(self, text: str) -> None:
        """A line of the referee's own in the bot's log."""
        self._write_log(text.encode("utf-8", "replace") + b"\n")

    def _write_log(self, data: bytes) -> None:
        if self._log is None or not data or self._logged > self.max_log:
            return
        room = self.max_log - self._logged
        self._log.write(data[:room])
        self._logged += len(data)
        if self._logged > self.max_log:
            self._log.write(b"\n[log truncated]\n")
        self._log.flush()

    def _close_log(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None

    # -- ending ---------------------------------------------------------------------------------------

    def kill(self) -> None:
        """Kill the program, its process group and every process it started, even one that
        left the group or the tree (:func:`risk.protocol.reaper.kill_tree`), and reap it
        (idempotent)."""
        if self.closed:
            return
        self.closed = True
        reaper.kill_tree(self.pid)
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL is not refused
            pass
        _wait_for_group_to_go(self.pid)
        try:
            self._pump(0)  # the last of its stderr
        except (ChannelFault, ValueError, OSError):
            pass
        self._selector.close()
        if self._pidfd is not None:
            os.close(self._pidfd)
            self._pidfd = None
        for pipe in (self.process.stdin, self.process.stdout, self.process.stderr):
            try:
                pipe.close()
            except OSError:
                pass
        self._close_log()

    def _exit_note(self, wait: float = 0.0) -> str:
        try:
            code = self.process.wait(timeout=wait) if wait else self.process.poll()
        except subprocess.TimeoutExpired:
            code = None
        if code is None:
            return ""
        if code < 0:
            try:
                return f" (killed by {signal.Signals(-code).name})"
            except ValueError:
                return f" (killed by signal {-code})"
        return f" (exit code {code})"

    @staticmethod
    def _expired(deadline: float | None) -> bool:
        return deadline is not None and time.monotonic() >= deadline

    @staticmethod
    def _wait(deadline: float | None, most: float) -> float:
        if deadline is None:
            return most
        return max(0.0, min(most, deadline - time.monotonic()))
