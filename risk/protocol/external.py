"""The referee's side of a bot program: :class:`ExternalAgent`, a bot like the built-in ones.

It starts the program (in its own process group), says hello, sets its options, and then plays
one game at a time: ``new_game`` when the match resets it (or at its first request), the events
its seat may see, a ``request`` for every decision, and ``game_over`` at the end. With ``reuse``
(the default of ``cmd:`` specs and bot files, see :mod:`risk.protocol.spec`) a program that
finished a game cleanly is kept for the next game of the same bot in this process: the next game
sends it ``new_game`` again, with no new handshake, so only the first game pays for the
program's start-up. A program that faulted, or whose game ended by another seat's fault, is never kept: its
process group is killed, and the next game starts a fresh one, so a crash still costs one game.
Without ``reuse`` every game ends with ``quit`` and the kill (see docs/protocol.md).

Every wait has a deadline: the match's move clock when it has one (the allowance of the move:
move limit plus what is left of the bank), else ``timeout`` seconds. Whatever the program does
wrong becomes :class:`risk.match.BotFault` (the match names the seat and bot in an
:class:`~risk.match.AgentFault`), after its process group has been killed:

- timed out (no reply, or not reading its input, in time), crashed (its output ended),
  broke the pipe (its input closed);
- wrote unreadable output (after ``retries`` refused replies, or a line over ``max_line`` bytes),
  sent an unknown message, answered a stale or wrong request id;
- made an illegal move (after ``retries`` refused replies), failed the handshake.
"""

from __future__ import annotations

import atexit
import itertools
import json
import multiprocessing.util
import os
import re
import subprocess
import tempfile
import threading
import time
import weakref
from pathlib import Path
from typing import Any, Sequence

from risk.errors import ActionParseError, UsageError
from risk.match import (HANDSHAKE_FAILED, ILLEGAL_MOVE, UNKNOWN_MESSAGE, UNREADABLE_OUTPUT, WRONG_REQUEST_ID,
                        BotFault)
from risk.protocol import reaper
from risk.protocol.channel import MAX_LINE, BotProcess, ChannelFault
from risk.protocol.messages import (OPTION_TYPES, PROTOCOL_VERSION, ActionReply, BotHello, Error, Events,
                                    GameOver, Hello, Log, NewGame, ProtocolError, Quit, Request, SetOption,
                                    decode_line, read_message, BOT_MESSAGES)
from risk.protocol.names import encode_map
from risk.protocol.secrecy import game_id, program_seed
from risk.protocol.view import encode_events, encode_legal, encode_view

DEFAULT_TIMEOUT = 120.0   #: seconds for a move when the match has no clock: never wait forever
STARTUP_TIMEOUT = 20.0    #: seconds to start and answer hello (off the move clock)
DEFAULT_RETRIES = 2       #: refused replies allowed per request before the bot forfeits
QUIT_GRACE = 0.5          #: seconds a bot has to leave after quit before its group is killed

_log_numbers = itertools.count(1)


def default_log_path(name: str) -> Path:
    """Where a bot's stderr goes unless its bot file says: a file per bot program started."""
    folder = Path(tempfile.gettempdir()) / "risk-bot-logs"
    folder.mkdir(parents=True, exist_ok=True)
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", name)[:60] or "bot"
    return folder / f"{safe}-{os.getpid()}-{next(_log_numbers)}.log"


# -- programs kept between games (``reuse``) -------------------------------------------------------

#: Programs that finished a game cleanly, waiting for the next game of the same bot, oldest
#: first: (what started them: command, folder, options; the process; its hello). Killed at exit
#: (:func:`stop_parked_programs`).
_parked: list[tuple[tuple, BotProcess, BotHello | None]] = []
_parked_lock = threading.Lock()
PARK_LIMIT = 12  #: two games' worth of seats (6 each); beyond it the longest-idle program is stopped


def _park(key: tuple, process: BotProcess | None, hello: BotHello | None) -> bool:
    if process is None or process.closed or process.process.poll() is not None:
        return False
    with _parked_lock:
        _parked.append((key, process, hello))
        evicted = _parked.pop(0)[1] if len(_parked) > PARK_LIMIT else None
    if evicted is not None:  # a tuning run tries option after option: idle programs must not pile up
        evicted.kill()
    return True


def _unpark(key: tuple) -> tuple[BotProcess, BotHello | None] | None:
    """The most recently kept program of ``key`` that is still running (others found ended are
    reaped), or None."""
    while True:
        with _parked_lock:
            index = next((i for i in range(len(_parked) - 1, -1, -1) if _parked[i][0] == key), None)
            if index is None:
                return None
            _, process, hello = _parked.pop(index)
        if process.process.poll() is None:
            return process, hello
        process.kill()


