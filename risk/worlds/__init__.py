"""A world generator: new maps worth playing, the same for the same seed on every machine.

>>> from risk.worlds import generate, generate_board
>>> board = generate_board(42, seed=7)
>>> len(board), len(board.continents)
(42, 6)

:func:`generate` returns the map as a dict in the file format (docs/map-format.md), which
``risk map generate`` writes; :func:`generate_board` compiles it into a :class:`~risk.board.Board`.
The stages, one module each: :mod:`~risk.worlds.land` draws the landmass, :mod:`~risk.worlds.regions`
carves it into territories, :mod:`~risk.worlds.outline` traces their polygons and the coastlines,
:mod:`~risk.worlds.graph` finds the borders and sea lanes, makes continents whole and sets their
bonuses, :mod:`~risk.worlds.names` names everything; :mod:`~risk.worlds.world` puts them together.
"""

from __future__ import annotations

from risk.worlds.land import STYLES
from risk.worlds.world import GENERATOR_VERSION, WorldError, default_continents, generate

__all__ = ["GENERATOR_VERSION", "STYLES", "WorldError", "default_continents", "generate", "generate_board"]


def generate_board(territories: int, continents: int | None = None, seed: int = 0, style: str = "continents"):
    """:func:`generate`, compiled and checked as any map file is (a :class:`~risk.board.Board`)."""
    from risk.board import board_from_dict

    return board_from_dict(generate(territories, continents, seed, style))
