"""The flow of a game: every phase transition, in the order a game passes through them.

Set-up::

    CLAIM (or the territories dealt) -> CAPITAL (capital Risk) -> PLACE (unless placed at once)
    -> the first turn

A turn::

    TRADE (holding a set) -> DEPLOY -> ATTACK -> (DEPLOY, armies still in hand) -> FORTIFY -> next turn

and within the attack phase, each waiting for one decision and then back to ``ATTACK``::

    ATTACK -> DEFEND     the defender chooses its dice, having seen the roll (old UK rules)
    ATTACK -> RETREAT    the defender of a declared attack retreats or stands (FAQ 4.2)
    ATTACK -> COMMANDER  the attacker spends the commander's six on a roll, or keeps it
    ATTACK -> OCCUPY -> ATTACK, or TRADE (a player's cards taken) -> DEPLOY -> ATTACK

A phase with no choice left is passed at once, so a player is only asked when there is a
decision. The game ends (``GAME_OVER``, :meth:`~risk.engine.turns.TurnRules._finish`) on the last
conquest, a mission or the capitals held, or at the turn cap when the next turn would start.

The rules of each phase (what is legal, what an action does) live in the other modules of this
package; they hand over to the methods here when their phase is done.
"""

from __future__ import annotations

from risk.actions import EndPhase, Occupy
from risk.cards import has_set
from risk.events import ArmiesLost, CardDrawn, Event, ReinforcementsReceived, TurnStarted
from risk.pending import FirstPlacer, Pending
from risk.phase import Phase