def stop_parked_programs() -> None:
    """Kill every program kept between games (at exit, and for tests)."""
    with _parked_lock:
        waiting = [process for _, process, _ in _parked]
        _parked.clear()
    for process in waiting:
        process.kill()


def end_all_programs() -> None:
    """The kept programs, then every program still running and every process any of them
    started (risk.protocol.reaper): nothing a bot started outlives the referee's exit."""
    stop_parked_programs()
    reaper.kill_all()


atexit.register(end_all_programs)
# A tournament worker (a multiprocessing child) ends without running atexit: its own exit hook.
multiprocessing.util.Finalize(None, end_all_programs, exitpriority=100)


class ExternalAgent:
    """A bot program speaking protocol 1 over its stdin and stdout.

    ``command`` is the program and its arguments; ``options`` are sent after the handshake
    (each must be one the program declares). Build it from a spec with
    :func:`risk.protocol.spec.make_external_agent`.
    """

    name = "external"

    def __init__(self, command: Sequence[str], *, spec: str, cwd: str | Path | None = None,
                 options: dict[str, Any] | None = None, display_name: str | None = None,
                 retries: int = DEFAULT_RETRIES, timeout: float = DEFAULT_TIMEOUT,
                 startup_timeout: float = STARTUP_TIMEOUT, log_path: str | Path | None = None,
                 max_line: int = MAX_LINE, reuse: bool = False):
        if not command:
            raise UsageError(f"bot '{spec}': no command to run")
        self.command = list(command)
        self.cwd = cwd
        self.options = dict(options or {})
        self.display_name = display_name
        self.retries = retries
        self.timeout = timeout
        self.startup_timeout = startup_timeout
        self.log_path = log_path
        self.max_line = max_line
        self.reuse = reuse
        self.seed = None  # the match seeds the seat as for a built-in bot without a seed
        self._spec = spec
        self.hello: BotHello | None = None
        self.pid: int | None = None  #: the last program started (its process group has this id)
        self._process: BotProcess | None = None
        self._finalizer = None
        self._lock = threading.RLock()
        self._seat: int | None = None
        self._match = None
        self._allowed: float | None = None
        self._in_game = False
        self._reused = False  #: the program is one kept from an earlier game
        self._games = 0
        self._events: list[dict[str, Any]] = []
        self._request_ids = itertools.count(1)
        #: every message exchanged, when a test or the checker asks for it: (direction, object)
        self.transcript: list[tuple[str, dict]] | None = None

    @property
    def spec(self) -> str:
        return self._spec

    def __repr__(self) -> str:
        return f"<ExternalAgent {self._spec}>"

    # -- the match's hooks ---------------------------------------------------------------------------

    def prepare(self, match, seat: int, allowed: float | None) -> None:
        """Off the clock, before each timed call: start the program if needed, and learn the
        seat and the allowance of the coming call."""
        with self._lock:
            self._match, self._seat, self._allowed = match, seat, allowed
            self._ensure_started()

    def reset(self, seed: int | None = None) -> None:
        """A game starts: tell the program (``new_game``)."""
        with self._lock:
            self._ensure_started()
            match = self._match
            if match is not None and self._seat is not None:
                self._new_game(match.state, seed)

    def act(self, view):
        """The program's action for ``view.current_player``; raises BotFault."""
        with self._lock:
            try:
                self._seat = view.current_player
                self._ensure_started()
                if not self._in_game:
                    self._new_game(view, None)
                return self._ask(view)
            except BaseException:  # a fault, or the match's clock interrupting the wait
                self.close(polite=False)
                raise

    def observe(self, state, step) -> None:
        """After every step of the match: keep the events the seat may see, and end the game
        with the program when the game is over."""
        with self._lock:
            if not self._in_game or self._seat is None:
                return
            self._events.extend(encode_events(step.events, state, self._seat))
            if state.is_terminal():
                try:
                    self._flush_events(self._deadline(self.startup_timeout))
                    outcome = state.outcome()
                    self._send(GameOver(list(outcome.places), outcome.winner, outcome.reason),
                               self._deadline(self.startup_timeout))
                except (ChannelFault, BotFault):
                    self.close(polite=False)  # the game is over: a bot failing now forfeits nothing
                    return
                if self.reuse and _park(self._park_key(), self._process, self.hello):
                    self._let_go()
                else:
                    self.close()

    def close(self, polite: bool = True) -> None:
        """Say quit (when ``polite``) and kill the program's process group; nothing is left
        running. Harmless when it is not running."""
        with self._lock:
            process = self._let_go()
            if process is None or process.closed:
                return
            if polite:
                try:
                    process.write(Quit().line(), time.monotonic() + QUIT_GRACE)
                    self._record("engine", Quit().to_json())
                    process.process.wait(timeout=QUIT_GRACE)
                except Exception:  # leaving is its last chance; the kill below ends it anyway
                    pass
            process.kill()

    def kept_program_alive(self, wait: float = 0.0) -> bool:
        """Whether a program of this bot is kept for the next game and still running after
        ``wait`` seconds (``risk bot check`` asks, to catch a bot that ends after game_over)."""
        key = self._park_key()
        with _parked_lock:
            kept = [process for owner, process, _ in _parked if owner == key]
        if not kept:
            return False
        try:
            kept[-1].process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            return True
        return False

    def stop_kept(self) -> None:
        """Stop the programs kept for this bot's next game: ``quit``, then the kill."""
        while (parked := _unpark(self._park_key())) is not None:
            process = parked[0]
            try:
                process.write(Quit().line(), time.monotonic() + QUIT_GRACE)
                process.process.wait(timeout=QUIT_GRACE)
            except Exception:  # leaving is its last chance; the kill below ends it anyway
                pass
            process.kill()

    def _let_go(self) -> BotProcess | None:
        """Forget the program (the caller kills or parks it)."""
        process, self._process = self._process, None
        self._in_game = False
        self._events.clear()
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        return process

    def _park_key(self) -> tuple:
        return (tuple(self.command), str(self.cwd), json.dumps(self.options, sort_keys=True, default=str))

    # -- starting -----------------------------------------------------------------------------------

    def _ensure_started(self) -> None:
        if self._process is not None:
            return
        if self.reuse and self._take_kept_program():
            return
        self._start()

    def _take_kept_program(self) -> bool:
        """Take a program kept from an earlier game of this bot; False if none is waiting. What
        it wrote since its last game stays to be read, as any line written while no request is
        open (docs/protocol.md): a log line is logged, anything else judged at the next request."""
        while (parked := _unpark(self._park_key())) is not None:
            process, hello = parked
            if process.output_ended():
                process.kill()
                continue
            self._process, self.hello, self.pid = process, hello, process.pid
            self._finalizer = weakref.finalize(self, process.kill)
            self._reused = True
            process.log("[referee] next game")
            return True
        return False

    def _start(self) -> None:
        """Start the program and shake hands."""
        self._reused = False
        log_path = self.log_path or default_log_path(self.display_name or self.command[0])
        try:
            process = BotProcess(self.command, self.cwd, log_path, max_line=self.max_line)
        except ChannelFault as fault:
            raise BotFault(fault.kind, fault.detail) from None
        self._process = process
        self.pid = process.pid
        self._finalizer = weakref.finalize(self, process.kill)  # never leave a program behind
        process.log(f"[referee] started {' '.join(self.command)} (pid {process.pid})")
        try:
            self._handshake(time.monotonic() + self.startup_timeout)
        except (ChannelFault, BotFault):
            self.close(polite=False)
            raise

    def _handshake(self, deadline: float) -> None:
        from risk import __version__

        self._send(Hello(engine_version=__version__), deadline)
        while True:
            line = self._read(deadline, "waiting for the bot's hello")
            try:
                message = read_message(line, BOT_MESSAGES)
            except ProtocolError as exc:
                raise BotFault(HANDSHAKE_FAILED, str(exc)) from None
            if isinstance(message, Log):
                self._process.log(message.text)
                continue
            if not isinstance(message, BotHello):
                raise BotFault(HANDSHAKE_FAILED, f"expected the bot's hello, got {message.TYPE!r}")
            break
        if message.protocol != PROTOCOL_VERSION:
            raise BotFault(HANDSHAKE_FAILED, f"the bot speaks protocol {message.protocol}, the engine "
                                             f"protocol {PROTOCOL_VERSION}")
        self.hello = message
        declared = {option.name: option for option in message.options}
        for name, value in self.options.items():
            option = declared.get(name)
            if option is None:
                raise BotFault(HANDSHAKE_FAILED, f"option {name!r} is not one the bot declares "
                                                 f"({', '.join(declared) or 'it declares none'})")
            self._send(SetOption(name, _option_value(value, option.type, name)), deadline)

    # -- a game ----------------------------------------------------------------------------------------

    def _new_game(self, state, seed: int | None) -> None:
        match = self._match
        players = list(match.specs) if match is not None else [f"seat {p}" for p in range(state.players)]
        setting = match.clock.setting if match is not None else None
        clock = {"move_ms": _ms(setting.move_limit) if setting else None,
                 "bank_ms": _ms(setting.bank) if setting else None}
        self._games += 1
        # Nothing computed from the game's seed reaches the program (risk.protocol.secrecy).
        message = NewGame(game_id(self._games), self._seat, players, state.rules.to_dict(), encode_map(state.board),
                          program_seed(seed), clock)
        self._events.clear()
        self._in_game = True
        try:
            self._send(message, self._deadline(self.startup_timeout))
        except BotFault:
            if not self._reused:
                raise
            # The kept program ended (or stopped reading) between games: the referee chose to
            # keep it, so this game is not lost for it; a fresh program takes the seat.
            self.close(polite=False)
            self._start()
            self._in_game = True
            self._send(message, self._deadline(self.startup_timeout))

    def _ask(self, view):
        deadline = self._deadline(self._allowed if self._allowed else self.timeout)
        self._flush_events(deadline)
        request_id = next(self._request_ids)
        time_left = _ms(self._allowed) if self._allowed else None
        self._send(Request(request_id, encode_view(view, self._seat), encode_legal(view), time_left), deadline)
        retries_left = self.retries
        while True:
            line = self._read(deadline, f"waiting for the answer to request {request_id}")
            try:
                data = decode_line(line)
            except ProtocolError as exc:
                reason = str(exc)
                kind = UNREADABLE_OUTPUT
            else:
                if data["type"] not in BOT_MESSAGES:
                    raise BotFault(UNKNOWN_MESSAGE, f"{data['type']!r} (a bot sends hello, action or log)")
                try:
                    message = read_message(line, BOT_MESSAGES)
                except ProtocolError as exc:
                    reason, kind = str(exc), UNREADABLE_OUTPUT
                else:
                    if isinstance(message, Log):
                        self._process.log(message.text)
                        continue
                    if not isinstance(message, ActionReply):
                        raise BotFault(UNKNOWN_MESSAGE, f"a {message.TYPE!r} in the middle of a game")
                    if message.id != request_id:
                        raise BotFault(WRONG_REQUEST_ID, f"answered request {message.id} while request "
                                                         f"{request_id} was asked")
                    action, reason = _parse(view, message.action)
                    if action is not None:
                        return action
                    kind = ILLEGAL_MOVE
            if retries_left <= 0:
                raise BotFault(kind, reason)
            retries_left -= 1
            self._send(Error(request_id, reason, retries_left), deadline)

    def _flush_events(self, deadline: float | None) -> None:
        if self._events:
            events, self._events = self._events, []
            self._send(Events(events), deadline)

    # -- lines ------------------------------------------------------------------------------------------

    def _send(self, message, deadline: float | None) -> None:
        data = message.to_json()
        self._record("engine", data)
        try:
            self._process.write(message.line(), deadline)
        except ChannelFault as fault:
            raise BotFault(fault.kind, fault.detail) from None

    def _read(self, deadline: float | None, doing: str) -> bytes:
        try:
            line = self._process.read_line(deadline)
        except ChannelFault as fault:
            raise BotFault(fault.kind, f"{fault.detail} ({doing})") from None
        if self.transcript is not None:
            try:
                self.transcript.append(("bot", decode_line(line)))
            except ProtocolError:
                self.transcript.append(("bot", {"unreadable": line[:200].decode("utf-8", "replace")}))
        return line

    def _record(self, direction: str, data: dict) -> None:
        if self.transcript is not None:
            self.transcript.append((direction, data))

    def _deadline(self, seconds: float | None) -> float | None:
        return None if seconds is None else time.monotonic() + seconds


def _parse(view, text: str):
    """(the action, None) if ``text`` is a legal action in ``view``, else (None, why not)."""
    try:
        action = view.parse_action(text)
    except ActionParseError as exc:
        return None, str(exc)
    reason = view.why_illegal(action)
    if reason is not None:
        return None, f"'{text}': {reason}"
    return action, None


def _option_value(value: Any, kind: str, name: str) -> Any:
    """``value`` as the option's type; a string (from a spec) is converted."""
    if isinstance(value, str) and kind != "string":
        try:
            value = {"int": int, "float": float}.get(kind, _boolean)(value)
        except ValueError:
            raise BotFault(HANDSHAKE_FAILED, f"option {name}={value!r} is not a valid {kind}") from None
    if not isinstance(value, OPTION_TYPES[kind]) or (kind != "bool" and isinstance(value, bool)):
        raise BotFault(HANDSHAKE_FAILED, f"option {name}={value!r} is not a valid {kind}")
    return value


def _boolean(text: str) -> bool:
    low = text.lower()
    if low in ("true", "yes", "on", "1"):
        return True
    if low in ("false", "no", "off", "0"):
        return False
    raise ValueError(text)


def _ms(seconds: float | None) -> int | None:
    return None if not seconds else int(seconds * 1000)
