"""Property tests: many seeded random games under random rule options, checked after every action."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from risk.actions import Attack, Blitz, Deploy, EndPhase, Fortify, Occupy
from risk.cards import full_deck
from risk.errors import IllegalActionError
from risk.events import BlitzResolved, CardsTraded, DiceRolled, ReinforcementsReceived
from risk.phase import Phase
from risk.rules import Rules
from risk.state import GameState, RandomSource

rules_options = st.builds(
    Rules,
    cards=st.booleans(),
    card_values=st.sampled_from(["escalating", "fixed", "incremental"]),
    territory_bonus=st.booleans(),
    fortify=st.sampled_from(["adjacent", "connected", "unlimited"]),
    setup=st.sampled_from(["claim", "deal"]),
    placement=st.sampled_from(["turns", "auto"]),
    two_player_neutral=st.booleans(),
    forced_trade_at=st.integers(min_value=3, max_value=6),
    elimination_trade_at=st.integers(min_value=5, max_value=7),
    max_turns=st.integers(min_value=1, max_value=40),
)


def check_invariants(game: GameState) -> None:
    n = len(game.board)
    pending = game.attack_target if game.phase == Phase.OCCUPY else -1
    for t in range(n):
        if game.phase == Phase.CLAIM and game.owner[t] < 0:
            continue
        assert 0 <= game.owner[t] < game.owners
        assert game.armies[t] >= 1 or t == pending
    assert sum(game.count) == sum(1 for o in game.owner if o >= 0)
    for o in range(game.owners):
        assert game.count[o] == sum(1 for x in game.owner if x == o)
        assert game.own_mask[o] == sum(1 << t for t, x in enumerate(game.owner) if x == o)
        if game.phase not in (Phase.CLAIM, Phase.PLACE):
            assert game.alive[o] == (game.count[o] > 0)
    if game.rules.cards:
        cards = sorted(game.deck + game.discard + [c for h in game.hands for c in h])
        assert cards == sorted(full_deck(n))
    assert game.pool >= 0 and all(r >= 0 for r in game.reserve)


def army_total(game: GameState) -> int:
    return sum(game.armies) + game.pool + sum(game.reserve)


def mutate(action, rng: RandomSource, n: int):
    """A nearby action that may or may not be legal, to probe apply's checks."""
    k = rng.below(3)
    if isinstance(action, (Attack, Fortify)):
        fields = [action.source, action.target, (action.dice if isinstance(action, Attack) else action.armies)]
        fields[k] = fields[k] + rng.below(5) - 2 if k == 2 else rng.below(n)
        return type(action)(*fields)
    if isinstance(action, Blitz):
        return Blitz(action.source, rng.below(n), action.stop_at + rng.below(3) - 1)
    if isinstance(action, Deploy):
        return Deploy(rng.below(n), action.armies + rng.below(3) - 1)
    if isinstance(action, Occupy):
        return Occupy(action.armies + rng.below(5) - 2)
    return EndPhase()


def check_refused(game: GameState, probe) -> None:
    """If ``probe`` is illegal here, apply refuses it with its reason and changes nothing: not a
    field, not the random source's state."""
    if game.is_legal(probe):
        return
    before = game.fingerprint()
    try:
        game.apply(probe)
    except IllegalActionError as error:
        assert error.action is probe and error.reason == game.why_illegal(probe)
    else:
        raise AssertionError(f"an illegal action was accepted: {probe}")
    assert game.fingerprint() == before, f"the refused {probe} changed the state"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), rules=rules_options)
def test_random_games_keep_every_invariant(seed, players, rules):
    game = GameState.new(players=players, seed=seed, rules=rules)
    chooser = RandomSource(seed ^ 0x5EED)
    check_invariants(game)
    steps = 0
    while not game.is_terminal():
        actions = game.legal_actions()
        assert len(actions) > 0
        action = actions[chooser.below(len(actions))]
        assert game.is_legal(action)

        check_refused(game, mutate(action, chooser, len(game.board)))

        total = army_total(game)
        events = game.apply(action)
        gained = sum(e.from_territories + e.from_continents for e in events if isinstance(e, ReinforcementsReceived))
        gained += sum(e.armies + (2 if e.bonus_territory is not None else 0)
                      for e in events if isinstance(e, CardsTraded))
        lost = sum(e.attacker_losses + e.defender_losses for e in events if isinstance(e, (DiceRolled, BlitzResolved)))
        assert army_total(game) == total + gained - lost
        check_invariants(game)
        steps += 1
        assert steps < 200_000
    assert game.end_reason in ("conquest", "turn limit")
    assert game.turn <= rules.max_turns
    assert sorted(game.places)[0] == 1 and len(game.places) == players
    if game.end_reason == "conquest":
        assert game.winner is not None and sum(game.alive[:players]) == 1


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6))
def test_copies_are_independent(seed, players):
    game = GameState.new(players=players, seed=seed, rules=Rules(setup="deal", placement="auto", max_turns=6))
    for _ in range(30):
        if game.is_terminal():
            break
        copy = game.copy(RandomSource(1))
        before = game.fingerprint()
        actions = copy.legal_actions()
        copy.apply(actions[len(actions) // 2])
        assert game.fingerprint() == before
        actions = game.legal_actions()
        game.apply(actions[game.rng.below(len(actions))])


variant_options = st.builds(
    Rules,
    defender_sees_dice=st.booleans(),
    retreat=st.booleans(),
    commanders=st.booleans(),
    sea_lane_defence=st.booleans(),
    capitals=st.booleans(),
    missions=st.booleans(),
    trade_anytime=st.booleans(),
    max_turns=st.integers(min_value=1, max_value=15),
)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 5), rules=variant_options)
def test_a_refused_action_changes_nothing_in_the_variants(seed, players, rules):
    """The decisions in the middle of a turn (the defender's dice, retreats, the six) refuse
    actions without a trace too: no field changes, no number is drawn."""
    game = GameState.new(players=players, seed=seed, rules=rules)
    chooser = RandomSource(seed ^ 0xD1CE)
    while not game.is_terminal():
        actions = game.legal_actions()
        action = actions[chooser.below(len(actions))]
        for probe in (mutate(action, chooser, len(game.board)), Attack(0, 1, 1), EndPhase()):
            if game.is_legal(probe):
                continue
            before = game.fingerprint()
            try:
                game.apply(probe)
            except IllegalActionError as error:
                assert error.action is probe and error.reason
            else:
                raise AssertionError(f"an illegal action was accepted: {probe}")
            assert game.fingerprint() == before, f"the refused {probe} changed the state"
        game.apply(action)


