"""Every process a bot program starts ends with it, even one that left the program's group.

A program runs in a process group of its own, and killing the group was once the whole of it;
but a child may leave the group (``setsid``) or the tree (a double fork, whose middle process
exits at once so that the grandchild is nobody's child). On Linux the process that starts bots
makes itself a *child subreaper* (``prctl(PR_SET_CHILD_SUBREAPER)``): a process orphaned anywhere
below it becomes its child, not init's, so nothing a program starts can get out of sight. Ending
a program (:func:`kill_tree`) then stops, and after that kills, every process below it in the
process table (``/proc``), and every stray this process adopted: a child of this process that is
not a running program and that belongs to a program's session, or leads a session of its own
started after the first program (a program's ``setsid`` child that was orphaned). Stopping first
means that nothing can fork while the tree is being collected. :func:`kill_all` ends every
program and stray, for the exits.

Where there is no ``/proc`` or no ``prctl`` (not Linux), a program's process group is all that is
killed, as before.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import threading
import time
from pathlib import Path
from typing import NamedTuple

_PR_SET_PDEATHSIG = 1
_PR_SET_CHILD_SUBREAPER = 36
_PROC = Path("/proc")

_lock = threading.Lock()
_programs: dict[int, str | None] = {}   # running program -> its start time
_sessions: set[int] = set()             # the session of every program started (its pid)
_first_start: int | None = None         # when the first program started (clock ticks)
_subreaper = False


class Entry(NamedTuple):
    """A process as the process table gives it."""

    ppid: int
    session: int
    state: str
    start: int


def _prctl(option: int, value: int) -> bool:
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        return libc.prctl(option, value, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def become_subreaper() -> bool:
    """Make this process the reaper of every process orphaned below it (once; Linux only)."""
    global _subreaper
    with _lock:
        if not _subreaper:
            _subreaper = _prctl(_PR_SET_CHILD_SUBREAPER, 1)
        return _subreaper


def die_with_parent(signum: int = signal.SIGKILL) -> bool:
    """Have the kernel send this process ``signum`` when its parent dies (Linux only)."""
    return _prctl(_PR_SET_PDEATHSIG, int(signum))


def process_table() -> dict[int, Entry]:
    """Every process in /proc (empty where there is none)."""
    table: dict[int, Entry] = {}
    try:
        entries = os.listdir(_PROC)
    except OSError:
        return table
    for name in entries:
        if name.isdigit():
            entry = _entry(int(name))
            if entry is not None:
                table[int(name)] = entry
    return table


def _entry(pid: int) -> Entry | None:
    try:
        text = (_PROC / str(pid) / "stat").read_bytes().decode("ascii", "replace")
    except OSError:
        return None
    # After the command name (in parentheses, and it may hold anything): fields 3 on of proc(5).
    fields = text[text.rindex(")") + 2:].split()
    return Entry(ppid=int(fields[1]), session=int(fields[3]), state=fields[0], start=int(fields[19]))


# -- the programs ----------------------------------------------------------------------------------

def started(pid: int) -> None:
    """A program has started as ``pid`` (the leader of a new session)."""
    global _first_start
    entry = _entry(pid)
    with _lock:
        _programs[pid] = entry.start if entry else None
        _sessions.add(pid)
        if entry is not None and (_first_start is None or entry.start < _first_start):
            _first_start = entry.start


def _strays(table: dict[int, Entry]) -> set[int]:
    me = os.getpid()
    with _lock:
        programs, sessions, first = set(_programs), set(_sessions), _first_start
    return {pid for pid, entry in table.items()
            if entry.ppid == me and pid not in programs
            and (entry.session in sessions
                 or (entry.session == pid and first is not None and entry.start >= first))}


def _below(roots: set[int], table: dict[int, Entry]) -> set[int]:
    children: dict[int, list[int]] = {}
    for pid, entry in table.items():
        children.setdefault(entry.ppid, []).append(pid)
    found, frontier = set(), list(roots)
    while frontier:
        for child in children.get(frontier.pop(), ()):
            if child not in found:
                found.add(child)
                frontier.append(child)
    return found


def _stop_and_kill(roots: set[int]) -> None:
    """Stop every process below ``roots`` (and the roots, and the strays) until no new one turns
    up, then kill them all; reap the strays that were this process's children."""
    if not _PROC.is_dir():
        return
    marked: dict[int, int] = {}
    for _ in range(100):  # a tree that forks as fast as it is stopped still ends: 100 rounds
        table = process_table()
        found = (roots | _below(roots | set(marked), table) | _strays(table)) & set(table)
        new = {pid for pid in found - set(marked) if table[pid].state not in ("Z", "X")}
        if not new:
            break
        for pid in new:
            _signal(pid, signal.SIGSTOP)
            marked[pid] = table[pid].start
    for pid, start in marked.items():
        entry = _entry(pid)
        if entry is not None and entry.start == start:  # the same process, not a reused pid
            _signal(pid, signal.SIGKILL)
    _reap_strays(set(marked) - roots)


def _reap_strays(pids: set[int]) -> None:
    """Collect the strays among ``pids`` that are, or become, this process's dead children (a
    process whose parent was killed with it comes to this subreaper); a program's own process is
    collected by the code that started it."""
    me = os.getpid()
    deadline = time.monotonic() + 2.0
    waiting = set(pids)
    while waiting and time.monotonic() < deadline:
        for pid in list(waiting):
            entry = _entry(pid)
            if entry is None:
                waiting.discard(pid)
            elif entry.ppid == me and entry.state in ("Z", "X"):
                try:
                    os.waitpid(pid, os.WNOHANG)
                except ChildProcessError:
                    pass
                waiting.discard(pid)
        if waiting:
            time.sleep(0.005)


def _signal(pid: int, signum: int) -> None:
    try:
        os.kill(pid, signum)
    except (ProcessLookupError, PermissionError):
        pass


def kill_tree(pid: int) -> None:
    """End program ``pid``: its process group, everything below it, and every stray."""
    try:
        os.killpg(pid, signal.SIGSTOP)
    except (ProcessLookupError, PermissionError):
        pass
    _stop_and_kill({pid})
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    with _lock:
        _programs.pop(pid, None)


def kill_all() -> None:
    """End every program this process started and every stray it adopted (at exit)."""
    with _lock:
        programs = set(_programs)
    _stop_and_kill(programs)
    for pid in programs:
        try:
            os.killpg(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    with _lock:
        _programs.clear()
