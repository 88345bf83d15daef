"""``risk bot check``: does a program keep to the bot protocol? A verdict, with the evidence.

:func:`check_bot` plays a few short seeded games (a turn cap keeps them short) between the bot
under test and built-in bots, the bot taking a different seat each game. The program is kept
from game to game as the referee keeps it by default (one handshake, then ``new_game`` after
each ``game_over``), unless its bot file says ``"reuse": false``. It runs through the relay
:mod:`risk.bot_tap`, which records every line both ways exactly as it crossed the pipes; each
line is read as JSON and validated against the protocol's JSON Schema
(docs/protocol.schema.json) for its direction and type, and the conversation is checked for what
a schema cannot see: the bot's hello comes first, every action answers the open request, the
engine refused none of its actions, a kept program is still there for the next game. A fault the
referee raised (a timeout, a crash, garbage, too many illegal actions) is a problem too. The
:class:`CheckReport` says ``ok`` or lists each problem with the message that showed it. Seats are
numbered from 0, as in the protocol.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from risk.bot_tap import KEPT_BYTES
from risk.errors import FileError, UsageError
from risk.files import read_bounded, write_atomically
from risk.schema import JsonProblem, read_json

#: How much of a message a problem quotes.
QUOTED_CHARS = 240
#: How many problems the verdict lists (the first ones; the count says how many in all).
SHOWN_PROBLEMS = 10
#: A game's transcript: every line of both sides (each cut at KEPT_BYTES); far more than any game.
MAX_TRANSCRIPT_BYTES = 1 << 30


@dataclass(frozen=True)
class Problem:
    """One thing that went wrong: in which game, what, and the line that showed it."""

    game: int
    what: str
    evidence: str | None = None

    def text(self) -> str:
        shown = f"\n      {self.evidence}" if self.evidence else ""
        return f"game {self.game}: {self.what}{shown}"


@dataclass(frozen=True)
class GameCheck:
    """One game of the check: its seed, the bot's seat, how it ended and what was said."""

    number: int
    seed: int
    seat: int
    players: tuple[str, ...]
    outcome: str
    engine_messages: int
    bot_messages: int

    def text(self) -> str:
        against = ", ".join(p for i, p in enumerate(self.players) if i != self.seat)
        return (f"game {self.number}: seed {self.seed}, seat {self.seat} of {len(self.players)} "
                f"against {against}: {self.outcome}; {self.engine_messages} messages to the bot, "
                f"{self.bot_messages} from it")


@dataclass(frozen=True)
class CheckReport:
    bot: str
    games: tuple[GameCheck, ...]
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        return not self.problems

    def text(self) -> str:
        return "\n".join([f"checking {self.bot}", *(game.text() for game in self.games),
                          self.verdict()])

    def verdict(self) -> str:
        """The last lines of :meth:`text`: ok, or the problems."""
        lines = []
        messages = sum(g.engine_messages + g.bot_messages for g in self.games)
        if self.ok:
            games = f"{len(self.games)} game{'s' if len(self.games) > 1 else ''}"
            lines.append(f"verdict: ok ({games}, {messages} messages, "
                         "every one valid against the protocol's schema)")
        else:
            count = len(self.problems)
            lines.append(f"verdict: FAILED, {count} problem{'s' if count > 1 else ''}:")
            lines.extend("  " + problem.text() for problem in self.problems[:SHOWN_PROBLEMS])
            if count > SHOWN_PROBLEMS:
                lines.append(f"  ... and {count - SHOWN_PROBLEMS} more")
        return "\n".join(lines)


# -- the schema -----------------------------------------------------------------------------------

