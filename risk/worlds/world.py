"""A whole world: the landmass, its territories and outlines, the graph, names and colours, as
a map in this program's file format (docs/map-format.md)."""

from __future__ import annotations

from typing import Any

from risk.board import CARD_SYMBOLS
from risk.errors import MapError
from risk.worlds.graph import bonus, crossings, gates, sea_lanes, whole_continents
from risk.worlds.land import STYLES, RetryDraw, draw_land
from risk.worlds.names import Namer
from risk.worlds.outline import trace
from risk.worlds.rand import WorldRandom
from risk.worlds.regions import carve, label_points, touching

#: Changes whenever the same arguments would draw a different world.
GENERATOR_VERSION = 1
#: Map units per grid cell (the classic map is 1000 x 600 for 42 territories; a generated world
#: of that size comes out about as large).
UNIT = 10
SMALLEST, LARGEST = 8, 1000
#: Tries of one seed before giving up; each try is a fixed function of the seed.
_ATTEMPTS = 12

#: Continent colours: light and saturated enough to stand out on the dark sea, far apart in hue.
PALETTE = ("#d9b44a", "#c8644b", "#5a9ad8", "#6aa05a", "#b97cc8", "#4fb3a8", "#e0895a", "#a7b84a",
           "#d46f95", "#7f8fe0", "#c9a27a", "#5fc27a", "#e0c070", "#9a7fd0", "#d05a5a", "#70b8d8")


class WorldError(MapError):
    """The generator's arguments are out of range, or no world could be drawn from the seed."""


def default_continents(territories: int) -> int:
    """About the square root of the territories: 6 for the classic 42, 18 for 400."""
    return max(2, min(territories // 3, int(0.9 * territories ** 0.5 + 0.5)))


def check(territories: Any, continents: Any, seed: Any, style: Any) -> tuple[int, int, int, str]:
    """The arguments as the generator takes them, or a :class:`WorldError` naming what is wrong."""
    for name, value in (("territories", territories), ("seed", seed)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise WorldError(f"{name} must be a whole number, not {value!r}")
    if not SMALLEST <= territories <= LARGEST:
        raise WorldError(f"a world has {SMALLEST} to {LARGEST} territories, not {territories}")
    if seed < 0:
        raise WorldError(f"the seed must be 0 or more, not {seed}")
    if continents is None:
        continents = default_continents(territories)
    if isinstance(continents, bool) or not isinstance(continents, int):
        raise WorldError(f"continents must be a whole number, not {continents!r}")
    if not 1 <= continents <= territories // 2:
        raise WorldError(f"{territories} territories make 1 to {territories // 2} continents "
                         f"(two territories each at least), not {continents}")
    if style not in STYLES:
        raise WorldError(f"unknown style {style!r}; choose one of: {', '.join(STYLES)}")
    return territories, continents, seed, style


def generate(territories: int, continents: int | None = None, seed: int = 0,
             style: str = "continents") -> dict[str, Any]:
    """A new world as a map dict (what ``risk map generate`` writes), the same for the same
    arguments on every machine. Raises :class:`WorldError` for arguments out of range."""
    territories, continents, seed, style = check(territories, continents, seed, style)
    for attempt in range(_ATTEMPTS):
        try:
            return _draw(territories, continents, seed, style, attempt)
        except RetryDraw:
            continue
    raise WorldError(f"no world of {territories} territories in {continents} continents came out of seed "
                     f"{seed} ({style}); try another seed")


def _draw(territories: int, continents: int, seed: int, style: str, attempt: int) -> dict[str, Any]:
    def stream(number: int) -> WorldRandom:
        return WorldRandom(seed, 16 * attempt + number)

    land = draw_land(territories, continents, style, stream(1), stream(2).word())
    regions = carve(land, territories, stream(3))
    label = regions.label
    polygons, coasts = trace(label, territories)
    borders = list(touching(label))
    lanes = sea_lanes(territories, borders, crossings(label), regions.continent_of)
    neighbours: list[list[int]] = [[] for _ in range(territories)]
    for a, b in borders + lanes:
        neighbours[a].append(b)
        neighbours[b].append(a)
    continent_of = whole_continents(regions.continent_of, neighbours, continents)
    points = label_points(label, territories)

    # Territories listed by continent, then top to bottom and left to right.
    order = sorted(range(territories), key=lambda t: (continent_of[t], points[t][1], points[t][0]))
    namer = Namer(stream(4))
    tongues = [namer.tongue() for _ in range(continents)]
    continent_names = [namer.name(tongue, 2) for tongue in tongues]
    names = [""] * territories
    for t in order:
        names[t] = namer.name(tongues[continent_of[t]])
    symbols = [CARD_SYMBOLS[i % 3] for i in range(territories)]
    stream(5).shuffle(symbols)

    members = [[t for t in order if continent_of[t] == c] for c in range(continents)]
    world_name = namer.name(namer.tongue(), 2)
    return {
        "format": "markov-risk-map",
        "version": 1,
        "name": world_name,
        "description": (f"A generated world: {territories} territories in {continents} continents, "
                        f"style {style}, seed {seed} (risk map generate)."),
        "generator": {"version": GENERATOR_VERSION, "territories": territories, "continents": continents,
                      "seed": seed, "style": style},
        "size": [land.width * UNIT, land.height * UNIT],
        "continents": [{"name": continent_names[c], "bonus": bonus(len(members[c]),
                                                                   gates(members[c], continent_of, neighbours)),
                        "color": PALETTE[c % len(PALETTE)]} for c in range(continents)],
        "territories": [{"name": names[t], "continent": continent_names[continent_of[t]],
                         "card": symbols[i], "pos": _scaled((points[t][0] + 0.5, points[t][1] + 0.5)),
                         "shape": [_scaled(p) for p in polygons[t]]}
                        for i, t in enumerate(order)],
        "borders": [[names[a], names[b]] for a, b in sorted(_renumbered(borders + lanes, order))],
        "sea_routes": [[names[a], names[b]] for a, b in sorted(_renumbered(lanes, order))],
        "coastlines": [[_scaled(p) for p in ring] for ring in coasts],
    }


def _renumbered(pairs: list[tuple[int, int]], order: list[int]) -> list[tuple[int, int]]:
    """Pairs in the file's order of territories (each pair listed lower first)."""
    rank = {t: i for i, t in enumerate(order)}
    out = []
    for a, b in pairs:
        if rank[a] > rank[b]:
            a, b = b, a
        out.append((a, b))
    return sorted(out, key=lambda ab: (rank[ab[0]], rank[ab[1]]))


def _scaled(point: tuple[float, float]) -> list[float | int]:
    """A grid point in map units, rounded to a tenth (written as an int when whole)."""
    out: list[float | int] = []
    for value in point:
        v = round(value * UNIT, 1)
        out.append(int(v) if v == int(v) else v)
    return out
