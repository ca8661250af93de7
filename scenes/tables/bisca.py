"""Bisca at the table: two to six seats played counterclockwise, the bets and the
hands won beside each name plate, lives as hearts on the plates, the bet picker
with the number the hook rule bars (and why), the Ace's high/low choice, the
blind one-card round, greyed players who are out, and the Babbeo and
everyone-out banners.

Layout: you at the bottom, the next player on your right.  The deck lies left of
the middle, each hand's cards in front of their players in the middle; the
hands won pile up by each player.  The round ("Round 3 · 2 cards") and the sum
of the bets stand at the top centre.

Everything shown comes from the view and the events' public data: the hook
number is ``view["forbidden"]``, a player is out when the view (or an
``eliminated`` event) says so, the hearts are ``view["lives"]``.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from game.cards import Card, italian_deck
from game.engine import GAME_OVER, Action, Event
from game.i18n import number_words
from game.views import bisca as ev
from game.views.bisca import RoundScored, View
from scenes.i18n import language, tr
from scenes.kit import theme
from scenes.kit.hud import POSITIVE, Label
from scenes.kit.layout import CROWDED, Layout, ZoneGeom
from scenes.kit.sheet import Sheet, SheetRow
from scenes.kit.widgets import ChoiceButton
from scenes.tables import Fx, Timing
from scenes.tables.look import LookBack
from scenes.tables.tricktable import TrickTable

#: the deck's cards, times the table's
DECK_SCALE = 0.75
#: how far out from the middle toward each player's area their card of the hand lies
TRICK_REACH = 0.6
#: the others' single card in the one-card round
ONE_CARD_SCALE = 0.7
HEART, HALF_HEART = "♥", "½"
#: a missed bet, a player out
NEGATIVE = (255, 150, 130)
#: the rounds the result sheet shows (the last ones)
SHEET_ROUNDS = 11
#: more lives than this are written as a count ("♥ × 7")
MOST_HEARTS = 5
#: seconds a round's "Made it" / "-1 ♥" stays on screen
RESULT_POP = 2.4


def number(value: Any) -> str:
    """A bet or a life count as read: 2, 2.5 (never 2.0)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def hearts(lives: Any) -> str:
    """Lives as hearts: "♥♥♥", "♥♥½" (half a life with Half Bets), "♥ × 7"; "Out" at
    none, and "Out (−1 ♥)" below none (when everyone is out the nearest to zero wins),
    never a bare "-1" that reads as a score."""
    lives = float(lives or 0)
    if lives == 0:
        return tr("bisca_table.out")
    if lives < 0:
        return tr("bisca_table.out_below", lives="\u2212" + number(-lives))
    whole, half = int(lives), lives - int(lives) >= 0.5
    if whole > MOST_HEARTS:
        return f"{HEART} × {number(lives)}"
    return HEART * whole + (HALF_HEART if half else "")


def lives_said(lives: Any) -> str:
    """Lives as a voice says them ("3 lives", "1 life", "2.5 lives"; "Out" at none, "Out,
    1 below none" under), where the screen draws hearts (:func:`hearts`) that a voice
    would read by the symbol's name."""
    lives = float(lives or 0)
    if lives == 0:
        return tr("bisca_table.out")
    if lives < 0:
        return tr("bisca_table.out_below_said", lives=number_words(language(), -lives))
    if lives == 1:
        return tr("bisca_table.lives_said_one")
    return tr("bisca_table.lives_said", lives=number_words(language(), lives))


def lives_row(lives: Sequence[Any]) -> SheetRow:
    """A sheet's row of each player's lives: hearts on the screen, words aloud."""
    return SheetRow(tr("bisca_table.sheet_lives"), [hearts(v) for v in lives], "grand",
                    [lives_said(v) for v in lives])


