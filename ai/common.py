"""Small decisions shared by several bots: where the fronts are, which set to trade, set-up."""

from __future__ import annotations

from risk.actions import (Blitz, ChooseCapital, Claim, Defend, EndPhase, KeepRoll, Occupy, Place, PlaceNeutral,
                          Retreat, Stand, Trade, UseSix)
from risk.battle import six_pays
from risk.battle.law import BattleLaw
from risk.cards import set_kinds, symbol
from risk.phase import Phase


def frontier(view, player: int) -> list[int]:
    """The player's territories that border an enemy (or the neutral)."""
    mine = view.own_mask[player]
    masks = view.board.neighbour_mask
    return [t for t in view.territories_of(player) if masks[t] & ~mine]


def hops_from(board, sources, passable=None) -> list[int]:
    """Each territory's distance in borders crossed from the nearest of ``sources`` (breadth
    first; with ``passable``, only through territories it accepts); ``len(board.neighbours)``
    where unreachable."""
    far = len(board.neighbours)
    hops = [far] * far
    frontier = list(sources)
    for t in frontier:
        hops[t] = 0
    while frontier:
        nearer = []
        for t in frontier:
            for n in board.neighbours[t]:
                if hops[n] == far and (passable is None or passable(n)):
                    hops[n] = hops[t] + 1
                    nearer.append(n)
        frontier = nearer
    return hops


def enemy_neighbours(view, territory: int) -> list[int]:
    owner = view.owner[territory]
    return [n for n in view.board.neighbours[territory] if view.owner[n] != owner]


def strongest(view, territories) -> int:
    """The territory with the most armies (the lowest id on a tie, so choices are stable)."""
    armies = view.armies
    return max(territories, key=lambda t: (armies[t], -t))


def trade_value(view, trade: Trade) -> int:
    symbols = [symbol(c, view.board.cards) for c in trade.cards]
    value = max(view.rules.set_value(view.sets_traded, kind) for kind in set_kinds(symbols))
    return value + (2 if trade.bonus is not None else 0)


def best_trade(view) -> Trade | None:
    """The trade worth the most armies now (its +2 bonus counted), or None if none is legal."""
    trades = [a for a in view.legal_actions() if isinstance(a, Trade)]
    if not trades:
        return None
    return max(trades, key=lambda a: (trade_value(view, a), _bonus_rank(view, a)))


def _bonus_rank(view, trade: Trade) -> int:
    # Between equal trades prefer the bonus on a territory at the front, where armies matter.
    if trade.bonus is None:
        return 0
    return 1 + len(enemy_neighbours(view, trade.bonus))


def continent_progress_score(view, t: int, size_lean: float = 0.01) -> float:
    """How much claiming free territory ``t`` advances the player in its continent: its share
    there less the others', a little for touching its own, less ``size_lean`` per member."""
    player, owner, board = view.player, view.owner, view.board
    members = board.continents[board.continent_of[t]].members
    mine = sum(1 for m in members if owner[m] == player)
    theirs = sum(1 for m in members if owner[m] >= 0 and owner[m] != player)
    touching = sum(1 for n in board.neighbours[t] if owner[n] == player)
    return (mine - theirs) / len(members) + 0.05 * touching - size_lean * len(members)


def continent_progress_claim(view) -> Claim:
    """Claim the free territory in the continent where the player holds the largest share."""
    owner = view.owner
    free = [t for t in range(len(owner)) if owner[t] < 0]
    best_score, best = None, free[0]
    for t in free:
        score = continent_progress_score(view, t) + 0.001 * view.rng.random()
        if best_score is None or score > best_score:
            best_score, best = score, t
    return Claim(best)


