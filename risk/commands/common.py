"""Argument types shared by the subcommands: each rejects a bad value with one clear line.

They live in :mod:`risk.options` (the tournament library uses them too, and must not import the
command line); this module keeps their old home.
"""

from __future__ import annotations

from risk.options import (fraction, non_negative_float, non_negative_int, output_file, png_file,
                          positive_float, positive_int, seed_value)

__all__ = ["fraction", "non_negative_float", "non_negative_int", "output_file", "png_file",
           "positive_float", "positive_int", "seed_value"]
