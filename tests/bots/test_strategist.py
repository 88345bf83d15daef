"""The ``strategist`` bot: seeded and reproducible, legal under every preset and variant, its
parameters documented and checked, and its opening and leaf doing what they say."""

from __future__ import annotations

import dataclasses

import pytest

from ai import make_agent
from ai.opening import blocking_claim, staging_territory, target_continent
from ai.registry import STRONGEST, REGISTRY
from ai.reply_evaluation import ReplyEvaluation, set_chance
from ai.strategist import StrategistAgent
from ai.turn import TurnState
from risk.actions import Claim, EndPhase, Trade
from risk.errors import UsageError
from risk.match import Match
from risk.phase import Phase
from risk.rules import PRESETS, Rules
from risk.state import GameState, RandomSource

FAST = "strategist:iterations=12"

VARIANTS = {
    "missions": Rules(missions=True),
    "capitals": Rules(capitals=True),
    "commanders and retreats": Rules(commanders=True, retreat=True),
    "sea lanes, deal, connected fortify": Rules(sea_lane_defence=True, setup="deal", fortify="connected"),
    "trade any time, army limit": Rules(trade_anytime=True, army_limit=12, setup_limit=4),
    "Domination's: +2 on every trade, no neutral": Rules(territory_bonus="trade", two_player_neutral=False),
}


def play(specs, seed, rules):
    match = Match([make_agent(s) for s in specs], seed=seed, rules=rules)
    match.play()
    return match


def test_strategist_is_registered_as_the_strongest():
    assert STRONGEST == "strategist" and REGISTRY["strategist"] is StrategistAgent


def test_same_seed_same_game():
    rules = Rules(max_turns=40)
    first = play([FAST, "threshold", "mcts:iterations=12"], seed=5, rules=rules)
    second = play([FAST, "threshold", "mcts:iterations=12"], seed=5, rules=rules)
    assert first.record.actions == second.record.actions
    assert first.state.fingerprint() == second.state.fingerprint()


def test_another_seed_another_game():
    rules = Rules(max_turns=25)
    first = play([FAST, "angry"], seed=5, rules=rules)
    second = play([FAST, "angry"], seed=6, rules=rules)
    assert first.record.actions != second.record.actions


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_plays_whole_games_under_every_preset(preset):
    # Match raises AgentFault on any illegal move, so a finished game is a legal one.
    rules = Rules.preset(preset, max_turns=40)
    for seed in range(2):
        match = play([FAST, "angry", FAST], seed=seed, rules=rules)
        assert match.state.is_terminal()


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_plays_whole_six_player_games_under_every_preset(preset):
    # At six its sets are held for elimination runs that may reach two territories out, and it
    # stops attacking after the card when exposed: legal and reproducible under every preset.
    rules = Rules.preset(preset, max_turns=40)
    specs = [FAST, "angry", "threshold", FAST, "angry", "threshold"]
    first, second = play(specs, seed=5, rules=rules), play(specs, seed=5, rules=rules)
    assert first.state.is_terminal()
    assert first.record.actions == second.record.actions


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_plays_whole_games_under_the_variants(name):
    rules = dataclasses.replace(VARIANTS[name], max_turns=40)
    match = play([FAST, "threshold", "angry"], seed=11, rules=rules)
    assert match.state.is_terminal()
    if not rules.missions:  # missions need three players
        two = play([FAST, "angry"], seed=12, rules=rules)
        assert two.state.is_terminal()
    six = play([FAST, "threshold", "angry", FAST, "threshold", "angry"], seed=13, rules=rules)
    assert six.state.is_terminal()


def test_parameters_are_listed_and_checked():
    params = StrategistAgent.parameters()
    for name in ("iterations", "w_armies", "w_reinforcements", "w_survival", "w_card", "reply_share",
                 "block_claims", "focus_setup", "leaf"):
        assert name in params
    assert make_agent("strategist:reply_share=0.4,leaf=reply").spec == "strategist:reply_share=0.4,leaf=reply"
    with pytest.raises(UsageError, match="reply_share=-1.0 must not be negative"):
        make_agent("strategist:reply_share=-1")
    with pytest.raises(UsageError, match="leaf=deep must be one of reply, end"):
        make_agent("strategist:leaf=deep")


