"""OpenSpiel's own MCTSBot playing complete games of Risk against the built-in bots.

The game is ``python_markov_risk`` (:mod:`risk.rl.openspiel_game`), played by OpenSpiel's
``evaluate_bots`` loop: chance nodes (every roll and blitz) drawn from their exact
probabilities, each seat an OpenSpiel bot. The MCTS seat is ``open_spiel.python.algorithms.mcts.MCTSBot``
(PUCT selection) searching a determinization: before each decision the state is redrawn from
the seat's information state (``state.resample_from_infostate``: the others' cards and the deck
as the bots' view draws them), so the search never sees what the seat cannot. Its evaluator
(:class:`GuidedEvaluator`) takes priors from a built-in bot and scores a leaf by playing that
bot to the end of the turn and then counting shares, instead of random rollouts, which would
take a whole game of Risk each. The other seats are the built-in bots (``ai.make_agent`` specs), each asked
on its own view and answering with the codec index of its move. Seats rotate from game to
game; everything is seeded.

    python examples/openspiel_mcts.py --games 4 --opponents random --seed 1 --out mcts.jsonl
    python examples/openspiel_mcts.py --rl-environment      # one episode through rl_environment

Results go to ``--out`` one JSON line per game; a rerun with the same file skips the games it
holds. Needs the ``rl`` extra (``pip install 'markov-risk[rl]'``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts

from ai import make_agent
from risk.match import seat_seed
from risk.rl.imitation import nearest_index  # the codec index of a bot's move, or the nearest one
from risk.rl.openspiel_game import rank_returns
from risk.state import RandomSource
from risk.tournament.stats import wilson_interval


def share_values(position) -> np.ndarray:
    """Each seat's share of territories, armies and reinforcements on the game's return scale: a
    seat with ``1/players`` of the strength scores 0, one with none -1, twice its share +1."""
    players = position.players
    if position.is_terminal():
        return np.array(rank_returns(position.places, players))
    territories = np.array(position.count[:players], float)
    armies = np.array([position.total_armies(p) for p in range(players)], float)
    income = np.array([position.income(p) if position.alive[p] else 0 for p in range(players)], float)
    share = (territories / territories.sum() + armies / armies.sum() + income / income.sum()) / 3
    return np.clip(players * share - 1, -1.0, 1.0)


class GuidedEvaluator(mcts.Evaluator):
    """MCTS's leaf evaluation and priors from a built-in bot (the ``guide``).

    A leaf is played on with the guide's moves (the engine's dice) to the end of the turn under
    way, then scored by :func:`share_values`: random rollouts to the end of a game of Risk would
    take thousands of moves each. The prior gives ``guide_weight`` to the guide's move and shares
    the rest evenly, for PUCT; chance nodes use their probabilities."""

    def __init__(self, codec, guide: str = "threshold", guide_weight: float = 0.5, seed: int = 0):
        self._codec = codec
        self._guide = make_agent(guide)
        self._weight = guide_weight
        self._random = RandomSource(seed)

    def _scratch(self, position):
        """A copy to play on, drawing from the evaluator's own source (a new seeded source per
        copy would cost more than the rest of the evaluation)."""
        return position.copy(self._random)

    def evaluate(self, state) -> np.ndarray:
        position = state.position
        if position.is_terminal():
            return share_values(position)
        rollout = self._scratch(position)
        if state.is_chance_node():
            rollout.apply(state.chance_action)
        turn = rollout.turn
        while not rollout.is_terminal() and rollout.turn == turn:
            rollout.apply(self._guide.act(rollout))
        return share_values(rollout)

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        position = state.position
        guided = nearest_index(self._codec, self._guide.act(self._scratch(position)), position)
        rest = (1.0 - self._weight) / len(legal)
        return [(action, rest + (self._weight if action == guided else 0.0)) for action in legal]


class DeterminizedMCTSBot(pyspiel.Bot):
    """``mcts.MCTSBot`` searching a state redrawn from the seat's information state."""

    def __init__(self, game, seat: int, simulations: int, uct_c: float, seed: int, guide: str = "threshold"):
        super().__init__()
        self._seat = seat
        self._random = np.random.RandomState(seed)
        evaluator = GuidedEvaluator(game.codec, guide, seed=seed + 2)
        self._search = mcts.MCTSBot(game, uct_c, simulations, evaluator, solve=False,
                                    random_state=np.random.RandomState(seed + 1),
                                    child_selection_fn=mcts.SearchNode.puct_value)

    def step(self, state) -> int:
        sampled = state.resample_from_infostate(self._seat, self._random.random_sample)
        return self._search.step(sampled)

    def restart_at(self, state) -> None:
        pass

    def inform_action(self, state, player, action) -> None:
        pass


