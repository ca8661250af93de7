"""One determinized search for every game: the "hard" computer player.

Perfect-information Monte Carlo (PIMC), as strong Skat and Bridge programs play:

1. *Sample a world.*  The session hands the player a copy of the game that holds
   nothing its seat may not know (:meth:`State.world <game.engine.State.world>`:
   the hidden cards shuffled among their zones, future deals reseeded).  The search
   deals those hidden cards again, this time as the seat's view implies
   (:func:`deal`): cards a player is known to hold stay with them (Dou Dizhu's
   kitty with the landlord, Briscola's sampled card with whoever drew it), suits a
   player showed void never reach them; where the others' actions are soft evidence
   (Dou Dizhu's bids and passes), several deals are drawn and one kept by how likely
   they make those actions.  What a game knows about itself comes from
   its module as :class:`Facts`; the sampling is the same for all.
2. *Play it out* once for each candidate action, every seat played by the game's
   playout policy (its "normal" player, seeing its own view of the sampled world),
   through the engine's fast path (:meth:`State.advance`: actions taken from
   ``legal_actions`` need no second check), until the round ends (a Briscola game,
   a Bolola deal, a Bisca round, a Bocce hand, a Dou Dizhu hand) or the game does.
3. *Score* the round by the game's :class:`Judge`: the seat's gain in the game's own
   points minus the others' mean gain, at the cut-off.  A game may end a playout early
   with its own exact evaluation (``Judge.settle``: Dou Dizhu solves its last cards,
   game/ai/doudizhu_endgame.py, Briscola its last tricks once the stock is empty,
   game/ai/briscola_end.py); the other games leave it unset and play to the end.
4. *Choose* by the same sampled worlds for every candidate (common random
   numbers): the best mean among the candidates that beat the policy's own choice
   by more than a few standard errors of the paired difference (more when more
   candidates are judged), else the policy's choice (:func:`confident_best`).  A budget
   that cannot judge every candidate on :data:`MIN_SAMPLES` worlds judges fewer (the
   policy's choice, a pass, then the others as the policy ranks them when it can, its
   ``rank`` hook, else at random).  A candidate that trails the policy's
   choice by :data:`DROP_Z` standard errors once judged on :data:`MIN_SAMPLES` worlds is
   played out no more (it could not be chosen), so the playouts go to the close calls;
   when none is left but the policy's choice, the move is made at once (an obvious move costs a few dozen
   playouts, not the whole budget).

The budget is a count of playouts (tests: the same seed gives the same move) or a
time in seconds (play: counted from the call, the fallback's own choice included, and
checked before every world is dealt and every step of a playout, so a move never runs
over by more than one step; Python's cycle collector waits for the move,
:func:`collector_paused`).  A time is stretched, up to :data:`STRETCH` times itself, where it ran out
with the move unjudged (a busy machine) or close (:func:`stretched`); an obvious move
is made early, as above.  Without a world the player plays as its policy does, and says so in the
log as a warning (:func:`unsearched`), as it does when its time ran out before it
played out one world: a search asked for never falls back unseen.

Why PIMC and not information-set MCTS: see bench/README.md ("Hard: which search").
The ISMCTS here (:class:`IsmctsSearch`) is kept for that comparison.
"""

from __future__ import annotations

import gc
import logging
import math
import random
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any, Callable, Hashable, Iterator, Mapping, Optional, Sequence

from game.ai.base import ComputerPlayer
from game.cards import Card
from game.engine import Action, State
from game.views import BaseView

log = logging.getLogger(__name__)

#: the clock a time budget is counted on (a module value, so a test can put a clock there
#: that moves with the search's work instead of the wall's)
clock: Callable[[], float] = time.perf_counter

