#!/usr/bin/env python3
"""A random Risk bot speaking the engine's bot protocol (version 1), standard library only.

It reads one JSON object a line on stdin and writes one a line on stdout; anything it wants a
person to read goes to stderr, which the referee keeps in its log. Each request lists the legal
actions as items: an item without "min"/"max" is a whole action, one with them needs a number in
[min, max] appended (then the item's "suffix", if it has one). This bot picks an item, and a
number, at random.

Run it against the built-in bots:
    risk simulate --bots "cmd:python3 examples/bots/random_bot.py,angry,random"
Check it:
    risk bot check -- python3 examples/bots/random_bot.py
"""

import json
import random
import sys

PROTOCOL = 1
NAME, VERSION, AUTHOR = "random-py", "1.0", "markov-risk examples"
#: The options this bot accepts: the engine may set them after the handshake.
OPTIONS = [
    {"name": "seed", "type": "int", "default": 0},
    {"name": "end_weight", "type": "float", "default": 1.0},
]


def send(message):
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()  # the referee waits for the whole line: never leave it in a buffer


def log(text):
    print(f"[{NAME}] {text}", file=sys.stderr, flush=True)


class RandomBot:
    def __init__(self):
        self.options = {option["name"]: option["default"] for option in OPTIONS}
        self.rng = random.Random(0)
        self.request = None  # the request being answered, kept for a retry after an error

    def on_hello(self, message):
        if message.get("protocol") != PROTOCOL:
            log(f"engine speaks protocol {message.get('protocol')}, this bot {PROTOCOL}")
        send({"type": "hello", "protocol": PROTOCOL, "name": NAME, "version": VERSION,
              "author": AUTHOR, "options": OPTIONS})

    def on_option(self, message):
        name, value = message.get("name"), message.get("value")
        if name in self.options:
            self.options[name] = value
        else:
            log(f"ignoring unknown option {name!r}")

    def on_new_game(self, message):
        # The same new_game seed, seat and seed option give the same moves (None: unseeded game).
        self.rng = random.Random(f"{self.options['seed']}/{message.get('seed')}/{message['seat']}")
        self.request = None

    def on_request(self, message):
        self.request = message
        self.answer(message["legal"])

    def on_error(self, message):
        log(f"request {message.get('id')} refused: {message.get('reason')}")
        if self.request is not None and message.get("id") == self.request["id"]:
            self.answer(self.request["legal"])

    def answer(self, legal):
        weights = [self.options["end_weight"] if item["action"] == "end" else 1.0 for item in legal]
        if sum(weights) <= 0:
            weights = None  # every weight zero: fall back to a plain uniform choice
        item = self.rng.choices(legal, weights=weights)[0]
        action = item["action"]
        if "min" in item and "max" in item:
            action += f" {self.rng.randint(item['min'], item['max'])}"
            if item.get("suffix"):
                action += " " + item["suffix"]
        send({"type": "action", "id": self.request["id"], "action": action})

    def on_game_over(self, message):
        log(f"game over: places {message.get('places')} ({message.get('reason')})")
        self.request = None


def main():
    bot = RandomBot()
    handlers = {"hello": bot.on_hello, "option": bot.on_option, "new_game": bot.on_new_game,
                "request": bot.on_request, "error": bot.on_error, "game_over": bot.on_game_over,
                "events": lambda message: None}  # a random bot has no use for what happened
    for line in sys.stdin:
        try:
            message = json.loads(line)
        except ValueError:
            log(f"unreadable line: {line[:80]!r}")
            continue
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "quit":
            return
        handler = handlers.get(kind)
        if handler is None:
            log(f"ignoring message of type {kind!r}")  # a newer engine may send more types
        else:
            handler(message)


if __name__ == "__main__":
    main()