class MessageValidator:
    """Validates one message against the schema of its direction and type (the protocol's
    schema, :func:`risk.protocol.schema.protocol_schema`, the same as docs/protocol.schema.json);
    raises UsageError when jsonschema is not installed."""

    def __init__(self):
        try:
            import jsonschema
        except ImportError:
            raise UsageError("risk bot check needs the jsonschema package (a dependency of "
                             "markov-risk): pip install jsonschema") from None
        from risk.protocol.schema import protocol_schema

        self._whole = protocol_schema()
        self._class = jsonschema.validators.validator_for(self._whole)
        self._by_type: dict[str, Any] = {}

    def error(self, side: str, message: dict) -> str | None:
        """The most telling reason ``message`` from ``side`` ("engine" or "bot") fails its type's
        schema, as one line, or None if it is valid."""
        from jsonschema.exceptions import best_match

        name = f"{side}.{message['type']}"
        validator = self._by_type.get(name)
        if validator is None:
            validator = self._class({**self._whole, "anyOf": [{"$ref": f"#/$defs/{name}"}]})
            self._by_type[name] = validator
        error = best_match(validator.iter_errors(message))
        if error is None:
            return None
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
        return f"{'at ' + where + ': ' if where else ''}{error.message}"[:QUOTED_CHARS]


# -- the conversation -----------------------------------------------------------------------------

def quoted(text: str) -> str:
    return text if len(text) <= QUOTED_CHARS else text[:QUOTED_CHARS] + f"... ({len(text)} chars)"


def read_transcript(path: Path) -> list[dict]:
    """The relay's records, in order (none if the bot never started)."""
    try:
        text = read_bounded(path, MAX_TRANSCRIPT_BYTES, FileError, "transcript", decode_errors="replace")
        return [json.loads(line) for line in text.splitlines() if line]  # the relay's own lines
    except FileError:
        if not path.exists():
            return []
        raise


def conversation_problems(records: Iterable[dict], validator: MessageValidator,
                          game: int) -> list[Problem]:
    """What a transcript shows the bot (or the engine) got wrong, in order."""
    return Conversation(validator).problems(records, game)


class Conversation:
    """Follows one bot's conversation, game after game (a kept program's next game goes on
    where the last one ended; the engine's hello starts a new program's), and names what went
    wrong."""

    def __init__(self, validator: MessageValidator):
        self.validator = validator
        self.open_request: int | None = None
        self.last_action: str | None = None
        self.bot_spoke = False

    def problems(self, records: Iterable[dict], game: int) -> list[Problem]:
        """The problems the next ``records`` show, blamed on ``game``."""
        problems: list[Problem] = []
        for record in records:
            problems.extend(self._read(record, game))
        return problems

    def _read(self, record: dict, game: int) -> list[Problem]:
        from risk.protocol.messages import BOT_MESSAGES, ENGINE_MESSAGES

        problems: list[Problem] = []
        side, text = record["from"], record["text"]
        sender = "the bot" if side == "bot" else "the engine"
        if record.get("truncated"):
            return [Problem(game, f"{sender} sent a line longer than {KEPT_BYTES} bytes", quoted(text))]
        try:
            message = read_json(text)  # bounded: a bot's line nested 100,000 deep is a finding, not a crash
        except JsonProblem as exc:
            return [Problem(game, f"{sender} sent a line that is not JSON ({exc})", quoted(text))]
        kind = message.get("type") if isinstance(message, dict) else None
        kind = kind if isinstance(kind, str) else None
        allowed = BOT_MESSAGES if side == "bot" else ENGINE_MESSAGES
        if kind not in allowed:
            return [Problem(game, f"{sender} sent a message of unknown type {kind!r} "
                                  f"(it may send: {', '.join(sorted(allowed))})", quoted(text))]
        reason = self.validator.error(side, message)
        if reason is not None:
            blame = "" if side == "bot" else " (an engine bug, not the bot's)"
            problems.append(Problem(game, f"{sender}'s {kind} message fails the schema{blame}: "
                                          f"{reason}", quoted(text)))
        if side == "engine":
            if kind == "hello":  # a program starts: a fresh conversation
                self.open_request, self.bot_spoke = None, False
            elif kind == "request":
                self.open_request = message.get("id")
            elif kind == "error":
                self.open_request = message.get("id")  # the same request stands: answer it again
                problems.append(Problem(game, f"the engine refused the bot's answer to request "
                                              f"{message.get('id')}: {message.get('reason')}",
                                        self.last_action))
            elif kind in ("game_over", "quit"):
                self.open_request = None
            return problems
        if not self.bot_spoke and kind != "hello":
            problems.append(Problem(game, f"the bot's first message must be hello, not {kind}",
                                    quoted(text)))
        self.bot_spoke = True
        if kind == "action":
            self.last_action = quoted(text)
            if reason is not None:
                return problems  # its id may not even be a number: the schema's complaint says enough
            if self.open_request is None:
                problems.append(Problem(game, "the bot sent an action with no request open", quoted(text)))
            elif message.get("id") != self.open_request:
                problems.append(Problem(game, f"the bot answered request {message.get('id')!r} "
                                              f"but the open request is {self.open_request}", quoted(text)))
            else:
                self.open_request = None
        return problems


