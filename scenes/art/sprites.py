"""Card sprites: where a card is, how it is turned, and the cached images to draw it.

A sprite only holds numbers (centre, angle, scale, how far it is turned over);
:class:`CardImages` turns those into surfaces, caching every face, back,
rotation and flip step it makes, so a frame is nothing but blits.  Rotating or
scaling every card every frame would eat the whole frame budget.

Faces are painted ahead in a background thread that makes plain surfaces only
(the display's pixel format is the main thread's); the main thread converts
each one for fast blits when it first draws it.  At a new window size a face not
painted yet is drawn scaled from the same face at the size before (a stand-in)
until the painter's arrives: no frame paints a face (5-10 ms each at 3840x2160).
Only the very first table, with no other size to scale from, paints its back at
start.  Turned cards are smoothed at their edges by a turner thread (scenes/art/turner.py),
asked while they fly; a card at rest with none yet is drawn turned unsmoothed until it
comes.  :func:`stop_painters` stops and joins every painter and turner when the program
ends.
"""

from __future__ import annotations

import itertools
import math
import threading
import time
import weakref
from collections import OrderedDict
from typing import Any, Callable, Optional

import pygame

from game.cards import Card
from scenes.art.turner import Turner
from scenes.dirty import blitted
from scenes.kit.tween import Tween, ease_in_out_cubic, ease_out_cubic, lerp, shake
from scenes.window.convert import for_screen

ANGLE_STEP = 2.0      # degrees: rotations are cached at this step
MOTION_STEP = 6.0     # ... and those of cards in motion at this one (a deal's flights)
SCALE_STEP = 0.05     # sprite scales are drawn at this step
FLIP_STEPS = 10       # a flip is drawn in this many widths
APPEAR_FROM = 60      # a card appearing (reduced motion) starts this opaque
APPEAR_MIN = 0.25     # seconds: an appearing card stays marked at least this long
SOFT_STEPS = 20       # a filled soft shape fading over more pixels is drawn small

_ids = itertools.count(1)


def soft_rect(size: tuple[int, int], pad: int, radius: int, colour: tuple[int, int, int],
              peak: int, falloff: float, ring: int = 0) -> pygame.Surface:
    """A rounded rectangle of ``size`` whose edge fades out over ``pad`` pixels.

    Shadows, glows and halos around cards are all this shape; ``ring`` draws only
    outlines of that width (a hollow glow), 0 fills.  A filled one with a wide fade is
    drawn small and smooth-scaled up: each step of the fade fills the whole shape, and a
    card's halo at 3840x2160 (a fade of 50 steps) cost 3-7 ms drawn at full size.
    """
    w, h = size
    if not ring and pad > SOFT_STEPS:
        k = pad / SOFT_STEPS
        small = _soft((max(1, round(w / k)), max(1, round(h / k))), SOFT_STEPS,
                      max(1, round(radius / k)), colour, peak, falloff, 0)
        return pygame.transform.smoothscale(small, (w + pad * 2, h + pad * 2))
    return _soft(size, pad, radius, colour, peak, falloff, ring)


def _soft(size: tuple[int, int], pad: int, radius: int, colour: tuple[int, int, int],
          peak: int, falloff: float, ring: int) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    for i in range(pad, 0, -1):
        alpha = int(peak * (1 - i / (pad + 1)) ** falloff)
        pygame.draw.rect(surf, (*colour, alpha), (pad - i, pad - i, w + 2 * i, h + 2 * i),
                         width=ring, border_radius=radius + i)
    return surf


def smooth_rotate(surf: pygame.Surface, angle: float) -> pygame.Surface:
    """``surf`` turned by ``angle`` degrees with smooth edges (cached by the caller).

    A plain rotate leaves jagged edges on a card's outline; rotozoom filters, and a
    transparent margin first lets it soften the outline too, not only the inside.
    """
    pad = 2
    framed = pygame.Surface((surf.get_width() + pad * 2, surf.get_height() + pad * 2),
                            pygame.SRCALPHA)
    framed.blit(surf, (pad, pad))
    return pygame.transform.rotozoom(framed, angle, 1.0)


