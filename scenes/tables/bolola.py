"""Bolola at the table: four seats played counterclockwise (the next player on your
right), the trick laid in front of each player and collected to its winner, a
deal banner naming the contract and what it scores, the trump picker for the
opener (and the contract picker for the dealer with "Dealer's choice"), the
contract's scoring cards face up beside the player who took them, and a score
sheet with a row per deal and a column per player between deals and at the end.

Layout (seen from the bottom): you at the bottom, the next player on your right,
the one across at the top, the last on your left.  Each seat's face-down tricks
lie beside its hand and its captured scoring cards in a small row toward the
middle, turned a quarter round the table from the hand (a pinwheel), so no two
seats' rows meet; the deal's points so far and the tricks taken stand by the seat's
own face-down tricks (by a row of the pinwheel they lay nearer the next player and on
the contract's lines), the totals on the name plates.  The contract and what it scores stand at the top
centre under the top hand; banners come in the middle, before the first card.

Everything shown comes from the view and the events' public data: the contract's
points table travels with the ``contract`` event and the view, each trick's
points with ``trick_won``, the sheet's rows with ``deal_scored``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional, Sequence

from game.bolola.rules import CONTRACTS, HAND_SIZE, ITEMS
from game.cards import FRENCH_SUITS, Card
from game.engine import GAME_OVER, Action, Event
from game.views import bolola as ev
from game.views.bolola import SheetRow as DealRow
from game.views.bolola import View
from scenes.i18n import language, signed, tr
from scenes.kit import theme
from scenes.kit.hud import ERROR, POSITIVE, Label
from scenes.kit.layout import Layout, ZoneGeom
from scenes.kit.sheet import Sheet, SheetRow
from scenes.kit.widgets import ChoiceButton
from scenes.tables import Fx, Timing
from scenes.tables.look import LookBack
from scenes.tables.tricktable import TrickTable

TRICK_SCALE = 0.82
PILE_SCALE = 0.5
WON_SCALE = 0.5
#: the top player's row of backs at most this many card widths (the layout's: 2.6)
TOP_HAND_SPAN = 2.0


def contract_name(contract: Optional[str]) -> str:
    return tr(f"bolola.contract.{contract}") if contract else ""


def suit_name(suit: str) -> str:
    return tr(f"bolola.suit.{suit}")


#: items named on one line of the deal's words; All of them and Bolola take two lines
LINE_ITEMS = 4


def penalties(points: dict[str, int], total: int) -> list[str]:
    """What the deal scores, in one or two lines: "−60 per Jack and King (−480 in all)"."""
    parts = [tr(f"bolola.item.{item}", points=signed(int(points[item])))
             for item in ITEMS if item in points]
    end = tr("bolola_table.in_all", total=signed(int(total)))
    if len(parts) <= LINE_ITEMS:
        return [tr("bolola_table.penalties", items=", ".join(parts), total=end)]
    return [", ".join(parts[:LINE_ITEMS]) + ",",
            tr("bolola_table.penalties", items=", ".join(parts[LINE_ITEMS:]), total=end)]


def banner_sub(points: dict[str, int], total: int) -> str:
    """The deal banner's second line: the whole list when it is short, else the total (the
    list stands under the contract's name at the top)."""
    lines = penalties(points, total)
    return lines[0] if len(lines) == 1 else tr("bolola_table.in_all", total=signed(int(total)))


