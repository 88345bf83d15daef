"""``strategist``'s claims at a bigger table: ``table_claims=lookahead`` (the claiming played out,
the continents each player ends with scored by their bonuses over their open borders) and
``table_claims=fortress`` (the continent with the best bonus per gate first, to hold or to
break)."""

from __future__ import annotations

from ai import make_agent
from ai.table_claims import (fortress, fortress_block_claim, fortress_claim, fortress_staging, lookahead_claim,
                              open_fortress_claim, partition_score, play_out_claims, secure_bonus)
from ai.opening import compact_claim
from ai.common import continent_progress_score
from risk.actions import Claim
from risk.match import Match
from risk.phase import Phase
from risk.rules import Rules
from risk.state import GameState, RandomSource


def board():
    return GameState.new(players=4, seed=1).board


def owners_with(board, holdings: dict[int, list[str]], rest: int) -> list[int]:
    owner = [rest] * len(board.names)
    for player, names in holdings.items():
        for name in names:
            owner[board.id(name)] = player
    return owner


AUSTRALIA = ["indonesia", "new-guinea", "western-australia", "eastern-australia"]


def test_a_continent_behind_its_own_gate_is_worth_its_whole_bonus():
    b = board()
    gated = owners_with(b, {0: AUSTRALIA + ["siam"]}, rest=1)
    open_gate = owners_with(b, {0: AUSTRALIA}, rest=1)
    assert secure_bonus(b, gated, 0) == 2.0  # Indonesia's one border is our own Siam
    assert secure_bonus(b, open_gate, 0) == 1.0  # 2 / (1 + the Siam border)
    assert secure_bonus(b, open_gate, 1) > 0  # player 1 holds every other continent
    assert partition_score(b, gated, 0, 2) == 2.0 - secure_bonus(b, gated, 1)


def test_the_claiming_is_played_out_to_the_last_territory():
    b = board()
    owner = [-1] * len(b.names)
    final = play_out_claims(b, owner, 0, 4)
    assert -1 not in final
    assert sorted(final.count(p) for p in range(4)) == [10, 10, 11, 11]
    assert play_out_claims(b, owner, 0, 4) == final  # no randomness in the model
    assert owner == [-1] * len(b.names)  # the caller's list is left alone


def test_the_lookahead_claim_leaves_no_worse_a_partition_than_the_progress_claim():
    state = GameState.new(players=4, seed=3)
    while state.phase == Phase.CLAIM:
        view = state.view(state.current_player, RandomSource(1))
        b, player = view.board, view.player
        chosen = lookahead_claim(view).territory
        free = [t for t in range(len(view.owner)) if view.owner[t] < 0]
        progress = max(free, key=lambda t: (continent_progress_score(view, t), -t))

        def played_out(t):
            owner = list(view.owner)
            owner[t] = player
            return partition_score(b, play_out_claims(b, owner, (player + 1) % 4, 4), player, 4)

        assert played_out(chosen) >= played_out(progress)
        state.apply(Claim(chosen))


def test_the_fortress_is_australia_and_is_claimed_first():
    state = GameState.new(players=4, seed=2)
    b = state.board
    assert fortress(b).name == "Australia"  # a bonus of 2 behind one gate, Indonesia
    australia = {b.id(n) for n in AUSTRALIA}
    state.apply(Claim(b.id("eastern-australia")))  # an opponent enters it first
    claimed = fortress_claim(state.view(1, RandomSource(1))).territory
    assert claimed in australia and claimed != b.id("eastern-australia")
    for name in AUSTRALIA[:3]:
        if state.owner[b.id(name)] < 0:
            state.apply(Claim(b.id(name)))
    while any(state.owner[t] < 0 for t in australia):
        state.apply(Claim(next(t for t in sorted(australia) if state.owner[t] < 0)))
    view = state.view(state.current_player, RandomSource(1))
    assert fortress_claim(view) == compact_claim(view)  # Australia is full: grow compactly


def test_without_the_fortress_the_block_claim_stops_an_opponent_completing_a_continent():
    b = board()
    south_america = [b.id(n) for n in ("venezuela", "peru", "brazil", "argentina")]
    owner = [-1] * len(b.names)
    for t in south_america[1:]:
        owner[t] = 1  # seat 1 needs only Venezuela
    for t, who in zip(sorted(b.id(n) for n in AUSTRALIA), (2, 0, 2, 0)):
        owner[t] = who  # Australia is full and split
    state = GameState.from_position([max(o, 0) for o in owner], [1] * len(owner), 4, seed=1)
    state.owner[:] = owner  # free territories back to unclaimed, as in the claiming
    view = state.view(0, RandomSource(1))
    assert fortress_block_claim(view) == Claim(south_america[0])
    for t in sorted(b.id(n) for n in AUSTRALIA):
        owner[t] = 0  # with Australia whole, no blocking: grow out of it
    state.owner[:] = owner
    view = state.view(0, RandomSource(1))
    assert fortress_block_claim(view) == fortress_claim(view)


