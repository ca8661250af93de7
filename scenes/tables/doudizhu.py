"""Dou Dizhu at the table: the bidding panel, the three cards shown and added to the
landlord's hand, the landlord badge, a hand of up to 20 picked by click, drag or
keyboard, a Play button that names the play, Pass and Hint, each play in front of
its player until the trick is cleared, cards left per player, and the stake.

Layout (seen from the bottom): you at the bottom, the next player on your left,
then the one on your right (play runs clockwise on the screen).  At the top
middle: the three cards, face down while bidding; the landlord turns them up
there, they fly into the landlord's hand, and they stay shown to all as small
faces under the stake at the top right, under the table's buttons ("Landlord's cards").  Each player's last
play lies between their hand and the middle, its kind named above it, and "Pass"
stands in that place for each player who passed since; the words leave with the
trick's cards when it is swept to a face-down "Played" pile on the left.  After the
second pass the trick lies whole as long as any game's finished trick does
(:func:`~scenes.tables.tricktable.read_hold`, counted on the cards of the play
that took it) before it is swept: long enough to read.

What the screen says follows the view and the events' public data: the kind of a
play comes with its event, the stake and multiplier from the view, the reasons
for a refused play or a disabled bid from the referee.
"""

from __future__ import annotations

import random
from typing import Optional, Sequence, cast

from game.cards import Card
from game.doudizhu import cards_for, play_of
from game.doudizhu.combos import INDEX
from game.doudizhu.rules import DOUBLING, LETTERS, code_letter
from game.engine import GAME_OVER, Action, Event
from game.views import doudizhu as ev
from game.views.doudizhu import HandOver, Last, View
from game.views.doudizhu import SheetRow as HandRow
from scenes.art.cardart.french import RANK_TEXT
from scenes.i18n import language, signed, tr
from scenes.kit import theme
from scenes.kit.hud import ERROR, POSITIVE, Label
from scenes.kit.layout import Layout, ZoneGeom
from scenes.kit.sheet import Sheet, SheetRow
from scenes.kit.widgets import ChoiceButton
from scenes.tables import Fx, TableAdapter, Timing
from scenes.tables.tricktable import read_hold

#: a pass, as its words under a seat that passed over the trick say it
PASS = Action("pass")

TRICK_SCALE = 0.72
#: how many font sizes wide the column of Play, Pass and Hint is at the most
COLUMN_EMS = 10.5
#: how many font sizes wide a player's role beside its hand is at the most ("Contadino")
ROLE_EMS = 5.0
KITTY_SCALE = 0.55
OUT_SCALE = 0.5
HINTS = 12            # the Hint button cycles through at most this many plays



def play_value(codes: Sequence[str]) -> str:
    """The play some hand cards make, written as the referee names plays."""
    return "".join(sorted((code_letter(c) for c in codes), key=INDEX.__getitem__))


#: kinds whose size says something (chains): "Straight, 7 cards"; the others are named alone
SIZED = frozenset({"straight", "pairs", "plane", "plane1", "plane2"})


def play_words(kind: str, size: int) -> str:
    """"Airplane, 6 cards", "Pair"."""
    name = tr(f"doudizhu.kind.{kind}")
    return tr("doudizhu_table.kind_size", kind=name, size=size) if kind in SIZED else name


def _kind_of(value: str, rules: str) -> tuple[str, int] | None:
    from game.doudizhu.combos import classify
    from game.doudizhu.rules import RULESETS

    combo = classify(value, RULESETS.get(rules, RULESETS["text"]))
    return None if combo is None else (combo.kind, combo.size)


def passed(view: View, seats: int) -> list[int]:
    """The seats that passed since the last play (they sit just before the turn)."""
    turn = view["turn"]
    if turn is None:
        return []
    return [(int(turn) - k) % seats for k in range(1, int(view["passes"]) + 1)]


def last_play(event: Event) -> int:
    """How many cards the play that took a cleared trick has (its leader's cards): what
    the hold before the sweep gives time to read."""
    cleared = ev.TRICK_CLEARED.data(event)
    mine = f"trick/{cleared['leader']}"
    return sum(1 for move in cleared["moves"] if move["src"] == mine)


