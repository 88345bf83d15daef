"""Which bots to offer: resolved at run time from the registry (bots appear as they are written)."""

from __future__ import annotations

#: After the strongest bot measured (:data:`ai.registry.STRONGEST`, which Expert plays), the bots
#: that give hints when it is not installed, strongest first.
BEST_BOTS = ("mcts", "markov", "threshold", "angry")


def registered_bots() -> list[str]:
    """The registered bot names, even if one bot module fails to import."""
    from ai.registry import available

    return available(skip_broken=True)


def best_bot() -> str:
    """The bot that gives hints: the strongest installed, the one Expert plays (its time per
    turn, well within a person's patience, is in docs/strength.md)."""
    from ai.registry import STRONGEST

    names = registered_bots()
    for name in (STRONGEST, *BEST_BOTS):
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