def claim_position(claims: dict[str, int], player: int = 0) -> GameState:
    state = GameState.new(players=2, seed=3, rules=Rules(two_player_neutral=False))
    for name, owner in claims.items():
        state._take(state.board.id(name), owner)
        state.armies[state.board.id(name)] = 1
    state.player = player
    return state


def test_claim_blocks_the_continent_an_opponent_is_one_claim_from():
    # Player 1 holds three of Australia; the fourth is free: it must be taken now.
    state = claim_position({"indonesia": 1, "new-guinea": 1, "western-australia": 1, "peru": 0})
    view = state.view(0, RandomSource(1))
    assert blocking_claim(view) == Claim(state.board.id("eastern-australia"))


def test_claim_completes_its_own_continent_when_nothing_needs_blocking():
    state = claim_position({"venezuela": 0, "peru": 0, "brazil": 0, "alaska": 1})
    view = state.view(0, RandomSource(1))
    assert blocking_claim(view) == Claim(state.board.id("argentina"))


def test_setup_armies_go_to_the_stack_taking_the_target_continent():
    rules = Rules(setup="deal", two_player_neutral=False)
    state = GameState.new(players=2, seed=4, rules=rules)
    view = state.view(state.player, RandomSource(2))
    continent = target_continent(view)
    chosen = staging_territory(view)
    assert view.owner[chosen] == view.player
    members = set(continent.members)
    touches = chosen in members or any(n in members for n in view.board.neighbours[chosen])
    assert touches


def test_the_reply_makes_a_thin_border_worth_less():
    rules = Rules(two_player_neutral=False)
    owner = [0] * 21 + [1] * 21
    armies = [3] * 42
    state = GameState.from_position(owner, armies, 2, player=0, phase=Phase.ATTACK, seed=1, rules=rules)
    leaf = ReplyEvaluation(card_value=10.0)
    calm = TurnState.from_view(state.view(0, RandomSource(1)))
    calm.grow_table(80)
    # The same position, but the opponent holds five cards: its reply is a sure set stronger.
    armed = calm.copy()
    armed.hand_sizes = [0, 5]
    assert leaf(armed) < leaf(calm)
    assert set_chance(2) == 0.0 and set_chance(5) == 1.0 and 0.4 < set_chance(3) < set_chance(4) < 1.0


def test_fortify_brings_an_idle_interior_stack_to_the_threatened_border():
    from ai.fortify_plan import leaf_fortify
    from risk.actions import Fortify

    rules = Rules(two_player_neutral=False)
    board = GameState.new(players=2, seed=1, rules=rules).board
    australia = {board.id(n) for n in ("indonesia", "new-guinea", "western-australia", "eastern-australia")}
    owner = [0 if t in australia or board.names[t] == "Siam" else 1 for t in range(len(board.names))]
    armies = [1] * len(owner)
    armies[board.id("eastern-australia")] = 12   # idle, deep inside
    armies[board.id("china")] = 15               # the enemy stack facing Siam
    state = GameState.from_position(owner, armies, 2, player=0, phase=Phase.FORTIFY, seed=1, rules=rules)
    view = state.view(0, RandomSource(1))
    agent = StrategistAgent(iterations=10, leaf="reply", fortify="leaf")
    action = leaf_fortify(view, agent.turn_state(view), agent.evaluate)
    assert isinstance(action, Fortify) and action.source == board.id("eastern-australia")


@pytest.mark.parametrize("preset", ["us-1993", "uk-old"])
def test_the_reply_leaf_and_its_fortify_play_whole_games(preset):
    rules = Rules.preset(preset, max_turns=40)
    match = play(["strategist:iterations=12,leaf=reply,fortify=leaf", "angry", "threshold"], seed=21, rules=rules)
    assert match.state.is_terminal()