class AgentBot(pyspiel.Bot):
    """A built-in bot as an OpenSpiel bot: it acts on its seat's view of the engine position and
    answers with the codec index of its move (the nearest index of the same kind of move when
    the codec's buckets do not hold its exact army count)."""

    def __init__(self, game, spec: str, seat: int, game_seed: int):
        super().__init__()
        self._game, self._seat = game, seat
        self._agent = make_agent(spec)
        bot_seed = getattr(self._agent, "seed", None)
        self._seed = seat_seed(game_seed, seat, bot_seed)
        self._random = RandomSource(self._seed)
        self.name = spec

    def restart_at(self, state) -> None:
        reset = getattr(self._agent, "reset", None)
        if reset is not None:
            reset(self._seed)

    def inform_action(self, state, player, action) -> None:
        pass

    def step(self, state) -> int:
        position = state.position
        action = self._agent.act(position.view(self._seat, self._random))
        return nearest_index(self._game.codec, action, position)


# -- the match --------------------------------------------------------------------------------

def play(args) -> None:
    import risk.rl.openspiel_game  # noqa: F401 - registers python_markov_risk

    params = {"players": args.players, "rules": args.rules, "max_turns": args.max_turns}
    opponents = args.opponents.split(",")
    if len(opponents) == 1:
        opponents *= args.players - 1
    if len(opponents) != args.players - 1:
        sys.exit(f"openspiel_mcts: error: --opponents needs 1 or {args.players - 1} bot specs, not {len(opponents)}")
    out = Path(args.out) if args.out else None
    done = _read_results(out)
    for number in range(args.games):
        if number in done:
            continue
        seed = args.seed * 1000 + number
        game = pyspiel.load_game("python_markov_risk", {**params, "seed": seed})
        mcts_seat = number % args.players
        bots, others = [], iter(opponents)
        for seat in range(args.players):
            if seat == mcts_seat:
                bots.append(DeterminizedMCTSBot(game, seat, args.simulations, args.uct_c, seed, args.guide))
            else:
                bots.append(AgentBot(game, next(others), seat, seed))
        started = time.process_time()
        state = game.new_initial_state()
        evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(seed))
        position = state.position
        record = {"game": number, "seed": seed, "mcts_seat": mcts_seat,
                  "seats": ["mcts" if seat == mcts_seat else bots[seat].name for seat in range(args.players)],
                  "places": list(position.places), "winner": position.winner, "reason": position.end_reason,
                  "turns": position.turn, "moves": len(state.history()),
                  "cpu_seconds": round(time.process_time() - started, 1)}
        done[number] = record
        print(json.dumps(record), flush=True)
        if out is not None:
            with out.open("a") as handle:
                handle.write(json.dumps(record) + "\n")
    _summarise([done[n] for n in sorted(done) if n < args.games])


def _read_results(out: Path | None) -> dict[int, dict]:
    if out is None or not out.exists():
        return {}
    return {record["game"]: record for record in map(json.loads, out.read_text().splitlines()) if record}


def _summarise(records: list[dict]) -> None:
    if not records:
        return
    wins = sum(1 for r in records if r["winner"] == r["mcts_seat"])
    low, high = wilson_interval(wins, len(records))
    place = sum(r["places"][r["mcts_seat"]] for r in records) / len(records)
    reasons = {}
    for r in records:
        reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
    print(f"MCTSBot won {wins} of {len(records)} games ({wins / len(records):.0%}, 95% interval "
          f"[{low:.0%}, {high:.0%}]), average place {place:.2f}; endings {reasons}")


def rl_environment_episode(args) -> None:
    """One episode of uniformly random agents through OpenSpiel's ``rl_environment``."""
    import risk.rl.openspiel_game  # noqa: F401
    from open_spiel.python import rl_environment

    game = pyspiel.load_game("python_markov_risk", {"players": args.players, "rules": args.rules,
                                                    "max_turns": args.max_turns, "seed": args.seed})
    env = rl_environment.Environment(game, seed=args.seed)
    rng = np.random.RandomState(args.seed)
    step, steps = env.reset(), 0
    while not step.last():
        player = step.observations["current_player"]
        step = env.step([rng.choice(step.observations["legal_actions"][player])])
        steps += 1
    print(f"rl_environment: {steps} agent steps, observation size {env.observation_spec()['info_state'][0]}, "
          f"{env.action_spec()['num_actions']} actions, final rewards {[round(r, 3) for r in step.rewards]}")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--opponents", default="random", help="bot specs for the other seats (one, or one per seat)")
    parser.add_argument("--simulations", type=int, default=100, help="MCTS simulations per decision")
    parser.add_argument("--uct-c", type=float, default=2.0)
    parser.add_argument("--guide", default="threshold", help="the bot whose moves guide the search (priors, leaves)")
    parser.add_argument("--max-turns", type=int, default=150, help="turn cap (adjudicated)")
    parser.add_argument("--rules", default="setup:deal;placement:auto", help="rule options, name:value;...")
    parser.add_argument("--out", help="results file (JSON lines; resumes)")
    parser.add_argument("--rl-environment", action="store_true", help="run one rl_environment episode instead")
    args = parser.parse_args(argv)
    if args.rl_environment:
        rl_environment_episode(args)
    else:
        play(args)


if __name__ == "__main__":
    main()
