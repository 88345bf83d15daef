"""Card-aware play at bigger tables (``strategist``): the forced trade after a capture in the
search's model of the turn, the material share of the leaf, and the planned elimination run."""

from __future__ import annotations

from ai.strategist.runs import next_attack, plan_elimination
from ai.evaluation import Evaluation, material_share
from ai.strategist import StrategistAgent
from ai.turn import TurnState
from risk.actions import Attack, Deploy
from risk.phase import Phase
from risk.rules import Rules
from risk.state import GameState, RandomSource

RULES = Rules()  # US 1993: escalating sets, captured cards traded at once at six or more


def position(victim_armies: int = 1, victim_cards: int = 3, own_cards: int = 4,
             phase: Phase = Phase.ATTACK, pool: int = 0, sets_traded: int = 3) -> tuple[GameState, dict]:
    """Three players: 0 (us) holds the west, 2 the east; 1 holds only Alaska and Kamchatka."""
    board = GameState.new(players=3, seed=1, rules=RULES).board
    ids = {name: board.id(name) for name in ("alaska", "kamchatka", "northwest-territory", "alberta", "yakutsk")}
    owner = [0 if t < 21 else 2 for t in range(len(board))]
    owner[ids["alaska"]] = owner[ids["kamchatka"]] = 1
    owner[ids["northwest-territory"]] = owner[ids["alberta"]] = 0
    armies = [2] * len(board)
    armies[ids["alaska"]] = victim_armies
    armies[ids["kamchatka"]] = 1
    armies[ids["northwest-territory"]] = 14
    hands = [list(range(own_cards)), list(range(10, 10 + victim_cards)), []]
    state = GameState.from_position(owner, armies, 3, player=0, phase=phase, pool=pool, hands=hands,
                                    sets_traded=sets_traded, seed=4, rules=RULES)
    return state, ids


def turn_state(state: GameState) -> TurnState:
    turn = TurnState.from_view(state.view(0, RandomSource(2)))
    turn.grow_table(80)
    return turn


def test_a_capture_that_fills_the_hand_trades_at_once_in_the_search():
    state, ids = position()
    plain, modelled = turn_state(state), turn_state(state)
    modelled.model_capture_trades()
    for turn in (plain, modelled):
        turn.armies[ids["alaska"]] = 0
        turn.conquer(ids["northwest-territory"], ids["alaska"], 3)
        turn.armies[ids["kamchatka"]] = 0
        turn.conquer(ids["alaska"], ids["kamchatka"], 3)
    assert not plain.alive[1] and not modelled.alive[1]
    # 4 cards + 3 taken = 7: one set traded (the fourth set: 10 armies), four cards kept.
    set_value = RULES.set_value(3)
    assert modelled.armies[ids["kamchatka"]] == plain.armies[ids["kamchatka"]] + set_value
    assert modelled.sets_traded == 4 and modelled.own_hand() == 4
    assert plain.sets_traded == 3 and plain.own_hand() == 7


def test_no_trade_when_the_hand_stays_short_of_six():
    state, ids = position(own_cards=1, victim_cards=2)
    turn = turn_state(state)
    turn.model_capture_trades()
    turn.armies[ids["alaska"]] = 0
    turn.conquer(ids["northwest-territory"], ids["alaska"], 3)
    turn.armies[ids["kamchatka"]] = 0
    turn.conquer(ids["alaska"], ids["kamchatka"], 3)
    assert turn.sets_traded == 3 and turn.own_hand() == 3


def test_material_counts_cards_at_a_third_of_the_next_set():
    state, _ = position()
    turn = turn_state(state)
    without_cards = material_share(turn, 0.0)
    with_cards = material_share(turn, 12.0)
    armies = sum(a for t, a in enumerate(turn.armies) if turn.owner[t] == 0)
    total = sum(turn.armies)
    assert abs(without_cards - armies / total) < 1e-12
    assert abs(with_cards - (armies + 4 * 4.0) / (total + 7 * 4.0)) < 1e-12
    leaf = Evaluation(material=0.5, card_value=12.0)
    assert abs(leaf(turn) - (0.5 * Evaluation()(turn) + 0.5 * with_cards)) < 1e-12


def test_a_weak_card_holder_is_planned_for_elimination():
    state, ids = position(phase=Phase.DEPLOY, pool=6)
    turn = turn_state(state)
    turn.model_capture_trades()
    plan = plan_elimination(turn, 6, RandomSource(3), samples=32, least_chance=0.5, least_cards=1)
    assert plan is not None and plan.victim == 1 and plan.staging == ids["northwest-territory"]
    assert plan.chance > 0.9
    move, chance = next_attack(turn, 1)
    assert move == (ids["northwest-territory"], ids["alaska"]) and chance > 0.9