class CardSprite:
    """One card on the table.

    ``code`` is what the card is when known (None: never seen); ``face_up``
    is which side shows.  ``flip`` in 0..1 is how far through a turn-over it
    is: the card narrows to nothing at 0.5, where the shown side changes.
    """

    __slots__ = ("id", "code", "face_up", "zone", "x", "y", "angle", "scale", "alpha", "lift",
                 "offset_x", "flip", "flying", "goal", "z", "legal", "focus", "hover", "dim",
                 "mark")

    def __init__(self, code: Optional[str], face_up: bool, x: float, y: float,
                 angle: float = 0.0, scale: float = 1.0, zone: str = "") -> None:
        self.id = next(_ids)
        self.code = code
        self.face_up = face_up and code is not None
        self.zone = zone
        self.x, self.y = x, y
        self.angle = angle
        self.scale = scale
        self.alpha = 255
        self.lift = 0.0
        self.offset_x = 0.0
        self.flip = 0.0      # 0 = flat; during a turn 0..1
        self.flying = False  # drawn above resting cards while it travels
        #: while it travels: the angle and scale it will rest at (its images made ahead)
        self.goal: Optional[tuple[float, float]] = None
        self.z = 0
        self.legal = False
        self.focus = False
        self.hover = False
        self.dim = False
        self.mark = 0.0      # 1..0: the ring of a card that has just landed (reduced motion)

    def __repr__(self) -> str:
        side = self.code if self.face_up else "back"
        return f"<CardSprite {side} {self.zone} ({self.x:.0f},{self.y:.0f})>"

    @property
    def shown(self) -> Optional[str]:
        """The code the player sees, or None for a back."""
        return self.code if self.face_up else None

    # -- motions (tweens for a timeline) -----------------------------------------
    def move(self, x: float, y: float, angle: float, scale: float, duration: float,
             ease: Callable[[float], float] = ease_out_cubic,
             on_done: Optional[Callable[[], None]] = None) -> Tween:
        """A tween that carries the sprite from wherever it is when it starts."""
        start: dict[str, float] = {}

        def begin() -> None:
            start.update(x=self.x, y=self.y, angle=self.angle, scale=self.scale)
            # turn the short way round
            diff = (angle - start["angle"] + 180.0) % 360.0 - 180.0
            start["target_angle"] = start["angle"] + diff
            self.flying = True
            self.goal = (angle, scale)

        def apply(p: float) -> None:
            self.x = lerp(start["x"], x, p)
            self.y = lerp(start["y"], y, p)
            self.angle = lerp(start["angle"], start["target_angle"], p)
            self.scale = lerp(start["scale"], scale, p)

        def done() -> None:
            self.angle = angle
            self.flying = False
            self.goal = None
            if on_done is not None:
                on_done()

        return Tween(duration, apply, ease, on_start=begin, on_done=done, key=(self.id, "move"))

    def turn(self, face_up: bool, code: Optional[str], duration: float) -> Tween:
        """A turn-over: the card narrows, changes side at the middle, and widens again."""
        state = {"switched": False}

        def apply(p: float) -> None:
            self.flip = p
            if p >= 0.5 and not state["switched"]:
                state["switched"] = True
                if code is not None or not face_up:
                    self.code = code  # a card turned down unseen is forgotten
                self.face_up = face_up and self.code is not None

        def done() -> None:
            self.flip = 0.0

        return Tween(duration, apply, ease_in_out_cubic, on_done=done, key=(self.id, "turn"))

    def appear(self, duration: float) -> Tween:
        """Reduced motion's move: the card already lies where it goes and fades in there from
        faint, ringed by a mark that fades out, so the eye still sees each card land."""
        def begin() -> None:
            self.alpha = APPEAR_FROM
            self.mark = 1.0

        def apply(p: float) -> None:
            self.alpha = int(lerp(APPEAR_FROM, 255, p))
            self.mark = 1.0 - p

        def done() -> None:
            self.alpha = 255
            self.mark = 0.0

        return Tween(max(duration, APPEAR_MIN), apply, ease_out_cubic, on_start=begin,
                     on_done=done, key=(self.id, "appear"))

    def fade(self, alpha: int, duration: float,
             on_done: Optional[Callable[[], None]] = None) -> Tween:
        start = {"a": 255.0}

        def begin() -> None:
            start["a"] = float(self.alpha)

        def apply(p: float) -> None:
            self.alpha = int(lerp(start["a"], alpha, p))

        return Tween(duration, apply, ease_out_cubic, on_start=begin, on_done=on_done,
                     key=(self.id, "fade"))

    def shake_tween(self, amplitude: float, duration: float = 0.45) -> Tween:
        """The "no" wobble of a card that may not be played."""
        def apply(p: float) -> None:
            self.offset_x = amplitude * shake(p)

        def done() -> None:
            self.offset_x = 0.0

        return Tween(duration, apply, lambda p: p, on_done=done, key=(self.id, "shake"))

    def flip_width(self) -> float:
        """Width factor during a turn: 1 flat, 0 edge-on."""
        if self.flip <= 0.0:
            return 1.0
        return abs(math.cos(self.flip * math.pi))


