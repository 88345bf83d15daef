"""Set-up: claiming or dealing the territories, capitals, and placing the starting armies (the
order of these steps is in :mod:`risk.engine.flow`)."""

from __future__ import annotations

from risk.actions import ChooseCapital, Claim, Place, PlaceNeutral
from risk.events import ArmiesLost, ArmyPlaced, CapitalChosen, CapitalsRevealed, Event, TerritoryClaimed
from risk.missions import deal_missions
from risk.pending import FirstPlacer
from risk.phase import Phase

NO_LIMIT = 1 << 30


class SetupRules:
    __slots__ = ()

    def _deal_missions(self) -> None:
        self.missions = deal_missions(self.board, self.players, self.rules.mission_set, self.rng)
        self.mission_done = [False] * self.players

    def _deal_territories(self) -> None:
        """Every territory to an owner in turn (the neutral army too), one army on each."""
        order = list(range(len(self.owner)))
        self.rng.shuffle(order)
        for i, t in enumerate(order):
            self._take(t, i % self.owners)
            self.armies[t] = 1
            self.reserve[i % self.owners] -= 1

    # -- claiming ------------------------------------------------------------------------------

    def _check_claim(self, action: Claim) -> str | None:
        if self.phase != Phase.CLAIM:
            return self._wrong_phase()
        t = action.territory
        if not 0 <= t < len(self.owner):
            return f"there is no territory #{t}"
        if self.owner[t] >= 0:
            return f"{self.board.names[t]} is already held by {self.owner_name(self.owner[t])}"
        return None

    def _do_claim(self, action: Claim, events: list[Event]) -> None:
        t, p = action.territory, self.player
        self._take(t, p)
        self.armies[t] = 1
        self.reserve[p] -= 1
        events.append(TerritoryClaimed(p, t))
        if sum(self.count) == len(self.owner):
            self._territories_distributed((p + 1) % self.players, events)
        else:
            self.player = (p + 1) % self.players

    # -- capitals ------------------------------------------------------------------------------

    def _check_capital(self, action: ChooseCapital) -> str | None:
        if self.phase != Phase.CAPITAL:
            return self._wrong_phase()
        return self._own_territory(action.territory)

    def _do_capital(self, action: ChooseCapital, events: list[Event]) -> None:
        self.capitals[self.player] = action.territory
        events.append(CapitalChosen(self.player, action.territory))
        if self.player + 1 < self.players:
            self.player += 1
            return
        events.append(CapitalsRevealed(tuple(self.capitals)))
        first: FirstPlacer = self.pending
        self.pending = None
        self._begin_placement(first.seat, events)

    # -- placing the starting armies -----------------------------------------------------------

    def _setup_room(self, t: int) -> int:
        """How many more armies ``t`` may take during set-up."""
        rules = self.rules
        limit = min(rules.setup_limit or NO_LIMIT, rules.army_limit or NO_LIMIT)
        return limit - self.armies[t]

    def _place_remaining_at_random(self, events: list[Event]) -> None:
        for owner in range(self.owners):
            mine = self.territories_of(owner)
            for _ in range(self.reserve[owner]):
                open_land = [t for t in mine if self._setup_room(t) > 0]
                if not open_land:
                    break
                self.armies[self.rng.choice(open_land)] += 1
                self.reserve[owner] -= 1
            self._lose_unplaceable(owner, events)

    def _lose_unplaceable(self, owner: int, events: list[Event]) -> None:
        """Starting armies with nowhere to go (a set-up or army limit) are lost."""
        if self.reserve[owner] <= 0:
            return
        rules = self.rules
        if rules.setup_limit or rules.army_limit:
            room = any(self._setup_room(t) > 0 for t in self.territories_of(owner))
        else:  # without a limit any territory of its own takes more
            room = self.own_mask[owner] != 0
        if not room:
            events.append(ArmiesLost(owner, self.reserve[owner], "no territory can take more armies"))
            self.reserve[owner] = 0

    def _place_actions(self) -> list:
        actions: list = []
        if self._may_place_own():
            actions.extend(Place(t) for t in self.territories_of(self.player) if self._setup_room(t) > 0)
        if self._may_place_neutral():
            actions.extend(PlaceNeutral(t) for t in self.territories_of(self.neutral) if self._setup_room(t) > 0)
        return actions

    def _may_place_own(self) -> bool:
        quota = 2 if self.neutral >= 0 else 1
        return self.reserve[self.player] > 0 and self.setup_placed_own < quota

    def _may_place_neutral(self) -> bool:
        return (self.neutral >= 0 and self.setup_placed_neutral == 0
                and self.reserve[self.neutral] > 0)

    def _check_place(self, action: Place) -> str | None:
        if self.phase != Phase.PLACE:
            return self._wrong_phase()
        if not self._may_place_own():
            if self.reserve[self.player] == 0:
                return "you have no starting armies left to place"
            return "you have placed your own armies for this round; place the neutral army"
        return self._own_territory(action.territory) or self._setup_full(action.territory)

    def _setup_full(self, t: int) -> str | None:
        if self._setup_room(t) <= 0:
            return f"{self.board.names[t]} already holds the most armies the set-up allows"
        return None

    def _do_place(self, action: Place, events: list[Event]) -> None:
        t, p = action.territory, self.player
        self.armies[t] += 1
        self.reserve[p] -= 1
        self.setup_placed_own += 1
        events.append(ArmyPlaced(p, t, 1))
        self._after_setup_placement(events)

    def _check_place_neutral(self, action: PlaceNeutral) -> str | None:
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
        return self._setup_full(t)

    def _do_place_neutral(self, action: PlaceNeutral, events: list[Event]) -> None:
        t = action.territory
        self.armies[t] += 1
        self.reserve[self.neutral] -= 1
        self.setup_placed_neutral += 1
        events.append(ArmyPlaced(self.neutral, t, 1))
        self._after_setup_placement(events)

    def _after_setup_placement(self, events: list[Event]) -> None:
        for owner in (self.player, self.neutral):
            if owner >= 0:
                self._lose_unplaceable(owner, events)
        if not self._may_place_own() and not self._may_place_neutral():
            self._next_placer(events)