class BololaAdapter(TrickTable[View]):
    """Bolola's zones, banner, pickers, captured cards and score sheet."""

    counterclockwise = True
    trick_scale = TRICK_SCALE

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        #: the choice bar shows the contracts (a grid) rather than the suits (a row); set by
        #: :meth:`choices`, which the table asks before it lays the bar out
        self._contract_picker = False

    @property
    def choice_vertical(self) -> bool:  # type: ignore[override]
        """The nine contracts stand in a grid of three columns; the four suits in a row."""
        return self._contract_picker

    choice_columns = 3

    # -- geometry ------------------------------------------------------------------
    def trick_spot(self, seat: int, layout: Layout) -> tuple[float, float, float]:
        """Where the card of ``seat`` lies in the trick: in front of its player."""
        cx, cy = layout.centre
        side = layout.seat(seat).side
        dy, dx = layout.card_h * 0.44, layout.card_w * 0.95
        return {"bottom": (cx, cy + dy, 0.0), "top": (cx, cy - dy, 0.0),
                "left": (cx - dx, cy, 4.0), "right": (cx + dx, cy, -4.0)}[side]

    def _won_xy(self, seat: int, layout: Layout) -> tuple[float, float]:
        """The centre of a seat's row of captured scoring cards (a pinwheel round the trick)."""
        cx, cy = layout.centre
        w, ch = layout.width, layout.card_h
        side = layout.seat(seat).side
        return {"bottom": (cx + w * 0.21, cy + ch * 0.78), "top": (cx - w * 0.21, cy - ch * 0.78),
                "left": (cx - w * 0.27, cy + ch * 0.62),
                "right": (cx + w * 0.27, cy - ch * 0.62)}[side]

    def _pile_xy(self, seat: int, layout: Layout) -> tuple[float, float]:
        """A seat's face-down tricks beside its hand (the same turn of the pinwheel)."""
        g = layout.seat(seat)
        cw, ch = layout.card_w, layout.card_h
        if g.side == "bottom":
            return (layout.width / 2 + layout.fan_span / 2 + cw * 0.9, g.hand[1] + ch * 0.05)
        if g.side == "top":
            return (g.hand[0] + cw * 2.4, g.hand[1] + ch * 0.05)
        inward = 1 if g.side == "left" else -1
        return (g.hand[0] + inward * ch * 0.95, g.hand[1])

    def zone_geom(self, zone: str, layout: Layout) -> ZoneGeom:
        kind, _, rest = zone.partition("/")
        if zone == "deck":
            cx, cy = layout.centre
            return ZoneGeom(cx, cy, "stack", 0.8, 0.0, depth=0.12, z=50)
        if zone == "table":
            cx, cy = layout.centre
            return ZoneGeom(cx, cy, "row", TRICK_SCALE, spacing=layout.card_w, z=300)
        if kind == "pile" and rest.isdigit():
            x, y = self._pile_xy(int(rest), layout)
            return ZoneGeom(x, y, "stack", PILE_SCALE, 0.0, depth=0.18, z=200)
        if kind == "hand" and rest.isdigit() and layout.seat(int(rest)).side == "top":
            # a little closer than the layout's row: clear of the plate's "Total −200"
            return replace(super().zone_geom(zone, layout),
                           max_span=layout.card_w * TOP_HAND_SPAN)
        if kind == "won" and rest.isdigit():
            x, y = self._won_xy(int(rest), layout)
            w = layout.card_w * WON_SCALE
            return ZoneGeom(x, y, "row", WON_SCALE, 0.0, spacing=w * 0.42,
                            max_span=layout.width * 0.2, z=250)
        return super().zone_geom(zone, layout)

    def most_cards(self, view: View) -> int:
        """A hand of 13 (the captured cards' rows never grow past their ``max_span``)."""
        return HAND_SIZE

    def choice_anchor_for(self, view: View, legal: Sequence[Action],
                          layout: Layout) -> tuple[float, float]:
        """The pickers over the middle of the table, clear of your hand."""
        cx, cy = layout.centre
        if any(a.kind == "contract" for a in legal):
            return (cx, cy)
        return (cx, cy - layout.card_h * 0.05)

    def _banner_y(self, layout: Layout) -> float:
        """Banners come between deals and before the first card: the middle is clear."""
        return layout.centre[1]

    # -- words ---------------------------------------------------------------------
    def scoreboard(self, view: View, layout: Layout) -> list[tuple[str, str]]:
        """The title and the deal of the game (the totals stand on the name plates, this
        deal's points by each player's captured cards, the whole sheet between deals)."""
        return [(self.spec.title, "title"),
                (tr("bolola_table.deal_no", deal_no=view["deal_no"],
                    deals=view["deals"]), "")]

    def plate_info(self, view: View, seat: int) -> str:
        """The player's total of the deals finished: "Total −200" (named, so that it never
        reads as this deal's points, which stand by the captured cards)."""
        scores = view["scores"]
        return tr("bolola_table.plate_total", total=signed(int(scores[seat]))) \
            if seat < len(scores) else ""

    def deal_line(self, view: View, seat: int) -> str:
        """This deal's points so far and the tricks taken, by the seat's tricks: "−100 · 2
        tricks" (the place says whose)."""
        scores = view["deal_scores"]
        tricks = view["tricks_won"]
        if seat >= len(scores):
            return ""
        n = tricks[seat] if seat < len(tricks) else 0
        return tr("bolola_table.deal_line_one" if n == 1 else "bolola_table.deal_line",
                  points=signed(int(scores[seat])), tricks=n)

    def _deal_line_at(self, seat: int, layout: Layout) -> tuple[float, float, str]:
        """Where a seat's deal line stands: over its face-down tricks (under them across
        the table, whose pile lies by the window's top), kept inside the window; and its
        anchor.  Under the side seats' piles it lay in the prompt's band, by the Hint."""
        x, y = self._pile_xy(seat, layout)
        half = layout.card_h * PILE_SCALE / 2
        gap = layout.font(14) * 0.9 + layout.margin
        side = layout.seat(seat).side
        if side == "bottom":
            # ending at the pile's right edge: left of it lies your fan
            return (min(x + layout.card_w * PILE_SCALE / 2, layout.width - layout.margin),
                    y - half - gap, "midright")
        return (x, y + half + gap if side == "top" else y - half - gap, "center")

    def labels(self, view: View, layout: Layout) -> list[Label]:
        out: list[Label] = []
        f = layout.font
        cx = layout.centre[0]
        top = layout.margin + layout.card_h * layout.small_scale + f(22)
        contract = view["contract"]
        if contract:
            out.append(Label(contract_name(contract), (cx, top), f(22), theme.GOLD_LIGHT, True,
                             pill=True))
            lines = penalties(view["points"], int(view["total"]))
            for i, line in enumerate(lines):
                out.append(Label(line, (cx, top + f(30) + i * f(15) * 1.6), f(15), theme.CREAM))
            trump = view["trump"]
            if contract == "trumps":
                text = tr("bolola_table.trump", suit=suit_name(trump)) if trump else \
                    tr("bolola_table.trump_unnamed")
                out.append(Label(text, (cx, top + f(62)), f(17), theme.GOLD_LIGHT, True,
                                 pill=True, icon=("A" + trump) if trump else None))
        elif view["phase"] == "contract" and view["dealer"] != view["seat"]:
            out.append(Label(tr("bolola_table.choosing"), (cx, top), f(22), theme.GOLD_LIGHT,
                             True, pill=True))
        dealer = self.dealer_label(view, layout, tr("bolola_table.dealer"))
        if dealer is not None:
            out.append(dealer)
        if contract:
            taken = view["tricks_won"]
            for seat in range(self.seats):
                if not taken[seat]:
                    continue            # nothing taken yet: no words on the bare felt
                x, y, anchor = self._deal_line_at(seat, layout)
                out.append(Label(self.deal_line(view, seat), (x, y), f(14), theme.CREAM,
                                 pill=True, anchor=anchor))
        return out

    def prompt(self, view: View, legal: Sequence[Action], my_turn: bool,
               waiting_for: Sequence[int], layout: Layout) -> str:
        phase = view["phase"]
        if phase == "over":
            return ""
        if my_turn and phase == "contract":
            return tr("bolola_table.prompt.contract")
        if my_turn and phase == "trump":
            return tr("bolola_table.prompt.trump")
        if not my_turn and waiting_for:
            who = self.actor(waiting_for[0], layout)
            if phase == "contract":
                return tr("bolola_table.prompt.choosing", player=who)
            if phase == "trump":
                return tr("bolola_table.prompt.naming", player=who)
        return super().prompt(view, legal, my_turn, waiting_for, layout)

    def choice_bar_title(self, view: View, legal: Sequence[Action]) -> str:
        if any(a.kind == "contract" for a in legal):
            return tr("bolola_table.contract_title")
        if any(a.kind == "trump" for a in legal):
            return tr("bolola_table.trump_title")
        return ""

    # -- input ---------------------------------------------------------------------
    def choices(self, view: View, legal: Sequence[Action]) -> list[ChoiceButton]:
        contracts = [a for a in legal if a.kind == "contract"]
        self._contract_picker = bool(contracts)
        if contracts:
            contracts.sort(key=lambda a: CONTRACTS.index(a.value) if a.value in CONTRACTS else 99)
            return [ChoiceButton(self.action_label(a), a, str(i + 1))
                    for i, a in enumerate(contracts)]
        trumps = {a.value: a for a in legal if a.kind == "trump"}
        return [ChoiceButton(self.action_label(trumps[s]), trumps[s], str(i + 1), icon="A" + s)
                for i, s in enumerate(s for s in FRENCH_SUITS if s in trumps)]

    # -- events --------------------------------------------------------------------
    def timing(self, event: Event) -> Timing:
        kind, data = event.kind, event.data
        if kind == "deal":
            if data.get("stage") == "gather":
                return Timing(flight=0.40, stagger=0.008, sound="collect", after=0.2)
            return Timing(flight=0.30, stagger=0.035, move_sound="deal", after=0.05)
        if kind == "play":
            return Timing(flight=0.36, move_sound="play", after=0.08)
        if kind == "trick_won":
            return self.collect_timing(len(event.data["moves"]), after=0.1)
        if kind == "deal_ended":
            return Timing(flight=0.4, stagger=0.01, before=0.4, sound="collect", after=0.2)
        if kind in ("contract", "trump_named", "choosing"):
            return Timing(after=0.1)
        if kind == "deal_scored":
            return Timing(before=0.9, after=0.1)
        return super().timing(event)

    def effects(self, event: Event, view: View, fx: Fx, layout: Layout) -> None:
        kind, seat = event.kind, event.seat
        if (contract := ev.CONTRACT.of(event)) is not None:
            fx.sound("score", at="start")
            sub = banner_sub(contract["points"], contract["total"])
            title = tr("bolola_table.banner", deal_no=contract["deal_no"],
                       deals=contract["deals"], contract=contract_name(contract["contract"]))
            fx.banner(title, sub, at="start", hold=1.4, y=self._banner_y(layout))
            fx.wait(1.0)
        elif (named := ev.TRUMP_NAMED.of(event)) is not None and seat is not None:
            suit = named["suit"]
            sub = (tr("bolola_table.your_choice") if self.is_you(seat) else
                   tr("bolola_table.named_by", player=self.seat_name(seat, layout)))
            fx.banner(tr("bolola_table.trump", suit=suit_name(suit)), sub, at="start", hold=1.0,
                      y=self._banner_y(layout))
            fx.wait(0.8)
        elif (won := ev.TRICK_WON.of(event)) is not None and seat is not None:
            pts = won["points"]
            if pts:
                # still on the player's tricks, where its deal line changes: drifting,
                # it ran onto the line beside them or the notices over your hand
                fx.pop(signed(pts), self._pile_xy(seat, layout),
                       colour=POSITIVE if pts > 0 else ERROR, rise=0.0)
        elif kind == "deal_ended":
            fx.banner(tr("bolola_table.ended_early"), tr("bolola_table.ended_early_sub"),
                      at="start", hold=1.0, y=self._banner_y(layout))
        elif (scored := ev.DEAL_SCORED.of(event)) is not None:
            deal_no = scored["deal_no"]
            deals = scored["deals"]
            fx.sound("score", at="start")
            if deal_no < deals:
                rows = list(view["sheet"])[:deal_no - 1] + [scored["row"]]
                fx.interlude(tr("bolola_table.sheet_title", deal_no=deal_no, deals=deals),
                             self.sheet(rows, layout), tr("bolola_table.next_deal"))

    def patch(self, shown: View, event: Event) -> None:
        """Copy what the event says into the shown view, so the banner, plates and board
        follow the animation."""
        kind, seat = event.kind, event.seat
        if (deal := ev.DEAL.of(event)) is not None:
            shown.update({"deal_no": deal["deal_no"], "deals": deal["deals"],
                          "dealer": deal["dealer"]})
            shown.update({"contract": None, "trump": None, "points": {}, "total": 0,
                          "deal_scores": [0] * self.seats, "tricks_won": [0] * self.seats,
                          "tricks": []})
        elif (choosing := ev.CHOOSING.of(event)) is not None:
            shown.update({"phase": "contract", "dealer": choosing["dealer"],
                          "leader": choosing["opener"]})
        elif (contract := ev.CONTRACT.of(event)) is not None:
            shown.update({"contract": contract["contract"], "points": dict(contract["points"]),
                          "total": contract["total"], "dealer": contract["dealer"],
                          "deal_no": contract["deal_no"], "trump": None,
                          "leader": contract["opener"],
                          "phase": "trump" if contract["contract"] == "trumps" else "play"})
        elif (named := ev.TRUMP_NAMED.of(event)) is not None:
            shown.update({"trump": named["suit"], "phase": "play"})
        elif (won := ev.TRICK_WON.of(event)) is not None and seat is not None:
            shown.update({"deal_scores": list(won["deal_scores"]),
                          "tricks_won": list(won["tricks_won"]), "leader": seat})
        elif (scored := ev.DEAL_SCORED.of(event)) is not None:
            self.add_sheet_row(shown, scored, "deal_no")
        elif kind == GAME_OVER:
            shown["phase"] = "over"

    # -- the last trick --------------------------------------------------------------
    def look_back(self, view: View, layout: Layout) -> Optional[LookBack]:
        tricks = view["tricks"]
        if not tricks:
            return None
        trick = tricks[-1]
        rows = self.trick_rows(trick, layout, tr("bolola_table.look.takes",
                                                 points=signed(int(trick["points"]))),
                               tr("bolola_table.look.led"))
        return LookBack(tr("bolola_table.look.title", trick=len(tricks)),
                        tr("bolola_table.look.button"), rows, "")

    # -- the score sheet -------------------------------------------------------------
    def sheet(self, rows: Sequence[DealRow], layout: Layout,
              winners: Sequence[int] = ()) -> Sheet:
        """A row per deal (its number, contract and each player's points), then the totals."""
        out: list[SheetRow] = []
        totals = [0] * self.seats
        for row in rows:
            scores = [int(v) for v in row["scores"]]
            label = tr("bolola_table.sheet_row", deal_no=row["deal_no"],
                       contract=contract_name(row["contract"]))
            if row["early"]:
                label += " " + tr("bolola_table.sheet_early")
            out.append(SheetRow(label, [signed(v) for v in scores]))
            totals = [t + v for t, v in zip(totals, scores)]
        out.append(SheetRow(tr("bolola_table.sheet_total"), [signed(v) for v in totals], "grand"))
        return Sheet(self.seat_names(layout), out, tuple(winners))

    # -- a table that explains itself ----------------------------------------------------------
    def caption(self, event: Event, layout: Layout) -> str:
        kind, data, seat = event.kind, event.data, event.seat
        player = self.seat_name(seat, layout) if seat is not None else ""
        if kind == "contract":
            return tr("bolola_table.caption.contract", deal_no=data["deal_no"],
                      contract=contract_name(data["contract"]), player=player)
        if kind == "trump_named":
            return tr("bolola_table.caption.trump", player=player,
                      suit=suit_name(data["suit"]))
        if kind == "play" and data["card"]:
            return tr("bolola_table.caption.play", player=player,
                      card=Card.parse(data["card"]).name(language()))
        if kind == "trick_won":
            return tr("bolola_table.caption.trick", player=player,
                      points=signed(int(data["points"])))
        if kind == GAME_OVER and data["winners"]:
            w = data["winners"][0]
            return tr("bolola_table.caption.over", player=self.seat_name(w, layout),
                      points=signed(int(data["scores"][w])))
        return ""

ADAPTER = BololaAdapter
