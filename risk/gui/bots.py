"""Which bots to offer: resolved at run time from the registry (bots appear as they are written)."""

from __future__ import annotations

BEST_BOTS = ("mcts", "markov", "threshold", "angry")


def registered_bots() -> list[str]:
    """The registered bot names, even if one bot module fails to import."""
    from ai.registry import available

    return available(skip_broken=True)


def best_bot() -> str:
    """The bot that gives hints: the first of mcts, markov, threshold, angry that exists."""
    names = registered_bots()
    for name in BEST_BOTS:
        if name in names:
            return name
    return "random"


def default_bots(count: int) -> list[str]:
    """Bots for ``count`` seats: mcts, markov, threshold when registered, the rest (or all) angry."""
    names = registered_bots()
    best = [name for name in ("mcts", "markov", "threshold") if name in names]
    fill = "angry" if "angry" in names else "random"
    out = best[:count]
    while len(out) < count:
        out.append(fill)
    return out
