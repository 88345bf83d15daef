"""Train OpenSpiel's own DQN (``open_spiel.python.pytorch.dqn``) on ``python_markov_risk``.

    pip install -e '.[rl-train]'          # torch (CPU build); dm-tree comes with the rl extra
    nice -n 10 python examples/train_openspiel_dqn.py --games 300 --seed 1 --out runs/dqn

The learner plays one seat of 4-player games (the seat turning from game to game) through
OpenSpiel's ``rl_environment``, which samples the chance nodes; the other seats are built-in
bots (``--opponents``) acting on their own views, their moves given as the codec's nearest index
(:func:`risk.rl.imitation.nearest_index`). The learner sees the observation tensor (the
environments' 829 floats, so that the trained network plays as an ``rl:`` bot) and, besides the
game's rank return at the end, a shaping reward each decision: ``--shaping`` x (gamma x share' -
share), its share of the territories as the potential (as ``examples/train_maskable_ppo.py``).

Writes ``dqn.npz`` in ``--out``: the Q-network (:mod:`risk.rl.numpy_policy`, ReLU layers); its
greedy action is the policy: ``rl:<out>/dqn.npz,deterministic=true``. And ``curve.csv``: per
block of ``--log-every`` games, the learner's wins and the mean loss.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

import numpy as np


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="training games (the budget)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opponents", default="random,random,random")
    parser.add_argument("--max-turns", type=int, default=200)
    parser.add_argument("--net", default="64,64")
    parser.add_argument("--learning-rate", type=float, default=1e-3)
    parser.add_argument("--gamma", type=float, default=0.99)
    parser.add_argument("--shaping", type=float, default=2.0)
    parser.add_argument("--epsilon-decay", type=int, default=100_000, help="decisions over which exploration falls")
    parser.add_argument("--log-every", type=int, default=10)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--out", default="runs/dqn")
    return parser.parse_args(argv)


def export(agent, path: Path, args: argparse.Namespace, games: int) -> None:
    """The Q-network as a :class:`~risk.rl.numpy_policy.NumpyPolicy` (its greedy action plays)."""
    import torch
    from risk.rl.numpy_policy import NumpyPolicy

    linear = [m for m in agent._q_network.modules() if isinstance(m, torch.nn.Linear)]
    layers = [(m.weight.detach().numpy(), m.bias.detach().numpy()) for m in linear]
    meta = {"trainer": "open_spiel.python.pytorch.dqn", "games": games, "seed": args.seed,
            "command": "python examples/train_openspiel_dqn.py " + " ".join(sys.argv[1:]),
            "opponents": args.opponents, "max_turns": args.max_turns, "play": "deterministic=true (greedy)"}
    partial = path.with_name(path.stem + ".partial.npz")
    NumpyPolicy(layers, "relu", meta).save(partial)
    partial.replace(path)


def main(argv=None) -> int:
    args = parse_args(argv)
    import pyspiel
    import torch
    from open_spiel.python import rl_environment
    from open_spiel.python.pytorch import dqn

    import risk.rl.openspiel_game  # noqa: F401 - registers python_markov_risk
    from ai import split_specs
    from risk.match import seat_seed
    from risk.players import make_player
    from risk.rl.imitation import nearest_index
    from risk.state import RandomSource

    torch.set_num_threads(args.threads)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    specs = split_specs(args.opponents)
    players = len(specs) + 1
    game = pyspiel.load_game("python_markov_risk", {"players": players, "max_turns": args.max_turns,
                                                    "seed": args.seed})
    env = rl_environment.Environment(game, seed=args.seed,
                                     observation_type=rl_environment.ObservationType.OBSERVATION)
    size = env.observation_spec()["info_state"][0]
    agent = dqn.DQN(player_id=0, state_representation_size=size, num_actions=env.action_spec()["num_actions"],
                    hidden_layers_sizes=[int(n) for n in args.net.split(",")], replay_buffer_capacity=50_000,
                    batch_size=128, learning_rate=args.learning_rate, optimizer_str="adam", loss_str="huber",
                    discount_factor=args.gamma, epsilon_decay_duration=args.epsilon_decay,
                    epsilon_decay_schedule_str="linear", update_target_network_every=1000, learn_every=10,
                    min_buffer_size_to_learn=1000, seed=args.seed)
    bots = [make_player(spec) for spec in specs]
    curve = out / "curve.csv"
    with curve.open("w", newline="") as file:
        csv.writer(file).writerow(["games", "wins", "decisions", "seconds", "loss"])
    wins = block_wins = decisions = 0
    started = time.monotonic()
    for number in range(args.games):
        learner = number % players
        agent.player_id = learner
        time_step = env.reset()
        state = env.get_state
        seats = [s for s in range(players) if s != learner]
        sources = {seat: RandomSource(seat_seed(args.seed * 100_003 + number, seat, None)) for seat in seats}
        share = None
        while not time_step.last():
            player = time_step.observations["current_player"]
            position = env.get_state.position
            if player == learner:
                now = position.count[learner] / len(position.owner)
                if share is not None:  # the shaping of the move before, paid with this step
                    time_step = _shaped(time_step, learner, args.shaping * (args.gamma * now - share))
                share = now
                action = agent.step(time_step).action
                decisions += 1
            else:
                bot = bots[seats.index(player)]
                action = nearest_index(game.codec, bot.act(position.view(player, sources[player])), position)
            time_step = env.step([action])
        final = env.get_state.position
        if share is not None:
            time_step = _shaped(time_step, learner, args.shaping * (args.gamma * final.count[learner] / len(final.owner)
                                                                    - share))
        agent.step(time_step)
        won = final.winner == learner
        wins += won
        block_wins += won
        if (number + 1) % args.log_every == 0:
            with curve.open("a", newline="") as file:
                csv.writer(file).writerow([number + 1, block_wins, decisions, round(time.monotonic() - started),
                                           round(float(agent.loss or 0.0), 5)])
            print(f"{number + 1:>5} games  won {block_wins}/{args.log_every}  {decisions} decisions", flush=True)
            block_wins = 0
            export(agent, out / "dqn.npz", args, number + 1)
    export(agent, out / "dqn.npz", args, args.games)
    print(f"trained on {args.games} games ({wins} won) in {time.monotonic() - started:.0f} s: {out / 'dqn.npz'}")
    return 0


def _shaped(time_step, player: int, bonus: float):
    """``time_step`` with ``bonus`` added to ``player``'s reward."""
    rewards = list(time_step.rewards or [0.0] * len(time_step.observations["info_state"]))
    rewards[player] += bonus
    return time_step._replace(rewards=rewards)


if __name__ == "__main__":
    sys.exit(main())
