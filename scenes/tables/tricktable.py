"""What the tables of trick-taking games share (Briscola Venceslao, Bolola, Bisca):
the trick laid in front of each player and gathered once it could be read, a label or
the dealer's chip by a name plate, a pop beside a plate, and the rows of a look back at the last trick.

A game's adapter subclasses :class:`TrickTable`, says where each seat's card of
the trick lies (:meth:`TrickTable.trick_spot`) and how big the trick's cards are
(:attr:`TrickTable.trick_scale`); the rest follows.  A game where not every seat
plays every trick says who does, in order (:meth:`TrickTable.trick_order`).  A game
with a stock to draw from and a card turned up under it to name the trump (Briscola)
names that card's zone (:attr:`TrickTable.trump_zone`) and lays both with
:meth:`TrickTable.stock_geom`, beside the trick (:meth:`TrickTable.stock_xy`).
"""

from __future__ import annotations

from typing import Any, Optional, Sequence, TypeVar

from game.views import TrickView
from scenes.kit import theme
from scenes.kit.hud import Label
from scenes.kit.layout import Layout, ZoneGeom
from scenes.tables import Fx, TableAdapter, Timing
from scenes.tables.look import LookRow

#: the fill of the dealer's chip
DEALER_CHIP = (120, 40, 36)
#: seconds at normal speed a finished trick lies whole before it is gathered: long
#: enough to read who played what (L shows it again later)
TRICK_READ = 1.5
#: ... and this much more for each card past four (Bisca at six, a Briscola culetto)
TRICK_READ_PER_CARD = 0.12


def read_hold(cards: int) -> float:
    """Seconds at normal speed a finished trick of ``cards`` cards lies whole before it
    goes (gathered, or swept like Dou Dizhu's): :data:`TRICK_READ`, and more past four."""
    return TRICK_READ + TRICK_READ_PER_CARD * max(0, cards - 4)


T = TypeVar("T", bound=TrickView)


