"""Briscola Venceslao: three-player Briscola where the Two of Swords changes
the trump and the Jack of Sticks starts a "culetto".  A match is three games,
each player dealing once; the state is the whole match.

Seats and direction: play runs counterclockwise, so the next player,
``(seat + 1) % 3``, is the player on your right.  Game 1 is dealt by seat 2,
so seat 0 leads the first trick; the deal then passes to the right.

Choices where the rule text is silent (all shown in assets/rules/en/briscola.md):

* The sampled card lies face up under the stock and is drawn last.  Only the
  non-dealers see it (zone ``"briscola"``); the dealer sees a face-down card.
  The dealer is never told the first trump: they infer it from play, learn it
  if they draw the sampled card themselves, or hear a Venceslao announcement.
* Option ``remember_trump`` (default True, the text's way): players must
  remember the trump once nothing on the table shows it.  ``view["trump"]``
  shows it to a seat while the seat sees the sampled card under the stock and
  that card still names the trump (the non-dealers, until the card is drawn or
  a Venceslao changes the trump), and from the moment the seat is told it (an
  announcement, the dealer drawing the sampled card) until that seat next
  plays a card.  With the option off, every seat that knows the trump always
  sees it.
* Venceslao: whoever holds the Two of Swords must play it at their next turn.
  The two opponents then race to ``claim``; the first one chooses the new trump
  (any of the four suits, keeping the old one allowed).  The new trump holds at
  once, for the rest of that trick too; the trick is won normally with the trump
  in force when its last card is down.  A Two of Swords played last in a trick
  is claimed before the trick is decided.
* Culetto: a trick holding the Jack of Sticks stays on the table; its would-be
  winner leads the next trick and everyone draws as usual, and the next trick's
  winner takes all six cards.  In the last trick the Jack of Sticks is an
  ordinary card and the trick goes to its winner.
* Primiera: every suit needed; the highest valid primiera scores 11, a tie for
  the highest scores nothing.  Match: most points over three games; a tie
  shares the win.
* Option ``games`` (default 3, the text's match): 1 plays a single game, dealt
  by seat 2 as game 1 always is (a short match: the kiosk's demo).

Events carry what the screen shows while they play out, so no screen repeats a
rule: every ``deal`` and ``draw`` has ``stock`` (``view["stock"]`` after it);
``trump`` and ``trump_known`` come with the gather and the sampled card's deal
(public: unknown; private to the non-dealers: the suit), with the draw of the
sampled card (private to its drawer: the dealer learns the trump, a non-dealer
may have to remember it now), with a ``trump_hidden`` event for each other seat
that must remember it once that card is gone (private to that seat), and with a
``play`` under "remember the trump" (private to the player: the trump as its
view shows it now).  Every ``deal`` has ``taken`` (card points taken this game,
per seat: none yet) and ``announced`` (False: no Venceslao yet); every
``trick_won`` has ``taken`` after it, and, private to the seats that know the
trump (it may name it), ``why`` the card took it when its number alone would not
say (game/tricks.py ``why_won``: the table's "won because" line).  The view's ``tricks`` keep each finished
trick (leader, cards in play order, winner, ``held`` as a culetto, the card
``points`` it gave its winner and the ``culetto`` cards it took along), for a
player who wants to look back at the last one.  The last event is ``game_over``
(:data:`game.engine.GAME_OVER`) with ``scores`` and ``winners``.

Declared shapes: the view and every event's data are ``game/views/briscola.py``.  Text
form (game/position.py): ``state.to_text()`` writes the position, ``State.from_text``
reads it back; after the four lines naming the game come
:attr:`BriscolaState.position_fields` in order, the sampled card under the stock as
``briscola`` and who may know the trump as ``knows``::

    trump = "c"
    briscola = "Ac"
    knows = [true, true, false]
    hands = [["3c", "Nb", "5s"], ["7d", "Kc", "2s"], ["4b", "Jd", "6c"]]
"""

from __future__ import annotations

import random
from typing import Any, Collection, Iterable, Mapping, Sequence

from game.cards import (
    ITALIAN_SUITS,
    PRIMIERA,
    Card,
    card,
    codes,
    italian_deck,
    italian_points,
    italian_strength,
    shuffled,
)
from game.engine import (
    Action,
    Demo,
    Event,
    GameSpec,
    Option,
    Phrase,
    Reason,
    State,
    Trial,
    card_move,
    plain_copy,
    plain_label,
    seat_zones,
)
from game.i18n import translate
from game.tricks import play_order, trick_points, trick_winner, why_won
from game.views import briscola as shapes

