"""Staying in the game at a big table: when the bot could be swept off the board next turn, it
attacks only for its card.

At six players with escalating sets a game is decided by a cascade: a player trades a big set,
eliminates a weak player, takes their hand, trades again at once and goes on. Traced games
against five of Domination's Hard (lab/notebook.md, the eighth round) showed the bot lose mostly that way, swept
off late while it held cards, its armies spread thin by a turn of conquests the search liked.
Whoever cannot survive the strongest rival's next turn gains little from a conquest that thins
it further; one conquest still earns the card that keeps its own sets coming.

:func:`exposed` says whether the player is in that danger: its defence (every army it has, and
one more for each territory, since a territory taken costs the attacker an army left behind) is
below what some rival can bring next turn (the rival's armies that can move, the reinforcements
of a turn in which it attacks and the armies its cards are expected to be worth at the next set's
value). :func:`leading` says instead whether the player stands at the top of the table as
Domination's Hard AI ranks it, the player every Hard targets.
"""

from __future__ import annotations

from ai.elimination import plan_elimination
from ai.turn import TurnState


def expected_set_armies(hand: int, next_set: int) -> float:
    """What a hand of ``hand`` cards is expected to be worth next turn, after the card a turn's
    conquest adds: a third of a set per card beyond two, at the next set's value."""
    return max(0, hand + 1 - 2) / 3 * next_set


def attack_potential(view, player: int, next_set: int) -> float:
    """The armies ``player`` can throw at anyone next turn: its stacks' movable armies, the
    reinforcements of a turn in which it attacks, and its cards' expected worth."""
    movable = view.total_armies(player) - view.count[player]
    arriving = view.rules.income(view.board, view.count[player], view.own_mask[player], attacking=True)
    return movable + arriving + expected_set_armies(len(view.hands[player]), next_set)


def defence(view, player: int) -> int:
    return view.total_armies(player) + view.count[player]


def rivals(view) -> list[int]:
    """The live players other than the viewer, leaving out the neutral army (it never attacks)."""
    return [player for player in range(view.players)
            if player != view.player and player != view.neutral and view.alive[player]]


def exposed(view, margin: float = 1.0) -> bool:
    """Whether some rival's attack potential next turn exceeds ``margin`` times the player's
    defence."""
    next_set = view.rules.set_value(view.sets_traded)
    mine = margin * defence(view, view.player)
    return any(attack_potential(view, rival, next_set) > mine for rival in rivals(view))


def elimination_danger(view, rng, samples: int, reach: int = 2, stagings: int = 3) -> float:
    """The likeliest elimination of the player by one rival's next turn: for each rival, the
    reinforcements of a turn in which it attacks and the sets its hand is expected to hold (a
    third of a set per card beyond two, at the next set's value) deployed on one of its largest
    stacks within ``reach`` of the player and the run played out ``samples`` times
    (:func:`ai.elimination.plan_elimination`, all in); the best rival's and stack's share of
    runs that took every territory of the player."""
    me = view.player
    base = TurnState.from_view(view)
    next_set = view.rules.set_value(view.sets_traded)
    worst = 0.0
    for rival in rivals(view):
        pool = view.rules.income(view.board, view.count[rival], view.own_mask[rival], attacking=True) + \
            int(max(0, len(view.hands[rival]) - 2) / 3 * next_set)
        state = base.copy()
        state.player = rival
        state.grow_table(max(view.armies) + pool)
        plan = plan_elimination(state, pool, rng, samples, 0.0, 0, stagings, reach, all_in=True, victims=(me,))
        if plan is not None:
            worst = max(worst, plan.chance)
    return worst


def weakness_rank(view) -> int:
    """How many rivals have fewer armies than the player (0: it is the weakest at the table, the
    first a card-hungry rival can eliminate)."""
    mine = view.total_armies(view.player)
    return sum(1 for rival in rivals(view) if view.total_armies(rival) < mine)


def sets_escalate(view) -> bool:
    rules = view.rules
    return rules.set_value(view.sets_traded + 1) > rules.set_value(view.sets_traded)


def hard_value(view, player: int, next_set: int) -> float:
    """Domination's Hard AI's "player value" of ``player`` (``AIDomination.getGameState`` with
    escalating sets and two defence dice, leaving out its bonus for a player on a winning streak):
    the attack value (movable armies, half of an interior stack's, one more on a stack of more
    than four; reinforcements and expected set; continent bonuses) plus twice the defence value plus 1.5
    times each held continent's bonus plus one."""
    board, held = view.board, view.own_mask[player]
    attack = 0
    for territory in view.territories_of(player):
        interior = all(view.owner[n] == player for n in board.neighbours[territory])
        available = view.armies[territory] // 2 if interior else view.armies[territory] - 1
        attack += available + (1 if available > 4 else 0)
    attack += view.rules.income(board, view.count[player], held) + int(expected_set_armies(len(view.hands[player]), next_set))
    continents = sum(1.5 * bonus + 1 for mask, bonus in board.continent_masks if held & mask == mask)
    armies = view.total_armies(player)
    defence_value = 5 * armies // 4 + armies % 4 + view.count[player]
    return continents + attack + 2 * defence_value


def leading(view, margin: float = 1.0) -> bool:
    """Whether the player's :func:`hard_value` exceeds ``margin`` times every rival's."""
    next_set = view.rules.set_value(view.sets_traded)
    mine = hard_value(view, view.player, next_set)
    return all(mine > margin * hard_value(view, rival, next_set) for rival in rivals(view))
