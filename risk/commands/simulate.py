"""``risk simulate``: play one headless game between bots and print its course and result."""

from __future__ import annotations

import json

from risk.commands.options import add_game_options, game_setup, output_file
from risk.events import PlayerEliminated, TerritoryConquered  # light: no numpy, no engine


def register(sub) -> None:
    parser = sub.add_parser("simulate", help="play one headless game between bots",
                            description="Play one game between bots without a window.")
    add_game_options(parser, bots_default="random,random,random,random")
    parser.add_argument("--record", metavar="FILE", type=output_file, help="write the game record (JSON Lines) here")
    parser.add_argument("--json", action="store_true", help="print only the result, as JSON")
    parser.add_argument("--quiet", action="store_true", help="print only the result line")
    parser.set_defaults(run=run)


def run(args) -> int:
    from risk.match import Match

    agents, seed, rules, board = game_setup(args)
    match = Match(agents, seed=seed, rules=rules, board=board)
    show_course = not (args.json or args.quiet)
    names = [f"P{i + 1} {spec}" for i, spec in enumerate(match.specs)]
    if show_course:
        print(f"seed {seed}: {', '.join(names)} on {board.name}")
        match.observers.append(CourseReport(names))
    match.play()

    result = match.result()
    if args.record:
        match.record.write(args.record)
    if args.json:
        print(json.dumps({"winner": result.winner, "winner_bot": result.winner_bot,
                          "turns": result.turns, "seed": seed, "reason": result.reason,
                          "places": result.places, "seats": result.seats}))
    else:
        who = "draw" if result.winner is None else f"{names[result.winner]} wins"
        print(f"result: {who} after {result.turns} turns ({result.reason}); seed {seed}")
    return 0


class CourseReport:
    """Prints the game's course as it is played: each player's turn (its conquests and what it
    holds after) and every elimination."""

    def __init__(self, names: list[str]):
        self.names = names
        self.conquests = 0

    def __call__(self, state, step) -> None:
        for event in step.events:
            if isinstance(event, TerritoryConquered):
                self.conquests += 1
            elif isinstance(event, PlayerEliminated):
                print(f"           {event.describe(state.board, self.names)}")
        turn, player = step.turn, step.seat
        if turn > 0 and (state.turn != turn or state.is_terminal()):
            print(f"turn {turn:>4}  {self.names[player]:<22} conquered {self.conquests:>2}, now holds "
                  f"{state.count[player]:>2} territories and {state.total_armies(player):>4} armies")
        if state.turn != turn:
            self.conquests = 0
