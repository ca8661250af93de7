"""What a listener asks at any time, answered from the seat's own update.

Each query (:data:`QUERIES`) reads the update's view, its legal actions and who is to
act, never the state: my hand grouped by suit with the cards I may play marked, the
cards on the table (a zone the catalog names as ``spoken.zone.<zone>``: "Under the
stock: 7 of Swords"), the scores, the trump, the last trick, whose turn, how many cards
each holds.  The view's keys are those every game declares (game/views/): ``zones``
with ``hand/<seat>``, and where a game has them ``scores`` (else ``lives``),
``trump``, ``tricks`` or ``last_hand``; a game without one is told so in words.
"""

from __future__ import annotations

from itertools import groupby
from typing import Callable

from game.cards import Card, CardCodeError
from game.session import Update
from game.spoken.words import Words

#: the games whose suits count for nothing, their hands said by rank as they lie (low to
#: high, each rank's cards together: a pair, a trio heard as such)
BY_RANK = frozenset({"doudizhu"})
#: the one deal of a game of contracts that has a trump (the others have none, where
#: "No trump is known" was said as if it were hidden)
TRUMPS_DEAL = {"bolola": "trumps"}
#: zones that hold no card on the table: hands, the stock and piles taken
_OFF_TABLE = ("hand", "deck", "pile", "won", "discard", "out")


def _hand(w: Words, update: Update) -> str:
    seat = update.seat
    if seat is None:
        return w.say("spoken.query.no_hand")
    held = update.view["zones"].get(f"hand/{seat}", [])
    codes = [c for c in held if c]
    if not held:
        return w.say("spoken.query.hand_empty")
    if not codes:                        # Bisca's one-card round: your card faces the others
        return w.say("spoken.query.hand_hidden", count=len(held))
    legal = {c.code for a in update.legal for c in a.cards}

    def named(card: Card) -> str:
        rank = card.rank_name(w.lang)
        return w.say("spoken.query.legal_mark", rank=rank) \
            if card.code in legal and len(legal) < len(codes) else rank

    if w.game in BY_RANK:                # as the hand lies: its ranks low to high, suits aside
        runs = groupby((_parse(c) for c in codes), key=lambda c: c.rank_name(w.lang))
        ranks = "; ".join(", ".join(named(c) for c in same) for _, same in runs)
        return w.say("spoken.query.hand_ranks", count=len(codes), groups=ranks)
    cards = sorted((_parse(c) for c in codes), key=lambda c: (c.is_joker, c.suit, c.rank))
    groups = []
    for suit, same in groupby(cards, key=lambda c: c.suit):
        groups.append(w.say("spoken.query.suit_group", suit=w.suit(suit) if suit != "J"
                            else w.say("spoken.jokers"), ranks=", ".join(named(c) for c in same)))
    key = "spoken.query.hand_one" if len(codes) == 1 else "spoken.query.hand"
    return w.say(key, count=len(codes), groups="; ".join(groups))


def _parse(code: str) -> Card:
    return Card.parse(code)


def _table(w: Words, update: Update) -> str:
    """The cards in play first, then those lying by (a zone with a name of its own)."""
    parts: list[tuple[bool, str]] = []
    for zone, codes in update.view["zones"].items():
        kind, _, rest = zone.partition("/")
        if kind == "hand" and rest != str(update.seat) and any(codes):
            codes = [c for c in codes if c]   # another's cards that face you (Bisca's one-card
            kind = "shown"                    # round): as a sighted player sees them
        elif kind in _OFF_TABLE or not codes:
            continue
        owner = rest.split("/")[0]
        player = w.seat(int(owner)) if owner.isdigit() else ""
        named = f"spoken.zone.{kind}"
        key = named if w.has(named) else "spoken.query.owned" if player else ""
        cards = w.cards(codes)
        parts.append((key == named, w.say(key, player=player, cards=cards) if key else cards))
    if not parts:
        return w.say("spoken.query.table_empty")
    return w.say("spoken.query.table", cards="; ".join(p for _, p in sorted(parts, key=_first)))


def _first(part: tuple[bool, str]) -> bool:
    return part[0]


