"""Computer players for Briscola Venceslao.  They see one seat's view, nothing else.

How they think, in a few lines:

* What is known: its own hand, the cards on the table and in a held culetto,
  the public list of cards played this game and of finished tricks (who led,
  what fell, who won), the sampled card while it lies face up under the stock.
* The trump: read from the view when shown; remembered per seat otherwise (the
  "Remember the trump" option shows it only until the seat's next play, and a
  player is allowed a memory); inferred when unknown (the dealer): a trick won
  by a card off the suit led was won by a trump; a suit that lost to the led
  suit is not trump; the rest is weighed by the cards still unseen.
* A card is chosen by sampling the unseen cards into the opponents' hands
  (and the trump, if unknown), letting the later players of the trick answer
  greedily, and scoring "points I take now" minus "what the card is worth to
  keep" (high trumps are kept for valuable tricks; Aces and Threes are not
  thrown to opponents).  Points in a held culetto go to the next trick.
* "normal" also plays the last tricks exactly once the stock is empty (a few
  sampled deals of the unseen cards, each solved by max-n): the one-trick look
  ahead alone was level with Easy's (33.7% of 1,000 matches against two Easies,
  the fair share inside the interval), so what sampling more hands and counting
  cards buy inside one trick is lost in the luck of the deal; the end solved is
  what a player who counts cards gets from them.  Weighing the points an opponent
  takes against its own (a half or a whole) and keeping trumps more or less dearly
  than :func:`hold_value` does were tried against two Easies and kept nothing
  (bench/README.md).
* "easy" is a beginner: it samples few hands and counts no card (every card not in
  sight seems still out); it does not solve the end.
* "hard" is the search (game/ai/search.py).  Its fallback, the old hard player,
  samples twice as many hands as Normal, the end solved the same way.  Its playouts
  are played by the greedy :class:`QuickPlayer` until the stock is empty in the sampled
  world, and there the judge's cut-off values the world by the last tricks solved
  exactly, primiera included (game/ai/briscola_end.py): played out greedily, the end
  was worse than the fallback and Normal play it.  Cheap ways of making the greedy
  player count the later players' answers (the chance that a card still out beats the
  one that holds the trick) won no more against two Easies than it does (24.0% and
  25.7% against 26.3%, 300 matches each, a trial not kept).
* Hard plays for the match, not the game: the search values each playout's end, and
  its fallback its solved end, by the chance to win the match from the totals it leaves
  (game/ai/briscola_match.py: a normal spread of the games still to play; in the last
  game, whether the seat ends on top), where Normal counts the game's points.  The same
  ten points matter little in the first game and may decide the last.
* A Venceslao is always claimed; the new trump is the suit the hand is
  strongest in, counting what it does to the trick on the table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Sequence

from game.ai.briscola_end import end_points, solvable, solve
from game.ai.briscola_match import games_left, match_values
from game.ai.search import Facts, Judge, Search
from game.ai.why import trick_line
from game.briscola import DECK, JACK_OF_STICKS, VENCESLAO, points, strength
from game.cards import ITALIAN_SUITS, Card
from game.engine import Action, Reason
from game.tricks import winning_index
from game.views import own_hand, own_seat
from game.views.briscola import View

SEATS = 3
_LAST_DRAW_TRICK = 9        # the sampled card is drawn after the tenth trick (index 9)
#: Keeping values (see hold_value), tuned by self-play against random players.
TRUMP_BASE, TRUMP_STRENGTH = 1.0, 0.3
PLAIN_POINTS, PLAIN_STRENGTH = 0.3, 0.05


def hold_value(c: Card, trump: str) -> float:
    """What a card is worth to keep: the points it will likely bring home later.

    A trump nearly always comes home with its points and captures something
    more; a plain card with points is at risk of being trumped.
    """
    p = points(c)
    if c.suit == trump:
        return p + TRUMP_BASE + TRUMP_STRENGTH * strength(c)
    return PLAIN_POINTS * p + PLAIN_STRENGTH * strength(c)


@dataclass
class _Memory:
    """What a seat remembers within one game: the last trump it was shown, the sampled card."""

    game_no: int
    dealer: int
    played: tuple[str, ...] = ()
    trump: str | None = None
    sampled: str | None = None

    def fits(self, view: View) -> bool:
        played = tuple(view["played"])
        return (self.game_no == view["game_no"] and self.dealer == view["dealer"]
                and played[:len(self.played)] == self.played)


@dataclass
class Situation:
    """One seat's knowledge, read from its view (and its memory)."""

    seat: int
    hand: list[Card]
    table: list[Card]
    leader: int
    culetto: list[Card]
    hand_sizes: list[int]
    stock: int
    trump_odds: dict[str, float]
    pool: list[Card]                        # cards that may lie in an opponent's hand or the stock
    placed: dict[int, list[Card]] = field(default_factory=dict)   # unseen cards known to be held
    piles: list[list[Card]] = field(default_factory=list)   # each seat's tricks (read when asked)
    standing: list[int] = field(default_factory=lambda: [0] * SEATS)  # match totals + taken
    games_after: int = 0                    # games of the match after this one

    @property
    def position(self) -> int:
        return len(self.table)

    @property
    def last_trick(self) -> bool:
        return sum(self.hand_sizes) + len(self.table) == SEATS

    def later_seats(self) -> list[int]:
        """The seats that play after this one in the current trick."""
        return [(self.seat + i) % SEATS for i in range(1, SEATS - self.position)]