SEATS = 3
GAMES_PER_MATCH = 3
FIRST_DEALER = 2
HAND_SIZE = 3

VENCESLAO = card("2s")
JACK_OF_STICKS = card("Jb")
REMOVED = card("2b")
#: The 39 cards in a fixed order (shuffled by the state's generator every game).
DECK: tuple[Card, ...] = tuple(c for c in italian_deck() if c != REMOVED)

#: a card's points and its place in its suit: the Briscola family's, shared in game/cards.py
points, strength = italian_points, italian_strength
PRIMIERA_BONUS = 11

PLAY, CLAIM, CHOOSE, OVER = "play", "claim", "choose", "over"
CLAIM_ACTION = Action("claim")

#: each card's play, made once, and its place among the deck's cards sorted, both by the
#: card's code: a search lists a hand's plays at every move of every playout, and listed
#: card by card in that order they come out sorted as actions sort (one card each)
_PLAYS: dict[str, Action] = {c.code: Action("play", (c,)) for c in DECK}
_PLACE: dict[str, int] = {c.code: i for i, c in enumerate(sorted(DECK))}
#: each seat's zones by name: its hand, its tricks taken
_SEAT_ZONES = tuple((f"hand/{s}", f"pile/{s}") for s in range(SEATS))
#: the zones a seat (None: a spectator) sees face up, by whether it sees the sampled card:
#: the table, a held culetto, its own hand
_FACE_UP: dict[tuple[int | None, bool], frozenset[str]] = {
    (seat, briscola): frozenset({"table", "culetto",
                                 *((f"hand/{seat}",) if seat is not None else ()),
                                 *(("briscola",) if briscola else ())})
    for seat in (None, *range(SEATS)) for briscola in (False, True)}


def _sheet_copy(sheet: Sequence[shapes.SheetRow]) -> list[shapes.SheetRow]:
    """A copy of the score sheet for a view or a result: each row a new dict of new lists
    (a row holds lists of numbers alone; a view is read at every move of a search)."""
    return [{"card_points": list(row["card_points"]), "primiera": list(row["primiera"]),
             "bonus": list(row["bonus"]), "total": list(row["total"])} for row in sheet]



def primiera(cards: Iterable[Card]) -> int | None:
    """The sum of the best primiera card of each suit; None unless all four suits are there."""
    best: dict[str, int] = {}
    for c in cards:
        best[c.suit] = max(best.get(c.suit, 0), PRIMIERA[c.rank])
    return sum(best.values()) if len(best) == len(ITALIAN_SUITS) else None


def score_game(piles: Sequence[Sequence[Card]]) -> shapes.SheetRow:
    """One row of the score sheet: card points, primiera (None if not valid), bonus, total."""
    card_pts = [trick_points(p, points) for p in piles]
    prim = [primiera(p) for p in piles]
    valid = [v for v in prim if v is not None]
    bonus = [0] * len(piles)
    if valid:
        top = max(valid)
        if valid.count(top) == 1:
            bonus[prim.index(top)] = PRIMIERA_BONUS
    return {"card_points": card_pts, "primiera": prim, "bonus": bonus,
            "total": [c + b for c, b in zip(card_pts, bonus)]}


