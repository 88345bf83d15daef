"""How good the end of a turn is for the player who moved, in [0, 1]: the leaf of the search.

The position is read through features that mean the same on every map and at every table:

- ``survival``: the mean chance that each of the player's territories survives an all-out
  attack by its strongest enemy neighbour with that enemy's next reinforcements on it (each
  opponent deploys before it attacks; a stack that never attacks, the neutral army, is no
  threat);
- ``reinforcements``: the player's share of the table's reinforcements, as the rules count them
  (territories and continents), the player's own continents each counted at the survival of its
  weakest gate: the other players move before the bonus is paid, and one gate taken breaks it;
- ``territory``: the player's share of the territories;
- ``material``: the player's share of the armies and cards on the table, a card worth a third of
  the next set;
- ``card``: a card earned this turn (a conquest), and cards taken by eliminating a player;
- ``continents``: progress towards the continents, each weighed by its worth
  (:mod:`ai.strategist.world`): the square of the share held, so that a continent nearly held
  counts far more than a few territories spread over several.

The value is a logistic function of their weighted sum (:data:`WEIGHTS`), set by hand from what
the features mean. Weights fitted to the winners of games on many maps predict the winner better
and play worse (docs/strength.md, "The leaf, fitted on many maps"; the fit is
``lab/scripts/fit_strategist.py``). Under the variants with an objective (a secret
mission, capitals), the progress towards it is blended in, and an objective met is worth 1.

:class:`LeafValue` is built once per search from its root, and scores a leaf by rescoring only
the territories the turn changed and their neighbours (``TurnModel.touched``).
"""

from __future__ import annotations

import math

from ai.evaluation import card_progress, with_objective
from ai.odds import border_chance
from ai.strategist.world import world_of

#: The features, in the order of :data:`WEIGHTS`.
FEATURES = ("survival", "reinforcements", "territory", "material", "card", "continents")

#: The weight of each feature and the intercept, set by hand (see the module's docstring).
WEIGHTS = (1.2, 3.0, 1.0, 3.0, 0.6, 1.0)
INTERCEPT = -4.0

#: How much the objective (a mission, the capitals) weighs against the rest, when there is one.
OBJECTIVE = 0.35


def squash(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x)) if x > -60.0 else 0.0


def incomes(state) -> list[int]:
    """Each owner's reinforcements before cards, as the rules count them (0 for the players out;
    the neutral army, where there is one, last)."""
    board, rules, count, masks, alive = state.board, state.rules, state.count, state.own_mask, state.alive
    return [rules.income(board, count[p], masks[p]) if alive[p] else 0 for p in range(len(alive))]


def next_reinforcements(state) -> list[int]:
    """The armies each opponent of ``state``'s player deploys at its next turn before cards (0 for
    the player and the players out)."""
    armies = incomes(state)
    armies[state.player] = 0
    return armies


