"""Small sounds made at run time with numpy (no sound files): dice, a conquest, an elimination.

Off by default. :func:`set_enabled` turns them on (the new-game screen's setting, remembered
with the other choices); the M key toggles them (:func:`toggle`). Without a sound device
they stay silent: turning them on then reports False and nothing else changes.
"""

from __future__ import annotations

import numpy as np

RATE = 22050

_state = {"enabled": False, "sounds": None, "failed": False, "remembered": False}


def _envelope(n: int, attack: float = 0.005, decay: float = 6.0) -> np.ndarray:
    t = np.arange(n) / RATE
    rise = np.clip(t / attack, 0, 1)
    return rise * np.exp(-decay * t)


def _tone(freq: float, seconds: float, decay: float = 6.0, harmonics=(1.0, 0.35, 0.12)) -> np.ndarray:
    n = int(RATE * seconds)
    t = np.arange(n) / RATE
    wave = sum(a * np.sin(2 * np.pi * freq * (k + 1) * t) for k, a in enumerate(harmonics))
    return wave * _envelope(n, decay=decay)


def _clicks(count: int, seed: int) -> np.ndarray:
    """Dice on a table: a few short knocks of filtered noise, unevenly spaced."""
    rng = np.random.default_rng(seed)
    out = np.zeros(int(RATE * 0.32))
    at = 0
    for _ in range(count):
        n = int(RATE * 0.035)
        noise = rng.standard_normal(n)
        knock = np.convolve(noise, np.ones(6) / 6, mode="same") * _envelope(n, 0.001, 90.0)
        knock += 0.6 * _tone(rng.uniform(700, 1100), n / RATE, decay=80.0)[:n]
        end = min(len(out), at + n)
        out[at:end] += knock[:end - at]
        at += int(RATE * rng.uniform(0.03, 0.07))
    return out


def samples() -> dict[str, np.ndarray]:
    """Every sound as floats in [-1, 1] (mono, :data:`RATE` per second)."""
    dice = _clicks(4, seed=3)
    notes = [523.25, 659.25, 783.99, 1046.5]  # C E G C: a rising fanfare
    conquest = np.concatenate([_tone(f, 0.09 if i < 3 else 0.3, decay=8.0) for i, f in enumerate(notes)])
    elimination = np.concatenate([_tone(f, 0.22, decay=5.0) for f in (392.0, 311.1, 261.6, 196.0)])
    out = {"dice": dice, "conquest": conquest, "elimination": elimination}
    return {name: 0.8 * wave / max(1e-9, np.abs(wave).max()) for name, wave in out.items()}


def _load() -> dict | None:
    """Make the pygame sounds once the mixer is up; None when there is no sound device."""
    if _state["sounds"] is not None or _state["failed"]:
        return _state["sounds"]
    import pygame

    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=RATE, size=-16, channels=1)
        frequency, _, channels = pygame.mixer.get_init()
        sounds = {}
        for name, wave in samples().items():
            if frequency != RATE:
                wave = np.interp(np.arange(int(len(wave) * frequency / RATE)) * RATE / frequency,
                                 np.arange(len(wave)), wave)
            pcm = (wave * 32767).astype(np.int16)
            if channels > 1:
                pcm = np.repeat(pcm[:, None], channels, axis=1)
            sounds[name] = pygame.sndarray.make_sound(np.ascontiguousarray(pcm))
        _state["sounds"] = sounds
    except (pygame.error, ValueError, TypeError):
        _state["failed"] = True
    return _state["sounds"]


def enabled() -> bool:
    return _state["enabled"]


def set_enabled(on: bool) -> bool:
    """Turn the sounds on or off; returns whether they are on (False without a sound device)."""
    _state["enabled"] = bool(on) and _load() is not None
    return _state["enabled"]


def remember(on: bool) -> None:
    """Take the remembered setting once, when the window opens (M and the new-game screen
    change it afterwards)."""
    if not _state["remembered"]:
        _state["remembered"] = True
        set_enabled(on)


def toggle() -> bool:
    return set_enabled(not _state["enabled"])


def play(name: str) -> None:
    if not _state["enabled"]:
        return
    sounds = _load()
    if sounds and name in sounds:
        sounds[name].play()


def sound_for(events) -> str | None:
    """The one sound a batch of events makes: the most important of them."""
    from risk.events import BlitzResolved, DiceRolled, PlayerEliminated, TerritoryConquered

    kinds = {type(e) for e in events}
    if PlayerEliminated in kinds:
        return "elimination"
    if TerritoryConquered in kinds:
        return "conquest"
    if DiceRolled in kinds or BlitzResolved in kinds:
        return "dice"
    return None


def play_events(events) -> None:
    """The sound of what just happened in the game, if sounds are on."""
    if _state["enabled"]:
        name = sound_for(events)
        if name is not None:
            play(name)
