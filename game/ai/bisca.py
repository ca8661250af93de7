"""Computer players for Bisca.  They see one seat's view, nothing else.

How they think:

* A card's chance to win a hand: the share of the cards it has not seen (not in
  its hand, not played this round, not face up on another player) that are
  weaker, to the power of the players who still have to beat it.  An Ace counts
  played high; an opponent's unseen Ace counts high too (the worse case).
* The bet: the hands won are taken as a sum of those chances (one independent
  chance per card); the bet is the allowed one with the least expected life
  loss, so Half Bets and the hook rule need nothing special.
* The one-card round: its own card is unknown, the others' are in sight; the
  chance to win is the share of the unseen cards that beat the best card shown
  (an opponent's Ace counts high unless that player bet 0).
* Play: while short of its bet it tries to win the hand (the weakest card that
  takes it when last, else the weakest card likely to hold); once its bet is
  made it ducks (the strongest card that still loses, else its weakest).  An Ace
  is played high to win and low to duck: the two worths are two actions.
* ``easy`` plays as a beginner: by the same rules of thumb, but counting no card
  (everything not in its hand might still come); it bets by telling winners from
  losers instead of weighing chances, and plays its best card while it needs hands,
  its worst once it has them.  ``hard`` is the search
  (game/ai/search.py); its fallback also counts the players still to play when
  deciding whether a card will hold.
* Hard's worlds read the bets (:func:`facts`, soft evidence: a bet implies strength).
  What a seat still needs, its bet less the hands it has won, is what it expects its
  hand to win now; a dealt hand that would expect another count (the same sum of
  chances Normal bets by, seen from that seat: the cards it has not seen, the players
  still in) is :data:`BET_OFF` as likely for each hand off.  A person bets by their own
  measure, so the bet weighs the deal and never rules one out; a seat that made its
  bet likely holds little more.  The one-card round says nothing: its bets were made
  blind.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from typing import Mapping, Sequence

from game.ai.search import NO_FACTS, Facts, Judge, Search
from game.bisca.rules import DECK, HALF, HIGH, LOW, allowed_bets, strength, text
from game.cards import Card
from game.engine import Action, Reason
from game.views import own_hand, own_seat
from game.views.bisca import View


def _card(code: str) -> Card:
    return Card.parse(code)


def worth(action: Action) -> int:
    """Where a play action's card lands in the order (an Ace by its chosen worth)."""
    return strength(action.cards[0], action.value)


def top(c: Card) -> int:
    """A card at its best (an Ace high)."""
    return _TOP[c.code]


#: code -> the card's strength at its best, for every card of the deck
_TOP: dict[str, int] = {c.code: strength(c, HIGH if c.rank == 1 else "") for c in DECK}


def unseen(view: View) -> list[Card]:
    """The cards this seat cannot place: not in its hand, not played, not face up."""
    seen = {code for cs in view["zones"].values() for code in cs if code is not None}
    seen |= set(view["played"])
    return [c for c in DECK if c.code not in seen]


def chance(value: int, pool: Sequence[Card], rivals: int) -> float:
    """The chance a card of strength ``value`` beats ``rivals`` cards drawn from ``pool``."""
    if rivals <= 0:
        return 1.0
    if not pool:
        return 1.0
    weaker = sum(top(c) < value for c in pool) / len(pool)
    return weaker ** rivals


def distribution(chances: Sequence[float]) -> list[float]:
    """P(exactly k wins) for independent chances (a Poisson-binomial)."""
    dist = [1.0]
    for p in chances:
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return dist


def best_bet(dist: Sequence[float], legal: Sequence[Action]) -> Action:
    """The legal bet with the least expected life loss (the lower bet on a tie)."""
    def loss(a: Action) -> tuple[float, float]:
        h = round(float(a.value) * HALF)
        return (sum(q * abs(h - k * HALF) for k, q in enumerate(dist)), h)
    return min(legal, key=loss)


