"""``strategist``: the strongest bot. Every decision comes from the map's graph, the armies, the
cards and the other players, read the same way on any map and at any table.

Its parts, each a module of this package:

- :mod:`~ai.strategist.world`: what each continent is worth from its shape (bonus, size, the
  roads in), computed once per board;
- :mod:`~ai.strategist.profile`: the kind of table (a duel, a table of three or four, a crowd of
  five or six) and what the bot does differently there;
- :mod:`~ai.strategist.claims`: claims and set-up armies, towards the continents worth holding;
- the turn's search (:class:`ai.mcts.AttackSearch`, the paper's MCTS over exact-odds
  macro-actions, the deployment searched in the same tree) on :mod:`~ai.strategist.model`, a
  model of the turn updated by what changed, with the leaf evaluation of
  :mod:`~ai.strategist.evaluate` passed in;
- :mod:`~ai.strategist.cards` and :mod:`~ai.strategist.runs`: when to trade, and elimination
  runs for a weak player's cards;
- :mod:`~ai.strategist.fortify`: the fortify move.

Its parameters (``risk bots`` lists them; docs/strategist.md says more):

- ``iterations``: the search's budget for the turn's first decision (deployment and attack
  together); each later attack decision of the turn gets a third of it;
- ``c``: UCB1's exploration constant;
- ``tau``: an attack goes on while its conquest chance is at least tau;
- ``run_chance``: the least chance, in its play-outs, for which an elimination run is started;
- ``max_time``: seconds per search, 0 for none (a timed search is not reproducible);
- ``seed``, ``verbose`` (print each search's root to stderr).
"""

from __future__ import annotations

from risk.actions import Attack, EndPhase
from risk.phase import Phase
from risk.state import NO_OWNER

from ai.agent import BaseAgent, between_0_and_1, non_negative
from ai.common import clamp_occupy, deploy_planned, frontier, variant_decision
from ai.markov import markov_allocation
from ai.mcts import AttackSearch, MCTSAgent
from ai.odds import attack_odds
from ai.registry import register
from ai.strategist import cards, claims
from ai.strategist.evaluate import LeafValue
from ai.strategist.fortify import fortify
from ai.strategist.model import TurnModel
from ai.strategist.profile import profile_of
from ai.strategist.runs import GIVE_UP_BELOW, next_attack, plan_elimination
from ai.strategist.world import world_of
from ai.turn import EVERYONE, STOP, TurnState, occupation

#: Play-outs per staging stack when a run is planned, and stacks tried per victim.
RUN_SAMPLES = 24
#: A run's victim must hold at least this many cards.
RUN_CARDS = 1
#: A turn's searches use at most this many times ``iterations``; beyond, each gets LEAST_SEARCH.
TURN_BUDGET = 2
LEAST_SEARCH = 12
#: The rollouts after an expanded node: greedy attacks at these odds, this many.
ROLLOUT_THRESHOLD = 0.8
ROLLOUT_DEPTH = 3