#: a playout that has not reached the end of its round after this many actions stops
MAX_PLAYOUT = 800
#: the fewest sampled worlds a candidate should be judged on: a budget keeps fewer
#: candidates (the policy's choice first) rather than judge more on fewer worlds
MIN_SAMPLES = 8
#: the chance, over all the candidates of a move, that the search leaves its policy's
#: choice for a move that is no better (each candidate is held to a share of it)
FALSE_LEAVE = 0.2
#: how many times its budget a move may think when the budget left it unjudged (fewer
#: than :data:`MIN_SAMPLES` worlds played out: a busy machine) or close (a candidate
#: ahead of the policy's choice, not yet shown better): at 0.5 s, 0.85 s at most
STRETCH = 1.7
#: standard errors of the paired difference by which a candidate must trail the policy's
#: choice, after :data:`MIN_SAMPLES` worlds, to be judged no further (:func:`trailing`)
DROP_Z = 3.0


@dataclass(frozen=True)
class Facts:
    """What a seat's view implies about where hidden cards lie, beyond the counts.

    ``holds``: cards known to lie in a zone (still hidden from the seat, e.g. the
    kitty the landlord took).  ``lacks``: per zone, a test of the cards it cannot
    hold (a suit its player showed void).  ``adjust``: draws any other secret of a
    sampled world (Briscola's trump, when the seat was never told it).  ``likely``:
    soft evidence, how likely the others' public actions were had the hidden cards
    lain as dealt (0 to 1, given the cards zone by zone as :func:`deal` places them:
    a bid that shows strength, a pass that shows no answer); the deal then draws
    :data:`LIKELY_DRAWS` candidates and keeps one by that weight."""

    holds: Mapping[str, Sequence[Card]] = field(default_factory=dict)
    lacks: Mapping[str, Callable[[Card], bool]] = field(default_factory=dict)
    adjust: Optional[Callable[[State, random.Random], None]] = None
    likely: Optional[Callable[[Mapping[str, Sequence[Card]]], float]] = None


NO_FACTS = Facts()
#: candidate deals :func:`deal` weighs by :attr:`Facts.likely` to keep one (sampling-
#: importance-resampling: the kept deal follows the evidence the closer, the more drawn)
LIKELY_DRAWS = 16


@dataclass(frozen=True)
class Judge:
    """How a game scores a playout: ``round_key`` changes when a round ends (the
    playout stops there), ``progress`` is each seat's points so far; ``ready``, when
    given, readies a sampled world for the playout players; ``settle``, when given, is
    the game's cut-off evaluation: each seat's points at the end of the round when the
    game can tell them from the world as it stands (Dou Dizhu solves its last cards
    exactly), else None and the playout goes on."""

    #: each game's own state class (a Bisca game's round_no ...): typed as Any here
    round_key: Callable[[Any], Hashable]
    progress: Callable[[Any], Sequence[float]]
    #: readies a sampled world for playout players that start with no memory
    ready: Optional[Callable[[State], None]] = None
    #: the round's end points from here, when the game can tell them (None: play on)
    settle: Optional[Callable[[Any], Optional[Sequence[float]]]] = None
    #: ``progress`` is each seat's chance to win (the chances summing to one: Bocce's
    #: game, Briscola's match), not points: a hint then speaks of the chance
    chances: bool = False
    #: what ``progress`` counts, for a hint's words where it is not points (Bisca's
    #: "lives"), and how many of ``progress``'s steps make one (a life is two halves)
    unit: str = ""
    unit_size: float = 1.0

    def prepare(self, world: State) -> None:
        if self.ready is not None:
            self.ready(world)


def deal(world: State, seat: int, facts: Facts, rng: random.Random, tries: int = 8) -> None:
    """Deal ``world``'s hidden cards (those ``seat`` cannot see) again, at random,
    as ``facts`` allow: known cards where they are known to be, no card where it
    cannot be.  When the rules' facts cannot all hold (they contradict a world the
    seat could not tell apart: a bug, or a fact too strong) the void facts are
    dropped rather than stopping the game."""
    secret = world.hidden(seat)
    if not secret:
        return
    sizes = {z: len(cs) for z, cs in secret.items()}
    pool = [c for cs in secret.values() for c in cs]

    def draw() -> dict[str, list[Card]]:
        for attempt in range(tries + 1):
            placed = _try_deal(pool, sizes, facts, rng, strict=attempt < tries)
            if placed is not None:
                return placed
        raise AssertionError("a deal without the void facts always fits")
    placed = draw()
    if facts.likely is not None:
        drawn = [placed] + [draw() for _ in range(LIKELY_DRAWS - 1)]
        weights = [facts.likely(d) for d in drawn]
        if sum(weights) > 0:
            placed = rng.choices(drawn, weights)[0]
    world.rehide(seat, placed)
    if facts.adjust is not None:
        facts.adjust(world, rng)


