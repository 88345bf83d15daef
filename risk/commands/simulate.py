"""``risk simulate``: play one headless game between bots and print its course and result."""

from __future__ import annotations

import json

from risk.commands.common import output_file
from risk.commands.options import add_game_options, game_setup


def register(sub) -> None:
    parser = sub.add_parser("simulate", help="play one headless game between bots",
                            description="Play one game between bots without a window.")
    add_game_options(parser, bots_default="random,random,random,random")
    parser.add_argument("--record", metavar="FILE", type=output_file, help="write the game record (JSON Lines) here")
    parser.add_argument("--json", action="store_true", help="print only the result, as JSON")
    parser.add_argument("--quiet", action="store_true", help="print only the result line")
    parser.set_defaults(run=run)


def run(args) -> int:
    from risk.events import PlayerEliminated, TerritoryConquered
    from risk.match import Match

    agents, seed, rules, board = game_setup(args)
    match = Match(agents, seed=seed, rules=rules, board=board)
    show_course = not (args.json or args.quiet)
    names = [f"P{i + 1} {spec}" for i, spec in enumerate(match.specs)]
    if show_course:
        print(f"seed {seed}: {', '.join(names)} on {board.name}")

    state = match.state
    conquests = 0
    while not state.is_terminal():
        turn, player = state.turn, state.current_player
        events = match.step()
        for event in events:
            if isinstance(event, TerritoryConquered):
                conquests += 1
            elif isinstance(event, PlayerEliminated) and show_course:
                print(f"           {event.describe(board, names)}")
        if show_course and turn > 0 and (state.turn != turn or state.is_terminal()):
            print(f"turn {turn:>4}  {names[player]:<22} conquered {conquests:>2}, now holds "
                  f"{state.count[player]:>2} territories and {state.total_armies(player):>4} armies")
        if state.turn != turn:
            conquests = 0

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
