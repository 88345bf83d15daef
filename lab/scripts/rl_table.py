"""The baselines table of docs/rl.md, printed in Markdown from the runs of ``rl_baselines.sh``
and ``rl_mcts.sh`` (``lab/results/raw/rl-AGENT-vs-OPPONENT.jsonl``; ``python
lab/scripts/results.py extract rl`` unpacks them from the lab's archive).

    python lab/scripts/rl_table.py [RAW_DIR]

Each cell is the agent's wins over the games played, with the Wilson 95% interval; a batch
that has fewer games than the size declared before it ran says so, and a batch never started
says "not measured". The agent's seat is read from each game: ``mcts_seat`` in the MCTS
example's lines, the rotation in a tournament's (seat 0's spec is the agent, turned by
``rotation``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from risk.tournament.stats import wilson_interval  # noqa: E402  (after the path is set)

OPPONENTS = ("random", "threshold", "strategist")

#: The agents in the table's order, each with the name its row shows.
AGENTS = (
    ("shipped", "`rl:angry-clone`, the shipped policy (`angry` cloned)"),
    ("ppo", "MaskablePPO from scratch, 81,920 steps (`rl:lab/models/ppo-scratch.npz`)"),
    ("dqn", "OpenSpiel's DQN, 30 games, greedy (`rl:lab/models/dqn.npz,deterministic=true`)"),
    ("mcts", "OpenSpiel's `MCTSBot`, 100 simulations (`examples/openspiel_mcts.py`)"),
    ("random", "`random`"),
    ("angry", "`angry`"),
    ("threshold", "`threshold`"),
    ("strategist", "`strategist`"),
)


def declared_games(agent: str, opponent: str) -> int:
    """The batch size fixed in ``rl_baselines.sh`` / ``rl_mcts.sh`` before the batch ran."""
    if agent == "mcts":
        return 8
    if opponent == "random":
        return 200 if agent == "shipped" else 100
    return 100 if opponent == "threshold" else 24


def agent_won(game: dict) -> bool:
    if "mcts_seat" in game:
        return game["winner"] == game["mcts_seat"]
    agent_seat = -game["rotation"] % len(game["seats"])
    return game["winner"] == agent_seat


def read_games(path: Path) -> list[dict]:
    games = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            games.append(json.loads(line))
        except json.JSONDecodeError as error:
            raise SystemExit(f"{path}:{number}: not a JSON line ({error.msg})") from None
    return games


def cell(raw: Path, agent: str, opponent: str) -> str:
    if agent == opponent:
        return "25% by symmetry"
    declared = declared_games(agent, opponent)
    path = raw / f"rl-{agent}-vs-{opponent}.jsonl"
    games = read_games(path) if path.exists() else []
    if not games:
        return f"not measured ({declared} declared)"
    wins = sum(agent_won(game) for game in games)
    low, high = wilson_interval(wins, len(games))
    partial = "" if len(games) >= declared else f" (of {declared} declared)"
    return (f"{wins}/{len(games)}{partial}: **{100 * wins / len(games):.1f}%** "
            f"[{100 * low:.1f}, {100 * high:.1f}]")


def table(raw: Path) -> str:
    lines = ["| agent in one seat | against three `random` | three `threshold` | three `strategist` |",
             "|---|---|---|---|"]
    for agent, name in AGENTS:
        lines.append(f"| {name} | " + " | ".join(cell(raw, agent, opponent) for opponent in OPPONENTS)
                     + " |")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    if len(argv) > 1:
        raise SystemExit("usage: python lab/scripts/rl_table.py [RAW_DIR]")
    raw = Path(argv[0]) if argv else ROOT / "lab" / "results" / "raw"
    if not raw.is_dir():
        raise SystemExit(f"{raw}: no such folder (python lab/scripts/results.py extract rl)")
    print(table(raw))


if __name__ == "__main__":
    main(sys.argv[1:])