class BiscaPlayer:
    name = "bisca"

    def __init__(self, level: str, blunder: float = 0.0, count_rivals: bool = False,
                 counting: bool = True) -> None:
        self.name = f"bisca-{level}"
        self.blunder = blunder
        self.count_rivals = count_rivals
        #: a beginner counts no card: every card not in its hand might be anywhere
        self.counting = counting

    def pool(self, view: View) -> list[Card]:
        """The cards it believes may still be played against it."""
        if self.counting:
            return unseen(view)
        mine = set(view["zones"][f"hand/{view['seat']}"])
        return [c for c in DECK if c.code not in mine]

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if self.blunder and rng.random() < self.blunder:
            return rng.choice(list(legal))
        if legal[0].kind == "bet":
            return best_bet(self.estimate(view), legal)
        return self.play(view, legal)

    # -- bets -------------------------------------------------------------------
    def estimate(self, view: View) -> list[float]:
        seat = own_seat(view)
        others = [s for s in view["players"] if s != seat]
        if view["blind"]:
            return distribution([self.blind_chance(view, others)])
        pool = self.pool(view)
        hand = [_card(c) for c in own_hand(view)]
        odds = [chance(top(c), pool, len(others)) for c in hand]
        if not self.counting:                 # a beginner: "this one wins, that one won't"
            odds = [float(p >= 0.5) for p in odds]
        return distribution(odds)

    def blind_chance(self, view: View, others: list[int]) -> float:
        """The one-card round: the chance my unseen card beats the best card in sight."""
        best = -2
        for s in others:
            for code in view["zones"][f"hand/{s}"]:
                if code is None:
                    continue
                c = _card(code)
                low = c.rank == 1 and view["bets"][s] == 0
                best = max(best, strength(c, LOW) if low else top(c))
        pool = self.pool(view)
        return sum(top(c) > best for c in pool) / max(1, len(pool))

    # -- play ------------------------------------------------------------------
    def play(self, view: View, legal: Sequence[Action]) -> Action:
        seat = own_seat(view)
        wants = wants_hand(view, seat)
        trick = view["trick"]
        best = max((strength(_card(t["card"]), t["ace"] or "") for t in trick), default=None)
        behind = len(view["players"]) - len(trick) - 1
        ordered = sorted(legal, key=worth)
        if not self.counting:                # a beginner: its best card to win, else its worst
            return ordered[-1] if wants else ordered[0]
        winners = [a for a in ordered if best is None or worth(a) > best]
        if wants:                                      # wants this hand
            if not winners:
                return ordered[0]
            if behind == 0:
                return winners[0]
            pool = self.pool(view)
            rivals = behind if self.count_rivals else len(view["players"]) - 1
            holding = [a for a in winners if chance(worth(a), pool, rivals) >= 0.5]
            return holding[0] if holding else winners[-1]
        losers = [a for a in ordered if best is not None and worth(a) < best]
        if losers:
            return losers[-1]
        return ordered[0] if behind or best is None else ordered[-1]


def wants_hand(view: View, seat: int) -> bool:
    """Whether ``seat``'s bet still wants a hand (the last half of a half bet does not)."""
    bet = round((view["bets"][seat] or 0) * HALF)
    return bet - view["won"][seat] * HALF >= HALF


def why(view: View, action: Action) -> Reason | None:
    """The Hint's line for a card: whether it heads the hand on the table (Bisca has one
    order of the deck, no trump: a card wins by its place in it). Heading it is said only
    while the bet wants a hand: with the bet made, "Heads the trick for now" would read
    as the merit of a play that costs a life if it holds; the search says why then.
    A bet's line is what the hand should take, the sum of its cards' chances that
    Normal's bet is weighed by (in the one-card round, the chance the unseen card beats
    the best in sight), said when the hint is that bet: a count of deals played out
    says less about a bet than what the cards should take. A lead with the bet made
    is said when it is the lowest card (:func:`_lead_line`)."""
    if action.kind == "bet":
        return _bet_line(view, action)
    if action.card is None or "trick" not in view:
        return None
    trick = view["trick"]
    if not trick:
        return _lead_line(view, action)
    best = max(strength(_card(t["card"]), t["ace"] or "") for t in trick)
    last = len(trick) == len(view["players"]) - 1
    if worth(action) > best:
        if not wants_hand(view, own_seat(view)):
            return None
        return Reason("advice.takes_trick" if last else "advice.heads_trick")
    return Reason("advice.stays_under")


