"""What a player may play in each contract: the follow-suit rule of every deal and
the must-play rules each contract adds to it, with the reason a card is refused.

Every rule is a "must ... if able" (:class:`game.tricks.Must`), applied in order
by :func:`game.tricks.narrow`: a rule the hand cannot meet is skipped.  The
referee (state.py) and the computer player both get their cards from here.
"""

from __future__ import annotations

from typing import Sequence

from game.bolola.rules import HEARTS, JACK, KING, KING_OF_HEARTS, QUEEN, is_scoring
from game.cards import Card
from game.engine import Reason
from game.tricks import Must, follow_suit, led_suit, must, narrow

#: Contracts where Hearts may not be led until a Heart has been played (or the hand
#: holds nothing else).
HEARTS_LEAD = frozenset({"no_hearts", "no_king_hearts", "all", "bolola"})
#: The court cards a contract forces under a higher card of the suit led.
DROPS = {"no_jacks_kings": (JACK, KING), "no_queens": (QUEEN,), "all": (JACK, QUEEN, KING)}
#: The reason a player void in the suit led must shed a scoring card, by contract.
_VOID_KEYS = {"no_jacks_kings": "bolola.void_jack_king", "no_queens": "bolola.void_queen",
              "no_hearts": "bolola.void_heart", "all": "bolola.void_scoring"}


def playable(contract: str, hand: Sequence[Card], trick: Sequence[Card], trump: str | None,
             hearts_broken: bool, trump_broken: bool) -> tuple[list[Card], dict[Card, Reason]]:
    """The cards of ``hand`` that may be played now, and why each other card may not."""
    return narrow(hand, rules(contract, hand, trick, trump, hearts_broken, trump_broken))


def rules(contract: str, hand: Sequence[Card], trick: Sequence[Card], trump: str | None,
          hearts_broken: bool, trump_broken: bool) -> list[Must]:
    """The must-play rules in force for this hand and trick, in the order they apply."""
    if not trick:
        return _lead_rules(contract, hand, trump, hearts_broken, trump_broken)
    led = led_suit(trick)
    assert led is not None
    out = [must(follow_suit(hand, trick), Reason("bolola.follow_suit", {"led_card": trick[0].code}))]
    if any(c.suit == led for c in hand):
        out += _follow_rules(contract, hand, trick, trump, led)
    else:
        out += _void_rules(contract, hand, trick, trump)
    return out


def _lead_rules(contract: str, hand: Sequence[Card], trump: str | None, hearts_broken: bool,
                trump_broken: bool) -> list[Must]:
    if contract in HEARTS_LEAD and not hearts_broken:
        return [must((c for c in hand if c.suit != HEARTS), Reason("bolola.hearts_not_broken"))]
    if contract == "trumps" and trump and not trump_broken:
        return [must((c for c in hand if c.suit != trump),
                     Reason("bolola.trump_not_broken"))]
    return []


def _follow_rules(contract: str, hand: Sequence[Card], trick: Sequence[Card],
                  trump: str | None, led: str) -> list[Must]:
    if contract == "trumps" and led == trump:
        best = max((c for c in trick if c.suit == trump), key=lambda c: c.rank)
        return [must((c for c in hand if c.suit == trump and c.rank > best.rank),
                     Reason("bolola.beat_trump", {"card": best.code}))]
    ranks = DROPS.get(contract)
    if not ranks:
        return []
    top = max((c for c in trick if c.suit == led), key=lambda c: c.rank)
    forced = [c for c in hand if c.suit == led and c.rank in ranks and c.rank < top.rank]
    if not forced:
        return []
    return [must(forced, _drop_reason(forced, top))]


def _drop_reason(forced: Sequence[Card], top: Card) -> Reason:
    """"You must play your Queen of Spades: the King of Spades is on the table" (one, two
    or three cards to choose from)."""
    names = ("card", "other_card", "third_card")
    params: dict[str, str | int] = {"high_card": top.code}
    params.update({n: c.code for n, c in zip(names, sorted(forced))})
    key = ("bolola.must_drop", "bolola.must_drop_2", "bolola.must_drop_3")[len(forced) - 1]
    return Reason(key, params)


def _void_rules(contract: str, hand: Sequence[Card], trick: Sequence[Card],
                trump: str | None) -> list[Must]:
    params = {"led_card": trick[0].code}
    if contract == "trumps" and trump:
        out = [must((c for c in hand if c.suit == trump), Reason("bolola.must_trump", params))]
        on_table = [c for c in trick if c.suit == trump]
        if on_table:
            best = max(on_table, key=lambda c: c.rank)
            out.append(must((c for c in hand if c.suit == trump and c.rank > best.rank),
                            Reason("bolola.must_overtrump", {"card": best.code})))
        return out
    if contract == "no_king_hearts":
        return [must([KING_OF_HEARTS], Reason("bolola.void_king_hearts", params)),
                must((c for c in hand if c.suit == HEARTS), Reason("bolola.void_heart", params))]
    key = _VOID_KEYS.get(contract)
    if key is None:
        return []
    return [must((c for c in hand if is_scoring(contract, c)), Reason(key, params))]

