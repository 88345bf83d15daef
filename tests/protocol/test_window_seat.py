"""A bot program as a seat in the window (headless: SDL's dummy drivers, see conftest.py)."""

import sys

from tests.support.gui import game, quick_config, start, until

SERVED_ANGRY = f"cmd:{sys.executable} -m risk.protocol.serve angry"


def test_a_served_bot_plays_a_whole_game_in_the_window_as_the_bot_itself_would():
    from risk.gui.scenes.gameover import GameOverScene

    app = start(quick_config(bots_only=True, bots=[SERVED_ANGRY, "angry", "angry"], seed=4))
    scene = game(app)
    until(app, lambda: app.find(GameOverScene) is not None, limit=20000)
    state = scene.state
    assert state.is_terminal() and state.end_reason == "conquest"
    notes = [line.text for line in scene.session.log if line.kind == "note"]
    assert not notes, f"the bot program failed and a random move was played instead: {notes}"
    program = scene.session.match.agents[0]
    assert program.pid is not None and program._process is None  # stopped at the game's end
    # the same game as three in-process angry bots (seed 4: conquest in 19 turns)
    assert state.turn == 19