def test_no_run_against_a_strong_player_or_one_without_cards():
    strong, _ = position(victim_armies=40, phase=Phase.DEPLOY, pool=3)
    assert plan_elimination(turn_state(strong), 3, RandomSource(3), 32, 0.5, 1) is None
    empty, _ = position(victim_cards=0, phase=Phase.DEPLOY, pool=3)
    assert plan_elimination(turn_state(empty), 3, RandomSource(3), 32, 0.5, 1) is None


def test_strategist_deploys_for_the_run_and_attacks_the_victim():
    state, ids = position(phase=Phase.DEPLOY, pool=6)
    agent = StrategistAgent(seed=1, iterations=20)
    action = agent.act(state.view(0, RandomSource(5)))
    assert action == Deploy(ids["northwest-territory"], 6)
    state.apply(action)
    while state.phase != Phase.ATTACK:
        state.apply(agent.act(state.view(0, RandomSource(5))))
    attack = agent.act(state.view(0, RandomSource(6)))
    assert isinstance(attack, Attack) and attack.source == ids["northwest-territory"]
    assert attack.target == ids["alaska"]



def test_against_the_strongest_a_weak_card_holder_counts_as_the_strongest_s_prize():
    from ai.evaluation import PREY_RATIO, material_against_strongest, material_totals

    state, _ = position()  # player 1 holds two territories and three cards
    turn = turn_state(state)
    turn.armies[turn.owner.index(2)] += 30  # player 2 is the strongest, by far
    totals = material_totals(turn, 12.0)
    assert totals[1] <= PREY_RATIO * totals[2]
    expected = totals[0] / (totals[0] + totals[2] + 3 * 4.0)
    assert abs(material_against_strongest(turn, 12.0) - expected) < 1e-12
    # Without cards player 1 is no prize: ours against the strongest alone.
    turn.hand_sizes = [4, 0, 0]
    totals = material_totals(turn, 12.0)
    assert abs(material_against_strongest(turn, 12.0) - totals[0] / (totals[0] + totals[2])) < 1e-12


def far_position() -> tuple[GameState, dict]:
    """As :func:`position`, but the victim's neighbours on our side are player 2's (one army
    each) and our big stack waits one territory back, in Ontario."""
    state, ids = position(phase=Phase.DEPLOY, pool=6)
    ids["ontario"] = state.board.id("ontario")
    owner, armies = list(state.owner), list(state.armies)
    for name in ("northwest-territory", "alberta"):
        owner[ids[name]], armies[ids[name]] = 2, 1
    owner[ids["ontario"]], armies[ids["ontario"]] = 0, 14
    hands = [list(state.hands[p]) for p in range(3)]
    far = GameState.from_position(owner, armies, 3, player=0, phase=Phase.DEPLOY, pool=6, hands=hands,
                                  sets_traded=3, seed=4, rules=RULES)
    return far, ids


def test_a_run_with_reach_fights_its_way_to_a_victim_it_does_not_border():
    state, ids = far_position()
    turn = turn_state(state)
    turn.model_capture_trades()
    victim_neighbours = {n for t in (ids["alaska"], ids["kamchatka"]) for n in state.board.neighbours[t]}
    assert all(state.owner[n] != 0 for n in victim_neighbours)
    assert plan_elimination(turn, 6, RandomSource(3), samples=32, least_chance=0.5, least_cards=1) is None
    plan = plan_elimination(turn, 6, RandomSource(3), samples=32, least_chance=0.5, least_cards=1, reach=1)
    assert plan is not None and plan.victim == 1 and plan.staging == ids["ontario"] and plan.chance > 0.8
    # Nothing borders the victim, so the run's first attack is a step towards it from the stack.
    turn.armies[ids["ontario"]] += 6
    assert next_attack(turn, 1) == (None, -1.0)
    move, chance = next_attack(turn, 1, reach=1)
    assert move[0] == ids["ontario"] and move[1] in (ids["northwest-territory"], ids["alberta"]) and chance > 0.9


def test_at_three_players_the_bot_s_own_run_fights_its_way_to_the_victim():
    from ai.strategist.profile import profile_of

    state, ids = far_position()  # three players: a run may start short of its victim (as in a crowd)
    view = state.view(0, RandomSource(5))
    assert profile_of(view).reach == 2
    plan = StrategistAgent(seed=1, iterations=20)._find_run(view, 6)
    assert plan is not None and plan.victim == 1 and plan.staging == ids["ontario"]


