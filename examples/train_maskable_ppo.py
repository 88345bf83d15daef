"""Train sb3-contrib's MaskablePPO on the Gymnasium wrapper against three ``random`` bots.

    pip install -e '.[rl-train]'          # torch (CPU build) and sb3-contrib, see docs/rl-training.md
    nice -n 10 python examples/train_maskable_ppo.py --steps 1000000 --seed 1 --out runs/ppo-random

Writes, in ``--out``:

- ``model.zip``: the model (policy, value network and optimiser state), saved every
  ``--save-every`` steps and at the end, to resume from; it plays as ``rl:<out>/model.zip``;
- ``policy.npz``: the policy's weights alone (:mod:`risk.rl.numpy_policy`), written with every
  checkpoint: what ships, and plays as ``rl:<out>/policy.npz`` with numpy alone;
- ``curve.csv``: the learning curve, one row every ``--log-every`` steps: the steps so far, the
  games finished, the wall-clock seconds, and over the last ``--window`` games the win rate, the
  mean return (the place's reward plus the shaping) and the mean length (the learner's decisions
  per game);
- ``run.json``: the command's options, for the record.

The budget is a number of environment steps, not wall-clock time, so the same command trains
the same policy on any machine (seeded: the env, the bots, PPO's sampling and initial weights).
``--resume`` continues an interrupted run from its last ``model.zip`` (the curve is appended;
a resumed run is not bit-identical to an uninterrupted one: PPO's random state is not saved).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from collections import deque
from pathlib import Path

import gymnasium

CURVE_FIELDS = ["steps", "games", "seconds", "win_rate", "mean_return", "mean_length"]


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=300_000, help="environment steps (the budget)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="runs/ppo-random", help="directory for model, curve, options")
    parser.add_argument("--opponents", default="random,random,random",
                        help="bot specs of the other seats (their number sets the players)")
    parser.add_argument("--envs", type=int, default=8,
                        help="games played side by side in this process (one batched policy call steps them all)")
    parser.add_argument("--max-turns", type=int, default=200,
                        help="turn cap of a training game: a truncation, paid as the adjudicated "
                             "place (most territories, then armies) so short games still teach")
    parser.add_argument("--n-steps", type=int, default=512, help="PPO rollout length per game (times --envs)")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--learning-rate", type=float, default=3e-4)
    parser.add_argument("--gamma", type=float, default=0.99)
    parser.add_argument("--ent-coef", type=float, default=0.005)
    parser.add_argument("--shaping", type=float, default=2.0,
                        help="weight of the territory-share shaping reward (0: only the place)")
    parser.add_argument("--net", default="64,64", help="hidden layer sizes of policy and value nets")
    parser.add_argument("--log-every", type=int, default=2048, help="steps between curve rows")
    parser.add_argument("--window", type=int, default=50, help="games averaged in a curve row")
    parser.add_argument("--save-every", type=int, default=20_480, help="steps between checkpoints")
    parser.add_argument("--resume", action="store_true", help="continue from <out>/model.zip")
    parser.add_argument("--init", help="start the policy from these weights (a policy.npz of the same --net, e.g. "
                                       "examples/imitate_bot.py's); the value network starts afresh")
    parser.add_argument("--threads", type=int, default=1, help="torch threads (the machine is shared)")
    return parser.parse_args(argv)


def make_env(args: argparse.Namespace, number: int = 0):
    """Training game ``number``: the Gymnasium wrapper with the opponents in the other seats, the
    learner in a seeded random seat each game (tournaments rotate the seats, so the policy must
    play any of them), rank rewards paid at the turn cap too."""
    import risk.rl
    from ai import split_specs
    from stable_baselines3.common.monitor import Monitor

    opponents = split_specs(args.opponents)
    env = risk.rl.gym_env(opponents=opponents, players=len(opponents) + 1, seat="rotate",
                          max_turns=args.max_turns, reward="rank", truncation_rewards=True)
    env = TrainingGame(env, args.shaping, args.gamma)
    env.reset(seed=args.seed + 1000 * number)
    return Monitor(env)


def make_envs(args: argparse.Namespace):
    """``--envs`` training games in this process, stepped together (one policy call a step)."""
    from stable_baselines3.common.vec_env import DummyVecEnv

    return DummyVecEnv([lambda number=number: make_env(args, number) for number in range(args.envs)])


def export_policy(model, path: Path, args: argparse.Namespace) -> None:
    """Write the policy's weights alone (hidden layers and action head, not the value network
    or the optimiser) as a :class:`~risk.rl.numpy_policy.NumpyPolicy`, atomically."""
    import torch
    from risk.rl.numpy_policy import NumpyPolicy

    policy = model.policy
    layers = [module for module in policy.mlp_extractor.policy_net if isinstance(module, torch.nn.Linear)]
    layers.append(policy.action_net)
    activation = {torch.nn.Tanh: "tanh", torch.nn.ReLU: "relu"}[policy.activation_fn]
    weights = [(layer.weight.detach().cpu().numpy(), layer.bias.detach().cpu().numpy()) for layer in layers]
    meta = {"trainer": "sb3-contrib MaskablePPO", "steps": int(model.num_timesteps), "seed": args.seed,
            "command": "python examples/train_maskable_ppo.py " + " ".join(_command_line(args)),
            "opponents": args.opponents, "max_turns": args.max_turns}
    partial = path.with_name(path.stem + ".partial.npz")
    NumpyPolicy(weights, activation, meta).save(partial)
    partial.replace(path)


def load_policy(model, path: Path) -> None:
    """Copy a :class:`~risk.rl.numpy_policy.NumpyPolicy`'s weights into the model's policy
    (hidden layers and action head, which must have the same sizes)."""
    import torch
    from risk.rl.numpy_policy import NumpyPolicy

    policy = model.policy
    layers = [module for module in policy.mlp_extractor.policy_net if isinstance(module, torch.nn.Linear)]
    layers.append(policy.action_net)
    given = NumpyPolicy.load(path).layers
    shapes = [tuple(layer.weight.shape) for layer in layers]
    if [w.shape for w, _ in given] != shapes:
        raise SystemExit(f"{path}: layers of shapes {[w.shape for w, _ in given]}, the model's are {shapes}")
    with torch.no_grad():
        for layer, (weights, bias) in zip(layers, given):
            layer.weight.copy_(torch.from_numpy(weights))
            layer.bias.copy_(torch.from_numpy(bias))


def _command_line(args: argparse.Namespace) -> list[str]:
    """The options that differ from the defaults, as they would be typed."""
    defaults = vars(parse_args([]))
    out = []
    for name, value in vars(args).items():
        if value != defaults[name] and name != "resume":
            out += [f"--{name.replace('_', '-')}"] + ([] if value is True else [str(value)])
    return out


class TrainingGame(gymnasium.Wrapper):
    """The game the learner is trained on: the turn cap ends it (the adjudicated place is its
    result, and the observation holds turn / max_turns, so nothing is left to bootstrap), and
    each step also pays ``shaping * (gamma * share' - share)``, the potential-based form (Ng,
    Harada and Russell 1999) with the learner's share of the territories as the potential. It
    tells the learner at once that a conquest helped (+2/42 with the default weight), which a
    few hundred games of place rewards alone do not: a run with the potential zeroed at the end
    (which leaves the place as the only goal) learned nothing a random seat does not already win
    (docs/rl-training.md, the reward's row).
    The potential is not zeroed at the end, so the objective also holds the share gained over
    the game (most territories wins the adjudication: the same direction as the place) and a
    small cost per decision, ``shaping * (1 - gamma) * share``."""

    def __init__(self, env, shaping: float, gamma: float):
        super().__init__(env)
        self.shaping, self.gamma = shaping, gamma
        self.potential = 0.0

    def reset(self, **kwargs):
        observation, info = self.env.reset(**kwargs)
        self.potential = self._share()
        return observation, info

    def step(self, action):
        observation, reward, terminated, truncated, info = self.env.step(action)
        share = self._share()
        reward += self.shaping * (self.gamma * share - self.potential)
        self.potential = share
        return observation, reward, terminated or truncated, False, info

    def _share(self) -> float:
        game = self.env.unwrapped.game
        return game.count[self.env.unwrapped.seat] / len(game.owner)


def won(info: dict) -> bool:
    """Whether the learning seat won the game that just ended (first place, adjudicated or not)."""
    return info.get("place") == 1


def learning_curve_callback(args, curve_path: Path, model_path: Path, started_at: float):
    from stable_baselines3.common.callbacks import BaseCallback

    class LearningCurve(BaseCallback):
        """Writes a curve row every ``log_every`` steps and a checkpoint every ``save_every``."""

        def __init__(self):
            super().__init__()
            self.results: deque[tuple[bool, float, int]] = deque(maxlen=args.window)
            self.games = _last_games(curve_path)  # a resumed run counts on
            self.next_row = self.next_save = 0

        def _on_training_start(self) -> None:
            steps = self.model.num_timesteps  # not 0 in a resumed run
            self.next_row = steps + args.log_every
            self.next_save = steps + args.save_every

        def _on_step(self) -> bool:
            for done, info in zip(self.locals["dones"], self.locals["infos"]):
                if done and "episode" in info:
                    self.games += 1
                    self.results.append((won(info), float(info["episode"]["r"]), int(info["episode"]["l"])))
            steps = self.model.num_timesteps
            if steps >= self.next_row:
                self.next_row += args.log_every
                self._write_row(steps)
            if steps >= self.next_save:
                self.next_save += args.save_every
                save_atomically(self.model, model_path)
                export_policy(self.model, model_path.with_name("policy.npz"), args)
            return True

        def _write_row(self, steps: int) -> None:
            if not self.results:
                return
            wins, returns, lengths = zip(*self.results)
            row = {"steps": steps, "games": self.games,
                   "seconds": round(time.monotonic() - started_at + _last_seconds(curve_path), 1),
                   "win_rate": round(sum(wins) / len(wins), 4),
                   "mean_return": round(sum(returns) / len(returns), 4),
                   "mean_length": round(sum(lengths) / len(lengths), 1)}
            append_row(curve_path, row)
            print(f"{steps:>8} steps  {self.games:>5} games  win rate {row['win_rate']:.2f}  "
                  f"return {row['mean_return']:+.3f}  length {row['mean_length']:.0f}", flush=True)

    return LearningCurve()


def _rows(curve_path: Path) -> list[dict]:
    if not curve_path.exists():
        return []
    with curve_path.open(newline="") as file:
        return list(csv.DictReader(file))


def _last_games(curve_path: Path) -> int:
    rows = _rows(curve_path)
    return int(rows[-1]["games"]) if rows else 0


_SECONDS_BEFORE: dict[str, float] = {}


def _last_seconds(curve_path: Path) -> float:
    """Seconds trained before this process started (a resumed run's clock goes on)."""
    key = str(curve_path)
    if key not in _SECONDS_BEFORE:
        rows = _rows(curve_path)
        _SECONDS_BEFORE[key] = float(rows[-1]["seconds"]) if rows else 0.0
    return _SECONDS_BEFORE[key]


def append_row(curve_path: Path, row: dict) -> None:
    new = not curve_path.exists()
    with curve_path.open("a", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=CURVE_FIELDS)
        if new:
            writer.writeheader()
        writer.writerow(row)


def save_atomically(model, model_path: Path) -> None:
    """Save to a temporary name and rename, so an interrupted save never leaves a broken zip."""
    partial = model_path.with_name(model_path.stem + ".partial.zip")
    model.save(str(partial))
    partial.replace(model_path)


def main(argv=None) -> int:
    args = parse_args(argv)
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(args.threads)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    model_path, curve_path = out / "model.zip", out / "curve.csv"
    env = make_envs(args)
    if args.resume and model_path.exists():
        model = MaskablePPO.load(str(model_path), env=env, device="cpu")
        print(f"resuming from {model_path} at {model.num_timesteps} steps", flush=True)
    else:
        if curve_path.exists():
            curve_path.unlink()  # a fresh run: the old curve belongs to another policy
        from gymnasium import spaces

        layers = [int(size) for size in args.net.split(",")]
        policy = "MultiInputPolicy" if isinstance(env.observation_space, spaces.Dict) else "MlpPolicy"
        model = MaskablePPO(policy, env, seed=args.seed, device="cpu", verbose=0,
                            n_steps=args.n_steps, batch_size=args.batch_size,
                            learning_rate=args.learning_rate, gamma=args.gamma,
                            ent_coef=args.ent_coef,
                            policy_kwargs={"net_arch": {"pi": layers, "vf": layers}})
        if args.init:
            load_policy(model, Path(args.init))
        (out / "run.json").write_text(json.dumps(vars(args), indent=2) + "\n")
    remaining = args.steps - model.num_timesteps
    if remaining <= 0:
        print(f"{model_path} already has {model.num_timesteps} steps (budget {args.steps})")
        return 0
    started_at = time.monotonic()
    callback = learning_curve_callback(args, curve_path, model_path, started_at)
    model.learn(total_timesteps=remaining, callback=callback, reset_num_timesteps=not args.resume)
    save_atomically(model, model_path)
    export_policy(model, model_path.with_name("policy.npz"), args)
    print(f"trained {model.num_timesteps} steps in {time.monotonic() - started_at:.0f} s; "
          f"model {model_path}, curve {curve_path}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
