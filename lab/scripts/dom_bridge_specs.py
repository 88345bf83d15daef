"""The sparring harness's bridge (``py/dom_bridge.py``, imported from SPARRING, unchanged) with
two additions:

- a bot spec may separate its parameters with ``;`` instead of ``,``, because DomBridge splits
  its ``--seats`` list at every comma (``ext:strategist:leaf=end;fortify=leaf``);
- with ``DOM_TRAJECTORY=FILE``, one JSON line per game start (``{"first": true}`` when the
  project's seat claims, and so plays, first) and one at the start of each of its turns (every
  seat's territories, armies and cards, the next set's value), for seeing how games are won and
  lost (``lab/scripts/dom_trajectories.py`` reads it);
- with ``DOM_PHASE_LOG=FILE``, one JSON line each time the project's seat enters a phase of its
  turn (``{"turn", "state", "armies", "territories", "cards"}``, its own; a ``{"game": true}``
  line at each game's claims), to tell the armies it spends attacking from those it loses
  defending (``lab/scripts/dom_losses.py`` reads it);
- every game's results line carries ``agent.bot_cpu_seconds``, the CPU time (``time.process_time``)
  inside the bot's decisions, beside the harness's wall-clock ``bot_seconds``, to set against
  Domination's Hard timed the same way in the same games (``HARD_CPU=1`` of ``dom_vs_hard.sh``).

    python lab/scripts/dom_bridge_specs.py --maps MAPS   (as py/dom_bridge.py)
"""

import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.environ.get("SPARRING", "/work/shared/sparring/domination"), "py"))

import dom_bridge  # noqa: E402  (found on the path set just above)

_make_agent = dom_bridge.make_agent
dom_bridge.make_agent = lambda spec: _make_agent(spec.replace(";", ","))


def count_bot_cpu() -> None:
    """Time each seat's ``agent.act`` in CPU seconds and add the game's sum to its results line."""
    seat_init, handle = dom_bridge.Seat.__init__, dom_bridge.Bridge.handle

    def timed_seat(self, *args, **kwargs):
        seat_init(self, *args, **kwargs)
        act, self.cpu_seconds = self.agent.act, 0.0

        def timed_act(view):
            start = time.process_time()
            try:
                return act(view)
            finally:
                self.cpu_seconds += time.process_time() - start

        self.agent.act = timed_act

    def handle_with_cpu(self, message: dict) -> str:
        answer = handle(self, message)
        if message["type"] != "game_over":
            return answer
        stats = json.loads(answer)
        stats["bot_cpu_seconds"] = round(sum(seat.cpu_seconds for seat in self.seats.values()), 4)
        return json.dumps(stats, separators=(",", ":"))

    dom_bridge.Seat.__init__ = timed_seat
    dom_bridge.Bridge.handle = handle_with_cpu


def log_trajectory(path: str) -> None:
    out = open(path, "a")
    decide = dom_bridge.Bridge.decide
    last = {"turn": None, "claiming": False}

    def write(record: dict) -> None:
        out.write(json.dumps(record) + "\n")
        out.flush()

    def logged(self, m: dict) -> str:
        if not m["setup_done"]:
            claimed = sum(1 for _, owner, _ in m["countries"] if owner >= 0)
            if not last["claiming"] and claimed < len(m["players"]):
                last["claiming"] = True
                write({"first": claimed == 0})
        else:
            last["claiming"] = False
            if m["state"] in (dom_bridge.TRADE_CARDS, dom_bridge.PLACE_ARMIES) and m["turn"] != last["turn"]:
                last["turn"] = m["turn"]
                players = len(m["players"])
                territories, armies = [0] * players, [0] * players
                for _, owner, count in m["countries"]:
                    if owner >= 0:
                        territories[owner] += 1
                        armies[owner] += count
                write({"turn": m["turn"], "me": m["me"], "territories": territories, "armies": armies,
                       "cards": [len(p["cards"]) for p in m["players"]], "next_set": m["next_trade"]})
        return decide(self, m)

    dom_bridge.Bridge.decide = logged


def log_phases(path: str) -> None:
    out = open(path, "a")
    decide = dom_bridge.Bridge.decide
    last = {"key": None}

    def logged(self, m: dict) -> str:
        me = m["me"]
        if not m["setup_done"]:
            if last["key"] != "claims":
                last["key"] = "claims"
                out.write('{"game": true}\n')
        elif (m["turn"], m["state"]) != last["key"] and m["state"] != dom_bridge.ROLLING:
            last["key"] = (m["turn"], m["state"])
            mine = [count for _, owner, count in m["countries"] if owner == me]
            out.write(json.dumps({"turn": m["turn"], "state": m["state"], "armies": sum(mine),
                                  "territories": len(mine), "cards": len(m["players"][me]["cards"])}) + "\n")
        out.flush()
        return decide(self, m)

    dom_bridge.Bridge.decide = logged


if __name__ == "__main__":
    count_bot_cpu()
    if os.environ.get("DOM_PHASE_LOG"):
        log_phases(os.environ["DOM_PHASE_LOG"])
    if os.environ.get("DOM_TRAJECTORY"):
        log_trajectory(os.environ["DOM_TRAJECTORY"])
    dom_bridge.main()
