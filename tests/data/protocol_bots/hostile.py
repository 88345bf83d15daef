"""A bot program that attacks the referee: protocol 1 up to its first request, then one attack.

    python hostile.py reply FILE      answer every request (and every error) with the bytes of FILE, a line
    python hostile.py setsid          start a grandchild in a session of its own, then sleep
    python hostile.py double-fork     start a grandchild whose parent exits at once (an orphan), then sleep
    python hostile.py flood           after its hello, shrink its input pipe, stop reading it and
                                      write short lines without end
    HOSTILE_PID_FILE=PATH             every mode appends the pids it starts to PATH, one a line

Standard library only, no import of the engine.
"""

import json
import os
import sys
import time

MODE = sys.argv[1]
ARGUMENT = sys.argv[2] if len(sys.argv) > 2 else ""
PID_FILE = os.environ.get("HOSTILE_PID_FILE")


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def note_pid(pid):
    if PID_FILE:
        with open(PID_FILE, "a") as handle:
            handle.write(f"{pid}\n")


def sleeper_in_new_session():
    """A child that leaves the process group (and the session) of the bot, then sleeps."""
    pid = os.fork()
    if pid == 0:
        os.setsid()
        note_pid(os.getpid())
        os.execvp("sleep", ["sleep", "300"])
    return pid


def orphaned_sleeper():
    """A grandchild whose parent exits at once: it is nobody's child but init's (or a reaper's)."""
    pid = os.fork()
    if pid == 0:
        if os.fork() == 0:
            os.setsid()
            note_pid(os.getpid())
            os.execvp("sleep", ["sleep", "300"])
        os._exit(0)
    os.waitpid(pid, 0)


def shrink_input():
    """An input pipe of one page, so that the referee's next big message blocks. Done while the
    pipe is empty (before the hello goes out): a pipe holding more than a page cannot shrink."""
    import fcntl

    fcntl.fcntl(0, getattr(fcntl, "F_SETPIPE_SZ", 1031), 4096)


def flood():
    """Never read again, and write lines without end."""
    block = '{"type":"log","text":"x"}\n' * 4096
    while True:
        sys.stdout.write(block)
        sys.stdout.flush()


note_pid(os.getpid())
for line in sys.stdin:
    message = json.loads(line)
    kind = message["type"]
    if kind == "hello":
        if MODE == "flood":
            shrink_input()
        send({"type": "hello", "protocol": 1, "name": f"hostile-{MODE}", "version": "1", "author": "tests",
              "options": []})
        if MODE == "flood":
            flood()
    elif kind == "quit":
        break
    elif kind in ("request", "error"):
        if MODE == "reply":
            with open(ARGUMENT, "rb") as reply:
                sys.stdout.buffer.write(reply.read() + b"\n")
            sys.stdout.flush()
        elif MODE in ("setsid", "double-fork"):
            sleeper_in_new_session() if MODE == "setsid" else orphaned_sleeper()
            time.sleep(300)