def _try_deal(pool: list[Card], sizes: Mapping[str, int], facts: Facts,
              rng: random.Random, strict: bool) -> dict[str, list[Card]] | None:
    room = dict(sizes)
    out: dict[str, list[Card]] = {z: [] for z in sizes}
    rest = list(pool)
    for zone, cards in facts.holds.items():
        if zone not in room:
            continue
        for c in cards:
            if c in rest and room[zone] > 0:
                rest.remove(c)
                out[zone].append(c)
                room[zone] -= 1
    rng.shuffle(rest)
    lacks = facts.lacks if strict else {}
    if not lacks:          # no card barred anywhere: the shuffled cards dealt zone by zone
        at = 0             # (as uniform as placing them one by one, at a fraction of the cost)
        for z, n in room.items():
            out[z] += rest[at:at + n]
            at += n
        for cards in out.values():
            rng.shuffle(cards)
        return out

    def allowed(c: Card) -> list[str]:
        return [z for z in room if not (z in lacks and lacks[z](c))]

    # the most constrained cards first, so a short zone is not filled by cards that could go anywhere
    options = sorted(((allowed(c), c) for c in rest), key=lambda pair: len(pair[0]))
    for zones, c in options:
        open_ = [z for z in zones if room[z] > 0]
        if not open_:
            return None
        z = rng.choices(open_, [room[x] for x in open_])[0]
        out[z].append(c)
        room[z] -= 1
    for cards in out.values():
        rng.shuffle(cards)
    return out


def playout(world: State, seat: int, judge: Judge, policies: Sequence[ComputerPlayer],
            rng: random.Random, deadline: Optional[float] = None,
            origin: Optional[State] = None) -> Optional[float]:
    """Play ``world`` to the end of its round with ``policies``; the seat's gain
    minus the others' mean gain (None when ``deadline`` passed first: a busy machine
    must not stretch a move by a whole playout).  The gain and the round are counted
    from ``origin`` when given: the world before the candidate action was made, so
    what that action settles at once (the trick its card completes, the round it
    ends) is part of its value, not the start it is measured from."""
    start_key = judge.round_key(origin if origin is not None else world)
    start = judge.progress(origin if origin is not None else world)
    steps = 0
    while steps < MAX_PLAYOUT:
        acting = world.to_act()
        if not acting or judge.round_key(world) != start_key:
            break
        if deadline is not None and clock() > deadline:
            return None             # checked before every action and settle: cut where time ends
        if judge.settle is not None:
            end = judge.settle(world)
            if end is not None:
                return gain(end, start, seat)
        s = acting[0] if len(acting) == 1 else rng.choice(acting)
        legal = world.legal_actions(s)
        action = legal[0] if len(legal) == 1 else policies[s].choose(world.view(s), legal, rng)
        world.advance(s, action)
        steps += 1
    return gain(judge.progress(world), start, seat)


def gain(end: Sequence[float], start: Sequence[float], seat: int) -> float:
    """The seat's gain minus the mean gain of the others."""
    d = [e - b for e, b in zip(end, start)]
    others = [x for i, x in enumerate(d) if i != seat]
    return d[seat] - (sum(others) / len(others) if others else 0.0)


