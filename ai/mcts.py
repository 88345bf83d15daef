"""``mcts``: the paper's bot with its attack phase planned by Monte Carlo Tree Search (UCB1).

Deployment and transport are the ``markov`` bot's. In the attack phase each decision runs an
open-loop search: a node is a sequence of macro-actions ("attack T from S until it falls or the
odds fall below τ", or stop); each iteration copies the position, walks down the tree choosing
children by UCB1 (value + c·sqrt(2 ln n / n_k), the paper's formula), draws every battle's
outcome anew from its exact distribution, expands one untried action (chosen at random), plays
a short greedy continuation (attacks at odds of at least ``rollout_threshold``), and scores the
end of the turn with :class:`ai.evaluation.Evaluation`. The macro-action visited most at the
root is played, one roll at a time (``attack`` with the most dice) while its odds stay at least
τ, so the bot keeps the option to stop exactly as the search assumed.

The search is budgeted in iterations (``iterations``) and optionally in time (``max_time``
seconds per decision; timed budgets are not reproducible). Its randomness is the view's random
source, so the same seed gives the same moves. ``verbose=true`` prints the root's children.
"""

from __future__ import annotations

import math
import sys
import time

from risk.actions import Attack, EndPhase
from risk.phase import Phase
from risk.state import NO_OWNER

from ai.agent import BaseAgent, between_0_and_1, non_negative
from ai.common import (best_trade, clamp_occupy, continent_progress_claim, deploy_planned, frontier, setup_place,
                       variant_decision)
from ai.evaluation import Evaluation
from ai.markov import markov_allocation, markov_place, markov_transport
from ai.odds import attack_odds
from ai.registry import register
from ai.turn import STOP, TurnState, occupation


