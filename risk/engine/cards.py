"""Card trades and deployment.

Trades happen at the start of a turn (forced while holding too many cards with a set among them),
after capturing a player's cards (the US immediate trade), or, under the house rule, at any time
before the attack phase ends. Traded armies and reinforcements go into the pool that ``deploy``
spends; with an army limit, armies with nowhere to go are lost. Armies traded during the attack
phase (the house rule) stay in the pool, to be deployed at any moment of the attack phase ("put
the armies on gradually as you attacked", FAQ Q2.5); what is left when it ends is deployed then.
"""

from __future__ import annotations

from risk.actions import Deploy, EndPhase, Trade
from risk.cards import WILD, has_set, is_set, set_kinds, sets_in_hand, symbol
from risk.events import ArmiesLost, CardsTraded, Deployed, Event
from risk.phase import Phase


class CardRules:
    __slots__ = ()

    # -- trading -------------------------------------------------------------------------------

    def may_trade_now(self) -> bool:
        """Whether the player to act may trade a set now: in the trade phase, or (the house rule
        ``trade_anytime``) during the attack phase while holding a set."""
        if self.phase == Phase.TRADE:
            return True
        return (self.phase == Phase.ATTACK and self.rules.trade_anytime and self.rules.cards
                and has_set(self.hands[self.player], self.board.cards))

    def _must_trade(self) -> bool:
        """Too many cards, and a set among them (below 5 cards a hand may hold no set at all)."""
        hand = self.hands[self.player]
        return len(hand) > self.trade_until and has_set(hand, self.board.cards)

    def trade_actions(self) -> list:
        """Every trade of the player's hand, one per set and choice of the +2 territory (when
        the rules let the player choose), and ``EndPhase`` in the trade phase unless a trade is
        forced. Meaningful where :meth:`may_trade_now`."""
        actions: list = []
        for trio in sets_in_hand(self.hands[self.player], self.board.cards):
            choices = self.bonus_choices(trio)
            if choices and self.rules.territory_bonus in ("turn", "trade"):
                actions.extend(Trade(trio, b) for b in choices)
            else:
                actions.append(Trade(trio, None))
        if self.phase == Phase.TRADE and not self._must_trade():
            actions.append(EndPhase())
        return actions

    def bonus_choices(self, cards: tuple[int, ...]) -> list[int]:
        """The territories among ``cards`` (a set of the player's) that may take the +2 armies
        now, in increasing order."""
        mode = self.rules.territory_bonus
        if mode == "off" or (mode == "turn" and self.bonus_used):
            return []
        owner, player = self.owner, self.player
        return sorted({c for c in cards if c != WILD and owner[c] == player})

    def _check_trade(self, action: Trade) -> str | None:
        if not self.may_trade_now():
            return self._wrong_phase()
        cards = action.cards
        if len(cards) != 3:
            return "a set is exactly three cards"
        hand = list(self.hands[self.player])
        for c in cards:
            if c not in hand:
                return f"you do not hold the card {self._card_name(c)}"
            hand.remove(c)
        if not is_set(cards, self.board.cards):
            return "these cards are not a set (three alike, one of each, or any two with a wild card)"
        mode = self.rules.territory_bonus
        choices = self.bonus_choices(tuple(cards))
        if mode in ("turn", "trade") and choices and action.bonus is None:
            return ("you hold a territory on these cards, so name where the +2 armies go: "
                    + ", ".join(self.board.slugs[t] for t in choices))
        if action.bonus is not None and (mode not in ("turn", "trade") or action.bonus not in choices):
            if mode == "off":
                return "the rules give no territory bonus"
            if mode == "card":
                return "every traded card's territory you hold gets +2; name none"
            if self.bonus_used:
                return "you already took the +2 territory bonus this turn"
            return "the +2 armies go on a territory of a traded card that you hold"
        return None

    def _do_trade(self, action: Trade, events: list[Event]) -> None:
        p = self.player
        hand = self.hands[p]
        for c in action.cards:
            hand.remove(c)
            self.discard.append(c)
        symbols = [symbol(c, self.board.cards) for c in action.cards]
        value = max(self.rules.set_value(self.sets_traded, kind) for kind in set_kinds(symbols))
        self.sets_traded += 1
        self.pool += value
        if self.rules.territory_bonus == "card":
            bonus_lands = tuple(self.bonus_choices(tuple(action.cards)))
        else:
            bonus_lands = () if action.bonus is None else (action.bonus,)
        placed = 0
        for t in bonus_lands:
            placed += self._add_armies(p, t, 2, events, "the territory bonus exceeds the army limit")
        if bonus_lands:
            self.bonus_used = True
        events.append(CardsTraded(p, tuple(action.cards), value, bonus_lands, placed))
        self._after_trade(events)

    # -- deploying -----------------------------------------------------------------------------

    def room(self, t: int) -> int:
        """How many more armies ``t`` may hold (the army limit; unlimited by default)."""
        return self._room(t)

    def _room(self, t: int) -> int:
        """How many more armies ``t`` may hold under the army limit."""
        limit = self.rules.army_limit
        return (1 << 30) if not limit else limit - self.armies[t]

    def _add_armies(self, player: int, t: int, armies: int, events: list[Event], why: str) -> int:
        """Put armies on ``t`` up to the army limit; the rest are lost. Returns how many went on."""
        placed = max(0, min(armies, self._room(t)))
        self.armies[t] += placed
        if placed < armies:
            events.append(ArmiesLost(player, armies - placed, why))
        return placed

    def _deploy_runs(self) -> list[tuple]:
        pool = self.pool
        return [(Deploy, (t,), 1, min(pool, self._room(t))) for t in self.territories_of(self.player)
                if self._room(t) > 0]

    def _check_deploy(self, action: Deploy) -> str | None:
        if self.phase != Phase.DEPLOY and not (self.phase == Phase.ATTACK and self.pool):
            return self._wrong_phase()
        reason = self._own_territory(action.territory)
        if reason:
            return reason
        most = min(self.pool, self._room(action.territory))
        if not 1 <= action.armies <= most:
            if most < self.pool:
                return f"{self.board.names[action.territory]} can take only {most} more armies (the army limit)"
            return f"you have {self.pool} armies to deploy, so deploy 1 to {self.pool}"
        return None

    def _do_deploy(self, action: Deploy, events: list[Event]) -> None:
        self.armies[action.territory] += action.armies
        self.pool -= action.armies
        events.append(Deployed(self.player, action.territory, action.armies))
        self._after_deploying(events)

    def _card_name(self, card: int) -> str:
        if card == WILD:
            return "wild"
        if 0 <= card < len(self.board):
            return self.board.names[card]
        return f"#{card}"