@dataclass
class Thought:
    """What the last search found: each candidate's mean value and its sample count,
    the policy's own choice, the chosen one (for hints and benchmarks)."""

    values: dict[Action, float]
    counts: dict[Action, int]
    policy: Action
    chosen: Action
    samples: int
    #: the values are gains in chances to win (:attr:`Judge.chances`) at a table of ``seats``
    chances: bool = False
    seats: int = 2
    #: the judge's unit (:attr:`Judge.unit`) and its size in the values' steps
    unit: str = ""
    unit_size: float = 1.0
    #: the standard error of the chosen action's value less the policy's choice's, over
    #: the worlds both were played out in (infinite when the samples cannot tell it:
    #: fewer than two worlds, or a search that does not pair them, ISMCTS)
    error: float = math.inf
    #: each candidate's standard error of its value less the policy's choice's, paired as
    #: :attr:`error` is (what a benchmark reads to see how close the search's calls were)
    errors: dict[Action, float] = field(default_factory=dict)

    def margin(self) -> float:
        """How much better the chosen action scored than the policy's choice, on average:
        in the game's points (or its :attr:`unit`), or where the values are chances, in points of a hundred of
        the seat's own chance to win (a gain is the seat's chance less the others' mean,
        which moves ``seats / (seats - 1)`` times as far as the seat's chance alone)."""
        return self._scaled(self.values.get(self.chosen, 0.0) - self.values.get(self.policy, 0.0))

    def within(self, z: float = 1.96) -> float:
        """The half width of the margin's 95% interval (``z`` standard errors of the
        paired difference), in the margin's own units: a margin no wider than this is
        one the sampled worlds cannot tell from none."""
        return self._scaled(z * self.error)

    def shown(self) -> bool:
        """Whether the samples show the chosen action better than the policy's choice:
        its margin's 95% interval lies above zero."""
        return self.chosen != self.policy and self.margin() - self.within() > 0

    def _scaled(self, gain: float) -> float:
        return gain * 100 * (self.seats - 1) / self.seats if self.chances \
            else gain / self.unit_size


