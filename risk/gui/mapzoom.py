"""Zoom and pan for a map bigger than the window: what :class:`~risk.gui.maprender.MapView`
adds to fitting a map into a rectangle.

At zoom 1 all of the map is in view; zooming in draws the whole map bigger (its layers rebuilt at
the next layout) and shows the part round ``focus``; panning moves it, as far as it has more to
show, without rebuilding anything. A map is offered zoom only when it can be shown well bigger
than fitted: a big generated world, not the classic map or a Domination picture.
"""

from __future__ import annotations

import numpy as np

from risk.gui.badges import badge_radius_for, ui_for

#: Zooming in goes no further than the map's own units a pixel (a generated world's territory
#: is then about a hundred pixels across), nor past this many pixels for the whole map's layers.
MAX_SCALE = 1.0
MAX_LAYER_PIXELS = 3_000_000
#: A map is offered zoom only when it can be shown at least this much bigger than fitted.
ZOOM_WORTH = 1.3
#: One step of zooming in or out.
ZOOM_STEP = 1.25
#: The usual distance between neighbouring badges, in pixels, at which most names find a place.
NAME_ROOM = 32


class Zooming:
    """Zoom and pan state and moves; the class using it has ``rect`` (the view), ``map_rect``
    (where the whole map is drawn), ``scale``, ``geometry``, ``to_map`` and ``centre``."""

    def start_zooming(self) -> None:
        #: How many times bigger than fitted the map is shown (1: all of it), up to ``max_zoom``;
        #: ``focus``: the map point at the middle of the view (None: the map's middle).
        self.zoom = 1.0
        self.max_zoom = 1.0
        self.focus: tuple[float, float] | None = None
        self.fit = 1.0  # the scale at which all of the map fits the view
        self._legible_first = False  # the first layout picks the zoom at which badges stand apart
        self._rezoomed = False  # a zoom waits for the next layout

    def _settle_zoom(self, fit: float) -> None:
        """The zooms possible at ``fit`` (the scale showing all of the map), and the zoom taken."""
        w_map, h_map = self.geometry.size
        self.max_zoom = max(1.0, min(MAX_SCALE / fit, (MAX_LAYER_PIXELS / (w_map * h_map * fit * fit)) ** 0.5))
        if self.max_zoom < ZOOM_WORTH:
            self.max_zoom = 1.0
        if self._legible_first:
            self._legible_first = False
            self.zoom = self._legible_zoom(fit)
        self.zoom = max(1.0, min(self.zoom, self.max_zoom))

    def open_legibly(self) -> None:
        """At the next :meth:`layout`, show the map as big as it takes for no army badge to cover
        another (all of it when they all stand apart fitted; a big world a part at a time)."""
        self._legible_first = True

    def _legible_zoom(self, fit: float) -> float:
        """The least zoom (in steps of :data:`ZOOM_STEP`) at which the badges of nearly every two
        neighbouring territories stand apart (the closest 1% are let be), and the usual gap
        between them leaves room for names (:data:`NAME_ROOM`)."""
        from scipy.spatial import cKDTree

        centres = np.array(self.geometry.centres, dtype=float)
        if len(centres) < 2:
            return 1.0
        gaps, _ = cKDTree(centres).query(centres, k=2)
        closest, usual = float(np.quantile(gaps[:, 1], 0.01)), float(np.median(gaps[:, 1]))
        zoom = 1.0
        while zoom < self.max_zoom:
            scale = fit * zoom
            if closest * scale >= 2 * badge_radius_for(ui_for(scale)) + 2 and usual * scale >= NAME_ROOM:
                break
            zoom = min(self.max_zoom, zoom * ZOOM_STEP)
        return zoom

    @property
    def zoomable(self) -> bool:
        """Whether the map can be shown bigger than fitted (a map bigger than the window)."""
        return self.max_zoom > 1.0

    def zoom_by(self, steps: int, about=None) -> bool:
        """Zoom in (``steps`` > 0) or out by :data:`ZOOM_STEP` a step, keeping the map point under
        the screen point ``about`` (default: the view's middle) where it is; 0 steps: all of the
        map. The layers are rebuilt at the next :meth:`layout` (several zooms before it add up).
        False when nothing changes."""
        zoom = 1.0 if steps == 0 else max(1.0, min(self.max_zoom, self.zoom * ZOOM_STEP ** steps))
        if abs(zoom - self.zoom) < 1e-9:
            return False
        about = about if about is not None and self.rect.collidepoint(about) else self.rect.center
        w_map, h_map = self.geometry.size
        focus = self.focus or (w_map / 2, h_map / 2)
        before, after = self.fit * self.zoom, self.fit * zoom
        # The map point under ``about`` as the view stands (or will stand, if a zoom waits) ...
        x = focus[0] + (about[0] - self.rect.centerx) / before
        y = focus[1] + (about[1] - self.rect.centery) / before
        # ... stays under it: the point at the middle after the zoom.
        self.focus = (x - (about[0] - self.rect.centerx) / after, y - (about[1] - self.rect.centery) / after)
        self.zoom = zoom
        self._rezoomed = True
        return True

    def pan_by(self, dx: float, dy: float) -> None:
        """Move the map ``dx``, ``dy`` pixels on the screen, as far as it has more to show."""
        self._place(self.map_rect.x + dx, self.map_rect.y + dy)

    def show(self, t: int, margin: int = 40) -> None:
        """Pan so that territory ``t``'s badge is in view (with ``margin`` round it)."""
        x, y = self.centre(t)
        inner = self.rect.inflate(-2 * margin, -2 * margin)
        dx = inner.left - x if x < inner.left else inner.right - x if x > inner.right else 0
        dy = inner.top - y if y < inner.top else inner.bottom - y if y > inner.bottom else 0
        if dx or dy:
            self.pan_by(dx, dy)

    def _place(self, x: float, y: float) -> None:
        """Put the map's top left at (x, y), kept so that the map covers the view where it is
        bigger, and centred where it is smaller; ``focus`` follows."""
        rect, width, height = self.rect, self.map_rect.width, self.map_rect.height
        x = rect.x + (rect.width - width) // 2 if width <= rect.width else min(rect.x, max(rect.right - width, x))
        y = rect.y + (rect.height - height) // 2 if height <= rect.height else min(rect.y, max(rect.bottom - height, y))
        self.map_rect.topleft = (int(round(x)), int(round(y)))
        if self.scale > 0:
            self.focus = self.to_map(*rect.center)

    def visible(self, t: int) -> bool:
        return self.rect.collidepoint(self.centre(t))
