"""Import of Domination's ``.map`` format (also read by several other Risk clones).

The format is plain text in sections; ``;`` starts a comment::

    [continents]
    North_America 5 yellow          name, bonus, colour
    [countries]
    1 Alaska 1 45 67                number, name, continent number, x, y
    [borders]
    1 2 4 30                        a country number, then the numbers of its neighbours

Underscores in names stand for spaces. Borders listed in one direction only are made two-way,
with a warning for each. A ``name Tube Map`` line before the sections is the map's name. If the
``[files]`` section names a cards file (``crd world.cards``) that sits beside the map, its
symbols are used (``Infantry 1``, ``Cavalry 2``, ``Cannon 3``); otherwise symbols are dealt in
turn so that each appears equally often.

If it names the map's picture (``pic tube_pic.png``) and its colour-index image (``map
tube_map.gif``: each pixel's grey value is the number of the country under it, 255 none), and
both sit beside the map, the imported map keeps them as its ``picture`` (the two file names and
the country numbers in territory order, ``codes``) and takes the index image's size as its own:
the window then shows the map on its author's picture (:mod:`risk.gui.mapart`). The images are
not decoded here, only their sizes read from their headers.
"""

from __future__ import annotations

import io
import struct
from pathlib import Path
from typing import Any

from risk.board import CARD_SYMBOLS, board_from_dict
from risk.colours import hex_colour, parse_colour
from risk.errors import MapError
from risk.files import read_bounded, read_bytes
from risk.schema import MAP, MAX_MAP_BYTES

#: A Domination number (a bonus, a country, a coordinate) has at most this many digits; the
#: checks against the map schema then bound its value.
_MAX_DIGITS = 9
_MAX_COUNTRIES = MAP.fields["territories"].max_len

_SYMBOLS = {"infantry": "infantry", "cavalry": "cavalry", "cannon": "artillery", "artillery": "artillery"}

#: The largest picture or index image taken, in pixels a side and in bytes.
MAX_IMAGE_SIDE = 8192
MAX_IMAGE_BYTES = 32 << 20


def _shown(line: str) -> str:
    """A line as an error message quotes it: cut short, since a line may be megabytes long."""
    return line if len(line) <= 60 else line[:57] + "..."


def _name(token: str) -> str:
    return token.replace("_", " ").strip()


def _int(token: str) -> int:
    """A whole number of at most nine digits; ValueError otherwise (as ``int`` gives)."""
    if len(token.lstrip("+-")) > _MAX_DIGITS:
        raise ValueError(token)
    return int(token)


def _read_text(path: Path, what: str) -> str:
    # Domination's files are often Latin-1: undecodable bytes become U+FFFD, not an error.
    return read_bounded(path, MAX_MAP_BYTES, MapError, what, decode_errors="replace")


