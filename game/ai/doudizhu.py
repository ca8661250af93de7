"""Computer players for Dou Dizhu.  They see one seat's view, nothing else.

How they think:

* Bidding from hand strength: jokers, Twos, Aces and bombs count; the bid is the
  highest the strength allows (never above what is still open).
* A hand is valued by the fewest combinations it splits into (straights, pair
  straights, airplanes, then groups of a rank; a triple carries a single or a pair
  along).  A lead is the play that leaves the fewest combinations, lowest first;
  a reply is the cheapest one that keeps the hand's shape.
* Bombs, the rocket, Twos and jokers are kept for when they matter: to go out,
  when an opponent is close to going out, or when the hand is nearly won.
* Peasants cooperate: never overtake a partner who holds the trick (unless going
  out), and lead a low single or pair to a partner close to going out.
* Cards are counted from the public list of plays: a single that nothing unseen can
  beat is played as a sure winner at the end.
* A play is thought out by its ranks; which cards of a rank it shows is drawn at
  random from those held (:func:`game.doudizhu.cards_for`), so the suits a computer
  shows follow no pattern of the rest of its hand.
* "easy" is a beginner: the same play, but it counts no card and plays on its own
  (no care for a partner).  "hard" is the search (game/ai/search.py); it judges at
  most :data:`HARD_WIDTH` candidates, taken in Normal's own order
  (:meth:`DoudizhuPlayer.ranked`: one play of each combination before any of its other
  kickers), not at random: a hand has dozens of plays, most of them kickers of a few.
  Its playouts end once a world's hands hold few cards: the rest is solved exactly
  (game/ai/doudizhu_endgame.py, the search's cut-off evaluation for this game).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Optional, Sequence

from game.ai.base import RandomPlayer
from game.ai.doudizhu_endgame import settle
from game.ai.doudizhu_reading import counts_of_codes, facts, wanted_bid
from game.ai.search import Judge, Search
from game.cards import Card
from game.doudizhu import combos, play_from
from game.doudizhu.rules import ACE, BLACK, BOMB, COPIES, NRANKS, RED, ROCKET, RULESETS, SEATS, TWO
from game.engine import Action, Reason
from game.views import own_seat
from game.views.doudizhu import Last, View

#: :func:`player` has a level "random" of its own (see :func:`game.ai.computer_player`)
RANDOM_LEVEL = True
#: Hard judges at most this many candidates a move: the policy's choice, a pass, then
#: the best of the others by the policy's own ranking (:meth:`DoudizhuPlayer.ranked`)
HARD_WIDTH = 8
#: A partner about to go out is fed low plays only: ranks below this index (3 to 8).
FEED_BELOW = 6


@lru_cache(maxsize=200_000)
def shape(counts: tuple[int, ...]) -> int:
    """The fewest combinations the hand splits into (a triple carries one small group)."""
    groups, trios, smalls = _split(counts)
    return groups - min(trios, smalls)


@lru_cache(maxsize=200_000)
def _split(counts: tuple[int, ...]) -> tuple[int, int, int]:
    """(groups, triples, singles and pairs) of a best split, best = fewest groups after
    the triples carry what they can."""
    r = next((i for i, c in enumerate(counts) if c), None)
    if r is None:
        return 0, 0, 0
    best: tuple[int, int, int] | None = None

    def consider(rest: list[int], g: int, t: int, s: int) -> None:
        nonlocal best
        sub = _split(tuple(rest))
        cand = (sub[0] + g, sub[1] + t, sub[2] + s)
        if best is None or cand[0] - min(cand[1], cand[2]) < best[0] - min(best[1], best[2]):
            best = cand

    c = counts[r]
    rest = list(counts)
    rest[r] = 0
    if r == BLACK and counts[RED]:
        rest[RED] = 0
        consider(rest, 1, 0, 0)                          # the rocket
        rest[RED] = counts[RED]
    consider(rest, 1, int(c == 3), int(c in (1, 2)))      # the rank as one group
    if c == 4:
        rest[r] = 1
        consider(rest, 1, 1, 0)                          # a triple and a single
        rest[r] = 0
    for need, least in ((1, 5), (2, 3), (3, 2)):         # chains from this rank
        if c < need:
            continue
        e = r
        while e < ACE and counts[e + 1] >= need:
            e += 1
        for end in range(r + least - 1, e + 1):
            rest2 = list(counts)
            for x in range(r, end + 1):
                rest2[x] -= need
            consider(rest2, 1, 0, 0)
    assert best is not None
    return best


class DoudizhuPlayer:
    """Plays from the view: its hand, the bids, the plays so far, the cards left."""

    def __init__(self, level: str = "normal", draws: bool = True) -> None:
        self.level = level
        self.name = f"doudizhu-{level}"
        #: whether its plays show cards of a rank drawn at random (a playout's need not:
        #: no one sees them, and suits never change a play)
        self.draws = draws

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        action = self._choose(view, list(legal), rng)
        return with_cards_drawn(view, action, rng) if self.draws else action

    def _choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "bid":
            return self._bid(view, legal)
        return self._play(view, legal)

    # -- bidding -------------------------------------------------------------------------------
    def _bid(self, view: View, legal: list[Action]) -> Action:
        seat = view["seat"]
        want = wanted_bid(counts_of_codes(view["zones"][f"hand/{seat}"]))
        bids = [a for a in legal if a.kind == "bid" and int(a.value) <= want]
        return bids[-1] if bids else next(a for a in legal if a.kind == "pass")

    # -- play ----------------------------------------------------------------------------------
    def _play(self, view: View, legal: list[Action]) -> Action:
        at = self._table(view)
        # by their ranks' names, so that equal scores fall as they always did
        plays = sorted((a for a in legal if a.kind == "play"), key=lambda a: a.value)
        passing = next((a for a in legal if a.kind == "pass"), None)
        for a in plays:                                   # out in one go
            if len(a.value) == at.size:
                return a
        partner, left, last = at.partner, at.left, at.last
        if last is None:                                  # leading
            if partner is not None and left[partner] <= 2:
                feed = [a for a in plays if len(a.value) == left[partner]
                        and combos.INDEX[a.value[0]] < FEED_BELOW]
                if feed:
                    return feed[0]
            return min(plays, key=at.lead_score)
        # replying
        if partner is not None and last["seat"] == partner:
            if passing is not None and (left[partner] <= 3 or last["rank"] >= 8
                                        or at.danger > 2):
                return passing
        best, best_score = passing, None
        for a in plays:
            score = at.reply_score(a)
            if score is not None and (best_score is None or score < best_score):
                best, best_score = a, score
        if best is None:
            return passing if passing is not None else plays[0]
        if passing is not None and best_score is not None and best_score > 2 and at.danger > 4:
            return passing
        return best

    def ranked(self, view: View, legal: Sequence[Action]) -> list[Action]:
        """The legal actions as this player likes them, best first, one play of each
        combination (kind, rank, length: the kickers aside) before any second one, so
        that a search judging the first few judges different plans, not different
        kickers of one plan; a bomb held back comes last (the search's candidates)."""
        if view["phase"] != "play":
            return list(legal)
        at = self._table(view)
        plays = sorted((a for a in legal if a.kind == "play"), key=lambda a: a.value)
        if at.last is None:
            scored = sorted(plays, key=at.lead_score)
        else:
            reply = {a: at.reply_score(a) for a in plays}
            scored = sorted(plays, key=lambda a: (reply[a] is None, reply[a] or 0))
        first: list[Action] = []
        again: list[Action] = []
        seen: set[tuple[str, int, int]] = set()
        for a in scored:
            combo = _combo(a.value, at.kinds)
            key = (combo.kind, combo.rank, combo.length)
            (again if key in seen else first).append(a)
            seen.add(key)
        return first + again + [a for a in legal if a.kind != "play"]

    def _table(self, view: View) -> "Table":
        seat, landlord = view["seat"], view["landlord"]
        hand = counts_of_codes(view["zones"][f"hand/{seat}"])
        opponents = [s for s in range(SEATS) if s != seat and (s == landlord or seat == landlord)]
        partner = next((s for s in range(SEATS) if s not in opponents and s != seat), None)
        unseen = self._unseen(view, hand)
        if self.level == "easy":              # a beginner: no partner, no count of the cards
            partner, unseen = None, [max(0, f - h) for f, h in zip(COPIES, hand)]
        return Table(hand, RULESETS[view["rules"]], view["counts"], view["last"], partner,
                     min(view["counts"][s] for s in opponents), unseen)

    def _unseen(self, view: View, hand: Sequence[int]) -> list[int]:
        """Rank counts not in this hand and not yet played."""
        full = list(COPIES)
        for value in view["played"]:
            for ch in value:
                full[combos.INDEX[ch]] -= 1
        return [max(0, f - h) for f, h in zip(full, hand)]

    @staticmethod
    def _sure(value: str, combo: combos.Combo, unseen: Sequence[int],
              kinds: frozenset[str]) -> bool:
        """Nothing unseen can beat a single or a pair (bombs aside)."""
        if combo.kind not in ("single", "pair"):
            return False
        need = combo.size
        return not any(unseen[r] >= need for r in range(combo.rank + 1, NRANKS))


@lru_cache(maxsize=100_000)
def _combo(value: str, kinds: frozenset[str]) -> combos.Combo:
    """The combination of a legal play (a legal play always is one)."""
    combo = combos.classify(value, kinds)
    assert combo is not None, f"{value} is no combination"
    return combo


class Table:
    """One seat's reading of the table as it plays: its hand's rank counts, the cards
    left in each hand, the play to beat, its partner (None for the landlord, or a
    beginner), the fewest cards an opponent holds, the rank counts it has not seen."""

    def __init__(self, hand: list[int], kinds: frozenset[str], left: Sequence[int],
                 last: Optional[Last], partner: Optional[int], danger: int,
                 unseen: Sequence[int]) -> None:
        self.hand, self.kinds, self.left, self.last = hand, kinds, left, last
        self.partner, self.danger, self.unseen = partner, danger, unseen
        self.size = sum(hand)
        self.base = shape(tuple(hand))

    def after(self, a: Action) -> tuple[int, ...]:
        rest = list(self.hand)
        for ch in a.value:
            rest[combos.INDEX[ch]] -= 1
        return tuple(rest)

    def precious(self, a: Action) -> int:
        """What a play spends that is kept for when it matters: a bomb, Twos, jokers."""
        combo = _combo(a.value, self.kinds)
        cost = 6 if combo.kind in (BOMB, ROCKET) else 0
        return cost + sum(2 for ch in a.value if combos.INDEX[ch] >= TWO)

    def lead_score(self, a: Action) -> tuple:
        """Lower is better: the hand's shape after it, an opponent close to going out on
        it, the high cards it spends unless nothing unseen beats it."""
        combo = _combo(a.value, self.kinds)
        danger_pen = 0
        if self.danger <= 2 and combo.size == self.danger and combo.kind not in (BOMB, ROCKET):
            danger_pen = 20 - combo.rank          # an opponent may go out on it
        sure = DoudizhuPlayer._sure(a.value, combo, self.unseen, self.kinds)
        return (shape(self.after(a)) + danger_pen + self.precious(a) * (0 if sure else 1)
                - (0.5 * len(a.value) / 20), combo.rank)

    def reply_score(self, a: Action) -> Optional[float]:
        """Lower is better: the shape it costs and the high cards it spends (None: a bomb
        kept while no one is close to going out)."""
        combo = _combo(a.value, self.kinds)
        calm = self.danger > 4 and self.base > 2
        if combo.kind in (BOMB, ROCKET) and calm:
            return None
        return shape(self.after(a)) - self.base + self.precious(a) * (1 if calm else 0)


#: A playout ends with the hand (a redeal is a new one); its points are the game's; its
#: last cards are solved exactly (game/ai/doudizhu_endgame.py)
JUDGE = Judge(lambda s: (s.hand_no, s.deals), lambda s: list(s.totals), settle=settle)


def why(view: View, action: Action) -> Reason | None:
    """The Hint's line: in the bidding, what the hand's high cards are worth when the
    hint is the bid they ask for (:func:`_bid_line`); in play, going out, a bomb,
    letting a partner's play stand, or holding back against an opponent's (else the
    search's own line)."""
    if view["phase"] == "bid":
        return _bid_line(view, action)
    if view["phase"] != "play":
        return None
    seat, landlord, last = own_seat(view), view["landlord"], view["last"]
    if action.kind == "pass":
        if last is None:
            return None
        if last["seat"] != seat and landlord not in (seat, last["seat"]):
            return Reason("advice.ddz.partner_holds")
        return Reason(_why_not_answer(view, last))
    if action.kind != "play":
        return None
    if len(action.value) == view["counts"][seat]:
        return Reason("advice.ddz.goes_out")
    combo = combos.classify(action.value, RULESETS[view["rules"]])
    if combo is not None and combo.kind in (BOMB, ROCKET):
        return Reason("advice.ddz.bombs")
    return None


def _bid_line(view: View, action: Action) -> Reason | None:
    """A bid or a pass, said by what Normal bids by: the jokers, Twos, Aces and bombs
    (:func:`~game.ai.doudizhu_reading.strength`), when the hint is the bid they ask for;
    another is the search's to explain."""
    want = wanted_bid(counts_of_codes(view["zones"][f"hand/{own_seat(view)}"]))
    high = int(view["high_bid"])
    if action.kind == "bid":
        if int(action.value) != want or want <= high:
            return None
        return Reason("advice.ddz.bid_worth", {"bid": want})
    if action.kind != "pass" or want > high:
        return None
    if want == 0:
        return Reason("advice.ddz.bid_worth_none")
    return Reason("advice.ddz.bid_outbid", {"bid": want, "high": high})


def _why_not_answer(view: View, last: Last) -> str:
    """Why a pass, against an opponent's play: an answer of the same kind would break up
    the hand, or only a bomb (or the rocket) would beat it and is kept, or nothing in the
    hand beats it."""
    hand = counts_of_codes(view["zones"][f"hand/{own_seat(view)}"])
    prev = combos.Combo(last["kind"], last["rank"], last["length"], last["size"])
    if combos.can_follow(hand, prev):
        return "advice.ddz.holds_back"
    if combos.replies(hand, prev, RULESETS[view["rules"]]):
        return "advice.ddz.keeps_bomb"
    return "advice.ddz.no_answer"


def with_cards_drawn(view: View, action: Action, rng: random.Random) -> Action:
    """A play with its cards of each rank drawn at random from those the seat holds (the
    legal list names the first of each rank in the hand's order: playing them would
    show which suits are left)."""
    if action.kind != "play":
        return action
    hand = [Card.parse(c) for c in view["zones"][f"hand/{view['seat']}"] if c]
    return play_from(hand, action.value, rng)


class RandomDoudizhuPlayer(RandomPlayer):
    """Any legal play, its cards drawn at random like every Dou Dizhu computer's."""

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        return with_cards_drawn(view, super().choose(view, legal, rng), rng)


def player(level: str = "normal") -> DoudizhuPlayer | RandomDoudizhuPlayer | Search:
    """``hard`` searches (game/ai/search.py) with the normal player as its playouts and
    fallback; its worlds follow what the others' bids and passes say of their hands
    (game/ai/doudizhu_reading.py)."""
    if level == "hard":
        fallback = DoudizhuPlayer("normal")
        return Search("doudizhu-hard", lambda: DoudizhuPlayer("normal", draws=False), fallback, JUDGE,
                      facts, present=with_cards_drawn, rank=fallback.ranked, width=HARD_WIDTH)
    return RandomDoudizhuPlayer() if level == "random" else DoudizhuPlayer(level)