def _lead_line(view: View, action: Action) -> Reason | None:
    """A lead once the bet wants no more hands, when the hint is the hand's lowest card
    (an Ace counted low): the one lead least likely to take a hand. Any other lead is
    the search's to explain; a blind round's own card is unseen."""
    if view["blind"] or wants_hand(view, own_seat(view)):
        return None
    hand = [_card(c) for c in own_hand(view)]
    lowest = min((strength(c, LOW if c.rank == 1 else "") for c in hand), default=None)
    return Reason("advice.bisca.lead_low") if worth(action) == lowest else None


def _bet_line(view: View, action: Action) -> Reason | None:
    """What the bet is weighed by, in words (:func:`why`), when the hint is the bet that
    weighing gives; a bet the search found better than it (ducking every hand with a
    hand that should take two, say) is the search's to explain."""
    reader = BiscaPlayer("normal")
    dist = reader.estimate(view)
    barred = view["forbidden"]
    halves = allowed_bets(view["cards"], view["half_bets"],
                          None if barred is None else round(barred * HALF))
    legal = [Action("bet", (), text(h)) for h in halves]
    if not legal or action != best_bet(dist, legal):
        return None
    if view["blind"]:
        return Reason("advice.bisca.blind", {"percent": round(100 * dist[1])})
    hands = round(sum(k * q for k, q in enumerate(dist)), 1)
    return Reason("advice.bisca.expects_one" if hands == 1 else "advice.bisca.expects",
                  {"hands": hands})


#: How likely a seat's bet is for each hand its hand (as dealt in a world) is expected to
#: win more or fewer than the bet still needs: a hand off, a third as likely.
BET_OFF = 0.35


def facts(view: View, reader: object = None) -> Facts:
    """The bets of the others, as soft evidence on their hands (module docstring)."""
    me = view["seat"]
    if view["one_card"] or not isinstance(me, int):
        return NO_FACTS
    bets = view["bets"]
    needs = {s: (bet - view["won"][s]) * HALF for s in view["players"]
             if s != me and (bet := bets[s]) is not None}
    if not needs:
        return NO_FACTS
    played = set(view["played"])
    left = sorted(top(c) for c in DECK if c.code not in played)    # what the others may meet
    rivals = len(view["players"]) - 1

    def likely(placed: Mapping[str, Sequence[Card]]) -> float:
        weight = 1.0
        for s, need in needs.items():
            hand = placed.get(f"hand/{s}")
            if hand is None:
                continue
            expected = HALF * expected_wins(sorted(top(c) for c in hand), left, rivals)
            weight *= BET_OFF ** (abs(expected - need) / HALF)
        return weight
    return Facts(likely=likely)


def expected_wins(hand: Sequence[int], left: Sequence[int], rivals: int) -> float:
    """The hands a hand of card strengths ``hand`` (sorted) expects to win, each card by
    :func:`chance` against the cards it has not seen: ``left`` (sorted, the hand's own
    among them) less the hand."""
    pool = len(left) - len(hand)
    if pool <= 0:
        return float(len(hand))
    return sum(((bisect_left(left, v) - k) / pool) ** rivals for k, v in enumerate(hand))


#: A playout ends with the round; its points are lives (in halves; a hint speaks of lives).
JUDGE = Judge(lambda s: s.round_no, lambda s: list(s.lives), unit="lives", unit_size=HALF)


def player(level: str = "normal") -> BiscaPlayer | Search:
    """``easy`` plays as a beginner; ``normal`` bets and plays to its bet; ``hard``
    searches (game/ai/search.py) in worlds its opponents' bets make likely, with the
    player that weighs how many are still to play the hand as its fallback."""
    if level == "easy":
        return BiscaPlayer("easy", counting=False)
    if level == "hard":
        return Search("bisca-hard", lambda: BiscaPlayer("normal"),
                      BiscaPlayer("hard", count_rivals=True), JUDGE, facts)
    return BiscaPlayer("normal")
