"""The one search of every game (game/ai/search.py) and the worlds it searches
(:meth:`State.world`, :meth:`State.rehide`, over the twin worlds' hidden places): a world
is one the seat cannot tell from the real game, sampling keeps every card the seat has seen where it is and
every fact the view implies, the search proposes legal actions only, and a seed
and a playout count give one move."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from game import GAMES
from game.ai import computer_player
from game.ai.bolola import facts as bolola_facts
from game.ai.doudizhu import facts as doudizhu_facts
from game.ai.search import (
    MIN_SAMPLES,
    Facts,
    IsmctsSearch,
    Judge,
    Search,
    confident_best,
    deal,
    gain,
    paired,
    playout,
    stretched,
    trailing,
)
from game.briscola import VENCESLAO
from game.cards import Card
from game.engine import Action, State
from tests.game.aicheck import quick

KEYS = sorted(GAMES)


def positions(key: str, count: int = 12, first: int = 0, seats: int | None = None):
    """Games of ``key`` (at ``seats``, else its first count) played at random for a random
    number of moves, not over."""
    for seed in range(first, first + count):
        rng = random.Random(seed)
        state = GAMES[key].new(None, seats or GAMES[key].seats[0], seed)
        for _ in range(rng.randrange(0, 150)):
            acting = state.to_act()
            if not acting:
                break
            s = rng.choice(acting)
            state.apply(s, rng.choice(state.legal_actions(s)))
        if not state.over:
            yield seed, state


def with_a_choice(key: str, count: int):
    """:func:`positions` where the seat to act has more than one legal action: the seed,
    the game, the seat and its actions."""
    for seed, state in positions(key, count):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            yield seed, state, seat, legal


def seen_zones(state: State, seat: int) -> dict[str, list]:
    """Every zone with its cards, a hidden place (:meth:`State.hidden_places`) blanked, and
    any card the seat may not know (:meth:`State.secret_cards`: Briscola's sampled card for
    the dealer who never saw it, which its world draws afresh)."""
    hidden = set(state.hidden_places(seat))
    secret = state.secret_cards(seat)
    return {z: [None if (z, i) in hidden or c.code in secret else c for i, c in enumerate(cs)]
            for z, cs in state.true_zones().items()}


def unseen_cards(state: State, seat: int) -> Counter:
    """The cards at the places :func:`seen_zones` blanks."""
    blank = seen_zones(state, seat)
    return Counter(c for z, cs in state.true_zones().items()
                   for c, b in zip(cs, blank[z]) if b is None)


def facts_of(key: str, state: State, seat: int) -> Facts:
    """What the game's Hard player reads of the seat's view before it deals a world."""
    hard = computer_player(key, "hard")
    assert isinstance(hard, Search), f"{key}'s Hard is not the one search"
    return hard.facts(state.view(seat), hard.fallback)


@pytest.mark.parametrize("key", KEYS)
def test_a_world_is_one_the_seat_cannot_tell_apart(key):
    differ = 0
    for seed, state in positions(key):
        for seat in range(state.seats):
            world = state.world(seat, seed)
            assert world.view(seat) == state.view(seat)
            assert seen_zones(world, seat) == seen_zones(state, seat)
            truth, dealt = state.hidden(seat), world.hidden(seat)
            assert {z: len(cs) for z, cs in dealt.items()} == {z: len(cs) for z, cs in truth.items()}
            assert unseen_cards(world, seat) == unseen_cards(state, seat)
            differ += dealt != truth
            assert world.rng.getstate() != state.rng.getstate()     # later deals unknown too
    assert differ > 0                  # the hidden cards really were dealt again


@pytest.mark.slow
@pytest.mark.parametrize("key", KEYS)
def test_sampling_never_moves_a_seen_card_and_keeps_the_facts(key):
    for seed, state in positions(key, 30):
        rng = random.Random(seed)
        for seat in range(state.seats):
            world = state.world(seat, seed)
            facts = facts_of(key, state, seat)
            deal(world, seat, facts, rng)
            assert world.view(seat) == state.view(seat)
            assert seen_zones(world, seat) == seen_zones(state, seat)
            dealt = world.hidden(seat)
            for zone, test in facts.lacks.items():
                assert not any(test(c) for c in dealt.get(zone, [])), (zone, dealt.get(zone))
            for zone, cards in facts.holds.items():
                pool = {c for cs in state.hidden(seat).values() for c in cs}
                assert all(c in dealt.get(zone, []) for c in cards if c in pool)
            for s in range(state.seats):
                if state.legal_actions(s):                     # the rules accept the world
                    assert world.legal_actions(s)
            if key == "briscola" and not state.knows[seat] and not state.announced:
                assert world.briscola is None or world.trump == world.briscola.suit


def test_bolola_voids_are_kept_out_of_a_players_hand():
    for _seed, state in positions("bolola", 30):
        view = state.view(0)
        facts = bolola_facts(view)
        if not facts.lacks:
            continue
        for trial in range(5):
            world = state.world(0, trial)
            deal(world, 0, facts, random.Random(trial))
            for zone, test in facts.lacks.items():
                assert not any(test(c) for c in world.hidden(0).get(zone, []))
        return
    pytest.fail("no position with a shown void")


def test_dou_dizhu_peasants_give_the_landlord_the_kitty_they_saw():
    for _seed, state in positions("doudizhu", 30):
        if state.phase != "play" or state.landlord is None:
            continue
        peasant = (state.landlord + 1) % 3
        kitty = [Card.parse(c) for c in state.view(peasant)["kitty"]]
        still = [c for c in kitty if c in state.hands[state.landlord]]
        for trial in range(5):
            world = state.world(peasant, trial)
            deal(world, peasant, doudizhu_facts(state.view(peasant)), random.Random(trial))
            assert all(c in world.hands[state.landlord] for c in still)
        return
    pytest.fail("no position after the bidding")


def test_soft_evidence_weighs_the_deal_and_moves_no_seen_card():
    """Facts.likely: of the candidate deals, one is kept by its weight; a weight that
    only one kind of deal earns makes nearly every sample one of those."""
    for _seed, state in positions("bolola", 10):
        seat = 0
        zones = sorted(state.hidden(seat))
        if len(zones) < 2:
            continue
        card = state.hidden(seat)[zones[0]][0]
        wanted = zones[1]
        evidence = Facts(likely=lambda placed, card=card, wanted=wanted:
                         1.0 if card in placed[wanted] else 0.0)
        hits = plain = 0
        for trial in range(30):
            for facts, count in ((evidence, True), (Facts(), False)):
                world = state.world(seat, trial)
                deal(world, seat, facts, random.Random(trial))
                assert seen_zones(world, seat) == seen_zones(state, seat)
                if count:
                    hits += card in world.hidden(seat)[wanted]
                else:
                    plain += card in world.hidden(seat)[wanted]
        # the first such position deals the card to the wanted hand one time in five:
        # one of 16 candidate deals holds it 97% of the time, so 26 of 30 is 3.5
        # standard deviations short of what the weight gives, and far above 6 of 30
        assert hits >= 26 and plain <= 20, (hits, plain)
        return
    pytest.fail("no position with two hidden hands")


def test_briscola_dealer_never_sees_the_trump_through_a_world():
    trumps = set()
    for _seed, state in positions("briscola", 40):
        dealer = state.dealer
        if state.knows[dealer] or state.briscola is None:
            continue
        for trial in range(8):
            world = state.world(dealer, trial)
            assert world.trump == world.briscola.suit      # the card under the stock names it
            trumps.add(world.trump)
    assert len(trumps) > 1


@pytest.mark.slow
@pytest.mark.parametrize("key", KEYS)
def test_the_search_proposes_legal_actions_only(key):
    for seed, state in positions(key, 6):
        for seat in state.to_act():
            hard = quick(computer_player(key, "hard"), playouts=8)
            legal = state.legal_actions(seat)
            action = hard.choose(state.view(seat), legal, random.Random(seed),
                                 world=state.world(seat, seed))
            assert action in legal


@pytest.mark.slow
@pytest.mark.parametrize("key", KEYS)
def test_a_seed_and_a_playout_count_give_one_move(key):
    searched = 0
    for seed, state in positions(key, 8):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) < 2:
            continue
        moves, thoughts = [], []
        for _ in range(2):
            hard = quick(computer_player(key, "hard"), playouts=10)
            moves.append(hard.choose(state.view(seat), legal, random.Random(seed),
                                     world=state.world(seat, seed)))
            thoughts.append(hard.last.values)
        assert moves[0] == moves[1] and thoughts[0] == thoughts[1]
        searched += 1
    assert searched


def test_the_search_without_a_world_plays_as_its_fallback_and_warns(caplog):
    """A harness that did not hand Hard its world measured Hard equal to Normal with no
    word anywhere: the fallback is still played (a game must go on) but said in the log,
    each time, whoever called it (here as game/session/computers.py's ``think`` does
    when it has no world, and as a harness calling ``choose`` bare)."""
    from game.session.computers import think
    for _seed, state in positions("bolola", 4):
        seat = state.to_act()[0]
        hard = computer_player("bolola", "hard")
        assert isinstance(hard, Search)
        view, legal = state.view(seat), state.legal_actions(seat)
        if len(legal) < 2:
            continue
        caplog.clear()
        with caplog.at_level("WARNING", logger="game.ai.search"):
            assert hard.choose(view, legal, random.Random(1)) \
                == hard.fallback.choose(view, legal, random.Random(1))
            think(hard, view, legal, random.Random(1))
        assert hard.last is None and hard.unsearched == 2
        warned = [r for r in caplog.records if r.levelname == "WARNING"]
        assert len(warned) == 2 and "no world" in warned[0].getMessage()
        return
    pytest.fail("no position with a choice")


def test_a_search_with_its_world_or_one_legal_move_warns_of_nothing(caplog):
    for _seed, state in positions("bolola", 4):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        hard = quick(computer_player("bolola", "hard"), playouts=16)
        with caplog.at_level("WARNING", logger="game.ai.search"):
            hard.choose(state.view(seat), legal, random.Random(0), world=state.world(seat, 0))
            hard.choose(state.view(seat), legal[:1], random.Random(0))
        assert hard.unsearched == 0 and not caplog.records


def test_a_search_whose_time_ran_out_before_one_world_warns(caplog):
    """A machine too busy to play out one world in the time leaves the fallback's move:
    said, not hidden."""
    for _seed, state in positions("briscola", 6):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) < 2:
            continue
        hard = computer_player("briscola", "hard")
        assert isinstance(hard, Search)
        hard.seconds, hard.playouts = 0.0, None
        with caplog.at_level("WARNING", logger="game.ai.search"):
            hard.choose(state.view(seat), legal, random.Random(0), world=state.world(seat, 0))
        assert hard.last is not None and hard.last.samples == 0
        assert hard.unsearched == 1 and "time ran out" in caplog.records[0].getMessage()
        return
    pytest.fail("no position with a choice")


def test_the_paired_difference_and_its_standard_error():
    mean, error, n = paired([3.0, 5.0, None, 5.0], [1.0, 1.0, 9.0, 2.0])   # 2, 4, 3
    assert (mean, n) == (3.0, 3) and error == pytest.approx(1 / 3 ** 0.5)
    assert paired([2.0, None], [0.0, 1.0])[1:] == (float("inf"), 1)     # one world: unknown


def test_the_search_spends_exactly_its_playouts():
    for _seed, state in positions("briscola", 6):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) < 2:
            continue
        hard = quick(computer_player("briscola", "hard"), playouts=8 * len(legal))
        hard.choose(state.view(seat), legal, random.Random(0), world=state.world(seat, 0))
        assert hard.last.samples == 8 and set(hard.last.counts) == set(legal)
        assert set(hard.last.counts.values()) == {8}
        # every candidate's paired error against the policy's choice, as the chosen one's
        assert set(hard.last.errors) == set(legal) and hard.last.errors[hard.last.policy] == 0
        assert hard.last.errors[hard.last.chosen] == hard.last.error
        fewer = quick(computer_player("briscola", "hard"), playouts=16)   # judges two
        fewer.choose(state.view(seat), legal, random.Random(0), world=state.world(seat, 0))
        assert len(fewer.last.counts) == 2 and fewer.last.policy in fewer.last.counts
        return
    pytest.fail("no position with a choice")


def test_the_search_leaves_the_policy_only_on_evidence():
    a, b, c = Action("play", (), "a"), Action("play", (), "b"), Action("play", (), "c")
    assert confident_best({a: [0, 0, 0, 0], b: [5, -5, 5, -4], c: [1, 2, 1, 2]}, a) == c
    assert confident_best({a: [0, 0, 0, 0], b: [5, -5, 5, -4]}, a) == a     # noise
    assert confident_best({a: [0, 0, 0], b: [3, 3, 4], c: [2, 2, 2]}, a) == b
    assert confident_best({a: [0, 0], b: [None, 9]}, a) == a               # one world only
    edge = {a: [0] * 8, b: [1, 0, 0, 0, 1, 0, 0, 0]}                       # a slight edge:
    assert confident_best(edge, a) == b                                    # enough alone,
    crowd = {**edge, **{Action("play", (), x): [0] * 8 for x in "defghijk"}}
    assert confident_best(crowd, a) == a                                   # not among ten
    assert confident_best(edge, a, false_leave=0.01) == a                  # nor held stricter


def test_a_candidate_far_behind_the_policys_choice_is_judged_no_further():
    base = [0.0] * MIN_SAMPLES
    worse = [-5.0, -6.0, -4.0, -5.5, -5.0, -4.5, -6.0, -5.0]
    assert trailing(worse, base)
    assert not trailing(worse[:MIN_SAMPLES - 1], base)            # too few worlds yet
    assert not trailing([-5.0, 4.0, -6.0, 5.0, -5.0, 3.0, -4.0, 6.0], base)   # noise
    assert not trailing([1.0] * MIN_SAMPLES, base)                # ahead: may be chosen
    assert not trailing(base, base)                               # the choice itself
    assert not trailing(worse[:4] + [None] * 4, base)             # four worlds in common


def test_an_obvious_move_is_made_without_the_whole_budget():
    """Bocce: a bocce nine or more under the pallino: standing is hopeless against drawing,
    so the search stops long before its playouts are spent, and still draws."""
    for seed, state in positions("bocce", 60):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        if view["phase"] != "roll" or Action("draw") not in legal:
            continue
        if max(int(a.value) for a in legal if a.kind == "stand") > view["pallino"] - 9:
            continue
        hard = quick(computer_player("bocce", "hard"), playouts=400)
        action = hard.choose(view, legal, random.Random(seed), world=state.world(seat, seed))
        assert action == Action("draw")
        assert sum(hard.last.counts.values()) < 400
        return
    pytest.fail("no early roll far under the pallino")


def test_a_playout_counts_what_the_candidate_settles_at_once():
    """Briscola, the last card of a trick: its points are the candidate's value, counted
    from the world before it was played (the round here is one trick, so the playout
    stops at once); counted from after it, the trick would be worth nothing, its points
    being in the start already."""
    judge = Judge(lambda s: len(s.tricks), lambda s: s.taken())
    valued = 0
    for seed, state in positions("briscola", 60):
        if state.phase != "play" or len(state.table) != 2:
            continue
        seat = state.to_act()[0]
        for action in state.legal_actions(seat):
            if action.card == VENCESLAO:
                continue
            world = state.copy()
            world.advance(seat, action)
            value = playout(world, seat, judge, [], random.Random(0), origin=state)
            assert value == gain(world.taken(), state.taken(), seat)
            valued += value != 0
    assert valued


def test_gain_is_the_seats_gain_less_the_others_mean():
    assert gain([10, 4, 1], [0, 0, 1], 0) == 10 - 2
    assert gain([3, 5], [3, 0], 1) == 5


@pytest.mark.slow
@pytest.mark.parametrize("key", ["bisca", "doudizhu"])
def test_ismcts_proposes_legal_actions_and_repeats_itself(key):
    for seed, state in positions(key, 5):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        moves = []
        for _ in range(2):
            ismcts = quick(IsmctsSearch.like(computer_player(key, "hard")), playouts=12)
            moves.append(ismcts.choose(state.view(seat), legal, random.Random(seed),
                                       world=state.world(seat, seed)))
        assert moves[0] in legal and moves[0] == moves[1]


@pytest.mark.parametrize("seats", GAMES["bisca"].seats)
def test_bisca_at_every_player_count_searches_legal_repeatable_moves_in_worlds_it_cannot_tell(
        seats):
    """Bisca's Hard at 2 to 6 players: its worlds keep every card the seat has seen (the
    others' cards face up in the one-card round among them), it proposes a legal action,
    and a seed and a playout count give one move."""
    searched = 0
    for seed, state in positions("bisca", 10, seats=seats):
        seat = state.to_act()[0]
        world = state.world(seat, seed)
        deal(world, seat, Facts(), random.Random(seed))
        assert world.view(seat) == state.view(seat)
        assert seen_zones(world, seat) == seen_zones(state, seat)
        assert unseen_cards(world, seat) == unseen_cards(state, seat)
        legal = state.legal_actions(seat)
        moves = []
        for _ in range(2):
            hard = quick(computer_player("bisca", "hard"), playouts=12)
            moves.append(hard.choose(state.view(seat), legal, random.Random(seed),
                                     world=state.world(seat, seed)))
        assert moves[0] in legal and moves[0] == moves[1]
        searched += len(legal) > 1
    assert searched


def test_the_budget_stretches_where_the_move_is_unjudged_or_close_and_not_where_it_is_clear():
    """An adaptive budget: past its time a move thinks on, up to the cap, while it has
    fewer than MIN_SAMPLES worlds or a candidate leads the policy's choice unproven; a
    move one candidate dominates (or none leads) is made at once."""
    a, b = Action("play", (), "a"), Action("play", (), "b")
    base = [0.0] * MIN_SAMPLES
    assert stretched(1.0, 1.7, {a: base[:3], b: base[:3]}, a, 3) == 1.7          # unjudged
    assert stretched(1.0, 1.7, {a: base, b: [2, -2, 3, -1, 2, -2, 1, -1]}, a, 8) == 1.7  # close
    assert stretched(1.0, 1.7, {a: base, b: [-3.0] * MIN_SAMPLES}, a, 8) == 1.0   # a leads
    assert stretched(1.0, 1.7, {a: base, b: [5, 4, 6, 5, 5, 4, 6, 5]}, a, 8) == 1.0  # b shown
    assert stretched(1.0, None, {a: base[:3]}, a, 3) == 1.0                     # a count
    assert stretched(1.7, 1.7, {a: base[:3]}, a, 3) == 1.7                      # at the cap


class Work:
    """A fake clock that moves only as the search works (no wall time in the test): each
    engine action, world dealt and exact settle costs ``cost`` seconds, and each records
    when it started."""

    def __init__(self, cost: float) -> None:
        self.now, self.cost = 0.0, cost
        self.started: list[tuple[str, float]] = []

    def __call__(self) -> float:
        return self.now

    def spend(self, what: str) -> None:
        self.started.append((what, self.now))
        self.now += self.cost


def timed_by(work: Work, hard: Search, state: State, monkeypatch) -> None:
    """Make ``hard``'s search, on worlds of ``state``'s kind, pay ``work`` for its work."""
    from game.ai import search as module

    advance, dealt = type(state).advance, module.deal

    def advancing(self, seat, action):
        work.spend("action")
        return advance(self, seat, action)

    def dealing(*args, **kwargs):
        work.spend("deal")
        return dealt(*args, **kwargs)

    monkeypatch.setattr(module, "clock", work)
    monkeypatch.setattr(type(state), "advance", advancing)
    monkeypatch.setattr(module, "deal", dealing)
    if hard.judge.settle is not None:
        settle = hard.judge.settle

        def settling(world):
            work.spend("settle")
            return settle(world)
        hard.judge = replace(hard.judge, settle=settling)


@pytest.mark.parametrize("key", ["briscola", "doudizhu"])
def test_no_work_starts_after_the_moves_last_moment(key, monkeypatch):
    """Hard's time a move, on a clock that moves only with its work: nothing (an action
    of a playout, a world dealt, an exact settle) starts once the stretched budget is
    spent but the action of a playout's step begun before it, so the move ends within
    one step of it: a playout is cut where the time ends, not some actions later, and no
    world is dealt that cannot be played."""
    checked = 0
    for seed, state, seat, legal in with_a_choice(key, 30):
        hard = computer_player(key, "hard")
        assert isinstance(hard, Search)
        work = Work(cost=0.003)
        timed_by(work, hard, state, monkeypatch)
        hard.choose(state.view(seat), legal, random.Random(seed), world=state.world(seat, seed))
        cap = hard.seconds * hard.stretch
        late = [(what, t) for what, t in work.started if t > cap]
        assert [what for what, _ in late] in ([], ["action"]), \
            f"seed {seed}: {late[:3]} started after {cap} s"     # only a step begun before
        assert work.now <= cap + 2 * work.cost
        checked += 1
        monkeypatch.undo()
        if checked == 3:
            return
    pytest.fail("no position with a choice")


def test_a_search_pauses_the_garbage_collector_and_restores_it():
    """Hard's copies of the game make no reference cycles, so a collection in the middle
    of a move only costs time: the collector waits for the move and is as it was after."""
    import gc

    seen: list[bool] = []
    for seed, state, seat, legal in with_a_choice("briscola", 6):
        hard = quick(computer_player("briscola", "hard"), playouts=16)
        def watched(make=hard.policy):
            seen.append(gc.isenabled())
            return make()
        hard.policy = watched
        hard.choose(state.view(seat), legal, random.Random(seed), world=state.world(seat, seed))
        assert seen and not any(seen) and gc.isenabled()
        gc.disable()
        try:
            hard.choose(state.view(seat), legal, random.Random(seed),
                        world=state.world(seat, seed))
            assert not gc.isenabled()
        finally:
            gc.enable()
        return
    pytest.fail("no position with a choice")
