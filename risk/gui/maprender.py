"""Drawing the board: sea, continents, territories in their owners' colours, badges, routes.

:class:`MapView` fits the map into a rectangle of the window and keeps the layers that only
change when the window is resized (sea with continent halos, borders and coasts, sea routes,
continent labels, worked out by :mod:`risk.gui.maplayers`) apart from the fill that changes with
ownership, which is redrawn only when an owner changes. A map with its own picture (an imported
Domination map, :mod:`risk.gui.mapart`) is drawn on that picture: each territory tinted in its
owner's colour over the author's drawing, which keeps its own lines and routes. Drawing reads the
owners and armies it is given and changes nothing.
"""

from __future__ import annotations

import math

import numpy as np
import pygame
from scipy import ndimage

from risk.gui import maplayers, theme
from risk.gui.badges import badge_radius_for, draw_shape, ui_for
from risk.gui.geometry import MapGeometry
from risk.gui.mapcolours import continent_colours, on_sea
from risk.gui.maplabels import draw_name, place_names
from risk.gui.mapzoom import Zooming

#: How much of the owner's colour covers a territory on the author's picture (the rest shows
#: the picture: its names, its lines, its relief).
PICTURE_TINT = 0.5
#: Layers of at most this many pixels are worked out at twice their resolution for smooth lines.
SUPERSAMPLED_PIXELS = 1_200_000


