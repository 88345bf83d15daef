"""An imported map's own picture and colour-index image, as its author drew them.

A Domination map names its picture (``pic``) and its index image (``map``) in its [files]
section; the importer keeps both names and the country numbers as the map's ``picture`` (see
:mod:`risk.domination`). Here they are found beside the map's file (or in the player's maps
folder, see :func:`risk.gui.mapfiles.picture_folders`) and read: the index image gives every
pixel's territory (its grey value is a country's number), which is what a click hits and what is
tinted in the owner's colour; the picture is drawn under it all. The files are the map's, so
they are read as plain names beside it, as regular files only, within
:data:`risk.domination.MAX_IMAGE_SIDE` a side (from their headers, before pygame decodes them).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pygame

from risk.domination import read_image


@dataclass
class MapArt:
    """The picture (``picture``, a pygame surface the size of the map), the territory of every
    pixel (``labels``, -1 where there is none) and that size (``size``, in map units: pixels)."""

    picture: pygame.Surface
    labels: np.ndarray
    size: tuple[float, float]


def find_art(board) -> tuple[MapArt | None, str | None]:
    """(the map's art, None) when it has a picture whose files are at hand; (None, why not) when
    they cannot be used; (None, None) for a map without a picture."""
    from risk.gui.mapfiles import picture_folders

    entry = board.source.get("picture") if isinstance(board.source, dict) else None
    if not isinstance(entry, dict):
        return None, None
    names = entry.get("image"), entry.get("index")
    codes = entry.get("codes")
    if not all(isinstance(name, str) and name and Path(name).name == name for name in names):
        return None, "the map's picture names a file elsewhere than beside the map"
    if not isinstance(codes, list) or len(codes) != len(board):
        return None, "the map's picture does not number every territory"
    for folder in picture_folders(board):
        image, index = folder / names[0], folder / names[1]
        if image.exists() and index.exists():  # a pipe or a device there is named, not skipped
            try:
                return read_art(image, index, codes), None
            except (ValueError, OSError, pygame.error) as exc:
                return None, f"the map's picture ({names[0]}, {names[1]}) cannot be read: {exc}"
    return None, f"the map's picture ({names[0]}, {names[1]}) is not beside the map"


def read_art(image: Path, index: Path, codes: list[int]) -> MapArt:
    """The art from the picture file ``image`` and the index file ``index``, whose grey value
    ``codes[t]`` marks territory ``t``. ValueError for an image too large or of the wrong kind."""
    index_data, (width, height) = read_image(index, "index image")
    image_data, _ = read_image(image)  # refused before decoding when it is too large
    index_surface = pygame.image.load(io.BytesIO(index_data), index.name)
    if index_surface.get_size() != (width, height):
        raise ValueError(f"{index.name} is not the size its header says")
    labels = _index_labels(index_surface, codes)
    picture = pygame.image.load(io.BytesIO(image_data), image.name)
    if picture.get_size() != (width, height):
        picture = pygame.transform.smoothscale(picture.convert(32), (width, height))
    return MapArt(picture.convert(32) if picture.get_bitsize() != 32 else picture, labels,
                  (float(width), float(height)))


def _index_labels(surface: pygame.Surface, codes: list[int]) -> np.ndarray:
    """Territory of every pixel of an index image: its grey value (an 8-bit image's palette
    entry, else its red channel), looked up in ``codes``."""
    if surface.get_bitsize() == 8:
        palette = np.array([colour[0] for colour in surface.get_palette()] + [0] * 256, dtype=np.int32)[:256]
        grey = palette[pygame.surfarray.array2d(surface).T]
    else:
        grey = pygame.surfarray.array_red(surface.convert(32)).T.astype(np.int32)
    lookup = np.full(256, -1, dtype=np.int16)
    for territory, code in enumerate(codes):
        if isinstance(code, int) and 0 <= code < 255:
            lookup[code] = territory
    return lookup[grey]