class LeafValue:
    """The leaf evaluation of one search, prepared at its root ``root`` (a TurnModel)."""

    __slots__ = ("player", "peaceful", "root_owner", "root_armies", "root_safe", "root_safe_total",
                 "root_totals", "card_value", "weights", "intercept", "continents", "held", "boost", "root_value",
                 "known_incomes", "known_progress")

    def __init__(self, root, card_value: float, weights=WEIGHTS, intercept: float = INTERCEPT,
                 boost: list[int] | None = None):
        self.player = root.player
        self.peaceful = root.peaceful
        self.card_value = card_value
        self.weights = weights
        self.intercept = intercept
        shapes = world_of(root.board).continents
        self.continents = [(c.mask, c.size, c.worth) for c in shapes]
        self.held = [(c.mask, c.bonus, c.gates) for c in shapes if c.bonus > 0]
        self.root_owner = root.owner[:]
        self.root_armies = root.armies[:]
        owner, player = root.owner, root.player
        # What each opponent deploys before it attacks (``boost``: given, or its income at the root:
        # a turn's conquests change it little, and recounting it at every leaf is not free), and
        # an odds table that covers its stacks reinforced
        self.boost = boost if boost is not None else next_reinforcements(root)
        root.grow_table(max(root.armies) + max(self.boost, default=0))
        safe = [0.0] * len(owner)
        totals = [0.0] * len(root.alive)
        for t, a in enumerate(root.armies):
            totals[owner[t]] += a
            if owner[t] == player:
                safe[t] = self.safety(root, t)
        self.root_safe = safe
        self.root_safe_total = sum(safe)
        self.root_totals = totals
        self.root_value = None
        # A search's leaves come back to the same holdings again and again: an owner's income and
        # the player's continental progress, looked up by the bit mask of the territories held
        self.known_incomes: list[dict[int, int]] = [{} for _ in root.alive]
        self.known_progress: dict[int, float] = {}

    def safety(self, state, t: int) -> float:
        """The chance that the player's territory ``t`` survives its strongest enemy neighbour,
        reinforced."""
        owner, armies, player, peaceful = state.owner, state.armies, self.player, self.peaceful
        worst = 0.0
        defenders = armies[t]
        plain = state.sea_rounds is None
        win, boost = state.win, self.boost
        for n in state.board.neighbours[t]:
            o = owner[n]
            if o != player and o != peaceful and armies[n] + boost[o] >= 2:
                a = armies[n] + boost[o]
                p = win[a][defenders] if plain else border_chance(a, defenders, state.rules, state.board, n, t, 0)
                if p > worst:
                    worst = p
        return 1.0 - worst

    def features(self, state) -> tuple[float, ...]:
        """The feature values of ``state`` (see the module's docstring)."""
        player, owner, armies = self.player, state.owner, state.armies
        touched = state.touched
        safe_total = self.root_safe_total
        root_safe = self.root_safe
        now_safe = {}  # the safety of the player's territories the turn changed or exposed
        totals = self.root_totals[:]
        if touched:
            neighbours = state.board.neighbours
            changed = set(touched)
            affected = set(changed)
            for u in changed:
                affected.update(neighbours[u])
            for u in affected:
                safe_total -= root_safe[u]
                if owner[u] == player:
                    now_safe[u] = safety = self.safety(state, u)
                    safe_total += safety
            root_owner, root_armies = self.root_owner, self.root_armies
            for u in changed:
                totals[root_owner[u]] -= root_armies[u]
                totals[owner[u]] += armies[u]
        count = state.count
        own = count[player]
        survival = safe_total / own if own else 0.0

        alive, masks = state.alive, state.own_mask
        shares = self.incomes(state)
        mine = masks[player]
        for mask, bonus, gates in self.held:
            if mine & mask == mask:  # paid at the next turn if no gate falls before it
                keep = 1.0  # the weakest gate's survival (a safety is at most 1)
                for g in gates:
                    safety = now_safe.get(g, root_safe[g])
                    if safety < keep:
                        keep = safety
                shares[player] -= bonus * (1.0 - keep)
        everyone = sum(shares)
        reinforcements = shares[player] / everyone if everyone else 0.0
        territory = own / len(owner)

        per_card = self.card_value / 3.0
        hands = state.hand_sizes
        material_total = 0.0
        for p in range(state.players):
            if alive[p]:
                cards = state.own_hand() if p == player else hands[p]
                totals[p] += cards * per_card
                material_total += totals[p]
        material = totals[player] / material_total if material_total else 0.0

        continents = self.known_progress.get(mine)
        if continents is None:
            continents = self.known_progress[mine] = self.progress(mine)
        return survival, reinforcements, territory, material, card_progress(state), continents

    def incomes(self, state) -> list[int]:
        """:func:`incomes` of the players (not the neutral army's), each looked up by its holdings."""
        board, rules, count, masks, alive = state.board, state.rules, state.count, state.own_mask, state.alive
        shares = []
        for p in range(state.players):
            if alive[p]:
                known = self.known_incomes[p]
                income = known.get(masks[p])
                if income is None:
                    income = known[masks[p]] = rules.income(board, count[p], masks[p])
                shares.append(income)
            else:
                shares.append(0)
        return shares

    def progress(self, mine: int) -> float:
        """The player's progress towards the continents with the territories ``mine`` (see the
        module's docstring)."""
        continents = 0.0
        worth_total = 0.0
        for mask, size, worth in self.continents:
            share = (mine & mask).bit_count() / size
            continents += worth * share * share
            worth_total += worth
        return continents / worth_total if worth_total else 0.0

    def __call__(self, state) -> float:
        if state.winner():
            return 1.0
        x = self.intercept
        for w, f in zip(self.weights, self.features(state)):
            x += w * f
        return with_objective(squash(x), state, OBJECTIVE)
