"""Briscola Venceslao at the table: three seats played counterclockwise, the stock
with the sampled card crosswise under it, the trick laid in front of each
player, the culetto set aside, the Venceslao claim race and the suit picker,
and the score sheet between the games of the match.

Layout (seen from the bottom): you at the bottom, the next player on your
right, the third on your left.  Across the middle: the stock (left), the
current trick (centre), the culetto (right).  The trump badge sits at the top
centre; each captured pile lies between its owner's hand and the middle (yours
right of your hand).

What the screen says follows the view, never more: the sampled card is face up
only for those who may see it, and the trump badge shows the suit only while
``view["trump"]`` does (the engine's "Remember the trump" option: while the
sampled card shows it, then until your next card once you are told it); the
dealer who has not learned it sees "Briscola: ?".  A spectator (a view of no seat)
is never shown the sampled card: until a Venceslao announces a trump to all, the
badge says the briscola is hidden from spectators, and the line under it who saw
it under the stock (the two who did not deal), not a bare "?".

The name plates show the card points each seat has taken in the game so far
(every trick is seen by all; ``taken`` in the view and in each ``trick_won``,
going up as its "+N" pops), the score board the match points.  The last trick
can be looked at again (the L key): who played which card, who took it and its
points, from the view's ``tricks``.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from game.briscola import HAND_SIZE
from game.cards import ITALIAN_SUITS, Card
from game.engine import GAME_OVER, Action, Event
from game.views import briscola as ev
from game.views.briscola import SheetRow as GameRow
from game.views.briscola import View
from scenes.i18n import language, tr
from scenes.kit import theme
from scenes.kit.hud import POSITIVE, Callout, Label
from scenes.kit.layout import Layout, ZoneGeom
from scenes.kit.sheet import Sheet, SheetRow
from scenes.kit.widgets import ChoiceButton
from scenes.tables import Fx, Timing, plate_points
from scenes.tables.look import LookBack, LookRow
from scenes.tables.tricktable import TrickTable

VENCESLAO = "2s"
STOCK_SCALE = 0.85
TRICK_SCALE = 0.9
#: how many font sizes wide the claim button is at the most ("Reclamalo!" and its key)
CLAIM_EMS = 9.5
CULETTO_SCALE = 0.72
PILE_SCALE = 0.6


def ace(suit: str) -> str:
    """The code of a suit's Ace: the picture the picker and the badge show for a suit."""
    return "A" + suit


def suit_name(suit: str) -> str:
    return tr(f"briscola.suit.{suit}")


#: seconds the Venceslao's winner stands in words over the table: another's claim, yours
#: (the suit picker follows at once)
CLAIMED_HOLD = {False: 1.8, True: 0.9}
#: seconds the new trump stands in words, with who chose it by the Venceslao
TRUMP_HOLD = 2.2