def read_domination(path: str | Path) -> tuple[dict[str, Any], list[str]]:
    """Read a Domination map; returns the map in this program's format and the warnings.

    Raises :class:`MapError` with the file and line for anything it cannot read.
    """
    path = Path(path)
    text = _read_text(path, "map file")
    if not text.strip():
        raise MapError("the file is empty", str(path))

    where = str(path)
    section = None
    seen_sections: set[str] = set()
    files: dict[str, str] = {}
    title: str | None = None
    continents: list[dict[str, Any]] = []
    countries: dict[int, dict[str, Any]] = {}
    country_lines: dict[int, int] = {}
    borders: dict[int, list[int]] = {}
    border_lines: dict[int, int] = {}
    warnings: list[str] = []

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split(";", 1)[0].strip()
        if not line:
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
            seen_sections.add(section)
            continue
        parts = line.split()
        if section is None and parts[0].lower() == "name" and len(parts) >= 2:
            title = " ".join(parts[1:])[:200]
        elif section == "files":
            if len(parts) >= 2:
                files[parts[0].lower()] = " ".join(parts[1:])
        elif section == "continents":
            if len(parts) < 2:
                raise MapError(f"a continent line needs a name and a bonus: '{_shown(line)}'", where, number)
            try:
                bonus = _int(parts[1])
            except ValueError:
                raise MapError(f"continent {_shown(_name(parts[0]))!r} has a bonus that is not a whole number: "
                               f"'{_shown(parts[1])}'", where, number) from None
            entry: dict[str, Any] = {"name": _name(parts[0]), "bonus": bonus}
            if len(parts) >= 3:
                # Written as hex, so that any program reading the map draws it.
                colour = parse_colour(parts[2])
                if colour is None:
                    warnings.append(f"line {number}: continent {_name(parts[0])!r} has colour "
                                    f"'{_shown(parts[2])}', which is not a known colour; left to the window")
                else:
                    entry["color"] = hex_colour(colour)
            continents.append(entry)
        elif section == "countries":
            if len(parts) < 3:
                raise MapError(f"a country line needs a number, a name and a continent number: '{_shown(line)}'",
                               where, number)
            try:
                cid, continent = _int(parts[0]), _int(parts[2])
                x, y = (_int(parts[3]), _int(parts[4])) if len(parts) >= 5 else (0, 0)
            except ValueError:
                raise MapError(f"a country line has a non-number where a number belongs: '{_shown(line)}'",
                               where, number) from None
            if cid in countries:
                raise MapError(f"country number {cid} appears twice", where, number)
            if len(countries) >= _MAX_COUNTRIES:
                raise MapError(f"more than {_MAX_COUNTRIES} countries", where, number)
            if not 1 <= continent <= len(continents):
                raise MapError(f"country {_shown(_name(parts[1]))!r} names continent {continent}, but there are "
                               f"{len(continents)} continents", where, number)
            countries[cid] = {"name": _name(parts[1]), "continent": continents[continent - 1]["name"],
                              "pos": [x, y]}
            country_lines[cid] = number
        elif section == "borders":
            try:
                ids = [_int(p) for p in parts]
            except ValueError:
                raise MapError(f"a border line must be country numbers: '{_shown(line)}'", where, number) from None
            for cid in ids:
                if cid not in countries:
                    raise MapError(f"border line names country {cid}, which is not listed", where, number)
            borders.setdefault(ids[0], []).extend(ids[1:])
            border_lines[ids[0]] = number

    for needed in ("continents", "countries", "borders"):
        if needed not in seen_sections:
            raise MapError(f"missing the [{needed}] section (is this a Domination .map file?)", where)
    if not countries:
        raise MapError("the [countries] section is empty", where)

    symbols = _read_cards(path, files.get("crd"), countries, warnings)
    ordered = sorted(countries)
    for index, cid in enumerate(ordered):
        countries[cid]["card"] = symbols.get(cid, CARD_SYMBOLS[index % 3])

    pairs: set[tuple[int, int]] = set()
    for a, neighbours in borders.items():
        for b in neighbours:
            if a == b:
                raise MapError(f"country {_shown(countries[a]['name'])!r} borders itself", where, border_lines[a])
            pairs.add((a, b))
    border_list = []
    for a, b in sorted(pairs):
        if (b, a) not in pairs:
            warnings.append(f"border {countries[a]['name']} -> {countries[b]['name']} is listed one way "
                            "only; made two-way")
        if a < b or (b, a) not in pairs:
            border_list.append([countries[a]["name"], countries[b]["name"]])

    xs = [c["pos"][0] for c in countries.values()]
    ys = [c["pos"][1] for c in countries.values()]
    data = {
        "format": "markov-risk-map",
        "version": 1,
        "name": title or path.stem.replace("_", " "),
        "description": f"Imported from the Domination map {path.name}",
        "size": [max(xs) + 40, max(ys) + 40],
        "continents": continents,
        "territories": [countries[cid] for cid in ordered],
        "borders": border_list,
    }
    picture = _picture(path, files, warnings)
    if picture is not None:
        data["size"] = picture.pop("size")
        data["picture"] = {**picture, "codes": ordered}
    board_from_dict(data, path=where)  # the same checks as any map: names, continents, connectivity
    return data, warnings


def _read_cards(map_path: Path, cards_name: str | None, countries: dict[int, dict[str, Any]],
                warnings: list[str]) -> dict[int, str]:
    if not cards_name:
        return {}
    cards_path = map_path.parent / cards_name
    # Only a file beside the map: the map cannot make the program read anything elsewhere.
    if Path(cards_name).name != cards_name or not cards_path.is_file():
        warnings.append(f"cards file {cards_name} not found beside the map; card symbols dealt in turn")
        return {}
    symbols: dict[int, str] = {}
    for raw in _read_text(cards_path, "cards file").splitlines():
        parts = raw.split(";", 1)[0].split()
        if (len(parts) >= 2 and parts[0].lower() in _SYMBOLS and parts[1].isdigit()
                and len(parts[1]) <= _MAX_DIGITS):
            cid = int(parts[1])
            if cid in countries:
                symbols[cid] = _SYMBOLS[parts[0].lower()]
    return symbols


