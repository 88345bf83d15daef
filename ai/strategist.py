"""``strategist``: ``mcts`` with a duel's opening (block continents, stage one stack) and a
fortify that marches idle stacks to the border.

Measured against Domination's Hard AI (docs/strength.md), what made ``mcts`` stronger 1 against
1 was its opening, not a deeper look at the middle game. When two players claim territories,
``strategist`` blocks every continent the opponent is one claim from completing (Hard otherwise
leaves the claiming with one or two continents) and builds towards its own; the set-up armies
then go on one stack placed to take the continent that costs the fewest armies per bonus army
(:mod:`ai.opening`). From the first turn on it plays as ``mcts`` (deployments and the attack
phase searched together by open-loop UCB1 over exact-odds macro-actions), except that a fortify
``mcts`` would skip moves the largest idle interior stack one step towards the border. With more
than two players the opening is ``mcts``'s: the duel's opening lost there.

Two ideas measured no better against Hard are kept as options, to be measured again: a leaf
that scores the position after the opponents' expected reply instead of the turn's end
(``leaf=reply``, :class:`ai.reply_evaluation.ReplyEvaluation`), and a fortify move chosen by
that leaf (``fortify=leaf``, :func:`ai.fortify_plan.leaf_fortify`).

Parameters (``risk bots`` lists them with their defaults):

- ``iterations``, ``c``, ``tau``, ``rollout_threshold``, ``rollout_depth``, ``max_time``: the
  search, as in ``mcts``;
- ``block_claims``: in a two-player game, claim territories by :func:`ai.opening.blocking_claim`
  (block a continent the opponent is one claim from, complete one's own), instead of ``mcts``'s
  claim (which it keeps with more players: see ``focus_setup``);
- ``focus_setup``: in a two-player game, place set-up armies on one staging territory for the
  target continent (:func:`ai.opening.staging_territory`), instead of ``mcts``'s spread (which
  it keeps with more players: with the opening, it won 1 of 9 four-player games against three
  ``mcts`` and 3 of 15 three-player games against two Hard);
- ``claim_players``, ``focus_players``: the largest table at which ``block_claims`` and
  ``focus_setup`` are played (2: duels only, as measured);
- ``leaf``: ``end`` (the default, ``mcts``'s evaluation of the turn's end) or ``reply``;
- ``w_armies``, ``w_income``, ``w_survival``, ``w_card``: the reply leaf's weights (army share
  after the reply, income share after the reply, mean survival, the card earned);
- ``reply_share``: the part of an enemy's next income (and likely set) the reply leaf assumes
  lands on any one of its stacks;
- ``trade``: ``early`` (the default: the best set as soon as one is held, as ``mcts``) or
  ``forced`` (only when the hand is full enough that the rules force a trade);
- ``fortify``: ``markov-march`` (the default: ``mcts``'s survival-evening move, and when it does
  not move, the largest idle interior stack marches one step towards the border,
  :func:`ai.fortify_plan.march_to_border`), ``markov`` (``mcts``'s alone) or ``leaf`` (the move
  after which the leaf scores best, else the march).
"""

from __future__ import annotations

from dataclasses import replace

from ai.evaluation import Evaluation
from ai.fortify_plan import leaf_fortify, march_to_border
from ai.mcts import MCTSAgent
from ai.markov import markov_transport
from risk.actions import EndPhase
from ai.common import setup_place, variant_decision
from ai.opening import blocking_claim, staging_territory
from ai.registry import register
from ai.reply_evaluation import ReplyEvaluation
from ai.turn import TurnState
from risk.phase import Phase


#: The fortify moves: mcts's, mcts's with idle interior stacks marching to the border, the leaf's.
FORTIFY_MOVES = ("markov", "markov-march", "leaf")

#: When to trade a set: as soon as one is held (mcts's way), or only when the hand forces it.
TRADE_TIMINGS = ("early", "forced")


@register
class StrategistAgent(MCTSAgent):
    name = "strategist"

    def __init__(self, seed: int | None = None, iterations: int = 300, c: float = 0.3,
                 tau: float = 0.45, max_time: float = 0.0, rollout_threshold: float = 0.8,
                 rollout_depth: int = 3, w_armies: float = 0.35, w_income: float = 0.35,
                 w_survival: float = 0.15, w_card: float = 0.15, reply_share: float = 0.7,
                 block_claims: bool = True, focus_setup: bool = True, claim_players: int = 2,
                 focus_players: int = 2, leaf: str = "end",
                 fortify: str = "markov-march", trade: str = "early", verbose: bool = False):
        super().__init__(seed=seed, iterations=iterations, c=c, tau=tau, max_time=max_time,
                         rollout_threshold=rollout_threshold, rollout_depth=rollout_depth,
                         deploy_search=True, verbose=verbose)
        for label, weight in (("w_armies", w_armies), ("w_income", w_income), ("w_survival", w_survival),
                              ("w_card", w_card), ("reply_share", reply_share)):
            if weight < 0:
                raise ValueError(f"{label}={weight} must not be negative")
        self.w_armies = w_armies
        self.w_income = w_income
        self.w_survival = w_survival
        self.w_card = w_card
        self.reply_share = reply_share
        if leaf not in ("reply", "end"):
            raise ValueError(f"leaf={leaf} must be reply or end")
        self.leaf = leaf
        if fortify not in FORTIFY_MOVES:
            raise ValueError(f"fortify={fortify} must be one of {', '.join(FORTIFY_MOVES)}")
        self.fortify = fortify
        if trade not in TRADE_TIMINGS:
            raise ValueError(f"trade={trade} must be one of {', '.join(TRADE_TIMINGS)}")
        self.trade = trade
        self.block_claims = block_claims
        self.focus_setup = focus_setup
        self.claim_players = claim_players
        self.focus_players = focus_players
        self.reply_leaf = ReplyEvaluation(armies=w_armies, income=w_income, survival=w_survival, card=w_card,
                                    reply_share=reply_share)

    def act(self, view):
        # Measured: the opening wins duels and loses at a bigger table (blocking one opponent's
        # continent helps every other opponent as much), so it is played 1 against 1 only.
        if view.phase == Phase.CLAIM and self.block_claims and view.players <= self.claim_players:
            return blocking_claim(view)
        if (view.phase == Phase.PLACE and self.focus_setup and view.players <= self.focus_players
                and variant_decision(view) is None):
            return setup_place(view, staging_territory)
        if (view.phase == Phase.TRADE and self.trade == "forced"
                and any(isinstance(action, EndPhase) for action in view.legal_actions())):
            return EndPhase()
        if view.phase == Phase.FORTIFY and self.fortify != "markov" and variant_decision(view) is None:
            self._deployment = None
            if self.fortify == "leaf":
                return leaf_fortify(view, self.turn_state(view), self.evaluate)
            move = markov_transport(view)
            return march_to_border(view) if isinstance(move, EndPhase) else move
        return super().act(view)

    def turn_state(self, view, extra: int = 0) -> TurnState:
        """The search's copy of the view, its odds table grown for reinforced enemy stacks, and
        the leaf told what the next card set is worth."""
        reply = replace(self.reply_leaf, card_value=float(view.rules.set_value(view.sets_traded)))
        self.evaluate = reply if self.leaf == "reply" else Evaluation()
        state = TurnState.from_view(view)
        largest_reply = max(reply.reply_forces(state), default=0.0)
        state.grow_table(max(view.armies) + extra + int(largest_reply) + 1)
        return state

    def deployment_state(self, view, pool: int, allocation: dict[int, int]) -> TurnState:
        return self.turn_state(view, extra=pool)
