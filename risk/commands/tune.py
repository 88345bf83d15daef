"""``risk tune``: find the best value of a bot's numeric parameter(s) against a field.

    risk tune threshold --param attack_threshold --values 0.30:0.90:0.05 \\
        --opponents threshold,angry,markov --games-per-value 400 --seed 1 --plot curve.png --confirm
    risk tune mcts --method spsa --param c=0.05:1 --param tau=0.3:0.9 --opponents angry,angry \\
        --iterations 200 --seed 1
"""

from __future__ import annotations

import sys

from risk.commands.options import (add_run_options, add_setup_options, fraction, non_negative_float, png_file,
                                   positive_float, positive_int)
from risk.errors import UsageError


def register(sub) -> None:
    parser = sub.add_parser(
        "tune", help="tune a bot's numeric parameters against a field of opponents",
        description="Sweep one numeric parameter of a bot against a field of opponents (seats "
                    "rotated, the same deals for every value), fit a logistic quadratic to the "
                    "win rates and report the optimum with a bootstrap interval; or tune several "
                    "parameters together with SPSA. --confirm then tests the result against the "
                    "baseline with a paired SPRT.")
    parser.add_argument("bot", help="the bot to tune, e.g. threshold or mcts:iterations=100")
    parser.add_argument("--param", action="append", required=True, metavar="NAME[=LO:HI]",
                        help="a numeric parameter to tune (repeat for SPSA; LO:HI is its SPSA range, "
                             "default half to twice its baseline)")
    parser.add_argument("--opponents", required=True, metavar="SPEC,...",
                        help="the other seats' bots (1 to 5): the game has 1 + this many players")
    parser.add_argument("--method", choices=("sweep", "spsa"), default="sweep",
                        help="sweep: one parameter over --values (default); spsa: several at once")
    sweep = parser.add_argument_group("sweep")
    sweep.add_argument("--values", metavar="START:STOP:STEP|A,B,C",
                       help="the values to try, both ends included, e.g. 0.30:0.90:0.05")
    sweep.add_argument("--games-per-value", type=positive_int, default=200, metavar="N",
                       help="games per value, rounded up to whole rotation groups (default 200)")
    sweep.add_argument("--bootstrap", type=positive_int, default=1000, metavar="N",
                       help="bootstrap resamples for the optimum's interval (default 1000)")
    spsa = parser.add_argument_group("SPSA (see docs/tournaments.md)")
    spsa.add_argument("--iterations", type=positive_int, default=100, metavar="N",
                      help="SPSA iterations, each one game pair per seat rotation (default 100)")
    spsa.add_argument("--spsa-c-end", type=fraction, default=0.1, metavar="F",
                      help="the last perturbation, as a fraction of each range (default 0.1)")
    spsa.add_argument("--spsa-r-end", type=positive_float, default=0.1, metavar="R",
                      help="the last learning rate a_end / c_end^2, in range units (default 0.1)")
    spsa.add_argument("--spsa-a-ratio", type=non_negative_float, default=0.1, metavar="F",
                      help="A = F * iterations, the gain sequence's stability constant (default 0.1)")
    spsa.add_argument("--spsa-alpha", type=positive_float, default=0.602, metavar="X",
                      help="a_k = a / (A + k + 1)^alpha (default 0.602)")
    spsa.add_argument("--spsa-gamma", type=positive_float, default=0.101, metavar="X",
                      help="c_k = c / (k + 1)^gamma (default 0.101)")
    confirm = parser.add_argument_group("confirmation")
    confirm.add_argument("--confirm", action="store_true",
                         help="then test the tuned value against the baseline (paired SPRT)")
    confirm.add_argument("--confirm-gain", type=fraction, default=0.03, metavar="G",
                         help="the win-rate gain the test looks for (default 0.03)")
    confirm.add_argument("--confirm-games", type=positive_int, default=2000, metavar="N",
                         help="the most games the test may play (default 2000)")
    add_setup_options(parser)
    add_run_options(parser)
    parser.add_argument("--plot", metavar="FILE.png", type=png_file,
                        help="draw the sweep's points, curve and optimum (or the SPSA path)")
    parser.add_argument("--verbose", action="store_true", help="print a line for every game")
    parser.set_defaults(run=run)


