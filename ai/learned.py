"""A leaf learned from games: the chance that the player who just moved goes on to win.

The hand-made leaf (:class:`ai.evaluation.Evaluation`) weighs survival, reinforcements, territory and
cards by judgement. This one fits the weights instead: a logistic regression of "the player who
just ended a turn went on to win" on the features below, over the turn-end positions of games
between ``mcts`` bots (``lab/scripts/fit_leaf.py`` plays them from a seed, fits the weights and
writes :mod:`ai.learned_weights`). The features are the mover's shares against the whole table
and against its strongest rival, because at a table of four a position is good or bad relative
to the leader, not only in itself:

- ``territory``, ``reinforcements`` (continents counted), ``armies``: the mover's shares of the table's;
- ``survival``: the mean chance that each of its territories survives its strongest enemy
  neighbour's all-out attack (the paper's reward);
- ``cards``: its hand, counting the card earned this turn, over 5; ``set_armies``: the armies the
  next set would bring if the hand holds one, over the table's armies;
- ``leader_armies``, ``leader_reinforcements``: the strongest rival's shares (armies,
  reinforcements);
- ``rival_cards``: the largest rival hand over 5;
- ``next_armies``: the share of the rival who moves next (the first to answer);
- ``pressure``: the enemy armies next to the mover's borders over its own armies (capped at 3);
- ``rivals``: how many rivals are alive, over 5;
- ``prey``: whether some rival is down to three territories or fewer (a kill and its cards near).

Everything is read from a :class:`ai.turn.TurnState`, so the search's leaf and the recorded
games see the same numbers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

FEATURES = ("territory", "reinforcements", "armies", "survival", "cards", "set_armies", "leader_armies",
            "leader_reinforcements", "rival_cards", "next_armies", "pressure", "rivals", "prey")

#: A rival with this many territories or fewer is prey: one turn may take them all.
PREY_TERRITORIES = 3


def reinforcements(state) -> list[int]:
    """Every owner's reinforcements for a turn, as the rules count them (territories and
    continents); 0 if dead."""
    out = []
    rules, board = state.rules, state.board
    for p in range(len(state.alive)):
        if not state.alive[p] or state.count[p] == 0:
            out.append(0)
            continue
        out.append(rules.income(board, state.count[p], state.own_mask[p]))
    return out


def features(state, set_value: float) -> list[float]:
    """The mover's features (see the module's docstring), in the order of :data:`FEATURES`."""
    player, owner, armies, win = state.player, state.owner, state.armies, state.win
    neighbours = state.board.neighbours
    peaceful = state.peaceful
    totals = [0] * len(state.alive)
    for t, a in enumerate(armies):
        o = owner[t]
        if o >= 0:
            totals[o] += a
    table_armies = sum(totals) or 1
    arriving = reinforcements(state)
    table_arriving = sum(arriving) or 1
    rivals = [p for p in range(state.players) if p != player and state.alive[p] and p != state.neutral]

    survival_sum = 0.0
    pressure = 0
    rest = state.own_mask[player]
    while rest:
        low = rest & -rest
        t = low.bit_length() - 1
        rest ^= low
        worst = 0.0
        for n in neighbours[t]:
            o = owner[n]
            if o != player and o != peaceful and armies[n] >= 2:
                pressure += armies[n] - 1
                p = win[armies[n]][armies[t]]
                if p > worst:
                    worst = p
        survival_sum += 1.0 - worst
    own = state.count[player]
    hand = state.own_hand() + (1 if state.conquered else 0)
    leader = max(rivals, key=lambda p: totals[p]) if rivals else None
    following = None
    for step in range(1, state.players):
        p = (player + step) % state.players
        if p in rivals:
            following = p
            break
    hands = state.hand_sizes
    return [
        own / len(owner),
        arriving[player] / table_arriving,
        totals[player] / table_armies,
        survival_sum / own if own else 0.0,
        min(hand, 5) / 5.0,
        (set_value / table_armies) if hand >= 3 else 0.0,
        totals[leader] / table_armies if leader is not None else 0.0,
        arriving[leader] / table_arriving if leader is not None else 0.0,
        max((min(hands[p], 5) for p in rivals), default=0) / 5.0,
        totals[following] / table_armies if following is not None else 0.0,
        min(3.0, pressure / max(1, totals[player])),
        len(rivals) / 5.0,
        1.0 if any(state.count[p] <= PREY_TERRITORIES for p in rivals) else 0.0,
    ]


@dataclass(frozen=True)
class LearnedEvaluation:
    """The fitted chance of winning, in [0, 1]: sigmoid(bias + weights · features)."""

    weights: tuple[float, ...]
    bias: float
    set_value: float = 0.0

    def __call__(self, state) -> float:
        if state.winner():
            return 1.0
        z = self.bias
        for w, x in zip(self.weights, features(state, self.set_value)):
            z += w * x
        if z < -30.0:
            return 0.0
        return 1.0 / (1.0 + math.exp(-z))


def learned_evaluation(set_value: float) -> LearnedEvaluation:
    """The leaf with the weights in :mod:`ai.learned_weights`, told what the next set is worth."""
    from ai import learned_weights

    missing = set(FEATURES) - set(learned_weights.WEIGHTS)
    if missing:
        raise ValueError(f"ai/learned_weights.py has no weight for {', '.join(sorted(missing))}: "
                         "refit it with lab/scripts/fit_leaf.py")
    return LearnedEvaluation(tuple(learned_weights.WEIGHTS[name] for name in FEATURES),
                             learned_weights.BIAS, set_value)