class Node:
    __slots__ = ("children", "visits", "total")

    def __init__(self):
        self.children: dict = {}
        self.visits = 0
        self.total = 0.0

    def value(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class AttackSearch:
    """One search from one position; ``run`` returns the best macro-action and the root."""

    def __init__(self, root_state: TurnState, rng, tau: float, c: float, evaluate: Evaluation,
                 rollout_threshold: float, rollout_depth: int, first_moves: dict | None = None):
        self.root_state = root_state
        self.first_moves = first_moves
        self.rng = rng
        self.tau = tau
        self.c = c
        self.evaluate = evaluate
        self.rollout_threshold = max(rollout_threshold, tau)
        self.rollout_depth = rollout_depth
        self.root = Node()
        self.iterations = 0

    def run(self, iterations: int, max_time: float | None = None):
        deadline = None if max_time is None else time.perf_counter() + max_time
        for i in range(iterations):
            if deadline is not None and i % 16 == 0 and i and time.perf_counter() > deadline:
                break
            self.iterate()
        return self.best(), self.root

    def best(self):
        if not self.root.children:
            return STOP
        return max(self.root.children.items(), key=lambda item: (item[1].visits, item[1].value(),
                                                                  item[0] is STOP))[0]

    def iterate(self) -> None:
        state = self.root_state.copy()
        node = self.root
        path = [node]
        rng, tau = self.rng, self.tau
        if self.first_moves is not None:
            # The first level chooses among deployments; the attack phase follows below it.
            moves = list(self.first_moves)
            untried = [m for m in moves if m not in node.children]
            move = untried[int(rng.random() * len(untried))] if untried else self.select(node, moves)
            if move not in node.children:
                node.children[move] = Node()
            node = node.children[move]
            path.append(node)
            self.first_moves[move](state)
        while True:
            actions = state.macro_actions(tau)
            actions.append(STOP)
            untried = [a for a in actions if a not in node.children]
            if untried:
                action = untried[int(rng.random() * len(untried))]
                child = Node()
                node.children[action] = child
                path.append(child)
                if action is not STOP:
                    state.attack(action[0], action[1], tau, rng.random())
                    if not state.winner():
                        self.rollout(state)
                break
            action = self.select(node, actions)
            node = node.children[action]
            path.append(node)
            if action is STOP:
                break
            state.attack(action[0], action[1], tau, rng.random())
            if state.winner():
                break
        value = self.evaluate(state)
        for visited in path:
            visited.visits += 1
            visited.total += value
        self.iterations += 1

    def select(self, node: Node, actions):
        log_n = math.log(node.visits) if node.visits > 1 else 0.0
        c = self.c
        best_score, best_action = -1.0, STOP
        children = node.children
        for action in actions:
            child = children[action]
            score = child.total / child.visits + c * math.sqrt(2.0 * log_n / child.visits)
            if score > best_score:
                best_score, best_action = score, action
        return best_action

    def rollout(self, state: TurnState) -> None:
        """Continue the turn greedily: the best-odds attacks at or above the rollout threshold."""
        win = state.win
        for _ in range(self.rollout_depth):
            best, best_p = None, self.rollout_threshold
            armies = state.armies
            for s, t in state.macro_actions(self.rollout_threshold):
                p = win[armies[s]][armies[t]] if state.sea_rounds is None else state.chance(s, t)
                if p >= best_p:
                    best, best_p = (s, t), p
            if best is None:
                return
            state.attack(best[0], best[1], self.tau, self.rng.random())
            if state.winner():
                return


@register
class MCTSAgent(BaseAgent):
    name = "mcts"

    def __init__(self, seed: int | None = None, iterations: int = 300, c: float = 0.3,
                 tau: float = 0.45, max_time: float = 0.0, rollout_threshold: float = 0.8,
                 rollout_depth: int = 3, deploy_search: bool = True, verbose: bool = False):
        super().__init__(seed)
        if iterations < 1:
            raise ValueError(f"iterations={iterations} must be at least 1")
        between_0_and_1(tau=tau)
        non_negative(c=c)
        self.iterations = iterations
        self.c = c
        self.tau = tau
        self.max_time = max_time
        self.rollout_threshold = rollout_threshold
        self.rollout_depth = rollout_depth
        self.deploy_search = deploy_search
        self.verbose = verbose
        self.evaluate = Evaluation()
        self.last_search: AttackSearch | None = None
        self._macro: tuple[int, int] | None = None
        self._deployment: dict[int, int] | None = None

    def reset(self, seed: int | None = None) -> None:
        self._macro = None
        self._deployment = None
        self.last_search = None

    def act(self, view):
        phase = view.phase
        special = variant_decision(view)
        if special is not None:
            return special
        if phase == Phase.ATTACK:
            return self._attack(view)
        self._macro = None
        if phase == Phase.OCCUPY:
            s, t = view.attack_source, view.attack_target
            return clamp_occupy(view, occupation(view.board, view.owner, view.armies, s, t, view.occupy_min,
                                                 self.unguarded(view)))
        if phase == Phase.DEPLOY:
            return self._deploy(view)
        self._deployment = None
        if phase == Phase.FORTIFY:
            return markov_transport(view, self.peaceful(view))
        if phase == Phase.TRADE:
            return best_trade(view) or EndPhase()
        if phase == Phase.CLAIM:
            return continent_progress_claim(view)
        if phase == Phase.PLACE:
            return setup_place(view, markov_place)
        return EndPhase()

    def _deploy(self, view):
        """Deploy as planned; plan first (by search, or the paper's allocation) if there is no plan."""
        plan = self._deployment
        if plan is None or any(view.owner[t] != view.player for t in plan) or sum(plan.values()) != view.pool:
            plan = self.plan_deployment(view) if self.deploy_search else markov_allocation(view, view.pool)
        action, self._deployment = deploy_planned(view, plan)
        return action

    def deployment_state(self, view, pool: int, allocation: dict[int, int]) -> TurnState:
        """The search's model of the turn before ``pool`` armies are deployed (``allocation``
        is the paper's), its odds table large enough for any stack they can make (a subclass
        may prepare it further)."""
        state = TurnState.from_view(view)
        for territory, armies in allocation.items():
            state.grow_table(state.armies[territory] + pool)
        state.grow_table(max(view.armies) + pool)
        return state

    def plan_deployment(self, view) -> dict[int, int]:
        """Search deployments and the attack phase after them together; the chosen allocation.

        The choices are the paper's allocation, or all armies on one front-line territory.
        """
        pool = view.pool
        options: dict = {"markov": markov_allocation(view, pool)}
        for t in frontier(view, view.player):
            options[t] = {t: pool}

        def deployer(allocation):
            def deploy(state: TurnState) -> None:
                for territory, armies in allocation.items():
                    state.armies[territory] += armies
            return deploy

        state = self.deployment_state(view, pool, options["markov"])
        search = AttackSearch(state, view.rng, self.search_tau(), self.c, self.evaluate, self.rollout_threshold,
                              self.rollout_depth, first_moves={k: deployer(v) for k, v in options.items()})
        choice, root = search.run(2 * self.iterations, self.max_time or None)
        self.last_search = search
        if self.verbose:
            self._report(view, root, choice)
        return dict(options[choice])

    def _attack(self, view):
        macro = self._macro
        if macro is not None:
            s, t = macro
            a = view.armies[s]
            if (view.owner[s] == view.player and view.owner[t] != view.player and a >= 2
                    and attack_odds(view, s, t) >= self.search_tau()):
                return Attack(s, t, view.dice_rules.attacker_dice(a))
            self._macro = None
        choice = self.plan(view)
        if choice is STOP:
            return EndPhase()
        self._macro = choice
        s, t = choice
        return Attack(s, t, view.dice_rules.attacker_dice(view.armies[s]))

    def peaceful(self, view) -> int:
        """An owner whose stacks never attack, to be played as such (a subclass may name the
        neutral army); ``mcts`` plays every stack as a threat: NO_OWNER."""
        return NO_OWNER

    def unguarded(self, view) -> int:
        """The owner whose stacks need no guard when a stack moves into a conquest (a subclass may
        vary it during a turn): the peaceful one."""
        return self.peaceful(view)

    def search_tau(self) -> float:
        """The odds below which the search neither starts nor continues an attack (a subclass
        may vary it within a game)."""
        return self.tau

    def turn_state(self, view) -> TurnState:
        """The search's model of the turn from ``view`` (a subclass may prepare it further)."""
        return TurnState.from_view(view)

    def plan(self, view):
        """Search the attack phase from ``view``; the chosen macro-action or STOP."""
        state = self.turn_state(view)
        if not state.macro_actions(self.search_tau()):
            return STOP
        search = AttackSearch(state, view.rng, self.search_tau(), self.c, self.evaluate,
                              self.rollout_threshold, self.rollout_depth)
        choice, root = search.run(self.iterations, self.max_time or None)
        self.last_search = search
        if self.verbose:
            self._report(view, root, choice)
        return choice

    @staticmethod
    def _report(view, root: Node, choice) -> None:
        names = view.board.names
        print(f"mcts: turn {view.turn}, {root.visits} iterations", file=sys.stderr)
        for action, child in sorted(root.children.items(), key=lambda item: -item[1].visits):
            if action is STOP:
                label = "stop"
            elif action == "markov":
                label = "deploy: the paper's allocation"
            elif isinstance(action, int):
                label = f"deploy: all on {names[action]}"
            else:
                label = f"{names[action[0]]} -> {names[action[1]]}"
            mark = "*" if action == choice else " "
            print(f"  {mark} {label:<40} visits {child.visits:>5}  value {child.value():.4f}", file=sys.stderr)
