"""High card at the table: a trick game on the shared trick table (its trick toward its
players, the rest of the deck low on the left, each player's tricks by its hand); the
score board says the hand, the trick and the tricks each player took."""

from __future__ import annotations

from game.cards import Card
from game.engine import Event
from scenes.i18n import language, tr
from scenes.kit.layout import Layout, ZoneGeom
from scenes.tables import Timing
from scenes.tables.tricktable import TrickTable
from tests.games.highcard.views import View


class HighCardAdapter(TrickTable[View]):
    """The board names the game, the trick and each seat's tricks.  The
    trick's cards lie out toward their players, as at Bisca's table of up to six."""

    counterclockwise = True
    trick_reach = 0.6
    stock_scale = 0.75

    def stock_xy(self, layout: Layout) -> tuple[float, float]:
        """The rest of the deck low on the left, where Bisca's deck lies."""
        return self.low_left_xy(layout, self.stock_scale)

    def zone_geom(self, zone: str, layout: Layout) -> ZoneGeom:
        """The rest of the deck lies as a stock beside the trick."""
        return self.stock_geom(zone, layout) or super().zone_geom(zone, layout)

    def timing(self, event: Event) -> Timing:
        """A finished trick lies whole to be read, then goes to its taker."""
        if event.kind == "trick_won":
            return self.collect_timing(len(event.data["moves"]))
        return super().timing(event)

    def scoreboard(self, view: View, layout: Layout) -> list[tuple[str, str]]:
        """The title, the hand and the trick, and every seat's tricks in one line (the
        plates keep to the names: a plate with its points reached the top hand at
        1280x720 with the largest text)."""
        each = [tr("highcard_table.taken", player=self.seat_name(seat, layout), tricks=n)
                for seat, n in enumerate(view["taken"])]
        return [(self.spec.title, "title"),
                (tr("highcard_table.trick", hand=view["hand"], hands=view["hands"],
                    trick=view["trick_no"], tricks=view["tricks"]), ""),
                (" · ".join(each), "score")]

    def caption(self, event: Event, layout: Layout) -> str:
        """Who played which card, who took the trick (the kiosk's captions, the Log)."""
        player = self.seat_name(event.seat, layout) if event.seat is not None else ""
        if event.kind == "play" and event.data["card"]:
            return tr("captions.highcard.play", player=player,
                      card=Card.parse(event.data["card"]).name(language()))
        if event.kind == "trick_won":
            return tr("captions.highcard.trick_won", player=player)
        return ""

    def most_cards(self, view: View) -> int:
        """A hand at the deal, or a trick of every seat's card."""
        return max(view["tricks"], self.seats)


ADAPTER = HighCardAdapter
