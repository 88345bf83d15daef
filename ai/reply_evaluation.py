"""A leaf evaluation that looks past the end of the turn: what the opponents' next turn costs.

:class:`ai.evaluation.Evaluation` scores the end of the player's own turn as if nothing happened
after it; its survival term asks whether the strongest enemy neighbour *as it stands* could take
a territory. But the opponent moves next with fresh reinforcements and perhaps a card set, all
of it free to land on one stack. :class:`ReplyEvaluation` models that reply analytically (no dice are
rolled, so a leaf stays cheap):

- each enemy's **reply force** is the reinforcements of a turn in which it attacks (as the rules
  count them: territories and continents, only continents under the old UK rules) plus the
  expected value of the set its hand may hold (``card_value`` × the chance a hand of that size
  holds a set), scaled by ``reply_share`` (the enemy cannot put everything everywhere);
- each of the player's territories falls with ``threat``: the exact chance that its strongest
  enemy neighbour, reinforced by that reply force, conquers it all out;
- the expected position after the reply: armies lost (a fallen territory's armies), territories
  lost, and every held continent's bonus weighted by the chance that all of it survives.

The value is a weighted sum, in [0, 1], of the player's share of all armies after the reply
(``armies``), its share of all reinforcements after the reply (``reinforcements``), the mean
survival of its territories (``survival``) and the card earned this turn or taken by an
elimination (``card``); a win is 1. Under the variants with a secret mission or capitals, progress towards it is blended
in with weight ``objective``, as :class:`ai.evaluation.Evaluation` does. The weights are parameters of the ``strategist`` bot.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.evaluation import card_progress, with_objective

#: The chance that a hand of n cards holds a set (classic deck: 14 of each symbol, 2 wild),
#: from exact enumeration; five or more cards always hold one.
SET_CHANCE = (0.0, 0.0, 0.0, 0.423, 0.817, 1.0)


def set_chance(hand_size: int) -> float:
    return SET_CHANCE[hand_size] if hand_size < len(SET_CHANCE) else 1.0


def chance(win, attackers: int, defenders: int) -> float:
    """``win[a][d]`` that tolerates a table too small (the table grows with the stacks)."""
    try:
        return win[attackers][defenders]
    except IndexError:
        from ai.odds import attack_chance
        return attack_chance(attackers, defenders)


def reinforcement(state, enemy: int, card_value: float) -> float:
    """An enemy's next deployment: the reinforcements of a turn in which it attacks plus the
    expected worth of the set its hand may hold."""
    armies = state.rules.income(state.board, state.count[enemy], state.own_mask[enemy], attacking=True)
    return armies + set_chance(state.hand_sizes[enemy]) * card_value


@dataclass(frozen=True)
class ReplyEvaluation:
    armies: float = 0.35
    reinforcements: float = 0.35
    survival: float = 0.15
    card: float = 0.15
    #: under the variants with a secret mission or capitals, the weight of its progress
    objective: float = 0.35
    reply_share: float = 0.7
    #: the value of the next card set traded (set per decision from the game)
    card_value: float = 4.0

    def reply_forces(self, state) -> list[float]:
        """Each seat's expected armies to throw at the player next turn (0 for the player)."""
        forces = []
        for p in range(state.players):
            if p == state.player or not state.alive[p]:
                forces.append(0.0)
                continue
            forces.append(self.reply_share * reinforcement(state, p, self.card_value))
        return forces

    def __call__(self, state) -> float:
        if state.winner():
            return 1.0
        player = state.player
        board, owner, armies, win = state.board, state.owner, state.armies, state.win
        neighbours = board.neighbours
        forces = self.reply_forces(state)
        players = state.players

        # The chance that each of the player's territories falls to the reply.
        mine = state.own_mask[player]
        fall = {}
        expected_army_loss = 0.0
        total_survival = 0.0
        rest = mine
        while rest:
            low = rest & -rest
            t = low.bit_length() - 1
            rest ^= low
            worst = 0.0
            defenders = armies[t]
            for n in neighbours[t]:
                o = owner[n]
                if o != player and 0 <= o < players:
                    attackers = armies[n] + int(forces[o])
                    if attackers >= 2:
                        p = chance(win, attackers, defenders)
                        if p > worst:
                            worst = p
            fall[t] = worst
            total_survival += 1.0 - worst
            expected_army_loss += worst * defenders
        own = state.count[player]
        survival = total_survival / own if own else 0.0

        # Reinforcements after the reply: territories lost and continents broken. The player's
        # are an expectation, so its territories count smoothly (no rounding down), by the rule's
        # numbers; each continent counts with the chance that all of it survives.
        rules = state.rules
        expected_territories = own - sum(fall.values())
        mine_after = max(float(rules.reinforcement_minimum), expected_territories / rules.reinforcement_divisor)
        shares = []
        for p in range(players):
            if p == player:
                shares.append(0.0)
                continue
            if not state.alive[p]:
                shares.append(0.0)
                continue
            shares.append(float(rules.income(board, state.count[p], state.own_mask[p])))
        for continent_mask, bonus in board.continent_masks:
            if mine & continent_mask == continent_mask:
                intact = 1.0
                rest = continent_mask
                while rest:
                    low = rest & -rest
                    rest ^= low
                    intact *= 1.0 - fall[low.bit_length() - 1]
                mine_after += bonus * intact
        shares[player] = mine_after
        everyone = sum(shares)
        reinforcements = mine_after / everyone if everyone else 0.0

        # Armies after the reply (the enemy's losses in taking them are not counted: a margin).
        my_armies = 0
        all_armies = 0
        for t in range(len(owner)):
            o = owner[t]
            if 0 <= o < players:
                all_armies += armies[t]
                if o == player:
                    my_armies += armies[t]
        army_share = max(0.0, my_armies - expected_army_loss) / all_armies if all_armies else 0.0

        card = card_progress(state)
        value = (self.armies * army_share + self.reinforcements * reinforcements + self.survival * survival
                 + self.card * card)
        return with_objective(value, state, self.objective)
