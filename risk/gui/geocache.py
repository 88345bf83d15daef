"""The geometry of a map, worked out once and kept: what makes a map open fast the second time.

A map given by positions only (a Domination map without its pictures, say) is drawn as cells
worked out from its positions (:mod:`risk.gui.geometry`): a fraction of a second, worth keeping.
The result is stored as a compressed numpy file named by the map's content
(:func:`risk.gui.mapfiles.content_key`, with :data:`VERSION`), beside the map's file when that
folder is writable and not the program's own, else in the window's cache folder
(:func:`risk.gui.mapfiles.cache_dir`). A changed map has another name, so a stale file is never
read; a file that cannot be read is worked out again. A map with a picture or with shapes for
every territory is quick to work out and is not stored. The files are read and written through
:mod:`risk.files`: bounded, regular files only, a whole file or none.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np

from risk.errors import FileError
from risk.files import read_bytes, write_atomically
from risk.gui import mapfiles
from risk.gui.geometry import MapGeometry

#: Changes whenever the geometry of the same map would come out differently.
VERSION = 2
#: A stored geometry larger than this is not this program's: it is worked out again instead.
MAX_STORED_BYTES = 64 << 20


def geometry_for(board) -> MapGeometry:
    """The geometry of ``board``: on its picture when it has one at hand, else from its shapes,
    else read from the cache or worked out and stored there. ``geometry.art_problem`` says why a
    picture the map names could not be used (None otherwise); ``geometry.cached`` whether it was
    read from a file."""
    from risk.gui.mapart import find_art

    art, problem = find_art(board)
    geometry = _stored_or_built(board, art)
    geometry.art_problem = problem
    return geometry


def is_quick(board) -> bool:
    """Whether the geometry of ``board`` is quick to work out: shapes for every territory, or a
    picture the map names (read from its files; they may still turn out not to be at hand)."""
    return "picture" in board.source or all(shape is not None for shape in board.shapes)


def _stored_or_built(board, art) -> MapGeometry:
    if art is not None or all(shape is not None for shape in board.shapes):
        geometry = MapGeometry(board, art=art)
        geometry.cached = False
        return geometry
    places = cache_files(board)
    for path in places:
        geometry = _read(board, path)
        if geometry is not None:
            geometry.cached = True
            return geometry
    geometry = MapGeometry(board)
    geometry.cached = False
    for path in places:
        if _write(geometry, path):
            break
    return geometry


def cache_files(board) -> list[Path]:
    """Where the geometry of ``board`` is kept, in the order tried: beside the map's file, then
    in the cache folder."""
    name = f"{mapfiles.content_key(board)[:24]}.v{VERSION}.geometry.npz"
    found = mapfiles.map_file(board)
    places = []
    if found is not None and not mapfiles.is_bundled(found):
        places.append(found.parent / f".{found.name}.{name}")
    places.append(mapfiles.cache_dir() / name)
    return places


def _read(board, path: Path) -> MapGeometry | None:
    try:
        data = read_bytes(path, MAX_STORED_BYTES, "stored map geometry")
        with np.load(io.BytesIO(data), allow_pickle=False) as stored:
            labels, scale = stored["labels"], float(stored["scale"])
            centres, routes = stored["centres"], stored["routes"]
    except (FileError, OSError, ValueError, KeyError, EOFError):
        return None
    count = len(board)
    expected = (int(round(board.size[1] * scale)), int(round(board.size[0] * scale)))
    if (labels.dtype != np.int16 or labels.shape != expected or centres.shape != (count, 2)
            or routes.ndim != 2 or routes.shape[1:] != (2,) or (routes.size and (routes.min() < 0 or routes.max() >= count))
            or labels.size and (labels.min() < -1 or labels.max() >= count)):
        return None  # not this map's: work it out again
    return MapGeometry.restored(board, labels, scale, centres.tolist(), routes.tolist())


def _write(geometry: MapGeometry, path: Path) -> bool:
    """Store ``geometry`` through the safe writer (a whole file or none, never over anything but
    a regular file); False when it cannot be written there (the next place is tried)."""
    buffer = io.BytesIO()
    np.savez_compressed(buffer, **geometry.arrays())
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, buffer.getvalue())
    except (FileError, OSError):
        return False
    return True
