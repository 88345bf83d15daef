"""``strategist``: seeded and reproducible, legal under every preset, variant and map, blind to
names, its parameters documented, and its parts doing what they say."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings, strategies as st

from ai import make_bot
from ai.registry import REGISTRY, STRONGEST
from ai.strategist import StrategistAgent, claims, deployment_options
from ai.common import frontier
from ai.markov import markov_transport
from ai.strategist.evaluate import LeafValue
from ai.strategist.fortify import stack_to_front
from ai.strategist.model import TurnModel
from ai.strategist.profile import CROWD, DUEL, TABLE, THREE, profile_of
from ai.strategist.world import world_of
from ai.turn import TurnState
from risk.actions import Claim, EndPhase, Trade, parse_action
from risk.board import board_from_dict, load_map
from risk.match import Match
from risk.phase import Phase
from risk.rules import PRESETS, Rules
from risk.state import GameState, RandomSource
from tests.support import DATA, ROOT

FAST = "strategist:iterations=12"
MAPS = sorted((ROOT / "maps").glob("*.json"))
COMMUNITY = ROOT.parent / "shared" / "sparring" / "domination" / "domination-src" / "game" / "Domination" / "maps"

VARIANTS = {
    "missions": Rules(missions=True),
    "capitals": Rules(capitals=True),
    "commanders and retreats": Rules(commanders=True, retreat=True),
    "sea lanes, deal, connected fortify": Rules(sea_lane_defence=True, setup="deal", fortify="connected"),
    "trade any time, army limit": Rules(trade_anytime=True, army_limit=12, setup_limit=4),
    "Domination's: +2 on every trade, no neutral": Rules(territory_bonus="trade", two_player_neutral=False),
}


def play(specs, seed, rules, board=None):
    match = Match([make_bot(s) for s in specs], seed=seed, rules=rules, board=board)
    match.play()
    return match


def test_strategist_is_registered_as_the_strongest():
    assert STRONGEST == "strategist" and REGISTRY["strategist"] is StrategistAgent


def test_same_seed_same_game_another_seed_another():
    rules = Rules(max_turns=30)
    first = play([FAST, "threshold", "mcts:iterations=12"], seed=5, rules=rules)
    second = play([FAST, "threshold", "mcts:iterations=12"], seed=5, rules=rules)
    other = play([FAST, "threshold", "mcts:iterations=12"], seed=6, rules=rules)
    assert first.record.actions == second.record.actions
    assert first.state.fingerprint() == second.state.fingerprint()
    assert first.record.actions != other.record.actions


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 6])
def test_plays_whole_games_under_every_preset(preset, players):
    # Match raises AgentFault on any illegal move, so a finished game is a legal one.
    rules = Rules.preset(preset, max_turns=30)
    specs = [FAST, "angry", "threshold", FAST, "angry", "threshold"][:players]
    match = play(specs, seed=players, rules=rules)
    assert match.state.is_terminal()


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_plays_whole_games_under_the_variants(name):
    rules = Rules(**{**VARIANTS[name].changes(), "max_turns": 30})
    # Missions need a third player; every other variant is played as a duel too.
    for players in ((3, 4) if VARIANTS[name].missions else (2, 4)):
        match = play([FAST, "angry", FAST, "threshold"][:players], seed=7, rules=rules)
        assert match.state.is_terminal()


def _boards():
    boards = [(path.stem, load_map(path)) for path in MAPS] + [("tiny", load_map(DATA / "tiny.json"))]
    if COMMUNITY.is_dir():
        from risk.domination import read_domination
        for name in ("uk", "teg", "tube", "roman_empire", "eurasien"):
            boards.append((name, board_from_dict(read_domination(COMMUNITY / f"{name}.map")[0])))
    return boards


@pytest.mark.parametrize("name, board", _boards(), ids=[name for name, _ in _boards()])
def test_plays_every_map_reproducibly(name, board):
    rules = Rules(territory_bonus="trade", two_player_neutral=False, max_turns=25)
    players = min(3, len(board))
    specs = [FAST, "angry", FAST][:players]
    first = play(specs, seed=3, rules=rules, board=board)
    second = play(specs, seed=3, rules=rules, board=board)
    assert first.state.is_terminal()
    assert first.record.actions == second.record.actions


def renamed(board):
    """The same map with every territory and continent renamed, in reverse alphabetical order of
    the old names, so that no name, slug or order of names carries over."""
    old = list(board.names) + [c.name for c in board.continents]
    new = {name: f"Place {len(old) - i:03d}" for i, name in enumerate(sorted(old))}

    def rename(value):
        if isinstance(value, str):
            return new.get(value, value)
        if isinstance(value, list):
            return [rename(v) for v in value]
        if isinstance(value, dict):
            return {k: (v if k in ("slug", "id") else rename(v)) for k, v in value.items()
                    if k != "slug"}
        return value
    return board_from_dict(rename(copy.deepcopy(board.source)))


def test_never_reads_a_territory_s_or_a_continent_s_name():
    board = load_map()
    other = renamed(board)
    assert other.names != board.names and [c.name for c in other.continents] != [c.name for c in board.continents]
    rules = Rules(max_turns=30)
    for players in (2, 3, 5):
        specs = [FAST, "mcts:iterations=12", FAST, "threshold", FAST][:players]
        first = play(specs, seed=players, rules=rules, board=board)
        second = play(specs, seed=players, rules=rules, board=other)
        # the same actions, territory by territory id (the texts differ by the names)
        assert [(p, parse_action(a, board)) for p, a in first.record.actions] == \
            [(p, parse_action(a, other)) for p, a in second.record.actions]


def test_parameters_are_few_documented_and_checked():
    parameters = StrategistAgent.parameters()
    assert len(parameters) <= 10
    page = (ROOT / "docs" / "strategist.md").read_text()
    import ai.strategist
    for name in parameters:
        assert f"``{name}``" in ai.strategist.__doc__, name
        assert f"`{name}`" in page, name
    for bad in ("strategist:iterations=1", "strategist:tau=2", "strategist:run_chance=-1", "strategist:c=-1"):
        with pytest.raises(Exception, match="must"):
            make_bot(bad)


def test_a_continent_s_worth_comes_from_its_shape():
    world = world_of(load_map())
    worths = sorted(world.continents, key=lambda c: -c.worth)
    # the continent with one road in and four territories is worth the most, the biggest the least
    assert len(worths[0].entries) == 1 and worths[0].size == 4
    assert worths[-1].size == max(c.size for c in world.continents)
    for c in world.continents:
        assert c.worth == pytest.approx(c.bonus / (c.size * len(c.entries)))
        assert set(c.gates) <= set(c.members) and not set(c.entries) & set(c.members)


def positions(seed: int, players: int, turns: int):
    rules = Rules(max_turns=turns)
    match = play(["mcts:iterations=8"] * players, seed=seed, rules=rules)
    state = match.state
    for p in range(players):
        if state.alive[p]:
            view = state.view(p, RandomSource(seed))
            view.player = p
            yield view


def test_the_deployment_search_may_stage_on_every_front_line_territory():
    # Only the eight likeliest conquests were offered before round 22 (lab notebook): the
    # search is now offered the whole pool on each front-line territory, however many
    widest = 0
    for seed in range(3):
        for view in positions(seed, 2, 6):
            view.pool = 5
            options = deployment_options(view)
            front = frontier(view, view.player)
            assert set(front) <= set(options)
            assert all(options[t] == {t: 5} for t in front)
            assert sum(options["markov"].values()) == 5
            widest = max(widest, len(front))
    assert widest > 8


def attacks_drawn(model, draws, tau: float = 0.3):
    """Play the attacks the uniform ``draws`` pick among the model's macro-actions, one by one,
    yielding after each (until none is left)."""
    for u in draws:
        actions = model.macro_actions(tau)
        if not actions:
            return
        s, t = actions[int(u * len(actions))]
        model.attack(s, t, tau, u)
        yield


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), turns=st.integers(6, 40),
       draws=st.lists(st.floats(0, 0.999), min_size=1, max_size=8))
def test_the_leaf_rescoring_only_what_changed_equals_a_full_rescoring(seed, players, turns, draws):
    for view in positions(seed, players, turns):
        model = TurnModel.from_view(view, width=10 ** 6)
        model.grow_table(max(view.armies) + 40)
        leaf = LeafValue(model, 6.0)
        for _ in attacks_drawn(model, draws):
            pass
        fresh = TurnModel.from_view(view, width=10 ** 6)
        for field in ("owner", "armies", "own_mask", "count", "alive", "conquered", "cards_taken",
                      "eliminated", "win", "peaceful", "sets_traded", "cards_traded"):
            setattr(fresh, field, copy.copy(getattr(model, field)))
        fresh.touched = []
        assert leaf.features(model) == pytest.approx(LeafValue(fresh, 6.0, boost=leaf.boost).features(fresh))


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), turns=st.integers(6, 40),
       paths=st.lists(st.lists(st.floats(0, 0.999), min_size=1, max_size=6), min_size=2, max_size=4))
def test_one_leaf_scores_many_paths_as_fresh_leaves_do(seed, players, turns, paths):
    """A search's leaf looks incomes and continental progress up by the holdings it has seen:
    scoring many paths of one root, every node of each, it scores each as a leaf of its own."""
    for view in positions(seed, players, turns):
        root = TurnModel.from_view(view, width=10 ** 6)
        root.grow_table(max(view.armies) + 40)
        leaf = LeafValue(root, 6.0)
        for draws in paths:
            model = root.copy()
            for _ in attacks_drawn(model, draws):
                fresh = LeafValue(root, 6.0, boost=leaf.boost)
                assert leaf.features(model) == fresh.features(model)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), turns=st.integers(6, 40),
       draws=st.lists(st.floats(0, 0.999), min_size=0, max_size=6))
def test_the_model_s_attacks_are_the_engine_model_s(seed, players, turns, draws):
    for view in positions(seed, players, turns):
        model = TurnModel.from_view(view, width=10 ** 6)
        plain = TurnState.from_view(view)
        for u in draws:
            assert sorted(model.macro_actions(0.2)) == sorted(plain.macro_actions(0.2))
            actions = plain.macro_actions(0.2)
            if not actions:
                break
            s, t = actions[int(u * len(actions))]
            model.attack(s, t, 0.2, u)
            plain.attack(s, t, 0.2, u)
        assert sorted(model.macro_actions(0.2)) == sorted(plain.macro_actions(0.2))


def test_the_profile_follows_the_players_left():
    def view_with(alive, players):
        view = GameState.new(players=players, seed=1)
        view.alive = alive + [True] * (view.owners - len(alive))
        return view
    assert profile_of(view_with([True, True], 2)) is DUEL
    assert profile_of(view_with([True, True, True], 3)) is THREE
    assert profile_of(view_with([True, False, True, True, False, False], 6)) is THREE
    assert profile_of(view_with([True, True, True, True], 4)) is TABLE
    # Only at three are the set-up armies placed by the paper's Markov placement, not stacked.
    assert [p.stack_setup for p in (DUEL, THREE, TABLE, CROWD)] == [True, False, True, True]
    # Runs reach two territories short of their victim, with sets held for them, at three and
    # in a crowd; at four they start next to it and sets are traded.
    assert [(p.reach, p.hold_sets) for p in (DUEL, THREE, TABLE, CROWD)] == [(0, False), (2, True), (0, False),
                                                                              (2, True)]
    assert profile_of(view_with([True] * 5 + [False], 6)) is CROWD
    assert profile_of(view_with([True, False, False, True, False, False], 6)) is DUEL


def claim_position(players: int, owner_of):
    state = GameState.new(players=players, seed=1, rules=Rules(two_player_neutral=False))
    for t in range(len(state.owner)):
        o = owner_of(state.board, t)
        if o is not None:
            state._take(t, o)
    state.player = 0
    return state


def test_claims_complete_own_continents_and_block_in_a_duel_only():
    board = load_map()
    world = world_of(board)
    small = min(world.continents, key=lambda c: (c.size, -c.worth))
    last = small.members[-1]
    # the opponent holds all of the smallest continent but one territory
    view = claim_position(2, lambda b, t: 1 if t in small.members and t != last else None)
    assert StrategistAgent(seed=1).act(view) == Claim(last)
    table = claim_position(3, lambda b, t: 1 if t in small.members and t != last else None)
    assert StrategistAgent(seed=1).act(table) != Claim(last)
    # the bot itself holds all of it but one: it completes it, at any table
    own = claim_position(3, lambda b, t: 0 if t in small.members and t != last else None)
    assert StrategistAgent(seed=1).act(own) == Claim(last)


def test_a_duel_s_claims_race_when_ahead_and_stand_together_when_behind():
    board = load_map()
    world = world_of(board)
    # Both players have entered every continent: nothing is left to build alone.
    firsts = {shape.members[0]: 0 for shape in world.continents}
    firsts.update({shape.members[1]: 1 for shape in world.continents})
    ahead = claim_position(2, lambda b, t: firsts.get(t))
    choice = StrategistAgent(seed=1).act(ahead).territory
    # Equal shares everywhere: the race goes to the smallest continent, held soonest.
    assert world.continent(choice).size == min(shape.size for shape in world.continents)
    # One claim behind, the bot joins its own and borders few of the opponent's instead.
    extra = next(t for t in range(len(board.names)) if t not in firsts)
    behind = claim_position(2, lambda b, t: 1 if t == extra else firsts.get(t))
    choice = StrategistAgent(seed=1).act(behind).territory

    def together(t):
        own = sum(1 for n in board.neighbours[t] if behind.owner[n] == 0)
        return own - sum(1 for n in board.neighbours[t] if behind.owner[n] == 1)
    assert together(choice) == max(together(t) for t in range(len(board.names)) if behind.owner[t] < 0)


def trade_view(players: int, hand: list[int]):
    # Stacks of 3 everywhere, the cards by symbol: 0, 1, 2 are one of each kind (a set). Nobody
    # holds cards but the bot, so no run is worth it.
    state = GameState.from_position([t % players for t in range(42)], [3] * 42, players, phase=Phase.TRADE,
                                    hands=[hand] + [[] for _ in range(players - 1)], seed=2)
    return state.view(0, RandomSource(1))


def test_a_crowd_and_three_players_hold_a_set_unless_the_hand_is_full_and_four_trade_it():
    bot = StrategistAgent(seed=1, iterations=12)
    for players in (5, 3):
        held = trade_view(players, [0, 14, 28])
        assert held.is_legal(EndPhase()) and any(isinstance(a, Trade) for a in held.legal_actions())
        assert bot.act(held) == EndPhase(), players
        full = trade_view(players, [0, 14, 28, 1, 2])
        assert not full.is_legal(EndPhase()) and isinstance(bot.act(full), Trade)
    assert isinstance(bot.act(trade_view(4, [0, 14, 28])), Trade)


def test_risk_bots_json_marks_the_strongest(capsys):
    import json
    from risk.cli import main
    assert main(["bots", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    strongest = [b for b in listed if b.get("strongest")]
    assert [b["name"] for b in strongest] == ["strategist"]


def one_continent_board(territories: int, borders: list[tuple[int, int]]):
    """A board of one continent, territories ``T0``..``T{n-1}`` joined by ``borders`` (index pairs)."""
    names = [f"T{i}" for i in range(territories)]
    return board_from_dict({
        "continents": [{"name": "Only", "bonus": 3}],
        "territories": [{"name": n, "continent": "Only", "pos": [i, 0]} for i, n in enumerate(names)],
        "borders": [[names[s], names[t]] for s, t in borders],
    })


def pocket_and_line_board():
    """One continent: our territories 0 and 2 border each other; 0 also borders 1, an enemy
    pocket closed off by our own, and 2 borders 3, the head of a line of five enemy territories."""
    return one_continent_board(8, [(0, 1), (0, 2), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7)])


def test_a_new_set_up_stack_starts_where_it_can_sweep_not_at_the_board_s_first_candidate():
    board = pocket_and_line_board()
    state = GameState.new(players=2, seed=3, rules=Rules(two_player_neutral=False), board=board)
    for t in range(len(board.names)):
        state._take(t, 0 if t in (0, 2) else 1)
        state.armies[t] = 1
    state.phase = Phase.PLACE
    state.reserve = [10, 10]
    state.player = 0
    view = state.view(0, RandomSource(3))
    assert claims.sweep_reach(view)[0] == 1 and claims.sweep_reach(view)[2] == 5
    # T0 comes first in the board's order and is as strong as T2, but only T2 leads on
    assert make_bot("strategist").act(view).territory == 2
    # Once started there, the stack grows there: every set-up army goes onto it.
    sweeper = make_bot("strategist")
    for _ in range(10):
        state.player = 0  # only our placements matter here, not the opponent's
        state.apply(sweeper.act(state.view(0, RandomSource(3))))
    assert (state.armies[0], state.armies[2]) == (1, 11)


def stack_behind_the_front_board():
    """Our stack T0 stands inside, between T1, which borders a one-territory enemy pocket T3, and
    T2, which borders the head of a line of five enemy territories T4..T8. Elsewhere our T9 stands
    behind T10, which an enemy stack on T11 threatens."""
    return one_continent_board(12, [(0, 1), (0, 2), (0, 9), (1, 3), (2, 4), (4, 5), (5, 6), (6, 7), (7, 8),
                                    (9, 10), (10, 11)])


def test_the_idle_stack_steps_to_the_open_front_before_the_transport_evens_out_survival():
    board = stack_behind_the_front_board()
    state = GameState.new(players=2, seed=5, rules=Rules(two_player_neutral=False), board=board)
    ours = {0: 10, 1: 1, 2: 1, 9: 4, 10: 1}
    for t in range(len(board.names)):
        state._take(t, 0 if t in ours else 1)
        state.armies[t] = ours.get(t, 6 if t == 11 else 1)
    state.phase = Phase.FORTIFY
    state.player = 0
    view = state.view(0, RandomSource(5))
    # The whole stack moves towards the front, at the line rather than the pocket, though the
    # transport alone would have reinforced the threatened T10 and left the stack where it cannot attack.
    forward = make_bot("strategist:seed=5").act(view)
    assert (forward.source, forward.target, forward.armies) == (0, 2, 9)
    transport = markov_transport(view)
    assert (transport.source, transport.target) == (9, 10)
    # A stack that already borders the enemy is left to the transport.
    state.armies[2], state.armies[0] = 10, 1
    view = state.view(0, RandomSource(5))
    assert stack_to_front(view) is None
    assert make_bot("strategist:seed=5").act(view) == markov_transport(view)


def home_and_away_board():
    """Two continents: Home (T0, T1, T2; bonus 4), whose only gate T2 borders T3 of Away (T3, T4,
    T5; bonus 2)."""
    names = [f"T{i}" for i in range(6)]
    return board_from_dict({
        "continents": [{"name": "Home", "bonus": 4}, {"name": "Away", "bonus": 2}],
        "territories": [{"name": n, "continent": "Home" if i < 3 else "Away", "pos": [i, 0]}
                        for i, n in enumerate(names)],
        "borders": [[names[s], names[t]] for s, t in [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)]],
    })


def home_held(gate_armies: int, phase: Phase = Phase.ATTACK, theirs: tuple[int, ...] = (3, 4, 5)):
    """Player 0 holds Home with ``gate_armies`` on its gate; player 1 holds Away, one army on T3
    beside the gate (it cannot attack as it stands), and will deploy 5 (3 + Away's 2) first
    (``theirs``: player 1's territories, Away's by default)."""
    board = home_and_away_board()
    state = GameState.new(players=2, seed=1, rules=Rules(two_player_neutral=False), board=board)
    for t in range(6):
        state._take(t, 1 if t in theirs else 0)
        state.armies[t] = {2: gate_armies, 3: 1}.get(t, 2)
    state.phase = phase
    state.player = 0
    state.pool = 7
    return state.view(0, RandomSource(1))


def test_the_leaf_reads_the_threat_after_the_opponent_deploys_and_a_continent_at_its_weakest_gate():
    thin, guarded = (TurnModel.from_view(home_held(armies)) for armies in (3, 40))
    leaf = LeafValue(thin, 6.0)
    assert leaf.boost == [0, 5]
    # One army on T3 cannot attack; with the 5 its owner deploys first it takes the gate often.
    keep = leaf.safety(thin, 2)
    assert keep == pytest.approx(1.0 - thin.win[6][3]) and keep < 0.5
    # Home's 4 are counted at the gate's survival: 3 for the territories and 4 * keep.
    reinforcements = leaf.features(thin)[1]
    assert reinforcements == pytest.approx((3 + 4 * keep) / (3 + 4 * keep + 5))
    assert LeafValue(guarded, 6.0).features(guarded)[1] > reinforcements + 0.1


def test_the_deployment_may_guard_the_weakest_gate_of_a_held_continent():
    # The gate an enemy can take is a front-line territory, so the whole pool on it is an option
    view = home_held(3, Phase.DEPLOY)
    model = TurnModel.from_view(view)
    assert LeafValue(model, 6.0).safety(model, 2) < 1.0
    assert deployment_options(view)[2] == {2: 7}
