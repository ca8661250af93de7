"""Everything on the table that is not a card: score board, name plates, prompt line,
zone labels, banners and score pops (the choice bar's buttons are the one button kit's:
scenes/kit/widgets.py).

Text and panels are rendered once and cached by content, so drawing the HUD
is blits only; a changed score renders one new line, not the whole board.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Optional, Sequence, TypeVar

import pygame

from scenes.dirty import blitted
from scenes.kit import theme
from scenes.kit.tween import Timeline, Tween, ease_out_back, ease_out_cubic, lerp
from scenes.window.convert import for_screen

Colour = tuple[int, int, int]

ERROR = (255, 150, 130)
#: where a board's long line may be broken (scenes/kit/hud.py Hud.board_within)
SEPARATOR = " · "
#: what ends words cut short (a long name on its plate)
ELLIPSIS = "…"
#: where a board's line is broken, first to last: a part still too long after one is
#: broken at the next
BREAKS = (SEPARATOR, " — ", " ")
POSITIVE = (150, 235, 150)


class TextCache:
    """Rendered lines (with their soft shadow) by (text, size, colour, bold)."""

    def __init__(self, fonts: Any, limit: int = 400, budget: int = 4 << 20) -> None:
        self.fonts = fonts
        self.limit = limit
        self.budget = budget       # bytes: a banner line at 1080p is a few hundred KB
        self.bytes = 0
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def render(self, text: str, size: int, colour: Colour = theme.CREAM, bold: bool = False,
               shadow: bool = True) -> pygame.Surface:
        key = (text, size, colour, bold, shadow)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        font = self.fonts.get(size, bold)
        ink = font.render(text, True, colour)
        if shadow:
            off = max(1, size // 16)
            surf = pygame.Surface((ink.get_width() + off, ink.get_height() + off), pygame.SRCALPHA)
            shade = font.render(text, True, (0, 0, 0))
            shade.set_alpha(140)
            surf.blit(shade, (off, off))
            surf.blit(ink, (0, 0))
        else:
            surf = for_screen(ink)
        self._keep(key, surf)
        return surf

    def _keep(self, key: tuple, surf: pygame.Surface) -> None:
        """Cache a surface; the oldest go while there are too many or too many bytes."""
        self._cache[key] = surf
        self.bytes += surf.get_width() * surf.get_height() * surf.get_bytesize()
        while len(self._cache) > 1 and (len(self._cache) > self.limit or self.bytes > self.budget):
            _, old = self._cache.popitem(last=False)
            self.bytes -= old.get_width() * old.get_height() * old.get_bytesize()

    def clear(self) -> None:
        self._cache.clear()
        self.bytes = 0

    def blit(self, surface: pygame.Surface, text: str, size: int, pos: tuple[float, float],
             anchor: str = "center", colour: Colour = theme.CREAM, bold: bool = False,
             alpha: int = 255) -> pygame.Rect:
        img = self.render(text, size, colour, bold)
        rect = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
        if alpha < 255:
            img.set_alpha(max(0, alpha))
            surface.blit(img, rect)
            img.set_alpha(255)
        else:
            surface.blit(img, rect)
        return rect


class PanelCache:
    """Rounded translucent panels by size and style, made once."""

    def __init__(self) -> None:
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def get(self, size: tuple[int, int], fill: tuple = theme.PANEL,
            border: Optional[tuple] = theme.GOLD_DARK, radius: int = 10,
            width: int = 2) -> pygame.Surface:
        key = (size, fill, border, radius, width)
        surf = self._cache.get(key)
        if surf is None:
            w, h = max(1, size[0]), max(1, size[1])
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=radius)
            if border:
                pygame.draw.rect(surf, border, surf.get_rect(), width=width, border_radius=radius)
            self._cache[key] = surf
            if len(self._cache) > 200:
                self._cache.popitem(last=False)
        return surf

    def clear(self) -> None:
        self._cache.clear()


@dataclass
class Label:
    """A line of text the adapter puts on the table (a zone's name, a total, a status)."""

    text: str
    pos: tuple[float, float]
    size: int = 16
    colour: Colour = theme.CREAM
    bold: bool = False
    anchor: str = "center"
    pill: bool = False  # on a small dark pill, for numbers over the felt
    icon: Optional[str] = None  # a card code drawn small before the text (a trump's Ace)
    chip: Optional[Colour] = None  # the pill's fill instead of the dark one (a "Dealer" chip)


@dataclass
class Slot:
    """An empty place on the felt where cards will lie (a faint outline)."""

    rect: pygame.Rect
    highlight: bool = False


@dataclass
class Callout:
    """A message that stays up while the game waits on it ("Venceslao! Claim it!"),
    drawn gently pulsing at ``pos`` (a centre) until the adapter stops returning it."""

    text: str
    sub: str = ""
    pos: tuple[float, float] = (0.0, 0.0)
    urgent: bool = False  # brighter rim and a stronger pulse: act now
    #: the most height it may take round ``pos`` (its words smaller where it would be
    #: taller or lie on the table's boxes); None: what its words make, at ``pos``
    room: Optional[float] = None


#: Hud.card_icon: (card code, height in px) -> the card's face at that height
IconFn = Callable[[str, int], pygame.Surface]


S = TypeVar("S")


def clear_spot(sizes: Sequence[S], box: Callable[[S], tuple[int, int]],
               centre: tuple[float, float], room: Optional[float],
               clear: Sequence[pygame.Rect] = (), gap: int = 4,
               bounds: Optional[pygame.Rect] = None) -> tuple[S, pygame.Rect]:
    """Where a panel of words (a banner, a callout) centred at ``centre`` lies, and in
    which of its ``sizes`` (largest first; ``box`` gives its size in each): without a room,
    the first, there; with one, the first no taller than the room that lies, within that
    band round the centre, ``gap`` clear of every box of ``clear`` (the board, a plate, a
    label: at 800x500 with the largest text Briscola's Venceslao lay on the board, the
    card order and Last trick), at the height nearest the centre; where no size lies
    so, the first that does moved along the band (within ``bounds``, the window) beside
    a box there, nearest the centre (a landlord of 24 letters named at 800x500 with the
    largest text reached both plates from the middle, with room between them); where
    none does, the first no taller than the room, centred (the last of all where none
    is)."""
    x, y = centre
    fallback: Optional[tuple[S, pygame.Rect]] = None
    for moving in (False, True):
        for size in sizes:
            w, h = box(size)
            rect = pygame.Rect(0, 0, w, h)
            rect.center = (int(x), int(y))
            if room is None:
                return size, rect
            if h > room:
                continue
            fallback = fallback or (size, rect)
            low, high = y - room / 2, y + room / 2 - h
            lefts = _lefts(rect, clear, gap, low, high + h, bounds)[1:] if moving \
                else [rect.left]
            for left in lefts:
                spot = _clear_top(rect.move(left - rect.left, 0), clear, gap, low, high)
                if spot is not None:
                    return size, spot
    if fallback is not None:
        return fallback
    w, h = box(sizes[-1])
    rect = pygame.Rect(0, 0, w, h)
    rect.center = (int(x), int(y))
    return sizes[-1], rect


def _lefts(rect: pygame.Rect, clear: Sequence[pygame.Rect], gap: int, top: float,
           bottom: float, bounds: Optional[pygame.Rect]) -> list[int]:
    """Where a panel may start along its band: centred first, then beside each box that
    reaches into the band, nearest the centre first, inside ``bounds`` (none: centred
    only)."""
    if bounds is None:
        return [rect.left]
    inside = [r for r in clear if r.top < bottom and top < r.bottom]
    lefts = [r.right + gap + 1 for r in inside] + [r.left - gap - 1 - rect.w for r in inside]
    lefts = [x for x in lefts if bounds.left <= x and x + rect.w <= bounds.right]
    return [rect.left] + sorted(set(lefts), key=lambda x: abs(x - rect.left))


def _clear_top(rect: pygame.Rect, clear: Sequence[pygame.Rect], gap: int, low: float,
               high: float) -> Optional[pygame.Rect]:
    """``rect`` moved up or down, its top between ``low`` and ``high``, ``gap`` clear of
    every box of ``clear`` across it, nearest where it is; None where it nowhere is."""
    across = [r.inflate(gap, gap) for r in clear
              if r.left < rect.right + gap and rect.left < r.right + gap]
    tops = [rect.top] + [r.bottom + 1 for r in across] + [r.top - 1 - rect.h for r in across]
    for top in sorted((t for t in tops if low <= t <= high), key=lambda t: abs(t - rect.top)):
        moved = rect.move(0, top - rect.top)
        if moved.collidelist(across) < 0:
            return moved
    return None


# -- transient effects ---------------------------------------------------------------
class Banner:
    """A big centred message that swells in, holds, and fades away."""

    def __init__(self, text: str, sub: str = "", y: Optional[float] = None,
                 still: bool = False, room: Optional[float] = None) -> None:
        self.text = text
        self.sub = sub
        self.y = y  # its centre's height; None: a little above the window's middle
        self.room = room  # the most height it may take; None: what its words make
        self.alpha = 0
        self.still = still  # reduced motion: it fades in at its size, without swelling
        self.scale = 1.0 if still else 0.8
        self.alive = True

    def tweens(self, hold: float) -> list[tuple[float, Tween]]:
        def grow(p: float) -> None:
            self.alpha = int(255 * min(1.0, p * 1.6))
            self.scale = 1.0 if self.still else lerp(0.85, 1.0, p)

        def fade(p: float) -> None:
            self.alpha = int(255 * (1.0 - p))

        def gone() -> None:
            self.alive = False

        return [(0.0, Tween(0.28, grow, ease_out_back)),
                (0.28 + hold, Tween(0.35, fade, ease_out_cubic, on_done=gone))]


class ScorePop:
    """A "+3" that rises from where it was earned and fades.

    ``size``: a share of the usual pop font (words are smaller than numbers);
    ``anchor``: which point of the pop lies at ``pos`` ("center", "midleft", ...)."""

    def __init__(self, text: str, pos: tuple[float, float], colour: Colour = POSITIVE,
                 size: float = 1.0, anchor: str = "center") -> None:
        self.text = text
        self.x, self.y0 = pos
        self.y = self.y0
        self.colour = colour
        self.size = size
        self.anchor = anchor
        self.alpha = 0
        self.alive = True

    def tween(self, rise: float, duration: float = 1.3) -> Tween:
        def apply(p: float) -> None:
            self.y = self.y0 - rise * p
            self.alpha = int(255 * (min(1.0, p * 5.0) if p < 0.6 else (1.0 - p) / 0.4))

        def gone() -> None:
            self.alive = False

        return Tween(duration, apply, ease_out_cubic, on_done=gone)


def _broken(words: str, fits: Callable[[str], bool], breaks: Sequence[str]) -> list[str]:
    """``words`` as lines that each ``fits``, broken after the first of ``breaks`` where it
    must (each broken line keeping its mark: "Anna: 0 ·"), a line still too long at the
    next; a single word too long stays whole."""
    if not breaks or fits(words):
        return [words]
    mark, rest = breaks[0], breaks[1:]
    parts = words.split(mark)
    lines: list[str] = []
    line = parts[0]
    for n, part in enumerate(parts[1:], 2):
        longer = line + mark + part
        if fits(longer + (mark.rstrip() if n < len(parts) else "")) or not line:
            line = longer
        else:
            lines.append(line + mark.rstrip())
            line = part
    lines.append(line)
    return [piece for line in lines for piece in _broken(line, fits, rest)]


def turn_marker_width(font: int) -> int:
    """The width of the turn marker on a plate set in ``font`` px."""
    return max(6, round(font * 0.6))


def draw_turn_marker(surface: pygame.Surface, left_middle: tuple[int, int],
                     font: int) -> pygame.Rect:
    """The turn marker: a light pointer with a dark edge, pointing at the name of the seat
    to act (a shape, so the turn never shows by colour alone)."""
    w = turn_marker_width(font)
    x, y = left_middle
    half = max(4, round(w * 0.75))
    points = [(x, y - half), (x + w, y), (x, y + half)]
    pygame.draw.polygon(surface, theme.CREAM, points)
    return pygame.draw.polygon(surface, (40, 26, 6), points, width=max(1, font // 12))


#: a greyed name plate (a player out of the game): fill, rim and words
DIM_PLATE, DIM_RIM, DIM_INK = (40, 44, 42, 200), (92, 96, 94), (140, 144, 140)
#: the fill of a lit name plate (the seat to act)
ACTIVE_PLATE = (92, 64, 14, 245)


class Hud:
    """Draws the HUD parts from plain data the scene and the adapter give it."""

    def __init__(self, fonts: Any) -> None:
        self.text = TextCache(fonts)
        self.panels = PanelCache()
        self.prompt = ""
        self.error = ""
        self.error_time = 0.0
        self.banners: list[Banner] = []
        self.pops: list[ScorePop] = []
        self.card_icon: Optional[IconFn] = None  # the table's card faces, for icons
        self.clock = 0.0                         # drives the callout's pulse
        self._glows: dict[tuple[int, int], pygame.Surface] = {}

    @staticmethod
    def banner_size(font: int) -> int:
        return max(18, int(font * 1.8))

    @staticmethod
    def pop_size(font: int) -> int:
        return max(14, int(font * 1.5))

    @staticmethod
    def badge_size(font: int) -> int:
        return max(10, font * 2 // 3)

    # -- prompt ----------------------------------------------------------------------
    def show_error(self, words: str, seconds: float = 3.0) -> None:
        self.error = words
        self.error_time = seconds

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.error_time > 0:
            self.error_time -= dt
            if self.error_time <= 0:
                self.error = ""
        self.banners = [b for b in self.banners if b.alive]
        self.pops = [p for p in self.pops if p.alive]

    def banner(self, timeline: Timeline, at: float, text: str, sub: str = "",
               hold: float = 0.9, y: Optional[float] = None, still: bool = False,
               room: Optional[float] = None) -> Banner:
        b = Banner(text, sub, y, still, room)

        def show() -> None:
            for old in self.banners:  # one message at a time: the new one replaces it
                old.alive = False
            self.banners = [b]
            for offset, tween in b.tweens(hold):
                timeline.play(timeline.time + offset, tween)
        timeline.at(at, show)
        return b

    def pop(self, timeline: Timeline, at: float, text: str, pos: tuple[float, float],
            rise: float, colour: Colour = POSITIVE, size: float = 1.0,
            anchor: str = "center", duration: float = 1.3) -> ScorePop:
        """A pop from ``at`` on, on screen for ``duration`` seconds (longer: one to read)."""
        p = ScorePop(text, pos, colour, size, anchor)

        def show() -> None:
            self.pops.append(p)
            timeline.now(p.tween(rise, duration))
        timeline.at(at, show)
        return p

    # -- drawing ---------------------------------------------------------------------
    def _board_lines(self, lines: list[tuple[str, str]],
                     font: int) -> tuple[list[pygame.Surface], int, tuple[int, int]]:
        """A board's lines rendered, its padding and its size."""
        imgs = []
        for words, style in lines:
            size = font + 2 if style == "title" else font
            colour = theme.GOLD_LIGHT if style == "title" else (
                theme.CREAM_DIM if style == "dim" else theme.CREAM)
            imgs.append(self.text.render(words, size, colour, bold=style in ("title", "score")))
        pad = max(8, font // 2)
        w = max(i.get_width() for i in imgs) + pad * 2
        h = sum(i.get_height() for i in imgs) + pad * 2
        return imgs, pad, ((w + 15) // 16 * 16, h)  # fewer distinct panel sizes

    def board_within(self, lines: list[tuple[str, str]], font: int,
                     width: int) -> list[tuple[str, str]]:
        """A board's lines with each too long for ``width`` (the board's, its pad
        included) broken after its " · " where it must, the rest of it on the next line in
        its style (the match line of long names: "Anna: 0 · Bruno: 0 · Computer 3: 0"); a
        part still too long after its " — ", then between its words ("Vince chi arriva
        prima a 25 punti." beside Bocce's top row at 1000x640 with the largest text)."""
        pad = max(8, font // 2)

        def fits(line: str, size: int, bold: bool) -> bool:
            drawn = self.text.render(line, size, bold=bold)
            return (drawn.get_width() + pad * 2 + 15) // 16 * 16 <= width
        out: list[tuple[str, str]] = []
        for words, style in lines:
            fit = partial(fits, size=font + 2 if style == "title" else font,
                          bold=style in ("title", "score"))
            out += [(line, style) for line in _broken(words, fit, BREAKS)]
        return out

    def shorten(self, words: str, font: int, width: float, bold: bool = True) -> str:
        """``words`` set in ``font`` no wider than ``width``: whole where they fit, else cut
        short with an ellipsis at their end (a name past a plate's room), a letter at
        least."""
        def wide(line: str) -> int:
            return self.text.render(line, font, bold=bold).get_width()
        if wide(words) <= width:
            return words
        low, high = 1, len(words) - 1         # the most letters kept that still fit
        while low < high:
            mid = (low + high + 1) // 2
            if wide(words[:mid].rstrip() + ELLIPSIS) <= width:
                low = mid
            else:
                high = mid - 1
        return words[:low].rstrip() + ELLIPSIS

    def board_size(self, lines: list[tuple[str, str]], font: int) -> tuple[int, int]:
        """How big :meth:`draw_scoreboard` draws these lines (to find room for them)."""
        return self._board_lines(lines, font)[2] if lines else (0, 0)

    def draw_scoreboard(self, surface: pygame.Surface, lines: list[tuple[str, str]],
                        pos: tuple[int, int], font: int) -> pygame.Rect:
        """``lines``: (text, style) with style "title", "score", "" (plain) or "dim"."""
        if not lines:
            return pygame.Rect(pos, (0, 0))
        imgs, pad, (w, h) = self._board_lines(lines, font)
        rect = pygame.Rect(pos, (w, h))
        surface.blit(self.panels.get((w, h), theme.PANEL, theme.GOLD_DARK, 10), rect)
        y = rect.y + pad
        for img in imgs:
            surface.blit(img, (rect.x + pad, y))
            y += img.get_height()
        return rect

    def plate_rect(self, name: str, info: str, centre: tuple[float, float], font: int,
                   bounds: pygame.Rect, active: bool = False) -> pygame.Rect:
        """Where a name plate lies (kept inside ``bounds``, the window); the plate of a seat
        to act is wider by its turn marker."""
        name_img = self.text.render(name, font, theme.CREAM, True)
        info_img = self.text.render(info, font, theme.CREAM) if info else None
        pad = max(6, font // 2)
        w = name_img.get_width() + (info_img.get_width() + pad if info_img else 0) + pad * 2
        if active:
            w += turn_marker_width(font) + pad // 2
        h = name_img.get_height() + pad
        w = (w + 7) // 8 * 8
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (int(centre[0]), int(centre[1]))
        return rect.clamp(bounds)

    def draw_plate(self, surface: pygame.Surface, name: str, info: str, centre: tuple[float, float],
                   font: int, active: bool, dim: bool = False) -> pygame.Rect:
        """A seat's name plate; the plate of a seat to act is lit (a warm fill, a gold rim
        and a glow around it) and marked by a shape, a pointer before the name, so whose
        turn it is shows at a glance whatever colours one sees.  The glow is steady: a
        table waiting for the player redraws nothing.  A ``dim`` plate (a player who is
        out) is grey."""
        ink = DIM_INK if dim else theme.GOLD_LIGHT if active else theme.CREAM
        name_img = self.text.render(name, font, ink, True)
        info_img = self.text.render(info, font, DIM_INK if dim else theme.CREAM) if info else None
        pad = max(6, font // 2)
        rect = self.plate_rect(name, info, centre, font, surface.get_rect(), active)
        w, h = rect.size
        if active:
            glow = self._plate_glow((w, h))
            surface.blit(glow, glow.get_rect(center=rect.center))
            surface.blit(self.panels.get((w, h), ACTIVE_PLATE, theme.GOLD_LIGHT, h // 2, 3), rect)
        elif dim:
            surface.blit(self.panels.get((w, h), DIM_PLATE, DIM_RIM, h // 2, 2), rect)
        else:
            surface.blit(self.panels.get((w, h), theme.PANEL, theme.GOLD_DARK, h // 2, 2), rect)
        x = rect.x + pad
        if active:
            draw_turn_marker(surface, (x, rect.centery), font)
            x += turn_marker_width(font) + pad // 2
        surface.blit(name_img, (x, rect.centery - name_img.get_height() // 2))
        if info_img:
            left = rect.right - pad - info_img.get_width()
            surface.blit(info_img, (left, rect.centery - info_img.get_height() // 2))
            # a rule between the name and what follows it: "Computer 3" then "0" read as
            # one number
            divide = left - pad // 2
            half = max(3, h // 4)
            pygame.draw.line(surface, DIM_INK if dim else theme.GOLD_DARK,
                             (divide, rect.centery - half), (divide, rect.centery + half),
                             max(1, font // 12))
        return rect

    def _plate_glow(self, size: tuple[int, int]) -> pygame.Surface:
        """The glow around a lit plate, made once per plate size."""
        glow = self._glows.get(size)
        if glow is None:
            pad = max(8, size[1] // 2)
            w, h = size
            glow = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
            for i in range(pad, 0, -1):
                alpha = int(150 * (1 - i / (pad + 1)) ** 1.6)
                pygame.draw.rect(glow, (*theme.GOLD_LIGHT, alpha),
                                 (pad - i, pad - i, w + 2 * i, h + 2 * i),
                                 border_radius=h // 2 + i)
            if len(self._glows) > 16:
                self._glows.clear()
            self._glows[size] = glow
        return glow

    def _label_image(self, label: Label) -> tuple[pygame.Surface, pygame.Rect,
                                                  Optional[pygame.Rect]]:
        """A label's words as one image, where they go, and the pill under them."""
        img = self.text.render(label.text, label.size, label.colour, label.bold)
        if label.icon and self.card_icon is not None:
            img = self._with_icon(img, label)
        rect = img.get_rect(**{label.anchor: (int(label.pos[0]), int(label.pos[1]))})
        if not label.pill:
            return img, rect, None
        pad = max(4, label.size // 3)
        pill = pygame.Rect(0, 0, (rect.w + pad * 2 + 7) // 8 * 8, rect.h + 2)
        pill.center = rect.center
        return img, rect, pill

    def label_rect(self, label: Label) -> pygame.Rect:
        """What :meth:`draw_label` would cover (to find room for a label)."""
        _, rect, pill = self._label_image(label)
        return rect if pill is None else pill.union(rect)

    def draw_label(self, surface: pygame.Surface, label: Label) -> pygame.Rect:
        """Draw a label; returns what it covers (its pill, if it has one).  A label that
        would run past the window's edge is moved in (at 1280x720 with the largest text
        Briscola's "Mazziere" under West's plate, which stands at the edge, was cut)."""
        img, rect, pill = self._label_image(label)
        box = rect if pill is None else pill.union(rect)
        inside = box.clamp(surface.get_rect())
        if inside.topleft != box.topleft:
            dx, dy = inside.x - box.x, inside.y - box.y
            rect = rect.move(dx, dy)
            pill = None if pill is None else pill.move(dx, dy)
        if pill is not None:
            fill = (*label.chip, 235) if label.chip else (8, 30, 20, 190)
            surface.blit(self.panels.get(pill.size, fill, None, pill.h // 2), pill)
            surface.blit(img, rect)
            return pill.union(rect)
        surface.blit(img, rect)
        return rect

    def forget(self) -> None:
        """Drop every cached image (the table goes): text, panels, glows."""
        self.text.clear()
        self.panels.clear()
        self._glows.clear()

    def forget_icons(self) -> None:
        """The card design changed: labels with a card icon are drawn anew."""
        cache = self.text._cache
        for key in [k for k in cache if isinstance(k, tuple) and k and k[0] == "#icon"]:
            old = cache.pop(key)
            self.text.bytes -= old.get_width() * old.get_height() * old.get_bytesize()

    def _with_icon(self, img: pygame.Surface, label: Label) -> pygame.Surface:
        """The label's text after a small card face, as one image (cached with the text)."""
        assert self.card_icon is not None and label.icon
        ih = int(img.get_height() * 1.5)
        key = ("#icon", label.icon, ih, label.text, label.size, label.colour, label.bold)
        cached = self.text._cache.get(key)
        if cached is not None:
            return cached
        icon = self.card_icon(label.icon, ih)
        gap = max(4, label.size // 3)
        surf = pygame.Surface((icon.get_width() + gap + img.get_width(),
                               max(ih, img.get_height())), pygame.SRCALPHA)
        surf.blit(icon, (0, (surf.get_height() - icon.get_height()) // 2))
        surf.blit(img, (icon.get_width() + gap, (surf.get_height() - img.get_height()) // 2))
        self.text._keep(key, surf)
        return surf

    def _callout_words(self, callout: Callout, step: tuple[int, bool]
                       ) -> tuple[pygame.Surface, Optional[pygame.Surface], tuple[int, int]]:
        """A callout's words in a size (with its second line, or without) and its size."""
        font, second = step
        big = self.banner_size(font) if callout.urgent else int(font * 1.35)
        img = self.text.render(callout.text, big, theme.GOLD_LIGHT, True)
        sub = self.text.render(callout.sub, font, theme.CREAM) \
            if callout.sub and second else None
        bw = max(img.get_width(), sub.get_width() if sub else 0) + font * 3
        bh = img.get_height() + (sub.get_height() if sub else 0) + font
        return img, sub, ((bw + 31) // 32 * 32, (bh + 15) // 16 * 16)

    def draw_callout(self, surface: pygame.Surface, callout: Callout, font: int,
                     clear: Sequence[pygame.Rect] = ()) -> pygame.Rect:
        """A standing banner, pulsing; brighter when ``urgent``; given a room, clear of the
        boxes of ``clear`` within it, its glow too (:func:`clear_spot`), its words smaller,
        down a third, then without their second line (the prompt's line says how to act
        too), then smaller again."""
        import math

        step, rect = clear_spot(self._steps(font, callout.room),
                                lambda s: self._callout_words(callout, s)[2],
                                callout.pos, callout.room, clear, max(4, font // 3) + 14)
        img, sub, (bw, bh) = self._callout_words(callout, step)
        font = step[0]
        rect.clamp_ip(surface.get_rect())
        wave = 0.5 + 0.5 * math.sin(self.clock * (7.0 if callout.urgent else 4.0))
        if callout.urgent:
            ring = rect.inflate(14, 14)
            glow = self.panels.get(ring.size, (255, 214, 110, 120), None, ring.h // 3)
            glow.set_alpha(int(60 + 195 * wave))
            surface.blit(glow, ring)
            glow.set_alpha(255)
        rim = theme.GOLD_LIGHT if callout.urgent else theme.GOLD
        surface.blit(self.panels.get((bw, bh), (6, 26, 16, 228), rim, bh // 3, 3), rect)
        top = rect.y + font // 2
        surface.blit(img, img.get_rect(midtop=(rect.centerx, top)))
        if sub:
            surface.blit(sub, sub.get_rect(midtop=(rect.centerx, top + img.get_height())))
        return rect

    def draw_slot(self, surface: pygame.Surface, slot: Slot) -> None:
        """An empty place on the felt; a highlighted one (somewhere to act) has a brighter
        rim twice as thick, so it differs by its outline, not by its hue alone."""
        r = slot.rect
        colour = (255, 230, 160, 150) if slot.highlight else (255, 255, 255, 34)
        rim = 4 if slot.highlight else 2
        surface.blit(self.panels.get((r.w, r.h), (0, 0, 0, 26), colour, max(4, r.w // 10), rim),
                     r)

    def draw_pill(self, surface: pygame.Surface, words: str, pos: tuple[float, float],
                  font: int, colour: Colour = theme.CREAM, rim: Colour = theme.GOLD_DARK,
                  bold: bool = False, anchor: str = "center") -> pygame.Rect:
        """One line of words on a dark rounded pill with a rim, its ``anchor`` at ``pos``."""
        img = self.text.render(words, font, colour, bold=bold)
        rect = self.pill_box(img, pos, font, anchor)
        w, h = rect.size
        surface.blit(self.panels.get((w, h), (8, 30, 20, 200), rim, h // 2), rect)
        surface.blit(img, img.get_rect(center=rect.center))
        return rect

    @staticmethod
    def pill_box(img: pygame.Surface, pos: tuple[float, float], font: int,
                  anchor: str) -> pygame.Rect:
        """Where a pill of these rendered words lies, its ``anchor`` at ``pos``."""
        pad = max(10, font)
        rect = pygame.Rect(0, 0, (img.get_width() + pad * 2 + 15) // 16 * 16,
                           img.get_height() + max(4, font // 3))
        setattr(rect, anchor, (int(pos[0]), int(pos[1])))
        return rect

    def prompt_rect(self, centre: tuple[float, float], font: int) -> Optional[pygame.Rect]:
        """Where :meth:`draw_prompt` lays its line now (None: no words), for what stands
        beside it to keep clear (the Hint beside a picker)."""
        words = self.error or self.prompt
        if not words:
            return None
        return self.pill_box(self.text.render(words, font, theme.CREAM, bold=bool(self.error)),
                              centre, font, "center")

    def draw_prompt(self, surface: pygame.Surface, centre: tuple[float, float],
                    font: int) -> Optional[pygame.Rect]:
        """The prompt line, or the error that replaces it for a while."""
        words = self.error or self.prompt
        if not words:
            return None
        error = bool(self.error)
        return self.draw_pill(surface, words, centre, font, ERROR if error else theme.CREAM,
                              (200, 90, 80) if error else theme.GOLD_DARK, bold=error)

    def _banner_words(self, b: Banner, step: tuple[int, bool]
                      ) -> tuple[pygame.Surface, Optional[pygame.Surface], tuple[int, int], int]:
        """A banner's words in a size (with its second line, or without), its size and its
        words' height."""
        size, second = step
        img = self.text.render(b.text, self.banner_size(size), theme.GOLD_LIGHT, True)
        sub = self.text.render(b.sub, size, theme.CREAM) if b.sub and second else None
        bw = max(img.get_width(), sub.get_width() if sub else 0) + size * 4
        inner = img.get_height() + (sub.get_height() if sub else 0)
        bh = (inner + size * 2 // 3 + 7) // 8 * 8
        return img, sub, ((bw + 31) // 32 * 32, bh), inner

    def _banner_box(self, b: Banner, step: tuple[int, bool]) -> tuple[int, int]:
        """A banner's size in a step of :meth:`_steps`."""
        return self._banner_words(b, step)[2]

    @staticmethod
    def _steps(font: int, room: Optional[float]) -> list[tuple[int, bool]]:
        """The sizes a panel of words (a banner, a callout) may take, largest first, with
        its second line or without: without a room, ``font`` whole; with one, down a
        third, then without the second line (the prompt's line, a caption or a pop says
        it too), then down to half (the largest text setting's growth is a half, and a
        room short of boxes may need less still), never under 11 px."""
        if room is None:
            return [(font, True)]
        sizes = list(range(font, min(font, max(11, font // 2)) - 1, -1))
        return [(s, True) for s in sizes if s * 3 >= font * 2] + \
            [(s, False) for s in sizes] + [(s, True) for s in sizes if s * 3 < font * 2]

    def draw_effects(self, surface: pygame.Surface, size: tuple[int, int], font: int,
                     clear: Sequence[pygame.Rect] = ()) -> list[tuple[str, pygame.Rect]]:
        """Banners and pops; returns what each covers, as ("banner" | "pop", rect).  A
        banner given a room keeps clear of the boxes of ``clear`` within it
        (:func:`clear_spot`)."""
        drawn: list[tuple[str, pygame.Rect]] = []
        w, h = size
        for b in self.banners:
            if b.alpha <= 0 or not b.alive:
                continue
            centre = (w // 2, int(h * 0.47 if b.y is None else b.y))
            steps, room = self._steps(font, b.room), b.room
            if room is None and clear:
                # no room given: its own height, and words down a third at most to keep
                # clear of the table's boxes (Bolola's deal banner lay on West's dealer
                # chip at 1000x640 with the largest text)
                room = self._banner_box(b, (font, True))[1]
                steps = [s for s in self._steps(font, room) if s[1] and s[0] * 3 >= font * 2]
            step, rect = clear_spot(steps, partial(self._banner_box, b), centre, room, clear,
                                    max(4, font // 3), surface.get_rect())
            img, sub, (bw, bh), inner = self._banner_words(b, step)
            drawn.append(("banner", rect))
            panel = self.panels.get((bw, bh), (6, 26, 16, 215), theme.GOLD, bh // 3, 2)
            panel.set_alpha(b.alpha)
            surface.blit(panel, rect)
            panel.set_alpha(255)
            img.set_alpha(b.alpha)
            top = rect.y + (bh - inner) // 2
            surface.blit(img, img.get_rect(midtop=(rect.centerx, top)))
            img.set_alpha(255)
            if sub:
                sub.set_alpha(b.alpha)
                surface.blit(sub, sub.get_rect(midtop=(rect.centerx, top + img.get_height())))
                sub.set_alpha(255)
        # a newer pop hides an older one it would cover (a total, then the points there)
        shown: list[tuple[ScorePop, pygame.Surface, pygame.Rect]] = []
        for p in reversed(self.pops):
            if p.alpha <= 0:
                continue
            img = self.text.render(p.text, max(11, int(self.pop_size(font) * p.size)),
                                   p.colour, True)
            box = pygame.Rect(0, 0, (img.get_width() + font + 7) // 8 * 8, img.get_height() + 2)
            setattr(box, p.anchor, (int(p.x), int(p.y)))
            if not any(box.colliderect(newer) for _, _, newer in shown):
                shown.append((p, img, box))
        for p, img, box in reversed(shown):
            w, h = box.size
            rect = img.get_rect(center=box.center)
            pill = self.panels.get((w, h), (6, 26, 16, 220), p.colour, h // 2)
            pill.set_alpha(p.alpha)
            drawn.append(("pop", blitted(surface, pill, box)))
            pill.set_alpha(255)
            img.set_alpha(p.alpha)
            surface.blit(img, rect)
            img.set_alpha(255)
        return drawn
