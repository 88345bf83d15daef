"""The end of the game: victory by conquest, by mission, by capitals, or by adjudication at the
turn cap; and the small helpers every phase uses (the turns themselves are in :mod:`risk.engine.flow`)."""

from __future__ import annotations

from risk.events import Event, GameOver, MissionChanged
from risk.missions import is_complete, territory_mission
from risk.phase import Phase

_ALLOWED = {
    Phase.CLAIM: "claim",
    Phase.PLACE: "place (and neutral in a 2-player game)",
    Phase.CAPITAL: "capital",
    Phase.TRADE: "trade, end",
    Phase.DEPLOY: "deploy",
    Phase.ATTACK: "attack, blitz, end",
    Phase.DEFEND: "defend",
    Phase.RETREAT: "retreat, stand",
    Phase.COMMANDER: "six, keep",
    Phase.OCCUPY: "occupy",
    Phase.FORTIFY: "fortify, end",
    Phase.GAME_OVER: "none (the game is over)",
}


class TurnRules:
    __slots__ = ()

    # -- missions and capitals -----------------------------------------------------------------

    def _mission_target_destroyed(self, victim: int, events: list[Event]) -> None:
        """A seat fell: destroy missions against it are completed, or (UK rule, when someone
        else took the last territory) turn into 24 territories."""
        if self.missions is None:
            return
        for holder, mission in enumerate(self.missions):
            if mission.kind != "destroy" or mission.target != victim:
                continue
            if self.rules.mission_kill == "us" or holder == self.player:
                self.mission_done[holder] = True
            else:
                self.missions[holder] = territory_mission(len(self.board), 24)
                events.append(MissionChanged(holder, victim, self.missions[holder]))

    def _check_mission(self, events: list[Event]) -> None:
        """Missions win only during their holder's own turn."""
        player = self.player
        if not self.alive[player]:
            return
        if is_complete(self.missions[player], self, player, self.mission_done[player]):
            self._finish(player, "mission", events)

    def capitals_held(self, player: int) -> int:
        return sum(1 for t in self.capitals if t >= 0 and self.owner[t] == player)

    def _check_capitals(self, events: list[Event]) -> None:
        if not self.rules.capitals:
            return
        needed = self.rules.capitals_to_win or self.players
        if self.capitals_held(self.player) >= needed:
            self._finish(self.player, "capitals", events)

    # -- the end of the game -------------------------------------------------------------------

    def _adjudicate(self, events: list[Event]) -> None:
        """The turn cap: most territories wins, then most armies; an exact tie is a draw."""
        keys = {p: (self.count[p], self.total_armies(p)) for p in range(self.players) if self.alive[p]}
        best = max(keys.values())
        leaders = [p for p, k in keys.items() if k == best]
        self._finish(leaders[0] if len(leaders) == 1 else None, "turn limit", events)

    def _finish(self, winner: int | None, reason: str, events: list[Event]) -> None:
        """Places: the winner first, the other survivors by territories then armies (equal keys
        share a place), then the eliminated players, the last to fall first."""
        keys = {p: (self.count[p], self.total_armies(p)) for p in range(self.players) if self.alive[p]}
        places = [0] * self.players
        others = {p: k for p, k in keys.items() if p != winner}
        offset = 1 if winner is not None else 0
        if winner is not None:
            places[winner] = 1
        for p, key in others.items():
            places[p] = 1 + offset + sum(1 for other in others.values() if other > key)
        place = len(keys)
        for victim in reversed(self.eliminated):
            place += 1
            places[victim] = place
        self.winner = winner
        self.end_reason = reason
        self.places = tuple(places)
        self.phase = Phase.GAME_OVER
        self.decider = -1
        events.append(GameOver(winner, reason, self.places))

    # -- small helpers -------------------------------------------------------------------------

    def _take(self, t: int, owner: int) -> None:
        self.owner[t] = owner
        self.count[owner] += 1
        self.own_mask[owner] |= 1 << t

    def _release(self, t: int, owner: int) -> None:
        self.count[owner] -= 1
        self.own_mask[owner] &= ~(1 << t)

    def _own_territory(self, t: int) -> str | None:
        if not 0 <= t < len(self.owner):
            return f"there is no territory #{t}"
        if self.owner[t] != self.player:
            return f"you do not hold {self.board.names[t]}"
        return None

    def _wrong_phase(self) -> str:
        return f"it is the {self.phase.label} phase, where you may: {_ALLOWED[self.phase]}"
