"""The rules of play: legal actions, the checked ``apply``, and every phase transition.

:class:`Engine` is mixed into :class:`risk.state.GameState`; it holds no data of its own. Each
action type has a check (returns why it is illegal, or None) and a handler (changes the state);
``apply`` runs the check first and raises :class:`IllegalActionError` with the reason, so a
refused action leaves the state untouched.

Phases with no choice left are passed automatically, so a player is only ever asked when there
is a decision: the trade phase without a set, an occupation whose minimum is also its maximum,
an attack phase with nothing to attack, a fortify phase with nothing to move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from risk.actions import (Action, Attack, Blitz, Claim, Deploy, EndPhase, Fortify, LegalActions,
                          Occupy, Place, PlaceNeutral, Trade)
from risk.battle import STANDARD_DICE, resolve_roll, sample_blitz
from risk.board import connected_within
from risk.cards import WILD, has_set, is_set, set_kinds, sets_in_hand, symbol
from risk.errors import IllegalActionError
from risk.events import (ArmyPlaced, BlitzResolved, CardDrawn, CardsTraded, Deployed, DiceRolled,
                         Event, Fortified, GameOver, Occupied, PlayerEliminated,
                         ReinforcementsReceived, TerritoryClaimed, TerritoryConquered, TurnStarted)
from risk.phase import Phase

if TYPE_CHECKING:
    from risk.state import GameState

_ALLOWED = {
    Phase.CLAIM: "claim",
    Phase.PLACE: "place (and neutral in a 2-player game)",
    Phase.TRADE: "trade, end",
    Phase.DEPLOY: "deploy",
    Phase.ATTACK: "attack, blitz, end",
    Phase.OCCUPY: "occupy",
    Phase.FORTIFY: "fortify, end",
    Phase.GAME_OVER: "none (the game is over)",
}


class Engine:
    """The rules, as methods of the game state."""

    __slots__ = ()

    # =============================================================================================
    # Public API

    def legal_actions(self: "GameState") -> LegalActions:
        """Every legal action, each distinct choice once, in a fixed order (a lazy sequence)."""
        return LegalActions(self, self._legal_runs())

    def _legal_runs(self: "GameState") -> list[tuple]:
        phase = self.phase
        if phase == Phase.ATTACK:
            return self._attack_runs()
        if phase == Phase.DEPLOY:
            pool = self.pool
            return [(Deploy, (t,), 1, pool) for t in self.territories_of(self.player)]
        if phase == Phase.OCCUPY:
            return [(Occupy, (), self.occupy_min, self.armies[self.attack_source] - 1)]
        if phase == Phase.FORTIFY:
            return self._fortify_runs()
        if phase == Phase.TRADE:
            return [(None, a, 0, 0) for a in self._trade_actions()]
        if phase == Phase.CLAIM:
            owner = self.owner
            return [(None, Claim(t), 0, 0) for t in range(len(owner)) if owner[t] < 0]
        if phase == Phase.PLACE:
            return [(None, a, 0, 0) for a in self._place_actions()]
        return []

    def why_illegal(self: "GameState", action: object) -> str | None:
        """Why ``action`` is illegal here, or None if it is legal."""
        handler = _HANDLERS.get(type(action))
        if handler is None:
            return f"{action!r} is not an action"
        if self.phase == Phase.GAME_OVER:
            return "the game is over"
        return handler[0](self, action)

    def is_legal(self: "GameState", action: object) -> bool:
        return self.why_illegal(action) is None

    def check(self: "GameState", action: Action) -> None:
        """Raise :class:`IllegalActionError` naming the broken rule if ``action`` is illegal."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(f"illegal action '{_text(self, action)}': {reason}")

    def apply(self: "GameState", action: Action) -> list[Event]:
        """Play ``action`` and return what happened.

        Raises :class:`IllegalActionError` (a ``ValueError``) and changes nothing if the action is
        illegal here.
        """
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalActionError(f"{action!r} is not an action")
        reason = "the game is over" if self.phase == Phase.GAME_OVER else handler[0](self, action)
        if reason is not None:
            raise IllegalActionError(f"illegal action '{_text(self, action)}': {reason}")
        events: list[Event] = []
        handler[1](self, action, events)
        return events

    def apply_text(self: "GameState", text: str) -> list[Event]:
        """Parse and apply an action in its text form."""
        return self.apply(self.parse_action(text))

    # =============================================================================================
    # Set-up

    def _begin_setup(self: "GameState") -> None:
        rules = self.rules
        if self.neutral >= 0 or rules.setup == "deal":
            order = list(range(len(self.owner)))
            self.rng.shuffle(order)
            for i, t in enumerate(order):
                self._take(t, i % self.owners)
                self.armies[t] = 1
                self.reserve[i % self.owners] -= 1
            self._begin_placement(0, [])
        else:
            self.phase = Phase.CLAIM
            self.player = 0

    def _begin_placement(self: "GameState", first: int, events: list[Event]) -> None:
        if self.rules.placement == "auto":
            self._place_remaining_at_random()
            self._start_turn(0, events)
            return
        self.phase = Phase.PLACE
        self.player = first - 1
        self._next_placer(events)

    def _place_remaining_at_random(self: "GameState") -> None:
        for owner in range(self.owners):
            mine = self.territories_of(owner)
            for _ in range(self.reserve[owner]):
                self.armies[self.rng.choice(mine)] += 1
            self.reserve[owner] = 0

    def _next_placer(self: "GameState", events: list[Event]) -> None:
        """Pass the set-up placement on to the next seat that still has something to place."""
        neutral_left = self.neutral >= 0 and self.reserve[self.neutral] > 0
        for step in range(1, self.players + 1):
            seat = (self.player + step) % self.players
            if self.reserve[seat] > 0 or neutral_left:
                self.player = seat
                self.setup_placed_own = 0
                self.setup_placed_neutral = 0
                return
        self._start_turn(0, events)

    def _check_claim(self: "GameState", action: Claim) -> str | None:
        if self.phase != Phase.CLAIM:
            return self._wrong_phase()
        t = action.territory
        if not 0 <= t < len(self.owner):
            return f"there is no territory #{t}"
        if self.owner[t] >= 0:
            return f"{self.board.names[t]} is already held by {self.owner_name(self.owner[t])}"
        return None

    def _do_claim(self: "GameState", action: Claim, events: list[Event]) -> None:
        t, p = action.territory, self.player
        self._take(t, p)
        self.armies[t] = 1
        self.reserve[p] -= 1
        events.append(TerritoryClaimed(p, t))
        if sum(self.count) == len(self.owner):
            self._begin_placement((p + 1) % self.players, events)
        else:
            self.player = (p + 1) % self.players

    def _place_actions(self: "GameState") -> list[Action]:
        actions: list[Action] = []
        if self._may_place_own():
            actions.extend(Place(t) for t in self.territories_of(self.player))
        if self._may_place_neutral():
            actions.extend(PlaceNeutral(t) for t in self.territories_of(self.neutral))
        return actions

    def _may_place_own(self: "GameState") -> bool:
        quota = 2 if self.neutral >= 0 else 1
        return self.reserve[self.player] > 0 and self.setup_placed_own < quota

    def _may_place_neutral(self: "GameState") -> bool:
        return (self.neutral >= 0 and self.setup_placed_neutral == 0
                and self.reserve[self.neutral] > 0)

    def _check_place(self: "GameState", action: Place) -> str | None:
        if self.phase != Phase.PLACE:
            return self._wrong_phase()
        if not self._may_place_own():
            if self.reserve[self.player] == 0:
                return "you have no starting armies left to place"
            return "you have placed your own armies for this round; place the neutral army"
        return self._own_territory(action.territory)

    def _do_place(self: "GameState", action: Place, events: list[Event]) -> None:
        t, p = action.territory, self.player
        self.armies[t] += 1
        self.reserve[p] -= 1
        self.setup_placed_own += 1
        events.append(ArmyPlaced(p, t, 1))
        self._after_setup_placement(events)

    def _check_place_neutral(self: "GameState", action: PlaceNeutral) -> str | None:
        if self.phase != Phase.PLACE:
            return self._wrong_phase()
        if self.neutral < 0:
            return "there is no neutral army in this game"
        if not self._may_place_neutral():
            return "the neutral army has already been placed this round (or has none left)"
        t = action.territory
        if not 0 <= t < len(self.owner):
            return f"there is no territory #{t}"
        if self.owner[t] != self.neutral:
            return f"{self.board.names[t]} is not neutral"
        return None

    def _do_place_neutral(self: "GameState", action: PlaceNeutral, events: list[Event]) -> None:
        t = action.territory
        self.armies[t] += 1
        self.reserve[self.neutral] -= 1
        self.setup_placed_neutral += 1
        events.append(ArmyPlaced(self.neutral, t, 1))
        self._after_setup_placement(events)

    def _after_setup_placement(self: "GameState", events: list[Event]) -> None:
        if not self._may_place_own() and not self._may_place_neutral():
            self._next_placer(events)

    # =============================================================================================
    # Turns, reinforcements and cards

    def _start_turn(self: "GameState", player: int, events: list[Event]) -> None:
        if self.turn >= self.rules.max_turns:
            self._adjudicate(events)
            return
        self.turn += 1
        self.player = player
        self.conquered = False
        self.bonus_used = False
        self.fortified = False
        self.resume_attack = False
        if self.rules.fortify == "unlimited":
            self.arrived = [0] * len(self.owner)
        rules = self.rules
        from_territories = max(rules.reinforcement_minimum, self.count[player] // rules.reinforcement_divisor)
        from_continents = self.board.continent_bonus_for(self.owner, player)
        self.pool = from_territories + from_continents
        events.append(TurnStarted(player, self.turn))
        events.append(ReinforcementsReceived(player, from_territories, from_continents))
        hand = self.hands[player]
        if rules.cards and has_set(hand, self.board.cards):
            self.phase = Phase.TRADE
            self.trade_until = rules.forced_trade_at - 1
        else:
            self.phase = Phase.DEPLOY

    def _trade_actions(self: "GameState") -> list[Action]:
        actions: list[Action] = []
        for trio in sets_in_hand(self.hands[self.player], self.board.cards):
            bonuses = self._bonus_choices(trio)
            if bonuses:
                actions.extend(Trade(trio, b) for b in bonuses)
            else:
                actions.append(Trade(trio, None))
        if not self._must_trade():
            actions.append(EndPhase())
        return actions

    def _must_trade(self: "GameState") -> bool:
        """Too many cards, and a set among them (below 5 cards a hand may hold no set at all)."""
        hand = self.hands[self.player]
        return len(hand) > self.trade_until and has_set(hand, self.board.cards)

    def _bonus_choices(self: "GameState", cards: tuple[int, ...]) -> list[int]:
        """The territories among ``cards`` that may take the +2 armies now."""
        if not self.rules.territory_bonus or self.bonus_used:
            return []
        owner, player = self.owner, self.player
        return sorted({c for c in cards if c != WILD and owner[c] == player})

    def _check_trade(self: "GameState", action: Trade) -> str | None:
        if self.phase != Phase.TRADE:
            return self._wrong_phase()
        cards = action.cards
        if len(cards) != 3:
            return "a set is exactly three cards"
        hand = list(self.hands[self.player])
        for c in cards:
            if c not in hand:
                return f"you do not hold the card {_card_name(self, c)}"
            hand.remove(c)
        if not is_set(cards, self.board.cards):
            return "these cards are not a set (three alike, one of each, or any two with a wild card)"
        choices = self._bonus_choices(tuple(cards))
        if action.bonus is None and choices:
            return ("you hold a territory on these cards, so name where the +2 armies go: "
                    + ", ".join(self.board.slugs[t] for t in choices))
        if action.bonus is not None and action.bonus not in choices:
            if not self.rules.territory_bonus:
                return "the rules give no territory bonus"
            if self.bonus_used:
                return "you already took the +2 territory bonus this turn"
            return "the +2 armies go on a territory of a traded card that you hold"
        return None

    def _do_trade(self: "GameState", action: Trade, events: list[Event]) -> None:
        p = self.player
        hand = self.hands[p]
        for c in action.cards:
            hand.remove(c)
            self.discard.append(c)
        symbols = [symbol(c, self.board.cards) for c in action.cards]
        value = max(self.rules.set_value(self.sets_traded, kind) for kind in set_kinds(symbols))
        self.sets_traded += 1
        self.pool += value
        if action.bonus is not None:
            self.armies[action.bonus] += 2
            self.bonus_used = True
        events.append(CardsTraded(p, tuple(action.cards), value, action.bonus))
        if self.resume_attack:
            if not self._must_trade():
                self.phase = Phase.DEPLOY
        elif not has_set(hand, self.board.cards):
            self.phase = Phase.DEPLOY

    def _check_deploy(self: "GameState", action: Deploy) -> str | None:
        if self.phase != Phase.DEPLOY:
            return self._wrong_phase()
        if not 1 <= action.armies <= self.pool:
            return f"you have {self.pool} armies to deploy, so deploy 1 to {self.pool}"
        return self._own_territory(action.territory)

    def _do_deploy(self: "GameState", action: Deploy, events: list[Event]) -> None:
        self.armies[action.territory] += action.armies
        self.pool -= action.armies
        events.append(Deployed(self.player, action.territory, action.armies))
        if self.pool == 0:
            self.resume_attack = False
            self._enter_attack(events)

    # =============================================================================================
    # Attack and occupation

    def _enter_attack(self: "GameState", events: list[Event]) -> None:
        self.phase = Phase.ATTACK
        if not self._can_attack():
            self._end_attack(events)

    def _can_attack(self: "GameState") -> bool:
        mine = self.own_mask[self.player]
        armies, masks = self.armies, self.board.neighbour_mask
        while mine:
            low = mine & -mine
            t = low.bit_length() - 1
            if armies[t] >= 2 and masks[t] & ~self.own_mask[self.player]:
                return True
            mine ^= low
        return False

    def _attack_runs(self: "GameState") -> list[tuple]:
        runs: list[tuple] = []
        player, owner, armies = self.player, self.owner, self.armies
        max_dice = self.dice_rules.attacker_max
        for s in self.territories_of(player):
            a = armies[s]
            if a < 2:
                continue
            for t in self.board.neighbours[s]:
                if owner[t] != player:
                    runs.append((Attack, (s, t), 1, min(max_dice, a - 1)))
                    runs.append((Blitz, (s, t), 1, a - 1))
        runs.append((None, EndPhase(), 0, 0))
        return runs

    @property
    def dice_rules(self: "GameState"):
        return STANDARD_DICE

    def _check_battle(self: "GameState", source: int, target: int) -> str | None:
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
        if self.armies[source] < 2:
            return f"{names[source]} has only 1 army; attacking needs at least 2 (one stays behind)"
        return None

    def _check_attack(self: "GameState", action: Attack) -> str | None:
        reason = self._check_battle(action.source, action.target)
        if reason is not None:
            return reason
        most = min(self.dice_rules.attacker_max, self.armies[action.source] - 1)
        if not 1 <= action.dice <= most:
            return (f"{self.board.names[action.source]} has {self.armies[action.source]} armies, "
                    f"so it attacks with 1 to {most} dice")
        return None

    def _do_attack(self: "GameState", action: Attack, events: list[Event]) -> None:
        s, t = action.source, action.target
        die = self.rng.die
        attack_dice = sorted((die() for _ in range(action.dice)), reverse=True)
        defend_dice = sorted((die() for _ in range(self.dice_rules.defender_dice(self.armies[t]))),
                             reverse=True)
        attacker_losses, defender_losses = resolve_roll(attack_dice, defend_dice)
        self.armies[s] -= attacker_losses
        self.armies[t] -= defender_losses
        defender = self.owner[t]
        events.append(DiceRolled(self.player, defender, s, t, tuple(attack_dice), tuple(defend_dice),
                                 attacker_losses, defender_losses))
        if self.armies[t] == 0:
            self._conquer(s, t, action.dice, events)
        elif self.armies[s] < 2 and not self._can_attack():
            self._end_attack(events)

    def _check_blitz(self: "GameState", action: Blitz) -> str | None:
        reason = self._check_battle(action.source, action.target)
        if reason is not None:
            return reason
        a = self.armies[action.source]
        if not 1 <= action.stop_at < a:
            return (f"{self.board.names[action.source]} has {a} armies, so a blitz may stop "
                    f"at 1 to {a - 1} armies left")
        return None

    def _do_blitz(self: "GameState", action: Blitz, events: list[Event]) -> None:
        s, t = action.source, action.target
        before_a, before_d = self.armies[s], self.armies[t]
        after_a, after_d = sample_blitz(before_a, before_d, self.rng.random(), action.stop_at,
                                        self.dice_rules)
        self.armies[s] = after_a
        self.armies[t] = after_d
        events.append(BlitzResolved(self.player, self.owner[t], s, t, before_a - after_a, before_d - after_d))
        if after_d == 0:
            # The conquering roll never costs the attacker an army (the defender must lose every
            # comparison), so the dice of that roll are those the final army count allows.
            self._conquer(s, t, self.dice_rules.attacker_dice(after_a), events)
        elif not self._can_attack():
            self._end_attack(events)

    def _conquer(self: "GameState", s: int, t: int, dice: int, events: list[Event]) -> None:
        player, defender = self.player, self.owner[t]
        self._release(t, defender)
        self._take(t, player)
        self.conquered = True
        events.append(TerritoryConquered(player, defender, s, t))
        self.attack_source, self.attack_target = s, t
        self.occupy_min = min(dice, self.armies[s] - 1)
        self.last_attack_dice = dice
        if self.count[defender] == 0:
            self._eliminate(defender, events)
        self.phase = Phase.OCCUPY
        if self.winner is not None or self.occupy_min == self.armies[s] - 1:
            self._do_occupy(Occupy(self.occupy_min), events)

    def _eliminate(self: "GameState", victim: int, events: list[Event]) -> None:
        player = self.player
        self.alive[victim] = False
        taken = self.hands[victim]
        self.hands[victim] = []
        self.hands[player].extend(taken)
        if victim != self.neutral:
            self.eliminated.append(victim)
        events.append(PlayerEliminated(victim, player, len(taken)))
        seats_alive = [p for p in range(self.players) if self.alive[p]]
        if len(seats_alive) == 1:
            self._finish(player, "conquest", events)
        elif taken and len(self.hands[player]) >= self.rules.elimination_trade_at:
            self.resume_attack = True
            self.trade_until = self.rules.forced_trade_at - 1

    def _check_occupy(self: "GameState", action: Occupy) -> str | None:
        if self.phase != Phase.OCCUPY:
            return self._wrong_phase()
        top = self.armies[self.attack_source] - 1
        if not self.occupy_min <= action.armies <= top:
            return (f"move at least {self.occupy_min} (the dice of the last roll) and at most {top} "
                    f"(one army stays in {self.board.names[self.attack_source]})")
        return None

    def _do_occupy(self: "GameState", action: Occupy, events: list[Event]) -> None:
        s, t, n = self.attack_source, self.attack_target, action.armies
        self.armies[s] -= n
        self.armies[t] += n
        events.append(Occupied(self.player, s, t, n))
        if self.winner is not None:
            self.phase = Phase.GAME_OVER
        elif self.resume_attack:
            self.phase = Phase.TRADE
        else:
            self._enter_attack(events)

    def _end_attack(self: "GameState", events: list[Event]) -> None:
        if self.conquered and self.rules.cards:
            card = self._draw_card()
            if card is not None:
                self.hands[self.player].append(card)
                events.append(CardDrawn(self.player, card))
        self._enter_fortify(events)

    def _draw_card(self: "GameState") -> int | None:
        if not self.deck and self.discard:
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
        return self.deck.pop() if self.deck else None

    # =============================================================================================
    # Fortify and the end of the turn

    def _movable(self: "GameState", t: int) -> int:
        if self.rules.fortify == "unlimited":
            return self.armies[t] - max(1, self.arrived[t])
        return self.armies[t] - 1

    def _enter_fortify(self: "GameState", events: list[Event]) -> None:
        self.phase = Phase.FORTIFY
        if not self._can_fortify():
            self._end_turn(events)

    def _can_fortify(self: "GameState") -> bool:
        mine = self.own_mask[self.player]
        masks = self.board.neighbour_mask
        rest = mine
        while rest:
            low = rest & -rest
            t = low.bit_length() - 1
            if masks[t] & mine and self._movable(t) > 0:
                return True
            rest ^= low
        return False

    def _fortify_targets(self: "GameState", source: int) -> int:
        """The bit mask of territories ``source`` may send armies to."""
        mine = self.own_mask[self.player]
        if self.rules.fortify == "adjacent":
            return self.board.neighbour_mask[source] & mine
        return connected_within(self.board, mine, source) & ~(1 << source)

    def fortify_targets(self: "GameState", source: int) -> list[int]:
        """The territories the current player may fortify from ``source`` (empty if it has no army
        free to move)."""
        if self.phase != Phase.FORTIFY or self.owner[source] != self.player or self._movable(source) <= 0:
            return []
        targets = self._fortify_targets(source)
        return [t for t in range(len(self.owner)) if (targets >> t) & 1]

    def movable_armies(self: "GameState", territory: int) -> int:
        """How many armies may leave ``territory`` in a fortify move now."""
        return max(0, self._movable(territory))

    def _fortify_runs(self: "GameState") -> list[tuple]:
        runs: list[tuple] = []
        for s in self.territories_of(self.player):
            movable = self._movable(s)
            if movable <= 0:
                continue
            targets = self._fortify_targets(s)
            for t in range(len(self.owner)):
                if (targets >> t) & 1:
                    runs.append((Fortify, (s, t), 1, movable))
        runs.append((None, EndPhase(), 0, 0))
        return runs

    def _check_fortify(self: "GameState", action: Fortify) -> str | None:
        if self.phase != Phase.FORTIFY:
            return self._wrong_phase()
        s, t = action.source, action.target
        reason = self._own_territory(s) or self._own_territory(t)
        if reason:
            return reason
        names = self.board.names
        if s == t:
            return "source and target are the same territory"
        if not (self._fortify_targets(s) >> t) & 1:
            if self.rules.fortify == "adjacent":
                return f"{names[s]} does not border {names[t]} (fortify moves go to a neighbour)"
            return f"{names[t]} cannot be reached from {names[s]} through your own territories"
        movable = self._movable(s)
        if not 1 <= action.armies <= movable:
            if movable <= 0:
                return f"no army in {names[s]} may move (one must stay, and armies move once a turn)"
            return f"move 1 to {movable} armies from {names[s]}"
        return None

    def _do_fortify(self: "GameState", action: Fortify, events: list[Event]) -> None:
        s, t, n = action.source, action.target, action.armies
        self.armies[s] -= n
        self.armies[t] += n
        self.fortified = True
        events.append(Fortified(self.player, s, t, n))
        if self.rules.fortify == "unlimited":
            self.arrived[t] += n
            if self._can_fortify():
                return
        self._end_turn(events)

    def _check_end(self: "GameState", action: EndPhase) -> str | None:
        phase = self.phase
        if phase == Phase.TRADE:
            if self._must_trade():
                return (f"you hold {len(self.hands[self.player])} cards and must trade until you "
                        f"hold at most {self.trade_until}")
            return None
        if phase in (Phase.ATTACK, Phase.FORTIFY):
            return None
        return f"the {phase.label} phase cannot be ended early"

    def _do_end(self: "GameState", action: EndPhase, events: list[Event]) -> None:
        if self.phase == Phase.TRADE:
            self.phase = Phase.DEPLOY
        elif self.phase == Phase.ATTACK:
            self._end_attack(events)
        else:
            self._end_turn(events)

    def _end_turn(self: "GameState", events: list[Event]) -> None:
        p = self.player
        for _ in range(self.players):
            p = (p + 1) % self.players
            if self.alive[p]:
                break
        self._start_turn(p, events)

    # =============================================================================================
    # The end of the game

    def _adjudicate(self: "GameState", events: list[Event]) -> None:
        """The turn cap: most territories wins, then most armies; an exact tie is a draw."""
        keys = {p: (self.count[p], self.total_armies(p)) for p in range(self.players) if self.alive[p]}
        best = max(keys.values())
        leaders = [p for p, k in keys.items() if k == best]
        self._finish(leaders[0] if len(leaders) == 1 else None, "turn limit", events)

    def _finish(self: "GameState", winner: int | None, reason: str, events: list[Event]) -> None:
        keys = {p: (self.count[p], self.total_armies(p)) for p in range(self.players) if self.alive[p]}
        places = [0] * self.players
        for p, key in keys.items():
            places[p] = 1 + sum(1 for other in keys.values() if other > key)
        place = len(keys)
        for victim in reversed(self.eliminated):
            place += 1
            places[victim] = place
        self.winner = winner
        self.end_reason = reason
        self.places = tuple(places)
        self.phase = Phase.GAME_OVER
        events.append(GameOver(winner, reason, self.places))

    # =============================================================================================
    # Small helpers

    def _take(self: "GameState", t: int, owner: int) -> None:
        self.owner[t] = owner
        self.count[owner] += 1
        self.own_mask[owner] |= 1 << t

    def _release(self: "GameState", t: int, owner: int) -> None:
        self.count[owner] -= 1
        self.own_mask[owner] &= ~(1 << t)

    def _own_territory(self: "GameState", t: int) -> str | None:
        if not 0 <= t < len(self.owner):
            return f"there is no territory #{t}"
        if self.owner[t] != self.player:
            return f"you do not hold {self.board.names[t]}"
        return None

    def _wrong_phase(self: "GameState") -> str:
        return f"it is the {self.phase.label} phase, where you may: {_ALLOWED[self.phase]}"


def _text(state: "GameState", action: object) -> str:
    try:
        return action.text(state.board)  # type: ignore[attr-defined]
    except Exception:
        return repr(action)


def _card_name(state: "GameState", card: int) -> str:
    if card == WILD:
        return "wild"
    if 0 <= card < len(state.board):
        return state.board.names[card]
    return f"#{card}"


_HANDLERS = {
    Claim: (Engine._check_claim, Engine._do_claim),
    Place: (Engine._check_place, Engine._do_place),
    PlaceNeutral: (Engine._check_place_neutral, Engine._do_place_neutral),
    Trade: (Engine._check_trade, Engine._do_trade),
    Deploy: (Engine._check_deploy, Engine._do_deploy),
    Attack: (Engine._check_attack, Engine._do_attack),
    Blitz: (Engine._check_blitz, Engine._do_blitz),
    Occupy: (Engine._check_occupy, Engine._do_occupy),
    Fortify: (Engine._check_fortify, Engine._do_fortify),
    EndPhase: (Engine._check_end, Engine._do_end),
}