def _hand_row(data: HandOver) -> HandRow:
    """A ``hand_over`` event's row of the score sheet: the keys a sheet row declares (the
    event carries them all, with the totals besides)."""
    return cast(HandRow, {k: v for k, v in data.items() if k in HandRow.__annotations__})


def _trick_lies(view: View, last: Last) -> bool:
    """Whether the last play's cards all still lie in front of its player (not swept)."""
    zones = view["zones"]
    return len(zones.get(f"trick/{last['seat']}") or []) >= len(last["play"])


class DoudizhuAdapter(TableAdapter[View]):
    """Dou Dizhu's zones, bidding panel, selection words, badges and score sheet."""

    select_cards = True
    #: play passes to the right, as Dou Dizhu is usually played
    counterclockwise = True
    #: a column: a Play button whose words change never moves Pass or Hint
    choice_vertical = True
    #: draws the cards of a hinted play among those of each rank held: the system's
    #: randomness, which nobody at the table can know
    suits: random.Random = random.SystemRandom()

    # -- geometry ------------------------------------------------------------------
    def _kitty_xy(self, layout: Layout) -> tuple[float, float]:
        cx, _ = layout.centre
        return (cx, layout.margin + layout.card_h * KITTY_SCALE / 2 + layout.font(24))

    def trick_geom(self, seat: int, layout: Layout) -> ZoneGeom:
        """A seat's play, between its hand and the middle, fanned in a short row."""
        cx, cy = layout.centre
        side = layout.seat(seat).side
        w = layout.card_w * TRICK_SCALE
        if side == "bottom":
            x, y = cx, cy + layout.card_h * 0.42
            span = layout.width * 0.34
        else:
            inward = 1 if side == "left" else -1
            x, y = cx + inward * -layout.width * 0.22, cy - layout.card_h * 0.22
            span = layout.width * 0.18
            # its outer end clear of the player's role beside its hand (at the largest
            # text East's longest play reached "Contadino" at 1280x720)
            (role, _), _ = self._badge_spot(seat, layout)
            reach = role + inward * (layout.font(13) * ROLE_EMS + layout.margin)
            x += inward * max(0.0, inward * (reach - (x - inward * (span + w) / 2)))
        return ZoneGeom(x, y, "row", TRICK_SCALE, 0.0, spacing=w * 0.42, max_span=span, z=300)

    def zone_geom(self, zone: str, layout: Layout) -> ZoneGeom:
        kind, _, rest = zone.partition("/")
        if zone == "kitty":
            x, y = self._kitty_xy(layout)
            return ZoneGeom(x, y, "row", KITTY_SCALE, 0.0,
                            spacing=layout.card_w * KITTY_SCALE * 1.08, z=250)
        if zone == "deck":
            cx, cy = layout.centre
            return ZoneGeom(cx, cy, "stack", 0.8, 0.0, depth=0.15, z=50)
        if zone == "out":
            x = layout.margin + layout.card_w * 2.2
            y = layout.height * 0.80 - layout.card_h * 0.55
            return ZoneGeom(x, y, "stack", OUT_SCALE, 0.0, depth=0.08, z=40)
        if kind == "trick" and rest.isdigit():
            return self.trick_geom(int(rest), layout)
        return super().zone_geom(zone, layout)

    def choice_anchor(self, layout: Layout) -> tuple[float, float]:
        cx, cy = layout.centre
        return (cx, cy + layout.card_h * 0.02)

    def choice_anchor_for(self, view: View, legal: Sequence[Action],
                          layout: Layout) -> tuple[float, float]:
        """The bidding panel in the middle; Play, Pass and Hint in a column above the
        right end of your hand, clear of your play's place."""
        cx, cy = layout.centre
        if view["phase"] == "bid":
            return (cx, cy - layout.card_h * 0.05)
        # left of the right player's hand of backs, as wide as the larger words make the
        # column ("Suggerimento"): at the largest text it lay on that hand
        east = layout.width - layout.margin - layout.card_h * layout.small_scale - 2
        x = min(cx + layout.width * 0.34, east - layout.margin - layout.font(17) * COLUMN_EMS / 2)
        # and under the right player's play (the column grows with the cards: three
        # buttons of 0.3 card heights and their gaps)
        played = self.trick_geom(self._right_seat(layout), layout)
        under = played.y + layout.card_h * (TRICK_SCALE / 2 + 0.55) + layout.margin
        return (x, max(layout.prompt_y - layout.card_h * 0.62, under))

    def _right_seat(self, layout: Layout) -> int:
        """The seat whose hand runs down the right side of the window."""
        return next(s for s in range(self.seats) if layout.seat(s).side == "right")

    # -- words ---------------------------------------------------------------------
    def scoreboard(self, view: View, layout: Layout) -> list[tuple[str, str]]:
        scores = view["scores"]
        rules = tr(f"setup.value.doudizhu.rules.{view['rules']}")
        lines = [(self.spec.title, "title"),
                 (tr("doudizhu_table.hand_no", hand_no=view["hand_no"],
                     hands=view["hands"], rules=rules), "")]
        each = [tr("doudizhu_table.score_line", player=self.seat_name(seat, layout),
                   points=score) for seat, score in enumerate(scores)]
        # one line: the board stays clear of the left player's name plate
        lines.append((" · ".join(each), "score"))
        return lines

    def plate_info(self, view: View, seat: int) -> str:
        """Cards left in the seat's hand (everyone may count them)."""
        counts = view["counts"]
        if seat >= len(counts):
            return ""
        return tr("doudizhu_table.cards_left_one") if counts[seat] == 1 else \
            tr("doudizhu_table.cards_left", count=counts[seat])

    def labels(self, view: View, layout: Layout) -> list[Label]:
        out: list[Label] = []
        f = layout.font
        kitty = list(view["kitty"])
        landlord = view["landlord"]
        right = layout.width - layout.margin - f(8)
        top = layout.corner_bottom    # under the table's buttons, which keep the corner
        if kitty:
            # the landlord's three cards, shown to all once taken: under the stake, their
            # name before them on one line (the East plate lies not far below), clear of
            # the place where they lay (they are turned up there first)
            # (a step wider than a face of a 22-point label's height and a half, with its
            # gap: at some sizes the face's rounding made two faces touch)
            step, row = f(44), top + f(52)
            out.append(Label(tr("doudizhu_table.kitty"), (right - 3 * step - f(8), row), f(14),
                             theme.CREAM_DIM, anchor="midright"))
            for i, code in enumerate(kitty):
                out.append(Label("", (right - (2 - i) * step, row), f(22),
                                 theme.CREAM, anchor="midright", icon=code))
        out_zone = view["zones"].get("out") or []
        if out_zone:
            # under the pile, or over it where your hand (larger cards) leaves no room
            g = self.zone_geom("out", layout)
            y = g.y + layout.card_h * OUT_SCALE / 2 + f(12)
            if y + f(13) * 0.7 > layout.hand_top - layout.margin:
                y = g.y - layout.card_h * OUT_SCALE / 2 - f(12)
            out.append(Label(tr("doudizhu_table.played"), (g.x, y), f(13), theme.CREAM_DIM))
        # the stake: bid x multiplier
        bid = int(view["high_bid"])
        stake_text = tr("doudizhu_table.stake", bid=bid, mult=view["multiplier"],
                        stake=view["stake"]) if bid else tr("doudizhu_table.no_stake")
        out.append(Label(stake_text, (right, top + f(14)), f(16), theme.GOLD_LIGHT,
                         True, anchor="midright", pill=True))
        for seat in range(self.seats):
            pos, anchor = self._badge_spot(seat, layout)
            if landlord is not None:
                if seat == landlord:
                    out.append(Label(tr("doudizhu_table.landlord"), pos, f(14),
                                     theme.GOLD_LIGHT, True, anchor, pill=True,
                                     chip=(120, 40, 36)))
                else:
                    out.append(Label(tr("doudizhu_table.peasant"), pos, f(13),
                                     theme.CREAM_DIM, anchor=anchor, pill=True))
            elif view["phase"] == "bid":
                bids = view["bids"]
                said = bids[seat] if seat < len(bids) else None
                if said is not None:
                    text = tr("doudizhu_table.said_pass") if said == "pass" else \
                        tr("doudizhu_table.said_bid", bid=said)
                    out.append(Label(text, pos, f(14), theme.CREAM, anchor=anchor, pill=True))
        last = view["last"]
        if last and view["phase"] == "play" and _trick_lies(view, last):
            # the play's name and who passed over it leave with the trick's cards
            words = play_words(last["kind"], int(last["size"]))
            geom = self.trick_geom(int(last["seat"]), layout)
            up = layout.card_h * TRICK_SCALE / 2 + f(14)
            out.append(Label(words, (geom.x, geom.y - up), f(14), theme.GOLD_LIGHT, pill=True))
            for seat in passed(view, self.seats):
                # where a play's name would be: over an earlier play of theirs, never on it
                geom = self.trick_geom(seat, layout)
                out.append(Label(self.action_label(PASS), (geom.x, geom.y - up), f(16),
                                 theme.CREAM, True, pill=True))
        return out

    def _badge_spot(self, seat: int, layout: Layout) -> tuple[tuple[float, float], str]:
        """By a seat's name plate: above yours; under the side players' plates, just
        inward of their column of cards."""
        g = layout.seat(seat)
        x, y = g.plate
        f = layout.font
        if g.side == "bottom":
            return (x, y - f(27)), "center"
        edge = layout.card_h * g.hand_scale / 2 + f(8)
        if g.side == "left":
            return (g.hand[0] + edge, y + f(30)), "midleft"
        return (g.hand[0] - edge, y + f(30)), "midright"

    def prompt(self, view: View, legal: Sequence[Action], my_turn: bool,
               waiting_for: Sequence[int], layout: Layout) -> str:
        phase = view["phase"]
        if phase == "over":
            return ""
        if my_turn and phase == "bid":
            high = int(view["high_bid"])
            return tr("doudizhu_table.prompt.bid_over", bid=high) if high else \
                tr("doudizhu_table.prompt.bid")
        if my_turn and phase == "play":
            last = view["last"]
            if last is None:
                return tr("doudizhu_table.prompt.lead")
            if all(a.kind == "pass" for a in legal):
                return tr("doudizhu_table.prompt.cannot_beat")
            return tr("doudizhu_table.prompt.beat", play=play_words(last["kind"],
                                                                   int(last["size"])),
                      player=self.seat_name(int(last["seat"]), layout))
        return super().prompt(view, legal, my_turn, waiting_for, layout)

    def choice_bar_title(self, view: View, legal: Sequence[Action]) -> str:
        if view["phase"] == "bid":
            high = int(view["high_bid"])
            return tr("doudizhu_table.bid_title_over", bid=high) if high else \
                tr("doudizhu_table.bid_title")
        return ""

    # -- input ---------------------------------------------------------------------
    def choices(self, view: View, legal: Sequence[Action]) -> list[ChoiceButton]:
        """Bidding: Pass, 1, 2, 3 (the bids not allowed are there, disabled: a click says
        why); in play: Pass when it is allowed."""
        passing = next((a for a in legal if a.kind == "pass"), None)
        if view["phase"] == "bid":
            out = [ChoiceButton(self.action_label(passing), passing, "0")] if passing else []
            allowed = {a.value for a in legal if a.kind == "bid"}
            for b in ("1", "2", "3"):
                act = Action("bid", (), b)
                out.append(ChoiceButton(self.action_label(act), act, b, primary=b in allowed,
                                        enabled=b in allowed))
            return out
        return [ChoiceButton(self.action_label(passing), passing, "0")] if passing else []

    def selectable(self, view: View, legal: Sequence[Action]) -> set[str]:
        """Hand cards whose rank is in some legal play."""
        if view["phase"] != "play":
            return set()
        ranks = {ch for a in legal if a.kind == "play" for ch in a.value}
        hand = view["zones"].get(self.hand_zone(self.human_seat)) or []
        return {c for c in hand if c and code_letter(c) in ranks}

    def selection_action(self, view: View, legal: Sequence[Action],
                         picked: Sequence[str]) -> Optional[Action]:
        """The play of exactly the picked cards, when a legal play has their ranks (the
        legal list names one choice of suits; the referee takes any, and the picked
        cards are the ones everyone sees)."""
        value = play_value(picked)
        if not picked or not any(a.kind == "play" and a.value == value for a in legal):
            return None
        return play_of([Card.parse(c) for c in picked])

    def selection_probe(self, view: View, picked: Sequence[str]) -> Optional[Action]:
        return play_of([Card.parse(c) for c in picked]) if picked else None

    def selection_label(self, view: View, action: Optional[Action]) -> str:
        """"Play: Airplane, 6 cards" for a legal pick; plain "Play" otherwise."""
        if action is None or action.kind != "play":
            return tr("table.play_selected")
        kind = _kind_of(action.value, view["rules"])
        if kind is None:
            return tr("table.play_selected")
        return tr("doudizhu_table.play_named", play=play_words(*kind))

    def hint_name(self, view: View, action: Action) -> str:
        """"Single", "Airplane, 6 cards": the picked cards show which (the rank letters of
        ``Play TTT`` are the referee's, not a player's)."""
        kind = _kind_of(action.value, view["rules"]) if action.kind == "play" else None
        return play_words(*kind) if kind is not None else self.action_words(action)

    def play_named(self, view: View, action: Action) -> str:
        """"Pair: 3 3", "Straight, 5 cards: 3 4 5 6 7": the kind, then the ranks as the
        cards' corners show them (a joker by its name)."""
        if action.kind != "play" or not action.cards:
            return self.action_words(action)
        ranks = " ".join(c.name(language()) if c.is_joker else RANK_TEXT.get(c.rank, str(c.rank))
                         for c in action.cards)
        return tr("doudizhu_table.play_ranks", play=self.hint_name(view, action), ranks=ranks)

    def selection_hints(self, view: View, legal: Sequence[Action],
                        advice: Optional[Action] = None) -> list[list[str]]:
        """The legal plays as the hand cards to pick for each: first Hard's ``advice`` (or,
        without it, what the normal computer player would play), then from the lowest rank
        up (the longer play of a rank first), bombs and the rocket last.  The cards of
        each rank are Hard's own (drawn at random among those held) or drawn here, never
        the first in the hand's order: whoever follows the hint would show the others
        which suits of the rank they lack (tests/scenes/test_doudizhu_table.py's twins)."""
        hand = [Card.parse(c) for c in view["zones"].get(self.hand_zone(self.human_seat)) or []
                if c]
        plays = [a.value for a in legal if a.kind == "play"]
        strong = {"BR"} | {LETTERS[r] * 4 for r in range(13)}
        plays.sort(key=lambda v: (v in strong, INDEX[v[0]], -len(v)))
        first = advice.value if advice is not None and advice.kind == "play" \
            else self._advice(view, legal)
        if first in plays:
            plays.remove(first)
            plays.insert(0, first)
        out = []
        for value in plays[:HINTS]:
            if advice is not None and advice.value == value and advice.cards \
                    and set(advice.cards) <= set(hand):
                picked: Sequence[Card] | None = advice.cards
            else:
                picked = cards_for(hand, value, self.suits)
            if picked is not None:
                out.append([c.code for c in picked])
        return out

    def _advice(self, view: View, legal: Sequence[Action]) -> str:
        """What the computer player would play from this view (the first hint)."""
        import random

        from game.ai.doudizhu import player

        plays = [a for a in legal if a.kind == "play"]
        if not plays:
            return ""
        action = player("normal").choose(view, legal, random.Random(0))
        return action.value if action.kind == "play" else ""

    # -- events --------------------------------------------------------------------
    def timing(self, event: Event) -> Timing:
        kind = event.kind
        if kind == "deal":
            return Timing(flight=0.30, stagger=0.025, after=0.05, move_sound="deal")
        if kind == "gather":
            return Timing(flight=0.36, stagger=0.006, sound="collect", after=0.2)
        if kind == "landlord":
            return Timing(flip=0.3, stagger=0.15, before=0.3, after=0.6, move_sound="flip")
        if kind == "kitty_taken":
            return Timing(flight=0.5, stagger=0.1, after=0.2, move_sound="deal")
        if kind == "play":
            return Timing(flight=0.34, stagger=0.03, move_sound="play", after=0.25)
        if kind == "trick_cleared":     # the last play lies to be read, as every trick does
            return Timing(flight=0.36, stagger=0.02, before=read_hold(last_play(event)),
                          sound="collect", after=0.1)
        if kind == "hand_over":
            return Timing(flip=0.25, stagger=0.02, before=0.4, after=0.8)
        if kind in ("bid", "pass"):
            return Timing(after=0.35)
        return super().timing(event)

    def effects(self, event: Event, view: View, fx: Fx, layout: Layout) -> None:
        kind, seat = event.kind, event.seat
        if kind == "redeal":
            fx.banner(tr("doudizhu_table.redeal"), tr("doudizhu_table.redeal_sub"), at="start",
                      **self._banner_at(layout))
            fx.wait(0.6)
        elif (crowned := ev.LANDLORD.of(event)) is not None and seat is not None:
            fx.sound("score", at="start")
            who = tr("doudizhu_table.you_landlord") if self.is_you(seat) else \
                tr("doudizhu_table.is_landlord", player=self.seat_name(seat, layout))
            fx.banner(who, tr("doudizhu_table.landlord_sub", bid=crowned["bid"]), at="start",
                      **self._banner_at(layout))
        elif (play := ev.PLAY.of(event)) is not None and play["kind"] in ("bomb", "rocket"):
            fx.sound("score", at="start")
            name = tr(f"doudizhu.kind.{play['kind']}")
            if DOUBLING.get(view["rules"], True):
                fx.banner(name + "!", tr("doudizhu_table.multiplier_now",
                                         mult=play["multiplier"]),
                          at="end", hold=0.7, **self._banner_at(layout))
            else:   # the text's rules: a bomb doubles nothing, and "× 1" would read as a bug
                fx.banner(name, tr("doudizhu_table.no_doubling"), at="end", hold=0.7,
                          **self._banner_at(layout))
        elif (over := ev.HAND_OVER.of(event)) is not None:
            self._hand_over(over, view, fx, layout)

    def _banner_at(self, layout: Layout) -> dict[str, float]:
        """Where banners lie: above the plays (they never hide a trick), below the three
        cards and the landlord's cards named under the stake, in the room between (their
        words smaller where it is short: at 1280x720 with the largest text they lay on the
        three cards and the score board)."""
        f = layout.font
        _, kitty = self._kitty_xy(layout)
        top = max(kitty + layout.card_h * KITTY_SCALE / 2,
                  layout.corner_bottom + f(52) + f(22) * 0.7) + layout.margin
        bottom = layout.centre[1] - layout.card_h * (0.22 + TRICK_SCALE / 2) - layout.margin
        return {"y": (top + bottom) / 2, "room": bottom - top}

    def _hand_over(self, data: HandOver, view: View, fx: Fx, layout: Layout) -> None:
        won = data["landlord_won"]
        title = tr("doudizhu_table.landlord_wins" if won else "doudizhu_table.peasants_win")
        extra = tr("doudizhu_table.spring") if data["spring"] else ""
        sub = tr("doudizhu_table.hand_stake", stake=data["stake"],
                 mult=data["multiplier"]) + extra
        fx.sound("score", at="start")
        fx.banner(title, sub, at="end", hold=1.2, **self._banner_at(layout))
        for s, d in enumerate(data["delta"]):
            fx.pop(signed(d), fx.zone_centre(f"trick/{s}"), colour=POSITIVE if d > 0
                   else ERROR)
        hand_no, hands = data["hand_no"], int(view["hands"])
        if hand_no < hands:
            rows = list(view["sheet"])[:hand_no - 1] + [_hand_row(data)]
            fx.interlude(tr("doudizhu_table.sheet_title", hand_no=hand_no, hands=hands),
                         self.sheet(rows, layout), tr("doudizhu_table.next_hand"))

    def patch(self, shown: View, event: Event) -> None:
        """Bring the HUD up to the event: bids, the landlord and their cards, the last play,
        cards left, stake and multiplier, the running score."""
        kind, seat = event.kind, event.seat
        if (deal := ev.DEAL.of(event)) is not None and seat is not None:
            counts = list(shown["counts"])
            counts[seat] = len(deal["moves"])
            shown.update({"counts": counts, "phase": "bid", "landlord": None, "kitty": [],
                          "last": None, "multiplier": 1, "high_bid": 0,
                          "bids": [None] * self.seats, "hand_no": deal["hand_no"]})
        elif (bidding := ev.BIDDING.of(event)) is not None:
            shown["turn"] = bidding["first"]
        elif (bid := ev.BID.of(event)) is not None and seat is not None:
            bids = list(shown["bids"])
            bids[seat] = bid["bid"]
            shown.update({"bids": bids, "high_bid": bid["high_bid"]})
        elif (crowned := ev.LANDLORD.of(event)) is not None and seat is not None:
            shown.update({"phase": "play", "landlord": seat, "kitty": list(crowned["kitty"]),
                          "stake": crowned["stake"], "last": None})
        elif (taken := ev.KITTY_TAKEN.of(event)) is not None and seat is not None:
            counts = list(shown["counts"])
            counts[seat] += len(taken["kitty"])
            shown["counts"] = counts
        elif (play := ev.PLAY.of(event)) is not None and seat is not None:
            counts = list(shown["counts"])
            counts[seat] = play["left"]
            shown.update({"counts": counts, "multiplier": play["multiplier"],
                          "stake": play["stake"], "passes": 0, "turn": (seat + 1) % self.seats,
                          "last": {"seat": seat, "play": play["play"], "kind": play["kind"],
                                   "size": play["size"], "rank": play["rank"],
                                   "length": play["length"]}})
        elif kind == "pass" and seat is not None:
            shown.update({"passes": int(shown["passes"]) + 1, "turn": (seat + 1) % self.seats})
        elif kind == "trick_cleared":
            shown.update({"last": None, "passes": 0})
        elif (over := ev.HAND_OVER.of(event)) is not None:
            shown["scores"] = list(over["totals"])
            shown["multiplier"], shown["stake"] = over["multiplier"], over["stake"]
            sheet = list(shown["sheet"])
            if len(sheet) < over["hand_no"]:
                sheet.append(_hand_row(over))
            shown["sheet"] = sheet
            shown["last"] = None
        elif kind == GAME_OVER:
            shown.update({"phase": "over", "turn": None})

    # -- the score sheet -------------------------------------------------------------
    def sheet(self, rows: Sequence[HandRow], layout: Layout,
              winners: Sequence[int] = ()) -> Sheet:
        out: list[SheetRow] = []
        totals = [0] * self.seats
        for row in rows:
            landlord = int(row["landlord"])
            out.append(SheetRow(tr("doudizhu_table.sheet_hand", hand_no=row["hand_no"],
                                   player=self.seat_name(landlord, layout)), [], "head"))
            out.append(SheetRow(tr("doudizhu_table.sheet_stake"),
                                [tr("doudizhu_table.stake_cell", bid=row["bid"],
                                    mult=row["multiplier"])
                                 if s == landlord else "" for s in range(self.seats)]))
            delta = list(row["delta"])
            out.append(SheetRow(tr("doudizhu_table.sheet_points"), [signed(d) for d in delta],
                                "total"))
            totals = [t + int(d) for t, d in zip(totals, delta)]
        out.append(SheetRow(tr("doudizhu_table.sheet_total"),
                            [signed(t, plus=False) for t in totals], "grand"))
        return Sheet(self.seat_names(layout), out, tuple(winners))

    def caption(self, event: Event, layout: Layout) -> str:
        kind, data, seat = event.kind, event.data, event.seat
        player = self.seat_name(seat, layout) if seat is not None else ""
        if kind == "play":
            return tr("doudizhu_table.caption.play", player=player,
                      play=play_words(data["kind"], int(data["size"])))
        if kind == "landlord":
            return tr("doudizhu_table.is_landlord", player=player)
        if kind == "pass":
            return tr("doudizhu_table.caption.pass", player=player)
        return ""


ADAPTER = DoudizhuAdapter
