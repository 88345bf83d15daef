"""``lab/scripts/dom_bridge_specs.py``: the bot's CPU time added to each game's results line.

The harness's bridge (``py/dom_bridge.py`` of the sparring folder) is stood in for by a module of
the same shape, so that the test needs neither the harness nor Java."""

from __future__ import annotations

import json
import sys
import types

from study_scripts import load_script


class Agent:
    def __init__(self):
        self.decided = 0

    def act(self, view):
        self.decided += 1
        return sum(range(20_000))  # some CPU time to count


def stand_in_bridge() -> types.ModuleType:
    bridge = types.ModuleType("dom_bridge")

    class Seat:
        def __init__(self, spec, seed):
            self.spec, self.agent = spec, Agent()

    class Bridge:
        def __init__(self):
            self.seats = {}

        def handle(self, message):
            if message["type"] == "new_game":
                self.seats = {0: Seat("strategist", 1), 2: Seat("mcts", 2)}
                return "ok"
            if message["type"] == "game_over":
                return json.dumps({"asked": sum(s.agent.decided for s in self.seats.values()), "bot_seconds": 0.5})
            return "attack 1 2"

    bridge.Seat, bridge.Bridge, bridge.make_agent = Seat, Bridge, lambda spec: spec
    return bridge


def test_each_games_results_carry_the_cpu_time_inside_its_bots_decisions(monkeypatch):
    monkeypatch.setitem(sys.modules, "dom_bridge", stand_in_bridge())
    specs = load_script("dom_bridge_specs")
    specs.count_bot_cpu()
    bridge = specs.dom_bridge.Bridge()
    assert bridge.handle({"type": "new_game"}) == "ok"
    for seat in bridge.seats.values():
        for _ in range(3):
            seat.agent.act(None)
    assert bridge.handle({"type": "decide"}) == "attack 1 2"
    stats = json.loads(bridge.handle({"type": "game_over"}))
    assert stats["asked"] == 6 and stats["bot_seconds"] == 0.5
    assert stats["bot_cpu_seconds"] == round(sum(s.cpu_seconds for s in bridge.seats.values()), 4)
    assert all(s.cpu_seconds > 0 for s in bridge.seats.values())
    # A new game starts its seats, and their clocks, afresh
    bridge.handle({"type": "new_game"})
    assert json.loads(bridge.handle({"type": "game_over"}))["bot_cpu_seconds"] == 0.0
