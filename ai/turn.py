"""A light copy of the game for searching one attack phase, and its macro-actions.

The search never plays dice roll by roll: its action is "attack T from S until it falls or the
odds fall below τ", and its outcome is drawn in one go from the exact distribution of that battle
(:meth:`risk.battle.law.BattleLaw.sample_blitz` with ``stop_below=τ``). Only what an attack phase changes is
copied: owners, armies, territory counts and masks, who is still alive, whether a card is earned.
"""

from __future__ import annotations

from risk.battle.law import BattleLaw, odds_depend_on_border
from risk.state import NO_OWNER

from ai.odds import border_chance, covers, odds_rows

STOP = None  #: the macro-action that ends the attack phase

#: A ``peaceful`` owner meaning every stack: a conquest leaves no guard at all (a run that is to
#: carry its whole stack on, :mod:`ai.strategist.runs`).
EVERYONE = -2


class TurnState:
    __slots__ = ("board", "player", "owner", "armies", "own_mask", "count", "alive", "conquered",
                 "eliminated", "dice", "players", "neutral", "cards_taken", "hand_sizes", "win", "rules",
                 "attacked", "sea_rounds", "mission", "mission_done", "capitals", "capitals_needed", "land_law",
                 "capture_trade", "sets_traded", "cards_traded", "peaceful")

    @classmethod
    def from_view(cls, view) -> "TurnState":
        state = cls()
        state.board = view.board
        state.player = view.player
        state.owner = list(view.owner)
        state.armies = list(view.armies)
        state.own_mask = list(view.own_mask)
        state.count = list(view.count)
        state.alive = list(view.alive)
        state.conquered = view.conquered
        state.eliminated = 0
        state.cards_taken = 0
        state.hand_sizes = [len(hand) for hand in view.hands]
        state.dice = view.dice_rules
        state.rules = view.rules
        state.attacked = view.attacked
        # The player's own objective, when the variants give one (a view hides the others').
        state.mission = view.missions[view.player] if view.missions is not None else None
        state.mission_done = bool(view.mission_done and view.mission_done[view.player])
        state.capitals = list(view.capitals) if view.rules.capitals else None
        state.capitals_needed = view.rules.capitals_to_win or view.players
        # Sea-lane rounds already fought this turn, on the routes where the variant is played.
        state.sea_rounds = dict(view.sea_rounds) if odds_depend_on_border(view.rules) else None
        # The search never spends the six (its macro-action is the plain all-out attack).
        state.land_law = BattleLaw.of(view.rules)
        # Armies only shrink or move during an attack phase, so a table as large as the largest
        # stack now covers every battle the search can meet.
        largest = max(view.armies)
        state.win = odds_rows(view.rules, largest)
        state.players = view.players
        state.neutral = view.neutral
        # An owner whose stacks never attack (a bot may name the neutral army): no threat to
        # score, no guard to leave behind (mcts's model counts the neutral as any enemy).
        state.peaceful = NO_OWNER
        state.capture_trade = None
        state.sets_traded = view.sets_traded
        state.cards_traded = 0
        return state

    def model_capture_trades(self) -> None:
        """Model the trade the rules force when an elimination's cards fill the hand: the sets'
        armies (at the escalating values) land on the territory just conquered. Only under
        ``captured_cards = "trade"`` with captured cards; off by default (``mcts`` plays without)."""
        rules = self.rules
        if rules.capture_cards and rules.captured_cards == "trade":
            self.capture_trade = (rules.elimination_trade_at, rules.forced_trade_at)

    def grow_table(self, largest: int) -> None:
        """Make the odds table cover stacks of ``largest`` armies (after a deployment)."""
        if not covers(self.win, largest):
            self.win = odds_rows(self.rules, largest)

    def copy(self) -> "TurnState":
        other = type(self).__new__(type(self))  # a subclass's copy adds its own fields
        other.board = self.board
        other.player = self.player
        other.owner = self.owner[:]
        other.armies = self.armies[:]
        other.own_mask = self.own_mask[:]
        other.count = self.count[:]
        other.alive = self.alive[:]
        other.conquered = self.conquered
        other.eliminated = self.eliminated
        other.cards_taken = self.cards_taken
        other.hand_sizes = self.hand_sizes
        other.dice = self.dice
        other.rules = self.rules
        other.attacked = self.attacked
        other.mission = self.mission
        other.mission_done = self.mission_done
        other.capitals = self.capitals
        other.capitals_needed = self.capitals_needed
        other.sea_rounds = dict(self.sea_rounds) if self.sea_rounds is not None else None
        other.land_law = self.land_law
        other.win = self.win
        other.players = self.players
        other.neutral = self.neutral
        other.peaceful = self.peaceful
        other.capture_trade = self.capture_trade
        other.sets_traded = self.sets_traded
        other.cards_traded = self.cards_traded
        return other

    def macro_actions(self, tau: float) -> list[tuple[int, int]]:
        """Every (source, target) whose conquest chance is at least ``tau``."""
        player, owner, armies = self.player, self.owner, self.armies
        neighbours = self.board.neighbours
        win = self.win
        actions = []
        mine = self.own_mask[player]
        while mine:
            low = mine & -mine
            s = low.bit_length() - 1
            mine ^= low
            a = armies[s]
            if a < 2:
                continue
            row = win[a]
            for t in neighbours[s]:
                if owner[t] == player or (a < 3 and self.rules.retreat and self.may_retreat(t)):
                    continue
                if (row[armies[t]] if self.sea_rounds is None else self.chance(s, t)) >= tau:
                    actions.append((s, t))
        return actions

    def may_retreat(self, target: int) -> bool:
        """Whether the defender of ``target`` has a territory to retreat to (FAQ 4.2), which
        makes an attack need 3 armies."""
        defender = self.owner[target]
        return defender != self.neutral and any(self.owner[n] == defender for n in self.board.neighbours[target])

    def sea_left(self, source: int, target: int) -> int:
        """Sea-lane rounds the defender still rolls an extra die in on this route."""
        return self.law(source, target).sea_rounds

    def law(self, source: int, target: int) -> BattleLaw:
        """The law of an attack from ``source`` on ``target`` now (the sea-lane rounds fought)."""
        if self.sea_rounds is None:
            return self.land_law
        return BattleLaw.of(self.rules, self.board, source, target, self.sea_rounds.get((source, target), 0))

    def chance(self, source: int, target: int, next_turn: bool = False) -> float:
        """The exact conquest chance of an all-out attack from ``source`` on ``target`` (this
        turn, or with ``next_turn`` in a turn of the attacker's own, with a fresh sea lane)."""
        a, d = self.armies[source], self.armies[target]
        if self.sea_rounds is None:
            return self.win[a][d]
        fought = 0 if next_turn else self.sea_rounds.get((source, target), 0)
        return border_chance(a, d, self.rules, self.board, source, target, fought)

    def attack(self, source: int, target: int, tau: float, u: float) -> bool:
        """Play the macro-action with the uniform draw ``u``; True if the target fell."""
        armies = self.armies
        self.attacked = True
        law = self.law(source, target)
        # The search stops at odds below tau only in the plain battle; under a variant's laws the
        # macro-action fights on (τ is checked before it starts).
        left, defenders, used, _ = law.sample_blitz(armies[source], armies[target], u, 1, tau if law.plain else None)
        if used:
            self.sea_rounds[(source, target)] = self.sea_rounds.get((source, target), 0) + used
        armies[source] = left
        armies[target] = defenders
        if defenders:
            return False
        self.conquer(source, target, self.dice.attacker_dice(left))
        return True

    def conquer(self, source: int, target: int, last_dice: int) -> None:
        player, owner = self.player, self.owner
        loser = owner[target]
        owner[target] = player
        self.count[loser] -= 1
        self.count[player] += 1
        bit = 1 << target
        self.own_mask[loser] &= ~bit
        self.own_mask[player] |= bit
        self.conquered = True
        moved = occupation(self.board, owner, self.armies, source, target, last_dice, self.peaceful)
        self.armies[source] -= moved
        self.armies[target] = moved
        if self.count[loser] == 0:
            self.alive[loser] = False
            if loser != self.neutral:
                self.eliminated += 1
                if self.rules.capture_cards:  # else the loser's cards are discarded (old UK rules)
                    self.cards_taken += self.hand_sizes[loser]
                    if self.capture_trade is not None and self.hand_sizes[loser]:
                        self.trade_captured(target)

    def own_hand(self) -> int:
        """Cards in the player's hand now: at the turn's start, plus taken, less traded."""
        return self.hand_sizes[self.player] + self.cards_taken - self.cards_traded

    def trade_captured(self, territory: int) -> None:
        trade_at, forced_at = self.capture_trade
        hand = self.own_hand()
        if hand < trade_at:
            return
        # Any five cards hold a set; trade down below the forced size, as the rules make one do.
        while hand >= forced_at:
            value = self.rules.set_value(self.sets_traded)
            self.sets_traded += 1
            self.armies[territory] += value
            self.cards_traded += 3
            hand -= 3
        self.grow_table(self.armies[territory])

    def winner(self) -> bool:
        """True when the player is the last one standing."""
        return sum(self.alive[:self.players]) == 1

    def objective(self) -> float | None:
        """Progress towards the player's mission or the capitals, from 0 to 1 (None without)."""
        from risk.missions import is_complete, progress

        if self.mission is not None:
            if is_complete(self.mission, self, self.player, self.mission_done):
                return 1.0
            return progress(self.mission, self, self.player)
        if self.capitals is not None and all(c >= 0 for c in self.capitals):
            held = sum(1 for c in self.capitals if self.owner[c] == self.player)
            return min(1.0, held / self.capitals_needed)
        return None


def occupation(board, owner, armies, source: int, target: int, least: int, peaceful: int = NO_OWNER) -> int:
    """How many armies to move into a conquest: all, except a guard as big as the strongest
    enemy stack still next to the source (at least ``least``, and one always stays); the stacks
    of ``peaceful`` (the neutral army, which never attacks, or NO_OWNER) need no guard, nor any
    stack's with ``EVERYONE``."""
    movable = armies[source] - 1
    if peaceful == EVERYONE:
        return movable
    player = owner[source]
    guard = 0
    for n in board.neighbours[source]:
        if owner[n] != player and n != target and armies[n] > guard and owner[n] != peaceful:
            guard = armies[n]
    move = movable if guard == 0 else armies[source] - guard
    return min(movable, max(least, move))
