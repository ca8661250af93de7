"""The display model of the table: for every zone, the card sprites lying there.

Moves carry sprites from zone to zone, a move within one zone turns a card
over (with reduced motion a card lies at once where it goes and fades in there,
marked, in the time its flight or turn would have taken: every move still shows,
in order, at the speed set, but nothing sweeps across the table), and :meth:`BoardMixin._reconcile` makes the model show exactly the
view's zones once an update's animation ends, so the screen can never drift
from the referee for longer than one animation.
"""

from __future__ import annotations

import logging
from typing import Any, Optional

import pygame

from scenes.layout import ZoneGeom, place
from scenes.sprites import CardSprite
from scenes.tables import Timing
from scenes.tween import ease_out_cubic

log = logging.getLogger(__name__)

SETTLE = 0.22       # seconds for cards to close ranks after a neighbour leaves


class BoardMixin:
    """Zones of sprites, where each zone lies, and moves between them."""

    zones: dict[str, list[CardSprite]]
    leaving: list[CardSprite]
    drifts: list[tuple[str, list, list]]
    _geoms: dict[str, ZoneGeom]

    def geom(self, zone: str) -> ZoneGeom:
        if zone in self.adapter.live_zones:
            return self.adapter.live_zone_geom(zone, self.layout, self.shown)
        g = self._geoms.get(zone)
        if g is None:
            g = self.adapter.zone_geom(zone, self.layout)
            self._geoms[zone] = g
        return g

    def targets(self, zone: str, n: Optional[int] = None) -> list[tuple[float, float, float, float]]:
        g = self.geom(zone)
        n = len(self.zones.get(zone, [])) if n is None else n
        return [(x, y, a, g.scale) for x, y, a in place(g, n, self.layout.card_w)]

    @property
    def human_hand(self) -> list[CardSprite]:
        """The cards of the seat at the bottom of the screen (yours, or the watched seat's)."""
        return self.zones.get(self.adapter.hand_zone(self.human_seat), [])

    def _rebuild_from_view(self) -> None:
        self.zones = {}
        self._lingering = []
        for zone, codes in self.view["zones"].items():
            self.zones[zone] = [CardSprite(c, c is not None, 0, 0, zone=zone) for c in codes]
            self._snap(zone)

    def _snap(self, zone: str) -> None:
        g = self.geom(zone)
        for i, (sprite, (x, y, a, s)) in enumerate(zip(self.zones.get(zone, []), self.targets(zone))):
            sprite.x, sprite.y, sprite.angle, sprite.scale = x, y, a, s
            sprite.z = g.z * 64 + i
            sprite.zone = zone

    def _relayout(self, zone: str, duration: float, skip: Optional[CardSprite] = None) -> None:
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

    def _do_move(self, move: dict[str, Any], timing: Timing) -> None:
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
        self._relayout(src, SETTLE)
        self._relayout(dst, SETTLE, skip=sprite)
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

    def _reconcile(self) -> None:
        """Make the model show exactly the view's zones (normally nothing to do)."""
        want_zones = self.view.get("zones", {})
        held = self.lingering_zones()   # cards kept on show until the next step
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
            self._relayout(zone, SETTLE)

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
                return self.images.rect_of(sprite)
        raise KeyError(code)

    def shown_zones(self) -> dict[str, list[Optional[str]]]:
        """What the screen shows, zone by zone (face-down cards as None)."""
        return {z: [s.shown for s in cards] for z, cards in self.zones.items() if cards}