def companion_files(path: str | Path) -> list[Path]:
    """The files a Domination map's [files] section names (its picture, index image, cards file)
    that sit beside it: what goes with the map when it is copied. Names with a folder in them are
    left out, as the importer leaves them."""
    path = Path(path)
    out = []
    section = None
    for raw in _read_text(path, "map file").splitlines():
        line = raw.split(";", 1)[0].strip()
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
        elif section == "files":
            parts = line.split(None, 1)
            if len(parts) == 2 and parts[0].lower() in ("pic", "map", "crd"):
                name = parts[1].strip()
                found = path.parent / name
                if Path(name).name == name and found.is_file() and found not in out:
                    out.append(found)
    return out


def _picture(map_path: Path, files: dict[str, str], warnings: list[str]) -> dict[str, Any] | None:
    """The map's picture and index image (``image``, ``index`` and their ``size``) when the
    [files] section names both and both sit beside the map, of one size; None otherwise (with a
    warning saying why, when the section names them)."""
    image, index = files.get("pic"), files.get("map")
    if not image or not index:
        return None
    sizes = []
    for name, what in ((image, "picture"), (index, "index image")):
        found = map_path.parent / name
        if Path(name).name != name or not found.is_file():
            warnings.append(f"{what} {name} not found beside the map; the map is drawn from its positions")
            return None
        try:
            sizes.append(read_image(found, what)[1])
        except ValueError as exc:
            warnings.append(f"{what} {name}: {exc}; the map is drawn from its positions")
            return None
    if sizes[0] != sizes[1]:
        warnings.append(f"the picture is {sizes[0][0]}x{sizes[0][1]} but the index image {sizes[1][0]}x"
                        f"{sizes[1][1]}; the picture is fitted to the index image")
    return {"image": image, "index": index, "size": list(sizes[1])}


def read_image(path: Path, what: str = "picture") -> tuple[bytes, tuple[int, int]]:
    """The bytes of a PNG, GIF or JPEG image and its (width, height), read from its header
    through the bounded reader (a pipe, a device or a link to one is refused, never waited on);
    ValueError naming what is wrong for any other file, or an image larger than
    :data:`MAX_IMAGE_SIDE` a side or :data:`MAX_IMAGE_BYTES`."""
    data = read_bytes(path, MAX_IMAGE_BYTES, what, lambda message, name: ValueError(message))
    head = data[:32]
    if head.startswith(b"\x89PNG\r\n\x1a\n") and head[12:16] == b"IHDR":
        width, height = struct.unpack(">II", head[16:24])
    elif head[:6] in (b"GIF87a", b"GIF89a"):
        width, height = struct.unpack("<HH", head[6:10])
    elif head.startswith(b"\xff\xd8"):
        width, height = _jpeg_size(io.BytesIO(data))
    else:
        raise ValueError("not a PNG, GIF or JPEG image")
    if not (0 < width <= MAX_IMAGE_SIDE and 0 < height <= MAX_IMAGE_SIDE):
        raise ValueError(f"{width}x{height} pixels (1 to {MAX_IMAGE_SIDE} a side allowed)")
    return data, (width, height)


def _jpeg_size(stream) -> tuple[int, int]:
    """The size in a JPEG's start-of-frame segment, walking the segments from the start."""
    stream.seek(2)
    while True:
        marker = stream.read(2)
        if len(marker) < 2 or marker[0] != 0xFF:
            raise ValueError("a JPEG image without a readable frame header")
        kind = marker[1]
        if kind in (0xD8, 0x01) or 0xD0 <= kind <= 0xD7:
            continue  # markers without a length
        length_bytes = stream.read(2)
        if len(length_bytes) < 2:
            raise ValueError("a JPEG image cut short")
        length = struct.unpack(">H", length_bytes)[0]
        if 0xC0 <= kind <= 0xCF and kind not in (0xC4, 0xC8, 0xCC):
            frame = stream.read(5)
            if len(frame) < 5:
                raise ValueError("a JPEG image cut short")
            height, width = struct.unpack(">HH", frame[1:5])
            return width, height
        if length < 2:
            raise ValueError("a JPEG image with a broken segment")
        stream.seek(length - 2, 1)
