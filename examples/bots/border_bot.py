#!/usr/bin/env python3
"""A Risk bot speaking the engine's bot protocol (version 1), standard library only.

The strategy every starter kit plays, move for move (examples/bots/README.md): trade when it
can, deploy on the border territory with the best odds against its weakest neighbour, blitz when
it outnumbers the defender by three armies or more (stopping when half the attackers are gone),
move in everything after a conquest, fortify from the interior to the border. It keeps no state
between requests but the map, so the same game gives the same moves.

    risk bot check -- python3 examples/bots/border_bot.py
"""

import json
import sys

NAME = "border-py"


def send(message):
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()  # the referee waits for the whole line: never leave it in a buffer


def log(text):
    print(f"[{NAME}] {text}", file=sys.stderr, flush=True)


def with_number(item, which):
    """The item's action with its number appended: the item's "min" or "max" (if it takes one)."""
    return f"{item['action']} {item[which]}" if which in item else item["action"]


def verb(item):
    return item["action"].split(" ")[0]


def first(items, wanted):
    return next((item for item in items if verb(item) == wanted), None)


def best_of(scored):
    """The first (item, score) pair with the highest score, or None: ties go to the engine's order."""
    best = None
    for item, score in scored:
        if best is None or score > best[1]:
            best = (item, score)
    return best[0] if best else None


class BorderBot:
    def __init__(self):
        self.index, self.neighbours, self.seat = {}, [], 0
        self.owners, self.armies = [], []
        self.request = None  # kept to answer again after an error

    def new_game(self, message):
        self.seat = message["seat"]
        territories = message["map"]["territories"]
        self.index = {territory["slug"]: i for i, territory in enumerate(territories)}
        self.neighbours = [[self.index[slug] for slug in territory["neighbours"]] for territory in territories]

    def answer(self, refused):
        view = self.request["view"]
        self.owners = [-1 if owner is None else owner for owner in view["owners"]]
        self.armies = view["armies"]
        legal = self.request["legal"]
        # After a refusal the safe answer: the first legal item at its smallest number.
        action = with_number(legal[0], "min") if refused else self.choose(legal)
        send({"type": "action", "id": self.request["id"], "action": action})

    def choose(self, items):
        trade = first(items, "trade")
        if trade is not None:
            return trade["action"]
        best = best_of((item, self.deploy_score(item)) for item in items if verb(item) in ("deploy", "place"))
        if best is not None:
            return with_number(best, "max")
        best = best_of((item, self.claim_score(item)) for item in items if verb(item) == "claim")
        if best is not None:
            return best["action"]
        blitzes = [item for item in items if verb(item) == "blitz" and "suffix" not in item]
        best = best_of((item, self.odds_score(item)) for item in blitzes if self.odds_score(item) >= 3)
        if best is not None:  # N is where the blitz stops: here, when half the attackers are gone
            stop = max(best["min"], min(best["max"], self.armies[self.territory(best, 1)] // 2))
            return f"{best['action']} {stop}"
        occupy = first(items, "occupy")
        if occupy is not None:
            return with_number(occupy, "max")
        best = best_of((item, item["max"]) for item in items if verb(item) == "fortify" and self.inward(item))
        if best is not None:
            return with_number(best, "max")
        for wanted in ("end", "defend", "stand", "six"):
            item = first(items, wanted)
            if item is not None:
                return with_number(item, "max")
        return with_number(items[0], "min")

    def deploy_score(self, item):
        """Deploy or place on the border facing the weakest enemy (anywhere else scores lowest)."""
        t = self.territory(item, 1)
        return self.armies[t] - self.weakest_enemy_neighbour(t) if self.border(t) else -2 ** 62

    def claim_score(self, item):
        """Claim next to our own territories, away from the others'."""
        return sum(1 if self.mine(n) else -1 if self.enemy(n) else 0
                   for n in self.neighbours[self.territory(item, 1)])

    def odds_score(self, item):
        """By how many armies the attacking territory outnumbers the defending one."""
        return self.armies[self.territory(item, 1)] - self.armies[self.territory(item, 2)]

    def inward(self, item):
        """A fortify move from the interior to the border."""
        return not self.border(self.territory(item, 1)) and self.border(self.territory(item, 2))

    def territory(self, item, word):
        return self.index[item["action"].split(" ")[word]]

    def mine(self, t):
        return self.owners[t] == self.seat

    def enemy(self, t):
        return self.owners[t] >= 0 and self.owners[t] != self.seat

    def border(self, t):
        return self.mine(t) and any(self.enemy(n) for n in self.neighbours[t])

    def weakest_enemy_neighbour(self, t):
        return min(self.armies[n] for n in self.neighbours[t] if self.enemy(n))


def main():
    bot = BorderBot()
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except ValueError as problem:
            log(f"unreadable line ({problem})")
            continue
        kind = message.get("type")
        if kind == "hello":
            send({"type": "hello", "protocol": 1, "name": NAME, "version": "1.0",
                  "author": "markov-risk examples", "options": []})
        elif kind == "new_game":
            bot.new_game(message)
        elif kind == "request":
            bot.request = message
            bot.answer(refused=False)
        elif kind == "error":
            log(f"refused: {message.get('reason')}")
            bot.answer(refused=True)
        elif kind == "game_over":
            log(f"game over: {message.get('reason')}")
        elif kind == "quit":
            return
        # events, options, and whatever a later protocol adds: nothing to do


if __name__ == "__main__":
    main()
