"""Where things go on the table, for 2 to 6 seats, from the window size alone.

The human sits at the bottom; the others sit around the table in turn order:
clockwise by default (as seen from the bottom: left, then across, then right),
or counterclockwise for games played that way (the next player on your right).
Card size follows the window height, so a bigger window shows bigger cards, and
every position is recomputed on resize.  ``scale`` (the player's "table cards and
text" setting) makes the cards and the words larger still; cards never grow past
:data:`MAX_CARD_SHARE` of the window's height nor the words past :data:`TEXT_ROOM` (at
800x500 the largest setting gives cards 1.2 and words 1.1 times the usual), nor
past :data:`CROWDED_SCALE` at five or six seats, so every seat keeps its place, nor past
a game's own ``card_share`` (Bocce's five rows keep the cards the window gives).  Game
adapters place their zones relative to these anchors, so no game hard-codes pixels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

try:  # the card art's aspect ratio; its module may land after this one
    from scenes.art.cardart import CARD_RATIO as _CARD_RATIO
except ImportError:  # pragma: no cover - until scenes/art/cardart.py exists
    _CARD_RATIO = 1.4

#: height / width of a card (CARD_RATIO may be given either way round)
CARD_ASPECT = _CARD_RATIO if _CARD_RATIO >= 1 else 1.0 / _CARD_RATIO

#: the most of the window's height a card may take, whatever the scale setting
MAX_CARD_SHARE = 0.21
#: the share of the window's height a card takes at the usual size (when the window is
#: not narrow for its height)
NATURAL_SHARE = 0.175
#: the words grow with ``scale`` up to this many times the window height's share of 720
#: px: 1.1 at 500 px (the labels of a full table still clear each other there), the
#: whole setting from 675 px up
TEXT_ROOM = 1.6

#: from this many seats the larger cards and words stop at CROWDED_SCALE: three hands
#: across the top leave the score board no more room than that (at 1.25 the corner
#: players' lines lay on the cards of the hand, and their won hands on the others')
CROWDED = 5
CROWDED_SCALE = 1.1

#: the most width a name plate's words take, in card widths (a friend's name of 24
#: letters, "Il computer gioca per Bruno"): a longer name is cut short
PLATE_WORDS = 2.6

#: the side seats (and the plates of the upper corner seats) move down this share of the
#: window's height per whole step of larger words
SIDE_DROP = 0.3

#: the top corner seats' hands are centred this share of the window's width from its edge
TOP_CORNER = 0.27
#: the top left one this share, a little further in: the score board lies in that corner
#: (at 800x500 with the larger words it reached the hand's first card)
TOP_LEFT_CORNER = 0.29

#: the most backs a top corner seat holds (Bisca's opening, the one game seating five or
#: six): what the top right hand keeps clear of the corner buttons
CORNER_HAND = 5

#: the outermost card of a fanned hand leans at most this many degrees
FAN_MAX = 8.0
#: and drops at most this share of a card's width below the middle ones
FAN_DROP = 0.07

def hand_step(n: int) -> float:
    """The distance between two neighbouring cards of a hand of ``n``, in card widths.

    A few cards lie side by side with a small gap, as a player holds them when
    there is room; a big hand closes up (about half a card at 13, a third at 20)
    so that it still reads as one hand.  A zone's ``max_span`` squeezes it further.
    """
    if n <= 5:
        return 1.06
    return max(0.3, 1.06 * (5.0 / n) ** 0.85)


#: the other seats' hands of backs lie this much closer than a hand of faces
BACKS_STEP = 0.8

#: the relative places of the other seats, by number of seats
_SIDES: dict[int, tuple[str, ...]] = {
    1: ("bottom",),
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
    5: ("bottom", "left", "top-left", "top-right", "right"),
    6: ("bottom", "left", "top-left", "top", "top-right", "right"),
}

#: the name a seat's place gives when there is no other name (a translation key suffix)
PLACE_NAMES = {"bottom": "south", "left": "west", "top-left": "northwest", "top": "north",
               "top-right": "northeast", "right": "east"}


@dataclass(frozen=True)
class ZoneGeom:
    """How the cards of one zone lie: centre, arrangement and size.

    ``kind``: ``"stack"`` (a pile, each card slightly offset), ``"fan"`` (an arc,
    the human hand), ``"row"`` (side by side along ``direction``, overlapping by
    ``spacing``).  ``scale`` is relative to the layout's card size; ``angle`` is
    the rotation of the whole zone in degrees (counter-clockwise, pygame's way).
    ``max_span`` squeezes a row or fan that would grow longer than it (the distance
    between the centres of its end cards).  ``natural``: a hand, whose step follows
    its number of cards, ``natural`` x :func:`hand_step` card widths, instead of
    ``spacing`` (backs, which nobody reads, lie a little closer than faces).
    """

    x: float
    y: float
    kind: str = "stack"
    scale: float = 1.0
    angle: float = 0.0
    spacing: float = 0.0
    max_span: float = 0.0
    fan_degrees: float = 0.0
    depth: float = 0.25
    z: int = 0
    align: str = "center"  # rows: "center", "start" (grow from x, y along direction)
    #: kind ``"spots"``: the i-th card lies at ``spots[i]`` = (x, y, angle), e.g. a trick
    #: laid in front of each player; cards beyond the last spot stack on it
    spots: tuple[tuple[float, float, float], ...] = ()
    natural: float = 0.0


@dataclass(frozen=True)
class SeatGeom:
    """One seat's place: where its hand lies, its name plate, and its area for piles."""

    seat: int
    side: str
    hand: tuple[float, float]
    hand_angle: float
    hand_scale: float
    toward: tuple[float, float]  # unit vector from the hand to the centre of the table
    plate: tuple[float, float]   # centre of the name plate
    area: tuple[float, float]    # between the hand and the centre: piles, tricks, bocce
    place: str = ""


@dataclass
class Layout:
    """All anchors for one window size and seat count."""

    size: tuple[int, int]
    seats: int
    human_seat: int = 0
    counterclockwise: bool = False
    #: the player's larger cards and text (1.0: as the window alone makes them)
    scale: float = 1.0
    #: the most of the window's height a card may take at this game (a game that stacks
    #: more rows of cards from top to bottom has room for less)
    card_share: float = MAX_CARD_SHARE
    #: the width of the corner buttons' row at its widest (measured by the table, whose
    #: words they are; 0: none): the top right seat's hand keeps clear of it
    corner_w: int = 0
    card_h: int = field(init=False)
    card_w: int = field(init=False)
    grow: float = field(init=False)
    _natural_w: int = field(init=False, repr=False)
    seat_geoms: list[SeatGeom] = field(init=False)

    def __post_init__(self) -> None:
        w, h = self.size
        self.seats = max(1, min(6, int(self.seats)))
        # the scale this table has room for (``scale`` is what the player asked)
        self.grow = min(self.scale, CROWDED_SCALE) if self.seats >= CROWDED else self.scale
        natural = min(h * NATURAL_SHARE, w * 0.14 * CARD_ASPECT)
        self.card_h = max(40, int(max(natural, min(natural * self.grow, h * self.card_share))))
        self.card_w = max(28, int(round(self.card_h / CARD_ASPECT)))
        self._natural_w = max(28, int(round(max(40, int(natural)) / CARD_ASPECT)))
        self.margin = max(6, int(h * 0.012))
        self.seat_geoms = [self._seat(s) for s in range(self.seats)]

    # -- the whole table ----------------------------------------------------------
    @property
    def width(self) -> int:
        return self.size[0]

    @property
    def height(self) -> int:
        return self.size[1]

    @property
    def centre(self) -> tuple[float, float]:
        w, h = self.size
        return (w / 2, h * 0.47)

    @property
    def small_scale(self) -> float:
        """Scale of the other seats' hands."""
        return 0.6

    @property
    def deck(self) -> tuple[float, float]:
        """The draw pile: left of the centre."""
        cx, cy = self.centre
        return (cx - self.width * 0.30, cy)

    @property
    def discard(self) -> tuple[float, float]:
        """Used cards: right of the centre."""
        cx, cy = self.centre
        return (cx + self.width * 0.30, cy)

    @property
    def hand_top(self) -> float:
        """Top edge of the human hand at rest."""
        return self.seat_geoms[self.human_seat].hand[1] - self.card_h / 2

    @property
    def prompt_y(self) -> float:
        """Centre of the prompt line, just above the human hand."""
        return self.hand_top - self.card_h * 0.16 - self.font(16) * 0.95

    @property
    def text_scale(self) -> float:
        """How much larger than the window alone makes them the words are (the player's
        setting, as far as the window has room: :data:`TEXT_ROOM`)."""
        return min(self.grow, max(1.0, self.size[1] / 720 * TEXT_ROOM))

    @property
    def font_scale(self) -> float:
        return max(0.7, self.size[1] / 720) * self.text_scale

    @property
    def side_drop(self) -> float:
        """How much lower the side seats sit when cards and words are larger: their plates
        (1.9 card widths above the hand) stay clear of the score board in the top left
        corner, which grows with the words."""
        return ((self.card_w - self._natural_w) * 1.9
                + (self.text_scale - 1.0) * self.size[1] * SIDE_DROP)

    @property
    def corner_h(self) -> int:
        """The height of the table's corner buttons (Log, Say, Undo: scenes/table/story.py),
        which lie in the top right corner at every table, so a player finds them in one
        place; what a game lays in that corner (Dou Dizhu's stake) starts under them."""
        f = self.font(14)
        return int(f * 1.5) + max(6, f // 2)

    @property
    def corner_bottom(self) -> int:
        """The lowest edge of the corner buttons' row (the margin above it)."""
        return self.margin + self.corner_h

    def font(self, base: int) -> int:
        """A font size that follows the window height (``base`` at 720 px)."""
        return max(11, int(round(base * self.font_scale)))

    @property
    def plate_room(self) -> float:
        """The most width a name plate's words may take (a longer name is cut short with
        an ellipsis: scenes/table/plates.py): what the seats' places leave a plate
        beside a hand or by the score board."""
        return self.card_w * PLATE_WORDS

    def seat(self, seat: int) -> SeatGeom:
        return self.seat_geoms[seat % self.seats]

    def relative(self, seat: int) -> int:
        return (seat - self.human_seat) % self.seats

    # -- seats ------------------------------------------------------------------------
    def _seat(self, seat: int) -> SeatGeom:
        w, h = self.size
        rel = (seat - self.human_seat) % self.seats
        if self.counterclockwise:
            rel = (-rel) % self.seats
        side = _SIDES[self.seats][rel]
        ch, cw, m = self.card_h, self.card_w, self.margin
        sh = ch * self.small_scale  # a small card's height
        cx, cy = self.centre
        top_y = m + sh / 2 + 2
        if side == "bottom":
            hand = (w / 2, h - m - ch / 2 - ch * 0.05)
            angle, scale = 0.0, 1.0
            # left of the widest hand the fan may hold, so no hand ever reaches it
            plate = (max(w * 0.5 - self.fan_span / 2 - cw * 1.5, m + cw * 0.9), h - m - ch * 0.18)
            area = (w / 2, hand[1] - ch / 2 - ch * 0.46 - ch * 0.36 - m)
        elif side == "top":
            hand = (w / 2, top_y)
            angle, scale = 180.0, self.small_scale
            plate = (hand[0] - cw * 2.4, top_y)
            if self.seats == 6:   # the top-left hand lies where the plate would: under the hand
                plate = (hand[0], top_y + sh / 2 + m * 2)
            area = (w / 2, top_y + sh / 2 + m + ch * 0.36 + m)
        elif side in ("top-left", "top-right"):
            fx = TOP_LEFT_CORNER if side == "top-left" else 1 - TOP_CORNER
            hand = (w * fx, top_y)
            if side == "top-right":
                hand = self._clear_of_corner(hand)
            angle, scale = 180.0, self.small_scale
            y = hand[1]
            plate = (hand[0], y + sh / 2 + m * 2 + self.side_drop)
            area = (hand[0], y + sh / 2 + m * 4 + ch * 0.36 + self.side_drop)
        else:  # left / right: the hand runs down the side of the window
            x = m + sh / 2 + 2
            if side == "right":
                x = w - x
            y = h * 0.42 + self.side_drop
            hand = (x, y)
            angle, scale = (-90.0 if side == "left" else 90.0), self.small_scale
            plate = (x, y - cw * 1.9)
            inward = 1 if side == "left" else -1
            area = (x + inward * (sh / 2 + m * 2 + ch * 0.36), y)
        dx, dy = cx - hand[0], cy - hand[1]
        norm = math.hypot(dx, dy) or 1.0
        return SeatGeom(seat, side, hand, angle, scale, (dx / norm, dy / norm), plate, area,
                        PLACE_NAMES[side])

    def _clear_of_corner(self, hand: tuple[float, float]) -> tuple[float, float]:
        """The top right seat's hand where its widest row ends left of the corner buttons:
        further left where nobody sits beside it, else under the buttons' row (at six
        seats the top hand is its neighbour; five backs ran under "Log" at 800x500)."""
        if not self.corner_w:
            return hand
        gap = max(6, self.font(14) // 2)
        room = self.width - self.margin - self.corner_w - gap
        small = self.card_w * self.small_scale
        span = min(self.card_w * 3.2, self._beside_top(), small * BACKS_STEP * (CORNER_HAND - 1))
        reach = (small + span) / 2
        if hand[0] + reach <= room:
            return hand
        if self.seats < 6:
            return (room - reach, hand[1])
        return (hand[0], self.corner_bottom + gap + self.card_h * self.small_scale / 2)

    # -- zones --------------------------------------------------------------------------
    @property
    def fan_span(self) -> float:
        """The most the human fan may spread: between the centres of its end cards."""
        return self.width * 0.62

    def hand_span(self, seat: int) -> float:
        """The most a seat's hand may spread (between its end cards' centres): the
        human's fan the width of the hand area, the others' clear of their name plates."""
        side = self.seat(seat).side
        if side == "bottom":
            return self.fan_span
        if side in ("top-left", "top-right"):
            return min(self.card_w * 3.2, self._beside_top())
        # top: the plate is 2.4 card widths aside; left/right: 1.9 above
        if side == "top":
            return min(self.card_w * 2.6, self._beside_top())
        return self.card_w * 2.4

    def _beside_top(self) -> float:
        """The most a hand across the top may spread with a neighbour beside it (six
        seats: three hands, larger cards) and a quarter of a card between them, so the
        three never run into one row of backs."""
        if self.seats < 6:
            return math.inf
        small = self.card_w * self.small_scale
        return self.width * (0.5 - max(TOP_CORNER, TOP_LEFT_CORNER)) - small * 1.25

    def hand_zone(self, seat: int) -> ZoneGeom:
        """A seat's hand: the human's as a fan, the others' as a row of backs, both
        spread naturally (:func:`hand_step`) within :meth:`hand_span`."""
        g = self.seat(seat)
        if g.side == "bottom":
            return ZoneGeom(g.hand[0], g.hand[1], "fan", 1.0, 0.0, max_span=self.fan_span,
                            fan_degrees=3.0, z=600, natural=1.0)
        return ZoneGeom(g.hand[0], g.hand[1], "row", g.hand_scale, g.hand_angle,
                        max_span=self.hand_span(seat), z=100, natural=BACKS_STEP)

    def area_zone(self, seat: int, scale: float = 0.72, kind: str = "stack",
                  spacing: float = 0.0) -> ZoneGeom:
        """A seat's pile area (tricks taken, bocce ...)."""
        g = self.seat(seat)
        angle = 0.0 if g.side in ("bottom", "top", "top-left", "top-right") else g.hand_angle
        return ZoneGeom(g.area[0], g.area[1], kind, scale, angle, spacing=spacing, z=200)

    def deck_zone(self, scale: float = 0.85) -> ZoneGeom:
        x, y = self.deck
        return ZoneGeom(x, y, "stack", scale, 0.0, depth=0.22, z=50)

    def discard_zone(self, scale: float = 0.85) -> ZoneGeom:
        x, y = self.discard
        return ZoneGeom(x, y, "stack", scale, 0.0, depth=0.22, z=60)

    def centre_zone(self, scale: float = 0.9) -> ZoneGeom:
        x, y = self.centre
        return ZoneGeom(x, y, "row", scale, 0.0, spacing=self.card_w * scale * 1.08,
                        max_span=self.width * 0.5, z=300)

    def trick_spot(self, seat: int, scale: float = 0.9) -> tuple[float, float]:
        """Where a seat's card lands in the centre: a little toward that seat."""
        cx, cy = self.centre
        g = self.seat(seat)
        r = self.card_h * 0.55
        return (cx - g.toward[0] * r * 1.2, cy - g.toward[1] * r)


def place(geom: ZoneGeom, n: int, card_w: float) -> list[tuple[float, float, float]]:
    """Centre and angle of each of ``n`` cards of a zone, bottom card first."""
    if n <= 0:
        return []
    rad = math.radians(geom.angle)
    # pygame angles turn counter-clockwise on a y-down screen
    ux, uy = math.cos(rad), -math.sin(rad)
    if geom.kind == "spots" and geom.spots:
        out = []
        last = len(geom.spots) - 1
        for i in range(n):
            x, y, a = geom.spots[min(i, last)]
            d = max(0, i - last) * geom.depth
            out.append((x - d * 0.6, y - d, a))
        return out
    if geom.kind == "stack":
        out = []
        for i in range(n):
            d = i * geom.depth
            out.append((geom.x - d * 0.6, geom.y - d, geom.angle))
        return out
    step = geom.natural * hand_step(n) * card_w * geom.scale if geom.natural else geom.spacing
    if geom.max_span > 0 and n > 1:
        step = min(step, max(card_w * geom.scale * 0.12, geom.max_span / (n - 1)))
    if geom.align == "start":
        offsets = [i * step for i in range(n)]
    else:
        mid = (n - 1) / 2
        offsets = [(i - mid) * step for i in range(n)]
    out = []
    mid = (n - 1) / 2
    # a fan is a gentle arc: each card leans by ``per`` degrees more than its neighbour
    # (at most FAN_MAX at the ends) and sits on a circle through the cards' centres
    # (at most FAN_MAX at the ends) and sits on a circle through the cards' centres,
    # flattened so the end cards drop at most FAN_DROP card widths
    per = min(geom.fan_degrees, FAN_MAX / mid) if geom.kind == "fan" and mid > 0 else 0.0
    radius = step / math.radians(per) if per > 0 and step > 0 else 0.0
    if radius:
        deepest = radius * (1.0 - math.cos(math.radians(mid * per)))
        flatten = min(1.0, FAN_DROP * card_w * geom.scale / deepest) if deepest > 0 else 1.0
    for i, off in enumerate(offsets):
        x = geom.x + ux * off
        y = geom.y + uy * off
        angle = geom.angle
        if radius:
            k = i - mid
            angle = geom.angle - k * per
            y += radius * (1.0 - math.cos(math.radians(k * per))) * flatten
        out.append((x, y, angle))
    return out
