"""The spoken stream: each update a seat receives, as the sentences a listener hears.

An event of kind ``k`` in game ``g`` is said by the catalog's ``spoken.g.k`` (else the
shared ``spoken.k``), its parameters filled from the event's data by :meth:`Words.params
<game.spoken.words.Words.params>`; a kind with no sentence in the catalogs is silent (a
deal's card-by-card moves: the deal is said once, by the event that opens it). A few
events take another sentence by what their data says (an Ace played high, a trick worth
nothing): :data:`VARIANTS`, a variant ``None`` keeping that event silent. What the
listener did takes the sentence's ``.you`` form where the catalog has one ("You play the
Ace of Cups", not "You plays"). After the events comes whose turn it is, when that
changed; a refusal is said by its reason.

Only the update is read (its events as :meth:`Event.for_seat
<game.engine.Event.for_seat>` redacted them, its view, who is to act, its legal
actions): the stream cannot say what the seat may not know.
"""

from __future__ import annotations

from typing import Callable, Mapping, Optional

from game import GAMES
from game.engine import Event, Reason
from game.session import Update
from game.spoken.cues import DEAL_END_KINDS
from game.spoken.words import Words

#: the most choices a turn names aloud ("Your turn: Bet 0, Bet 1 or Bet 2"); more are
#: asked for with the hand
CHOICES_SAID = 10

Variant = Callable[[Mapping], Optional[str]]


def _ace(data: Mapping) -> Optional[str]:
    return f"ace_{data['ace']}" if data.get("ace") else ""


def _briscola_deal(data: Mapping) -> Optional[str]:
    """Only the card turned under the stock opens a game aloud (the trump, if seen)."""
    if data.get("stage") != "briscola":
        return None
    return "trump" if data.get("trump") else "hidden"


def _briscola_trick(data: Mapping) -> Optional[str]:
    return "" if data.get("points") else "nothing"


def _reveal(data: Mapping) -> Optional[str]:
    """A card turned up at last (Bisca's one-card round) is said to the one who sees it:
    another player's, whose card the redaction left out, is no sentence ("The cards
    turned up: ." was)."""
    return "" if any(m.get("card") for m in data.get("moves", ())) else None


def _bid(data: Mapping) -> Optional[str]:
    return "pass" if data.get("bid") in (None, "", "pass", "0") else ""


#: event kinds a game may leave without a sentence, said by another event (a deal card
#: by card by the event that opens it, Briscola's draws from the stock by the turn that
#: follows); a game that has one for them says it (Bocce's draw, Briscola's turned card)
SILENT = frozenset({"deal", "gather", "draw", "kitty_taken", "bet_turn"})

#: (game, event kind) -> the sentence's variant by the event's data ("" the plain one)
VARIANTS: dict[tuple[str, str], Variant] = {
    ("bisca", "play"): _ace,
    ("bisca", "reveal"): _reveal,
    ("briscola", "deal"): _briscola_deal,
    ("briscola", "trick_won"): _briscola_trick,
    ("doudizhu", "bid"): _bid,
}


#: (game, event kind) -> the data key a sentence counts by: for one, the catalog's
#: ``_one`` form is said ("1 card each", as ``bisca_table.round_one`` shows it)
COUNTED: dict[tuple[str, str], str] = {
    ("bisca", "round"): "cards",
    ("bisca", "bets_closed"): "cards",
}


class SpokenStream:
    """One seat's sentences, update after update."""

    def __init__(self, words: Words, seat: Optional[int], brief: bool = False) -> None:
        self.words = words
        self.seat = seat
        #: say less: no "won because", no other seat's turn (the turn query still says it)
        self.brief = brief
        #: your turn's sound is heard (game/spoken/cues.py): brief leaves the plain "Your
        #: turn." to it (a turn whose choices are named is still said)
        self.cued = False
        self._to_act: tuple[int, ...] = ()
        #: the turn's sentence the last update ended with ("" when the turn did not change)
        self.turn_said = ""
        #: how many of the last update's sentences come up to its deal's end (a score
        #: sheet may show there, and what follows wait for it: scenes/speech/table.py);
        #: None when no deal ended
        self.sheet_at: Optional[int] = None

    @property
    def game(self) -> str:
        return self.words.game

    def hear(self, update: Update) -> list[str]:
        """The sentences of one update: its events, then whose turn it is if it changed
        (not while it stays yours: another seat done with a move you both had to make),
        or again after your own move leaves you to act (a Bocce draw: the new choices)."""
        said: list[str] = []
        self.sheet_at = None
        for event in update.events:
            said.extend([line] if (line := self.event(event)) else [])
            if event.kind in DEAL_END_KINDS and self.sheet_at is None:
                self.sheet_at = len(said)
        mine = self.seat is not None and self.seat in self._to_act and update.my_turn
        again = update.my_turn and update.actor == self.seat        # a draw: still yours
        changed = not update.over and (again or (update.to_act != self._to_act and not mine))
        self.turn_said = self.turn(update) if changed else ""
        said.extend([self.turn_said] if self.turn_said else [])
        self._to_act = update.to_act
        return said

    def event(self, event: Event) -> str:
        """One event's sentence, "" for an event said by another (or by none)."""
        pick = VARIANTS.get((self.game, event.kind))
        variant = pick(event.data) if pick is not None else ""
        if variant is None:
            return ""
        w = self.words
        mine = event.seat is not None and event.seat == self.seat
        counted = COUNTED.get((self.game, event.kind))
        one = "_one" if counted is not None and event.data.get(counted) == 1 else ""
        for key in (f"spoken.{self.game}.{event.kind}", f"spoken.{event.kind}"):
            key = f"{key}.{variant}" if variant else key
            forms = [f"{key}.you", key] if mine else [key]
            for said in [f"{form}{one}" for form in forms if one] + forms:
                if w.has(said):
                    params = w.params(event.seat, event.data)
                    if self.brief:
                        params["why"] = ""
                    return w.say(said, **params).strip()
        return ""

    def turn(self, update: Update) -> str:
        """"Your turn" (with the choices when they are few and name no card), or who
        is to act."""
        w = self.words
        if update.my_turn:
            kinds = {a.kind for a in update.legal}
            if len(kinds) == 1 and w.has(f"spoken.{self.game}.turn.{next(iter(kinds))}"):
                # a game's own words for a turn of one kind of action, with its key
                # (the Venceslao race: "claim it now, with C or Space")
                return w.say(f"spoken.{self.game}.turn.{next(iter(kinds))}")
            label = GAMES[self.game].label
            choices = [label(a).words(w.lang) for a in update.legal if not a.cards]
            if choices and len(choices) == len(update.legal) and len(choices) <= CHOICES_SAID:
                return w.say("spoken.turn.you_choose", choices=w.join(choices))
            return "" if self.brief and self.cued else w.say("spoken.turn.you")
        others = [s for s in update.to_act if s != self.seat]
        if not others or self.brief:
            return ""
        if len(others) == 1:
            return w.say("spoken.turn.other", player=w.seat(others[0]))
        return w.say("spoken.turn.several", players=w.seats(others))

    def refused(self, reason: Reason) -> str:
        """A refusal, in the reason's own words."""
        return self.words.say("spoken.refused", reason=reason.words(self.words.lang))
