"""Serve a built-in bot over protocol 1: ``python -m risk.protocol.serve SPEC``.

The bot side of the protocol: the program reads the engine's lines on stdin and answers on stdout.
Its options are the bot's parameters (``mcts`` declares ``iterations``, ``c`` ...). For every
request it rebuilds a state from the map, the rules and the request's view (the hidden cards
dealt from its own random source, seeded by ``new_game``'s seed, as ``GameState.view`` deals
them) and asks the bot. Served this way a bot plays exactly as in-process whenever its choice does
not depend on the cards it cannot see (the deck order it samples differs: see docs/protocol.md).
"""

from __future__ import annotations

import json
import sys
from typing import Any, BinaryIO, TextIO

from risk.protocol.messages import (ENGINE_MESSAGES, PROTOCOL_VERSION, ActionReply, BotHello, BotOption, Error,
                                    NewGame, ProtocolError, Quit, Request, SetOption, read_message)

_TYPES = {bool: "bool", int: "int", float: "float", str: "string"}


def bot_options(spec: str) -> tuple[BotOption, ...]:
    """The served bot's parameters as protocol options, with the spec's values as defaults."""
    from risk.players import make_trusted_player, resolve

    cls, _ = resolve(spec, allow_imports=False)
    agent = make_trusted_player(spec)
    options = []
    for name, default in (cls.parameters() if hasattr(cls, "parameters") else {}).items():
        value = getattr(agent, name, default)
        kind = _TYPES.get(type(value)) or _TYPES.get(type(default))
        if kind is not None:
            options.append(BotOption(name, kind, value))
    return tuple(options)


class Server:
    """One served bot: answers the engine's messages one line at a time."""

    def __init__(self, spec: str, output: TextIO | BinaryIO):
        from risk.players import make_trusted_player

        self.spec = spec
        self.output = output
        self.options: dict[str, Any] = {}
        self.agent = make_trusted_player(spec)
        self.board = None
        self.rules = None
        self.rng = None
        self.last_request: Request | None = None
        self.running = True

    def handle(self, line: str) -> None:
        message = read_message(line, ENGINE_MESSAGES)
        if message.TYPE == "hello":
            if message.protocol != PROTOCOL_VERSION:
                raise ProtocolError(f"this bot speaks protocol {PROTOCOL_VERSION}, not {message.protocol}")
            self._send(BotHello(PROTOCOL_VERSION, self.spec, _engine_version(), "markov-risk",
                                bot_options(self.spec)))
        elif isinstance(message, SetOption):
            self.options[message.name] = message.value
        elif isinstance(message, NewGame):
            self._new_game(message)
        elif isinstance(message, Request):
            self._answer(message)
        elif isinstance(message, Error):
            # A built-in bot's move is legal in the state it was given; if the engine disagrees,
            # say so in the log and answer with the first legal action rather than forfeit.
            print(f"refused: {message.reason}", file=sys.stderr)
            item = self.last_request.legal[0]
            text = item["action"] + (f" {item['min']}" if "min" in item else "")
            self._send(ActionReply(message.id, text))
        elif isinstance(message, Quit):
            self.running = False

    def _new_game(self, message: NewGame) -> None:
        from risk.board import board_from_dict
        from risk.players import make_trusted_player
        from risk.rules import Rules
        from risk.state import RandomSource

        if self.options:
            head = self.spec.partition(":")[0]
            merged = {**dict(p.split("=", 1) for p in filter(None, self.spec.partition(":")[2].split(","))),
                      **{k: str(v) for k, v in self.options.items()}}
            self.agent = make_trusted_player(head + ":" + ",".join(f"{k}={v}" for k, v in merged.items()))
        self.board = board_from_dict(message.map)
        self.rules = Rules.from_dict(message.rules)
        self.rng = RandomSource(message.seed)
        reset = getattr(self.agent, "reset", None)
        if reset is not None:
            reset(message.seed)

    def _answer(self, message: Request) -> None:
        from risk.protocol.view import rebuild_state

        self.last_request = message
        state = rebuild_state(self.board, self.rules, message.view, self.rng)
        action = self.agent.act(state)
        self._send(ActionReply(message.id, action.text(self.board)))

    def _send(self, message) -> None:
        self.output.write(json.dumps(message.to_json(), separators=(",", ":")) + "\n")
        self.output.flush()


def _engine_version() -> str:
    from risk import __version__
    return __version__


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m risk.protocol.serve BOT-SPEC   (a built-in bot, e.g. mcts:iterations=100)",
              file=sys.stderr)
        return 2
    from risk.errors import RiskError

    try:
        server = Server(argv[0], sys.stdout)
    except RiskError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            server.handle(line)
        except RiskError as exc:  # a message it cannot follow: say so on stderr (the referee's log)
            print(f"error: {exc}", file=sys.stderr)
            return 1
        if not server.running:
            break
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