class TurnFlow:
    __slots__ = ()

    # -- set-up --------------------------------------------------------------------------------

    def _begin_setup(self) -> None:
        """Missions are dealt (if played), then the territories: claimed in turns from seat 0, or
        dealt at random (always, with a neutral army)."""
        if self.rules.missions:
            self._deal_missions()
        if self.neutral >= 0 or self.rules.setup == "deal":
            self._deal_territories()
            self._territories_distributed(0, [])
        else:
            self.phase = Phase.CLAIM
            self.player = 0

    def _territories_distributed(self, first_placer: int, events: list[Event]) -> None:
        """Every territory has an owner: capitals next (if played), then the starting armies."""
        if self.rules.capitals:
            self.player = 0
            self._await_decision(FirstPlacer(first_placer))
            return
        self._begin_placement(first_placer, events)

    def _begin_placement(self, first: int, events: list[Event]) -> None:
        placement = self.rules.placement
        if placement == "none":
            self.reserve = [0] * self.owners  # the 1959 start: one army per territory, no more
        elif placement == "auto":
            self._place_remaining_at_random(events)
        if placement != "turns":
            self._start_turn(0, events)
            return
        self.phase = Phase.PLACE
        self.player = first - 1
        self._next_placer(events)

    def _next_placer(self, events: list[Event]) -> None:
        """Pass the set-up placement on to the next seat that still has something to place."""
        for owner in range(self.owners):
            self._lose_unplaceable(owner, events)
        neutral_left = self.neutral >= 0 and self.reserve[self.neutral] > 0
        for step in range(1, self.players + 1):
            seat = (self.player + step) % self.players
            if self.reserve[seat] > 0 or neutral_left:
                self.player = seat
                self.setup_placed_own = 0
                self.setup_placed_neutral = 0
                return
        self._start_turn(0, events)

    # -- the start of a turn -------------------------------------------------------------------

    def _start_turn(self, player: int, events: list[Event]) -> None:
        if self.turn >= self.rules.max_turns:
            self._adjudicate(events)
            return
        rules = self.rules
        self.turn += 1
        self.player = player
        self._reset_turn_flags()
        from_territories, from_continents = self.income_parts(player)
        events.append(TurnStarted(player, self.turn))
        if rules.reinforce_or_attack:
            # Old UK rules: the armies for territories come only if the player does not attack.
            self.pool, self.withheld = from_continents, from_territories
            events.append(ReinforcementsReceived(player, 0, from_continents, withheld=from_territories))
        else:
            self.pool, self.withheld = from_territories + from_continents, 0
            events.append(ReinforcementsReceived(player, from_territories, from_continents))
        if self.missions is not None:
            self._check_mission(events)
            if self.phase == Phase.GAME_OVER:
                return
        if rules.cards and has_set(self.hands[player], self.board.cards):
            self.phase = Phase.TRADE
            self.trade_until = rules.forced_trade_at - 1
        else:
            self._enter_deploy(events)

    def _reset_turn_flags(self) -> None:
        """Every flag of one turn (:data:`risk.position.TURN_FLAGS`) back to its declared start
        (``arrived`` only where it is read: it stays all 0 otherwise)."""
        self.conquered = False
        self.bonus_used = False
        self.fortified = False
        self.resume_attack = False
        self.attacked = False
        self.commander_used = False
        self.after_deploy = Phase.ATTACK
        if self.sea_rounds:
            self.sea_rounds = {}
        self.retreat_offered = 0
        self.declared = None
        if self.rules.fortify == "unlimited":  # read only by unlimited fortifying
            self.arrived = [0] * len(self.owner)

    # -- trading and deploying -----------------------------------------------------------------

    def _after_trade(self, events: list[Event]) -> None:
        """A set was traded: deploy once no more trades are due (at the start of a turn, once no
        set is left; after taking a player's cards, once the hand is small enough)."""
        if self.phase == Phase.ATTACK:
            return  # the house rule: the armies wait in the pool, deployed during the attack
        if self.resume_attack:
            if not self._must_trade() and not self._may_trade_on():
                self._enter_deploy(events)
        elif not has_set(self.hands[self.player], self.board.cards):
            self._enter_deploy(events)

    def _may_trade_on(self) -> bool:
        """After a capture under the older US rules any set held may still be traded (FAQ Q2.5)."""
        return self.rules.captured_cards == "trade-any" and has_set(self.hands[self.player], self.board.cards)

    def _enter_deploy(self, events: list[Event]) -> None:
        self.phase = Phase.DEPLOY
        self._settle_pool(events)

    def _after_deploying(self, events: list[Event]) -> None:
        if self.phase == Phase.DEPLOY:
            self._settle_pool(events)
        elif self._attack_phase_idle():  # the last armies traded during the attack are placed
            self._end_attack(events)

    def _settle_pool(self, events: list[Event]) -> None:
        """Leave the deploy phase once the pool is spent (or has nowhere to go)."""
        if self.pool > 0 and not any(self._room(t) > 0 for t in self.territories_of(self.player)):
            events.append(ArmiesLost(self.player, self.pool, "every territory is at the army limit"))
            self.pool = 0
        if self.pool == 0:
            self.resume_attack = False
            after, self.after_deploy = self.after_deploy, Phase.ATTACK
            if after == Phase.FORTIFY:
                self._enter_fortify(events)
            else:
                self._enter_attack(events)

    # -- attacking -----------------------------------------------------------------------------

    def _enter_attack(self, events: list[Event]) -> None:
        self.phase = Phase.ATTACK
        if self._attack_phase_idle():
            self._end_attack(events)

    def _await_decision(self, decision: Pending, decider: int = -1) -> None:
        """Stop for ``decision`` in its phase; ``decider`` is the seat asked when it is not the
        player whose turn it is."""
        self.pending = decision
        self.decider = decider
        self.phase = decision.PHASE

    def _resume_attack_phase(self) -> Pending:
        """The decision in the middle of the attack is taken: back to the attack phase. Returns
        the decision that was pending."""
        decision, self.pending = self.pending, None
        self.decider = -1
        self.phase = Phase.ATTACK
        return decision

    def _enter_occupy(self, events: list[Event]) -> None:
        """A territory was conquered: move armies in (at once if there is no choice, or if the
        game is won)."""
        self.phase = Phase.OCCUPY
        if self.winner is not None or self.occupy_min == self.occupy_max():
            self._do_occupy(Occupy(self.occupy_min), events)

    def _after_occupation(self, events: list[Event]) -> None:
        if self.winner is None and self.missions is not None:
            # A conquest that completes a mission wins with the armies moved in, never leaving
            # the conquered territory empty (as a win by conquest or by capitals does).
            self._check_mission(events)
        if self.winner is not None:
            self.phase = Phase.GAME_OVER
        elif self.resume_attack:
            self.phase = Phase.TRADE  # a player's cards were taken: trade down first
        else:
            self._enter_attack(events)

    def _end_attack(self, events: list[Event]) -> None:
        rules = self.rules
        if rules.reinforce_or_attack and not self.attacked and self.withheld:
            # Old UK rules: no attack this turn, so the armies for territories come now.
            events.append(ReinforcementsReceived(self.player, self.withheld, 0))
            self.pool, self.withheld = self.pool + self.withheld, 0
            self.after_deploy = Phase.FORTIFY
            self._enter_deploy(events)
            return
        if self.conquered and rules.cards:
            card = self._draw_card()
            if card is not None:
                self.hands[self.player].append(card)
                events.append(CardDrawn(self.player, card))
        if self.pool:  # armies traded during the attack (house rule) and not yet placed
            self.after_deploy = Phase.FORTIFY
            self._enter_deploy(events)
            return
        self._enter_fortify(events)

    # -- fortifying and the end of the turn ----------------------------------------------------

    def _enter_fortify(self, events: list[Event]) -> None:
        self.phase = Phase.FORTIFY
        if not self._can_fortify():
            self._end_turn(events)

    def _after_fortify_move(self, events: list[Event]) -> None:
        if self.rules.fortify == "unlimited" and self._can_fortify():
            return
        self._end_turn(events)

    def _end_turn(self, events: list[Event]) -> None:
        p = self.player
        for _ in range(self.players):
            p = (p + 1) % self.players
            if self.alive[p]:
                break
        self._start_turn(p, events)

    # -- ending a phase early ------------------------------------------------------------------

    def _check_end(self, action: EndPhase) -> str | None:
        phase = self.phase
        if phase == Phase.TRADE:
            if self._must_trade():
                return (f"you hold {len(self.hands[self.player])} cards and must trade until you "
                        f"hold at most {self.trade_until}")
            return None
        if phase == Phase.ATTACK and self.declared is not None:
            return "you declared an attack and its defender stood: choose the dice for it"
        if phase in (Phase.ATTACK, Phase.FORTIFY):
            return None
        return f"the {phase.label} phase cannot be ended early"

    def _do_end(self, action: EndPhase, events: list[Event]) -> None:
        if self.phase == Phase.TRADE:
            self._enter_deploy(events)
        elif self.phase == Phase.ATTACK:
            self._end_attack(events)
        else:
            self._end_turn(events)
