"""How good a position is for one player, in [0, 1], at the end of that player's turn.

The paper rewards the attack phase with "the average chance of surviving an attack as
defender". Alone that prefers never attacking, so this evaluation blends it with what the paper
left out:

- **survival** (the paper's reward): the mean, over the player's territories, of the chance that
  the territory survives an all-out attack by its strongest enemy neighbour (1 in the interior;
  the neutral army's stacks count as enemies unless the search's state names it ``peaceful``);
- **reinforcements**: the player's share of all reinforcements (as the rules count them, with the
  continent bonuses held), so continents and breaking others' continents count;
- **territory**: the player's share of the territories;
- with ``projected`` (``strategist``'s option), reinforcements and territory count each of the player's
  territories that an enemy neighbour takes more likely than not as that enemy's already, so a
  thin line of conquests, or a continent broken for one turn, is not scored as if it would hold;
- **card**: whether a card is earned this turn (one conquest), plus cards taken by eliminating a
  player, since sets grow in value;
- **material** (off unless weighted; ``strategist`` weighs it at bigger tables): the player's
  share of all armies and cards, each card counted as a third of the next set's value
  (``card_value``), so taking a card-rich player's hand, and the sets it lets one trade at once,
  count at what they are worth when sets escalate (or, with ``against_strongest``, the player's
  armies and cards against the strongest rival's, crediting that rival with the cards of any
  weak player it could eliminate next);
- **objective**, under the variants that give one: progress towards the player's own secret
  mission, or the share of the capitals needed (a completed objective is a win, worth 1).

The weights are parameters of :class:`Evaluation` (and so of the ``mcts`` bot).
"""

from __future__ import annotations

from dataclasses import dataclass


def card_progress(state) -> float:
    """The turn's worth in cards, in [0, 1]: half for a conquest (a card earned), half for the
    cards taken and the players eliminated."""
    return (1.0 if state.conquered else 0.0) * 0.5 + min(1.0, 0.25 * state.cards_taken + 0.5 * state.eliminated) * 0.5


def with_objective(value: float, state, weight: float) -> float:
    """``value`` blended with the progress towards a secret mission (1.0 once it is met)."""
    objective = state.objective()
    if objective is None:
        return value
    if objective >= 1.0:
        return 1.0
    return (1.0 - weight) * value + weight * objective


@dataclass(frozen=True)
class Evaluation:
    survival: float = 0.30
    reinforcements: float = 0.40
    territory: float = 0.15
    card: float = 0.15
    objective: float = 0.35
    material: float = 0.0
    card_value: float = 0.0
    projected: bool = False
    against_strongest: bool = False

    def __call__(self, state) -> float:
        player = state.player
        if state.winner():
            return 1.0
        board, owner, armies, win = state.board, state.owner, state.armies, state.win
        neighbours = board.neighbours

        # Survival of each of the player's territories against its strongest enemy neighbour
        # (the search's model may name an owner that never attacks, the neutral army).
        peaceful = state.peaceful
        total_survival = 0.0
        mine = state.own_mask[player]
        rest = mine
        lost = []  # with ``projected``: (territory, the enemy more likely than not to take it)
        while rest:
            low = rest & -rest
            t = low.bit_length() - 1
            rest ^= low
            worst = 0.0
            threat = -1
            defenders = armies[t]
            for n in neighbours[t]:
                if owner[n] != player and armies[n] >= 2 and owner[n] != peaceful:
                    # Across a sea lane (when played) the odds depend on the border.
                    p = win[armies[n]][defenders] if state.sea_rounds is None else state.chance(n, t, True)
                    if p > worst:
                        worst, threat = p, owner[n]
            total_survival += 1.0 - worst
            if worst > 0.5 and self.projected:
                lost.append((t, threat))
        own = state.count[player]
        survival = total_survival / own if own else 0.0

        # Everyone's reinforcements for a turn, as the rules count them.
        shares = []
        masks, counts = state.own_mask, state.count
        if lost:
            # Territories the next enemy turn most likely takes back count as theirs already.
            masks, counts = masks[:], counts[:]
            for t, taker in lost:
                masks[player] &= ~(1 << t)
                masks[taker] |= 1 << t
                counts[player] -= 1
                counts[taker] += 1
            own = counts[player]
        rules = state.rules
        for p in range(state.players):
            if not state.alive[p]:
                shares.append(0)
                continue
            shares.append(rules.income(board, counts[p], masks[p]))
        everyone = sum(shares)
        reinforcements = shares[player] / everyone if everyone else 0.0

        territory = own / len(owner)
        card = card_progress(state)

        value = (self.survival * survival + self.reinforcements * reinforcements + self.territory * territory
                 + self.card * card)
        if self.material:
            measure = material_against_strongest if self.against_strongest else material_share
            value = (1.0 - self.material) * value + self.material * measure(state, self.card_value)
        return with_objective(value, state, self.objective)


def material_totals(state, card_value: float) -> list[float]:
    """Every owner's armies plus cards (a card worth a third of the next set), the dead at 0."""
    per_card = card_value / 3.0
    armies, owner, alive, hands = state.armies, state.owner, state.alive, state.hand_sizes
    totals = [0.0] * len(alive)
    for t, a in enumerate(armies):
        totals[owner[t]] += a
    player = state.player
    for p in range(state.players):
        if alive[p] and p != player:
            totals[p] += hands[p] * per_card
    totals[player] += state.own_hand() * per_card
    return [total if alive[p] else 0.0 for p, total in enumerate(totals)]


def material_share(state, card_value: float) -> float:
    """The player's share of all armies and cards on the table (a card worth a third of a set)."""
    totals = material_totals(state, card_value)
    everyone = sum(totals)
    return totals[state.player] / everyone if everyone else 0.0


#: A rival this much weaker than the strongest other rival is theirs to eliminate.
PREY_RATIO = 0.25


def material_against_strongest(state, card_value: float) -> float:
    """The player's armies and cards against the strongest rival's, that rival credited with the
    hand of any card-holding rival it could eliminate next (a weak player left alive is someone
    else's prize): ours / (ours + theirs)."""
    totals = material_totals(state, card_value)
    player, hands = state.player, state.hand_sizes
    rivals = [p for p in range(state.players) if p != player and state.alive[p] and p != state.neutral]
    if not rivals:
        return 1.0
    strongest = max(rivals, key=lambda p: totals[p])
    theirs = totals[strongest]
    per_card = card_value / 3.0
    for p in rivals:
        if p != strongest and hands[p] and totals[p] <= PREY_RATIO * totals[strongest]:
            theirs += hands[p] * per_card
    ours = totals[player]
    return ours / (ours + theirs) if ours + theirs else 0.0
