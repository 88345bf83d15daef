"""The scenes of the window: menu, game, dialogs (overlays on the game) and game over."""