# -- images --------------------------------------------------------------------------
class _Lru(OrderedDict):
    """Surfaces by key, the least recently used dropped once they hold more than
    ``budget`` bytes: at 1920x1080 a turned card is ~130 KB, so a count alone would let
    the caches grow by hundreds of megabytes over a long session.  ``made`` counts the
    surfaces made (a cache that holds what a frame draws makes none at rest).  What the
    frame being drawn has used is never dropped, whatever the budget: a frame drawn in
    passes asks for each of its cards in each pass, and a budget smaller than one frame's
    cards remade them pass after pass."""

    def __init__(self, budget: int) -> None:
        super().__init__()
        self.budget = budget
        self.bytes = 0
        self.made = 0
        #: the keys the frame being drawn has used (the most recent, at the end)
        self.in_frame: set[Any] = set()

    def new_frame(self) -> None:
        self.in_frame.clear()

    def get_or(self, key: Any, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = super().get(key)
        if surf is None:
            surf = make()
            self.made += 1
            self[key] = surf
            self.bytes += _size(surf)
            self._trim()
        else:
            self.move_to_end(key)
        self.in_frame.add(key)
        return surf

    def found(self, key: Any) -> Optional[pygame.Surface]:
        """The surface kept for ``key`` (now the most recently used), or None."""
        surf = super().get(key)
        if surf is not None:
            self.move_to_end(key)
            self.in_frame.add(key)
        return surf

    def put(self, key: Any, surf: pygame.Surface) -> None:
        """Keep ``surf``, made elsewhere (not counted in ``made``), within the budget."""
        if key in self:
            return
        self[key] = surf
        self.bytes += _size(surf)
        self._trim()

    def _trim(self) -> None:
        while self.bytes > self.budget and len(self) > 1 and next(iter(self)) not in self.in_frame:
            _, old = self.popitem(last=False)
            self.bytes -= _size(old)

    def clear(self) -> None:
        super().clear()
        self.bytes = 0
        self.in_frame.clear()

    def drop(self, which: Callable[[Any], bool]) -> None:
        """The surfaces whose keys ``which`` picks go."""
        for key in [k for k in self if which(k)]:
            self.bytes -= _size(self.pop(key))


def _size(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


def _step(angle: float, step: float) -> int:
    """``angle`` in whole steps of ``step`` degrees, 0 up to a whole turn."""
    return int(round(angle / step)) % int(360 / step)


def _narrowed(surf: pygame.Surface, fstep: int) -> pygame.Surface:
    """``surf`` narrowed to ``fstep`` of FLIP_STEPS of its width (a card turning over)."""
    if fstep == FLIP_STEPS:
        return surf
    w = max(1, int(surf.get_width() * fstep / FLIP_STEPS))
    return pygame.transform.scale(surf, (w, surf.get_height()))


#: the landed mark's two outlines
LANDED_LIGHT = (255, 246, 214, 235)
LANDED_DARK = (20, 24, 22, 200)

#: bytes the table keeps at least of scaled faces and of turned, narrowed, shadowed variants
BASE_BUDGET = 6 << 20
VARIANT_BUDGET = 12 << 20
#: ... and at least this many images the size of a card, whatever the card's size: a
#: byte budget alone that holds a 1080p table's cards held a third of them at 3840x2160,
#: where Dou Dizhu's fanned hand (twenty turned cards and their shadows) then remade
#: every turned card in every frame it was drawn (runs of ~100 ms frames)
BASE_CARDS = 30        # 55 before the widths cards only pass through went elsewhere
VARIANT_CARDS = 48        # 140, then 100, before the cards in motion had a cache of their own
#: ... and of cards turned without smoothing (in flight, or at rest until the smooth one
#: comes): kept apart, so a deal's passing angles never push out the hand's resting cards
QUICK_BUDGET = 4 << 20
QUICK_CARDS = 32


def budget_for(floor: int, cards: int, card_w: int, card_h: int) -> int:
    """Bytes for ``cards`` images of a card ``card_w`` x ``card_h`` (32 bits a pixel),
    never less than ``floor``: a cache's budget grows with the cards it holds."""
    return max(floor, cards * card_w * card_h * 4)


class CardImages:
    """Faces, backs, shadows and glows at any size, each made once.

    ``art`` is the app's CardArt: ``face(card, width)`` and ``back(width, deck)``.
    """

    GLOW_LEGAL = (255, 214, 110)
    GLOW_FOCUS = (120, 200, 255)

    def __init__(self, art: Any, deck: str = "french", card_w: int = 90,
                 card_h: int = 126) -> None:
        self.art = art
        self.deck = deck
        self.card_w = card_w
        self.card_h = card_h
        self.master_w = card_w
        #: the faces at the master width, and what the painter thread made of them, plain,
        #: not yet converted by the main thread: both kept for the next table (_kept)
        self._masters, self._painted = kept_masters(art, deck, card_w)
        self._base = _Lru(budget_for(BASE_BUDGET, BASE_CARDS, card_w, card_h))
        self._variants = _Lru(budget_for(VARIANT_BUDGET, VARIANT_CARDS, card_w, card_h))
        self._quick = _Lru(budget_for(QUICK_BUDGET, QUICK_CARDS, card_w, card_h))
        #: smooth turned cards, made in a thread (none is smoothed on the frame's thread)
        self._turner = _new_turner()
        #: the sprites (ids) the last draw of each drew turned unsmoothed at rest: drawn
        #: again once the smooth image comes (the table's paint log keys them with it)
        self.rough_ids: set[int] = set()
        self._rough = False
        self._settled = False           # turned cards taken, not drawn yet
        self._painter: Optional[_Painter] = None
        #: faces at another width may still be kept (a resize): let go once painted here
        self._resized = False
        self._own_art: Any = None       # the art of faces painted here (made when needed)
        #: faces the frame's thread painted itself (the painter had not got to them)
        self.painted_here = 0
        #: what the last draw covered: the card, its shadow, glow and marks (a turned,
        #: lifted small card's shadow reaches past a margin around the card)
        self.covered = pygame.Rect(0, 0, 0, 0)
        #: faces scaled from another width's, drawn until the painter's arrive
        self._standins: dict[str, pygame.Surface] = {}
        #: how many times painted faces took their stand-ins' place: cards drawn before
        #: must be drawn again (the table's paint log keys them with it)
        self.generation = 0

    @property
    def made(self) -> int:
        """Scaled, turned and shadowed surfaces made so far, and faces painted here."""
        return self._base.made + self._variants.made + self._quick.made + self.painted_here

    def set_card_size(self, card_w: int, card_h: int) -> None:
        if (card_w, card_h) != (self.card_w, self.card_h):
            self.card_w, self.card_h = card_w, card_h
            self._drop_made()
            self._base.budget = budget_for(BASE_BUDGET, BASE_CARDS, card_w, card_h)
            self._variants.budget = budget_for(VARIANT_BUDGET, VARIANT_CARDS, card_w, card_h)
            self._quick.budget = budget_for(QUICK_BUDGET, QUICK_CARDS, card_w, card_h)

    def _drop_made(self) -> None:
        """Every scaled and turned image goes (a new size), and what the turner is making."""
        self._base.clear()
        self._variants.clear()
        self._quick.clear()
        self._turner.stop()
        self._turner = _new_turner()

    def set_master_scale(self, scale: float) -> None:
        """Faces are drawn by the art once, at the largest scale cards lie at; every other
        size is a smooth-scaled copy (a new face from the art costs milliseconds)."""
        width = self.width_for(scale)
        if width != self.master_w:
            self.master_w = width
            self._resized = True
            self._masters, self._painted = kept_masters(self.art, self.deck, width)
            self._own_art = None
            self._standins.clear()
            self._drop_made()
            if self._painter is not None:
                self._painter.stop()
                self._painter = None

    # -- masters: drawn ahead of time in a background thread --------------------------
    def warm(self, codes: Any, background: bool = True) -> None:
        """Have these faces (codes; None = the back) ready before they are needed; not
        in the background: ready for the next frame (a stand-in where there is one)."""
        codes = [c for c in codes
                 if (c or "#back") not in self._masters and (c or "#back") not in self._painted]
        if not codes:
            return
        if not background:
            for code in codes:
                self.master(code)
            return
        if self._painter is None or not self._painter.alive:
            self._painter = _Painter(self.art, self.deck, self.master_w, self._painted,
                                     self._masters)
        self._painter.want(codes)

    def stop(self) -> None:
        if self._painter is not None:
            self._painter.stop()
            self._painter = None
        self._turner.stop()

    def release(self) -> None:
        """No more drawing (the table goes): stop painting and drop every image.  The
        stopping painter may still hold the old dicts, so new ones take their place."""
        self.stop()
        self._masters, self._painted = {}, {}
        self._standins.clear()
        self._drop_made()
        self._turner.stop()

    def master(self, code: Optional[str]) -> pygame.Surface:
        """The face (or back) at the master width: the painter's, converted here on the main
        thread, or painted now."""
        key = code or "#back"
        surf = self._masters.get(key)
        if surf is None:
            surf = self._standins.get(key)    # a stand-in stays until adopt(), between frames
        if surf is None:
            painted = self._painted.pop(key, None)
            if painted is not None:
                surf = _for_screen(painted)
            else:
                standin = self._standin(code)
                if standin is not None:
                    return standin
                if self._own_art is None:
                    # not the app's art: the faces of game after game would fill its caches
                    self._own_art = private_art(self.art)
                surf = _paint(self._own_art, self.deck, code, self.master_w)
                self.painted_here += 1
            self._masters[key] = surf
        return surf

    def _standin(self, code: Optional[str]) -> Optional[pygame.Surface]:
        """The face scaled from its master at another width the window had, while the
        painter paints it at this one (asked for here); None when there is none."""
        key = code or "#back"
        surf = self._standins.get(key)
        if surf is None:
            other = kept_elsewhere(self.art, self.deck, self.master_w, key)
            if other is None:
                return None
            surf = pygame.transform.smoothscale(other, (self.master_w,
                                                        self.height_for(self.master_w)))
            self._standins[key] = surf
            self.warm([code])
        return surf

    @property
    def standing_in(self) -> bool:
        """Some face is drawn from a stand-in: the painter's will take its place."""
        return bool(self._standins)

    @property
    def waiting(self) -> bool:
        """Some face is drawn from a stand-in, or some card turned unsmoothed at rest: the
        painter's or the turner's will change the picture."""
        return self.standing_in or self._turner.pending or self._settled

    def settle(self) -> None:
        """The turned cards the turner has made are drawn from now on (called between
        frames, never while one is drawn: every pass of a frame draws the same images);
        the next frame is drawn to show them."""
        for key, surf in self._turner.take().items():
            self._variants.put(key, surf)
            self._settled = True

    def adopt(self) -> None:
        """Faces the painter has painted take their stand-ins' place, and the images made
        from the stand-ins go (called before a frame is drawn).  A painter gone (stopped)
        leaves the faces to be painted when drawn."""
        self._base.new_frame()
        self._variants.new_frame()
        if self._resized and let_go_other_widths(self.art, self.deck, self.master_w):
            self._resized = False
        if not self._quick.in_frame:
            self._quick.clear()     # nothing moved in the last frame: 15 MB back at 4K
        self._quick.new_frame()
        self._settled = False
        if not self._standins:
            return
        if self._painter is None or not self._painter.running:
            arrived = set(self._standins)
        else:
            arrived = {key for key in self._standins if key in self._painted}
            for key in arrived:
                self._masters[key] = _for_screen(self._painted.pop(key))
        if not arrived:
            return
        for key in arrived:
            del self._standins[key]
        for cache in (self._base, self._variants, self._quick):
            cache.drop(lambda k: k[0] in arrived)
        self._turner.stop()             # it may be turning a stand-in
        self._turner = _new_turner()
        self.generation += 1

    def width_for(self, scale: float) -> int:
        q = max(SCALE_STEP, round(scale / SCALE_STEP) * SCALE_STEP)
        return max(8, int(round(self.card_w * q)))

    def height_for(self, width: int) -> int:
        return int(round(width * self.card_h / self.card_w))

    # -- base images -----------------------------------------------------------
    def base(self, code: Optional[str], width: int, passing: bool = False) -> pygame.Surface:
        """A face or back ``width`` wide: the master, or a smooth-scaled copy of it;
        ``passing``: a width a card only passes through as it flies and grows or shrinks,
        kept with the other images of cards in motion (it pushed the cards at rest out)."""
        if width == self.master_w:
            return self.master(code)

        def make() -> pygame.Surface:
            return pygame.transform.smoothscale(self.master(code), (width, self.height_for(width)))
        return (self._quick if passing else self._base).get_or((code or "#back", width), make)

    def shadow(self, width: int) -> pygame.Surface:
        def make() -> pygame.Surface:
            h = self.height_for(width)
            pad, radius = max(3, width // 14), max(3, width // 10)
            surf = soft_rect((width, h), pad, radius, (0, 0, 0), 70, 1.6)
            pygame.draw.rect(surf, (0, 0, 0, 90), (pad, pad, width, h), border_radius=radius)
            return surf
        return self._variants.get_or(("shadow", width), make)

    def glow(self, width: int, colour: tuple[int, int, int]) -> pygame.Surface:
        def make() -> pygame.Surface:
            h = self.height_for(width)
            pad, radius = max(4, width // 11), max(3, width // 10)
            surf = soft_rect((width, h), pad, radius, colour, 190, 1.6, ring=2)
            pygame.draw.rect(surf, (*colour, 230), (pad - 1, pad - 1, width + 2, h + 2),
                             width=2, border_radius=radius + 1)
            return surf
        return self._variants.get_or(("glow", width, colour), make)

    # -- variants ----------------------------------------------------------------
    def variant(self, kind: Any, width: int, flip_w: float, angle: float,
                make_base: Callable[[], pygame.Surface], quick: bool = False) -> pygame.Surface:
        """``make_base()`` narrowed for a flip and rotated, cached by step.

        A turned card is smoothed at its edges (1.5-3 ms a card at 3840x2160), never on
        the frame's thread: the turner makes it, and until it comes the card is drawn
        turned without smoothing (0.15 ms), which is all a card in motion (``quick``: in
        flight or turning over, whose angle changes frame after frame) ever needs: no eye
        follows its edges.  A smooth one already made is drawn in motion too."""
        fstep = FLIP_STEPS if flip_w >= 0.999 else max(1, int(round(flip_w * FLIP_STEPS)))
        astep = _step(angle, ANGLE_STEP)
        if astep:
            found = self._variants.found((kind, width, fstep, astep, False))
            if found is not None:
                return found
        if quick:
            turn = _step(angle, MOTION_STEP) * MOTION_STEP
        else:
            turn = astep * ANGLE_STEP
            if astep:
                self._ask((kind, width, fstep, astep, False), make_base)
                self._rough = True
        if fstep == FLIP_STEPS and not turn:
            return make_base()

        def make() -> pygame.Surface:
            surf = _narrowed(make_base(), fstep)
            return pygame.transform.rotate(surf, turn) if turn else surf
        return self._quick.get_or((kind, width, fstep, turn, True), make)

    def _ask(self, key: tuple, make_base: Callable[[], pygame.Surface]) -> None:
        """Have the turner smooth the image ``key`` names (kind, width, flip step, angle
        step) from a copy of ``make_base()``."""
        if key in self._variants or self._turner.asked(key):
            return
        source, fstep, astep = make_base().copy(), key[2], key[3]
        self._turner.ask(key, lambda: smooth_rotate(_narrowed(source, fstep),
                                                    astep * ANGLE_STEP))

    def _ahead(self, sprite: CardSprite) -> None:
        """A card in flight: its face (or back) and shadow as they will rest, turned,
        asked of the turner now, so the frame it lands in makes nothing."""
        if sprite.goal is None:
            return
        angle, scale = sprite.goal
        width = self.width_for(scale)
        astep = _step(angle, ANGLE_STEP)
        if astep:
            shown = sprite.shown
            self._ask((shown or "#back", width, FLIP_STEPS, astep, False),
                      lambda: self.base(shown, width))
            self._ask(("shadow", width, FLIP_STEPS, astep, False), lambda: self.shadow(width))

    # -- drawing ---------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, sprite: CardSprite) -> pygame.Rect:
        """Blit one sprite (shadow, glow, card); returns the card's rectangle."""
        width = self.width_for(sprite.scale)
        flip_w = sprite.flip_width()
        angle = sprite.angle
        cx = sprite.x + sprite.offset_x
        cy = sprite.y - sprite.lift
        shown = sprite.shown
        lifted = sprite.flying or sprite.lift > 1
        passing = sprite.goal is not None and self.width_for(sprite.goal[1]) != width
        self._rough = False
        if sprite.flying:
            self._ahead(sprite)
        # shadow, further away for a card in the air
        off = max(2, width // 30) * (3 if lifted else 1)
        quick = sprite.flying or sprite.flip > 0
        sh = self.variant("shadow", width, flip_w, angle, lambda: self.shadow(width), quick)
        covered = self._blit(surface, sh, cx + off, cy + off * 1.3, sprite.alpha)
        if sprite.focus or sprite.legal:
            colour = self.GLOW_FOCUS if sprite.focus else self.GLOW_LEGAL
            gl = self.variant(("glow", colour), width, flip_w, angle,
                              lambda: self.glow(width, colour), quick)
            covered.union_ip(self._blit(surface, gl, cx, cy, sprite.alpha))
        img = self.variant(shown or "#back", width, flip_w, angle,
                           lambda: self.base(shown, width, passing), quick)
        rect = self._blit(surface, img, cx, cy, sprite.alpha)
        covered.union_ip(rect)
        if sprite.dim:
            veil = self.variant("veil", width, flip_w, angle, lambda: self._veil(width), quick)
            self._blit(surface, veil, cx, cy, sprite.alpha)
        if sprite.mark > 0:
            ring = self.variant("landed", width, flip_w, angle, lambda: self._landed(width),
                                quick)
            covered.union_ip(self._blit(surface, ring, cx, cy, int(255 * sprite.mark)))
        self.covered = covered
        if self._rough:
            self.rough_ids.add(sprite.id)
        else:
            self.rough_ids.discard(sprite.id)
        return rect

    def _landed(self, width: int) -> pygame.Surface:
        """The mark of a card that has just landed (reduced motion): a light double outline,
        dark inside light, that shows on a white card and on the felt alike."""
        h = self.height_for(width)
        pad = max(3, width // 16)
        surf = pygame.Surface((width + pad * 2, h + pad * 2), pygame.SRCALPHA)
        radius = max(3, width // 10)
        pygame.draw.rect(surf, LANDED_LIGHT, surf.get_rect(), width=max(2, pad * 2 // 3),
                         border_radius=radius + pad)
        pygame.draw.rect(surf, LANDED_DARK, surf.get_rect().inflate(-pad * 2 + 2, -pad * 2 + 2),
                         width=max(1, pad // 2), border_radius=radius)
        return surf

    def _veil(self, width: int) -> pygame.Surface:
        h = self.height_for(width)
        surf = pygame.Surface((width, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (0, 0, 0, 80), surf.get_rect(), border_radius=max(3, width // 10))
        return surf

    @staticmethod
    def _blit(surface: pygame.Surface, img: pygame.Surface, cx: float, cy: float,
              alpha: int) -> pygame.Rect:
        w, h = img.get_size()
        pos = (int(cx - w / 2), int(cy - h / 2))
        if alpha >= 255:
            return blitted(surface, img, pos)
        if alpha <= 0:
            return pygame.Rect(pos, (w, h))
        img.set_alpha(alpha)
        rect = blitted(surface, img, pos)
        img.set_alpha(255)
        return rect

    def rect_of(self, sprite: CardSprite) -> pygame.Rect:
        """The card's upright rectangle (for clicks on cards that lie straight or nearly)."""
        width = self.width_for(sprite.scale)
        h = self.height_for(width)
        rect = pygame.Rect(0, 0, width, h)
        rect.center = (int(sprite.x + sprite.offset_x), int(sprite.y - sprite.lift))
        return rect

    def box_of(self, sprite: CardSprite) -> pygame.Rect:
        """The card's rectangle as it lies: upright, or turned a quarter (a side hand's)."""
        rect = self.rect_of(sprite)
        if 45 < abs(sprite.angle) % 180 < 135:
            rect = pygame.Rect(0, 0, rect.h, rect.w).move(rect.centerx - rect.h // 2,
                                                          rect.centery - rect.w // 2)
        return rect



#: faces at the master width of the last (art, deck), at its last widths, for the next table
_kept: "OrderedDict[tuple, tuple[dict[str, pygame.Surface], dict[str, pygame.Surface]]]" = \
    OrderedDict()
#: widths kept: a window's size and the one before, whose faces stand in while the new
#: size's are painted (then they go: :func:`let_go_other_widths`)
KEPT_WIDTHS = 2


def kept_masters(art: Any, deck: str, width: int
                 ) -> tuple[dict[str, pygame.Surface], dict[str, pygame.Surface]]:
    """The faces (converted, and painted but not yet converted) of this art, deck and
    width, shared by every table that draws them: a new game at the same window finds
    the last one's faces painted, where it painted the faces in view in its first frame
    (18 at 3840x2160 in Dou Dizhu, 5-10 ms each)."""
    key = (_design_of(art), deck, width)
    try:
        found = _kept[key]
    except (KeyError, TypeError):   # TypeError: an art that cannot be a key is not kept
        found = ({}, {})
        try:
            _kept[key] = found
        except TypeError:
            return found
    _kept.move_to_end(key)
    for other in [k for k in _kept if k[:-1] != key[:-1]]:
        del _kept[other]        # another design or deck: one deck's faces are kept, 21 MB at 4K
    while len(_kept) > KEPT_WIDTHS:
        _kept.popitem(last=False)
    return found


def let_go_other_widths(art: Any, deck: str, width: int) -> bool:
    """The faces of this art and deck kept at other widths go once ``width`` has every
    face each of them has (painted, converted or not): after a resize the old size's faces
    were kept for a resize back (21 MB a deck at 3840x2160), where they are only needed as
    stand-ins while the new size's are painted.  True when no other width is kept."""
    like = (_design_of(art), deck)
    try:
        masters, painted = _kept[like + (width,)]
    except (KeyError, TypeError):
        return True
    left = False
    for key in [k for k in _kept if k[:-1] == like and k[-1] != width]:
        if all(face in masters or face in painted for face in _kept[key][0]):
            del _kept[key]
        else:
            left = True
    return not left


def forget_kept() -> None:
    """Drop every face kept for the next table: the next one paints its own, as the first
    table of a program does."""
    _kept.clear()


def _design_of(art: Any) -> Any:
    """What an art's faces depend on: its class and design for the card art (every App
    makes its own, and draws the same faces: the tests open hundreds), else the art
    itself."""
    design = getattr(art, "design", None)
    return (type(art), design) if design is not None else \
        (art, getattr(art, "italian_style", None), getattr(art, "four_colour", False))


def kept_elsewhere(art: Any, deck: str, width: int, key: str) -> Optional[pygame.Surface]:
    """The face ``key`` of this art and deck at the widest other width kept, converted;
    None when no other width has it."""
    like = (_design_of(art), deck)
    found = [(kept[-1], masters[key]) for kept, (masters, _) in _kept.items()
             if kept[:-1] == like and kept[-1] != width and key in masters]
    return max(found, key=lambda f: f[0])[1] if found else None


def private_art(art: Any) -> Any:
    """A new art object in the same design as ``art`` (Italian style, French inks), with
    caches of its own (``art`` itself when it cannot be copied)."""
    try:
        like = getattr(art, "like", None)
        if like is not None:
            return like()
        return type(art)(getattr(art, "italian_style", "napoletane"))
    except Exception:
        return art


def _paint(art: Any, deck: str, code: Optional[str], width: int) -> pygame.Surface:
    surf = art.back(width, deck) if code is None else art.face(Card.parse(code), width)
    return surf


def _for_screen(surf: pygame.Surface) -> pygame.Surface:
    """``convert_alpha()`` for fast blits, only on the main thread and with a display;
    otherwise the surface as it is."""
    return for_screen(surf)


#: Every painter and turner whose thread may still run, for :func:`stop_painters`.
_painters: "weakref.WeakSet[Any]" = weakref.WeakSet()


def _new_turner() -> Turner:
    """A turner that :func:`stop_painters` stops with the painters."""
    turner = Turner()
    _painters.add(turner)
    return turner


def stop_painters(timeout: float = 1.0) -> bool:
    """Stop every card painter and wait for its thread, ``timeout`` seconds for all: the
    program ends, and ``pygame.quit()`` must not run beside a face being painted.  True
    when none is left running."""
    painters = list(_painters)
    for painter in painters:
        painter.stop()
    deadline = time.monotonic() + timeout
    for painter in painters:
        painter.join(max(0.0, deadline - time.monotonic()))
    return not any(p.running for p in painters)


class _Painter:
    """Draws card masters in a thread with its own CardArt, so the frame loop never waits
    for a face; the plain surfaces land in ``out``, which the drawing code reads and
    converts (the art converts nothing off the main thread).  Faces already in ``done``
    are skipped."""

    def __init__(self, art: Any, deck: str, width: int, out: dict,
                 done: dict | None = None) -> None:
        import queue

        self.art = private_art(art)   # its caches are never shared between threads
        self.deck = deck
        self.width = width
        self.out = out
        self.done = done if done is not None else {}
        self.queue: "queue.Queue[Optional[str]]" = queue.Queue()
        self.alive = True
        self._thread = threading.Thread(target=self._run, name="card-painter", daemon=True)
        _painters.add(self)
        self._thread.start()

    @property
    def running(self) -> bool:
        """Is the thread still there (``alive`` is only whether it has been told to stop)?"""
        return self._thread.is_alive()

    def join(self, timeout: float | None = None) -> None:
        if self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def want(self, codes: Any) -> None:
        for code in codes:
            self.queue.put(code)

    def stop(self) -> None:
        self.alive = False
        self.queue.put("#stop")

    def _run(self) -> None:
        import logging

        while self.alive:
            code = self.queue.get()
            if code == "#stop" or not self.alive:
                break
            key = code or "#back"
            if key in self.out or key in self.done:
                continue
            try:
                surf = _paint(self.art, self.deck, code, self.width)
            except Exception:  # the main thread will paint it (and show the error) itself
                logging.getLogger(__name__).debug("painter failed on %s", code, exc_info=True)
                continue
            if self.alive:
                self.out.setdefault(key, surf)
