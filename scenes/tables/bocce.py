"""Bocce at the table: where the bocce, the lag and the pallino lie, and what the
screen says ("Hand 1 — Frame 1 of 3", "The Lag — Tossing the Pallino",
"Pallino: ?", "Your Hand", "Your Bocce").

Layout, top to bottom: the computer's hand and its three bocce; in the middle
the Draw Pile (left), the two lag cards with the pallino above them, the
discard (right); then your three bocce and your hand.  Each bocce shows its
running total and status between its row and the middle.

At the end of each hand a score sheet says what became of every bocce (frame
by frame, with its pallino: total and points, out of bounds, or knocked out
and by whom), the hand's points and the score, and waits for the player; the
result screen shows the last hand the same way.  The last finished frame can
be looked at again (the L key): its lag cards, pallino and both bocce.  Every
number comes from the events and the view (``hand_scored``, ``last_frame``): the sheets,
the look back and a bocce's fate in words are a part of their own, scenes/tables/
bocce_sheets.py.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional, Sequence, cast

import pygame

from game.cards import Card
from game.engine import GAME_ENDED, Action, Event
from game.views import bocce as ev
from game.views.bocce import HandScored, ShownBocce, View
from scenes.i18n import tr
from scenes.kit import theme
from scenes.kit.hud import POSITIVE, Label, Slot
from scenes.kit.layout import NATURAL_SHARE, Layout, ZoneGeom, place
from scenes.kit.sheet import Sheet
from scenes.kit.widgets import ChoiceButton
from scenes.tables import Fx, TableAdapter, Timing
from scenes.tables.bocce_sheets import FRAMES, BocceSheets, points_words
from scenes.tables.look import LookBack

BOCCE_SCALE = 0.72
LAG_SCALE = 0.85
PILE_SCALE = 0.8
#: card heights a pop on a bocce drifts, away from the middle
POP_DRIFT = 0.3
BAD = (255, 150, 130)


class BocceAdapter(TableAdapter[View]):
    """Bocce's zones, words, buttons and effects."""

    choice_vertical = True
    #: five rows from top to bottom (the other's hand and bocce, the lag, yours): the
    #: cards keep the size the window gives them, the words grow alone
    card_share = NATURAL_SHARE

    # -- geometry ------------------------------------------------------------------
    def _other(self) -> int:
        return 1 - self.human_seat

    def _row_y(self, seat: int, layout: Layout) -> float:
        return layout.seat(seat).area[1]

    def _bocce_gap(self, layout: Layout) -> float:
        return layout.card_w * BOCCE_SCALE * 3.0

    def _bocce_h(self, layout: Layout) -> float:
        return layout.card_h * BOCCE_SCALE

    def _lag_xy(self, seat: int, layout: Layout) -> tuple[float, float]:
        cx, cy = layout.centre
        dx = layout.card_w * LAG_SCALE * 0.68
        return (cx - dx if seat == self.human_seat else cx + dx, cy)

    def most_cards(self, view: View) -> int:
        """A hand of one card a frame (a bocce's row never grows past its ``max_span``)."""
        return FRAMES

    def zone_geom(self, zone: str, layout: Layout) -> ZoneGeom:
        parts = zone.split("/")
        if parts[0] == "bocce" and len(parts) == 3:
            seat, index = int(parts[1]), int(parts[2])
            x = layout.width / 2 + (index - 1) * self._bocce_gap(layout)
            w = layout.card_w * BOCCE_SCALE
            return ZoneGeom(x, self._row_y(seat, layout), "row", BOCCE_SCALE, 0.0,
                            spacing=w * 0.52, max_span=self._bocce_gap(layout) - w * 1.15,
                            z=200 + index)
        if parts[0] == "lag" and len(parts) == 2:
            x, y = self._lag_xy(int(parts[1]), layout)
            return ZoneGeom(x, y, "stack", LAG_SCALE, 0.0, z=300)
        if zone == "deck":
            return layout.deck_zone(PILE_SCALE)
        if zone == "discard":
            return layout.discard_zone(PILE_SCALE)
        geom = super().zone_geom(zone, layout)
        if parts[0] == "hand" and layout.seat(int(parts[1])).side == "top":
            # right of the middle by as much as the words grow: the plate on its left moves
            # right past the score board, which the larger words widen (at 1280x720 with
            # the largest text it reached the hand)
            return replace(geom, x=geom.x + layout.card_w * (layout.text_scale - 1.0))
        return geom

    def _hand_label(self, seat: int, layout: Layout, held: int, name: str) -> Label:
        """A hand's name a small gap beside the ``held`` cards (where one card lies, when
        there is none): left of yours, right of the other's (its plate is on the left)."""
        geom = self.zone_geom(f"hand/{seat}", layout)
        xs = [x for x, _, _ in place(geom, max(1, held), layout.card_w)]
        half = layout.card_w * geom.scale / 2 + layout.font(12)
        if self.is_you(seat) or layout.seat(seat).side == "bottom":
            return Label(name, (min(xs) - half, geom.y), layout.font(15), theme.GOLD, True,
                         anchor="midright")
        return Label(name, (max(xs) + half, geom.y), layout.font(15), theme.GOLD, True,
                     anchor="midleft")

    def _pop_at_bocce(self, fx: Fx, layout: Layout, seat: int, index: int, text: str,
                      colour: tuple[int, int, int], at: str = "end", size: float = 1.0) -> None:
        """A pop on a bocce that drifts away from the middle, where the bocce's status
        chip lies: down from yours, up from the other's, so the two never cross."""
        rise = -POP_DRIFT if layout.seat(seat).side == "bottom" else POP_DRIFT
        fx.pop(text, fx.zone_centre(f"bocce/{seat}/{index}"), at=at, colour=colour, rise=rise,
               size=size)

    def _chips_top(self, layout: Layout) -> float:
        """The top of your bocce's status chips ("13", "Out of bounds"), over your row."""
        f = layout.font
        return self._row_y(self.human_seat, layout) - self._bocce_h(layout) / 2 - f(12) \
            - f(15) * 0.68

    def _banner(self, fx: Fx, layout: Layout, text: str, sub: str = "", at: str = "end",
                hold: float = 0.9) -> None:
        """A banner between the "Pallino" line and your bocce's status chips, taking no
        more height than lies between them."""
        f = layout.font
        cx, cy = layout.centre
        pill = cy - layout.card_h * LAG_SCALE / 2 - f(16) + f(22) * 0.68
        chips = self._chips_top(layout)
        fx.banner(text, sub, at=at, hold=hold, y=(pill + chips) / 2,
                  room=chips - pill - f(4) * 2)

    def own_top(self, layout: Layout) -> Optional[float]:
        """Your bocce's row with their chips: a hint's line stood over it."""
        return self._chips_top(layout)

    def choice_anchor(self, layout: Layout) -> tuple[float, float]:
        """A column right of your bocce, clear of the hand and the discard."""
        x = layout.width - layout.margin - layout.card_w * 1.05
        return (x, (self._row_y(self.human_seat, layout) + layout.seat(self.human_seat).hand[1]) / 2)

    def slots(self, view: View, layout: Layout) -> list[Slot]:
        out: list[Slot] = []
        bw = int(layout.card_w * BOCCE_SCALE)
        bh = int(layout.card_h * BOCCE_SCALE)
        frame = int(view["frame"]) - 1
        rolling = view["rolling"]
        for seat in (0, 1):
            for i in range(FRAMES):
                g = self.zone_geom(f"bocce/{seat}/{i}", layout)
                rect = pygame.Rect(0, 0, bw, bh)
                rect.center = (int(g.x), int(g.y))
                out.append(Slot(rect, highlight=(i == frame and rolling == seat)))
        lw, lh = int(layout.card_w * LAG_SCALE), int(layout.card_h * LAG_SCALE)
        for seat in (0, 1):
            x, y = self._lag_xy(seat, layout)
            rect = pygame.Rect(0, 0, lw, lh)
            rect.center = (int(x), int(y))
            out.append(Slot(rect, highlight=view["phase"] == "lag"))
        pw, ph = int(layout.card_w * PILE_SCALE), int(layout.card_h * PILE_SCALE)
        for x, y in (layout.deck, layout.discard):
            rect = pygame.Rect(0, 0, pw, ph)
            rect.center = (int(x), int(y))
            out.append(Slot(rect))
        return out

    # -- words -------------------------------------------------------------------------
    def default_seat_name(self, seat: int, layout: Layout) -> str:
        if self.watching:
            return super().default_seat_name(seat, layout)
        if seat == self.human_seat:
            return self.you_name or tr("bocce.you")
        return tr("bocce.computer")

    def scoreboard(self, view: View, layout: Layout) -> list[tuple[str, str]]:
        scores = view["scores"]
        me, other = self.human_seat, self._other()
        return [
            (tr("bocce_table.score_line", me=self.seat_name(me, layout), my=scores[me],
                other=self.seat_name(other, layout), their=scores[other]), "score"),
            (tr("bocce.header", hand=view["hand"], frame=view["frame"],
                frames=view["frames"]), ""),
            (tr("bocce.goal", target=view["target"]), "dim"),
        ]

    def plate_info(self, view: View, seat: int) -> str:
        scores = view["scores"]
        return str(scores[seat]) if seat < len(scores) else ""

    def _phase_line(self, view: View, layout: Layout) -> str:
        phase = view["phase"]
        if phase == "lag":
            return tr("bocce.lag_title")
        if phase == "roll" and view["rolling"] is not None:
            seat = view["rolling"]
            if self.is_you(seat):
                return tr("bocce_table.your_roll")
            return tr("bocce_table.their_roll", player=self.seat_name(seat, layout))
        return ""

    def _phase_label(self, phase: str, pill_y: float, layout: Layout) -> Label:
        """The phase ("Your roll") over the pallino's line where the other's bocce leave
        room for it, else beside the pallino on that line (larger words at a low window)."""
        f = layout.font
        y = pill_y - f(30)
        chips = self._row_y(self._other(), layout) + self._bocce_h(layout) / 2 + f(12) \
            + f(15) * 0.68
        if y - f(16) * 0.7 >= chips + f(4):
            return Label(phase, (layout.centre[0], y), f(16), theme.CREAM, False)
        return Label(phase, (layout.centre[0] + f(22) * 3.6, pill_y), f(16), theme.CREAM,
                     False, anchor="midleft")

    def _status(self, b: ShownBocce) -> tuple[str, tuple[int, int, int], bool]:
        """A bocce's words under it: total, "Out of bounds", "Knocked out", "+3"."""
        status = b["status"]
        total = b["total"]
        pts = b["points"]
        if status == "bust":
            return tr("bocce.status.bust"), BAD, False
        if status == "knocked_out":
            return tr("bocce.status.knocked_out"), BAD, False
        if status == "rolling" and total is not None:
            return str(total), theme.GOLD_LIGHT, True
        if status == "finished" and total is not None:
            if pts is not None:
                words = tr("bocce_table.total_points", total=total, points=points_words(pts))
                return words, POSITIVE, True
            return str(total), theme.CREAM, True
        return "", theme.CREAM, False

    def labels(self, view: View, layout: Layout) -> list[Label]:
        out: list[Label] = []
        f = layout.font
        me, other = self.human_seat, self._other()
        cx, cy = layout.centre
        lag_h = layout.card_h * LAG_SCALE
        pile_h = layout.card_h * PILE_SCALE
        bh = self._bocce_h(layout)
        gap = self._bocce_gap(layout)
        # the pallino and the phase, above the lag
        pallino = view["pallino"]
        text = tr("bocce.pallino", value=pallino) if pallino is not None else tr("bocce.pallino_hidden")
        pill_y = cy - lag_h / 2 - f(16)
        out.append(Label(text, (cx, pill_y), f(22), theme.GOLD_LIGHT, True, pill=True))
        phase = self._phase_line(view, layout)
        if phase:
            out.append(self._phase_label(phase, pill_y, layout))
        # each lag card's worth under it
        lag = view["lag"]
        committed = view["committed"]
        for seat in (0, 1):
            x, y = self._lag_xy(seat, layout)
            if lag[seat] is not None:
                words = tr("bocce_table.lag_worth", worth=lag[seat])
            elif committed[seat]:
                words = tr("bocce_table.committed")
            else:
                words = ""
            if words:  # beside the card, on the outer side: the middle below stays free
                lag_w = layout.card_w * LAG_SCALE
                if seat == me:
                    out.append(Label(words, (x - lag_w / 2 - f(8), y), f(15), theme.CREAM,
                                     True, anchor="midright", pill=True))
                else:
                    out.append(Label(words, (x + lag_w / 2 + f(8), y), f(15), theme.CREAM,
                                     True, anchor="midleft", pill=True))
        # piles
        zones = view["zones"]
        out.append(Label(tr("bocce_table.pile_count", name=tr("bocce.draw_pile"),
                            count=len(zones.get("deck", []))),
                         (layout.deck[0], layout.deck[1] + pile_h / 2 + f(13)), f(14),
                         theme.CREAM_DIM))
        out.append(Label(tr("bocce.discard"),
                         (layout.discard[0], layout.discard[1] + pile_h / 2 + f(13)), f(14),
                         theme.CREAM_DIM))
        # names of the rows
        left = layout.width / 2 - gap * 1.5 - layout.card_w * 0.1
        for seat in (me, other):
            y = self._row_y(seat, layout)
            name = tr("bocce.your_bocce") if self.is_you(seat) else tr("bocce.bocce_label")
            out.append(Label(name, (left, y), f(15), theme.GOLD, True, anchor="midright"))
        # each hand's name just left of the hand, as it lies now
        mine = tr("bocce.your_hand") if self.is_you(me) else tr("bocce.hand_label")
        for seat, name in ((me, mine), (other, tr("bocce.hand_label"))):
            held = len(zones.get(self.hand_zone(seat)) or [])
            out.append(self._hand_label(seat, layout, held, name))
        # every bocce's total and status, on the side toward the middle
        bocce = view["bocce"]
        for seat in (0, 1):
            row = bocce[seat] if seat < len(bocce) else []
            y = self._row_y(seat, layout)
            ly = y - bh / 2 - f(12) if seat == me else y + bh / 2 + f(12)
            for i, b in enumerate(row):
                words, colour, pill = self._status(b)
                if words:
                    x = layout.width / 2 + (i - 1) * gap
                    out.append(Label(words, (x, ly), f(15), colour, True, pill=True))
        return out

    def prompt(self, view: View, legal: Sequence[Action], my_turn: bool,
               waiting_for: Sequence[int], layout: Layout) -> str:
        phase = view["phase"]
        other = self._other()
        if phase == "lag":
            if my_turn:
                return tr("bocce.prompt.lag")
            if other in self.away:
                return self.waiting_prompt(other, layout)
            return tr("bocce.prompt.lag_wait", player=self.seat_name(other, layout))
        if phase == "roll":
            if my_turn and not any(a.kind == "draw" for a in legal):
                return tr("bocce_table.prompt_stand")
            if my_turn:
                return tr("bocce.prompt.roll")
            return tr("bocce.prompt.roll_wait", player=self.actor(other, layout))
        return ""

    def choice_title(self, actions: Sequence[Action]) -> str:
        return tr("bocce_table.ace_title")

    # -- input ---------------------------------------------------------------------------
    def probe_action(self, view: View, code: str, zone: str) -> Optional[Action]:
        """A commit of the card with no worth: the engine says why it cannot be used now
        (wait for the other, the lag is over), and knows what the card would count."""
        return Action("commit", (Card.parse(code),))

    def zone_actions(self, view: View, legal: Sequence[Action], zone: str) -> list[Action]:
        if zone == "deck":
            return [a for a in legal if a.kind == "draw"]
        return []

    def active_zones(self, view: View, legal: Sequence[Action]) -> list[str]:
        """Your rolling bocce, and the Draw Pile while you may draw (a click on it draws)."""
        if view["phase"] != "roll" or view["rolling"] != self.human_seat:
            return []
        out = [f"bocce/{self.human_seat}/{int(view.get('frame') or 1) - 1}"]
        if any(a.kind == "draw" for a in legal):
            out.append("deck")
        return out

    def choices(self, view: View, legal: Sequence[Action]) -> list[ChoiceButton]:
        draw = [a for a in legal if a.kind == "draw"]
        stands = sorted((a for a in legal if a.kind == "stand"), key=lambda a: -int(a.value))
        out = [ChoiceButton(self.action_label(a), a, "D", primary=True) for a in draw]
        for i, a in enumerate(stands):
            out.append(ChoiceButton(self.action_label(a), a, "S" if i == 0 else str(i + 1)))
        return out

    # -- events -----------------------------------------------------------------------------
    def timing(self, event: Event) -> Timing:
        kind = event.kind
        if kind == "hand_start":
            return Timing(flight=0.40, stagger=0.012, sound="collect", after=0.2)
        if kind == "deal":
            return Timing(flight=0.34, stagger=0.065, move_sound="deal", after=0.05)
        if kind == "lag_commit":
            return Timing(flight=0.42, move_sound="play")
        if kind == "lag_reveal":
            return Timing(flip=0.34, stagger=0.22, before=0.15, move_sound="flip", after=0.35)
        if kind == "roll":
            return Timing(flip=0.30, stagger=0.16, before=0.1, move_sound="flip", after=0.25)
        if kind == "draw":
            return Timing(flight=0.42, move_sound="deal", after=0.2)
        if kind in ("bust", "knockout"):
            # the bocce stays with its words until the next step (read first, then it goes)
            return Timing(flight=0.45, stagger=0.06, before=0.45, move_sound="collect",
                          after=0.2, linger=True)
        if kind == "frame_end":
            return Timing(flight=0.42, stagger=0.08, before=0.45, move_sound="collect", after=0.1)
        if kind == "reshuffle":
            return Timing(flight=0.36, stagger=0.015, sound="collect", after=0.15)
        return super().timing(event)

    def effects(self, event: Event, view: View, fx: Fx, layout: Layout) -> None:
        kind = event.kind
        if (start := ev.HAND_START.of(event)) is not None and start["hand"] > 1:
            self._banner(fx, layout, tr("bocce_table.hand_banner", hand=start["hand"]),
                         at="start", hold=0.6)
        elif (frame := ev.FRAME_START.of(event)) is not None:
            self._banner(fx, layout, tr("bocce.header", hand=frame["hand"], frame=frame["frame"],
                                        frames=FRAMES), tr("bocce.lag_title"), hold=0.7)
            fx.wait(0.5)
        elif (reveal := ev.LAG_REVEAL.of(event)) is not None:
            cx, cy = layout.centre
            # over the two lag cards it sums, standing still between the "Pallino" line
            # above them and the bocce's words below (rising, the larger words met the line
            # at 1280x720)
            fx.pop(str(reveal["pallino"]), (cx, cy + layout.card_h * 0.05),
                   colour=theme.GOLD_LIGHT, rise=0.0)
            fx.sound("score")
            fx.wait(0.4)
        elif kind == "knockout":
            # the words stand by the bocce (its status label) while its cards linger there
            fx.sound("error", at="start")
        elif (stand := ev.STAND.of(event)) is not None and event.seat is not None:
            fx.sound("play", at="start")
            self._pop_at_bocce(fx, layout, event.seat, stand["bocce"],
                               str(stand["total"]), theme.GOLD_LIGHT, at="start")
        elif (data := ev.HAND_SCORED.of(event)) is not None:
            per = data["points"]
            for seat in (0, 1):
                for i, p in enumerate(per[seat] if seat < len(per) else []):
                    self._pop_at_bocce(fx, layout, seat, i, points_words(p),
                                       POSITIVE if p else BAD, at="start")
            gained = data["hand_points"]
            fx.sound("score", at="start")
            me, other = self.human_seat, self._other()
            if data["final"]:
                # the result screen follows, with this hand's sheet
                self._banner(fx, layout, tr("bocce_table.hand_scored", hand=data["hand"]),
                             tr("bocce_table.hand_points", me=self.seat_name(me, layout),
                                my=gained[me], other=self.seat_name(other, layout),
                                their=gained[other]), hold=1.2)
                fx.wait(1.1)
                return
            # the pops first, then what happened, until the player goes on
            fx.wait(0.9)
            fx.interlude(tr("bocce_table.hand_scored", hand=data["hand"]),
                         self.hand_sheet(data, data["scores"], layout),
                         tr("bocce_table.next_hand"))

    def patch(self, shown: View, event: Event) -> None:
        """Copy what the event says into the shown view: every number comes from the
        engine (a bocce's shown total, a stand's points), none is worked out here."""
        kind, seat = event.kind, event.seat
        bocce = shown["bocce"]
        if (start := ev.HAND_START.of(event)) is not None:
            shown["hand"] = start["hand"]
            shown["pallino"] = None
            for row in bocce:
                for i in range(len(row)):
                    row[i] = {"total": None, "totals": [], "status": "waiting", "points": None}
        elif (frame := ev.FRAME_START.of(event)) is not None:
            shown.update({"frame": frame["frame"], "phase": "lag", "pallino": None,
                          "rolling": None, "committed": [False, False], "lag": [None, None]})
        elif (commit := ev.LAG_COMMIT.of(event)) is not None and seat is not None:
            shown["committed"][seat] = True
            if commit.get("worth") is not None:
                shown["lag"][seat] = commit["worth"]
        elif (reveal := ev.LAG_REVEAL.of(event)) is not None:
            shown.update({"pallino": reveal["pallino"], "phase": "roll",
                          "lag": list(reveal["worths"])})
        elif (roll := ev.ROLL.of(event) or ev.DRAW.of(event)) is not None and seat is not None:
            bocce[seat][roll["bocce"]] = {"total": roll["total"],
                                          "totals": list(roll["totals"]),
                                          "status": "rolling", "points": None}
            shown["rolling"] = seat
        elif (done := ev.BUST.of(event) or ev.STAND.of(event)) is not None and seat is not None:
            status = "bust" if kind == "bust" else "finished"
            bocce[seat][done["bocce"]] = {"total": done["total"],
                                          "totals": list(done["totals"]),
                                          "status": status, "points": done["points"]}
            # The line names the next roller as soon as this bocce is done, not after
            # the next bocce has turned over.
            shown["rolling"] = done["next"]
        if (knockout := ev.KNOCKOUT.of(event)) is not None:
            entry = bocce[knockout["target_seat"]][knockout["target_bocce"]]
            entry["status"], entry["points"] = "knocked_out", knockout["target_points"]
        elif kind == "frame_end":
            shown.update({"rolling": None, "phase": "", "lag": [None, None],
                          "committed": [False, False]})
        elif (scored := ev.HAND_SCORED.of(event)) is not None:
            shown["scores"] = list(scored["scores"])
            shown["last_hand"] = cast(HandScored, dict(scored))
        elif (over := GAME_ENDED.of(event)) is not None:
            shown["phase"] = "over"
            shown["scores"] = list(over["scores"])

    # -- what happened: the hand's sheet, the look back at a frame ---------------------------
    @property
    def sheets(self) -> BocceSheets:
        """The hand's score sheet, the look back and what became of each bocce."""
        return BocceSheets(self)

    def hand_sheet(self, hand: HandScored, scores: Sequence[int], layout: Layout,
                   score_label: str = "", winners: Sequence[int] = ()) -> Sheet:
        return self.sheets.hand_sheet(hand, scores, layout, score_label, winners)

    def result_sheet(self, result: dict[str, Any], view: View,
                     layout: Layout) -> Optional[Sheet]:
        return self.sheets.result_sheet(result, view, layout)

    def look_back(self, view: View, layout: Layout) -> Optional[LookBack]:
        return self.sheets.look_back(view, layout)

    # -- a table that explains itself ----------------------------------------------------------
    def caption(self, event: Event, layout: Layout) -> str:
        """What the event did, in words: "The pallino is 14", "North stands on 12"."""
        kind, data, seat = event.kind, event.data, event.seat
        player = self.seat_name(seat, layout) if seat is not None else ""
        if kind in ("hand_start", "frame_start", "lag_reveal", "reshuffle"):
            # one sentence for four kinds, each naming what it has (game/views/bocce.py)
            return tr(f"captions.bocce.{kind}", hand=data.get("hand"), frame=data.get("frame"),
                      pallino=data.get("pallino"))
        if seat is None:
            return self._scored_caption(event, layout)
        if kind in ("lag_commit", "roll", "draw", "bust", "stand"):
            # a lag card's total is the committer's secret: lag_commit has none
            total = None if kind == "lag_commit" else data["total"]
            return tr(f"captions.bocce.{kind}", player=player, total=total)
        if (knockout := ev.KNOCKOUT.of(event)) is not None:
            return tr("captions.bocce.knockout", player=player, total=knockout["total"],
                      victim=self.seat_name(knockout["target_seat"], layout))
        return ""

    def _scored_caption(self, event: Event, layout: Layout) -> str:
        """A hand's points, or who won the game, from the event's own numbers."""
        me, other = self.human_seat, self._other()
        if (scored := ev.HAND_SCORED.of(event)) is not None:
            gained = scored["hand_points"]
            return tr("captions.bocce.hand_scored", hand=scored["hand"],
                      a=self.seat_name(me, layout), pa=gained[me],
                      b=self.seat_name(other, layout), pb=gained[other])
        if (over := GAME_ENDED.of(event)) is not None and over["winners"]:
            won, scores = over["winners"][0], over["scores"]
            return tr("captions.bocce.game_over", player=self.seat_name(won, layout),
                      score=scores[won], other=scores[1 - won])
        return ""


ADAPTER = BocceAdapter