def test_the_open_fortress_claim_leaves_an_entered_fortress_for_the_best_continent_nobody_entered():
    state = GameState.new(players=4, seed=2)
    b = state.board
    state.apply(Claim(b.id("argentina")))
    state.apply(Claim(b.id("eastern-australia")))
    state.apply(Claim(b.id("congo")))
    view = state.view(3, RandomSource(1))
    north_america = next(c for c in b.continents if c.name == "North America")
    assert open_fortress_claim(view).territory in north_america.members  # 5 behind 3 gates
    europe = next(c for c in b.continents if c.name == "Europe")
    assert open_fortress_claim(view, smallest_first=True).territory in europe.members  # 7 < 9
    state.apply(Claim(b.id("indonesia")))  # once the player is in the fortress it contests it
    for _ in range(3):
        state.apply(Claim(next(t for t in range(len(state.owner)) if state.owner[t] < 0
                               and t not in fortress(b).members)))
    view = state.view(3, RandomSource(1))
    assert open_fortress_claim(view) == fortress_claim(view)


def test_the_fortress_setup_stacks_to_sweep_a_split_fortress_then_to_hold_its_gate():
    b = board()
    ids = {n: b.id(n) for n in AUSTRALIA + ["siam"]}
    owner = [2] * len(b.names)
    owner[ids["indonesia"]] = owner[ids["western-australia"]] = 0
    owner[ids["new-guinea"]] = owner[ids["eastern-australia"]] = 1
    armies = [1] * len(b.names)
    armies[ids["new-guinea"]] = armies[ids["eastern-australia"]] = 3
    armies[ids["western-australia"]] = 2
    state = GameState.from_position(owner, armies, 4, phase=Phase.PLACE, seed=1)
    assert fortress_staging(state.view(0, RandomSource(1))) == ids["western-australia"]  # the biggest front
    state.armies[ids["western-australia"]] = 2 * 6 + 4  # enough to sweep 6 armies
    assert fortress_staging(state.view(0, RandomSource(1))) is None
    for name in AUSTRALIA:
        state.owner[ids[name]] = 0
    state.armies[ids["siam"]] = 5
    assert fortress_staging(state.view(0, RandomSource(1))) == ids["indonesia"]  # the one gate
    state.armies[ids["indonesia"]] = 5 + 3
    assert fortress_staging(state.view(0, RandomSource(1))) is None
    assert fortress_staging(state.view(2, RandomSource(1))) is None  # none of it is player 2's


def test_the_table_claims_play_whole_games_at_three_and_four_players():
    rules = Rules(max_turns=24)
    for specs in (["strategist:iterations=12,table_claims=lookahead", "mcts:iterations=12", "angry"],
                  ["angry", "strategist:iterations=12,table_claims=lookahead", "threshold", "mcts:iterations=12"],
                  ["mcts:iterations=12", "threshold", "strategist:iterations=12,table_claims=fortress", "angry"],
                  ["threshold", "mcts:iterations=12", "angry",
                   "strategist:iterations=12,table_claims=fortress-block,fortress_players=7"],
                  ["strategist:iterations=12,table_claims=fortress-open,fortress_players=7",
                   "mcts:iterations=12", "strategist:iterations=12,fortress_setup=true", "angry"]):
        records = []
        for _ in range(2):
            match = Match([make_agent(s) for s in specs], seed=8, rules=rules)
            match.play()
            assert match.state.is_terminal()
            records.append(match.record.actions)
        assert records[0] == records[1]


def test_strategist_claims_the_fortress_from_four_players_on():
    from ai.opening import small_continent_claim

    for players in (4, 6):
        state = GameState.new(players=players, seed=5)
        claim = make_agent("strategist").act(state.view(0, RandomSource(1)))
        assert claim.territory in fortress(state.board).members
        never = make_agent("strategist:fortress_players=7").act(state.view(0, RandomSource(1)))
        assert never == small_continent_claim(state.view(0, RandomSource(1)))
    three = GameState.new(players=3, seed=5)
    view = three.view(0, RandomSource(1))
    assert make_agent("strategist").act(view) == small_continent_claim(view)


def test_strategist_places_its_set_up_armies_on_the_fortress_first_from_four_players_on():
    specs = ["mcts:iterations=12", "mcts:iterations=12", "mcts:iterations=12", "strategist:iterations=12"]
    match = Match([make_agent(s) for s in specs], seed=4)
    while match.state.phase == Phase.CLAIM or match.state.current_player != 3:
        match.step()
    view = match.state.view(3, RandomSource(1))
    members = fortress(view.board).members
    assert {view.owner[t] for t in members} == {3, 0}  # from the last seat it shares Australia
    stack = fortress_staging(view)
    assert view.owner[stack] == 3 and stack in members
    assert match.agents[3].act(view).territory == stack
    spread = make_agent("mcts:iterations=12").act(view)
    assert make_agent("strategist:iterations=12,fortress_setup=false").act(view) == spread


def test_at_six_players_the_set_up_is_spread_as_without_the_fortress_set_up():
    rules = Rules(max_turns=3)
    records = []
    for spec in ("strategist:iterations=12", "strategist:iterations=12,fortress_setup=false",
                 "strategist:iterations=12,fortress_setup_players=6"):
        agents = [make_agent("mcts:iterations=12") for _ in range(5)] + [make_agent(spec)]
        match = Match(agents, seed=6, rules=rules)  # the last seat shares Australia
        match.play()
        records.append(match.record.actions)
    assert records[0] == records[1]
    assert records[0] != records[2]