def australia_at_fortify(**armies_on) -> GameState:
    """A duel's fortify: we hold Australia and Siam (the only border), one army each but
    ``armies_on``; the opponent holds the rest."""
    rules = Rules(two_player_neutral=False)
    board = GameState.new(players=2, seed=1, rules=rules).board
    ours = {board.id(n) for n in ("indonesia", "new-guinea", "western-australia", "eastern-australia", "siam")}
    owner = [0 if t in ours else 1 for t in range(len(board.names))]
    armies = [1] * len(owner)
    for name, count in armies_on.items():
        armies[board.id(name.replace("_", "-"))] = count
    return GameState.from_position(owner, armies, 2, player=0, phase=Phase.FORTIFY, seed=1, rules=rules)


def test_an_idle_interior_stack_marches_towards_the_border():
    from ai.fortify_plan import march_to_border
    from risk.actions import Fortify

    state = australia_at_fortify(eastern_australia=9)
    board = state.board
    action = march_to_border(state.view(0, RandomSource(1)))
    assert action == Fortify(board.id("eastern-australia"), action.target, 8)
    assert action.target in {board.id("new-guinea"), board.id("western-australia")}
    agent = make_agent("strategist:fortify=markov-march")
    assert agent.act(state.view(0, RandomSource(1))) == action
    with pytest.raises(UsageError, match="fortify=sideways must be one of markov, markov-march, march-markov, leaf"):
        make_agent("strategist:fortify=sideways")


def test_march_first_moves_the_idle_stack_before_a_small_safety_move():
    from risk.actions import Fortify

    # Indonesia's 3 are safe inside, next to Siam, the only border; China threatens Siam.
    state = australia_at_fortify(eastern_australia=9, indonesia=3, china=4)
    board = state.board
    view = state.view(0, RandomSource(1))
    # mcts's move evens out survival: Indonesia's spare armies to Siam, the stack stays idle.
    assert make_agent("strategist:fortify=markov-march").act(view) == Fortify(
        board.id("indonesia"), board.id("siam"), 2)
    march = make_agent("strategist:fortify=march-markov").act(view)
    assert march.source == board.id("eastern-australia") and march.armies == 8
    assert march.target in {board.id("new-guinea"), board.id("western-australia")}


def test_the_duels_opening_is_kept_for_two_players():
    from ai.common import continent_progress_claim

    from ai.opening import small_continent_claim

    # Three players: player 1 is one claim from Australia, but strategist claims for its own
    # continent (table_claims=small) and not to block (mcts's claim would not block either).
    state = GameState.new(players=3, seed=3, rules=Rules())
    for name in ("indonesia", "new-guinea", "western-australia"):
        state._take(state.board.id(name), 1)
        state.armies[state.board.id(name)] = 1
    state.player = 0
    agent = make_agent("strategist")
    three = agent.act(state.view(0, RandomSource(1)))
    assert three == small_continent_claim(state.view(0, RandomSource(1)))
    assert three != Claim(state.board.id("eastern-australia"))
    assert continent_progress_claim(state.view(0, RandomSource(1))) != Claim(state.board.id("eastern-australia"))
    # Two players: the same threat is blocked.
    duel = claim_position({"indonesia": 1, "new-guinea": 1, "western-australia": 1})
    assert agent.act(duel.view(0, RandomSource(1))) == Claim(duel.board.id("eastern-australia"))


def test_risk_bots_json_marks_the_strongest(capsys):
    import json

    from risk.cli import main

    assert main(["bots", "--json"]) == 0
    rows = {row["name"]: row for row in json.loads(capsys.readouterr().out)}
    assert [name for name, row in rows.items() if row["strongest"]] == ["strategist"]
    assert rows["strategist"]["parameters"]["fortify"] == "markov-march"


def test_forced_trading_trades_only_when_the_hand_forces_it(monkeypatch):
    decisions = []
    original = StrategistAgent.act

    def recording(self, view):
        action = original(self, view)
        if view.phase == Phase.TRADE:
            forced = not any(isinstance(legal, EndPhase) for legal in view.legal_actions())
            decisions.append((forced, isinstance(action, Trade)))
        return action

    monkeypatch.setattr(StrategistAgent, "act", recording)
    play(["strategist:iterations=12,trade=forced", "angry"], seed=7, rules=Rules(max_turns=60))
    assert any(not forced for forced, _ in decisions)
    assert all(traded == forced for forced, traded in decisions)
    with pytest.raises(UsageError, match="trade=never must be one of early, forced"):
        make_agent("strategist:trade=never")


