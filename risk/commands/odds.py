"""``risk odds A D``: the exact odds of a battle, its survivor distributions, and plots.

Examples::

    risk odds 10 5                      # board convention: 10 armies on the attacking territory
    risk odds 20 10 --convention tan    # Tan's: 20 attacking armies, all of which may be lost
    risk odds 3 2 --convention tan --exact
    risk odds 12 6 --stop-at 4 --mc 100000 --seed 7
    risk odds 20 10 --convention tan --tan1997      # Tan's published (wrong) numbers beside
    risk odds 8 5 --commander --sea-lane            # the commander's six, across a sea lane
    risk odds --plot odds.png --max 30
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from risk.commands.options import non_negative_int, png_file, positive_int, seed_value
from risk.errors import RiskError, UsageError

if TYPE_CHECKING:  # the battle package is imported by run(), so `risk --help` does without it
    from fractions import Fraction

    from risk.battle import BattleOdds, DiceRules, MonteCarloResult

#: --exact works state by state with Fractions whose digits grow with the battle.
EXACT_LIMIT = 300
#: --mc fights every battle round by round: keep a single run to a few minutes at most.
MONTE_CARLO_LIMIT = 10_000_000
#: The solver keeps a few numbers per state (a, d): 4000 against 4000 takes about 0.4 GB.
STATE_LIMIT = 20_000_000
#: --commander solves every state twice (six kept, six spent) in plain Python, once per sea-lane
#: round: A x D x (rounds + 1) up to this takes a few seconds; its exact fractions grow faster.
COMMANDER_STATE_LIMIT = 1_000_000
COMMANDER_EXACT_LIMIT = 100
#: How the odds spend the commander's six, in the text and the JSON.
COMMANDER_POLICY = "the commander's six, used on the roll where it helps most"
#: --plot draws a heat map of every battle up to --max against --max.
PLOT_LIMIT = 500
DEFAULT_SEED = 1
BAR_WIDTH = 40
_EIGHTHS = " ▏▎▍▌▋▊▉"


def probability(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"{text} is not a probability between 0 and 1")
    return value


def register(subparsers: Any) -> None:
    from risk.battle.law import SEA_LANE_ROUNDS  # the odds command is built only when it runs

    parser = subparsers.add_parser(
        "odds", help="exact odds, expected losses and survivors of a battle",
        description="Exact odds of a Risk battle: the attacker's chance to conquer, the expected "
                    "losses of both sides and the distribution of survivors. In the board "
                    "convention (default) A is the number of armies on the attacking territory, "
                    "one of which stays behind; in Tan's convention all A armies fight.")
    # A and D are checked after parsing (see _armies), where the convention is known.
    parser.add_argument("attackers", nargs="?", metavar="A",
                        help="attacking armies (board: on the territory; tan: that may all be lost)")
    parser.add_argument("defenders", nargs="?", metavar="D", help="defending armies")
    parser.add_argument("--convention", choices=("board", "tan"), default="board",
                        help="how A counts the attacker's armies (default: board)")
    parser.add_argument("--exact", action="store_true", help="also print exact fractions")
    parser.add_argument("--stop-at", type=non_negative_int, metavar="K",
                        help="the attacker withdraws when down to K armies (default: board 1, tan 0)")
    parser.add_argument("--stop-below", type=probability, metavar="P",
                        help="the attacker also withdraws once his odds of conquering fall below P")
    parser.add_argument("--defender-dice", type=int, choices=(1, 2, 3), default=2, metavar="N",
                        help="most dice the defender rolls: 2 standard, 3 Italian/Brazilian rules")
    parser.add_argument("--defender-two-dice-needs", type=positive_int, default=2, metavar="N",
                        help="the defender rolls more than one die only with N+ armies (NZ/UK 1990: 3)")
    parser.add_argument("--seeing-defender", action="store_true",
                        help="the defender chooses his dice after seeing the attacker's (Risk FAQ Q3.1)")
    parser.add_argument("--commander", action="store_true",
                        help="once in the battle the attacker may turn a die he rolled into a six (US 1980 "
                             "commanders): the odds use it on the roll where it helps most")
    parser.add_argument("--sea-lane", type=non_negative_int, nargs="?", const=SEA_LANE_ROUNDS, default=0,
                        metavar="ROUNDS",
                        help="the attack crosses a sea route: the defender rolls an extra die for the first "
                             f"ROUNDS rolls (default {SEA_LANE_ROUNDS}; Risk FAQ 4.10)")
    parser.add_argument("--retreat", action="store_true",
                        help="also show the defender's alternative of retreating (Risk FAQ 4.2)")
    parser.add_argument("--tan1997", action="store_true",
                        help="show Tan's published 1997 numbers (comparisons wrongly independent) beside")
    parser.add_argument("--mc", type=positive_int, metavar="N",
                        help="also simulate N battles by rolling dice (Monte Carlo, with standard errors)")
    parser.add_argument("--seed", type=seed_value, default=DEFAULT_SEED,
                        help=f"seed for --mc (default {DEFAULT_SEED}, so output is reproducible)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    parser.add_argument("--plot", metavar="FILE.png", type=png_file,
                        help="draw Tan's Figures 2 and 3 (correct and as published) and a heat map")
    parser.add_argument("--max", type=positive_int, default=30, metavar="N",
                        help="armies on the plot's axes (default 30, as in Tan's figures)")
    parser.set_defaults(run=run)


# -- checking ------------------------------------------------------------------------------------

def _dice(args: argparse.Namespace) -> DiceRules:
    from risk.battle import DiceRules

    try:
        return DiceRules(defender_max=args.defender_dice, defender_two_dice_needs=args.defender_two_dice_needs)
    except RiskError as exc:
        raise UsageError(str(exc)) from None


def _armies(text: str, what: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise UsageError(f"{what} must be a whole number, not '{text}'") from None
    if value < 1:
        raise UsageError(f"{what} must be at least 1, not {value}")
    return value


def _check(args: argparse.Namespace) -> None:
    """Refuse what makes no sense, with one line naming the value; fills in args.attackers/defenders."""
    from risk.battle.law import SEA_LANE_ROUNDS

    have_battle = args.attackers is not None
    if have_battle:
        args.attackers = _armies(args.attackers, "A (attacking armies)")
    if args.defenders is not None:
        args.defenders = _armies(args.defenders, "D (defending armies)")
    if have_battle and args.defenders is None:
        raise UsageError("give both A (attacking armies) and D (defending armies)")
    if not have_battle and not args.plot:
        raise UsageError("give A and D (attacking and defending armies), or --plot FILE")
    if not have_battle:
        for option in ("exact", "stop_at", "stop_below", "mc", "tan1997", "seeing_defender", "commander",
                       "sea_lane", "retreat"):
            if getattr(args, option) not in (None, False):
                raise UsageError(f"--{option.replace('_', '-')} needs a battle: give A and D")
    if args.plot and not 2 <= args.max <= PLOT_LIMIT:
        raise UsageError(f"--max {args.max} must be from 2 to {PLOT_LIMIT} armies")
    if args.sea_lane > SEA_LANE_ROUNDS:
        raise UsageError(f"--sea-lane {args.sea_lane}: the extra die lasts at most {SEA_LANE_ROUNDS} rolls")
    if args.commander or args.sea_lane:
        for option in ("mc", "stop_below", "tan1997"):
            if getattr(args, option) not in (None, False):
                raise UsageError(f"--commander and --sea-lane do not combine with --{option.replace('_', '-')}")
    if args.seeing_defender and args.defender_dice != 2:
        raise UsageError("--seeing-defender chooses 1 or 2 dice; it cannot go with --defender-dice "
                         f"{args.defender_dice}")
    if not have_battle:
        return
    board = args.convention == "board"
    if board and args.attackers < 2:
        raise UsageError(f"in the board convention A counts the army that stays behind: an attack "
                         f"needs A >= 2, not {args.attackers} (or use --convention tan)")
    if args.stop_at is not None:
        lowest = 1 if board else 0
        if not lowest <= args.stop_at < args.attackers:
            raise UsageError(f"--stop-at {args.stop_at} must be from {lowest} to {args.attackers - 1} "
                             f"with {args.attackers} attacking armies ({args.convention} convention)")
    if args.attackers * args.defenders > STATE_LIMIT:
        raise UsageError(f"{args.attackers} against {args.defenders} is too large: A x D must be at "
                         f"most {STATE_LIMIT:,} states (the solver keeps every sub-battle in memory)")
    if args.commander:
        states = args.attackers * args.defenders * (args.sea_lane + 1)
        if states > COMMANDER_STATE_LIMIT:
            raise UsageError(f"--commander: {args.attackers} against {args.defenders} is too large: A x D x "
                             f"(sea-lane rolls + 1) must be at most {COMMANDER_STATE_LIMIT:,}")
        if args.exact and max(args.attackers, args.defenders) > COMMANDER_EXACT_LIMIT:
            raise UsageError(f"--commander --exact is limited to {COMMANDER_EXACT_LIMIT} armies a side; "
                             "drop --exact for floats")
    if args.exact and max(args.attackers, args.defenders) > EXACT_LIMIT:
        raise UsageError(f"--exact is limited to {EXACT_LIMIT} armies a side (the fractions grow to "
                         "thousands of digits); drop --exact for floats")
    if args.mc is not None and args.stop_below is not None:
        raise UsageError("--mc cannot simulate --stop-below (the simulator rolls until conquest or --stop-at)")
    if args.mc is not None and not 2 <= args.mc <= MONTE_CARLO_LIMIT:
        raise UsageError(f"--mc {args.mc} must be from 2 to {MONTE_CARLO_LIMIT} battles")


# -- computing -----------------------------------------------------------------------------------

def run(args: argparse.Namespace) -> int:
    from risk.battle import battle_odds
    from risk.battle.law import BattleLaw

    _check(args)
    dice = _dice(args)
    report: dict[str, Any] = {}
    if args.attackers is not None:
        law = BattleLaw(dice, seeing=args.seeing_defender, sea_rounds=args.sea_lane, six=args.commander)
        common = dict(convention=args.convention, stop_at=args.stop_at, stop_below=args.stop_below)
        odds = law.odds(args.attackers, args.defenders, exact=args.exact, **common)
        published = (battle_odds(args.attackers, args.defenders, variant="tan1997", dice=dice, **common)
                     if args.tan1997 else None)
        simulated = None
        if args.mc is not None:
            from risk.battle import simulate_battles

            simulated = simulate_battles(args.attackers, args.defenders, args.mc, args.seed,
                                         convention=args.convention, stop_at=args.stop_at, dice=dice,
                                         seeing_defender=args.seeing_defender)
        if args.json:
            report = json_report(odds, published, simulated, args.seed)
            report["commander"] = args.commander
            if args.commander:
                report["commander_policy"] = COMMANDER_POLICY + " (after seeing it; kept if no roll needs it)"
                report["commander_six_spent"] = float(odds.six_spent)
                if args.exact:
                    report["commander_six_spent_exact"] = _ratio(odds.six_spent)
            report["sea_lane_rounds"] = args.sea_lane
            if args.retreat:
                report["retreat"] = retreat_alternative(odds)
        else:
            print(text_report(odds, published, simulated, args.seed, args.commander, args.sea_lane))
            if args.retreat:
                print(retreat_text(odds))
    if args.plot:
        from risk.battle.plots import save_odds_figure

        save_odds_figure(args.plot, args.max, dice, "seeing-defender" if args.seeing_defender else "standard")
        if args.json:
            report["plot"] = args.plot
        else:
            print(f"plot written to {args.plot} (Tan's convention, armies 1..{args.max})")
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
    return 0


# -- JSON ----------------------------------------------------------------------------------------

def _ratio(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def json_report(odds: BattleOdds, published: BattleOdds | None, simulated: MonteCarloResult | None,
                seed: int) -> dict[str, Any]:
    """The odds as JSON-ready data; survivor keys are the army counts as strings (JSON's rule)."""
    report: dict[str, Any] = {
        "attacker": odds.attackers,
        "defender": odds.defenders,
        "convention": odds.convention,
        "stop_at": odds.stop_at,
        "stop_below": odds.stop_below,
        "variant": odds.variant,
        "dice": {"attacker_max": odds.dice.attacker_max, "defender_max": odds.dice.defender_max,
                 "defender_two_dice_needs": odds.dice.defender_two_dice_needs},
    }
    for key in ("attacker_win", "expected_attacker_losses", "expected_defender_losses"):
        report[key] = float(getattr(odds, key))
    for key in ("attacker_survivors", "defender_survivors"):
        report[key] = {str(k): float(p) for k, p in getattr(odds, key).items()}
    if odds.exact:
        for key in ("attacker_win", "expected_attacker_losses", "expected_defender_losses"):
            report[key + "_exact"] = _ratio(getattr(odds, key))
        for key in ("attacker_survivors", "defender_survivors"):
            report[key + "_exact"] = {str(k): _ratio(p) for k, p in getattr(odds, key).items()}
    if published is not None:
        report["tan1997"] = {
            "attacker_win": published.attacker_win,
            "expected_attacker_losses": published.expected_attacker_losses,
            "expected_defender_losses": published.expected_defender_losses,
        }
    if simulated is not None:
        report["monte_carlo"] = {
            "battles": simulated.battles,
            "seed": seed,
            "attacker_win": simulated.attacker_win,
            "attacker_win_error": simulated.attacker_win_error,
            "expected_attacker_losses": simulated.expected_attacker_losses,
            "expected_attacker_losses_error": simulated.expected_attacker_losses_error,
            "expected_defender_losses": simulated.expected_defender_losses,
            "expected_defender_losses_error": simulated.expected_defender_losses_error,
        }
    return report


# -- text ----------------------------------------------------------------------------------------

def bar(fraction: float, width: int = BAR_WIDTH) -> str:
    """A horizontal bar of ``fraction`` (0..1) of ``width`` characters, in eighths of a block."""
    eighths = round(max(0.0, min(1.0, fraction)) * width * 8)
    full, rest = divmod(eighths, 8)
    return "█" * full + (_EIGHTHS[rest] if rest else "")


def retreat_alternative(odds: BattleOdds) -> dict[str, Any]:
    """What the defender's retreat (FAQ 4.2) gives, beside fighting: the attacker loses one army
    and takes the territory; the defender's armies all survive next door."""
    board = odds.convention == "board"
    possible = odds.attackers >= (3 if board else 2)
    return {"possible": possible, "attacker_losses": 1, "defender_losses": 0, "attacker_win": 1.0,
            "fight_attacker_win": float(odds.attacker_win),
            "fight_defender_losses": float(odds.expected_defender_losses),
            "fight_attacker_losses": float(odds.expected_attacker_losses)}


def retreat_text(odds: BattleOdds) -> str:
    alt = retreat_alternative(odds)
    if not alt["possible"]:
        return ("\nRetreat (Risk FAQ 4.2): an attacker needs 3 armies on the territory to attack one "
                "that can retreat (the retreat costs him one and he must move one in).")
    return (f"\nRetreat (Risk FAQ 4.2): if the defender retreats, the attacker loses 1 army and takes "
            f"the territory;\nthe defender keeps all {odds.defenders} armies next door. Fighting instead: "
            f"the territory falls with {float(odds.attacker_win):.4f},\nthe defender loses "
            f"{float(odds.expected_defender_losses):.3f} armies on average and the attacker "
            f"{float(odds.expected_attacker_losses):.3f}.")


def _describe_battle(odds: BattleOdds, six: bool = False, sea_rounds: int = 0) -> list[str]:
    a, d = odds.attackers, odds.defenders
    if odds.convention == "board":
        who = f"{a} armies on the attacking territory (one stays behind, {a - 1} can fight)"
        end = "the defender is destroyed or the territory is down to " + (
            "1 army" if odds.stop_at == 1 else f"{odds.stop_at} armies (or fewer)")
    else:
        who = f"{a} attacking armies, all of which can be lost (Tan's convention)"
        end = "the defender is destroyed or the attacker " + (
            "has lost every army" if odds.stop_at == 0 else f"is down to {odds.stop_at} armies (or fewer)")
    if odds.stop_below is not None:
        end += f", or his odds of conquering fall below {odds.stop_below:g}"
    rules = odds.dice.describe()
    if odds.variant == "seeing-defender":
        rules += "; the defender picks 1 or 2 dice after seeing the attack (Risk FAQ Q3.1)"
    if six:
        rules += f"; {COMMANDER_POLICY} (once, after seeing the roll; US 1980)"
    if sea_rounds:
        rules += f"; across a sea lane the defender rolls an extra die for the first {sea_rounds} rolls"
    return [f"Battle: {who} against {d} defending armies", f"Dice: {rules}", f"Fights until {end}"]


def _number(value: Any, digits: int) -> str:
    return f"{float(value):.{digits}f}"


def text_report(odds: BattleOdds, published: BattleOdds | None, simulated: MonteCarloResult | None,
                seed: int, six: bool = False, sea_rounds: int = 0) -> str:
    lines = _describe_battle(odds, six, sea_rounds)
    lines.append("")
    label_width = 26
    header = " " * label_width + f"{'exact solution':>22}"
    if published is not None:
        header += f"{'Tan 1997 (wrong)':>22}"
    if simulated is not None:
        header += f"   Monte Carlo ± s.e. ({simulated.battles} battles, seed {seed})"
    lines.append(header)
    rows = [
        ("P(attacker conquers)", "attacker_win", 6,
         None if simulated is None else (simulated.attacker_win, simulated.attacker_win_error)),
        ("Expected attacker losses", "expected_attacker_losses", 4,
         None if simulated is None else (simulated.expected_attacker_losses,
                                         simulated.expected_attacker_losses_error)),
        ("Expected defender losses", "expected_defender_losses", 4,
         None if simulated is None else (simulated.expected_defender_losses,
                                         simulated.expected_defender_losses_error)),
    ]
    for label, key, digits, mc in rows:
        line = f"{label:<{label_width}}{_number(getattr(odds, key), digits):>22}"
        if published is not None:
            line += f"{_number(getattr(published, key), digits):>22}"
        if mc is not None:
            line += f"   {mc[0]:.{digits}f} ± {mc[1]:.{digits}f}"
        lines.append(line)
    if six:
        spent = (f"The six is spent in {float(odds.six_spent):.2%} of these battles (on the roll where it "
                 "raises the chance of conquest most; kept when no roll needs it)")
        lines.append(spent + (f": {_ratio(odds.six_spent)}" if odds.exact else ""))
    if odds.exact:
        lines.append("")
        lines.append("Exact values:")
        for label, key, _, _ in rows:
            lines.append(f"  {label}: {_ratio(getattr(odds, key))}")
    lines.append("")
    if odds.stop_below is not None:
        failed = "otherwise: where the attack stopped"
    elif odds.convention == "board":
        failed = f"{'1' if odds.stop_at == 1 else f'{odds.stop_at} or fewer'}: lost or stopped"
    else:
        failed = "0: all lost" if odds.stop_at == 0 else f"{odds.stop_at} or fewer: stopped"
    if odds.convention == "board":
        title = f"Armies left on the attacking territory (conquest: before moving in; {failed})"
    else:
        title = f"Attacking armies left ({failed})"
    lines += _table(title, odds.attacker_survivors, published and published.attacker_survivors, odds.exact)
    lines.append("")
    lines += _table("Defending armies left (0: conquered)", odds.defender_survivors,
                    published and published.defender_survivors, odds.exact)
    return "\n".join(lines)


def _table(title: str, distribution: dict[int, Any], published: dict[int, Any] | None,
           exact: bool) -> list[str]:
    lines = [title]
    header = f"{'armies':>8}  {'probability':>11}"
    if published is not None:
        header += f"  {'Tan 1997':>9}"
    lines.append(header)
    biggest = max(float(p) for p in distribution.values())
    keys = sorted(set(distribution) | set(published or {}), reverse=True)
    for k in keys:
        p = distribution.get(k, 0)
        line = f"{k:>8}  {float(p):>11.6f}"
        if published is not None:
            line += f"  {float(published.get(k, 0)):>9.6f}"
        line += "  " + bar(float(p) / biggest)
        if exact and p:
            line += f"  {_ratio(p)}"
        lines.append(line.rstrip())
    return lines