#: the view's lists of one number per seat that the scores answer says, in this order:
#: this game's or deal's points first (Briscola's cards taken, Bolola's deal, Bisca's
#: bets and the hands made, as the plates show them), then the totals, or Bisca's lives
SCORE_KEYS = ("taken", "deal_scores", "bets", "won", "scores", "lives")


def _scores(w: Words, update: Update) -> str:
    """Each list by seat; a Bisca player out of the game is said out once, with the
    lives, and left out of the round's bets and hands (its bet was said "not yet")."""
    view = update.view
    out = set(view.get("out") or ())

    def said_as(key: str, seat: int, value: object) -> object:
        if seat in out:
            return w.say("spoken.query.out") if key == "lives" else None
        return w.say("spoken.query.not_yet") if value is None else value

    def each(key: str) -> list[object]:
        return [said_as(key, s, v) for s, v in enumerate(view[key])]

    said = [w.say(f"spoken.query.{key}", each=w.by_seat(each(key)))
            for key in SCORE_KEYS if isinstance(view.get(key), list)
            and any(v is not None for v in view[key])]
    return " ".join(said) if said else w.say("spoken.query.no_scores")


def _trump(w: Words, update: Update) -> str:
    view = update.view
    if "trump" not in view:
        return w.say("spoken.query.no_trump_game")
    if view["trump"] is None:           # a Bolola deal other than Trumps has none at all
        contract = view.get("contract")
        none = contract is not None and contract != TRUMPS_DEAL.get(w.game, contract)
        return w.say("spoken.query.no_trump_deal" if none else "spoken.query.trump_unknown")
    return w.say("spoken.query.trump", suit=w.suit(view["trump"]))


def _last_trick(w: Words, update: Update) -> str:
    view = update.view
    tricks = view.get("tricks")
    if isinstance(tricks, list) and tricks:
        last = tricks[-1]
        return w.say("spoken.query.last_trick", cards=w.cards(last["cards"]),
                     player=w.seat(last["winner"]))
    hand = view.get("last_hand")
    if isinstance(hand, dict) and isinstance(hand.get("cards"), list) and "winner" in hand:
        return w.say("spoken.query.last_trick", player=w.seat(hand["winner"]),
                     cards=w.cards([c["card"] for c in hand["cards"]]))
    last = view.get("last")
    if isinstance(last, dict) and "play" in last:
        return w.say("spoken.query.to_beat", player=w.seat(last["seat"]),
                     play=w.say(f"doudizhu.kind.{last['kind']}"),
                     ranks=", ".join(_rank_name(w, letter) for letter in last["play"]))
    return w.say("spoken.query.no_last_trick")


def _rank_name(w: Words, letter: str) -> str:
    """A rank by its letter in a play ("A", "T", "B" the black joker) as its name: a
    voice read the letters ("A A" as two letters)."""
    code = {"B": "BJ", "R": "RJ"}.get(letter, f"{letter}S")
    return _parse(code).rank_name(w.lang)


def _turn(w: Words, update: Update) -> str:
    if update.over:
        return w.say("spoken.query.over")
    if update.my_turn:
        return w.say("spoken.query.your_turn")
    if not update.to_act:
        return w.say("spoken.query.nobody")
    return w.say("spoken.query.turn", players=w.seats(list(update.to_act)))


def _counts(w: Words, update: Update) -> str:
    zones = update.view["zones"]
    each = [w.say("spoken.query.count", player=w.seat(s), count=len(zones[f"hand/{s}"]))
            for s in range(len(w.names)) if f"hand/{s}" in zones]
    return w.say("spoken.query.counts", each="; ".join(each))


#: every query by name, in the order a listener's keys list them
QUERIES: dict[str, Callable[[Words, Update], str]] = {
    "hand": _hand, "table": _table, "scores": _scores, "trump": _trump,
    "last_trick": _last_trick, "turn": _turn, "counts": _counts,
}


def ask(query: str, words: Words, update: Update) -> str:
    """The answer to ``query`` (a key of :data:`QUERIES`) from ``update``; a view missing
    what a query reads is answered "nothing to say", never a traceback."""
    try:
        return QUERIES[query](words, update)
    except (KeyError, TypeError, ValueError, CardCodeError):
        return words.say("spoken.query.nothing")
