"""``risk replay``: replay a game record from its seed and check that it ends as recorded."""

from __future__ import annotations


def register(sub) -> None:
    parser = sub.add_parser("replay", help="replay a game record and verify its outcome",
                            description="Replay a game record (or save) from its seed and actions, "
                                        "and check that the outcome is the recorded one.")
    parser.add_argument("record", help="the record file (JSON Lines)")
    parser.add_argument("--log", action="store_true", help="print every event while replaying")
    parser.set_defaults(run=run)


def run(args) -> int:
    from risk.record import GameRecord, describe_result, result_of

    record = GameRecord.load(args.record)
    names = [f"P{i + 1} {spec}" for i, spec in enumerate(record.players)]

    def show(state, events):
        for event in events:
            print(event.describe(state.board, names))

    state = record.replay(args.record, on_events=show if args.log else None)
    replayed = result_of(state) if state.is_terminal() else None
    if record.result is None:
        print(f"replayed {len(record.actions)} actions of an unfinished game: turn {state.turn}, "
              f"{state.phase.label} phase, {names[state.current_player]} to move")
    else:
        print(f"replayed {len(record.actions)} actions: {describe_result(replayed)}; matches the record")
    return 0
