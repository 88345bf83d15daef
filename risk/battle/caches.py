"""Every module-level cache of the battle package, and of the bots' odds, in one registry.

A cache registers itself where it is declared: :func:`register` returns what it is given, so it
wraps a declaration (``_TABLES = register({})``) or decorates an ``functools.lru_cache``.
:func:`clear_caches` then empties every one of them, to bound memory or to time a cold start;
nothing that is cached changes a result, so clearing never changes a game.
"""

from __future__ import annotations

from typing import TypeVar

C = TypeVar("C")

_REGISTRY: list[object] = []


def register(cache: C) -> C:
    """Add ``cache`` (a dict, a :class:`~risk.battle.sampling.SamplerCache`, or a function wrapped by
    ``functools.lru_cache``) to the caches :func:`clear_caches` empties; returns it unchanged.

    Raises :class:`TypeError` for anything that cannot be cleared.
    """
    if not (callable(getattr(cache, "cache_clear", None)) or callable(getattr(cache, "clear", None))):
        raise TypeError(f"{cache!r} cannot be cleared, so it cannot be registered as a cache")
    _REGISTRY.append(cache)
    return cache


def registered_caches() -> tuple[object, ...]:
    """Every registered cache, in the order the modules declared them."""
    return tuple(_REGISTRY)


def cache_size(cache: object) -> int:
    """How many entries ``cache`` holds now (battles for a sampler cache)."""
    info = getattr(cache, "cache_info", None)
    if info is not None:
        return info().currsize
    return len(cache)  # type: ignore[arg-type]


def clear_caches() -> None:
    """Forget every solved table, distribution and sampler (to bound memory, or to time a cold
    start)."""
    for cache in _REGISTRY:
        clear = getattr(cache, "cache_clear", None) or cache.clear  # type: ignore[attr-defined]
        clear()
