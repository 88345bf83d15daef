"""``strategist``: ``mcts`` with a duel's opening (block continents, stage one stack), a
fortify that marches idle stacks to the border, and at bigger tables card-aware play (the worth
of cards in its leaf, the forced trade after a capture in its search, planned elimination runs).

Measured against Domination's Hard AI (the figures: docs/strength.md; how they were reached:
lab/notebook.md), what made ``mcts`` stronger 1 against 1 was its opening, not a deeper look at the
middle game. When two players claim territories, ``strategist`` blocks every continent the opponent
is one claim from completing (Hard otherwise leaves the claiming with one or two continents) and
builds towards its own (claiming second, with nothing to block or build, it keeps its territories
together: :func:`ai.opening.compact_claim`); the set-up armies then go on one stack placed to take
the continent that costs the fewest armies per bonus army (:mod:`ai.opening`). From the first turn
on it plays as ``mcts`` (deployments and the attack phase searched together by open-loop UCB1 over
exact-odds macro-actions), except that a fortify ``mcts`` would skip moves the largest idle
interior stack one step towards the border. With more than two players the duel's opening lost;
there it claims as ``mcts`` does but leaning harder to the small continents
(``table_claims=small``, which won more three-player games against Hard than ``mcts``'s claims) and
places its set-up armies as ``mcts`` does. From four players on it claims into the continent with
the best bonus per gate first (Australia), to hold it or to break it, and grows compactly out of it
(``fortress_players``, :func:`ai.table_claims.fortress_claim`): at a table of four ``mcts`` bots,
whose claims end every game with the same blocks, the holder of Australia wins most games, so
claiming it first, or breaking it, is what lifts the bot above a fair share there. At four and five
players its set-up armies then go first on one stack to sweep the part of Australia an opponent
holds on the first turn, or on the gate of an Australia it holds whole (``fortress_setup``), and
only then are spread as ``mcts`` spreads them: from the last seats, where it has to share
Australia, it had otherwise sat beside the opponent's half for many turns.

In a duel with the neutral army (the project's default duel), ``mcts`` plays the neutral's
stacks as an opponent's: threats in its leaf and its fortify move, and a guard as big as the
biggest of them left behind after a conquest next to one. The neutral never attacks, and
``strategist`` knows it (``neutral_calm``), which is what won it that duel against ``mcts``
(lab/notebook.md, the fifth round). Domination's duels have no neutral, so nothing changes
there.

At three players or more, where sets escalate and a player's cards change hands with their last
territory, three things are added (measured against two and five Hard, lab/notebook.md): the
leaf blends in the player's share of all armies and cards, a card worth a third of the next set
(``material``); the search's model of the turn trades the sets that taking a player's cards
forces, their armies on the territory just taken (``capture_trades``); and before deploying, a
run that eliminates a card holder this turn is played out on that model from each stack that
borders them, and taken, the whole pool on its stack, when it succeeds often enough
(:mod:`ai.elimination`, ``eliminate``).

At six players, where the game goes to whoever first turns a set into an elimination and the
victim's hand into the next set, it plays Domination's Hard's card habit and makes it pay: it
holds its sets until one carries an elimination run or the hand forces a trade (``trade=run``),
its runs may start up to two territories short of the victim and fight their way there
(``elim_reach``), and once a conquest has earned the card it stops attacking while a rival's next
turn could sweep it (``restraint_players``), so that it is not the weak card holder someone else
eliminates. Measured alone, none of the three gained against five Hard; together they did (the
notebook's ninth round). Once three players or fewer are left it trades its sets as soon as it
holds them, as Hard does in the duel (``hold_alive``, the tenth round). Its runs carry their
whole stack (``all_in_players``, ``run_guards``, the eleventh round): no guard is left behind on
the way, where ``mcts``'s occupation shed one beside every enemy stack the run passed, and the
run walks a route through the victim's territories. The all-in run is played from three players
on: against Hard it gained at every table of three to five.

Two ideas measured no better against Hard are kept as options, to be measured again: a leaf
that scores the position after the opponents' expected reply instead of the turn's end
(``leaf=reply``, :class:`ai.reply_evaluation.ReplyEvaluation`), and a fortify move chosen by
that leaf (``fortify=leaf``, :func:`ai.fortify_plan.leaf_fortify`).

Parameters (``risk bots`` lists them with their defaults; docs/strategist.md says what each
does, lab/notebook.md what each was measured to do):

- the search, as ``mcts``: ``iterations``, ``c``, ``tau``, ``max_time``, ``rollout_threshold``,
  ``rollout_depth``;
- the leaf: ``leaf`` (``end``, ``reply`` or ``learned``, the latter from ``learned_players``
  on), the end leaf's weights ``e_survival``, ``e_reinforcements``, ``e_territory``,
  ``e_card``, the reply leaf's ``w_armies``, ``w_reinforcements``, ``w_survival``, ``w_card``,
  ``reply_share``; the share of armies and cards blended in, ``material`` from
  ``material_players`` on; ``projected``, ``against_strongest``, ``strike`` with
  ``strike_players``;
- the opening: ``block_claims``, ``first_claims`` and ``second_claims`` up to ``claim_players``;
  ``focus_setup`` and ``second_setup`` up to ``focus_players``; ``table_claims`` above it;
  ``fortress_players``, ``fortress_setup``, ``fortress_setup_players``;
- the fortify move: ``fortify`` (``markov-march``, ``march-markov``, ``markov`` or ``leaf``);
- the cards: ``trade`` (``run``, ``hold``, ``early`` or ``forced``) from ``hold_players`` on,
  while ``hold_alive`` players are left, ``trade_weak``, ``trade_danger``; ``capture_trades``;
- the runs (:mod:`ai.elimination`): ``eliminate`` from ``elim_players`` on, ``elim_chance``,
  ``endgame_chance``, ``elim_cards``, ``elim_samples``, ``elim_by_cards``; ``elim_reach`` from
  ``reach_players`` on; ``all_in_players`` and ``run_guards`` (the run's stack carried on whole);
- restraint (:mod:`ai.restraint`): ``restraint_players``, ``restraint_margin``,
  ``restraint_set``, ``restraint_test``, ``restraint_hand``, ``restraint_alive``;
- the duel: ``neutral_calm``, ``second_tau``.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from ai.elimination import GIVE_UP_BELOW, next_attack, plan_elimination
from ai.agent import between_0_and_1, non_negative, one_of
from ai.evaluation import Evaluation
from ai.table_claims import (fortress_block_claim, fortress_claim, fortress_staging,
                              lookahead_claim, open_fortress_claim)
from ai.fortify_plan import leaf_fortify, march_to_border
from ai.learned import learned_evaluation
from ai.mcts import MCTSAgent
from ai.markov import markov_transport
from risk.actions import Attack, EndPhase, Place
from ai.common import best_trade, continent_progress_claim, setup_place, trade_value, variant_decision
from ai.opening import (blocking_claim, compact_claim, front_claim, guard_territory, small_continent_claim,
                        staging_territory)
from ai.registry import register
from ai.reply_evaluation import ReplyEvaluation, reinforcement
from ai.restraint import elimination_danger, exposed, leading, sets_escalate, weakness_rank
from ai.strike import StrikeLeaf
from ai.turn import EVERYONE, TurnState
from risk.phase import Phase
from risk.state import NO_OWNER


#: The fortify moves: mcts's, mcts's with idle interior stacks marching to the border, the leaf's.
FORTIFY_MOVES = ("markov", "markov-march", "march-markov", "leaf")

#: The fewest armies an interior stack must be able to move for ``march-markov`` to march it.
MARCH_LEAST = 3

#: The set-up of a duel's second player: one stack as the first player's (focus), mcts's spread,
#: or one stack facing the opponent's biggest (guard).
SECOND_SETUPS = ("focus", "spread", "guard")

#: A duel's claims: blocking, with what to fall back on when nothing is to be blocked, completed
#: or built (mcts's claim, a compact or a front claim); the second player may also claim as mcts.
FIRST_CLAIMS = {"block": blocking_claim,
                "block-compact": partial(blocking_claim, fallback=compact_claim),
                "block-front": partial(blocking_claim, fallback=front_claim)}
SECOND_CLAIMS = {**FIRST_CLAIMS, "progress": continent_progress_claim}

#: The claims at a bigger table: mcts's, or one of the opening's.
TABLE_CLAIMS = {"progress": continent_progress_claim, "compact": compact_claim, "front": front_claim,
                "small": small_continent_claim, "lookahead": lookahead_claim,
                "fortress": fortress_claim, "fortress-block": fortress_block_claim,
                "fortress-open": open_fortress_claim,
                "fortress-open-small": lambda view: open_fortress_claim(view, smallest_first=True)}

#: When to trade a set: as soon as one is held (mcts's way), only when the hand forces it,
#: (hold) when the set carries an elimination run or the bot is exposed, or (run) only when the
#: set carries an elimination run or the hand forces it (:func:`StrategistAgent._trade_now`).
TRADE_TIMINGS = ("early", "forced", "hold", "run")

#: When restraint stops the attack: the bot could be swept next turn, or it leads the table as
#: Domination's Hard ranks players (:mod:`ai.restraint`).
RESTRAINT_TESTS = ("exposed", "leading")


@register
class StrategistAgent(MCTSAgent):
    name = "strategist"

    def __init__(self, seed: int | None = None, iterations: int = 300, c: float = 0.3,
                 tau: float = 0.45, max_time: float = 0.0, rollout_threshold: float = 0.8,
                 rollout_depth: int = 3, w_armies: float = 0.35, w_reinforcements: float = 0.35,
                 w_survival: float = 0.15, w_card: float = 0.15, reply_share: float = 0.7,
                 block_claims: bool = True, focus_setup: bool = True, claim_players: int = 2,
                 focus_players: int = 2, leaf: str = "end",
                 fortify: str = "markov-march", trade: str = "run", material: float = 0.3,
                 material_players: int = 3, capture_trades: bool = True, eliminate: bool = True,
                 elim_players: int = 3, elim_chance: float = 0.3, elim_cards: int = 1,
                 elim_samples: int = 24, elim_reach: int = 2, reach_players: int = 6,
                 e_survival: float = 0.30, e_reinforcements: float = 0.40,
                 e_territory: float = 0.15, e_card: float = 0.15, projected: bool = False,
                 second_setup: str = "focus", against_strongest: bool = False, second_tau: float = 0.0,
                 strike: float = 0.0, strike_players: int = 2, second_claims: str = "block-compact",
                 first_claims: str = "block", table_claims: str = "small", neutral_calm: bool = True,
                 learned_players: int = 4, fortress_players: int = 4, fortress_setup: bool = True,
                 fortress_setup_players: int = 5, restraint_players: int = 6, restraint_margin: float = 1.0,
                 restraint_set: int = 0, restraint_test: str = "exposed", hold_players: int = 6,
                 hold_alive: int = 4, elim_by_cards: bool = False, restraint_hand: int = 99,
                 trade_weak: int = 0, restraint_alive: int = 3, endgame_chance: float = -1.0,
                 trade_danger: float = 0.0, all_in_players: int = 3, run_guards: bool = False,
                 verbose: bool = False):
        super().__init__(seed=seed, iterations=iterations, c=c, tau=tau, max_time=max_time,
                         rollout_threshold=rollout_threshold, rollout_depth=rollout_depth,
                         deploy_search=True, verbose=verbose)
        non_negative(w_armies=w_armies, w_reinforcements=w_reinforcements, w_survival=w_survival,
                     w_card=w_card, reply_share=reply_share, restraint_margin=restraint_margin,
                     e_survival=e_survival, e_reinforcements=e_reinforcements, e_territory=e_territory,
                     e_card=e_card)
        between_0_and_1(material=material, elim_chance=elim_chance, second_tau=second_tau, strike=strike,
                        trade_danger=trade_danger)
        one_of("leaf", leaf, ("reply", "end", "learned"))
        one_of("restraint_test", restraint_test, RESTRAINT_TESTS)
        one_of("fortify", fortify, FORTIFY_MOVES)
        one_of("trade", trade, TRADE_TIMINGS)
        one_of("second_setup", second_setup, SECOND_SETUPS)
        one_of("second_claims", second_claims, tuple(SECOND_CLAIMS))
        one_of("first_claims", first_claims, tuple(FIRST_CLAIMS))
        one_of("table_claims", table_claims, tuple(TABLE_CLAIMS))
        if endgame_chance >= 0:  # negative: elim_chance at every stage
            between_0_and_1(endgame_chance=endgame_chance)
        if elim_samples < 1:
            raise ValueError(f"elim_samples={elim_samples} must be at least 1")
        if elim_reach < 0:
            raise ValueError(f"elim_reach={elim_reach} must be at least 0")
        self.w_armies = w_armies
        self.w_reinforcements = w_reinforcements
        self.w_survival = w_survival
        self.w_card = w_card
        self.reply_share = reply_share
        self.leaf = leaf
        self.learned_players = learned_players
        self.fortify = fortify
        self.trade = trade
        self.material = material
        self.material_players = material_players
        self.capture_trades = capture_trades
        self.e_survival, self.e_reinforcements = e_survival, e_reinforcements
        self.e_territory, self.e_card = e_territory, e_card
        self.projected = projected
        self.against_strongest = against_strongest
        self.second_setup = second_setup
        self.second_tau = second_tau
        self.strike = strike
        self.second_claims = second_claims
        self.first_claims = first_claims
        self.table_claims = table_claims
        self.fortress_players = fortress_players
        self.fortress_setup = fortress_setup
        self.fortress_setup_players = fortress_setup_players
        self.neutral_calm = neutral_calm
        self.restraint_players = restraint_players
        self.restraint_margin = restraint_margin
        self.restraint_set = restraint_set
        self.restraint_test = restraint_test
        self.hold_players = hold_players
        self.hold_alive = hold_alive
        self.elim_by_cards = elim_by_cards
        self.restraint_hand = restraint_hand
        self.trade_weak = trade_weak
        self.restraint_alive = restraint_alive
        self.endgame_chance = endgame_chance
        self.trade_danger = trade_danger
        self.all_in_players = all_in_players
        self.run_guards = run_guards
        self.strike_players = strike_players
        self._claimed_first: bool | None = None  # in a duel, whether this seat claimed (and plays) first
        self.eliminate = eliminate
        self.elim_players = elim_players
        self.elim_chance = elim_chance
        self.elim_cards = elim_cards
        self.elim_samples = elim_samples
        self.elim_reach = elim_reach
        self.reach_players = reach_players
        self._victim: int | None = None
        self._run_checked: tuple | None = None
        self.block_claims = block_claims
        self.focus_setup = focus_setup
        self.claim_players = claim_players
        self.focus_players = focus_players
        self.reply_leaf = ReplyEvaluation(armies=w_armies, reinforcements=w_reinforcements, survival=w_survival,
                                          card=w_card, reply_share=reply_share)

    def act(self, view):
        # Measured: the opening wins duels and loses at a bigger table (blocking one opponent's
        # continent helps every other opponent as much), so it is played 1 against 1 only.
        if view.phase == Phase.CLAIM:
            claimed = sum(1 for o in view.owner if o >= 0)
            if view.players == 2 and claimed < 2:  # a duel's first claims: who claims first plays first
                self._claimed_first = claimed == 0
            if self.block_claims and view.players <= self.claim_players:
                if self._claimed_first is False:
                    return SECOND_CLAIMS[self.second_claims](view)
                return FIRST_CLAIMS[self.first_claims](view)
            if view.players >= self.fortress_players and view.players > self.claim_players:
                return fortress_claim(view)
            if self.table_claims != "progress" and view.players > self.claim_players:
                return TABLE_CLAIMS[self.table_claims](view)
        if (view.phase == Phase.PLACE and self.fortress_setup and view.players >= self.fortress_players
                and self.focus_players < view.players <= self.fortress_setup_players
                and variant_decision(view) is None):
            stack = fortress_staging(view)
            if stack is not None and Place(stack) in view.legal_actions():
                return Place(stack)
        second = self._claimed_first is False and self.second_setup != "focus"
        if (view.phase == Phase.PLACE and second and self.second_setup == "guard"
                and view.players <= self.focus_players and variant_decision(view) is None):
            return setup_place(view, guard_territory)
        if (view.phase == Phase.PLACE and self.focus_setup and view.players <= self.focus_players
                and not second and variant_decision(view) is None):
            return setup_place(view, staging_territory)
        if (view.phase == Phase.TRADE and self.trade in ("hold", "run") and view.players >= self.hold_players
                and sum(1 for alive in view.alive if alive) >= self.hold_alive
                and variant_decision(view) is None and view.is_legal(EndPhase())):
            trade = best_trade(view)
            return trade if trade is not None and self._trade_now(view, trade_value(view, trade)) else EndPhase()
        if (view.phase == Phase.TRADE and self.trade == "forced"
                and any(isinstance(action, EndPhase) for action in view.legal_actions())):
            return EndPhase()
        if self.eliminate and view.players >= self.elim_players and variant_decision(view) is None:
            if view.phase == Phase.DEPLOY and self._deployment is None:
                self._plan_run(view, view.pool)
            elif view.phase == Phase.ATTACK:
                run = self._run_attack(view)
                if run is not None:
                    return run
            elif view.phase not in (Phase.OCCUPY, Phase.TRADE):
                self._victim = None
        if view.phase == Phase.ATTACK and self._restrained(view):
            self._macro = None
            return EndPhase()
        peaceful = self.peaceful(view)
        if view.phase == Phase.FORTIFY and self.fortify != "markov" and variant_decision(view) is None:
            self._deployment = None
            if self.fortify == "leaf":
                return leaf_fortify(view, self.turn_state(view), self.evaluate)
            if self.fortify == "march-markov":
                march = march_to_border(view, MARCH_LEAST)
                return markov_transport(view, peaceful) if isinstance(march, EndPhase) else march
            move = markov_transport(view, peaceful)
            return march_to_border(view) if isinstance(move, EndPhase) else move
        return super().act(view)

    def _trade_now(self, view, value: int) -> bool:
        """Whether a set worth ``value`` is better traded now than held for a later, bigger set:
        when the bot is exposed (its armies are needed now; ``trade=hold`` only), or when with it
        a run could eliminate a card holder this turn."""
        if self.trade == "hold" and exposed(view, self.restraint_margin):
            return True
        if self.trade_weak and weakness_rank(view) < self.trade_weak:
            return True
        if self.trade_danger and elimination_danger(view, view.rng, self.elim_samples,
                                                    self.reach(view)) >= self.trade_danger:
            return True
        return self._find_run(view, view.pool + value) is not None

    def _restrained(self, view) -> bool:
        """Whether to stop attacking: the card is earned (or the hand holds ``restraint_hand``
        cards), no elimination run is under way, and at a big table with escalating sets a rival
        could sweep the bot next turn (:mod:`ai.restraint`)."""
        if self._victim is not None or view.players < self.restraint_players:
            return False
        if not view.conquered and len(view.hands[view.player]) < self.restraint_hand:
            return False
        alive = sum(1 for live in view.alive if live)
        if variant_decision(view) is not None or alive < self.restraint_alive:
            return False
        if not sets_escalate(view) or view.rules.set_value(view.sets_traded) < self.restraint_set:
            return False
        test = exposed if self.restraint_test == "exposed" else leading
        return test(view, self.restraint_margin) and view.is_legal(EndPhase())

    def peaceful(self, view) -> int:
        """The owner whose stacks never attack (the neutral army, with ``neutral_calm``), or NO_OWNER."""
        return view.neutral if self.neutral_calm else NO_OWNER

    def unguarded(self, view) -> int:
        # On an all-in run the stack moves on whole: the victim's stacks are to fall this turn.
        if self._victim is not None and self.all_in(view):
            return self._victim if self.run_guards else EVERYONE
        return super().unguarded(view)

    def reset(self, seed: int | None = None) -> None:
        super().reset(seed)
        self._victim = None
        self._run_checked = None
        self._claimed_first = None

    def search_tau(self) -> float:
        # Measured: a duel's second player attacking at other odds (second_tau) wins no more.
        if self.second_tau and self._claimed_first is False:
            return self.second_tau
        return self.tau

    def _find_run(self, view, pool: int):
        """A run that eliminates a player this turn with ``pool`` armies still to deploy, or None."""
        state = self.deployment_state(view, pool, {}) if pool else self.turn_state(view)
        least = self.elim_chance
        if self.endgame_chance >= 0 and sum(1 for alive in view.alive if alive) <= 3:
            least = self.endgame_chance
        return plan_elimination(state, pool, view.rng, self.elim_samples, least, self.elim_cards,
                                reach=self.reach(view), by_cards=self.elim_by_cards, all_in=self.all_in(view),
                                guards=self.run_guards)

    def reach(self, view) -> int:
        """How far short of a victim a run may start at this table (:mod:`ai.elimination`)."""
        return self.elim_reach if view.players >= self.reach_players else 0

    def all_in(self, view) -> bool:
        """Whether runs are played all in at this table: no guard left against the victim's stacks
        (nor, without ``run_guards``, anyone's), a route walked through its territories."""
        return view.players >= self.all_in_players

    def _plan_run(self, view, pool: int) -> None:
        """Look for a run that eliminates a player this turn; if there is one, deploy for it."""
        self._run_checked = (view.turn, view.count[view.player])
        plan = self._find_run(view, pool)
        self._victim = plan.victim if plan is not None else None
        if plan is not None and pool:
            self._deployment = {plan.staging: pool}

    def _run_attack(self, view):
        """The next attack of a planned run, or None (then the search decides)."""
        if self._victim is None and self._run_checked != (view.turn, view.count[view.player]) and self._macro is None:
            self._plan_run(view, 0)
        victim = self._victim
        if victim is None:
            return None
        if not view.alive[victim]:
            self._victim = None
            return None
        move, chance = next_attack(TurnState.from_view(view), victim, self.reach(view), self.all_in(view))
        if move is None or chance < GIVE_UP_BELOW:
            self._victim = None
            return None
        attack = Attack(move[0], move[1], view.dice_rules.attacker_dice(view.armies[move[0]]))
        if not view.is_legal(attack):  # a variant's limit (a retreat's three armies): the search decides
            self._victim = None
            return None
        self._macro = None
        return attack

    def turn_state(self, view, extra: int = 0) -> TurnState:
        """The search's copy of the view, its odds table grown for reinforced enemy stacks, and
        the leaf told what the next card set is worth."""
        next_set = view.rules.set_value(view.sets_traded)
        reply = replace(self.reply_leaf, card_value=float(next_set))
        material = self.material if view.players >= self.material_players else 0.0
        self.evaluate = reply if self.leaf == "reply" else Evaluation(
            survival=self.e_survival, reinforcements=self.e_reinforcements, territory=self.e_territory,
            card=self.e_card, material=material, card_value=float(next_set), projected=self.projected,
            against_strongest=self.against_strongest)
        if self.leaf == "learned" and view.players >= self.learned_players:
            self.evaluate = learned_evaluation(float(next_set))
        if self.strike and view.players <= self.strike_players:
            self.evaluate = StrikeLeaf(self.evaluate, self.strike, float(next_set))
        state = TurnState.from_view(view)
        state.peaceful = self.peaceful(view)
        trades = 0
        if self.capture_trades:
            state.model_capture_trades()
            # Room in the odds table for two sets traded at once after an elimination.
            trades = next_set + view.rules.set_value(view.sets_traded + 1)
        largest_reply = max(reply.reply_forces(state), default=0.0)
        if isinstance(self.evaluate, StrikeLeaf):
            largest_reply = max([largest_reply] + [reinforcement(state, p, float(next_set))
                                                   for p in range(view.players) if p != view.player])
        state.grow_table(max(view.armies) + extra + trades + int(largest_reply) + 1)
        return state

    def deployment_state(self, view, pool: int, allocation: dict[int, int]) -> TurnState:
        return self.turn_state(view, extra=pool)