def test_the_opening_reaches_bigger_tables_only_when_asked():
    assert make_agent("strategist:focus_players=3").focus_players == 3
    assert make_agent("strategist").focus_players == make_agent("strategist").claim_players == 2


def test_the_leaf_weights_and_the_new_options_are_checked():
    agent = make_agent("strategist:e_survival=0.5,e_card=0.0,projected=true,second_setup=spread")
    assert (agent.e_survival, agent.e_card, agent.projected, agent.second_setup) == (0.5, 0.0, True, "spread")
    with pytest.raises(UsageError, match="e_reinforcements=-0.1 must not be negative"):
        make_agent("strategist:e_reinforcements=-0.1")
    with pytest.raises(UsageError, match="second_setup=wide must be one of focus, spread"):
        make_agent("strategist:second_setup=wide")
    with pytest.raises(UsageError, match="elim_chance=1.5 must be between 0 and 1"):
        make_agent("strategist:elim_chance=1.5")
    with pytest.raises(UsageError, match=r"second_tau=2.0 must be between 0 and 1"):
        make_agent("strategist:second_tau=2")


def test_the_projected_leaf_counts_a_territory_about_to_fall_as_the_enemy_s():
    from ai.evaluation import Evaluation

    rules = Rules(two_player_neutral=False)
    board = GameState.new(players=2, seed=1, rules=rules).board
    australia = [board.id(n) for n in ("indonesia", "new-guinea", "western-australia", "eastern-australia")]
    owner = [1] * len(board)
    for t in australia:
        owner[t] = 0
    armies = [3] * len(board)
    state = GameState.from_position(owner, armies, 2, player=0, phase=Phase.ATTACK, seed=1, rules=rules)
    calm = TurnState.from_view(state.view(0, RandomSource(1)))
    calm.grow_table(40)
    # Nothing threatened: the projection changes nothing.
    assert Evaluation(projected=True)(calm) == Evaluation()(calm)
    # A 12-stack on Siam takes Indonesia (1 army) more likely than not: Australia is as good as
    # broken, so the projected leaf scores the position lower than the plain one.
    threatened = calm.copy()
    threatened.armies[board.id("siam")] = 12
    threatened.armies[board.id("indonesia")] = 1
    assert Evaluation(projected=True)(threatened) < Evaluation()(threatened)


def test_the_second_player_s_set_up_follows_second_setup():
    from ai.common import setup_place
    from ai.markov import markov_place

    rules = Rules(two_player_neutral=False)
    state = GameState.new(players=2, seed=3, rules=rules)
    assert state.phase == Phase.CLAIM
    first = state.player
    state.apply(Claim(state.board.id("peru")))  # the other player claims first
    spread, focus = make_agent("strategist:second_setup=spread,second_tau=0.6"), make_agent("strategist")
    for agent in (spread, focus):
        agent.act(state.view(state.player, RandomSource(1)))
        assert agent._claimed_first is False
    assert spread.search_tau() == 0.6 and focus.search_tau() == focus.tau == 0.45
    assert spread.spec == "strategist:second_setup=spread,second_tau=0.6"  # tau itself unchanged
    while state.phase == Phase.CLAIM:
        state.apply(blocking_claim(state.view(state.player, RandomSource(1))))
    if state.player == first:
        state.apply(setup_place(state.view(first, RandomSource(1)), staging_territory))
    view = state.view(state.player, RandomSource(2))
    assert setup_place(view, markov_place) != setup_place(view, staging_territory)
    assert spread.act(view) == setup_place(view, markov_place)
    assert focus.act(view) == setup_place(view, staging_territory)


