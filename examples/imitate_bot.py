"""Train a policy network to play as a built-in bot does (behavioural cloning), on the CPU.

    pip install -e '.[rl-train]'          # torch (CPU build), see docs/rl-training.md
    nice -n 10 python examples/imitate_bot.py --teacher threshold --games 240 --seed 1 --out runs/imitate

Plays ``--games`` seeded games of the ``--teacher`` bot against the ``--opponents`` (its seat
turning from game to game), records each of the teacher's decisions in the codec's numbering
(:mod:`risk.rl.imitation`), and fits the policy network (the architecture of
``examples/train_maskable_ppo.py``'s, so that it can start a MaskablePPO run with ``--init``) to
choose the teacher's index among the legal ones: cross-entropy over the masked logits, Adam,
``--epochs`` passes, a tenth of the games held out to report the accuracy on. Writes, in
``--out``:

- ``decisions.npz``: the teacher's decisions (observations, legal indices, choices), reused by a
  second run with the same data options;
- ``policy.npz``: the policy (:mod:`risk.rl.numpy_policy`): ``rl:<out>/policy.npz`` plays it;
- ``run.json``: the options, the held-out accuracy and the teacher's own win rate in its games.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teacher", default="threshold", help="the bot spec to imitate")
    parser.add_argument("--opponents", default="random,random,random", help="bot specs of the other seats")
    parser.add_argument("--games", type=int, default=240, help="games of the teacher to learn from")
    parser.add_argument("--max-turns", type=int, default=200, help="turn cap of those games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--net", default="64,64", help="hidden layer sizes")
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--batch-size", type=int, default=512)
    parser.add_argument("--learning-rate", type=float, default=1e-3)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (the machine is shared)")
    parser.add_argument("--out", default="runs/imitate")
    return parser.parse_args(argv)


def decisions(args: argparse.Namespace, out: Path):
    """The teacher's decisions, played now or read back from an earlier run's ``decisions.npz``."""
    from ai import split_specs
    from risk.rl.imitation import Decisions, teacher_games

    path = out / "decisions.npz"
    key = json.dumps({name: getattr(args, name) for name in ("teacher", "opponents", "games", "max_turns", "seed")})
    if path.exists():
        with np.load(path, allow_pickle=False) as data:
            if str(data["key"]) == key:
                found = Decisions(list(data["observations"]), data["actions"].tolist(), data["legal"].tolist(),
                                  data["offsets"].tolist(), int(data["wins"]), int(data["games"]))
                print(f"read {len(found.actions)} decisions of {found.games} games from {path}", flush=True)
                return found
    started = time.process_time()
    found = teacher_games(args.teacher, split_specs(args.opponents), args.games, args.seed, max_turns=args.max_turns)
    print(f"played {found.games} games ({found.wins} won by {args.teacher}), {len(found.actions)} decisions, "
          f"{time.process_time() - started:.0f} CPU s", flush=True)
    np.savez_compressed(path, key=np.array(key), observations=np.array(found.observations, np.float32),
                        actions=np.array(found.actions), legal=np.array(found.legal), offsets=np.array(found.offsets),
                        wins=found.wins, games=found.games)
    return found


def train(args: argparse.Namespace, data, actions_count: int):
    """Fit the network; returns its layers as numpy (weights, bias) pairs and the held-out accuracy."""
    import torch

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    observations = torch.tensor(np.array(data.observations, np.float32))
    targets = torch.tensor(np.array(data.actions, np.int64))
    rows = len(targets)
    held_out = np.arange(rows) >= rows - rows // 10  # the last games' decisions
    sizes = [observations.shape[1], *[int(size) for size in args.net.split(",")], actions_count]
    modules = []
    for k in range(len(sizes) - 1):
        modules.append(torch.nn.Linear(sizes[k], sizes[k + 1]))
        if k < len(sizes) - 2:
            modules.append(torch.nn.Tanh())
    network = torch.nn.Sequential(*modules)
    optimiser = torch.optim.Adam(network.parameters(), lr=args.learning_rate)
    rng = np.random.default_rng(args.seed)
    training = np.flatnonzero(~held_out)

    def masked_logits(batch: np.ndarray):
        masks = torch.tensor(data.masks(batch, actions_count))
        return network(observations[batch]).masked_fill(~masks, -1e9)

    for epoch in range(args.epochs):
        rng.shuffle(training)
        total = 0.0
        for start in range(0, len(training), args.batch_size):
            batch = training[start:start + args.batch_size]
            loss = torch.nn.functional.cross_entropy(masked_logits(batch), targets[batch])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += float(loss.detach()) * len(batch)
        with torch.no_grad():
            test = np.flatnonzero(held_out)
            accuracy = float((masked_logits(test).argmax(1) == targets[test]).float().mean()) if len(test) else 0.0
        print(f"epoch {epoch + 1:>2}  loss {total / len(training):.3f}  held-out accuracy {accuracy:.3f}", flush=True)
    linear = [m for m in network if isinstance(m, torch.nn.Linear)]
    return [(m.weight.detach().numpy(), m.bias.detach().numpy()) for m in linear], accuracy


def main(argv=None) -> int:
    args = parse_args(argv)
    from risk.rl.codec import ActionCodec
    from risk.rl.numpy_policy import NumpyPolicy
    from risk.state import classic_board
    from risk.rules import Rules

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    data = decisions(args, out)
    actions_count = ActionCodec(classic_board(), Rules()).size
    layers, accuracy = train(args, data, actions_count)
    command = "python examples/imitate_bot.py " + " ".join(
        f"--{name.replace('_', '-')} {value}" for name, value in vars(args).items()
        if value != vars(parse_args([]))[name])
    meta = {"trainer": f"behavioural cloning of {args.teacher}", "decisions": len(data.actions), "games": data.games,
            "seed": args.seed, "command": command.strip(), "opponents": args.opponents, "max_turns": args.max_turns,
            "held_out_accuracy": round(accuracy, 4)}
    NumpyPolicy(layers, "tanh", meta).save(out / "policy.npz")
    (out / "run.json").write_text(json.dumps({**vars(args), "held_out_accuracy": accuracy, "teacher_wins": data.wins,
                                              "games_played": data.games, "decisions": len(data.actions)},
                                             indent=2) + "\n")
    print(f"policy {out / 'policy.npz'} ({(out / 'policy.npz').stat().st_size // 1024} KB); "
          f"play it as rl:{out / 'policy.npz'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