def run(args) -> int:
    from ai import split_specs
    from risk.players import make_player
    from risk.tuning.params import TunedBot

    opponents = split_specs(args.opponents)
    if not 1 <= len(opponents) <= 5:
        raise UsageError(f"--opponents needs 1 to 5 bots (a game has 2 to 6 players), "
                         f"not {len(opponents)}")
    for spec in opponents:
        make_player(spec)
    names, ranges = _parse_params(args.param)
    bot = TunedBot.parse(args.bot, names)
    make_player(bot.spec_with(bot.baseline))
    if args.method == "sweep":
        return _sweep(args, bot, names, ranges, opponents)
    return _spsa(args, bot, names, ranges, opponents)


def _parse_params(items: list[str]) -> tuple[list[str], dict[str, str]]:
    names, ranges = [], {}
    for item in items:
        name, eq, bounds = (part.strip() for part in item.partition("="))
        if not name:
            raise UsageError(f"--param '{item}' names no parameter")
        if name in names:
            raise UsageError(f"--param {name} is given twice")
        names.append(name)
        if eq:
            ranges[name] = bounds
    return names, ranges


# -- the sweep ----------------------------------------------------------------------------------------

def _sweep(args, bot, names, ranges, opponents) -> int:
    from risk.players import make_player
    from risk.commands.options import make_setup, open_session, print_json
    from risk.tournament.schedule import groups_for
    from risk.tuning.params import format_value, parse_values
    from risk.tuning.tuner import SweepPlan, confirm_size, rounded_optimum, run_sweep

    if len(names) != 1:
        raise UsageError("a sweep tunes one --param; use --method spsa for several")
    if ranges:
        raise UsageError("a sweep takes its values from --values, not --param NAME=LO:HI")
    if not args.values:
        raise UsageError("a sweep needs --values START:STOP:STEP (or A,B,C)")
    param = names[0]
    values = parse_values(args.values, bot.kinds[param])
    if len(values) < 3:
        raise UsageError(f"--values gives {len(values)} values; fitting a curve needs at least 3")
    for value in values:
        make_player(bot.spec_with({param: value}))  # a value the bot refuses fails here
    setup, seed = make_setup(args)
    players = 1 + len(opponents)
    plan = SweepPlan(bot, param, values, opponents, groups_for(args.games_per_value, players), seed)
    if plan.groups * players != args.games_per_value:
        print(f"--games-per-value {args.games_per_value} rounded up to {plan.groups * players}: "
              f"{plan.groups} groups of {players} seat rotations", file=sys.stderr)
    confirm_games = confirm_size(opponents, args.confirm_games) if args.confirm else 0
    session, runner = open_session(args, setup, plan.games)
    session.show_games = args.verbose and not args.json
    session.check_planned(lambda game: game < plan.games + confirm_games, "tuning run")
    out = _Output(session, args.json)
    finished = False
    test = None
    try:
        with runner:
            points, optimum = run_sweep(session, plan, args.bootstrap)
            out.line(f"{bot.spec} against {', '.join(opponents)}: win rate by {param}")
            for point in points:
                lo, hi = point.ci95
                out.line(f"  {param}={format_value(point.value):<10} {point.wins:>5}/{point.games:<5}"
                         f" {100 * point.win_rate:5.1f}%  [{100 * lo:5.1f}%, {100 * hi:5.1f}%]")
            best = rounded_optimum(bot, param, optimum)
            out.line(f"optimum {param}={format_value(best)}, 95% bootstrap interval "
                     f"[{optimum.lo:.3g}, {optimum.hi:.3g}]; fitted win rate "
                     f"{100 * float(optimum.fit.predict([optimum.value])[0]):.1f}% "
                     f"(logistic quadratic fit)")
            if optimum.at_edge:
                out.line("the optimum is at the edge of the swept range: widen --values")
            baseline = bot.baseline[param]
            if args.confirm:
                test = _confirm(args, session, out, bot, {param: best}, {param: baseline},
                                opponents, seed, plan.games, confirm_games)
        finished = True
    finally:
        session.close(finished)
    if args.plot:
        from risk.tuning.plots import plot_sweep

        plot_sweep(points, optimum, args.plot, param=param, bot=bot.spec,
                   baseline=float(baseline), opponents=opponents)
        print(f"plot written to {args.plot}", file=sys.stderr)
    if args.json:
        print_json({"method": "sweep", "bot": bot.spec, "param": param, "opponents": opponents,
                    "seed": seed, "points": [p.to_json() for p in points],
                    "fit": {"model": "logistic quadratic",
                            "coefficients": [float(c) for c in optimum.fit.coefficients],
                            "centre": optimum.fit.centre, "half_width": optimum.fit.half_width},
                    "optimum": {"value": best, "ci95": [optimum.lo, optimum.hi],
                                "at_edge": optimum.at_edge},
                    "baseline": baseline, "confirm": test.to_json() if test else None})
    return 0