class BriscolaAdapter(TrickTable[View]):
    """Briscola Venceslao's zones, words, race, picker and score sheet."""

    counterclockwise = True
    trick_scale = TRICK_SCALE
    trump_zone = "briscola"
    stock_scale = STOCK_SCALE
    pile_scale = PILE_SCALE
    #: the four suits stand two by two beside the trick (``choice_vertical``, set by
    #: :meth:`choices`, which the table asks before it lays the bar out); the claim alone
    choice_columns = 2

    # -- geometry ------------------------------------------------------------------
    def _culetto_xy(self, layout: Layout) -> tuple[float, float]:
        cx, cy = layout.centre
        return (cx + layout.width * 0.255, cy - layout.card_h * 0.05)

    def trick_spot(self, seat: int, layout: Layout) -> tuple[float, float, float]:
        """Where the card of ``seat`` lies in the trick: in front of its player."""
        cx, cy = layout.centre
        side = layout.seat(seat).side
        if side == "bottom":
            return (cx, cy + layout.card_h * 0.24, 0.0)
        dx = layout.card_w * 0.86
        if side == "left":
            return (cx - dx, cy - layout.card_h * 0.10, 6.0)
        return (cx + dx, cy - layout.card_h * 0.10, -6.0)

    def most_cards(self, view: View) -> int:
        """A hand of three, a trick of three (the piles are stacks)."""
        return HAND_SIZE

    def zone_geom(self, zone: str, layout: Layout) -> ZoneGeom:
        kind, _, rest = zone.partition("/")
        stock = self.stock_geom(zone, layout)
        if stock is not None:
            return stock
        if zone == "culetto":
            x, y = self._culetto_xy(layout)
            w = layout.card_w * CULETTO_SCALE
            spots = ((x - w * 0.62, y + w * 0.08, 10.0), (x, y, 0.0),
                     (x + w * 0.62, y + w * 0.08, -10.0))
            return ZoneGeom(x, y, "spots", CULETTO_SCALE, spots=spots, z=280)
        if zone == "table":
            cx, cy = layout.centre
            return ZoneGeom(cx, cy, "row", TRICK_SCALE, spacing=layout.card_w, z=300)
        if kind == "pile" and rest.isdigit():
            return self._pile_geom(int(rest), layout)
        return super().zone_geom(zone, layout)

    def _pile_geom(self, seat: int, layout: Layout) -> ZoneGeom:
        """Yours right of your hand; the others' below their hands, upright so that a
        pile never looks like a hand, or beside them toward the table where below reaches
        your plate's line (the side hands sit lower with larger words: at 1280x720 with
        the largest text West's pile lay on your plate)."""
        g = layout.seat(seat)
        if g.side == "bottom":
            x = g.hand[0] + layout.card_w * 2.9
            return ZoneGeom(x, g.hand[1] + layout.card_h * 0.06, "stack", PILE_SCALE, 8.0,
                            depth=0.22, z=200)
        if self._pile_beside(seat, layout):
            return self.pile_geom(seat, layout)
        inward = 1 if g.side == "left" else -1
        x = g.hand[0] + inward * layout.card_w * 0.35
        return ZoneGeom(x, self._below_hand(g, layout), "stack", PILE_SCALE, -8.0 * inward,
                        depth=0.22, z=200)

    @staticmethod
    def _below_hand(g: Any, layout: Layout) -> float:
        """Where a side seat's pile lies below its hand (its centre's height)."""
        return g.hand[1] + layout.card_h * 1.28

    def _pile_beside(self, seat: int, layout: Layout) -> bool:
        """Whether a side seat's pile lies beside its hand: below it would reach your
        plate's line."""
        g = layout.seat(seat)
        if g.side == "bottom":
            return False
        plate = layout.seat(self.human_seat).plate[1] - layout.font(15) * 1.2
        reach = self._below_hand(g, layout) + layout.card_h * PILE_SCALE * 0.55
        return reach > plate - layout.margin

    def choice_anchor_for(self, view: View, legal: Sequence[Action],
                          layout: Layout) -> tuple[float, float]:
        """The suit picker right of the trick (which it may change), between it and East's
        hand (over the trick it lay on the trick, the stock and the trump's line at 800x500
        with the largest text); the claim button right of your card of the trick and
        under East's (under your card, pressed up by the prompt's line, it lay on the
        trick at the largest text)."""
        cx, cy = layout.centre
        if any(a.kind == "trump" for a in legal):
            east = layout.seat(next(s for s in range(self.seats)
                                    if layout.seat(s).side == "right"))
            trick = self.trick_spot(east.seat, layout)[0] + layout.card_w * TRICK_SCALE / 2 \
                + layout.card_h * 0.05                      # tilted a little
            hand = east.hand[0] - layout.card_h * layout.small_scale / 2
            top, _ = self._band(layout)
            return ((trick + hand) / 2, (top + layout.prompt_y) / 2)
        x = cx + layout.card_w * TRICK_SCALE / 2 + layout.margin + layout.font(17) * CLAIM_EMS / 2
        # East's card ends 0.35 card heights under the middle, a little more tilted; the
        # button is 0.3 card heights tall
        return (x, cy + layout.card_h * 0.54 + layout.margin)

    def _band(self, layout: Layout) -> tuple[float, float]:
        """The room above the trick (banners and the callout never hide its cards), below
        the trump badge's line: its top and bottom."""
        f = layout.font
        cx, cy = layout.centre
        badge = layout.margin + f(24) + f(30) + f(14) * 0.7
        trick = cy - layout.card_h * (0.10 + TRICK_SCALE * 0.53)
        return badge + layout.margin, trick - layout.margin

    def _banner_at(self, layout: Layout) -> dict[str, float]:
        """Banners in the room above the trick, clear of the boxes that reach into it (the
        score board, the card order, Last trick, the plates: at 800x500 with the largest
        text they lay on all four), their words smaller where it is short."""
        top, bottom = self._band(layout)
        return {"y": (top + bottom) / 2, "room": bottom - top}

    # -- words ---------------------------------------------------------------------
    def scoreboard(self, view: View, layout: Layout) -> list[tuple[str, str]]:
        """The title, the game of the match and the match points (the games finished so
        far); this game's card points stand on the name plates."""
        scores = view["scores"]
        each = [tr("briscola_table.score_line", player=self.seat_name(seat, layout),
                   points=score) for seat, score in enumerate(scores)]
        # one line: the board stays clear of the left player's name plate
        return [(self.spec.title, "title"),
                (tr("briscola.game_no", game_no=view["game_no"],
                    games=view["games"]), ""),
                (tr("briscola_table.match_line", scores=" · ".join(each)), "score")]

    def plate_info(self, view: View, seat: int) -> str:
        """The card points the seat has taken in this game (every trick is seen by all)."""
        taken = view["taken"]
        return plate_points(taken[seat]) if seat < len(taken) else ""

    def trump_label(self, view: View, layout: Layout) -> tuple[str, Optional[str], str]:
        """The badge: its words, the Ace shown with it, and a hint line under it."""
        suit = view["trump"]
        if suit:
            return tr("briscola.trump", suit=suit_name(suit)), ace(suit), ""
        if view["trump_known"]:
            # a Venceslao's trump: the card still under the stock no longer names it
            hint = "briscola_table.remember_new" if view["announced"] else \
                "briscola_table.remember"
            return tr("briscola.trump_unknown"), None, tr(hint)
        if view["seat"] is None:               # a spectator: what is hidden, who knows
            dealer = view["dealer"]
            a, b = (self.seat_name((dealer + step) % self.seats, layout) for step in (1, 2))
            return tr("briscola_table.hidden"), None, tr("briscola_table.seen_by", a=a, b=b)
        return tr("briscola.trump_unknown"), None, tr("briscola_table.not_told")

    def labels(self, view: View, layout: Layout) -> list[Label]:
        out: list[Label] = []
        f = layout.font
        cx, cy = layout.centre
        text, icon, hint = self.trump_label(view, layout)
        top = layout.margin + f(24)
        out.append(Label(text, (cx, top), f(22), theme.GOLD_LIGHT, True, pill=True, icon=icon))
        if hint:
            out.append(Label(hint, (cx, top + f(30)), f(14), theme.CREAM_DIM))
        dealer = self.dealer_label(view, layout, tr("briscola.dealer"))
        if dealer is not None:
            out.append(dealer)
        zones = view["zones"]
        # the stock's count under it
        stock = int(view["stock"])
        sx, sy = self.stock_xy(layout)
        low = sy + layout.card_h * STOCK_SCALE / 2 + f(16)
        if stock:
            out.append(Label(tr("briscola_table.stock", count=stock),
                             (sx + layout.card_w * 0.25, low), f(14), theme.CREAM_DIM, pill=True))
        # the culetto, set aside, with its name
        if view["culetto"] or zones.get("culetto"):
            x, y = self._culetto_xy(layout)
            h = layout.card_h * CULETTO_SCALE
            out.append(Label(tr("briscola.culetto"), (x, y - h / 2 - f(18)), f(18),
                             theme.GOLD_LIGHT, True, pill=True))
            # clear of the tilted cards' corners (the table slides it off East's hand)
            out.append(Label(tr("briscola_table.culetto_hint"),
                             (x, y + h / 2 + f(18) + layout.card_h * 0.08), f(14),
                             theme.CREAM_DIM))
        return out

    def prompt(self, view: View, legal: Sequence[Action], my_turn: bool,
               waiting_for: Sequence[int], layout: Layout) -> str:
        phase = view["phase"]
        if phase == "over":
            return ""
        if phase == "claim":
            if my_turn:
                return tr("briscola_table.prompt.claim")
            return tr("briscola_table.prompt.race_on")
        if phase == "choose":
            if my_turn:
                return tr("briscola_table.prompt.choose")
            chooser = view["chooser"]
            if chooser is not None:
                return tr("briscola_table.prompt.choosing", player=self.actor(chooser, layout))
        if my_turn and legal and all(a.card is not None and a.card.code == VENCESLAO
                                     for a in legal):
            return tr("briscola_table.prompt.must_venceslao")
        return super().prompt(view, legal, my_turn, waiting_for, layout)

    def callout(self, shown: View, legal: Sequence[Action], my_turn: bool,
                layout: Layout) -> Optional[Callout]:
        phase = shown["phase"]
        # in the banners' room, short of it by the urgent one's glow
        at = self._banner_at(layout)
        pos, room = (layout.width / 2, at["y"]), at["room"] - 14
        if phase == "claim":
            if my_turn and any(a.kind == "claim" for a in legal):
                return Callout(tr("briscola_table.claim_it"), tr("briscola_table.claim_how"),
                               pos, urgent=True, room=room)
            names = [self.seat_name(s, layout) for s in shown["claimants"]]
            if len(names) == 2:
                return Callout(tr("briscola_table.venceslao"),
                               tr("briscola_table.race_between", a=names[0], b=names[1]), pos,
                               room=room)
        if phase == "choose" and not my_turn and shown["chooser"] is not None:
            who = self.seat_name(shown["chooser"], layout)
            return Callout(tr("briscola_table.claimed_by", player=who),
                           tr("briscola_table.choosing_sub"), pos, room=room)
        return None

    def choice_bar_title(self, view: View, legal: Sequence[Action]) -> str:
        if any(a.kind == "trump" for a in legal):
            return tr("briscola_table.choose_title")
        return ""

    # -- input ---------------------------------------------------------------------
    def choices(self, view: View, legal: Sequence[Action]) -> list[ChoiceButton]:
        claim = [a for a in legal if a.kind == "claim"]
        self.choice_vertical = not claim and any(a.kind == "trump" for a in legal)
        if claim:
            return [ChoiceButton(self.action_label(claim[0]), claim[0], "C", primary=True)]
        trumps = {a.value: a for a in legal if a.kind == "trump"}
        return [ChoiceButton(self.action_label(trumps[s]), trumps[s], str(i + 1), icon=ace(s))
                for i, s in enumerate(s for s in ITALIAN_SUITS if s in trumps)]

    def zone_actions(self, view: View, legal: Sequence[Action], zone: str) -> list[Action]:
        """A click on the trick during the race (the glowing Two of Swords) claims it."""
        if zone == "table":
            return [a for a in legal if a.kind == "claim"]
        return []

    def highlight_cards(self, view: View, legal: Sequence[Action],
                        my_turn: bool) -> list[str]:
        return [VENCESLAO] if view["phase"] == "claim" else []

    def race(self, view: View) -> bool:
        """The Venceslao claim: the first opponent to claim it takes it."""
        return view["phase"] == "claim"

    # -- events --------------------------------------------------------------------
    def timing(self, event: Event) -> Timing:
        kind, data = event.kind, event.data
        if kind == "deal":
            stage = data.get("stage")
            if stage == "gather":   # the new game's panel and plates at once
                return Timing(flight=0.40, stagger=0.012, sound="collect", after=0.25,
                              patch_first=True)
            if stage == "briscola":
                return Timing(flight=0.45, flip=0.30, before=0.1, move_sound="flip", after=0.3)
            return Timing(flight=0.26, after=0.0, move_sound="deal")
        if kind == "draw":
            return Timing(flight=0.30, after=0.0, move_sound="deal")
        if kind == "play":
            return Timing(flight=0.38, move_sound="play", after=0.08)
        if kind == "culetto_held":
            return Timing(flight=0.5, stagger=0.08, before=0.7, move_sound="collect", after=0.3)
        if kind == "trick_won":
            # no pause after the landing: the "+N" pops as the plate goes up (effects waits)
            return self.collect_timing(len(data["moves"]), after=0.0)
        if kind in ("claim_open", "claimed", "trump_changed"):
            return Timing(after=0.1)
        if kind == "game_scored":
            return Timing(before=1.1, after=0.1)  # the last pops fade before the sheet
        return super().timing(event)

    def effects(self, event: Event, view: View, fx: Fx, layout: Layout) -> None:
        kind, seat = event.kind, event.seat
        if kind == "claim_open":
            fx.sound("score", at="start")
        elif kind == "claimed" and seat is not None:
            # who won the race, in words and long enough to read (a faint "Claimed!" by a
            # plate went by in a blink); you go on to the suit picker sooner
            fx.sound("play", at="start")
            yours = self.is_you(seat)
            who = self.seat_name(seat, layout)
            fx.banner(tr("briscola_table.claimed_you") if yours
                      else tr("briscola_table.claimed_banner", player=who),
                      tr("briscola_table.claimed_sub_you") if yours
                      else tr("briscola_table.claimed_sub", player=who),
                      at="start", hold=CLAIMED_HOLD[yours], **self._banner_at(layout))
            fx.wait(CLAIMED_HOLD[yours] + 0.2)
        elif (changed := ev.TRUMP_CHANGED.of(event)) is not None and seat is not None:
            suit = changed["suit"]
            sub = (tr("briscola_table.your_choice") if self.is_you(seat)
                   else tr("briscola_table.chosen_by", player=self.seat_name(seat, layout)))
            fx.sound("score", at="start")
            fx.banner(tr("briscola_table.new_trump", suit=suit_name(suit)), sub, at="start",
                      hold=TRUMP_HOLD, **self._banner_at(layout))
            fx.wait(TRUMP_HOLD + 0.3)
        elif kind == "culetto_held":
            x, y = self._culetto_xy(layout)
            # on the cards set aside, short of their name above them
            fx.pop(tr("briscola.culetto") + "!", (x, y), colour=theme.GOLD_LIGHT, rise=0.12,
                   size=0.8)
        elif (won := ev.TRICK_WON.of(event)) is not None and seat is not None:
            pts = won["points"]
            if len(won["moves"]) > 3:
                fx.banner(tr("briscola_table.culetto_taken", player=self.seat_name(seat, layout)),
                          tr("briscola_table.points", points=pts), at="start", hold=0.8,
                          **self._banner_at(layout))
            if pts:
                # at the landing, when patch() puts the points on the seat's plate; down
                # from a pile beside the hand, whose plate and chip lie over it
                fx.pop(tr("briscola_table.plus", points=pts), fx.zone_centre(f"pile/{seat}"),
                       colour=POSITIVE, rise=-0.3 if self._pile_beside(seat, layout) else 0.45)
            fx.wait(0.15)
        elif (scored := ev.GAME_SCORED.of(event)) is not None:
            game_no = scored["game_no"]
            games = int(view["games"])
            fx.sound("score", at="start")
            if game_no < games:
                rows = list(view["sheet"])[:game_no - 1] + [scored["row"]]
                fx.interlude(tr("briscola_table.sheet_title", game_no=game_no, games=games),
                             self.sheet(rows, layout), tr("briscola_table.next_game"))

    def patch(self, shown: View, event: Event) -> None:
        """Copy what the event says into the shown view: the stock count and the trump as
        this seat may know it come with the deal, draw and play events (the engine sends
        the suit only to those who may see it), so nothing is worked out here."""
        kind, data, seat = event.kind, event.data, event.seat
        if kind in ("deal", "draw", "play", "trump_hidden"):
            for key in ("game_no", "dealer", "stock", "trump", "trump_known", "taken",
                        "announced"):
                if key in data:
                    shown[key] = list(data[key]) if key == "taken" else data[key]
        elif kind == "claimed":
            shown.update({"phase": "choose", "chooser": seat})
        elif (changed := ev.TRUMP_CHANGED.of(event)) is not None:
            shown.update({"trump": changed["trump"], "trump_known": True, "phase": "play",
                          "chooser": None, "announced": True})
        elif kind == "culetto_held":
            shown["culetto"] = True
        elif (won := ev.TRICK_WON.of(event)) is not None:
            shown["culetto"] = False
            shown["taken"] = list(won["taken"])
        elif (scored := ev.GAME_SCORED.of(event)) is not None:
            self.add_sheet_row(shown, scored, "game_no")
        elif kind == GAME_OVER:
            shown["phase"] = "over"

    # -- the last trick --------------------------------------------------------------
    def look_back(self, view: View, layout: Layout) -> Optional[LookBack]:
        """The last finished trick of this game, from the view's public ``tricks``: who
        played which card, in order, who took it (or that it waits as the culetto) and
        the card points it gave."""
        tricks = view["tricks"]
        if not tricks:
            return None
        trick = tricks[-1]
        won = (tr("briscola_table.look.would_win") if trick["held"] else
               tr("briscola_table.look.takes", points=trick["points"]))
        rows = self.trick_rows(trick, layout, won, tr("briscola_table.look.led"))
        if trick["culetto"]:
            rows.append(LookRow(tr("briscola.culetto"), list(trick["culetto"]),
                                tr("briscola_table.look.culetto_along")))
        footer = tr("briscola_table.culetto_hint") if trick["held"] else ""
        return LookBack(tr("briscola_table.look.title", trick=len(tricks)),
                        tr("briscola_table.look.button"), rows, footer)

    # -- the score sheet -------------------------------------------------------------
    def sheet(self, rows: Sequence[GameRow], layout: Layout,
              winners: Sequence[int] = ()) -> Sheet:
        """Every game so far: card points, primiera ("—" when not valid), bonus, total;
        then the match totals."""
        out: list[SheetRow] = []
        totals = [0] * self.seats
        for n, row in enumerate(rows, 1):
            out.append(SheetRow(tr("briscola_table.sheet_game", game_no=n), [], "head"))
            out.append(SheetRow(tr("briscola.sheet.card_points"),
                                [str(v) for v in row["card_points"]]))
            out.append(SheetRow(tr("briscola.sheet.primiera"),
                                [tr("briscola.sheet.no_primiera") if v is None else str(v)
                                 for v in row["primiera"]]))
            out.append(SheetRow(tr("briscola.sheet.bonus"),
                                [tr("briscola_table.plus", points=v) if v else "0"
                                 for v in row["bonus"]]))
            game_total = list(row["total"])
            out.append(SheetRow(tr("briscola.sheet.total"), [str(v) for v in game_total],
                                "total"))
            totals = [t + int(v) for t, v in zip(totals, game_total)]
        out.append(SheetRow(tr("briscola.match_total"), [str(v) for v in totals], "grand"))
        return Sheet(self.seat_names(layout), out, tuple(winners))

    # -- a table that explains itself ----------------------------------------------------------
    def caption(self, event: Event, layout: Layout) -> str:
        """What the event did, in words: "East plays the Ace of Coins", "Venceslao! The
        trump is now Cups", "East wins the trick: 21 points"."""
        kind, data, seat = event.kind, event.data, event.seat
        player = self.seat_name(seat, layout) if seat is not None else ""
        if kind == "deal" and data.get("stage") == "briscola":
            # the deal's last card, turned up under the stock (its suit only to who sees it)
            trump = data.get("trump")
            return tr("captions.briscola.dealt_trump" if trump else "captions.briscola.dealt",
                      game_no=data["game_no"], player=player,
                      suit=suit_name(trump) if trump else "")
        if kind == "play" and data["card"]:
            return tr("captions.briscola.play", player=player,
                      card=Card.parse(data["card"]).name(language()))
        if kind == "claim_open":
            names = [self.seat_name(s, layout) for s in data["claimants"]]
            return tr("captions.briscola.claim_open", a=names[0], b=names[-1]) if names else ""
        if kind in ("claimed", "culetto_held"):
            return tr(f"captions.briscola.{kind}", player=player)
        if kind == "trump_changed":
            return tr("captions.briscola.trump_changed", suit=suit_name(data["suit"]))
        if kind == "trick_won":
            pts = int(data["points"])
            key = ("culetto_taken" if len(data["cards"]) > self.seats
                   else "trick_won" if pts else "trick_won_nothing")
            return tr(f"captions.briscola.{key}", player=player, points=pts)
        return self._scored_caption(kind, data, layout)

    def _scored_caption(self, kind: str, data: Any, layout: Layout) -> str:
        """A game's totals, or who won the match, from the event's own numbers."""
        if kind == "game_scored":
            totals = data["row"]["total"]
            each = [tr("captions.briscola.total", player=self.seat_name(s, layout), points=v)
                    for s, v in enumerate(totals)]
            return tr("captions.briscola.game_scored", game_no=data["game_no"],
                      totals=" · ".join(each))
        if kind != GAME_OVER:
            return ""
        winners, scores = data["winners"], data["scores"]
        if not winners or not scores:
            return ""
        points = scores[winners[0]]
        if len(winners) > 1:
            return tr("captions.briscola.match_shared", points=points,
                      players=" & ".join(self.seat_name(s, layout) for s in winners))
        return tr("captions.briscola.match_won", player=self.seat_name(winners[0], layout),
                  points=points)


ADAPTER = BriscolaAdapter
