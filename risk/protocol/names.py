"""How the protocol names things: territories and continents by slug, players by seat number.

:func:`encode_map` is the map ``new_game`` sends: the map file's own fields, unchanged (a bot
written against the file format keeps working, and ``board_from_dict`` reads it back), with what
a bot needs to name things as every other message does added to each entry: a territory's
``slug``, ``continent_slug``, effective ``card`` symbol and ``neighbours`` by slug (sea routes
included: a sea route is a border), a continent's ``slug`` and ``territories`` by slug.

:func:`seat_names` names the players in the texts a bot is sent (an event's ``text``, a mission)
by the same numbers as every field: ``Seat 0``, ``Seat 1``, ..., and ``Neutral``.

>>> from risk.board import load_map
>>> sent = encode_map(load_map())
>>> alaska = sent["territories"][0]
>>> alaska["slug"], alaska["continent_slug"], alaska["neighbours"]
('alaska', 'north-america', ['northwest-territory', 'alberta', 'kamchatka'])
>>> sent["continents"][1]["slug"], sent["continents"][1]["territories"]
('south-america', ['venezuela', 'peru', 'brazil', 'argentina'])
"""

from __future__ import annotations

from typing import Any

from risk.board import CARD_SYMBOLS, Board, slugify


def continent_slugs(board: Board) -> list[str]:
    """Each continent's slug, unique on the map: the slug of its name (``south-america``); a
    name with no letter or digit reads ``continent``, and a slug already taken by an earlier
    continent gets ``-2``, ``-3``, ... (the map format keeps continent names unique, not their
    slugs)."""
    slugs: list[str] = []
    for continent in board.continents:
        base = slugify(continent.name) or "continent"
        slug, count = base, 1
        while slug in slugs:
            count += 1
            slug = f"{base}-{count}"
        slugs.append(slug)
    return slugs


def encode_map(board: Board) -> dict[str, Any]:
    """The map as ``new_game`` sends it (its JSON Schema is new_game's ``map`` in
    docs/protocol.schema.json)."""
    source = board.to_dict()
    slugs = board.slugs
    continents = continent_slugs(board)
    added = {
        "continents": [
            _with(entry, slug=continents[index], territories=[slugs[t] for t in continent.members])
            for index, (entry, continent) in enumerate(zip(source["continents"], board.continents))],
        "territories": [
            _with(entry, slug=slugs[t], continent_slug=continents[board.continent_of[t]],
                  card=CARD_SYMBOLS[board.cards[t]], neighbours=[slugs[n] for n in board.neighbours[t]],
                  sea_neighbours=[slugs[n] for n in board.neighbours[t] if frozenset((t, n)) in board.sea_routes])
            for t, entry in enumerate(source["territories"])],
    }
    return {key: added.get(key, value) for key, value in source.items()}


def _with(entry: dict[str, Any], **added: Any) -> dict[str, Any]:
    """A map file's entry with the ``added`` fields: ``name`` and ``slug`` lead (for whoever reads
    the JSON), and an added field wins over a field of the same name the file happens to carry."""
    out = {"name": entry["name"], "slug": added["slug"]}
    out.update((key, value) for key, value in entry.items() if key not in added)
    out.update(added)
    return out


def seat_names(players: int, neutral: int | None) -> list[str]:
    """The players' names in the texts a bot is sent: ``Seat N`` for seat N, ``Neutral`` for
    the neutral army's owner number (``players`` in a 2-player game with the neutral)."""
    names = [f"Seat {seat}" for seat in range(players)]
    if neutral is not None and neutral >= 0:
        names.append("Neutral")
    return names