def _cards(codes: Sequence[str | None]) -> list[Card]:
    return [Card.parse(c) for c in codes if c is not None]


def infer_trump(view: View, unseen: Sequence[Card]) -> dict[str, float]:
    """Odds of each suit being trump: the tricks since the last Venceslao, then unseen cards."""
    tricks = view["tricks"]
    start = 0
    for i, t in enumerate(tricks):
        if VENCESLAO.code in t["cards"]:
            start = i
    possible = set(ITALIAN_SUITS)
    for t in tricks[start:]:
        cs = _cards(t["cards"])
        win = cs[(t["winner"] - t["leader"]) % SEATS]
        led = cs[0].suit
        if win.suit != led:
            return {win.suit: 1.0}
        possible -= {c.suit for c in cs if c.suit != led}
    if not possible:                         # cannot happen by the rules; stay safe
        possible = set(ITALIAN_SUITS)
    weight = {s: 1.0 + sum(1 for c in unseen if c.suit == s)
              for s in ITALIAN_SUITS if s in possible}
    total = sum(weight.values())
    return {s: w / total for s, w in weight.items()}


class BriscolaPlayer:
    """Samples the hidden cards and scores each card it may play; see the module docstring."""

    def __init__(self, level: str = "normal", samples: int = 12, blunder: float = 0.0,
                 endgame: bool = False, counting: bool = True, primiera: bool = False,
                 match: bool = False) -> None:
        self.name = f"briscola-{level}"
        self.samples = samples
        self.blunder = blunder
        self.endgame = endgame
        #: solve the end with the primiera (game/ai/briscola_end.py), each seat for its
        #: gain, where Normal's max-n counts card points alone
        self.primiera = primiera
        #: value that solved end by the chance to win the match (game/ai/briscola_match.py)
        #: where Normal counts the game's points (with ``primiera`` only)
        self.match = match
        #: remember the cards played (a beginner thinks every card not in sight still out)
        self.counting = counting
        self.memory: dict[int, _Memory] = {}

    # -- the protocol ------------------------------------------------------------
    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        legal = list(legal)
        seat = own_seat(view)
        memory = self._remember(view) if isinstance(seat, int) else None
        if len(legal) == 1:
            return legal[0]
        kinds = {a.kind for a in legal}
        if "claim" in kinds:
            return next(a for a in legal if a.kind == "claim")
        if self.blunder and rng.random() < self.blunder:
            return rng.choice(legal)
        if kinds == {"trump"} and isinstance(seat, int):
            return Action("trump", (), self.choose_suit(view, memory))
        plays = [a for a in legal if a.kind == "play" and a.card is not None]
        if not plays or not isinstance(seat, int):
            return rng.choice(legal)
        situation = self.read(view, memory)
        best = self.best_card(situation, [a.card for a in plays if a.card], rng)
        return Action("play", (best,))

    # -- knowledge ----------------------------------------------------------------
    def _remember(self, view: View) -> _Memory:
        seat = own_seat(view)
        mem = self.memory.get(seat)
        if mem is None or not mem.fits(view):
            mem = _Memory(view["game_no"], view["dealer"])
            self.memory[seat] = mem
        mem.played = tuple(view["played"])
        if view["trump"] is not None:
            mem.trump = view["trump"]
        shown = view["zones"].get("briscola") or []
        if shown and shown[0] is not None:
            mem.sampled = shown[0]
        return mem

    def read(self, view: View, memory: _Memory | None) -> Situation:
        seat = own_seat(view)
        zones = view["zones"]
        hand = _cards(own_hand(view))
        table = _cards(zones["table"])
        culetto = _cards(zones["culetto"])
        played = set(_cards(view["played"])) if self.counting else set()
        seen = played | set(hand) | set(table) | set(culetto)
        unseen = [c for c in DECK if c not in seen]
        placed: dict[int, list[Card]] = {}
        sampled = Card.parse(memory.sampled) if memory and memory.sampled else None
        pool = list(unseen)
        if sampled is not None and sampled in unseen:
            pool.remove(sampled)
            tricks = view["tricks"]
            if zones["briscola"]:
                pass                             # still under the stock: not in any hand
            elif len(tricks) > _LAST_DRAW_TRICK:
                drawer = (tricks[_LAST_DRAW_TRICK]["winner"] + 2) % SEATS
                placed[drawer] = [sampled]
        trump = view["trump"]
        if trump is None and view["trump_known"] and memory is not None:
            trump = memory.trump
        odds = {trump: 1.0} if trump else infer_trump(view, unseen)
        sizes = [len(zones[f"hand/{s}"]) for s in range(SEATS)]
        piles = taken_piles(view) if self.primiera and view["stock"] == 0 else []
        standing = [t + k for t, k in zip(view["scores"], view["taken"])]
        return Situation(seat, hand, table, view["leader"], culetto, sizes, view["stock"],
                         odds, pool, placed, piles, standing, view["games"] - view["game_no"])

    # -- choosing a card -----------------------------------------------------------
    def best_card(self, sit: Situation, options: list[Card], rng: random.Random) -> Card:
        if self.endgame and sit.stock == 0 and VENCESLAO not in sit.hand \
                and VENCESLAO not in sit.pool and len(sit.trump_odds) == 1:
            found = self._search_endgame(sit, options, rng)
            if found is not None:
                return found
        certain = len(sit.trump_odds) == 1
        n = 1 if certain and not sit.later_seats() else self.samples
        scores = {c: 0.0 for c in options}
        for _ in range(n):
            trump, hands = self._sample(sit, rng)
            for c in options:
                scores[c] += self._play_out(sit, c, trump, hands)
        return max(options, key=lambda c: (scores[c], -hold_value(c, _best_suit(sit)), c))

    def _sample(self, sit: Situation, rng: random.Random) -> tuple[str, dict[int, list[Card]]]:
        suits = list(sit.trump_odds)
        trump = suits[0] if len(suits) == 1 else \
            rng.choices(suits, [sit.trump_odds[s] for s in suits])[0]
        pool = list(sit.pool)
        rng.shuffle(pool)
        hands: dict[int, list[Card]] = {}
        for s in sit.later_seats():
            hand = list(sit.placed.get(s, []))
            need = sit.hand_sizes[s] - len(hand)
            hand += pool[:need]
            del pool[:need]
            hands[s] = hand
        return trump, hands

    def _play_out(self, sit: Situation, mine: Card, trump: str,
                  hands: dict[int, list[Card]]) -> float:
        """My points from this trick if I play ``mine`` and the later players answer greedily."""
        trick = sit.table + [mine]
        pot = sum(points(c) for c in sit.culetto)
        for s in sit.later_seats():
            if hands.get(s):
                trick.append(greedy_card(hands[s], trick, sit.leader, s, trump, pot,
                                         sit.last_trick))
        value = _my_take(sit, trick, trump)
        return value - hold_value(mine, trump)

    def _search_endgame(self, sit: Situation, options: list[Card],
                        rng: random.Random) -> Card | None:
        trump = next(iter(sit.trump_odds))
        others = [s for s in range(SEATS) if s != sit.seat]
        need = sum(sit.hand_sizes[s] - len(sit.placed.get(s, [])) for s in others)
        if need != len(sit.pool):
            return None
        scores = {c: 0.0 for c in options}
        for _ in range(max(4, self.samples // 2)):
            pool = list(sit.pool)
            rng.shuffle(pool)
            hands = {sit.seat: list(sit.hand)}
            for s in others:
                hand = list(sit.placed.get(s, []))
                k = sit.hand_sizes[s] - len(hand)
                hands[s] = hand + pool[:k]
                del pool[:k]
            for c in options:
                if self.primiera:
                    rest = [[x for x in hands[s] if not (s == sit.seat and x == c)]
                            for s in range(SEATS)]
                    v: Sequence[float] = solve(rest, sit.table + [c], sit.leader, sit.culetto,
                                               sit.piles, trump)
                    if self.match:
                        v = match_values([a + b for a, b in zip(sit.standing, v)],
                                         sit.games_after)
                    scores[c] += 3 * v[sit.seat] - sum(v)
                else:
                    scores[c] += _maxn_after(sit.seat, c, hands, sit, trump)[sit.seat]
        return max(options, key=lambda c: (scores[c], -hold_value(c, trump), c))

    # -- choosing the new briscola ---------------------------------------------------
    def choose_suit(self, view: View, memory: _Memory | None) -> str:
        sit = self.read(view, memory)
        best, best_score = ITALIAN_SUITS[0], float("-inf")
        for suit in ITALIAN_SUITS:
            score = sum(3.0 + 0.6 * strength(c) + 0.5 * points(c)
                        for c in sit.hand if c.suit == suit)
            score -= 0.3 * sum(1 for c in sit.pool if c.suit == suit)
            if len(sit.table) == SEATS:
                if _winner(sit.table, sit.leader, suit) == sit.seat:
                    score += _trick_worth(sit, sit.table)
                else:
                    score -= _trick_worth(sit, sit.table) * 0.5
            elif sit.table and (sit.leader + len(sit.table)) % SEATS == sit.seat:
                takes = [_trick_worth(sit, sit.table + [c]) for c in sit.hand
                         if _winner(sit.table + [c], sit.leader, suit) == sit.seat]
                score += 0.5 * max(takes, default=0)
            if score > best_score:
                best, best_score = suit, score
        return best


# -- small pure helpers --------------------------------------------------------------
def taken_piles(view: View) -> list[list[Card]]:
    """Each seat's tricks this game, read from the public list of finished tricks (a
    held culetto goes along with the trick after it)."""
    piles: list[list[Card]] = [[] for _ in range(SEATS)]
    for t in view["tricks"]:
        if not t["held"]:
            piles[t["winner"]] += _cards(t["cards"]) + _cards(t["culetto"])
    return piles


def _best_suit(sit: Situation) -> str:
    return max(sit.trump_odds, key=lambda s: sit.trump_odds[s])


def _winner(trick: Sequence[Card], leader: int, trump: str) -> int:
    return (leader + winning_index(trick, trump, strength)) % SEATS


def _held(sit: Situation, trick: Sequence[Card]) -> bool:
    return JACK_OF_STICKS in trick and not sit.last_trick


def _trick_worth(sit: Situation, trick: Sequence[Card]) -> int:
    return sum(points(c) for c in trick) + sum(points(c) for c in sit.culetto)


def _my_take(sit: Situation, trick: Sequence[Card], trump: str) -> float:
    """Points this seat can expect from a full (or as full as known) trick."""
    total = _trick_worth(sit, trick)
    if _held(sit, trick):
        return total / SEATS          # the next trick decides: about a third each
    return float(total) if _winner(trick, sit.leader, trump) == sit.seat else 0.0


def greedy_card(hand: Sequence[Card], trick: Sequence[Card], leader: int, seat: int,
                trump: str, pot: int, last: bool) -> Card:
    """A sensible opponent's answer: the card that pays most in this trick alone
    (points taken now minus the card's keeping value)."""
    if VENCESLAO in hand:
        return VENCESLAO
    worth = pot + sum(points(c) for c in trick)
    held = JACK_OF_STICKS in trick and not last
    best, best_score = hand[0], float("-inf")
    for c in hand:
        if held or (c == JACK_OF_STICKS and not last):
            gain = (worth + points(c)) / SEATS
        elif trick and _winner(list(trick) + [c], leader, trump) == seat:
            gain = worth + points(c)
        else:
            gain = 0.0
        score = gain - hold_value(c, trump)
        if score > best_score:
            best, best_score = c, score
    return best


def _maxn_after(seat: int, card: Card, hands: dict[int, list[Card]], sit: Situation,
                trump: str) -> list[float]:
    """Exact rest-of-game points for every seat once ``seat`` plays ``card`` (max-n, no stock)."""
    hands = {s: [c for c in h if not (s == seat and c == card)] for s, h in hands.items()}
    return _maxn(list(sit.table) + [card], sit.leader, list(sit.culetto), hands, trump)


def _maxn(table: list[Card], leader: int, culetto: list[Card], hands: dict[int, list[Card]],
          trump: str) -> list[float]:
    if len(table) == SEATS:
        winner = _winner(table, leader, trump)
        last = not any(hands.values())
        gained = [0.0] * SEATS
        if JACK_OF_STICKS in table and not last:
            rest = _maxn([], winner, table, hands, trump)
            return rest
        gained[winner] += sum(points(c) for c in table + culetto)
        if last:
            return gained
        rest = _maxn([], winner, [], hands, trump)
        return [g + r for g, r in zip(gained, rest)]
    turn = (leader + len(table)) % SEATS
    best: list[float] | None = None
    for c in sorted(set(hands[turn])):
        sub = {s: ([x for x in h if x != c] if s == turn else h) for s, h in hands.items()}
        out = _maxn(table + [c], leader, culetto, sub, trump)
        if best is None or out[turn] > best[turn]:
            best = out
    assert best is not None
    return best


class QuickPlayer(BriscolaPlayer):
    """The search's playout player: the greedy answer of :func:`greedy_card` from its
    own view (a lead or a reply that pays most in this trick alone), no sampling, so a
    playout costs a tenth of one by the normal player.  Claims, trump choices and a
    view without a known trump go to :class:`BriscolaPlayer`."""

    def __init__(self) -> None:
        super().__init__("quick", samples=1)

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        trump = view["trump"]
        plays = [a.card for a in legal if a.kind == "play" and a.card is not None]
        if not trump or len(plays) != len(legal):
            return super().choose(view, legal, rng)
        seat = own_seat(view)
        zones = view["zones"]
        table = _cards(zones["table"])
        pot = sum(points(c) for c in _cards(zones["culetto"]))
        last = sum(len(zones[f"hand/{s}"]) for s in range(SEATS)) + len(table) == SEATS
        return Action("play", (greedy_card(plays, table, view["leader"], seat, trump, pot,
                                           last),))


#: The search leaves its fallback (which solves the last tricks exactly) only on strong
#: evidence: until the stock is empty its playouts are played by the greedy QuickPlayer,
#: weaker than the fallback.  With the end solved in the playouts, 0.2 (the search's
#: default) was measured against Hard before: its departures were worth nothing shown
#: either way (bench/README.md), so the strict rule stays
STRICT = 0.05
def _end_of_game(world: Any) -> list[float] | None:
    """Each seat's chance to win the match from the game's end, once its last tricks can
    be solved exactly in the sampled world (game/ai/briscola_end.py); None before."""
    if not solvable(world):
        return None
    totals = [t + e for t, e in zip(world.totals, end_points(world))]
    return match_values(totals, world.games - world.game_no)


def _standing(world: Any) -> list[float]:
    """Each seat's chance to win the match as the world stands (game/ai/briscola_match.py)."""
    totals = world.totals if world.over else [t + k for t, k in zip(world.totals, world.taken())]
    return match_values(totals, games_left(world))


#: A playout ends with the game (of the match's three), valued by each seat's chance to
#: win the match from there (the match is won on its points, not the game's).  It stops
#: as soon as the stock is empty: the last tricks are solved, primiera included.
JUDGE = Judge(lambda s: s.game_no, _standing, lambda world: _remembering(world), _end_of_game,
              chances=True)


def facts(view: View, reader: BriscolaPlayer) -> Facts:
    """Where the sampled card went (its drawer is public), and when the seat was never
    told the trump, the suits play has ruled out."""
    memory = reader._remember(view)
    sit = reader.read(view, memory)
    holds = {f"hand/{s}": cards for s, cards in sit.placed.items()}
    known = bool(view["trump_known"])
    odds = dict(sit.trump_odds)
    suits, weights = list(odds), list(odds.values())

    def adjust(world: Any, rng: random.Random) -> None:
        if known or world.announced:
            return
        suit = rng.choices(suits, weights)[0]          # the trump, as play has narrowed it
        if world.briscola is None:
            world.trump = suit
        else:                                          # the dealer's unseen sampled card
            world.resample_briscola(view["seat"], rng, (suit,))
    return Facts(holds, {}, adjust)


def _remembering(world: Any) -> None:
    """Playout players start with no memory: in a sampled world every seat that knows
    the trump sees it, as a player who remembers it would."""
    world.remember = False


def why(view: View, action: Action) -> Reason | None:
    """The Hint's line for a card (game/ai/why.py), while the seat knows the trump and
    no Jack of Sticks or Two of Swords makes the trick's fate wait."""
    card, trump = action.card, view["trump"]
    table = _cards(view["zones"]["table"])
    if card is None or trump is None or card == VENCESLAO or JACK_OF_STICKS in [*table, card]:
        return None
    hand = _cards(view["zones"].get(f"hand/{view['seat']}") or [])
    return trick_line(table, card, hand, trump, strength, points, last=len(table) == SEATS - 1,
                      carried=_cards(view["zones"]["culetto"]))


def player(level: str = "normal") -> BriscolaPlayer | Search:
    """``easy`` samples few hands and counts no card; ``normal`` samples and solves the
    last tricks; ``hard`` searches
    (game/ai/search.py), with the old hard player (more samples, the end solved) as
    its fallback."""
    if level == "easy":
        return BriscolaPlayer("easy", samples=4, counting=False)
    if level == "hard":
        return Search("briscola-hard", QuickPlayer,
                      BriscolaPlayer("hard", samples=24, endgame=True, primiera=True,
                                     match=True), JUDGE,
                      facts,
                      false_leave=STRICT)
    return BriscolaPlayer("normal", samples=12, endgame=True)