class BriscolaState(State):
    """A match of three games of Briscola Venceslao."""

    view_shape = shapes.View
    result_shape = shapes.FinalResult
    event_shapes = shapes.EVENTS
    position_fields = {
        "game_no": int, "dealer": int, "phase": str, "leader": int, "trump": str,
        "knows": list[bool], "reminder": list[bool], "announced": bool,
        "venceslao": int | None, "chooser": int | None, "stock": list[Card],
        "briscola": Card | None, "hands": list[list[Card]], "table": list[Card],
        "culetto": list[Card], "piles": list[list[Card]], "played": list[Card],
        "tricks": Any, "sheet": Any, "totals": list[int], "winners": list[int],
    }
    #: a trick's record and a row of the score sheet are written once, when the trick or
    #: the game ends, and never changed (views and results hand out copies of them)
    append_only = State.append_only + ("tricks", "sheet")

    def __init__(self, options: dict[str, Any], seats: int, seed: int) -> None:
        super().__init__(options, seats, seed)
        if seats != SEATS:
            raise ValueError("Briscola Venceslao is played by three")
        self.remember: bool = bool(options.get("remember_trump", True))
        self.game_no = 0
        self.games = int(options.get("games", GAMES_PER_MATCH))
        self.dealer = FIRST_DEALER
        self.sheet: list[shapes.SheetRow] = []
        self.totals = [0] * SEATS
        self.winners: list[int] = []
        self.piles: list[list[Card]] = [[] for _ in range(SEATS)]
        self.stock: list[Card] = []          # face down; its top is the last card
        self.briscola: Card | None = None    # the sampled card under the stock
        self.hands: list[list[Card]] = [[] for _ in range(SEATS)]
        self.table: list[Card] = []          # the current trick, in play order
        self.culetto: list[Card] = []        # a held trick waiting for the next one
        self.trump = ""
        self.knows = [False] * SEATS         # who may know the current trump
        self.reminder = [False] * SEATS      # whose view shows it (remember_trump on)
        self.announced = False               # a Venceslao told everyone this game
        self.leader = 0
        self.phase = PLAY
        self.venceslao: int | None = None    # who played the Two of Swords in this trick
        self.chooser: int | None = None
        self.played: list[Card] = []
        self.tricks: list[shapes.Trick] = []
        self._opening = self._start_game()

    # -- the contract ------------------------------------------------------
    def opening_events(self) -> list[Event]:
        return list(self._opening)

    def to_act(self) -> tuple[int, ...]:
        if self.phase == PLAY:
            return (self.turn,)
        if self.phase == CLAIM:
            return self.claimants
        if self.phase == CHOOSE and self.chooser is not None:
            return (self.chooser,)
        return ()

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.phase == CLAIM:
            return [CLAIM_ACTION]
        if self.phase == CHOOSE:
            return sorted(Action("trump", (), s) for s in ITALIAN_SUITS)
        hand = self.hands[seat]
        if VENCESLAO in hand:
            return [_PLAYS[VENCESLAO.code]]
        return [_PLAYS[code] for code in sorted((c.code for c in hand), key=_PLACE.__getitem__)]

    def is_legal(self, seat: int, action: Action) -> bool:
        """:meth:`legal_actions` membership, answered without building the list."""
        if seat not in self.to_act():
            return False
        if self.phase == CLAIM:
            return action == CLAIM_ACTION
        if self.phase == CHOOSE:
            return action.kind == "trump" and not action.cards and action.value in ITALIAN_SUITS
        if action.kind != "play" or action.value or len(action.cards) != 1:
            return False
        c, hand = action.cards[0], self.hands[seat]
        return c in hand and (c == VENCESLAO or VENCESLAO not in hand)

    def _waiting_reason(self, seat: int, action: Action) -> Reason | None:
        """During a Venceslao everyone else waits for the race or the choice; a claim out
        of turn says why it may not be made."""
        if action.kind == "claim":
            if self.phase == CLAIM and seat == self.venceslao:
                return Reason("briscola.claim_opponents_only")
            if self.phase == PLAY:
                return Reason("briscola.no_claim_now")
        if self.phase == CLAIM and seat == self.venceslao:
            return Reason("briscola.wait_claim")
        if self.phase == CHOOSE:
            return Reason("briscola.wait_choice")
        return None

    def _reason(self, seat: int, action: Action) -> Reason | None:
        if self.phase == CLAIM:
            if action.kind == "claim":         # with a card or a value: no such claim
                return Reason("briscola.claim_plain")
            return Reason("briscola.claim_first")
        if self.phase == CHOOSE:
            if action.kind == "trump":
                return Reason("briscola.bad_suit")
            return Reason("briscola.choose_first")
        if action.kind == "claim":
            return Reason("briscola.no_claim_now")
        if action.kind == "trump":
            return Reason("briscola.no_choice_now")
        c = action.card
        if action.kind != "play" or c is None or action.value:
            return Reason("briscola.play_one_card")
        if c not in self.hands[seat]:
            return Reason("briscola.not_in_hand")
        if VENCESLAO in self.hands[seat] and c != VENCESLAO:
            return Reason("briscola.must_play_venceslao")
        return None

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if action.kind == "play" and action.card is not None:
            self._play(seat, action.card, events)
        elif action.kind == "claim":
            self.phase, self.chooser = CHOOSE, seat
            events.append(shapes.CLAIMED(seat, {"venceslao": self.venceslao}))
        elif action.kind == "trump":
            self.trump = action.value
            self.knows = [True] * SEATS
            self.reminder = [True] * SEATS
            self.announced = True
            self.phase, self.chooser = PLAY, None
            # the suit is announced to all; ``trump`` is the trump as each view now
            # shows it (a spectator under "remember the trump" is shown none)
            events.append(shapes.TRUMP_CHANGED(seat,
                                {"suit": action.value, "trump": self.shown_trump(None)},
                                private={"trump": action.value},
                                audience=frozenset(range(SEATS))))
            self._advance(events)
        return events

    def result(self) -> shapes.FinalResult:
        return {"scores": list(self.totals), "winners": list(self.winners),
                "sheet": _sheet_copy(self.sheet)}

    # -- facts -----------------------------------------------------------------
    @property
    def turn(self) -> int:
        """The seat to play the next card of the trick."""
        return (self.leader + len(self.table)) % SEATS

    @property
    def claimants(self) -> tuple[int, ...]:
        """The Venceslao player's two opponents, while the race is open."""
        if self.venceslao is None:
            return ()
        return tuple(s for s in range(SEATS) if s != self.venceslao)

    @property
    def stock_count(self) -> int:
        """The cards still to draw, the sampled card among them (``view["stock"]``)."""
        return len(self.stock) + (self.briscola is not None)

    def sees_briscola(self, seat: int | None) -> bool:
        """Only the two non-dealers see the sampled card."""
        return seat is not None and seat != self.dealer

    def knows_trump(self, seat: int | None) -> bool:
        return self.knows[seat] if seat is not None else self.announced

    def sees_trump_card(self, seat: int | None) -> bool:
        """The seat sees the sampled card under the stock, and it still names the trump
        (a Venceslao may have changed the trump since: then the card is out of date)."""
        return (self.briscola is not None and self.sees_briscola(seat)
                and self.briscola.suit == self.trump)

    def shown_trump(self, seat: int | None) -> str | None:
        """The trump as the seat's view carries it (see the module docstring): what the
        table shows it, so the badge never asks to remember a card still in sight."""
        if not self.knows_trump(seat):
            return None
        if not self.remember:
            return self.trump
        if seat is None:
            return None
        return self.trump if self.reminder[seat] or self.sees_trump_card(seat) else None

    def taken(self) -> list[int]:
        """Card points each seat has taken this game (public: every trick is seen)."""
        return [trick_points(p, points) for p in self.piles]

    def round_number(self) -> int:
        """The game of the match being played (the tests' stretches count them)."""
        return self.game_no

    def racing(self) -> bool:
        """The Venceslao claim: the first opponent to claim it takes it."""
        return self.phase == CLAIM

    def secret_cards(self, seat: int | None) -> set[str]:
        """The stock, the others' hands, and the sampled card to the dealer (and a
        spectator), who never saw it."""
        hidden = {c.code for c in self.stock}
        for s in range(self.seats):
            if s != seat:
                hidden |= {c.code for c in self.hands[s]}
        if self.briscola is not None and (seat is None or seat == self.dealer):
            hidden.add(self.briscola.code)
        return hidden

    @staticmethod
    def starts_deal(event: Event) -> bool:
        """The ``deal`` event whose stage is the gathering deals afresh."""
        return event.kind == "deal" and event.data.get("stage") == "gather"

    def true_zones(self) -> dict[str, list[Card]]:
        """Every zone with its real cards, in order (the top of the stock last)."""
        return {z: list(cs) for z, cs in self._zones().items()}

    def _zones(self) -> dict[str, Sequence[Card]]:
        """Every zone and its cards, the game's own lists (not copies: a view makes its
        own lists of codes from them)."""
        zones: dict[str, Sequence[Card]] = {
            "deck": self.stock,
            "briscola": (self.briscola,) if self.briscola is not None else (),
            "table": self.table,
            "culetto": self.culetto,
        }
        for s, (hand, pile) in enumerate(_SEAT_ZONES):
            zones[hand] = self.hands[s]
            zones[pile] = self.piles[s]
        return zones

    def _set_zones(self, zones: Mapping[str, Sequence[Card]]) -> None:
        for zone, cs in zones.items():
            kind, _, owner = zone.partition("/")
            if zone == "deck":
                self.stock = list(cs)
            elif kind in ("hand", "pile"):
                (self.hands if kind == "hand" else self.piles)[int(owner)] = list(cs)
            elif zone in ("table", "culetto"):
                setattr(self, zone, list(cs))
            else:
                raise ValueError(f"the sampled card names the trump: it stays ({zone!r})")

    def _fixed_zones(self, seat: int | None) -> frozenset[str]:
        """The tricks taken (seen played; their points are public), and the sampled card:
        it names the trump, which every trick's winner shows."""
        return frozenset({"pile", "briscola"})

    def _face_up(self, seat: int | None) -> frozenset[str]:
        """The zones whose faces ``seat`` sees: the table, a held culetto, its own hand,
        and the sampled card if it is not the dealer."""
        return _FACE_UP[seat, self.sees_briscola(seat)]

    def _forget(self, seat: int, rng: random.Random) -> None:
        """The dealer, never told the trump, never saw the sampled card: in its world
        that card is any card it has not seen whose suit gives every trick of this game
        the winner it had (:meth:`trumps_possible`), and once another drew it, the trump
        is any such suit (a search's inference weighs them: game/ai/briscola.py)."""
        if self.knows[seat] or self.announced:
            return
        suits = self.trumps_possible()
        if self.briscola is not None:
            self.resample_briscola(seat, rng, suits)
        else:
            self.trump = rng.choice(suits)

    def trumps_possible(self) -> list[str]:
        """The suits that, as the trump, give every trick of this game its winner: what
        the trump may be for a seat never told it (before any Venceslao, one trump held
        the whole game).  The trump itself is always one."""
        return [s for s in ITALIAN_SUITS if s == self.trump or all(
            trick_winner([Card.parse(c) for c in t["cards"]], t["leader"], s, strength,
                         SEATS) == t["winner"] for t in self.tricks)]

    def resample_briscola(self, seat: int, rng: random.Random,
                          suits: Collection[str] | None = None) -> None:
        """For a seat that never saw the sampled card under the stock: put there, at
        random, a card it has not seen (one of ``suits`` when given; the card may also
        stay if its suit is one), the trump being the new card's suit."""
        assert self.briscola is not None
        zones = self.true_zones()
        places: list[tuple[str, int] | None] = [
            (z, i) for z, i in self.hidden_places(seat)
            if suits is None or zones[z][i].suit in suits]
        if suits is None or self.briscola.suit in suits:
            places.append(None)
        pick = rng.choice(places) if places else None
        if pick is not None:
            z, i = pick
            zones[z][i], self.briscola = self.briscola, zones[z][i]
            self._set_zones({z: zones[z]})
        self.trump = self.briscola.suit

    def view(self, seat: int | None) -> shapes.View:
        zones = seat_zones(self._zones(), seat, self._face_up(seat))
        out: shapes.View = {
            "seat": seat,
            "zones": zones,
            "phase": self.phase,
            "to_act": list(self.to_act()),
            "turn": self.turn if self.phase == PLAY else None,
            "leader": self.leader,
            "led_suit": self.table[0].suit if self.table else None,
            "trump": self.shown_trump(seat),
            "trump_known": self.knows_trump(seat),
            "remember_trump": self.remember,
            "claim_open": self.phase == CLAIM,
            "claimants": list(self.claimants) if self.phase == CLAIM else [],
            "chooser": self.chooser,
            "venceslao": self.venceslao,
            "culetto": bool(self.culetto),
            "stock": self.stock_count,
            "played": codes(self.played),
            # a trick's two lists copied, the rest values: a search reads a view at every
            # playout move, and plain_copy's general walk was a fifth of a playout's calls
            "tricks": [{**t, "cards": list(t["cards"]), "culetto": list(t["culetto"])}
                       for t in self.tricks],
            "taken": self.taken(),
            "announced": self.announced,
            "game_no": self.game_no,
            "games": self.games,
            "dealer": self.dealer,
            "sheet": _sheet_copy(self.sheet),
            "scores": list(self.totals),
        }
        if self.phase == OVER:
            out["winners"] = list(self.winners)
        return out

    # -- the flow of a game --------------------------------------------------
    def _start_game(self) -> list[Event]:
        """Gather every card, shuffle, deal three each and sample the briscola."""
        self.game_no += 1
        self.dealer = (FIRST_DEALER + self.game_no - 1) % SEATS
        head: shapes.DealHead = {"game_no": self.game_no, "dealer": self.dealer,
                                 "taken": [0] * SEATS, "announced": False}
        events: list[Event] = []
        gather = [card_move(None, f"pile/{s}", "deck", False)
                  for s in range(SEATS) for _ in self.piles[s]]
        if gather:
            events.append(shapes.DEAL(self.dealer, {
                **head, "stage": "gather", "moves": gather, "stock": len(DECK),
                "trump": None, "trump_known": False}))
        self.piles = [[] for _ in range(SEATS)]
        self.briscola = None
        self.stock = shuffled(DECK, self.rng)
        self.hands = [[] for _ in range(SEATS)]
        self.table, self.culetto, self.played, self.tricks = [], [], [], []
        order = play_order((self.dealer + 1) % SEATS, SEATS)
        for _ in range(HAND_SIZE):
            for s in order:
                c = self.stock.pop()
                self.hands[s].append(c)
                dst = f"hand/{s}"
                events.append(shapes.DEAL(s,
                                    {**head, "moves": [card_move(None, "deck", dst, False)],
                                     "stock": self.stock_count},
                                    private={"moves": [card_move(c, "deck", dst, True)]},
                                    audience=frozenset({s})))
        self.briscola = self.stock.pop()
        self.trump = self.briscola.suit
        self.knows = [s != self.dealer for s in range(SEATS)]
        self.reminder = list(self.knows)
        self.announced = False
        # The sampled card and its suit reach only those who see it; the dealer and a
        # spectator are told, in public, that they do not know the trump.
        events.append(shapes.DEAL(self.dealer,
                            {**head, "stage": "briscola",
                             "moves": [card_move(None, "deck", "briscola", False)],
                             "stock": self.stock_count, "trump": None, "trump_known": False},
                            private={"moves": [card_move(self.briscola, "deck", "briscola", True)],
                                     "trump": self.trump, "trump_known": True},
                            audience=frozenset(s for s in range(SEATS) if s != self.dealer)))
        self.leader = order[0]
        self.phase, self.venceslao, self.chooser = PLAY, None, None
        return events

    def _play(self, seat: int, c: Card, events: list[Event]) -> None:
        self.hands[seat].remove(c)
        self.table.append(c)
        self.played.append(c)
        self.reminder[seat] = False
        # With "remember the trump" the player's own view shows it now only if the sampled
        # card does (told to them alone).
        private, audience = ({"trump": self.shown_trump(seat)}, frozenset({seat})) \
            if self.remember else (None, None)
        events.append(shapes.PLAY(seat, {"card": c.code,
                                           "moves": [card_move(c, f"hand/{seat}", "table", True)]},
                            private=private, audience=audience))
        if c == VENCESLAO:
            self.phase, self.venceslao = CLAIM, seat
            events.append(shapes.CLAIM_OPEN(seat, {"claimants": list(self.claimants)}))
            return
        self._advance(events)

    def _advance(self, events: list[Event]) -> None:
        if len(self.table) == SEATS:
            self._finish_trick(events)

    def _finish_trick(self, events: list[Event]) -> None:
        winner = trick_winner(self.table, self.leader, self.trump, strength, SEATS)
        last = not any(self.hands)
        held = JACK_OF_STICKS in self.table and not last
        along = [] if held else codes(self.culetto)
        self.tricks.append({"leader": self.leader, "cards": codes(self.table),
                            "winner": winner, "held": held, "culetto": along,
                            "points": 0 if held else
                            trick_points(self.table + self.culetto, points)})
        if held:
            events.append(shapes.CULETTO_HELD(winner, {
                "cards": codes(self.table),
                "moves": [card_move(c, "table", "culetto", True) for c in self.table]}))
            self.culetto = list(self.table)
        else:
            taken = self.table + self.culetto
            moves = ([card_move(c, "table", f"pile/{winner}", False) for c in self.table]
                     + [card_move(c, "culetto", f"pile/{winner}", False) for c in self.culetto])
            self.piles[winner].extend(taken)
            # why it was won may name the trump: told only to those who know it
            events.append(shapes.TRICK_WON(winner, {
                "cards": codes(taken), "points": trick_points(taken, points),
                "taken": self.taken(), "moves": moves},
                private={"why": why_won(self.table, (winner - self.leader) % SEATS, self.trump)},
                audience=frozenset(s for s in range(SEATS) if self.knows[s])))
            self.culetto = []
        self.table = []
        self.venceslao = None
        self.leader = winner
        self._draw_round(winner, events)
        if not any(self.hands):
            self._end_game(events)

    def _draw_round(self, winner: int, events: list[Event]) -> None:
        """Each draws one, the trick's winner first; the sampled card comes last."""
        if not self.stock and self.briscola is None:
            return
        for s in play_order(winner, SEATS):
            private: dict[str, Any] = {}
            changed: list[int] = []
            if self.stock:
                c, src = self.stock.pop(), "deck"
            else:
                before = [self.shown_trump(x) for x in range(SEATS)]
                assert self.briscola is not None, "the turned-up card is the stock's last"
                c, src, self.briscola = self.briscola, "briscola", None
                if not self.knows[s]:      # the dealer draws the first trump's card itself
                    self.knows[s] = self.reminder[s] = True
                    private.update(trump_known=True)
                # the card leaves the table: who saw the trump only on it must remember it
                changed = [x for x in range(SEATS) if self.shown_trump(x) != before[x]]
                if s in changed:
                    private.update(trump=self.shown_trump(s))
            assert c is not None
            self.hands[s].append(c)
            dst = f"hand/{s}"
            events.append(shapes.DRAW(s, {"moves": [card_move(None, src, dst, False)],
                                            "stock": self.stock_count},
                                private={"moves": [card_move(c, src, dst, True)], **private},
                                audience=frozenset({s})))
            events.extend(shapes.TRUMP_HIDDEN(x, {}, private={"trump": self.shown_trump(x)},
                                audience=frozenset({x})) for x in changed if x != s)

    def _end_game(self, events: list[Event]) -> None:
        row = score_game(self.piles)
        self.sheet.append(row)
        self.totals = [t + r for t, r in zip(self.totals, row["total"])]
        events.append(shapes.GAME_SCORED(None, {"game_no": self.game_no, "row": plain_copy(row),
                                                  "totals": list(self.totals)}))
        if self.game_no < self.games:
            events.extend(self._start_game())
            return
        top = max(self.totals)
        self.winners = [s for s in range(SEATS) if self.totals[s] == top]
        self.phase = OVER
        events.append(shapes.GAME_ENDED(None, {"scores": list(self.totals),
                                              "winners": list(self.winners)}))


