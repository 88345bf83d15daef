"""The search's model of a turn, kept up to date by what changed rather than rescanned.

:class:`ai.turn.TurnState` answers "which attacks are there" by scanning every territory the
player holds and every neighbour, at every node of the search, and the leaf scores every
territory again. :class:`TurnModel` keeps the list of attacks (source, target) that the turn can
still make, edited when a conquest changes it, and remembers which territories changed since the
root (``touched``), so that the evaluation can rescore only those and their neighbours
(:mod:`ai.strategist.evaluate`). A node then costs what the attacks near the last conquest cost,
not what the map costs.

At the root the attacks are cut to the :data:`WIDTH` likeliest (a search of a few hundred
iterations cannot try more; the ones a conquest opens are added as it happens).
"""

from __future__ import annotations

from ai.turn import TurnState

#: The most root attacks the search considers: the likeliest conquests.
WIDTH = 24


class TurnModel(TurnState):
    __slots__ = ("pairs", "touched")

    @classmethod
    def from_view(cls, view, width: int = WIDTH) -> "TurnModel":
        state = super().from_view(view)
        state.touched = []
        state.pairs = state.root_pairs(width)
        return state

    def root_pairs(self, width: int) -> list[tuple[int, int]]:
        """The likeliest ``width`` attacks from the player's stacks, in board order."""
        player, owner, armies = self.player, self.owner, self.armies
        neighbours = self.board.neighbours
        found = []
        mine = self.own_mask[player]
        while mine:
            low = mine & -mine
            s = low.bit_length() - 1
            mine ^= low
            for t in neighbours[s]:
                if owner[t] != player:
                    found.append((s, t))
        if len(found) > width:
            chance = self.chance
            kept = set(sorted(found, key=lambda p: (-chance(*p), p))[:width])
            found = [p for p in found if p in kept]
        return found

    def include_sources(self, sources) -> None:
        """Add every attack from ``sources`` (stacks a deployment may build) not on the list."""
        player, owner, pairs = self.player, self.owner, self.pairs
        listed = set(pairs)
        for s in dict.fromkeys(sources):
            for t in self.board.neighbours[s]:
                if owner[t] != player and (s, t) not in listed:
                    pairs.append((s, t))
                    listed.add((s, t))

    def copy(self) -> "TurnModel":
        other = super().copy()
        other.pairs = self.pairs[:]
        other.touched = self.touched[:]
        return other

    def reinforce(self, territory: int, armies: int) -> None:
        """``armies`` more on ``territory`` (a deployment tried by the search)."""
        self.armies[territory] += armies
        self.touched.append(territory)
        self.grow_table(self.armies[territory])

    def macro_actions(self, tau: float) -> list[tuple[int, int]]:
        """Every attack on the list whose conquest chance is at least ``tau``."""
        owner, armies, player = self.owner, self.armies, self.player
        win, plain = self.win, self.sea_rounds is None
        retreat = self.rules.retreat
        actions = []
        for s, t in self.pairs:
            a = armies[s]
            if a < 2 or owner[s] != player or owner[t] == player:
                continue
            if a < 3 and retreat and self.may_retreat(t):
                continue
            if (win[a][armies[t]] if plain else self.chance(s, t)) >= tau:
                actions.append((s, t))
        return actions

    def attack(self, source: int, target: int, tau: float, u: float) -> bool:
        taken = super().attack(source, target, tau, u)
        self.touched.append(source)
        self.touched.append(target)
        if taken:
            player, owner = self.player, self.owner
            pairs = [p for p in self.pairs if p[1] != target]
            pairs.extend((target, n) for n in self.board.neighbours[target] if owner[n] != player)
            self.pairs = pairs
        return taken