def test_the_second_player_s_claims_follow_second_claims():
    from ai.common import continent_progress_claim

    rules = Rules(two_player_neutral=False)
    state = GameState.new(players=2, seed=3, rules=rules)
    state.apply(Claim(state.board.id("peru")))  # the other player claims first
    progress, block = make_agent("strategist:second_claims=progress"), make_agent("strategist:second_claims=block")
    for agent in (progress, block):
        agent.act(state.view(state.player, RandomSource(1)))
        assert agent._claimed_first is False
    # Further on, the opponent one claim from Australia: blocking takes the last territory.
    first = 1 - state.player
    for name in ("indonesia", "new-guinea", "western-australia"):
        state._take(state.board.id(name), first)
        state.armies[state.board.id(name)] = 1
    view = state.view(state.player, RandomSource(1))
    assert blocking_claim(view) == Claim(state.board.id("eastern-australia"))
    assert continent_progress_claim(view) != blocking_claim(view)
    assert block.act(view) == blocking_claim(view)
    assert progress.act(view) == continent_progress_claim(view)
    with pytest.raises(UsageError, match="second_claims=none must be one of block, block-compact, block-front, progress"):
        make_agent("strategist:second_claims=none")


def test_the_neighbourhood_claims_join_our_own_or_go_among_the_opponents():
    from ai.opening import compact_claim, front_claim

    rules = Rules(two_player_neutral=False)
    state = GameState.new(players=2, seed=3, rules=rules)
    board = state.board
    me = state.player
    for name in ("eastern-australia", "new-guinea", "western-australia"):
        state._take(board.id(name), me)
    for name in ("china", "india", "mongolia", "afghanistan"):
        state._take(board.id(name), 1 - me)
    view = state.view(me, RandomSource(1))
    # Indonesia joins three of ours and borders none of theirs; the front claim goes where two
    # of theirs meet (no free territory borders more).
    assert compact_claim(view) == Claim(board.id("indonesia"))
    front = front_claim(view).territory
    assert front in {board.id(n) for n in ("ural", "siam", "middle-east", "siberia")}


def test_compact_claims_at_a_bigger_table_follow_table_claims():
    from ai.common import continent_progress_claim
    from ai.opening import compact_claim

    state = GameState.new(players=3, seed=3, rules=Rules())
    # Claim on (mcts's way) until the compact claim and mcts's differ.
    while compact_claim(state.view(state.player, RandomSource(1))) == continent_progress_claim(
            state.view(state.player, RandomSource(1))):
        state.apply(continent_progress_claim(state.view(state.player, RandomSource(1))))
    assert state.phase == Phase.CLAIM
    compact = make_agent("strategist:table_claims=compact")
    plain = make_agent("strategist:table_claims=progress")
    assert compact.act(state.view(state.player, RandomSource(1))) == compact_claim(
        state.view(state.player, RandomSource(1)))
    assert plain.act(state.view(state.player, RandomSource(1))) == continent_progress_claim(
        state.view(state.player, RandomSource(1)))


def test_the_small_continent_claim_leans_to_the_small_continents():
    from ai.opening import small_continent_claim

    state = GameState.new(players=3, seed=3, rules=Rules())
    view = state.view(state.player, RandomSource(1))
    claim = small_continent_claim(view).territory
    # Nothing claimed yet: a territory of one of the two four-territory continents.
    assert len(state.board.continents[state.board.continent_of[claim]].members) == 4


def test_the_guard_set_up_faces_the_biggest_enemy_stack():
    from ai.opening import guard_territory

    rules = Rules(two_player_neutral=False)
    board = GameState.new(players=2, seed=1, rules=rules).board
    owner = [0 if t < 21 else 1 for t in range(len(board))]
    armies = [1] * len(board)
    # The opponent's biggest stack, and one of ours next to it.
    enemy = next(t for t in range(21, len(board)) if any(owner[n] == 0 for n in board.neighbours[t]))
    armies[enemy] = 9
    state = GameState.from_position(owner, armies, 2, player=0, phase=Phase.PLACE, seed=1, rules=rules)
    chosen = guard_territory(state.view(0, RandomSource(1)))
    assert owner[chosen] == 0 and enemy in board.neighbours[chosen]