def _confirm(args, session, out, bot, tuned, baseline, opponents, seed, first_game, max_games):
    from risk.tuning.params import describe_values
    from risk.tuning.tuner import run_confirm

    candidate, reference = bot.spec_with(tuned), bot.spec_with(baseline)
    if candidate == reference:
        out.line(f"the tuned value is the baseline ({describe_values(baseline)}): nothing to confirm")
        return None
    out.line(f"confirming {describe_values(tuned)} against {describe_values(baseline)} "
             f"(paired SPRT, gain {args.confirm_gain:g}, at most {max_games} games)")
    session.progress.total += max_games
    session.progress.refresh()
    test = run_confirm(session, candidate, reference, opponents, seed, first_game, max_games,
                       args.confirm_gain)
    out.line(test.describe(describe_values(tuned), describe_values(baseline)))
    return test


# -- SPSA ----------------------------------------------------------------------------------------

def _spsa(args, bot, names, ranges, opponents) -> int:
    from risk.commands.options import make_setup, open_session, print_json
    from risk.tuning.params import describe_values
    from risk.tuning.spsa import Spsa, SpsaSettings
    from risk.tuning.tuner import confirm_size, run_spsa

    if args.values:
        raise UsageError("--values is for a sweep; SPSA takes ranges as --param NAME=LO:HI")
    settings = SpsaSettings(iterations=args.iterations, c_end=args.spsa_c_end,
                            r_end=args.spsa_r_end, alpha=args.spsa_alpha,
                            gamma=args.spsa_gamma, a_ratio=args.spsa_a_ratio)
    params = [_spsa_parameter(bot, name, ranges.get(name)) for name in names]
    setup, seed = make_setup(args)
    spsa = Spsa(bot, params, settings, seed)
    players = 1 + len(opponents)
    games = settings.iterations * 2 * players
    confirm_games = confirm_size(opponents, args.confirm_games) if args.confirm else 0
    session, runner = open_session(args, setup, games)
    session.show_games = args.verbose and not args.json
    session.check_planned(lambda game: game < games + confirm_games, "tuning run")
    out = _Output(session, args.json)
    out.line(f"SPSA on {bot.spec} against {', '.join(opponents)}: {settings.iterations} "
             f"iterations of {players} game pairs, from {describe_values(spsa.current())}")

    def show(step):
        out.line(f"iteration {step.iteration + 1:>4}/{settings.iterations}  "
                 f"+ {describe_values(step.plus)}  - {describe_values(step.minus)}  "
                 f"result {step.result:+d}  ->  {describe_values(step.theta)}")

    finished = False
    test = None
    try:
        with runner:
            run_spsa(session, spsa, opponents, show)
            final = spsa.current()
            out.line(f"SPSA result: {describe_values(final)}")
            if args.confirm:
                test = _confirm(args, session, out, bot, final, bot.baseline, opponents, seed,
                                games, confirm_games)
        finished = True
    finally:
        session.close(finished)
    if args.plot:
        from risk.tuning.plots import plot_spsa

        plot_spsa(spsa.path, {p.name: (p.lo, p.hi) for p in params}, args.plot, bot=bot.spec)
        print(f"plot written to {args.plot}", file=sys.stderr)
    if args.json:
        print_json({"method": "spsa", "bot": bot.spec, "opponents": opponents, "seed": seed,
                    "settings": vars(settings),
                    "params": [vars(p) for p in params], "path": [s.to_json() for s in spsa.path],
                    "result": final, "confirm": test.to_json() if test else None})
    return 0


def _spsa_parameter(bot, name, bounds):
    from risk.tuning.params import format_value, parse_range
    from risk.tuning.spsa import SpsaParameter

    start = bot.baseline[name]
    if bounds is not None:
        lo, hi = parse_range(bounds, bot.kinds[name], name)
    elif start > 0:
        lo, hi = bot.coerce(name, start / 2), bot.coerce(name, start * 2)
    else:
        raise UsageError(f"--param {name}: give its range as {name}=LO:HI (its baseline "
                         f"{format_value(start)} suggests none)")
    if hi <= lo:
        raise UsageError(f"--param {name}: the range {lo}:{hi} is empty; give {name}=LO:HI")
    return SpsaParameter(name, lo, hi, min(max(start, lo), hi))


class _Output:
    """Result lines on stdout (above the progress bar), or nothing when printing JSON."""

    def __init__(self, session, quiet: bool):
        self.session = session
        self.quiet = quiet

    def line(self, text: str) -> None:
        if not self.quiet:
            self.session.progress.write(text, file=sys.stdout)
