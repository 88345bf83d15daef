"""The bots: whole games under every rule option, reproducibility, the registry, and MCTS."""

from __future__ import annotations

import dataclasses

import pytest

from ai import available, make_agent, split_specs
from ai.agent import BaseAgent
from ai.mcts import MCTSAgent
from ai.turn import STOP
from risk.errors import UsageError
from risk.match import Match
from risk.players import make_player
from risk.phase import Phase
from risk.rules import Rules
from risk.state import GameState, RandomSource

FAST = {"random": "random", "angry": "angry", "threshold": "threshold", "markov": "markov",
        "mcts": "mcts:iterations=25"}

RULE_VARIANTS = [
    Rules(),
    Rules(fortify="connected", card_values="fixed", setup="deal"),
    Rules(fortify="unlimited", card_values="incremental", placement="auto", territory_bonus=False),
    Rules(cards=False, setup="deal", placement="auto"),
    Rules(forced_trade_at=4, elimination_trade_at=5),
]


def play(specs, seed, rules, board=None):
    match = Match([make_player(s) for s in specs], seed=seed, rules=rules, board=board)
    match.play()
    return match


def test_every_bot_is_registered():
    assert {"random", "angry", "threshold", "markov", "mcts"} <= set(available())


@pytest.mark.parametrize("bot", sorted(FAST))
@pytest.mark.parametrize("variant", range(len(RULE_VARIANTS)))
def test_bot_plays_whole_games_on_the_classic_map(bot, variant):
    rules = dataclasses.replace(RULE_VARIANTS[variant], max_turns=60)
    for seed in range(3):
        match = play([FAST[bot], "angry", FAST[bot], "threshold"], seed=100 * variant + seed, rules=rules)
        assert match.state.is_terminal()
        assert match.state.end_reason in ("conquest", "turn limit")


@pytest.mark.parametrize("bot", sorted(FAST))
def test_bot_plays_two_player_neutral_and_the_tiny_map(bot, tiny):
    match = play([FAST[bot], "angry"], seed=7, rules=Rules(max_turns=80))
    assert match.state.neutral == 2 and match.state.is_terminal()
    for seed in range(3):
        match = play([FAST[bot], FAST[bot], "random"], seed=seed, board=tiny,
                     rules=Rules(max_turns=60, fortify="connected"))
        assert match.state.is_terminal()


@pytest.mark.parametrize("bot", sorted(FAST))
def test_same_seed_same_game(bot):
    specs = [FAST[bot], "threshold", FAST[bot]]
    first = play(specs, seed=31, rules=Rules(max_turns=30))
    second = play(specs, seed=31, rules=Rules(max_turns=30))
    assert first.record.actions == second.record.actions
    assert first.state.fingerprint() == second.state.fingerprint()


def test_bots_see_a_copy_never_the_live_game():
    seen = []

    class Spy(BaseAgent):
        name = "spy"

        def act(self, view):
            seen.append(view)
            view.armies[0] += 1000  # vandalism must not reach the real game
            return make_agent("random").act(view)

    match = Match([Spy(), make_agent("random"), make_agent("random")], seed=3, rules=Rules(max_turns=5))
    match.play()
    assert seen and all(view is not match.state for view in seen)
    assert max(match.state.armies) < 1000
    assert all(view.rng is not match.state.rng for view in seen)


def test_spec_strings_and_parameters():
    bot = make_agent("threshold:attack_threshold=0.7")
    assert bot.attack_threshold == 0.7 and bot.spec == "threshold:attack_threshold=0.7"
    mcts = make_agent("mcts:iterations=400,c=1.4,seed=3")
    assert (mcts.iterations, mcts.c, mcts.seed) == (400, 1.4, 3)
    assert split_specs("mcts:iterations=400,c=1.4,random,threshold:attack_threshold=0.5") == [
        "mcts:iterations=400,c=1.4", "random", "threshold:attack_threshold=0.5"]


@pytest.mark.parametrize("spec, message", [
    ("wizard", "unknown bot 'wizard'; the bots are: angry, markov, mcts, random, strategist, threshold"),
    ("mcts:depth=3", "unknown parameter 'depth'; its parameters are: seed, iterations, c, tau"),
    ("mcts:iterations=many", "must be a whole number"),
    ("threshold:attack_threshold=2", "must be between 0 and 1"),
    ("nosuchmodule:Bot", "cannot import nosuchmodule"),
])
def test_bad_specs_name_what_exists(spec, message):
    with pytest.raises(UsageError, match=message.replace("(", r"\(")):
        make_player(spec)


