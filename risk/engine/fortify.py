"""Fortify moves at the end of the turn: one move to a neighbour (standard), one move along a
path of your own territories, or any number of such moves with each army moving once. The old UK
rules cap a move at 7 armies; an army limit caps what the target may hold."""

from __future__ import annotations

from risk.actions import EndPhase, Fortify
from risk.board import connected_within
from risk.events import Event, Fortified
from risk.phase import Phase


class FortifyRules:
    __slots__ = ()

    def _movable(self, t: int) -> int:
        if self.rules.fortify == "unlimited":
            return self.armies[t] - max(1, self.arrived[t])
        return self.armies[t] - 1

    def _move_cap(self, source: int, target: int) -> int:
        """The most armies one move from ``source`` to ``target`` may carry."""
        most = min(self._movable(source), self._room(target))
        if self.rules.fortify_max_armies:
            most = min(most, self.rules.fortify_max_armies)
        return most

    def _can_fortify(self) -> bool:
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

    def _fortify_targets(self, source: int) -> int:
        """The bit mask of territories ``source`` may send armies to."""
        mine = self.own_mask[self.player]
        if self.rules.fortify == "adjacent":
            return self.board.neighbour_mask[source] & mine
        return connected_within(self.board, mine, source) & ~(1 << source)

    def fortify_targets(self, source: int) -> list[int]:
        """The territories the current player may fortify from ``source`` (empty if it has no army
        free to move)."""
        if self.phase != Phase.FORTIFY or self.owner[source] != self.player or self._movable(source) <= 0:
            return []
        targets = self._fortify_targets(source)
        return [t for t in range(len(self.owner)) if (targets >> t) & 1 and self._move_cap(source, t) > 0]

    def fortify_limit(self, source: int, target: int) -> int:
        """The most armies one fortify move from ``source`` to ``target`` may carry now."""
        return max(0, self._move_cap(source, target))

    def movable_armies(self, territory: int) -> int:
        """How many armies may leave ``territory`` in a fortify move now (before any cap)."""
        return max(0, self._movable(territory))

    def _fortify_runs(self) -> list[tuple]:
        runs: list[tuple] = []
        for s in self.territories_of(self.player):
            if self._movable(s) <= 0:
                continue
            targets = self._fortify_targets(s)
            for t in range(len(self.owner)):
                if (targets >> t) & 1:
                    most = self._move_cap(s, t)
                    if most > 0:
                        runs.append((Fortify, (s, t), 1, most))
        runs.append((None, EndPhase(), 0, 0))
        return runs

    def _check_fortify(self, action: Fortify) -> str | None:
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
        most = self._move_cap(s, t)
        if not 1 <= action.armies <= most:
            if self._movable(s) <= 0:
                return f"no army in {names[s]} may move (one must stay, and armies move once a turn)"
            return f"move 1 to {most} armies from {names[s]}"
        return None

    def _do_fortify(self, action: Fortify, events: list[Event]) -> None:
        s, t, n = action.source, action.target, action.armies
        self.armies[s] -= n
        self.armies[t] += n
        self.fortified = True
        events.append(Fortified(self.player, s, t, n))
        if self.rules.fortify == "unlimited":
            self.arrived[t] += n
        self._after_fortify_move(events)
