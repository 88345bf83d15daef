"""Each player's own battle statistics, for the game-over screen: battles fought and won, how
lucky the dice were against the exact expectation, and the largest conquest in one turn.

A battle is one attack on one territory from one territory in a turn (however many rolls it
takes); it is won by conquering the territory, and held by the defender otherwise. Luck is
counted in armies: the enemy armies the dice took beyond what the exact odds expect, less the
own armies they took beyond expectation (positive: the dice favoured the player). A single roll
is measured against the exact odds of its dice; a blitz against the exact solver's expected
losses for the armies it started with, stopping where it was told to.
"""

from __future__ import annotations

from dataclasses import dataclass

from risk.actions import Blitz
from risk.events import BlitzResolved, DiceRolled, TerritoryConquered, TurnStarted


@dataclass
class BattleRecord:
    """One player's tally."""

    attacks: int = 0
    attacks_won: int = 0
    defences: int = 0
    defences_held: int = 0
    armies_lost: int = 0
    armies_killed: int = 0
    expected_lost: float = 0.0
    expected_killed: float = 0.0
    largest_conquest: int = 0   # territories taken in one turn, at most

    @property
    def luck(self) -> float:
        return (self.armies_killed - self.expected_killed) - (self.armies_lost - self.expected_lost)

    def lines(self) -> list[str]:
        luck = self.luck
        verdict = "lucky" if luck > 0.5 else ("unlucky" if luck < -0.5 else "as expected")
        return [
            f"Battles: attacked {self.attacks} times, conquered {self.attacks_won}; "
            f"defended {self.defences} times, held {self.defences_held}.",
            f"Dice luck: {luck:+.1f} armies ({verdict}): the dice took {self.armies_killed} of theirs "
            f"(the exact odds expected {self.expected_killed:.1f}) and {self.armies_lost} of yours "
            f"(expected {self.expected_lost:.1f}).",
            f"Largest conquest: {self.largest_conquest} "
            f"{'territory' if self.largest_conquest == 1 else 'territories'} in one turn.",
        ]


class BattleTally:
    """Follows the game for every seat (all of it is public)."""

    def __init__(self, players: int):
        self.players = [BattleRecord() for _ in range(players)]
        self._battle: tuple | None = None
        self._taken_this_turn = 0
        self._blitz: tuple | None = None   # (expected attacker losses, expected defender losses)

    def record(self, seat: int) -> BattleRecord:
        return self.players[seat]

    def before(self, state, action) -> None:
        """Note what a blitz is expected to cost, from the position before it."""
        self._blitz = None
        if isinstance(action, Blitz):
            from risk.gui.advice import odds, rules_key

            a, d = state.armies[action.source], state.armies[action.target]
            if a >= 2 and d >= 1:
                six = action.six and state.commander_ready()
                _, left, enemy, *_ = odds(a, d, max(1, action.stop_at), rules_key(state, action.source,
                                                                                    action.target, six))
                self._blitz = (a - left, d - enemy)

    def observe(self, events) -> None:
        for event in events:
            if isinstance(event, TurnStarted):
                self._battle, self._taken_this_turn = None, 0
            elif isinstance(event, (DiceRolled, BlitzResolved)):
                self._fight(event)
            elif isinstance(event, TerritoryConquered):
                mine = self.players[event.player]
                mine.attacks_won += 1
                if 0 <= event.defender < len(self.players):
                    self.players[event.defender].defences_held -= 1
                self._taken_this_turn += 1
                mine.largest_conquest = max(mine.largest_conquest, self._taken_this_turn)
                self._battle = None

    def _fight(self, event) -> None:
        key = (event.player, event.source, event.target)
        attacker = self.players[event.player]
        defender = self.players[event.defender] if 0 <= event.defender < len(self.players) else None
        if key != self._battle:
            self._battle = key
            attacker.attacks += 1
            if defender is not None:
                defender.defences += 1
                defender.defences_held += 1  # taken back if the territory falls
        if isinstance(event, DiceRolled):
            expected = _roll_expectation(len(event.attack_dice), len(event.defend_dice))
        else:
            expected, self._blitz = self._blitz, None
        if expected is None:
            return
        lost, killed = event.attacker_losses, event.defender_losses
        attacker.armies_lost += lost
        attacker.armies_killed += killed
        attacker.expected_lost += expected[0]
        attacker.expected_killed += expected[1]
        if defender is not None:
            defender.armies_lost += killed
            defender.armies_killed += lost
            defender.expected_lost += expected[1]
            defender.expected_killed += expected[0]


def _roll_expectation(attack_dice: int, defend_dice: int) -> tuple[float, float] | None:
    from risk.battle.dice import round_outcomes
    from risk.errors import RiskError

    try:
        outcomes = round_outcomes(attack_dice, defend_dice)
    except RiskError:
        return None
    return (float(sum(p * a for (a, _), p in outcomes.items())), float(sum(p * d for (_, d), p in outcomes.items())))
