"""Attacks: single rolls, blitzes, the defender's decisions, conquest, elimination, occupation.

A single roll (``attack``) rolls real dice with the game's random source, so the window can show
them. A blitz is drawn in one go from the exact distribution of its outcome (:mod:`risk.battle`),
under whatever dice rules are in force. Two variants give the defender a decision in the middle
of the attacker's turn, during which ``current_player`` is the defender: choosing the dice after
seeing the attacker's roll (old UK rules; in a blitz, and for the neutral army, the FAQ's Q3.1
policy decides), and retreating instead of fighting (FAQ 4.2). The retreat is offered when the
attacker declares the attack, before any decision about dice: an ``attack`` or ``blitz`` on a
territory that may retreat only declares it; if the defender stands, the attacker then chooses
the dice for that attack (``declared``).

The commander's six (US 1980) is the attacker's decision after a roll: when it would change the
outcome of the roll (in the seeing-defender variant, after the defender has chosen and rolled),
the roll waits in the ``COMMANDER`` phase for ``six`` or ``keep`` (:mod:`risk.engine.commander`).
A blitz that may spend the six is drawn from the outcome of the policy that spends it where it
raises the chance of conquest most (:mod:`risk.battle.commander`).
"""

from __future__ import annotations

from risk.actions import Attack, Blitz, Defend, EndPhase, Occupy, Retreat, Stand
from risk.battle.commander import roll_outcome
from risk.battle.law import BattleLaw, commanders_played
from risk.cards import has_set
from risk.events import (AttackRolled, BlitzResolved, DiceRolled, Event, Occupied, PlayerEliminated,
                         ReinforcementsForfeited, Retreated, TerritoryConquered)
from risk.pending import DefenceChoice, RetreatChoice
from risk.phase import Phase