def north_america_run(stack: int) -> tuple[GameState, TurnState]:
    """Six players: 1 holds North America but Eastern United States and Central America, 2 armies
    on each; 0 has ``stack`` armies on Eastern United States; 2 to 5 hold the rest."""
    board = GameState.new(players=6, seed=1, rules=RULES).board
    names = ("alaska", "northwest-territory", "greenland", "alberta", "ontario", "quebec",
             "western-united-states")
    owner = [2 + t % 4 for t in range(len(board))]
    armies = [1] * len(board)
    for name in names:
        owner[board.id(name)], armies[board.id(name)] = 1, 2
    east = board.id("eastern-united-states")
    owner[east], armies[east] = 0, stack
    hands = [[], [0, 1, 2], [], [], [], []]
    state = GameState.from_position(owner, armies, 6, player=0, phase=Phase.ATTACK, hands=hands, seed=4,
                                    rules=RULES)
    turn = TurnState.from_view(state.view(0, RandomSource(2)))
    turn.grow_table(80)
    return state, turn


def test_an_all_in_run_walks_a_route_where_the_greedy_one_strands_its_stack():
    from ai.strategist.runs import play_out

    _, turn = north_america_run(stack=40)
    greedy, all_in = turn.copy(), turn.copy()
    # Every attack is a sure thing, so the draws do not matter: only the order and the guards do.
    assert not play_out(greedy, 1, RandomSource(1), reach=2)  # guards left behind, a dead end walked into
    assert play_out(all_in, 1, RandomSource(1), reach=2, all_in=True)
    assert all_in.count[1] == 0 and all_in.count[0] == 8
    # The stack carried on (one army left on each conquest, a guard of one against each other player).
    assert max(all_in.armies[t] for t in range(len(all_in.owner)) if all_in.owner[t] == 0) >= 15


def test_route_takes_the_territory_with_fewest_onward_neighbours_and_leaves_dead_ends_last():
    state, turn = north_america_run(stack=40)
    board = state.board
    move, chance = next_attack(turn, 1, route=True)
    # From Eastern United States: Ontario borders five of the victim's, Quebec and Western US two.
    assert board.names[move[1]] in ("Quebec", "Western United States") and chance > 0.99
    assert board.names[next_attack(turn, 1)[0][1]] == "Ontario"  # greedy: the first of equal odds


def test_strategist_plans_a_run_and_carries_its_whole_stack_on():
    from risk.actions import Occupy

    state, _ = north_america_run(stack=40)
    agent = StrategistAgent(seed=1, iterations=20)
    plan = agent._find_run(state.view(0, RandomSource(2)), 0)
    assert plan is not None and plan.victim == 1 and plan.chance == 1.0
    # The run's first conquest: the whole stack but one moves on, no guard against the victim
    # (its Quebec borders Ontario) or anyone else.
    ontario = state.board.id("ontario")
    east = state.board.id("eastern-united-states")
    state.armies[ontario] = 0
    state.owner[ontario] = 0
    state.phase, state.attack_source, state.attack_target, state.occupy_min = Phase.OCCUPY, east, ontario, 3
    agent._victim = 1
    assert agent.act(state.view(0, RandomSource(2))) == Occupy(39)
    # Without a run under way, a guard of 2 stays against the victim's Quebec.
    agent._victim = None
    assert agent.act(state.view(0, RandomSource(2))) == Occupy(38)


def test_a_run_without_guards_carries_more_of_its_stack_past_other_players_stacks():
    from ai.strategist.runs import play_out

    state, turn = north_america_run(stack=40)
    board = state.board
    # A big stack of player 3's on Greenland's neighbour Iceland: guarded runs leave a guard
    # of its size wherever they pass it.
    iceland = board.id("iceland")
    turn.owner[iceland], turn.armies[iceland] = 3, 12
    guarded, bare = turn.copy(), turn.copy()
    assert play_out(guarded, 1, RandomSource(1), reach=2, all_in=True)
    assert play_out(bare, 1, RandomSource(1), reach=2, all_in=True, guards=False)
    ours = [t for t in range(len(bare.owner)) if bare.owner[t] == 0]
    # Without guards every conquest but the last keeps one army; with them Greenland keeps 12.
    assert max(bare.armies[t] for t in ours) > max(guarded.armies[t] for t in ours)
    assert sorted(bare.armies[t] for t in ours)[:-1] == [1] * (len(ours) - 1)
    assert guarded.armies[board.id("greenland")] >= 12