class Search:
    """The "hard" player of every game: PIMC over the seat's worlds (module docstring).

    ``policy`` makes the playout players (one per seat, fresh for each move, so no
    playout leaves memory in the real players); ``fallback`` is the player whose
    choice breaks ties and plays when there is no world or no time; ``facts`` reads
    what the view implies (see :class:`Facts`); ``present`` turns the chosen action
    into the form the seat shows (Dou Dizhu draws which cards of a rank at random);
    ``rank``, when given, orders the legal actions as the policy likes them, best first
    (the candidates are taken in that order, not at random).  ``playouts`` (a count) or
    ``seconds`` (wall time) bounds the work; ``width`` the candidates examined (the
    policy's choice always among them).  ``false_leave`` is the chance the search may
    take of leaving its fallback for a move no better (:func:`confident_best`): a game
    whose fallback already plays by exact expectation (Bocce) or knows more than the
    playouts' players (Briscola's, which solves the last tricks) asks for more evidence.
    """

    wants_world = True

    def __init__(self, name: str, policy: Callable[[], ComputerPlayer], fallback: ComputerPlayer,
                 judge: Judge, facts: Callable[[Any, Any], Facts]
                 = lambda view, player: NO_FACTS,
                 playouts: Optional[int] = None, seconds: Optional[float] = 0.5,
                 width: int = 12,
                 present: Callable[[Any, Action, random.Random], Action]
                 = lambda view, action, rng: action, false_leave: float = FALSE_LEAVE,
                 rank: Optional[Callable[[Any, Sequence[Action]], list[Action]]] = None,
                 stretch: float = STRETCH) -> None:
        self.name = name
        self.stretch = stretch
        self.rank = rank
        #: the legal actions of the move being thought, as ``rank`` orders them
        self.ranked: Optional[list[Action]] = None
        self.false_leave = false_leave
        self.present = present
        self.policy = policy
        self.fallback = fallback
        self.judge = judge
        self.facts = facts
        self.playouts = playouts
        self.seconds = seconds
        self.width = width
        self.last: Optional[Thought] = None
        #: the moves of more than one legal action it played without a search (each logged)
        self.unsearched = 0
        #: when the move being thought must be chosen (its time counts from ``choose``)
        self.deadline: Optional[float] = None

    def choose(self, view: BaseView, legal: Sequence[Action], rng: random.Random,
               world: Optional[State] = None) -> Action:
        with collector_paused():
            return self._choose(view, legal, rng, world)

    def _choose(self, view: BaseView, legal: Sequence[Action], rng: random.Random,
                world: Optional[State]) -> Action:
        legal = list(legal)
        self.ranked = None
        self.deadline = None if self.seconds is None else clock() + self.seconds
        mine = self.fallback.choose(view, legal, rng)
        seat = view["seat"]
        if len(legal) == 1:
            self.last = None
            return mine
        if world is None or not isinstance(seat, int):
            self.last = None
            unsearched(self, "no world was handed to it" if world is None
                       else "its view names no seat")
            return mine
        if mine not in legal:           # another form of a listed move (Dou Dizhu's suits)
            mine = next((a for a in legal if (a.kind, a.value) == (mine.kind, mine.value)),
                        mine)
        self.ranked = self.rank(view, legal) if self.rank is not None else None
        self.last = self.search(world, seat, legal, mine, self.facts(view, self.fallback), rng)
        if not self.last.samples:
            unsearched(self, "its time ran out before one world was played out")
        return self.present(view, self.last.chosen, rng)

    def search(self, world: State, seat: int, legal: list[Action], mine: Action, facts: Facts,
               rng: random.Random) -> Thought:
        """PIMC (the module docstring): every candidate played out in the same worlds."""
        candidates = self.candidates(legal, mine, rng)
        if self.playouts is not None:
            candidates = candidates[:max(2, self.playouts // MIN_SAMPLES)]
        runs: dict[Action, list[Optional[float]]] = {a: [] for a in candidates}
        started, deadline = clock(), self.deadline
        cap = None if deadline is None or self.seconds is None \
            else deadline + self.seconds * (max(1.0, self.stretch) - 1)
        done = samples = 0
        n = world.seats

        def spent() -> bool:
            """Whether the move's time is up, its deadline stretched where the move is
            unjudged or close (:func:`stretched`)."""
            nonlocal deadline
            if deadline is None or clock() <= deadline:
                return False
            deadline = stretched(deadline, cap, runs, mine, samples, self.false_leave)
            return clock() > deadline

        while self.playouts is None or done < self.playouts:
            if spent():             # no world dealt that there is no time to play out
                break
            sample = _copy(world)
            deal(sample, seat, facts, rng)
            self.judge.prepare(sample)
            policies = [self.policy() for _ in range(n)]
            seed = rng.getrandbits(32)
            values: dict[Action, float] = {}
            for a in candidates:
                if spent():
                    break
                if not sample.is_legal(seat, a):
                    continue
                w = _copy(sample)
                w.advance(seat, a)
                value = playout(w, seat, self.judge, policies, random.Random(seed),
                                cap if cap is not None else deadline, origin=sample)
                if value is None:
                    break
                values[a] = value
                done += 1
            else:
                samples += 1
                for a in runs:
                    runs[a].append(values.get(a))
                if samples == 1 and deadline is not None:   # keep what the time can judge
                    each = (clock() - started) / max(1, len(values))
                    fit = int((deadline - clock()) / each / MIN_SAMPLES)
                    candidates = candidates[:max(2, fit)]
                    runs = {a: runs[a] for a in candidates}
                if samples >= MIN_SAMPLES:
                    candidates = [a for a in candidates if not trailing(runs[a], runs[mine])]
                    if candidates == [mine]:
                        break
                continue
            break
        counts = {a: sum(v is not None for v in runs[a]) for a in runs}
        means = {a: sum(v for v in runs[a] if v is not None) / counts[a]
                 for a in runs if counts[a]}
        chosen = confident_best(runs, mine, self.false_leave)
        errors = {a: paired(runs[a], runs[mine])[1] for a in runs} if mine in runs else {}
        return Thought(means, counts, mine, chosen, samples, self.judge.chances, n,
                       self.judge.unit, self.judge.unit_size, errors.get(chosen, math.inf),
                       errors)

    def candidates(self, legal: list[Action], mine: Action, rng: random.Random) -> list[Action]:
        """The policy's choice, a pass when there is one, then the other legal actions
        as the policy ranks them (``rank``) or else in a random order, at most ``width``
        in all (a budget may keep fewer)."""
        keep = [mine] + [a for a in legal if a.kind == "pass" and a != mine]
        if self.ranked is not None:
            rest = [a for a in self.ranked if a not in keep]
        else:
            rest = [a for a in legal if a not in keep]
            rng.shuffle(rest)
        return (keep + rest)[:max(len(keep), self.width)]


def paired(values: Sequence[Optional[float]], base: Sequence[Optional[float]]
           ) -> tuple[float, float, int]:
    """The mean of ``values`` less ``base`` over the worlds both were judged on, the
    standard error of that mean (infinite under two worlds: nothing is known of its
    spread) and how many worlds: what every comparison of two candidates rests on."""
    d = [x - y for x, y in zip(values, base) if x is not None and y is not None]
    if len(d) < 2:
        return (d[0] if d else 0.0), math.inf, len(d)
    mean = sum(d) / len(d)
    var = sum((x - mean) ** 2 for x in d) / (len(d) - 1)
    return mean, math.sqrt(var / len(d)), len(d)


def stretched(deadline: float, cap: Optional[float],
              runs: Mapping[Action, Sequence[Optional[float]]], mine: Action, samples: int,
              false_leave: float = FALSE_LEAVE) -> float:
    """When a move whose budget has run out must be made (an adaptive budget): at ``cap``
    where the budget left it unjudged (fewer than :data:`MIN_SAMPLES` worlds: a machine
    too busy to judge anything in the budget) or close (a candidate ahead of the
    policy's choice on average, not yet shown better), else now (``deadline``): where one
    move dominates, the time already spent was enough."""
    if cap is None or deadline >= cap:
        return deadline
    if samples < MIN_SAMPLES:
        return cap
    base = runs.get(mine, [])
    ahead = any(paired(values, base)[0] > 0 for a, values in runs.items() if a != mine)
    return cap if ahead and confident_best(runs, mine, false_leave) == mine else deadline


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector held off for a move, as it was after: a search's copies
    of the game hold no reference cycles (each is freed the moment it is dropped), yet
    the thousands it makes a move set off collections that walk the whole heap, tens of
    milliseconds each on a busy machine (Dou Dizhu's up to 90 ms inside one move)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def unsearched(player: Search, why: str) -> None:
    """Say, as a warning in the log, that a search asked for played its fallback's move
    instead: a caller that forgot the world (or a machine too busy to play out one
    world) would otherwise meet a "hard" player that is its "normal" one, unseen."""
    player.unsearched += 1
    log.warning("%s played its fallback's move without a search: %s", player.name, why)


def trailing(values: Sequence[Optional[float]], base: Sequence[Optional[float]]) -> bool:
    """Whether a candidate's values trail ``base`` (the policy's choice's, world by world)
    by more than :data:`DROP_Z` standard errors of the paired difference: it could not
    be chosen (:func:`confident_best` wants it ahead), so it is judged no further."""
    mean, error, n = paired(values, base)
    if n < MIN_SAMPLES or values is base:
        return False
    return mean + DROP_Z * error < 0


def confident_best(runs: Mapping[Action, Sequence[Optional[float]]], mine: Action,
                   false_leave: float = FALSE_LEAVE) -> Action:
    """The candidate with the best mean among those that beat ``mine`` (the policy's
    choice) by more than ``z`` standard errors of the paired difference over the same
    worlds; ``mine`` when none does.  A few dozen playouts judge two moves a few points
    apart by chance: the search leaves the policy only on evidence, and the more
    candidates it judges, the more evidence it wants (``z`` holds the chance that any of
    them looks better by luck alone to ``false_leave``, by default :data:`FALSE_LEAVE`)."""
    best, best_mean = mine, 0.0
    base = runs.get(mine, [])
    rivals = max(1, len(runs) - 1)
    z = NormalDist().inv_cdf(1 - false_leave / rivals)
    for a, values in runs.items():
        if a == mine:
            continue
        mean, error, n = paired(values, base)
        if n < 2:
            continue
        if mean > z * error and mean > best_mean:
            best, best_mean = a, mean
    return best


def _copy(state: State) -> State:
    return state.copy()


class _Node:
    """A node of the ISMCTS tree: reached by one seat's action, whatever the deal."""

    __slots__ = ("children", "visits", "avail", "reward")

    def __init__(self) -> None:
        self.children: dict[tuple[int, Action], _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0          # summed gain of the seat whose action leads here


class IsmctsSearch(Search):
    """Single-observer information-set MCTS (Cowling, Powley and Whitehouse), kept to
    measure PIMC against (bench/ai.py ``--rows ismcts``): each iteration deals a world
    as :class:`Search` does, walks one tree shared by all deals (an action is a child
    whoever's hand allowed it; UCB over the children this deal allows, counted by
    availability), adds one node, plays out with the policy, and backs up each seat's
    gain.  The move is the root child visited most.  ``playouts`` counts iterations."""

    #: UCB exploration, in units of the spread of the gains seen so far
    EXPLORE = 0.7

    @classmethod
    def like(cls, search: Search) -> "IsmctsSearch":
        """An ISMCTS player with ``search``'s policy, fallback, judge, facts and budget."""
        return cls(search.name.replace("hard", "ismcts"), search.policy, search.fallback,
                   search.judge, search.facts, search.playouts, search.seconds, search.width,
                   search.present, search.false_leave, search.rank)

    def search(self, world: State, seat: int, legal: list[Action], mine: Action, facts: Facts,
               rng: random.Random) -> Thought:
        root = _Node()
        deadline = self.deadline
        low, high = 0.0, 1e-9
        done = 0
        n = world.seats
        while (self.playouts is None or done < self.playouts) and \
                (deadline is None or clock() < deadline):
            w = _copy(world)
            deal(w, seat, facts, rng)
            self.judge.prepare(w)
            policies = [self.policy() for _ in range(n)]
            key, start = self.judge.round_key(w), self.judge.progress(w)
            node, path, movers = root, [root], []
            while w.to_act() and self.judge.round_key(w) == key:
                acting = w.to_act()
                s = acting[0] if len(acting) == 1 else rng.choice(acting)
                options = w.legal_actions(s) if node is not root else \
                    [a for a in legal if w.is_legal(seat, a)]
                if node is root:
                    s = seat
                for a in options:
                    child = node.children.get((s, a))
                    if child is not None:
                        child.avail += 1
                untried = [a for a in options if (s, a) not in node.children]
                if untried:
                    a = mine if node is root and mine in untried else rng.choice(untried)
                    child = node.children[(s, a)] = _Node()
                    child.avail = 1
                    w.advance(s, a)
                    path.append(child)
                    movers.append(s)
                    break
                spread = self.EXPLORE * (high - low)

                def ucb(a: Action, node: Any = node, s: int = s, spread: float = spread) -> float:
                    c = node.children[(s, a)]
                    return c.reward / c.visits + spread * math.sqrt(math.log(c.avail) / c.visits)
                a = max(options, key=ucb)
                node = node.children[(s, a)]
                w.advance(s, a)
                path.append(node)
                movers.append(s)
            if playout(w, seat, self.judge, policies, rng, deadline) is None:
                break
            end = self.judge.progress(w)
            for child, s in zip(path[1:], movers):
                g = gain(end, start, s)
                child.visits += 1
                child.reward += g
                low, high = min(low, g), max(high, g)
            root.visits += 1
            done += 1
        visits = {a: c.visits for (s, a), c in root.children.items() if s == seat}
        best = max(visits, key=lambda a: (visits[a], a == mine), default=mine)
        return Thought({a: c.reward / max(1, c.visits) for (s, a), c in root.children.items()
                        if s == seat}, visits, mine, best, done, self.judge.chances, world.seats,
                       self.judge.unit, self.judge.unit_size)