class CombatRules:
    __slots__ = ()

    @property
    def dice_rules(self):
        """How many dice each side may roll (:class:`risk.battle.DiceRules`)."""
        return self.rules.dice

    # -- what may be attacked ------------------------------------------------------------------

    def _attack_phase_idle(self) -> bool:
        """Nothing left to choose in the attack phase: no attack, no trade, no armies in hand
        (traded during the attack under the house rule)."""
        return not self._can_attack() and not self.may_trade_now() and not self.pool

    def _can_attack(self) -> bool:
        mine = self.own_mask[self.player]
        armies, masks = self.armies, self.board.neighbour_mask
        rest = mine
        while rest:
            low = rest & -rest
            t = low.bit_length() - 1
            if armies[t] >= 2 and masks[t] & ~mine:
                return True
            rest ^= low
        return False

    def _attack_runs(self) -> list[tuple]:
        runs: list[tuple] = []
        player, owner, armies = self.player, self.owner, self.armies
        max_dice = self.dice_rules.attacker_max
        six = self.commander_ready()
        for s in self.territories_of(player):
            a = armies[s]
            if a < 2:
                continue
            for t in self.board.neighbours[s]:
                if owner[t] == player or self._needs_three(t) and a < 3:
                    continue
                if self.declared is not None and (s, t) != self.declared:
                    continue
                runs.append((Attack, (s, t), 1, min(max_dice, a - 1)))
                runs.append((Blitz, (s, t), 1, a - 1))
                if six:
                    runs.append((blitz_with_six, (s, t), 1, a - 1))
        if self.may_trade_now():
            runs.extend((None, a, 0, 0) for a in self.trade_actions())
        if self.pool:  # armies traded during the attack (house rule), placed when the player likes
            runs.extend(self._deploy_runs())
        if self.declared is None:
            runs.append((None, EndPhase(), 0, 0))
        return runs

    def legal_retreats(self) -> list[int]:
        """Where the attacked armies may retreat to now (empty outside a retreat decision)."""
        return self._retreat_routes(self.pending.target) if self.phase == Phase.RETREAT else []

    def _retreat_routes(self, target: int) -> list[int]:
        """Where the armies on ``target`` could retreat to (the defender's own neighbours)."""
        defender = self.owner[target]
        return [n for n in self.board.neighbours[target] if self.owner[n] == defender]

    def _offers_retreat(self, target: int) -> bool:
        """Whether attacking ``target`` first asks its owner to retreat or stand (FAQ 4.2)."""
        return (self.rules.retreat and self.owner[target] != self.neutral
                and not (self.retreat_offered >> target) & 1 and bool(self._retreat_routes(target)))

    def _needs_three(self, target: int) -> bool:
        # A retreat costs the attacker one army and he must still move one in and leave one.
        return self._offers_retreat(target)

    def _check_battle(self, source: int, target: int, six: bool) -> str | None:
        if self.phase != Phase.ATTACK:
            return self._wrong_phase()
        n = len(self.owner)
        if not (0 <= source < n and 0 <= target < n):
            return "no such territory"
        names = self.board.names
        if self.owner[source] != self.player:
            return f"you do not hold {names[source]}"
        if self.owner[target] == self.player:
            return f"you cannot attack your own territory {names[target]}"
        if not self.board.adjacent(source, target):
            return f"{names[source]} does not border {names[target]}"
        if self.declared is not None and (source, target) != self.declared:
            s, t = self.declared
            return (f"you declared the attack on {names[t]} from {names[s]} and its defender stood: "
                    "choose the dice for that attack")
        if self.armies[source] < 2:
            return f"{names[source]} has only 1 army; attacking needs at least 2 (one stays behind)"
        if self._needs_three(target) and self.armies[source] < 3:
            return (f"{names[target]} can retreat, which costs the attacker an army: attacking it "
                    "needs at least 3")
        if six and not commanders_played(self.rules):
            return "the rules have no commanders (the six)"
        if six and self.commander_used:
            return "you already used your commander's six this turn"
        return None

    # -- single rolls --------------------------------------------------------------------------

    def _check_attack(self, action: Attack) -> str | None:
        reason = self._check_battle(action.source, action.target, False)
        if reason is not None:
            return reason
        most = min(self.dice_rules.attacker_max, self.armies[action.source] - 1)
        if not 1 <= action.dice <= most:
            return (f"{self.board.names[action.source]} has {self.armies[action.source]} armies, "
                    f"so it attacks with 1 to {most} dice")
        return None

    def _do_attack(self, action: Attack, events: list[Event], outcome=None) -> None:
        if self._ask_retreat(action):
            return
        s, t = action.source, action.target
        self._begin_attack(events)
        attack_dice = self._attack_dice(action.dice, outcome)
        law = BattleLaw.for_attack(self, s, t)
        defender = self.owner[t]
        allowed = self.dice_rules.defender_dice(self.armies[t])
        if law.seeing and allowed > 1:
            if defender != self.neutral:
                self._await_decision(DefenceChoice(s, t, tuple(attack_dice)), decider=defender)
                events.append(AttackRolled(self.player, defender, s, t, tuple(attack_dice)))
                return
            chosen = law.defender_choice(self.armies[t], attack_dice)
        else:
            chosen = allowed
        self._resolve_roll(s, t, attack_dice, self._with_sea_die(s, t, chosen), events, outcome)

    def _begin_attack(self, events: list[Event]) -> None:
        """An attack is fought (or retreated from): a declared attack is under way, and under
        the old UK rules the armies for territories are forfeited."""
        self.declared = None
        if not self.attacked and self.withheld:
            events.append(ReinforcementsForfeited(self.player, self.withheld))
            self.withheld = 0
        self.attacked = True

    def _with_sea_die(self, s: int, t: int, chosen: int) -> int:
        """The defender's dice: those chosen, and one more in the first rounds across a sea lane
        (FAQ 4.10: "even if this means rolling 3 dice", never more)."""
        return BattleLaw.for_attack(self, s, t).with_sea_die(chosen)

    def _sea_round_left(self, s: int, t: int) -> bool:
        return BattleLaw.for_attack(self, s, t).sea_rounds > 0

    def _resolve_roll(self, s: int, t: int, attack_dice: list[int], defend_count: int,
                      events: list[Event], outcome=None) -> None:
        defend_dice = self._defend_dice(defend_count, outcome)
        if self._sea_round_left(s, t):
            self.sea_rounds[(s, t)] = self.sea_rounds.get((s, t), 0) + 1
        if not self._offer_six(s, t, attack_dice, defend_dice):
            self._settle_roll(s, t, attack_dice, defend_dice, 0, events)

    def _settle_roll(self, s: int, t: int, attack_dice, defend_dice, six_from: int,
                     events: list[Event]) -> None:
        """Take the losses of a roll; ``six_from`` is the face the commander turned into a six (0: none)."""
        attacker_losses, defender_losses = roll_outcome(attack_dice, defend_dice, self.armies[t])
        self.armies[s] -= attacker_losses
        self.armies[t] -= defender_losses
        events.append(DiceRolled(self.player, self.owner[t], s, t, tuple(attack_dice), tuple(defend_dice),
                                 attacker_losses, defender_losses, six_from))
        if self.armies[t] == 0:
            self._conquer(s, t, len(attack_dice), events)
        elif self.armies[s] < 2 and self._attack_phase_idle():
            self._end_attack(events)

    def _defender_dice_allowed(self) -> int:
        return self.dice_rules.defender_dice(self.armies[self.pending.target])

    def _check_defend(self, action: Defend) -> str | None:
        if self.phase != Phase.DEFEND:
            return self._wrong_phase()
        allowed = self._defender_dice_allowed()
        if not 1 <= action.dice <= allowed:
            return f"the defender rolls 1 to {allowed} dice"
        return None

    def _do_defend(self, action: Defend, events: list[Event], outcome=None) -> None:
        choice: DefenceChoice = self._resume_attack_phase()
        s, t = choice.source, choice.target
        self._resolve_roll(s, t, list(choice.attack_dice), self._with_sea_die(s, t, action.dice), events, outcome)

    # -- blitz ---------------------------------------------------------------------------------

    def _check_blitz(self, action: Blitz) -> str | None:
        reason = self._check_battle(action.source, action.target, action.six)
        if reason is not None:
            return reason
        a = self.armies[action.source]
        if not 1 <= action.stop_at < a:
            return (f"{self.board.names[action.source]} has {a} armies, so a blitz may stop "
                    f"at 1 to {a - 1} armies left")
        return None

    def _do_blitz(self, action: Blitz, events: list[Event], outcome=None) -> None:
        if self._ask_retreat(action):
            return
        s, t = action.source, action.target
        self._begin_attack(events)
        before_a, before_d = self.armies[s], self.armies[t]
        after_a, after_d, used, spent = self._blitz_outcome(action, outcome)
        if action.six:
            self.commander_used = spent
        if used:
            self.sea_rounds[(s, t)] = self.sea_rounds.get((s, t), 0) + used
        self.armies[s] = after_a
        self.armies[t] = after_d
        events.append(BlitzResolved(self.player, self.owner[t], s, t, before_a - after_a, before_d - after_d,
                                    action.six and self.commander_used))
        if after_d == 0:
            # The conquering roll never costs the attacker an army under the usual dice (the
            # defender must lose every comparison), so its dice are those the armies left allow.
            self._conquer(s, t, self.dice_rules.attacker_dice(after_a), events)
        elif self._attack_phase_idle():
            self._end_attack(events)

    # -- retreat (FAQ 4.2) ---------------------------------------------------------------------

    def _ask_retreat(self, action) -> bool:
        """Stop an attack to ask the defender whether to retreat, the first time it is attacked:
        the action only declares the attack (FAQ 4.2: before any decisions about dice)."""
        if not self._offers_retreat(action.target):
            return False
        self._await_decision(RetreatChoice(action), self.owner[action.target])
        return True

    def _check_retreat(self, action: Retreat) -> str | None:
        if self.phase != Phase.RETREAT:
            return self._wrong_phase()
        if action.territory not in self._retreat_routes(self.pending.target):
            return f"{self.board.names[self.pending.target]}'s armies can only retreat to a neighbour of their own"
        return None

    def _do_retreat(self, action: Retreat, events: list[Event]) -> None:
        defender = self.decider
        choice: RetreatChoice = self._resume_attack_phase()
        s, t, to = choice.source, choice.target, action.territory
        self._begin_attack(events)
        moved = self.armies[t]
        self.armies[t] = 0
        self._add_armies(defender, to, moved, events, "the retreat exceeds the army limit")
        events.append(Retreated(defender, t, to, moved))
        self.armies[s] -= 1  # the price of the retreat for the attacker
        self._conquer(s, t, 1, events)

    def _check_stand(self, action: Stand) -> str | None:
        return None if self.phase == Phase.RETREAT else self._wrong_phase()

    def _do_stand(self, action: Stand, events: list[Event]) -> None:
        # The attacker now chooses the dice of the attack he declared (and must fight it).
        choice: RetreatChoice = self._resume_attack_phase()
        self.retreat_offered |= 1 << choice.target
        self.declared = (choice.source, choice.target)

    # -- conquest and occupation ---------------------------------------------------------------

    def _conquer(self, s: int, t: int, dice: int, events: list[Event]) -> None:
        player, defender = self.player, self.owner[t]
        self._release(t, defender)
        self._take(t, player)
        self.conquered = True
        events.append(TerritoryConquered(player, defender, s, t))
        self.attack_source, self.attack_target = s, t
        self.occupy_min = max(1, min(dice, self.armies[s] - 1))
        self.last_attack_dice = dice
        if self.count[defender] == 0:
            self._eliminate(defender, events)
        if self.winner is None:
            self._check_capitals(events)
        self._enter_occupy(events)

    def _eliminate(self, victim: int, events: list[Event]) -> None:
        player, rules = self.player, self.rules
        self.alive[victim] = False
        taken = self.hands[victim]
        self.hands[victim] = []
        if rules.capture_cards:
            self.hands[player].extend(taken)
        else:
            self.discard.extend(taken)
        if victim != self.neutral:
            self.eliminated.append(victim)
            self._mission_target_destroyed(victim, events)
        events.append(PlayerEliminated(victim, player, len(taken) if rules.capture_cards else 0))
        seats_alive = [p for p in range(self.players) if self.alive[p]]
        if len(seats_alive) == 1:
            self._finish(player, "conquest", events)
        elif taken and rules.capture_cards and self._trades_after_capture():
            self.resume_attack = True
            self.trade_until = rules.forced_trade_at - 1

    def _trades_after_capture(self) -> bool:
        """Whether the cards just taken open a trade at once (FAQ Q2.5): since the 70s in the US
        only at elimination_trade_at cards or more; in the older US rules whenever a set is held."""
        hand, rules = self.hands[self.player], self.rules
        if rules.captured_cards == "trade":
            return len(hand) >= rules.elimination_trade_at
        return rules.captured_cards == "trade-any" and has_set(hand, self.board.cards)

    def occupy_max(self) -> int:
        """The most armies that may move into the territory just conquered (at least
        ``occupy_min``): all but one of the attacking territory's, within the army limit."""
        return min(self.armies[self.attack_source] - 1, self._room(self.attack_target))

    # The sparring harness's bridge (../shared/sparring/domination/py/dom_bridge.py), which the
    # project does not edit, still calls the query by its old private name.
    _occupy_max = occupy_max

    def _check_occupy(self, action: Occupy) -> str | None:
        if self.phase != Phase.OCCUPY:
            return self._wrong_phase()
        top = self.occupy_max()
        if not self.occupy_min <= action.armies <= top:
            return (f"move at least {self.occupy_min} (the dice of the last roll) and at most {top} "
                    f"(one army stays in {self.board.names[self.attack_source]})")
        return None

    def _do_occupy(self, action: Occupy, events: list[Event]) -> None:
        s, t, n = self.attack_source, self.attack_target, action.armies
        self.armies[s] -= n
        self.armies[t] += n
        events.append(Occupied(self.player, s, t, n))
        self._after_occupation(events)

    def _draw_card(self) -> int | None:
        if not self.deck and self.discard:
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
        return self.deck.pop() if self.deck else None


def blitz_with_six(source: int, target: int, stop_at: int) -> Blitz:
    """A blitz that may spend the commander's six: the maker of its runs of legal actions."""
    return Blitz(source, target, stop_at, True)