@register
class StrategistAgent(BaseAgent):
    name = "strategist"

    def __init__(self, seed: int | None = None, iterations: int = 300, c: float = 0.3, tau: float = 0.45,
                 run_chance: float = 0.3, max_time: float = 0.0, verbose: bool = False):
        super().__init__(seed)
        if iterations < 3:
            raise ValueError(f"iterations={iterations} must be at least 3")
        between_0_and_1(tau=tau, run_chance=run_chance)
        non_negative(c=c, max_time=max_time)
        self.iterations = iterations
        self.c = c
        self.tau = tau
        self.run_chance = run_chance
        self.max_time = max_time
        self.verbose = verbose
        self.reset(seed)

    def reset(self, seed: int | None = None) -> None:
        self._macro: tuple[int, int] | None = None    # the attack under way, roll by roll
        self._deployment: dict[int, int] | None = None
        self._victim: int | None = None               # the player a run is eliminating this turn
        self._run_checked: tuple | None = None        # (turn, territories) a run was last looked for
        self._turn_spent: tuple = (None, 0)            # (turn, iterations its searches used)

    # -- the decisions ------------------------------------------------------------------------

    def act(self, view):
        special = variant_decision(view)
        if special is not None:
            return special
        phase = view.phase
        profile = profile_of(view)
        if phase != Phase.ATTACK:
            self._macro = None
        if phase == Phase.CLAIM:
            return claims.claim(view, profile)
        if phase == Phase.PLACE:
            return claims.place(view, profile)
        if phase == Phase.TRADE:
            return cards.trade(view, profile, lambda pool: profile.runs and self._find_run(view, pool) is not None)
        if phase == Phase.DEPLOY:
            return self._deploy(view, profile)
        if phase == Phase.ATTACK:
            return self._attack(view, profile)
        if phase == Phase.OCCUPY:
            s, t = view.attack_source, view.attack_target
            return clamp_occupy(view, occupation(view.board, view.owner, view.armies, s, t, view.occupy_min,
                                                 self._unguarded(view)))
        self._deployment = None
        self._victim = None
        if phase == Phase.FORTIFY:
            return fortify(view, self._peaceful(view))
        return EndPhase()

    def _deploy(self, view, profile):
        plan = self._deployment
        if plan is None or any(view.owner[t] != view.player for t in plan) or sum(plan.values()) != view.pool:
            plan = None
            if profile.runs:
                run = self._plan_run(view, profile, view.pool)
                if run is not None:
                    plan = {run.staging: view.pool}
            if plan is None:
                plan = self._search_deployment(view)
        action, self._deployment = deploy_planned(view, plan)
        return action

    def _attack(self, view, profile):
        if profile.runs:
            run = self._run_attack(view, profile)
            if run is not None:
                return run
        macro = self._macro
        if macro is not None:
            s, t = macro
            a = view.armies[s]
            if view.owner[s] == view.player and view.owner[t] != view.player and a >= 2 \
                    and attack_odds(view, s, t) >= self.tau:
                return Attack(s, t, view.dice_rules.attacker_dice(a))
            self._macro = None
        choice = self._search(view, self._budget(view))
        if choice is STOP:
            return EndPhase()
        self._macro = choice
        s, t = choice
        return Attack(s, t, view.dice_rules.attacker_dice(view.armies[s]))

    def _budget(self, view) -> int:
        """Iterations for a new search: the full budget for the turn's first, a third for each
        later one while the turn's total stays within :data:`TURN_BUDGET` times the budget, then
        :data:`LEAST_SEARCH` (so a turn of many conquests on a big map costs a bounded search)."""
        if self._turn_spent[0] != view.turn:
            self._turn_spent = (view.turn, 0)
        spent = self._turn_spent[1]
        budget = self.iterations if spent == 0 else self.iterations // 3
        if spent + budget > TURN_BUDGET * self.iterations:
            budget = LEAST_SEARCH
        self._turn_spent = (view.turn, spent + budget)
        return max(LEAST_SEARCH, budget)

    # -- the search ---------------------------------------------------------------------------

    def _model(self, view, extra: int = 0) -> TurnModel:
        """The search's model of the turn, its odds table grown for the largest stack the turn
        can make (``extra`` armies still to deploy, and the sets a capture may force)."""
        model = TurnModel.from_view(view)
        model.peaceful = self._peaceful(view)
        model.model_capture_trades()
        rules = view.rules
        model.grow_table(max(view.armies) + extra + rules.set_value(view.sets_traded)
                         + rules.set_value(view.sets_traded + 1) + 1)
        return model

    def _leaf(self, view, model: TurnModel) -> LeafValue:
        return LeafValue(model, float(view.rules.set_value(view.sets_traded)))

    def _search(self, view, budget: int):
        model = self._model(view)
        if not model.macro_actions(self.tau):
            return STOP
        search = AttackSearch(model, view.rng, self.tau, self.c, self._leaf(view, model), ROLLOUT_THRESHOLD,
                              ROLLOUT_DEPTH)
        choice, root = search.run(budget, self.max_time or None)
        if self.verbose:
            MCTSAgent._report(view, root, choice)
        return choice

    def _search_deployment(self, view) -> dict[int, int]:
        """The deployment searched together with the attack phase after it, among
        :func:`deployment_options`."""
        options = deployment_options(view)
        self._turn_spent = (view.turn, self.iterations)
        if len(options) == 1:
            return dict(options["markov"])
        model = self._model(view, extra=view.pool)
        model.include_sources(t for allocation in options.values() for t in allocation)
        leaf = self._leaf(view, model)

        def deployer(allocation):
            def deploy_on(state) -> None:
                for territory, armies in allocation.items():
                    state.reinforce(territory, armies)
            return deploy_on

        search = AttackSearch(model, view.rng, self.tau, self.c, leaf, ROLLOUT_THRESHOLD, ROLLOUT_DEPTH,
                              first_moves={k: deployer(v) for k, v in options.items()})
        choice, root = search.run(self.iterations, self.max_time or None)
        if self.verbose:
            MCTSAgent._report(view, root, choice)
        return dict(options[choice])

    # -- elimination runs ---------------------------------------------------------------------

    def _find_run(self, view, pool: int):
        """A run that eliminates a card holder this turn with ``pool`` armies still to deploy."""
        profile = profile_of(view)
        model = self._model(view, extra=pool)
        return plan_elimination(model, pool, view.rng, RUN_SAMPLES, self.run_chance, RUN_CARDS,
                                reach=profile.reach)

    def _plan_run(self, view, profile, pool: int):
        self._run_checked = (view.turn, view.count[view.player])
        plan = self._find_run(view, pool)
        self._victim = plan.victim if plan is not None else None
        return plan if plan is not None and plan.staging >= 0 else None

    def _run_attack(self, view, profile):
        """The next attack of a run under way (planned now if none was this turn), or None."""
        if self._victim is None and self._run_checked != (view.turn, view.count[view.player]) and self._macro is None:
            self._plan_run(view, profile, 0)
        victim = self._victim
        if victim is None:
            return None
        if not view.alive[victim]:
            self._victim = None
            return None
        move, chance = next_attack(TurnState.from_view(view), victim, profile.reach, True)
        if move is None or chance < GIVE_UP_BELOW:
            self._victim = None
            return None
        attack = Attack(move[0], move[1], view.dice_rules.attacker_dice(view.armies[move[0]]))
        if not view.is_legal(attack):  # a variant's limit (a retreat's three armies): the search decides
            self._victim = None
            return None
        self._macro = None
        return attack

    # -- whose stacks threaten nothing ---------------------------------------------------------

    def _peaceful(self, view) -> int:
        """The neutral army never attacks: its stacks are no threat (NO_OWNER without one)."""
        return view.neutral if view.neutral >= 0 else NO_OWNER

    def _unguarded(self, view) -> int:
        """A conquest leaves no guard against this owner's stacks: on a run, anyone's (the stack
        carries on whole); otherwise the neutral's."""
        return EVERYONE if self._victim is not None else self._peaceful(view)


def deployment_options(view) -> dict:
    """The deployments the search chooses among: the paper's allocation (key ``"markov"``), and
    the whole pool on any one front-line territory (keyed by the territory). The gates of a held
    continent that an enemy can take are front-line territories, so guarding one is an option.

    Every front-line territory, because the likeliest conquest is seldom the one worth most:
    offered only the eight territories with the likeliest conquest, the bot won 52% of its duels
    against Domination's Hard on the classic map, and 64% offered all of them (lab notebook,
    round 22)."""
    pool = view.pool
    options: dict = {"markov": markov_allocation(view, pool)}
    for t in frontier(view, view.player):
        options[t] = {t: pool}
    return options


__all__ = ["StrategistAgent", "deployment_options", "world_of"]