class TrickTable(TableAdapter[T]):
    """A table whose trick is a live zone ``"table"``: card i lies in front of the i-th
    seat of :meth:`trick_order` (the seat ``leader + i`` by default)."""

    live_zones = frozenset({"table"})
    #: the trick's cards, relative to the layout's card size
    trick_scale = 0.9
    #: how far from the middle toward each seat's area its card of the trick lies (None:
    #: the layout's own trick spots): far enough out that six cards never cover each
    #: other's corners
    trick_reach: Optional[float] = None
    #: the piles of tricks won, relative to the layout's card size (:meth:`pile_geom`)
    pile_scale = 0.5
    #: the zone of the card turned up under the stock to name the trump ("" for none)
    trump_zone = ""
    #: the stock's cards (and the trump card's), relative to the layout's card size
    stock_scale = 0.85

    def stock_xy(self, layout: Layout) -> tuple[float, float]:
        """Where the stock lies: left of the trick, a little above the middle."""
        cx, cy = layout.centre
        return (cx - layout.width * 0.255, cy - layout.card_h * 0.05)

    def low_left_xy(self, layout: Layout, scale: float) -> tuple[float, float]:
        """Where a deck of ``scale`` lies low on the left (Bisca's, High card's): clear of
        the West player's card of the trick, its name over the Hint's place (level with
        the prompt, over your plate); right of West's tricks won where they reach it (the
        largest cards at 1280x720 laid the deck on that pile)."""
        cx, cy = layout.centre
        x, y = cx - layout.width * 0.36, cy + layout.card_h * 0.45
        west = [s for s in range(self.seats) if layout.seat(s).side == "left"]
        if west:
            pile = self.pile_geom(west[0], layout)
            reach = layout.card_h * (self.pile_scale + scale) * 0.55     # tilted a little
            if abs(pile.y - y) < reach:
                x = max(x, pile.x + layout.card_w * (self.pile_scale * 0.75 + scale * 0.5)
                        + layout.margin)
        return (x, y)

    def stock_geom(self, zone: str, layout: Layout) -> Optional[ZoneGeom]:
        """The stock (``"deck"``) face down at :meth:`stock_xy`, and the trump card
        (:attr:`trump_zone`) crosswise under it, its index end showing on the right;
        None for any other zone."""
        x, y = self.stock_xy(layout)
        if zone == "deck":
            return ZoneGeom(x, y, "stack", self.stock_scale, 0.0, depth=0.2, z=50)
        if self.trump_zone and zone == self.trump_zone:
            return ZoneGeom(x + layout.card_h * self.stock_scale * 0.40, y, "stack",
                            self.stock_scale, -90.0, z=40)
        return None

    @staticmethod
    def collect_timing(cards: int, after: float = 0.05) -> Timing:
        """How a finished trick of ``cards`` cards is gathered to its winner: it stays whole
        to be read (:func:`read_hold`), then flies."""
        return Timing(flight=0.44, stagger=0.05 if cards <= 4 else 0.07,
                      before=read_hold(cards), sound="collect", after=after, note_first=True)

    def trick_spot(self, seat: int, layout: Layout) -> tuple[float, float, float]:
        """Where the card of ``seat`` lies in the trick (x, y, angle): in front of it, or
        :attr:`trick_reach` of the way from the middle to its area."""
        if self.trick_reach is not None:
            cx, cy = layout.centre
            ax, ay = layout.seat(seat).area
            return (cx + (ax - cx) * self.trick_reach, cy + (ay - cy) * self.trick_reach, 0.0)
        x, y = layout.trick_spot(seat, self.trick_scale)
        return (x, y, 0.0)

    def zone_geom(self, zone: str, layout: Layout) -> ZoneGeom:
        """A seat's tricks won (``pile/<seat>``) by its hand (:meth:`pile_geom`); the rest
        as any table lays them."""
        kind, _, rest = zone.partition("/")
        if kind == "pile" and rest.isdigit():
            return self.pile_geom(int(rest), layout)
        return super().zone_geom(zone, layout)

    def pile_geom(self, seat: int, layout: Layout) -> ZoneGeom:
        """The cards of the tricks a player won, a small stack by their hand, clear of the
        name plates and the labels under them, at any count of seats (Bisca's two to six)."""
        g = layout.seat(seat)
        tilt = 8.0
        if g.side == "bottom":
            x, y = g.hand[0] + layout.fan_span / 2 + layout.card_w * 1.2, g.hand[1]
        elif g.side in ("left", "right"):
            # beside the upper half of the hand, toward the table: under it lay the Hint's
            # place (level with the prompt, over your plate)
            inward = 1 if g.side == "left" else -1
            beside = layout.card_h * layout.small_scale / 2 + layout.margin \
                + layout.card_w * self.pile_scale * 0.7
            x, y, tilt = g.hand[0] + inward * beside, g.hand[1] - layout.card_h * 0.55, \
                -8.0 * inward
        elif g.side == "top" and layout.seats < 6:
            x, y = g.hand[0] + layout.card_w * 1.9, g.hand[1]
        elif g.side == "top":
            # between the top corners: its plate under its hand, its card of the hand under
            # the plate, the top right hand where it would lie: past the hand's right end,
            # level with the plate
            x = g.hand[0] + layout.hand_span(seat) / 2 + layout.margin \
                + layout.card_w * (layout.small_scale + self.pile_scale * 1.1) / 2
            y = g.plate[1]
        else:
            # top-left, top-right: under the plate and its label, outward of the card of
            # the hand, which lies under the plate at five seats
            outward = -1 if g.side == "top-left" else 1
            x, y = g.plate[0] + outward * layout.card_w, \
                g.plate[1] + layout.font(27) + layout.card_h * 0.42
        return ZoneGeom(x, y, "stack", self.pile_scale, tilt, depth=0.3, z=200)

    def trick_order(self, shown: T) -> list[int]:
        """The seats that play the trick, in play order from its leader (the shown view's
        ``"leader"``): every seat by default."""
        leader = shown["leader"]
        return [(leader + i) % self.seats for i in range(self.seats)]

    def live_zone_geom(self, zone: str, layout: Layout, shown: T) -> ZoneGeom:
        if zone != "table":
            return self.zone_geom(zone, layout)
        spots = tuple(self.trick_spot(s, layout) for s in self.trick_order(shown))
        cx, cy = layout.centre
        return ZoneGeom(cx, cy, "spots", self.trick_scale, spots=spots or ((cx, cy, 0.0),),
                        z=300)

    @staticmethod
    def by_plate(seat: int, layout: Layout) -> tuple[float, float]:
        """Where a label by a seat's name plate is centred: above your plate, under the
        others'."""
        g = layout.seat(seat)
        x, y = g.plate
        gap = layout.font(27)
        return (x, y - gap if g.side == "bottom" else y + gap)

    def dealer_label(self, view: T, layout: Layout, text: str) -> Optional[Label]:
        """A gold chip saying ``text`` by the dealer's name plate: above yours, under the
        others'; beside the plate toward the table for a hand running down a side."""
        dealer = view["dealer"]
        g = layout.seat(dealer)
        f = layout.font
        x, y = self.by_plate(dealer, layout)
        if self.seats > 3 and g.side in ("left", "right"):
            # off the long hand that runs down the side of the window
            x += layout.card_w * (1.0 if g.side == "left" else -1.0)
        return Label(text, (x, y), f(14), theme.GOLD_LIGHT, True, pill=True, chip=DEALER_CHIP)

    def beside_plate(self, fx: Fx, seat: int, layout: Layout) -> tuple[tuple[float, float], str]:
        """A point just beside a seat's name plate on the side toward the table, and the
        anchor a pop takes there (it never covers the plate or the dealer chip)."""
        rect = fx.plate_rect(seat)
        gap = layout.font(8)
        if layout.seat(seat).side == "right":
            return (rect.left - gap, rect.centery), "midright"
        return (rect.right + gap, rect.centery), "midleft"

    # -- the score sheet (the base adapter draws it at the end, shared wins included) ---
    @staticmethod
    def add_sheet_row(shown: Any, data: Any, number: str) -> None:
        """A scored game's (or deal's) event into the shown view: the totals, and its row on
        the sheet unless already there (``data[number]`` is its number, from 1)."""
        shown["scores"] = list(data["totals"])
        sheet = list(shown["sheet"])
        if len(sheet) < data[number]:
            sheet.append(data["row"])
        shown["sheet"] = sheet

    def trick_rows(self, trick: Any, layout: Layout, winner_note: str,
                   led_note: str) -> list[LookRow]:
        """A finished trick as look back rows: who played which card in order, the leader
        noted ``led_note``, the winner ``winner_note`` (and shown as the good row)."""
        leader = trick["leader"]
        plays: list[tuple[int, str, list[str]]] = [((leader + i) % self.seats, code, [])
                 for i, code in enumerate(trick["cards"])]
        return self.play_rows(plays, trick["winner"], layout, winner_note, led_note)

    def play_rows(self, plays: Sequence[tuple[int, str, list[str]]], winner: Optional[int],
                  layout: Layout, winner_note: str, led_note: str) -> list[LookRow]:
        """Look back rows of a finished trick's plays, in order: (seat, card code, notes
        of its own) each; the first noted ``led_note``, the winner's ``winner_note`` (and
        shown as the good row)."""
        rows: list[LookRow] = []
        for i, (seat, code, own) in enumerate(plays):
            notes = ([led_note] if i == 0 else []) + list(own)
            if seat == winner:
                notes.append(winner_note)
            rows.append(LookRow(self.seat_name(seat, layout), [code], " · ".join(notes),
                                "good" if seat == winner else ""))
        return rows