class MapView(Zooming):
    """The map fitted into a screen rectangle (zoomed and panned on a big map: :class:`Zooming`)."""

    def __init__(self, board, geometry: MapGeometry | None = None):
        from risk.gui.geocache import geometry_for

        self.board = board
        self.geometry = geometry or geometry_for(board)
        self.art = self.geometry.art
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.map_rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.start_zooming()
        self._fill_key = None
        self._fill: pygame.Surface | None = None
        self._regions: dict[tuple, tuple[pygame.Surface, tuple[int, int]]] = {}
        self.neutral = -1
        declared = [theme.rgb(c.color, (0, 0, 0)) if c.color else None for c in board.continents]
        #: Each continent's colour: the map's own, made distinct where two are too alike.
        self.continent_colours = continent_colours(declared)

    # -- fitting -----------------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        """Fit the map into ``rect`` at the zoom asked for (rebuilding the static layers if the
        size changed): all of it at zoom 1, else the part round ``focus``."""
        rect = pygame.Rect(rect)
        if rect == self.rect and not self._rezoomed:
            return
        self.rect, self._rezoomed = rect, False
        w_map, h_map = self.geometry.size
        fit = self.fit = min(rect.width / w_map, rect.height / h_map)
        self._settle_zoom(fit)
        scale = fit * self.zoom
        width, height = max(2, int(w_map * scale)), max(2, int(h_map * scale))
        self.scale = scale
        self.ui = ui_for(scale)
        self.map_rect = pygame.Rect(0, 0, width, height)
        focus = self.focus or (w_map / 2, h_map / 2)
        self._place(rect.centerx - focus[0] * scale, rect.centery - focus[1] * scale)
        self._build(width, height)

    def to_screen(self, x: float, y: float) -> tuple[int, int]:
        return (int(self.map_rect.x + x * self.scale), int(self.map_rect.y + y * self.scale))

    def to_map(self, sx: float, sy: float) -> tuple[float, float]:
        return ((sx - self.map_rect.x) / self.scale, (sy - self.map_rect.y) / self.scale)

    def territory_at(self, pos) -> int | None:
        """The territory under a screen point, or None."""
        if not self.map_rect.collidepoint(pos) or not self.rect.collidepoint(pos):
            return None
        col, row = pos[0] - self.map_rect.x, pos[1] - self.map_rect.y
        if 0 <= row < self.labels.shape[0] and 0 <= col < self.labels.shape[1]:
            t = int(self.labels[row, col])
            if t >= 0:
                return t
        return self.geometry.territory_at(*self.to_map(*pos))

    def centre(self, t: int) -> tuple[int, int]:
        """The screen point of territory ``t``'s badge (inside the territory)."""
        return self.to_screen(*self.geometry.centres[t])

    # -- static layers -----------------------------------------------------------------------------

    def _build(self, width: int, height: int) -> None:
        board = self.board
        geometry = self.geometry
        # Lines are drawn at twice the resolution and averaged down, for smooth edges; a big
        # zoomed map is drawn at its own resolution (its lines are as thick as they are long).
        k = 2 if width * height <= SUPERSAMPLED_PIXELS else 1
        if self.art is None and all(shape is not None for shape in board.shapes):
            fine = geometry.raster(k * width, k * height)
        else:
            fine = _resample(geometry.labels, k * width, k * height)
        labels = fine[::k, ::k]
        self.labels = labels
        land = labels >= 0
        self._land = land
        continent_of = np.array(board.continent_of + (-1,), dtype=np.int16)
        halo_colours = np.array([on_sea(c) for c in self.continent_colours] + [(0, 0, 0)], dtype=np.float32)
        if self.art is not None:
            picture = pygame.transform.smoothscale(self.art.picture, (width, height))
            self._base = pygame.surfarray.array3d(picture).transpose(1, 0, 2).astype(np.float32)
            self._shade = np.ones(labels.shape, dtype=np.float32)
            self.lines = pygame.Surface((width, height), pygame.SRCALPHA)  # the picture has its own
        else:
            self._base = maplayers.sea(land, labels, continent_of, halo_colours, theme.SEA, theme.SEA_DEEP, self.ui)
            self._shade = maplayers.shading(labels, self.ui)
            self.lines = pygame.Surface((width, height), pygame.SRCALPHA)
            self.lines.fill((*theme.BORDER, 0))
            pygame.surfarray.pixels_alpha(self.lines)[:] = maplayers.line_alpha(fine, continent_of, k).T
            self._draw_sea_routes(self.lines)
        self._tile = ((np.arange(height) % 8)[:, None], (np.arange(width) % 8)[None, :])
        self._labels_safe = np.where(land, labels, 0)
        self._boxes = ndimage.find_objects(labels.astype(np.int32) + 1, max_label=len(board))
        centres = [(int(x * self.scale), int(y * self.scale)) for x, y in geometry.centres]
        self._continent_labels = self._place_continent_labels(land, labels, continent_of, centres)
        blocked = [pygame.Rect(pos, label.get_size()) for label, pos in self._continent_labels]
        self.name_labels = place_names(board.names, centres, self.badge_radius(), max(9, int(11 * self.ui)),
                                       pygame.Rect(0, 0, width, height), blocked)
        self._fill_key = None
        self._regions.clear()

    def _draw_sea_routes(self, surface: pygame.Surface) -> None:
        """Dashed lines across the water; a route that wraps round the map edge leaves by two stubs."""
        w_map = self.board.size[0]
        colour = (225, 232, 240, 200)
        for route in self.geometry.routes:
            a, b = sorted(route)
            (ax, ay), (bx, by) = self.geometry.centres[a], self.geometry.centres[b]
            if abs(ax - bx) > w_map / 2:
                shift = w_map if ax < bx else -w_map
                self._dashes(surface, (ax, ay), (bx - shift, by), colour, a, b)
                self._dashes(surface, (bx, by), (ax + shift, ay), colour, b, a)
            else:
                self._dashes(surface, (ax, ay), (bx, by), colour, a, b)

    def _dashes(self, surface, start, end, colour, a, b) -> None:
        x0, y0 = start[0] * self.scale, start[1] * self.scale
        x1, y1 = end[0] * self.scale, end[1] * self.scale
        length = math.hypot(x1 - x0, y1 - y0)
        steps = max(2, int(length))
        h, w = self.labels.shape
        dash, gap = max(4, int(6 * self.ui)), max(3, int(4 * self.ui))
        run = 0
        previous = None
        for i in range(steps + 1):
            x = x0 + (x1 - x0) * i / steps
            y = y0 + (y1 - y0) * i / steps
            col, row = int(x), int(y)
            inside = 0 <= row < h and 0 <= col < w
            over_sea = inside and self.labels[row, col] < 0
            if not inside:
                break
            if over_sea:
                if run % (dash + gap) < dash and previous is not None:
                    pygame.draw.line(surface, colour, previous, (x, y), max(1, int(2 * self.ui)))
                run += 1
                previous = (x, y)
            else:
                previous = None

    def _place_continent_labels(self, land, labels, continent_of, centres):
        """Each continent's name and bonus in the sea close to it (:func:`maplayers.label_spot`),
        clear of the badges at ``centres`` and of each other."""
        out = []
        size = max(11, int(15 * self.ui))
        owner_of = np.where(land, continent_of[np.where(land, labels, 0)], -1)
        taken = np.zeros(land.shape, dtype=bool)
        r = self.badge_radius() + 2
        for x, y in centres:
            taken[max(0, y - r):y + r, max(0, x - r):x + r] = True
        sums: dict = {}
        for index, continent in enumerate(self.board.continents):
            text = f"{continent.name} +{continent.bonus}"
            colour = theme.mix(on_sea(self.continent_colours[index]), (255, 255, 255), 0.35)
            label = theme.render(text, size, colour, bold=True, outline=(10, 14, 20))
            spot = maplayers.label_spot(land, owner_of, index, label.get_size(), taken, sums)
            if spot is None:
                continue
            lw, lh = label.get_size()
            taken[spot[1]:spot[1] + lh, spot[0]:spot[0] + lw] = True
            out.append((label, spot))
        return out

    # -- per frame -------------------------------------------------------------------------------

    def _filled(self, owners: tuple[int, ...]) -> pygame.Surface:
        """The map's pixels with every territory in its owner's colour. When a few territories
        change hands only their boxes are painted again: a conquest on a big map costs little."""
        if owners == self._fill_key and self._fill is not None:
            return self._fill
        old = self._fill_key
        changed = None if old is None or self._fill is None else [t for t, (a, b) in enumerate(zip(old, owners)) if a != b]
        if changed is None or len(changed) > max(4, len(owners) // 8):
            image = self._paint(owners, np.s_[:, :])
            self._fill = pygame.surfarray.make_surface(image.transpose(1, 0, 2))
        else:
            pixels = pygame.surfarray.pixels3d(self._fill)
            for t in changed:
                box = self._boxes[t] if t < len(self._boxes) else None
                if box is None:
                    continue
                mine = self.labels[box] == t
                painted = self._paint(owners, box)
                area = pixels[box[1], box[0]]
                area[mine.T] = painted.transpose(1, 0, 2)[mine.T]
            del pixels  # releases the surface's lock
        self._fill_key = owners
        return self._fill

    def _paint(self, owners: tuple[int, ...], box) -> np.ndarray:
        """The pixels of ``box`` (rows, columns of the map) with each territory in its owner's
        colour and pattern, over the sea or the author's picture: an (h, w, 3) uint8 array."""
        board = self.board
        names = list(theme.PATTERNS)
        colours, patterns = [], []
        for t, owner in enumerate(owners):
            if owner < 0:
                colour = theme.mix(self.continent_colours[board.continent_of[t]], (235, 230, 220), 0.55)
            else:
                colour = theme.mix(theme.owner_colour(owner, self.neutral), (255, 255, 255), 0.08)
            colours.append(colour)
            patterns.append(names.index(theme.owner_pattern(owner, self.neutral)))
        table = np.array(colours, dtype=np.float32)
        pattern_tiles = np.array([[[ch == "#" for ch in row] for row in theme.PATTERNS[name]] for name in names])
        safe = self._labels_safe[box]
        base = self._base[box]
        pix = table[safe]
        marks = pattern_tiles[np.array(patterns)[safe], self._tile[0][box[0]], self._tile[1][:, box[1]]]
        pix *= np.where(marks, 0.82, 1.0)[..., None]
        if self.art is not None:
            # The author's picture under a wash of the owner's colour; unowned land as drawn.
            tint = np.where(np.array(owners) >= 0, PICTURE_TINT, 0.0).astype(np.float32)[safe][..., None]
            pix = base * (1 - tint) + pix * tint
        else:
            pix *= self._shade[box][..., None]
        out = np.where(self._land[box][..., None], pix, base)
        return np.clip(out, 0, 255).astype(np.uint8)

    def continent_label_rects(self) -> list[pygame.Rect]:
        """Where the continent labels sit on the screen."""
        return [pygame.Rect(self.map_rect.x + x, self.map_rect.y + y, *label.get_size())
                for label, (x, y) in self._continent_labels]

    def name_rects(self) -> dict[int, pygame.Rect]:
        """Where each territory's name sits on the screen (territories whose name found no free
        spot are missing)."""
        return {n.territory: n.rect.move(self.map_rect.topleft) for n in self.name_labels}

    def draw(self, surface: pygame.Surface, owners, armies, *, names: bool = True,
             selected=(), targets=(), hovered: int | None = None, dimmed=(), overlay=None,
             keep_clear=()) -> None:
        """The board with ``owners`` and ``armies``; highlight sets are territory ids. Continent
        labels that would fall under a ``keep_clear`` rectangle are left out. Only the part of the
        map in view is drawn (all of it unless zoomed in)."""
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip))
        try:
            self._draw(surface, owners, armies, names, selected, targets, hovered, dimmed, overlay, keep_clear)
        finally:
            surface.set_clip(clip)

    def _draw(self, surface, owners, armies, names, selected, targets, hovered, dimmed, overlay, keep_clear) -> None:
        surface.blit(self._filled(tuple(owners)), self.map_rect.topleft)
        for t in dimmed:
            self._blit_region(surface, t, "shade", (10, 12, 18, 110))
        if hovered is not None:
            self._blit_region(surface, hovered, "fill", (255, 255, 255, 60))
        surface.blit(self.lines, self.map_rect.topleft)
        for (label, _), rect in zip(self._continent_labels, self.continent_label_rects()):
            if rect.collidelist(list(keep_clear)) < 0:
                surface.blit(label, rect)
        pulse = 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 180.0)
        for t in targets:
            self._blit_region(surface, t, "outline", (*theme.TARGET, int(150 + 100 * pulse)))
        for t in selected:
            self._blit_region(surface, t, "outline", (255, 255, 255, 255))
        if overlay is not None:
            overlay(surface)
        seen = self.rect.inflate(4 * self.badge_radius(), 4 * self.badge_radius())
        for t in range(len(self.board)):
            if seen.collidepoint(self.centre(t)):
                self.draw_badge(surface, t, owners[t], armies[t], emphasis=t in selected)
        if names:
            for name in self.name_labels:
                if seen.colliderect(name.rect.move(self.map_rect.topleft)):
                    draw_name(surface, name, self.map_rect.topleft)

    def badge_radius(self) -> int:
        return badge_radius_for(self.ui)

    def draw_badge(self, surface, t: int, owner: int, armies: int, emphasis: bool = False) -> None:
        x, y = self.centre(t)
        radius = self.badge_radius() + (2 if emphasis else 0)
        if owner < 0:
            pygame.draw.circle(surface, (60, 60, 66), (x, y), max(3, radius // 3))
            return
        colour = theme.owner_colour(owner, self.neutral)
        draw_shape(surface, theme.owner_shape(owner, self.neutral), (x, y), radius, colour,
                   outline=(255, 255, 255) if emphasis else (20, 20, 24))
        text = theme.render(str(armies), max(10, int(radius * 1.15)), theme.text_colour_on(colour), bold=True)
        surface.blit(text, text.get_rect(center=(x, y + 1)))

    def _blit_region(self, surface, t: int, kind: str, colour) -> None:
        key = (t, kind, colour)
        cached = self._regions.get(key)
        if cached is None:
            if len(self._regions) > 600:
                self._regions.clear()
            cached = self._region_surface(t, kind, colour)
            self._regions[key] = cached
        image, offset = cached
        surface.blit(image, (self.map_rect.x + offset[0], self.map_rect.y + offset[1]))

    def _region_surface(self, t: int, kind: str, colour):
        rows, cols = np.nonzero(self.labels == t)
        if not len(rows):
            return pygame.Surface((1, 1), pygame.SRCALPHA), (0, 0)
        pad = 4
        top, left = max(rows.min() - pad, 0), max(cols.min() - pad, 0)
        bottom, right = min(rows.max() + pad + 1, self.labels.shape[0]), min(cols.max() + pad + 1, self.labels.shape[1])
        region = self.labels[top:bottom, left:right] == t
        if kind == "outline":
            thick = max(2, int(2.5 * self.ui))
            outer = ndimage.binary_dilation(region, iterations=max(1, thick // 2))
            inner = ndimage.binary_erosion(region, iterations=thick)
            mask = outer & ~inner
        else:
            mask = region
        image = pygame.Surface((right - left, bottom - top), pygame.SRCALPHA)
        image.fill((*colour[:3], 0))
        pygame.surfarray.pixels_alpha(image)[:] = (mask * colour[3]).astype(np.uint8).T
        return image, (left, top)


def _resample(labels: np.ndarray, width: int, height: int) -> np.ndarray:
    h, w = labels.shape
    rows = np.minimum((np.arange(height) + 0.5) * h / height, h - 1).astype(int)
    cols = np.minimum((np.arange(width) + 0.5) * w / width, w - 1).astype(int)
    return labels[rows[:, None], cols[None, :]]
