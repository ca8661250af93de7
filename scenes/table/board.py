"""The display model of the table: for every zone, the card sprites lying there.

Moves carry sprites from zone to zone, a move within one zone turns a card
over (with reduced motion a card lies at once where it goes and fades in there,
marked, in the time its flight or turn would have taken: every move still shows,
in order, at the speed set, but nothing sweeps across the table), and
:meth:`Board.reconcile` makes the model show exactly the view's zones once an
update's animation ends, so the screen can never drift from the referee for
longer than one animation.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Optional

import pygame

from scenes.art.sprites import CardSprite
from scenes.kit.layout import ZoneGeom, place
from scenes.kit.tween import Timeline, ease_out_cubic
from scenes.table.position import Position
from scenes.table.stage import Stage
from scenes.tables import Timing

log = logging.getLogger(__name__)

SETTLE = 0.22       # seconds for cards to close ranks after a neighbour leaves


class Board:
    """Zones of sprites, where each zone lies, and moves between them.

    ``adapter``: the game's (where its zones lie); ``stage``: the layout now;
    ``position``: the view the board is made from (and the shown one, for zones that
    move with it); ``human_seat``: the seat at the bottom; ``reduced_motion``: whether
    the player asked for no sweeping animations."""

    def __init__(self, adapter: Any, stage: Stage, position: Position, timeline: Timeline,
                 human_seat: int, reduced_motion: Callable[[], bool]) -> None:
        self.adapter = adapter
        self.stage = stage
        self.position = position
        self.timeline = timeline
        self.hand_zone = adapter.hand_zone(human_seat)
        self.reduced_motion = reduced_motion
        self.zones: dict[str, list[CardSprite]] = {}
        self.leaving: list[CardSprite] = []       # cards fading out of the model
        self.drifts: list[tuple[str, list, list]] = []   # what reconciling had to fix
        self._geoms: dict[str, ZoneGeom] = {}

    def geom(self, zone: str) -> ZoneGeom:
        layout = self.stage.layout
        if zone in self.adapter.live_zones:
            return self.adapter.live_zone_geom(zone, layout, self.position.shown)
        g = self._geoms.get(zone)
        if g is None:
            g = self.adapter.zone_geom(zone, layout)
            self._geoms[zone] = g
        return g

    def targets(self, zone: str, n: Optional[int] = None) -> list[tuple[float, float, float, float]]:
        g = self.geom(zone)
        n = len(self.zones.get(zone, [])) if n is None else n
        return [(x, y, a, g.scale) for x, y, a in place(g, n, self.stage.layout.card_w)]

    @property
    def human_hand(self) -> list[CardSprite]:
        """The cards of the seat at the bottom of the screen (yours, or the watched seat's)."""
        return self.zones.get(self.hand_zone, [])

    def sprites(self) -> list[CardSprite]:
        """Every card on the board, and those fading out of it."""
        return [s for cards in self.zones.values() for s in cards] + self.leaving

    def rebuild(self) -> None:
        """The view's cards, each where it lies, with nothing carried over."""
        self.zones = {}
        for zone, codes in self.position.view["zones"].items():
            self.zones[zone] = [CardSprite(c, c is not None, 0, 0, zone=zone) for c in codes]
            self.snap(zone)

    def stack(self, zone: str, count: int) -> None:
        """``count`` face-down cards in ``zone`` (the deck an opening deal comes from)."""
        x, y, a, s = self.targets(zone, 1)[0]
        self.zones[zone] = [CardSprite(None, False, x, y, a, s, zone) for _ in range(count)]
        self.snap(zone)

    def resized(self) -> None:
        """The layout changed: every zone lies anew, the cards at once where they go."""
        self._geoms.clear()
        for zone in self.zones:
            self.snap(zone)

    def snap(self, zone: str) -> None:
        g = self.geom(zone)
        for i, (sprite, (x, y, a, s)) in enumerate(zip(self.zones.get(zone, []), self.targets(zone))):
            sprite.x, sprite.y, sprite.angle, sprite.scale = x, y, a, s
            sprite.z = g.z * 64 + i
            sprite.zone = zone

    def relayout(self, zone: str, duration: float, skip: Optional[CardSprite] = None) -> None:
        g = self.geom(zone)
        for i, (sprite, (x, y, a, s)) in enumerate(zip(self.zones.get(zone, []), self.targets(zone))):
            sprite.z = g.z * 64 + i
            if sprite is skip:
                continue
            if abs(sprite.x - x) > 0.5 or abs(sprite.y - y) > 0.5 or abs(sprite.angle - a) > 0.5 \
                    or abs(sprite.scale - s) > 0.01:
                if self.reduced_motion():
                    sprite.x, sprite.y, sprite.angle, sprite.scale = x, y, a, s
                else:
                    self.timeline.now(sprite.move(x, y, a, s, duration))

    def _take(self, zone: str, code: Optional[str]) -> CardSprite:
        """The sprite a move takes from ``zone``: the card by code, else the last one."""
        cards = self.zones.setdefault(zone, [])
        if code is not None:
            for i in range(len(cards) - 1, -1, -1):
                if cards[i].code == code:
                    return cards.pop(i)
        if cards:
            return cards.pop()
        # a card from nowhere: appear where the zone is
        x, y, a, s = self.targets(zone, 1)[0]
        log.debug("move from empty zone %s", zone)
        return CardSprite(None, False, x, y, a, s, zone)

    def move(self, move: dict[str, Any], timing: Timing) -> None:
        """One move of an event: a card carried from zone to zone, or turned over in one."""
        code = move.get("card")
        src, dst = move.get("src", ""), move.get("dst", "")
        face_up = code is not None and bool(move.get("up", True))
        if src == dst:
            cards = self.zones.setdefault(src, [])
            sprite = next((c for c in reversed(cards) if code is not None and c.code == code), None)
            if sprite is None:
                sprite = next((c for c in cards if c.code is None), None) or \
                    (cards[-1] if cards else None)
            if sprite is None:
                return
            if sprite.shown != (code if face_up else None):
                if code is not None:
                    sprite.code = code  # claimed now; its face shows half-way through the turn
                self._turn(sprite, face_up, code, timing.flip)
            return
        sprite = self._take(src, code)
        at = move.get("at")
        dst_cards = self.zones.setdefault(dst, [])
        if type(at) is int and 0 <= at < len(dst_cards):
            dst_cards.insert(at, sprite)     # a card that lands in its place (a sorted hand)
        else:
            dst_cards.append(sprite)
        sprite.zone = dst
        if sprite.shown != (code if face_up else None):
            if face_up and code is not None and sprite.face_up and sprite.code != code:
                sprite.code = code
            else:
                self._turn(sprite, face_up, code, min(timing.flip, timing.flight))
        else:
            sprite.code = code  # known, or forgotten once it lies face down unseen
        self.relayout(src, SETTLE)
        self.relayout(dst, SETTLE, skip=sprite)
        x, y, a, s = self.targets(dst)[self.zones[dst].index(sprite)]
        if self.reduced_motion():
            sprite.x, sprite.y, sprite.angle, sprite.scale = x, y, a, s
            self.timeline.now(sprite.appear(timing.flight))
        else:
            self.timeline.now(sprite.move(x, y, a, s, timing.flight, ease_out_cubic))

    def _turn(self, sprite: CardSprite, face_up: bool, code: Optional[str],
              duration: float) -> None:
        """Turn a card over: narrowing and widening again, or with reduced motion its
        other side at once, fading in."""
        if not self.reduced_motion():
            self.timeline.now(sprite.turn(face_up, code, duration))
            return
        if code is not None or not face_up:
            sprite.code = code  # a card turned down unseen is forgotten
        sprite.face_up = face_up and sprite.code is not None
        self.timeline.now(sprite.appear(duration))

    def reconcile(self, held: set[str]) -> None:
        """Make the model show exactly the view's zones (normally nothing to do), but for
        the zones ``held`` (cards kept on show until the next step)."""
        want_zones = self.position.view.get("zones", {})
        for zone in sorted((set(self.zones) | set(want_zones)) - held):
            want = list(want_zones.get(zone, []))
            have = self.zones.get(zone, [])
            if [s.shown for s in have] == want:
                continue
            self.drifts.append((zone, [s.shown for s in have], want))
            log.warning("table drift in %s: showed %s, rules say %s", zone,
                        [s.shown for s in have], want)
            fixed: list[CardSprite] = []
            for i, code in enumerate(want):
                if i < len(have):
                    sprite = have[i]
                else:
                    x, y, a, s = self.targets(zone, len(want))[i]
                    sprite = CardSprite(code, code is not None, x, y, a, s, zone)
                    sprite.alpha = 0
                    self.timeline.now(sprite.fade(255, SETTLE))
                if sprite.shown != code:
                    if code is not None:
                        sprite.code = code
                    sprite.face_up = code is not None
                fixed.append(sprite)
            for sprite in have[len(want):]:
                self._fade_out(sprite)
            self.zones[zone] = fixed
        for zone in list(self.zones):
            self.relayout(zone, SETTLE)

    def _fade_out(self, sprite: CardSprite) -> None:
        self.leaving.append(sprite)

        def gone() -> None:
            if sprite in self.leaving:
                self.leaving.remove(sprite)
        self.timeline.now(sprite.fade(0, SETTLE, on_done=gone))

    # -- for tests and tools ------------------------------------------------------------
    def card_rect(self, code: str) -> pygame.Rect:
        """Where a card of the bottom hand is on screen."""
        for sprite in self.human_hand:
            if sprite.code == code:
                return self.stage.images.rect_of(sprite)
        raise KeyError(code)

    def shown_zones(self) -> dict[str, list[Optional[str]]]:
        """What the screen shows, zone by zone (face-down cards as None)."""
        return {z: [s.shown for s in cards] for z, cards in self.zones.items() if cards}
