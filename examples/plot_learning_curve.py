"""Draw a training run's learning curve (the ``curve.csv`` of train_maskable_ppo.py) as a PNG.

    python examples/plot_learning_curve.py runs/ppo-random/curve.csv runs/ppo-random/curve.png

Two panels over environment steps: the win rate against the opponents over the last games of
each row (with the rate a uniformly random seat would have, 1 / players), and the mean return.
"""

from __future__ import annotations

import argparse
import csv
import sys


def read_curve(path: str) -> dict[str, list[float]]:
    with open(path, newline="") as file:
        rows = list(csv.DictReader(file))
    if not rows:
        raise SystemExit(f"{path}: no rows yet")
    return {field: [float(row[field]) for row in rows] for field in rows[0]}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("curve", help="curve.csv written by train_maskable_ppo.py")
    parser.add_argument("png", help="the picture to write")
    parser.add_argument("--players", type=int, default=4, help="players per game (for the chance line)")
    parser.add_argument("--title", default="MaskablePPO against three random bots (classic map)")
    args = parser.parse_args(argv)

    import matplotlib

    matplotlib.use("Agg")  # a file, never a window
    import matplotlib.pyplot as plt

    curve = read_curve(args.curve)
    steps = curve["steps"]
    figure, (rate_axes, return_axes) = plt.subplots(2, 1, figsize=(8, 6.5), sharex=True)
    rate_axes.plot(steps, curve["win_rate"], color="tab:blue", label="win rate (last games of the row)")
    rate_axes.axhline(1 / args.players, color="grey", linestyle="--", label=f"1 / {args.players} players")
    rate_axes.set_ylim(0, 1)
    rate_axes.set_ylabel("win rate")
    rate_axes.legend(loc="lower right")
    rate_axes.set_title(args.title)
    return_axes.plot(steps, curve["mean_return"], color="tab:green")
    return_axes.set_ylabel("mean return per game")
    return_axes.set_xlabel("environment steps (the learning seat's decisions)")
    hours = curve["seconds"][-1] / 3600
    return_axes.annotate(f"{int(steps[-1]):,} steps, {int(curve['games'][-1]):,} games, "
                         f"{hours:.2f} h wall clock", xy=(0.01, 0.04), xycoords="axes fraction")
    for axes in (rate_axes, return_axes):
        axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(args.png, dpi=110)
    print(f"wrote {args.png}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
