"""Pictures of a game for the RL environments: a text board (``ansi``) and the window's map drawn
off-screen (``rgb_array``, through pygame's dummy video driver: no window opens)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from risk.board import Board
    from risk.state import GameState

#: The picture's size in pixels (width, height), about the classic map's proportions.
PICTURE_SIZE = (960, 600)


def text_board(state: "GameState") -> str:
    """The game as text: whose turn and phase, then each continent's territories with owner
    (``P1``.., ``N`` for the neutral army) and armies, then each player's cards and armies."""
    board = state.board
    lines = [f"turn {state.turn}  phase {state.phase.label}  player {state.player + 1} to play"
             + (f"  (player {state.current_player + 1} decides)" if state.current_player not in (-1, state.player)
                else "")]
    if state.pool:
        lines[0] += f"  pool {state.pool}"
    for continent in board.continents:
        cells = [f"{board.slugs[t]} {_owner(state, t)}:{state.armies[t]}" for t in continent.members]
        lines.append(f"{continent.name} (+{continent.bonus}): " + ", ".join(cells))
    for seat in range(state.players):
        status = "" if state.alive[seat] else " (out)"
        lines.append(f"P{seat + 1}{status}: {state.count[seat]} territories, {state.total_armies(seat)} armies, "
                     f"{len(state.hands[seat])} cards")
    outcome = state.outcome()
    if outcome is not None:
        lines.append(f"game over ({outcome.reason}): places " + " ".join(
            f"P{seat + 1}={place}" for seat, place in enumerate(outcome.places)))
    return "\n".join(lines)


def _owner(state: "GameState", t: int) -> str:
    owner = state.owner[t]
    if owner < 0:
        return "-"
    return "N" if owner == state.neutral else f"P{owner + 1}"


class MapPicture:
    """Draws positions of games on ``board`` into an RGB array (height x width x 3, uint8)."""

    def __init__(self, board: "Board", size: tuple[int, int] = PICTURE_SIZE):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        from risk.gui import theme
        from risk.gui.maprender import MapView

        pygame.display.init()
        pygame.font.init()
        if pygame.display.get_surface() is None:
            pygame.display.set_mode((1, 1))  # convert() and fonts need a display, even a dummy one
        self.board = board
        self._pygame = pygame
        self._theme = theme
        self.surface = pygame.Surface(size)
        self.view = MapView(board)
        self.view.layout(self.surface.get_rect())

    def draw(self, state: "GameState") -> np.ndarray:
        self.view.neutral = state.neutral
        self.surface.fill(self._theme.SEA_DEEP)
        highlighted = [t for t in (state.attack_source, state.attack_target) if t >= 0] \
            if state.phase.name == "OCCUPY" else []
        self.view.draw(self.surface, state.owner, state.armies, selected=highlighted)
        pixels = self._pygame.surfarray.array3d(self.surface)  # (width, height, 3)
        return np.ascontiguousarray(pixels.transpose(1, 0, 2), dtype=np.uint8)

    def close(self) -> None:
        """Nothing to release but the surface (the dummy display stays for other pictures)."""
        self.surface = None