# -- the games ------------------------------------------------------------------------------------

def program_of(bot: Sequence[str]):
    """The bot program to check, as an :class:`ExternalAgent` (not started), and its display
    name: ``bot`` is a command line, or one spec (``cmd:...``, a bot file, or a built-in bot's
    spec, which is checked served over the protocol by ``python -m risk.protocol.serve``); one
    word that is none of these is a program to run. Raises UsageError for a bad spec."""
    from ai import registry
    from risk.players import IMPORT_PATH, PROGRAM, make_player, spec_kind
    from risk.protocol.external import ExternalAgent
    from risk.protocol.spec import DEFAULT_REUSE

    word = bot[0] if len(bot) == 1 else None
    if word is not None and spec_kind(word) == PROGRAM:
        return make_player(word), word
    a_program = word is None or "/" in word or Path(word).exists()
    if not a_program and (word.split(":", 1)[0] in registry.available() or spec_kind(word) == IMPORT_PATH):
        make_player(bot[0])  # a bad parameter is the user's mistake: say so here, in one line
        command = [sys.executable, "-m", "risk.protocol.serve", bot[0]]
        return ExternalAgent(command, spec=bot[0], reuse=DEFAULT_REUSE), bot[0]
    return ExternalAgent(list(bot), spec="cmd:" + shlex.join(bot), reuse=DEFAULT_REUSE), shlex.join(bot)


def ensure_startable(program) -> None:
    """Raise UsageError, in one line, when ``program``'s command names nothing that can run: the
    relay would start and only see it fail (exit code 127) three games in a row."""
    import shutil

    from risk.errors import UsageError

    executable = program.command[0]
    folder = Path(program.cwd) if program.cwd is not None else Path.cwd()
    if os.sep in executable or "/" in executable:
        found = (folder / executable).exists()
    else:
        found = shutil.which(executable) is not None
    if not found:
        raise UsageError(f"cannot start the bot: no program '{executable}' "
                         f"({'no such file' if '/' in executable else 'not found on PATH'})")


def tapped(program, transcript: Path, log: Path | None):
    """A copy of ``program`` run through the recording relay, writing to ``transcript``."""
    from risk import bot_tap
    from risk.protocol.external import ExternalAgent

    # The relay runs as a script (it needs only the standard library), so it starts fast and
    # from any working folder, whether or not this package is importable there.
    relay = [sys.executable, bot_tap.__file__, str(transcript.resolve()), "--", *program.command]
    return ExternalAgent(relay, spec=program.spec, cwd=program.cwd, options=program.options,
                         display_name=program.display_name, retries=program.retries,
                         timeout=program.timeout, log_path=log or program.log_path, reuse=program.reuse)


def fault_problem(fault, seat: int, game: int, records: list[dict]) -> Problem:
    """The referee's fault as a problem, quoting the last line that crossed the pipes (for a
    timeout, the request the bot left unanswered)."""
    if fault.seat != seat:
        return Problem(game, f"a built-in opponent failed ({fault}); this game proves nothing")
    last = records[-1] if records else None
    evidence = f"the last line, from the {last['from']}: {quoted(last['text'])}" if last else None
    return Problem(game, f"the referee ended the game: {fault}", evidence)


#: How long a program kept after a game must stay running to count as waiting for the next one
#: (a bot that ends after ``game_over`` is gone well within it).
KEPT_GRACE = 0.3
#: How long to wait for the relay to record a game's last line (it records as it passes them on).
RECORD_WAIT = 30.0


