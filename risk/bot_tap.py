"""A relay that records a bot's conversation: ``python -m risk.bot_tap TRANSCRIPT -- COMMAND...``.

``risk bot check`` runs the bot under test through this relay, so that it sees every line both
ways exactly as it went over the pipes, whatever the referee does with it. The relay starts
COMMAND (in its own process group, the relay's), passes its stdin to the bot's and the bot's
stdout to its own unchanged and at once (chunks, not lines: a bot that never ends a line must
not make the relay hold it), and appends each line to TRANSCRIPT as one JSON object
``{"from": "engine"|"bot", "text": ..., "size": bytes, "truncated": bool}``. A line longer than
:data:`KEPT_BYTES` is recorded cut as soon as it is that long (``size``: the bytes seen then), so
a bot writing megabytes of garbage costs the relay no memory and leaves its evidence. The bot's stderr is passed through untouched. The relay exits with the
bot's exit status; killed with SIGTERM, or when the referee closes its stdin and the bot exits,
it leaves nothing running.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading

from risk.files import open_for_append

#: The most of one line the transcript keeps (a whole map in ``new_game`` fits easily).
KEPT_BYTES = 1 << 20
CHUNK = 1 << 16


class Transcript:
    """Appends the lines of both directions to a file, one JSON object a line, flushed at once
    (the referee may kill the relay at any moment)."""

    def __init__(self, path: str):
        self.file = os.fdopen(open_for_append(path), "a", encoding="utf-8")
        self.lock = threading.Lock()

    def record(self, side: str, line: bytes, size: int) -> None:
        entry = {"from": side, "text": line.decode("utf-8", errors="replace"), "size": size,
                 "truncated": size > len(line)}
        with self.lock:
            self.file.write(json.dumps(entry) + "\n")
            self.file.flush()


class LineSplitter:
    """Cuts a byte stream into lines for the transcript. A line longer than KEPT_BYTES is
    recorded the moment it crosses that size (its first KEPT_BYTES, marked truncated), not at
    its end, which may never come: the referee kills a bot that floods it."""

    def __init__(self, transcript: Transcript, side: str):
        self.transcript, self.side = transcript, side
        self.kept = bytearray()
        self.size = 0
        self.cut = False  # this line was recorded already, as too long

    def feed(self, chunk: bytes) -> None:
        while chunk:
            end = chunk.find(b"\n")
            piece = chunk if end < 0 else chunk[:end]
            self.size += len(piece)
            if not self.cut:
                self.kept += piece[:KEPT_BYTES + 1 - len(self.kept)]
                if len(self.kept) > KEPT_BYTES:
                    self.transcript.record(self.side, bytes(self.kept[:KEPT_BYTES]), self.size)
                    self.cut = True
            if end < 0:
                return
            if not self.cut:
                self.transcript.record(self.side, bytes(self.kept), self.size)
            self.kept, self.size, self.cut = bytearray(), 0, False
            chunk = chunk[end + 1:]

    def close(self) -> None:
        if self.size and not self.cut:  # a last line without its newline
            self.transcript.record(self.side, bytes(self.kept), self.size)


def pump(source: int, sink, splitter: LineSplitter) -> None:
    """Copy ``source`` to ``sink`` chunk by chunk until either end closes."""
    try:
        while chunk := os.read(source, CHUNK):
            splitter.feed(chunk)
            sink.write(chunk)
            sink.flush()
    except (BrokenPipeError, OSError):
        pass  # the other end is gone: the conversation is over
    finally:
        splitter.close()


def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[1] != "--":
        print("usage: python -m risk.bot_tap TRANSCRIPT -- COMMAND [ARGS...]", file=sys.stderr)
        return 2
    transcript = Transcript(argv[0])
    try:
        bot = subprocess.Popen(argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    except OSError as exc:
        print(f"bot_tap: cannot start {argv[2]!r}: {exc.strerror or exc}", file=sys.stderr)
        return 127

    def stop(signum, frame):
        bot.kill()
        os._exit(128 + signum)

    signal.signal(signal.SIGTERM, stop)

    def to_bot() -> None:
        pump(sys.stdin.fileno(), bot.stdin, LineSplitter(transcript, "engine"))
        try:
            bot.stdin.close()  # the referee is done: let the bot see the end of its input
        except OSError:
            pass

    threading.Thread(target=to_bot, daemon=True).start()
    pump(bot.stdout.fileno(), sys.stdout.buffer, LineSplitter(transcript, "bot"))
    return bot.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