def suit_name(suit: str, lang: str = "en") -> str:
    """A suit's name in ``lang`` ("Cups"); the caller names the language."""
    return translate(lang, f"briscola.suit.{suit}")


def label(action: Action) -> Phrase:
    """An action's words, as the engine gives them (the registration's ``label``): "Play
    the Ace of Coins", "Claim the Venceslao" (its button: "Claim it!"), "Make Cups the
    briscola" (the suit picker: "Cups")."""
    if action.kind == "play" and action.card is not None:
        return Phrase("briscola.action.play", {"card": action.card.code})
    if action.kind == "claim":
        return Phrase("briscola.action.claim")
    if action.kind == "trump":
        return Phrase("briscola.action.trump", {"suit": Phrase(f"briscola.suit.{action.value}")})
    return plain_label(action)


def action_label(action: Action, lang: str = "en") -> str:
    """:func:`label` in ``lang``."""
    return label(action).words(lang)


def _new(options: dict[str, Any], seats: int, seed: int) -> BriscolaState:
    return BriscolaState(options, seats, seed)


SPEC = GameSpec(
    key="briscola",
    title="Briscola Venceslao",
    seats=(SEATS,),
    factory=_new,
    options={"remember_trump": Option(True, (True, False), "briscola.option.remember_trump"),
             "games": Option(GAMES_PER_MATCH, (GAMES_PER_MATCH, 1), "briscola.option.games")},
    cards=DECK,
    label=label,
    computers="game.ai.briscola:player",
    table="scenes.tables.briscola:ADAPTER",
    demo=Demo({"games": 1}),
    trial=Trial(seed=2, rounds=1),
)