def setup_place(view, choose_own) -> Place | PlaceNeutral:
    """Set-up placement: own armies where ``choose_own`` says; the neutral's to block the front."""
    legal = view.legal_actions()
    own = {a.territory for a in legal if isinstance(a, Place)}
    if own:
        chosen = choose_own(view)
        if chosen not in own:  # a set-up limit filled it: the emptiest territory still open
            chosen = min(own, key=lambda t: (view.armies[t], t))
        return Place(chosen)
    # A neutral army is best placed between us and the opponent: on the neutral territory
    # bordering the most enemy armies and the fewest of ours.
    player, owner, armies = view.player, view.owner, view.armies

    def blocking(action: PlaceNeutral) -> tuple:
        t = action.territory
        enemy = sum(armies[n] for n in view.board.neighbours[t] if owner[n] not in (player, view.neutral))
        ours = sum(armies[n] for n in view.board.neighbours[t] if owner[n] == player)
        return (enemy - ours, -t)

    return max((a for a in legal if isinstance(a, PlaceNeutral)), key=blocking)


def occupy_range(view) -> tuple[int, int]:
    """The fewest and the most armies the pending occupation may move."""
    legal = view.legal_actions()
    return legal[0].armies, legal[-1].armies


def occupy_all(view) -> Occupy:
    """Move every army that may move into the conquered territory."""
    return Occupy(occupy_range(view)[1])


def clamp_occupy(view, armies: int) -> Occupy:
    low, high = occupy_range(view)
    return Occupy(min(high, max(low, armies)))


def deploy(view, territory: int, armies: int):
    """Deploy up to ``armies`` on ``territory``, or, if an army limit leaves it no room, on the
    territory that can take the most."""
    from risk.actions import Deploy
    room = view.room(territory)
    if room <= 0:
        territory = max(view.territories_of(view.player), key=lambda t: (view.room(t), -t))
        room = view.room(territory)
    return Deploy(territory, max(1, min(armies, room, view.pool)))


def deploy_planned(view, plan: dict[int, int]):
    """The next deployment of ``plan`` (territory -> armies, the largest first) and what is left
    of the plan, None once it is spent or an army limit changed it (plan again for the rest)."""
    territory = max(plan, key=lambda t: (plan[t], -t))
    armies = plan.pop(territory)
    action = deploy(view, territory, armies)
    if action.territory != territory or action.armies != armies:
        plan = {}
    return action, plan or None


def blitz(view, source: int, target: int, stop_at: int = 1) -> Blitz:
    """A blitz that may spend the commander's six (US 1980) where it helps most, while unused."""
    return Blitz(source, target, stop_at, view.commander_ready())


def pass_or(view, action):
    return action if action is not None else EndPhase()


def is_setup(view) -> bool:
    return view.phase in (Phase.CLAIM, Phase.PLACE)


def variant_decision(view):
    """The decisions only the rule variants ask for, taken the same way by every bot, or None.

    - a capital: the territory with the fewest enemy armies around it for its own armies;
    - the seeing defender's dice: the FAQ's Q3.1 policy;
    - retreat or stand: retreat when the attacker is more likely than not to win, to the
      neighbour that needs the armies most (the fewest of them);
    - the dice of an attack declared against a defender who then stood: all out (a blitz);
    - the commander's six after a roll: spent iff that raises the chance of conquering the
      territory under attack, from the armies now (the solver's policy).
    """
    phase = view.phase
    if phase == Phase.ATTACK and view.declared is not None:
        return blitz(view, *view.declared)
    if phase == Phase.COMMANDER:
        from ai.odds import six_chances
        return UseSix() if six_pays(*six_chances(view)) else KeepRoll()
    if phase == Phase.CAPITAL:
        return ChooseCapital(min(view.territories_of(view.player), key=lambda t: (_exposure(view, t), t)))
    if phase == Phase.DEFEND:
        target, attack_dice = view.pending.target, view.pending.attack_dice
        return Defend(BattleLaw.of(view.rules).defender_choice(view.armies[target], attack_dice))
    if phase == Phase.RETREAT:
        from ai.odds import attack_odds
        attack = view.pending
        chance = attack_odds(view, attack.source, attack.target, six=view.commander_ready())
        routes = [a for a in view.legal_actions() if isinstance(a, Retreat)]
        if chance > 0.5 and routes:
            return min(routes, key=lambda a: (view.armies[a.territory], a.territory))
        return Stand()
    return None


def _exposure(view, territory: int) -> float:
    owner, armies = view.owner, view.armies
    enemies = sum(armies[n] for n in view.board.neighbours[territory] if owner[n] != owner[territory])
    return enemies / armies[territory]
