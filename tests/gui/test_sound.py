"""Sounds: generated, short, the most important event's, off by default and toggled with M."""

from __future__ import annotations

import pygame

from risk.gui.app import PlayConfig

from tests.support.gui import press, start


def test_sounds_are_generated_short_and_in_range():
    from risk.gui import sound

    made = sound.samples()
    assert set(made) == {"dice", "conquest", "elimination"}
    for wave in made.values():
        assert 0.05 * sound.RATE < len(wave) < 1.5 * sound.RATE
        assert abs(wave).max() <= 0.8 + 1e-9 and abs(wave).max() > 0.5


def test_the_most_important_event_makes_the_sound():
    from risk.events import DiceRolled, PlayerEliminated, TerritoryConquered
    from risk.gui import sound

    dice = DiceRolled.__new__(DiceRolled)
    conquest = TerritoryConquered.__new__(TerritoryConquered)
    gone = PlayerEliminated.__new__(PlayerEliminated)
    assert sound.sound_for([dice]) == "dice"
    assert sound.sound_for([dice, conquest]) == "conquest"
    assert sound.sound_for([dice, conquest, gone]) == "elimination"
    assert sound.sound_for([]) is None


def test_sound_is_off_by_default_and_m_toggles_it(data_folder):
    from risk.gui import sound

    sound.set_enabled(False)
    app = start(PlayConfig(menu=True, speed="max"))
    assert not sound.enabled()
    press(app, pygame.K_m)
    assert app.toast is not None and app.toast[0].startswith("Sound")
    assert sound.enabled() == app.toast[0].startswith("Sound on")
    sound.play("dice")  # with or without a device: no error
    press(app, pygame.K_m)
    assert not sound.enabled()