#: Every rule option with values to draw from (issue 17: the invariants under every variant).
EVERY_OPTION = {
    "cards": st.booleans(), "card_values": st.sampled_from(["escalating", "fixed", "incremental"]),
    "territory_bonus": st.sampled_from(["turn", "trade", "card", "off"]),
    "forced_trade_at": st.integers(3, 6), "elimination_trade_at": st.integers(5, 7),
    "capture_cards": st.booleans(), "captured_cards": st.sampled_from(["trade", "trade-any", "hold"]),
    "trade_anytime": st.booleans(), "fortify": st.sampled_from(["adjacent", "connected", "unlimited"]),
    "fortify_max_armies": st.sampled_from([0, 3, 7]), "setup": st.sampled_from(["claim", "deal"]),
    "placement": st.sampled_from(["turns", "auto", "none"]), "setup_limit": st.sampled_from([0, 4]),
    "army_limit": st.sampled_from([0, 12]), "two_player_neutral": st.booleans(),
    "reinforce_or_attack": st.booleans(), "defender_max_dice": st.sampled_from([2, 3]),
    "defender_two_dice_needs": st.sampled_from([2, 3]), "defender_sees_dice": st.booleans(),
    "commanders": st.booleans(), "retreat": st.booleans(), "sea_lane_defence": st.booleans(),
    "missions": st.booleans(), "mission_set": st.sampled_from(["classic", "us-1998"]),
    "mission_kill": st.sampled_from(["uk", "us"]), "capitals": st.booleans(),
    "max_turns": st.integers(1, 30),
}


@st.composite
def any_rules(draw) -> Rules:
    """A preset with any options changed on top; combinations the rules refuse are redrawn."""
    from hypothesis import assume

    from risk.errors import RulesError
    from risk.rules import PRESETS

    preset = draw(st.sampled_from(sorted(PRESETS)))
    names = draw(st.lists(st.sampled_from(sorted(EVERY_OPTION)), max_size=8, unique=True))
    changes = {name: draw(EVERY_OPTION[name]) for name in names}
    changes.setdefault("max_turns", draw(EVERY_OPTION["max_turns"]))
    try:
        return Rules.preset(preset, **changes)
    except RulesError:
        assume(False)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), rules=any_rules())
def test_every_option_and_preset_keeps_every_invariant(seed, players, rules):
    from risk.errors import RulesError
    from risk.events import ArmiesLost, Retreated

    try:
        game = GameState.new(players=players, seed=seed, rules=rules)
    except RulesError:  # too few armies or territories for this many players under these rules
        return
    chooser = RandomSource(seed ^ 0xA11)
    check_invariants(game)
    while not game.is_terminal():
        actions = game.legal_actions()
        assert len(actions) > 0
        action = actions[chooser.below(len(actions))]
        check_refused(game, mutate(action, chooser, len(game.board)))
        total = army_total(game)  # withheld armies (old UK) are not in play until they are received
        in_setup, reserve, on_board = game.phase.is_setup, sum(game.reserve), sum(game.armies)
        events = game.apply(action)
        gained = sum(e.from_territories + e.from_continents for e in events if isinstance(e, ReinforcementsReceived))
        gained += sum(e.armies + e.bonus_armies for e in events if isinstance(e, CardsTraded))
        lost = sum(e.attacker_losses + e.defender_losses for e in events if isinstance(e, (DiceRolled, BlitzResolved)))
        lost += sum(e.armies for e in events if isinstance(e, ArmiesLost))
        lost += sum(1 for e in events if isinstance(e, Retreated))  # a retreat costs the attacker an army
        if rules.placement == "none" and in_setup and not game.phase.is_setup:
            # 1959: what is left in reserve when set-up ends (after this step's own placement) never plays
            lost += (reserve - sum(game.reserve)) - (sum(game.armies) - on_board)
        assert army_total(game) == total + gained - lost, (rules.changes(), events)
        check_invariants(game)
    assert game.end_reason in ("conquest", "turn limit", "mission", "capitals")
    assert game.turn <= rules.max_turns and sorted(game.places)[0] == 1
    assert min(game.armies) >= 1  # the game never ends with a territory left empty


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), rules=variant_options)
def test_push_plays_a_legal_action_as_apply_does(seed, players, rules):
    """``push`` (no check, for callers that know the action is legal) leaves the same state and
    returns the same events as ``apply``, move after move."""
    checked = GameState.new(players=players, seed=seed, rules=rules)
    pushed = GameState.new(players=players, seed=seed, rules=rules)
    chooser = RandomSource(seed ^ 0x9057)
    while not checked.is_terminal():
        actions = checked.legal_actions()
        action = actions[chooser.below(len(actions))]
        assert pushed.push(action) == checked.apply(action)
        assert pushed.fingerprint() == checked.fingerprint()
    assert pushed.is_terminal() and pushed.places == checked.places