class BiscaAdapter(TrickTable[View]):
    """Bisca's zones, words, bet picker, banners and round sheet."""

    counterclockwise = True
    trick_scale = 0.85
    trick_reach = TRICK_REACH

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: the hand on the table, and the others' hands (upright in the one-card round)
        self.live_zones = frozenset({"table"} | {f"hand/{s}" for s in range(self.seats)
                                                 if s != self.human_seat})

    # -- geometry ------------------------------------------------------------------
    def trick_order(self, shown: View) -> list[int]:
        """The round's players in play order from the hand's leader (as the view gives them)."""
        players = list(shown["players"])
        leader = shown["leader"]
        if leader in players:
            i = players.index(leader)
            players = players[i:] + players[:i]
        return players

    def live_zone_geom(self, zone: str, layout: Layout, shown: View) -> ZoneGeom:
        """The hand on the table: card i in front of the i-th player from the leader."""
        if zone.startswith("hand/"):
            geom = self.zone_geom(zone, layout)
            if not shown["one_card"]:
                return geom
            # one card each, face up for you to read: upright (larger at the sides, where
            # there is room)
            side = layout.seat(int(zone[5:])).side
            scale = ONE_CARD_SCALE if side in ("left", "right") else geom.scale
            return ZoneGeom(geom.x, geom.y, geom.kind, scale, 0.0, z=geom.z)
        return super().live_zone_geom(zone, layout, shown)

    def _front(self, seat: int, layout: Layout) -> tuple[float, float]:
        """The middle of a seat's card of the hand (a pop about that player shows there)."""
        x, y, _ = self.trick_spot(seat, layout)
        return (x, y)

    def most_cards(self, view: View) -> int:
        """The opening's hand (the rounds deal fewer, then the opening again), or a hand
        of one card each on the table."""
        return max(int(view["opening"]), self.seats)

    def zone_geom(self, zone: str, layout: Layout) -> ZoneGeom:
        kind, _, rest = zone.partition("/")
        if kind == "pile" and rest.isdigit():
            return self.pile_geom(int(rest), layout)
        if zone == "deck":
            x, y = self.low_left_xy(layout, DECK_SCALE)
            return ZoneGeom(x, y, "stack", DECK_SCALE, 0.0, depth=0.15, z=50)
        return super().zone_geom(zone, layout)

    def choice_anchor(self, layout: Layout) -> tuple[float, float]:
        """The bet picker above your hand, under the cards of the hand in play."""
        cx, cy = layout.centre
        return (cx, (cy + layout.card_h * 0.55 + layout.prompt_y) / 2 + layout.card_h * 0.1)

    # -- words ---------------------------------------------------------------------
    def scoreboard(self, view: View, layout: Layout) -> list[tuple[str, str]]:
        """The round and its cards, the sum of the bets (the hook rule's number) and whether
        the Babbeo bonus is gone: three short lines, clear of the left and top-left plates."""
        cards = int(view["cards"])
        bets = [b for b in view["bets"] if b is not None]
        third = tr("bisca_table.bets_total", total=number(sum(bets)))
        if view["babbeo_used"]:
            third += " · " + tr("bisca_table.babbeo_gone")
        return [(self.spec.title, "title"),
                (tr("bisca_table.round" if cards > 1 else "bisca_table.round_one",
                    round_no=view["round_no"], cards=cards), ""),
                (third, "score")]

    def plate_info(self, view: View, seat: int) -> str:
        """The seat's lives, as hearts; nothing once out (the line by the plate says so)."""
        lives = view["lives"]
        return hearts(lives[seat]) if seat < len(lives) and lives[seat] > 0 else ""

    def plate_dimmed(self, view: View, seat: int) -> bool:
        return seat in view["out"]

    def _bet_line(self, view: View, seat: int) -> tuple[str, Any]:
        """What stands by a seat's plate: its bet and hands won, "Out", or nothing."""
        if seat in view["out"]:
            return tr("bisca_table.out"), theme.CREAM_DIM
        if seat not in view["players"]:
            return "", None
        bets, won = view["bets"], view["won"]
        bet = bets[seat] if seat < len(bets) else None
        taken = won[seat] if seat < len(won) else 0
        if bet is None:
            text = tr("bisca_table.no_bet_yet")
            return text, theme.CREAM_DIM
        ok = float(taken) <= float(bet)
        return (tr("bisca_table.bet_won", bet=number(bet), won=taken),
                theme.CREAM if ok else NEGATIVE)

    @staticmethod
    def _in_prompt_band(y: float, size: int, layout: Layout) -> bool:
        """Whether a line of ``size`` centred at ``y`` reaches the band of the prompt line
        (and of the notes over it, and of the Hint beside it)."""
        return y + size * 0.7 > layout.prompt_y - layout.font(16) * 0.95

    def labels(self, view: View, layout: Layout) -> list[Label]:
        """Each player's bet and hands won (or "Out") by their name plate, the dealer's
        marked."""
        out: list[Label] = []
        f = layout.font
        # an Ace on the table says how it was played
        order = self.trick_order(view)
        for i, played in enumerate(view["trick"]):
            if played["ace"] and i < len(order):
                # under a side player's card; beside the top's and yours, which lie one
                # over the other in the middle (under the top's lay on yours)
                x, y = self._front(order[i], layout)
                half = layout.card_h * self.trick_scale / 2 + f(12)
                # over the card where under it reaches the prompt's band (the notes and
                # the prompt there at 1280x720 with the largest text)
                below = y + half if not self._in_prompt_band(y + half, f(13), layout) \
                    else y - half
                at, anchor = (x, below), "center"
                if layout.seat(order[i]).side in ("top", "bottom"):
                    at, anchor = (x + layout.card_w * self.trick_scale / 2 + f(8), y), "midleft"
                out.append(Label(self.ace_word(played["card"], played["ace"]), at, f(13),
                                 theme.GOLD_LIGHT, True, anchor=anchor, pill=True))
        if view["zones"].get("deck"):
            # the cards not dealt this round, apart from the hands won piled by the players
            # under the stack, else over it where under it reaches the band of the prompt
            # and the Hint beside it (the largest words at 1280x720)
            g = self.zone_geom("deck", layout)
            half = layout.card_h * g.scale / 2 + f(12)
            y = g.y + half
            if self._in_prompt_band(y, f(13), layout):
                y = g.y - half - g.depth * len(italian_deck())   # over the whole deck
            out.append(Label(tr("bisca_table.deck"), (g.x, y), f(13), theme.CREAM_DIM))
        dealer = view["dealer"]
        for seat in range(self.seats):
            sg = layout.seat(seat)
            x, y = self.by_plate(seat, layout)
            text, colour = self._bet_line(view, seat)
            # by the plate, inside the window: the side seats' plates touch its edge
            anchor = {"left": "midleft", "right": "midright"}.get(sg.side, "center")
            pad = layout.margin + f(8)        # the pill reaches past its text
            dealing = seat == dealer and seat not in view["out"]
            if dealing and sg.side in ("left", "right") and self.seats >= CROWDED \
                    and (layout.text_scale > 1 or sg.side == "right"):
                # a side seat's line runs toward the top corner seat's, the larger words
                # make it reach it (on the right the usual ones too, where the top right
                # hand lies under the corner buttons and its plate lower): the dealer's
                # word stands above the plate (on the left the larger words move it down,
                # clear of the score board), the two lines apart
                side_x = pad if sg.side == "left" else layout.width - pad
                out.append(Label(tr("bisca_table.dealer"), (side_x, sg.plate[1] * 2 - y),
                                 f(14), theme.CREAM, True, anchor=anchor, pill=True))
            elif dealing:
                text = tr("bisca_table.dealer") + (" · " + text if text else "")
            if not text:
                continue
            if sg.side == "left":
                x = pad
            elif sg.side == "right":
                x = layout.width - pad
            elif sg.side == "bottom":         # your plate lies near the left edge
                x, anchor = max(pad, x - layout.card_w * 0.5), "midleft"
            elif sg.plate[0] < sg.hand[0]:    # the hand lies right of the plate: run left of it
                x, anchor = x + f(24), "midright"
                # and under the hand's edge, where a line the score board pushes right
                # (scenes/table/painting.py) still passes under the hand, not over it
                y = max(y, sg.hand[1] + layout.card_h * sg.hand_scale / 2 + f(14) * 0.75)
            out.append(Label(text, (x, y), f(14), colour or theme.CREAM, True, anchor=anchor,
                             pill=True))
        return out

    def prompt(self, view: View, legal: Sequence[Action], my_turn: bool,
               waiting_for: Sequence[int], layout: Layout) -> str:
        phase = view["phase"]
        if phase == "over":
            return ""
        if self.human_seat in view["out"] and not self.watching:
            return tr("bisca_table.prompt.you_are_out")
        if my_turn and phase == "bet":
            key = "bisca_table.prompt.bet_blind" if view["blind"] else "bisca_table.prompt.bet"
            return tr(key, cards=view["cards"])
        if my_turn and phase == "play":
            seat = self.human_seat
            bets, won = view["bets"], view["won"]
            return tr("bisca_table.prompt.play", bet=number(bets[seat]), won=won[seat])
        if waiting_for and phase == "bet":
            return tr("bisca_table.prompt.betting", player=self.actor(waiting_for[0], layout))
        return super().prompt(view, legal, my_turn, waiting_for, layout)

    def ace_word(self, code: str, ace: str) -> str:
        """How an Ace was played ("High", "Low"): its play's label, short."""
        return self.action_label(Action("play", (Card.parse(code),), ace))

    def choice_title(self, actions: Sequence[Action]) -> str:
        c = next((a.card for a in actions if a.card is not None), None)
        return tr("bisca_table.ace_title", card=c.name(language())) if c else tr("table.choose")

    def choice_bar_title(self, view: View, legal: Sequence[Action]) -> str:
        """The bet picker's title: what a bet is, and the hook rule's barred number."""
        if not any(a.kind == "bet" for a in legal):
            return ""
        barred = view["forbidden"]
        if barred is None:
            return tr("bisca_table.bet_title", cards=view["cards"])
        others = sum(b for b in view["bets"] if b is not None)
        return tr("bisca_table.hook_title", bet=number(barred), others=number(others),
                  cards=view["cards"])

    # -- input ---------------------------------------------------------------------
    def choices(self, view: View, legal: Sequence[Action]) -> list[ChoiceButton]:
        """The bets in order, the barred one shown disabled in its place."""
        bets = [a for a in legal if a.kind == "bet"]
        barred = view["forbidden"]
        if barred is not None and bets:
            bets.append(Action("bet", (), number(barred)))
        bets.sort(key=lambda a: float(a.value))
        out = []
        for a in bets:
            enabled = a in legal
            whole = a.value.isdigit() and len(a.value) == 1
            label = a.value if enabled else tr("bisca_table.barred", bet=a.value)
            out.append(ChoiceButton(label, a, a.value if whole and enabled else "",
                                    enabled=enabled))
        return out

    # -- events --------------------------------------------------------------------
    def timing(self, event: Event) -> Timing:
        kind = event.kind
        if kind == "round":
            return Timing(flight=0.35, stagger=0.012, sound="collect", after=0.25)
        if kind == "deal":
            return Timing(flight=0.24, after=0.0, move_sound="deal")
        if kind == "reveal":
            return Timing(flip=0.35, before=0.2, move_sound="flip", after=0.2)
        if kind == "play":
            return Timing(flight=0.36, move_sound="play", after=0.08)
        if kind == "hand_won":
            return self.collect_timing(len(event.data["moves"]))
        if kind == "round_scored":
            return Timing(before=0.3, after=0.3)
        if kind in ("babbeo", "everyone_out"):
            return Timing(before=0.2, after=0.3)
        return super().timing(event)

    def _banner_y(self, layout: Layout) -> float:
        cx, cy = layout.centre
        return cy - layout.card_h * 0.95

    def effects(self, event: Event, view: View, fx: Fx, layout: Layout) -> None:
        seat = event.seat
        if (start := ev.ROUND.of(event)) is not None and start["one_card"]:
            fx.banner(tr("bisca_table.one_card_banner"), tr("bisca_table.one_card_sub"),
                      at="end", hold=1.2, y=self._banner_y(layout))
        elif (betting := ev.BET.of(event)) is not None and seat is not None:
            # where the player's card of the hand will lie: the middle is empty while betting
            fx.pop(tr("bisca_table.bet_pop", bet=number(betting["bet"])),
                   self._front(seat, layout), at="start", colour=theme.GOLD_LIGHT,
                   rise=0.25, size=0.8)
        elif (data := ev.ROUND_SCORED.of(event)) is not None:
            bets, losses = data["bets"], data["loss"]
            for s, (bet, loss) in enumerate(zip(bets, losses)):
                if bet is None:
                    continue
                text = (tr("bisca_table.loss_pop", loss=number(loss)) if loss
                        else tr("bisca_table.made_pop"))
                fx.pop(text, self._front(s, layout), at="start",
                       colour=NEGATIVE if loss else POSITIVE, rise=0.2, size=0.8,
                       duration=RESULT_POP)
            fx.sound("score", at="start")
            fx.wait(RESULT_POP * 0.8)
            if not data["final"]:
                # what happened, until the player goes on (the last round: the result screen)
                fx.interlude(tr("bisca_table.round_title", round_no=data["round_no"]),
                             self.round_sheet(data, layout),
                             tr("bisca_table.next_round"))
        elif (babbeo := ev.BABBEO.of(event)) is not None:
            names = " & ".join(self.seat_name(s, layout) for s in babbeo["seats"])
            fx.sound("score", at="start")
            fx.banner(tr("bisca_table.babbeo_banner"), tr("bisca_table.babbeo_sub", players=names),
                      at="start", hold=1.6, y=self._banner_y(layout))
            fx.wait(1.8)
        elif (out := ev.EVERYONE_OUT.of(event)) is not None:
            names = " & ".join(self.seat_name(s, layout) for s in out["seats"])
            fx.sound("score", at="start")
            if out["tie"]:
                fx.banner(tr("bisca_table.everyone_out_tie"),
                          tr("bisca_table.everyone_out_tie_sub", players=names),
                          at="start", hold=1.8, y=self._banner_y(layout))
            else:
                fx.banner(tr("bisca_table.everyone_out"),
                          tr("bisca_table.everyone_out_sub", player=names),
                          at="start", hold=1.6, y=self._banner_y(layout))
            fx.wait(2.0)
        elif (gone := ev.ELIMINATED.of(event)) is not None:
            for s in gone["seats"]:
                fx.pop(tr("bisca_table.out"), self._front(s, layout), colour=NEGATIVE,
                       rise=0.2, size=0.8)

    def patch(self, shown: View, event: Event) -> None:
        """Bring the HUD up to the event: bets, hands won, lives and who is out come with
        the events, in the order they play out."""
        kind = event.kind
        if (start := ev.ROUND.of(event)) is not None:
            shown.update({"round_no": start["round_no"], "cards": start["cards"],
                          "dealer": start["dealer"], "players": start["players"],
                          "one_card": start["one_card"]})
            shown.update({"bets": [None] * self.seats, "won": [0] * self.seats, "phase": "bet",
                          "lives": list(start["lives"]),
                          "leader": start["players"][0], "trick": [],
                          "out": [s for s in range(self.seats) if s not in start["players"]],
                          "forbidden": None, "blind": bool(start["one_card"])})
        elif (turn := ev.BET_TURN.of(event)) is not None:
            shown["forbidden"] = turn["forbidden"]
        elif (bet := ev.BET.of(event)) is not None:
            shown["bets"] = list(bet["bets"])
            shown["forbidden"] = None
        elif kind == "bets_closed":
            shown.update({"phase": "play", "blind": False, "forbidden": None})
        elif (play := ev.PLAY.of(event)) is not None and event.seat is not None:
            trick = list(shown["trick"])
            if not trick:
                shown["leader"] = event.seat
            trick.append({"seat": event.seat, "card": play["card"], "ace": play["ace"] or ""})
            shown["trick"] = trick
        elif (won := ev.HAND_WON.of(event)) is not None and event.seat is not None:
            shown["won"] = list(won["won"])
            shown["leader"] = event.seat
            shown["trick"] = []
        elif (scored := ev.ROUND_SCORED.of(event)) is not None:
            shown["lives"] = list(scored["lives"])
            sheet = list(shown["sheet"])
            sheet.append({"round_no": scored["round_no"], "cards": scored["cards"],
                          "players": list(shown["players"]), "bets": list(scored["bets"]),
                          "won": list(scored["won"]), "loss": list(scored["loss"]),
                          "lives": list(scored["lives"])})
            shown["sheet"] = sheet
        elif (lives := ev.BABBEO.of(event) or ev.EVERYONE_OUT.of(event)) is not None:
            shown["lives"] = list(lives["lives"])
        elif (gone := ev.ELIMINATED.of(event)) is not None:
            shown["out"] = sorted(set(shown["out"]) | set(gone["seats"]))
        elif kind == GAME_OVER:
            shown["phase"] = "over"

    # -- the last hand ---------------------------------------------------------------
    def look_back(self, view: View, layout: Layout) -> Optional[LookBack]:
        last = view["last_hand"]
        if not last:
            return None
        plays = [(p["seat"], p["card"],
                  [self.ace_word(p["card"], p["ace"])] if p["ace"] else [])
                 for p in last["cards"]]
        rows = self.play_rows(plays, last["winner"], layout, tr("bisca_table.look.takes"),
                              tr("bisca_table.look.led"))
        return LookBack(tr("bisca_table.look.title"), tr("bisca_table.look.button"), rows, "")

    # -- the result ------------------------------------------------------------------
    def round_sheet(self, data: RoundScored, layout: Layout) -> Sheet:
        """A round's result as the ``round_scored`` event gives it: each player's bet,
        hands won, lives lost and lives left ("—" for who sat it out)."""
        bets, won = data["bets"], data["won"]
        loss, lives = data["loss"], data["lives"]
        played = [s < len(bets) and bets[s] is not None for s in range(self.seats)]

        def cells(values: Sequence[Any], show: Any) -> list[str]:
            return [show(values[s]) if played[s] and s < len(values) else "—"
                    for s in range(self.seats)]

        def row(key: str, values: Sequence[Any], show: Any, style: str = "") -> SheetRow:
            return SheetRow(tr(key), cells(values, show), style)
        lost = row("bisca_table.round_lost", loss,
                   lambda v: tr("bisca_table.loss_pop", loss=number(v)) if v
                   else tr("bisca_table.made_pop"))
        lost.said = cells(loss, lambda v: number_words(language(), v) if v
                          else tr("bisca_table.made_pop"))
        return Sheet(self.seat_names(layout), [
            row("bisca_table.round_bet", bets, number),
            row("bisca_table.round_won", won, str),
            lost, lives_row(lives)])

    def result_sheet(self, result: dict[str, Any], view: View,
                     layout: Layout) -> Optional[Sheet]:
        """Every round: bets and hands won, then lives after it."""
        rows: list[SheetRow] = [SheetRow(tr("bisca_table.sheet_head"), [], "head")]
        for row in result.get("sheet") or view["sheet"]:
            rows.append(SheetRow(tr("bisca_table.sheet_round", round_no=row["round_no"],
                                    cards=row["cards"]),
                                 [tr("bisca_table.sheet_cell", bet=number(b), won=w)
                                  if b is not None else "—"
                                  for b, w in zip(row["bets"], row["won"])]))
        lives = result.get("lives") or view["lives"]
        rows.append(lives_row(lives))
        # the last rounds (a long game would not fit the window), then the lives
        return Sheet(self.seat_names(layout), rows[:1] + rows[1:-1][-(SHEET_ROUNDS):] + rows[-1:],
                     tuple(result.get("winners") or ()))

    # -- a table that explains itself ----------------------------------------------------------
    def caption(self, event: Event, layout: Layout) -> str:
        kind, data, seat = event.kind, event.data, event.seat
        player = self.seat_name(seat, layout) if seat is not None else ""
        if kind == "bet":
            return tr("captions.bisca.bet", player=player, bet=number(data["bet"]))
        if kind == "play" and data["card"]:
            name = Card.parse(data["card"]).name(language())
            if data["ace"]:
                return tr(f"captions.bisca.play_{data['ace']}", player=player, card=name)
            return tr("captions.bisca.play", player=player, card=name)
        if kind == "hand_won":
            return tr("captions.bisca.hand_won", player=player)
        if kind == "babbeo":
            names = " & ".join(self.seat_name(s, layout) for s in data["seats"])
            return tr("bisca_table.babbeo_sub", players=names)
        if kind == GAME_OVER and data["winners"]:
            return tr("captions.bisca.won", player=self.seat_name(data["winners"][0], layout))
        return ""


ADAPTER = BiscaAdapter