def test_import_path_bot(tmp_path, monkeypatch):
    (tmp_path / "outside_bot.py").write_text(
        "from ai.random_agent import RandomAgent\n"
        "class Cautious(RandomAgent):\n"
        "    name = 'cautious'\n"
        "    def __init__(self, seed=None, care: float = 0.5):\n"
        "        super().__init__(seed)\n"
        "        self.care = care\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    bot = make_player("outside_bot:Cautious:care=0.9")
    assert bot.care == 0.9
    match = play(["outside_bot:Cautious", "random"], seed=2, rules=Rules(max_turns=10))
    assert match.state.is_terminal()


# -- MCTS -----------------------------------------------------------------------------------------

def test_mcts_budget_is_counted_in_iterations():
    game = GameState.new(players=3, seed=12, rules=Rules(setup="deal", placement="auto"))
    bot = MCTSAgent(iterations=137, deploy_search=True)
    view = game.view(0, RandomSource(5))
    bot.act(view)  # deployment: a search of twice the budget over deployments and attacks
    assert bot.last_search.iterations == 2 * 137
    assert bot.last_search.root.visits == 2 * 137
    attack = attack_position()
    bot = MCTSAgent(iterations=137)
    bot.plan(attack.view(0, RandomSource(5)))
    assert bot.last_search.iterations == 137 == bot.last_search.root.visits


def attack_position(new_guinea=12, indonesia=12, ukraine=14):
    """Player 0 holds three of Australia's four territories, Siam and Ukraine; everything else is
    player 1's. Eastern Australia (1 army) completes Australia; Middle East (12 armies) is a
    coin-flip attack that gains nothing but losses."""
    from risk.board import load_map
    board = load_map()
    mine = {"New Guinea": new_guinea, "Indonesia": indonesia, "Western Australia": 3, "Siam": 3,
            "Ukraine": ukraine}
    owner = [0 if name in mine else 1 for name in board.names]
    armies = [mine.get(name, 1) for name in board.names]
    armies[board.id("Middle East")] = 12
    armies[board.id("Scandinavia")] = 10
    armies[board.id("Northern Europe")] = 10
    armies[board.id("Southern Europe")] = 10
    armies[board.id("Ural")] = 10
    armies[board.id("Afghanistan")] = 10
    armies[board.id("India")] = 8
    armies[board.id("China")] = 8
    return GameState.from_position(owner, armies, 2, phase=Phase.ATTACK, board=board,
                                   rules=Rules(two_player_neutral=False), seed=1)


def test_mcts_takes_the_continent_before_the_useless_attack():
    game = attack_position()
    board = game.board
    bot = MCTSAgent(iterations=400)
    choice = bot.plan(game.view(0, RandomSource(9)))
    assert choice is not STOP
    source, target = choice
    assert board.names[target] == "Eastern Australia"
    children = bot.last_search.root.children
    useless = [a for a in children if a is not STOP and board.names[a[1]] == "Middle East"]
    assert useless, "the coin-flip attack was among the options"
    assert children[choice].visits > max(children[a].visits for a in useless)


def test_mcts_plays_the_macro_roll_by_roll_and_stops_below_tau():
    game = attack_position()
    bot = MCTSAgent(iterations=200, tau=0.45)
    rng = RandomSource(4)
    actions = []
    while game.phase == Phase.ATTACK and len(actions) < 200:
        action = bot.act(game.view(0, rng))
        actions.append(action)
        game.apply(action)
        if game.phase == Phase.OCCUPY:
            game.apply(bot.act(game.view(0, rng)))
    assert actions[0].__class__.__name__ == "Attack"
    assert game.owner[game.board.id("Eastern Australia")] == 0


def test_mcts_verbose_prints_the_root(capsys):
    game = attack_position()
    bot = make_agent("mcts:iterations=60,verbose=true")
    bot.plan(game.view(0, RandomSource(2)))
    err = capsys.readouterr().err
    assert "60 iterations" in err and "Eastern Australia" in err and "visits" in err


def test_mcts_same_seed_same_choice():
    game = attack_position()
    first = MCTSAgent(iterations=150).plan(game.view(0, RandomSource(77)))
    second = MCTSAgent(iterations=150).plan(game.view(0, RandomSource(77)))
    assert first == second


def test_markov_deployment_goes_to_the_weakest_wars():
    from ai.markov import markov_allocation, war_score
    game = attack_position(new_guinea=2, indonesia=20)
    game.phase = Phase.DEPLOY
    game.pool = 3
    allocation = markov_allocation(game, 3)
    assert sum(allocation.values()) == 3
    weakest = min(allocation, key=lambda t: war_score(game, t, game.armies[t]))
    assert game.board.names[weakest] != "Indonesia"
    assert game.board.id("Indonesia") not in allocation


def test_markov_transport_moves_from_safe_to_unsafe():
    from ai.markov import markov_transport
    game = attack_position(new_guinea=2, indonesia=20)
    game.phase = Phase.FORTIFY
    move = markov_transport(game)
    names = game.board.names
    # Indonesia (20, facing Siam's... our own Siam) is safe; New Guinea (2) faces Eastern Australia.
    assert move.__class__.__name__ == "Fortify"
    assert game.is_legal(move)
    assert game.armies[move.source] > game.armies[move.target]
    assert names[move.source] in ("Indonesia", "Ukraine")
