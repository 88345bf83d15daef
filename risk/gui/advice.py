"""What the window advises from the exact odds, with no pygame: the battle law an attack's odds
depend on, the odds of a blitz, whether the commander's six pays and the dice a defender who sees
the roll should throw (the bots' own policies, which Enter follows)."""

from __future__ import annotations

from functools import lru_cache


def rules_key(state, source: int, target: int, six: bool = False):
    """What the exact odds of an attack depend on besides the armies (the dice rules, the seeing
    defender, the sea-lane rounds left on this route, the commander's six if ``six`` and still
    in hand): its :class:`~risk.battle.law.BattleLaw`, hashable, the key of :func:`odds`."""
    from risk.battle.law import BattleLaw

    return BattleLaw.for_attack(state, source, target, six)


def six_advised(state) -> bool:
    """Whether the commander's six raises the chance of conquering the territory under attack
    (the bots' policy, which Enter follows)."""
    from risk.battle import six_pays
    return six_pays(*six_odds(state))


def six_odds(state) -> tuple[float, float]:
    """(chance of conquest keeping the roll, chance turning the die into a six), all out from
    the armies each leaves, with the sea-lane rounds still to come."""
    offer = state.six_offer()
    a, d = state.armies[offer.source], state.armies[offer.target]
    kept, spent = ((a - la, d - ld) for la, ld in (offer.kept, offer.six))
    return rules_key(state, offer.source, offer.target).six_chances(kept, spent)


def advised_defence(state) -> int:
    """The dice the FAQ's Q3.1 policy rolls against the attacker's roll now on the table."""
    from risk.battle.law import BattleLaw

    target, dice = state.pending.target, state.pending.attack_dice
    return BattleLaw.of(state.rules).defender_choice(state.armies[target], dice)


@lru_cache(maxsize=512)
def odds(attackers: int, defenders: int, stop_at: int, law=None) -> tuple[float, float, float, float, float]:
    """(win probability, expected armies left on the source, expected defenders left, expected
    source armies if the attack wins, the probability of not winning) for a blitz, from the
    exact solver, under ``law`` (:func:`rules_key`; the standard rules when None)."""
    from risk.battle.law import BattleLaw

    result = (law or BattleLaw()).odds(attackers, defenders, stop_at=stop_at)
    win = float(result.attacker_win)
    left = sum(k * float(p) for k, p in result.attacker_survivors.items())
    enemy = sum(k * float(p) for k, p in result.defender_survivors.items())
    won = sum(a * float(p) for (a, d), p in result.final_states.items() if d == 0)
    miss = sum(float(p) for (a, d), p in result.final_states.items() if d > 0)
    return win, left, enemy, (won / win if win > 0 else 0.0), miss
