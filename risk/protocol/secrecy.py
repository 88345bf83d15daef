"""What a bot program is told in place of anything derived from the game's seed.

The game's seed decides the deal, every die and the deck order: a program that learned it, or
anything computed from it alone, would know every card and mission to come, since it can compute
that value for seed after seed until one matches (a seed a person types, or a 31-bit one, is found
in seconds). So no message carries it: ``new_game`` names the game by a random id
(:func:`game_id`), and the seed of the program's own random source (:func:`program_seed`) is the
seat's seed passed through a keyed hash whose key this referee process draws from the operating
system and never sends. A program gets a seed it can use, the same for the same game and seat
within one referee process, and learns nothing of the deal from it.
"""

from __future__ import annotations

import hashlib
import secrets

#: Drawn once per referee process; never written anywhere.
_KEY = secrets.token_bytes(32)


def game_id(count: int) -> str:
    """A new game's id for ``new_game``: random, so that it says nothing about the game, then
    ``-count``, the number of games the bot has been sent (``-1`` for its first)."""
    return f"{secrets.token_hex(8)}-{count}"


def program_seed(seat_seed: int | None) -> int | None:
    """The seed a program's own random source gets in ``new_game`` (an unsigned 64-bit number;
    None for an unseeded game): a keyed hash of the seat's seed, unrelated to the deal for anyone
    without this process's key."""
    if seat_seed is None:
        return None
    digest = hashlib.blake2b(str(seat_seed).encode(), key=_KEY, digest_size=8).digest()
    return int.from_bytes(digest, "big")
