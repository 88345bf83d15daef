"""Golden games: seeded games under every preset and rule variant, digested step by step.

The digest of a game folds in, after every action: the seat and the action's text, every event
(its repr), the position in a representation-independent form (owners, armies, phase by name,
hands, deck, ...), the number of legal actions (a perft-like check of move generation) and the
state of the game's random generator (so a changed or extra random draw shows at once), and at
the end the record's lines. ``tests/data/golden_games.json`` holds the digests taken before the
core refactor (issue 12); ``test_golden.py`` checks that the code still plays every game the same.

Regenerate only when a change is meant to change games: ``python -m tests.support.golden --write``.
"""

from __future__ import annotations

import hashlib
import json
import sys

from tests.support import DATA

GOLDEN_FILE = DATA / "golden_games.json"

#: (name, preset, rule changes, bots, seed). The turn cap keeps each game short; the bots are the
#: built-in ones, mcts with a small budget so that its search (and its use of the odds) is covered.
GAMES = [
    ("us-1993-4p", "us-1993", {"max_turns": 60}, ["angry", "threshold", "random", "markov"], 11),
    ("us-1993-2p-neutral", "us-1993", {"max_turns": 60}, ["threshold", "angry"], 12),
    ("us-1993-6p", "us-1993", {"max_turns": 40}, ["angry"] * 3 + ["threshold"] * 2 + ["random"], 13),
    ("us-1993-mcts", "us-1993", {"max_turns": 25}, ["mcts:iterations=40", "threshold", "angry"], 14),
    ("uk-old", "uk-old", {"max_turns": 60}, ["angry", "threshold", "markov"], 21),
    ("uk-new", "uk-new", {"max_turns": 60}, ["angry", "threshold", "angry", "random"], 22),
    ("us-1959", "us-1959", {"max_turns": 60}, ["threshold", "angry", "angry"], 23),
    ("italian", "italian", {"max_turns": 60}, ["angry", "threshold", "markov"], 24),
    ("missions", "us-1993", {"missions": True, "max_turns": 80}, ["angry", "threshold", "angry", "markov"], 31),
    ("missions-uk-1998", "uk-old", {"missions": True, "mission_set": "us-1998", "max_turns": 80},
     ["angry", "threshold", "angry"], 32),
    ("capitals", "us-1993", {"capitals": True, "max_turns": 60}, ["angry", "threshold", "angry"], 33),
    ("commanders", "us-1993", {"commanders": True, "max_turns": 50}, ["angry", "threshold", "random"], 34),
    ("commanders-mcts", "us-1993", {"commanders": True, "max_turns": 20}, ["mcts:iterations=30", "angry", "threshold"], 35),
    ("retreat-sea", "us-1993", {"retreat": True, "sea_lane_defence": True, "max_turns": 50},
     ["angry", "threshold", "random"], 36),
    ("seeing-defender", "us-1993", {"defender_sees_dice": True, "max_turns": 50},
     ["angry", "markov", "threshold"], 37),
    ("two-dice-rule", "italian", {"defender_two_dice_needs": 3, "max_turns": 50}, ["angry", "threshold", "angry"], 38),
    ("cards-anytime-connected", "us-1993",
     {"trade_anytime": True, "fortify": "connected", "card_values": "fixed", "max_turns": 60},
     ["threshold", "angry", "random"], 39),
    ("deal-auto-limits", "us-1993",
     {"setup": "deal", "placement": "auto", "army_limit": 12, "territory_bonus": "off", "max_turns": 60},
     ["angry", "angry", "threshold"], 40),
    ("all-random", "us-1993", {"max_turns": 30}, ["random"] * 5, 41),
]


def canonical(state) -> tuple:
    """The position, in terms that do not depend on how the state stores its decisions."""
    missions = None
    if state.missions is not None:
        missions = tuple(repr(m) for m in state.missions)
    return (tuple(state.owner), tuple(state.armies), state.phase.name, state.player, state.turn,
            tuple(state.reserve), state.pool, tuple(tuple(h) for h in state.hands), tuple(state.deck),
            tuple(state.discard), state.sets_traded, state.bonus_used, state.conquered,
            state.attack_source, state.attack_target, state.occupy_min, state.winner,
            state.end_reason, tuple(state.places or ()), state.current_player, state.withheld,
            state.commander_used, tuple(state.capitals), missions, tuple(state.alive),
            tuple(state.eliminated))


def rng_digest(state) -> str:
    rng = state.rng.get_state()
    return json.dumps([rng["bit_generator"], rng["buffer"]], sort_keys=True, default=str)


def play(name: str, preset: str, changes: dict, bots: list[str], seed: int) -> dict:
    from ai import make_agent
    from risk.match import Match
    from risk.rules import Rules

    rules = Rules.preset(preset, **changes)
    match = Match([make_agent(spec) for spec in bots], seed=seed, rules=rules)
    digest = hashlib.sha256()
    state = match.state
    digest.update(repr(canonical(state)).encode())
    steps = 0
    while not state.is_terminal():
        seat = state.current_player
        legal = len(state.legal_actions())
        events = match.step()
        action_text = match.record.actions[-1][1]
        digest.update(f"{seat}|{action_text}|{legal}".encode())
        for event in events:
            digest.update(repr(event).encode())
        digest.update(repr(canonical(state)).encode())
        digest.update(rng_digest(state).encode())
        steps += 1
    for line in match.record.lines():
        digest.update(line.encode())
    return {"digest": digest.hexdigest(), "actions": steps, "turns": state.turn,
            "winner": state.winner, "reason": state.end_reason}


def final_digest(state) -> str:
    """The digest of a replayed record's final position and random generator."""
    return hashlib.sha256((repr(canonical(state)) + rng_digest(state)).encode()).hexdigest()


def play_all() -> dict:
    return {name: play(name, preset, changes, bots, seed) for name, preset, changes, bots, seed in GAMES}


if __name__ == "__main__":
    results = play_all()
    for name, result in results.items():
        print(name, result)
    if "--write" in sys.argv:
        stored = json.loads(GOLDEN_FILE.read_text()) if GOLDEN_FILE.exists() else {}
        stored["games"] = results
        GOLDEN_FILE.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n")
        print("wrote", GOLDEN_FILE)