def check_bot(bot: Sequence[str], games: int = 3, seed: int = 1,
              opponents: Sequence[str] = ("angry", "random"), max_turns: int = 30,
              move_seconds: float | None = 10.0, transcripts: Path | None = None,
              progress: Callable[[str], None] | None = None) -> CheckReport:
    """Play ``games`` short games of the bot against ``opponents`` and check every message
    (``progress`` is given the lines of :meth:`CheckReport.text` before the verdict as they
    come); raises UsageError for a bad bot spec or opponent, never for what the bot does.

    ``transcripts``: a folder that keeps each game's conversation (``game-N.jsonl``) and the
    bot's stderr (``bot.log``, with the referee's ``[referee] next game`` between games)."""
    from risk.clock import MoveClock
    from risk.match import AgentFault, Match
    from risk.players import make_player
    from risk.rules import Rules

    validator = MessageValidator()
    program, name = program_of(bot)
    ensure_startable(program)
    for opponent in opponents:
        make_player(opponent)  # a bad opponent is the user's mistake: say so before any game
    players = len(opponents) + 1
    if progress is not None:
        progress(f"checking {name}")
    checks: list[GameCheck] = []
    problems: list[Problem] = []
    conversation = Conversation(validator)
    with tempfile.TemporaryDirectory(prefix="risk-bot-check-") as scratch:
        kept = Path(transcripts) if transcripts else None
        if kept is not None:
            kept.mkdir(parents=True, exist_ok=True)
        # One relay record for every game: a program kept between games keeps its relay.
        recording = Path(scratch) / "conversation.jsonl"
        tested = tapped(program, recording, kept / "bot.log" if kept else None)
        read = 0  # records of the games before this one
        try:
            for number in range(1, games + 1):
                game_seed, seat = seed + number - 1, (number - 1) % players
                agents = [make_player(spec) for spec in opponents]
                agents.insert(seat, tested)
                specs = tuple(list(opponents[:seat]) + [name] + list(opponents[seat:]))
                match = Match(agents, seed=game_seed, rules=Rules(max_turns=max_turns),
                              clock=MoveClock(move_limit=move_seconds))
                try:
                    result = match.play()
                    outcome = (f"played {result.turns} turns ({result.reason}), "
                               f"place {result.places[seat]} of {players}")
                    ended = None
                except AgentFault as fault:
                    outcome, ended = f"forfeited: {fault.kind}", fault
                last = number == games
                waiting = ended is None and tested.reuse and not last
                gone_early = waiting and not tested.kept_program_alive(KEPT_GRACE)
                if last or not waiting:
                    tested.close()
                    tested.stop_kept()
                records = _records_of_game(recording, read, finished=ended is None)
                read += len(records)
                if kept is not None:
                    write_atomically(kept / f"game-{number}.jsonl",
                                     "".join(json.dumps(r) + "\n" for r in records))
                problems.extend(conversation.problems(records, number))
                if ended is not None:
                    problems.append(fault_problem(ended, seat, number, records))
                if gone_early:
                    problems.append(Problem(number, "the bot's program ended after game_over: the "
                                                    "referee keeps a program for the next game, so a "
                                                    "bot must wait for the next new_game or quit"))
                checks.append(GameCheck(number, game_seed, seat, specs, outcome,
                                        sum(r["from"] == "engine" for r in records),
                                        sum(r["from"] == "bot" for r in records)))
                if progress is not None:
                    progress(checks[-1].text())
        finally:
            tested.close()
            tested.stop_kept()
    return CheckReport(name, tuple(checks), tuple(problems))


def _records_of_game(recording: Path, start: int, finished: bool) -> list[dict]:
    """The relay's records from ``start`` on. For a game that ``finished`` (its program may be
    kept, still running), wait until the relay has recorded the engine's game_over."""
    deadline = time.monotonic() + RECORD_WAIT
    while True:
        records = read_transcript(recording)[start:]
        if not finished or any(_is_game_over(r) for r in records) or time.monotonic() > deadline:
            return records
        time.sleep(0.02)


def _is_game_over(record: dict) -> bool:
    if record["from"] != "engine":
        return False
    try:
        return json.loads(record["text"]).get("type") == "game_over"
    except (ValueError, AttributeError):
        return False
