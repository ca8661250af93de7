"""Drawing the table: felt, slots, cards, labels, plates, score board (with the look
back button by it), bars, prompt.

Drawing never changes the game or the display model: it reads the board, the
shown view and the HUD (Tuxemon's rule: ``draw`` changes no state).  Slots and
labels are asked of the adapter only when the board's counts or the window
change.

What drawing does record is its own paint log: each thing painted (a card in
its exact state, a label, a plate, a button, an effect) with the rectangle it
covers.  scenes/dirty.py compares a frame's log with the last one, so the frame
is painted only within the rectangles where something changed (at 3840x2160 the
whole picture costs 7 ms) and the app puts on screen only those
(:meth:`TablePainter.damage`), and :meth:`TablePainter.animating` tells the app
when nothing will change by itself, so it can sleep until the next input.  Every
rectangle logged is what the thing covers whatever the clip (scenes/dirty.py's
``blitted`` and ``unclipped``): the pass that only logs draws with an empty clip.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Hashable, Optional, Sequence, TypeVar

import pygame

from scenes.dirty import DirtyFrame, PaintLog, box
from scenes.kit import theme
from scenes.kit.hud import Hud, Label
from scenes.kit.toast import band as notices_band
from scenes.kit.widgets import ChoiceBar
from scenes.table.board import Board
from scenes.table.captions import Captions
from scenes.table.card_marks import CardMarks
from scenes.table.card_pass import CardPass
from scenes.table.controls import TableInput
from scenes.table.netplay import draw_light
from scenes.table.phrases import TablePhrases
from scenes.table.plates import Plates
from scenes.table.position import Position
from scenes.table.ranks import Ranks
from scenes.table.stage import Stage
from scenes.table.story import CornerButtons
from scenes.table.strip_place import card_reach, choose_spot, plate_reach, strip_spots

T = TypeVar("T")

#: what a phrase's bubble keeps clear of where it can (the paint log's kinds): the score
#: board, the corner buttons, the look back button, the rank strip, the plates and the
#: guest's light, and the words laid on the felt (the trump badge, the dealer chip); so do
#: a banner and a callout given a room, and the cards at rest there
PHRASE_CLEARS = frozenset({"board", "corner", "look_back", "strip", "plate", "light", "label"})


class TablePainter:
    """The table's draw(), and what it tells the app about the frame it drew.

    It reads, never changes: the position (the shown view, the turn), the board's
    cards on the stage, the input (the bar, the popup, the selection, what is lit),
    the rank strip and notes, the corner buttons, the captions; ``busy``, ``link``,
    ``art_key`` (the card design now) and ``drawn_whole`` (whether this frame must be
    painted whole: scenes/dirty.py's ``drawn_whole``) as callables."""

    def __init__(self, adapter: Any, position: Position, board: Board, stage: Stage, hud: Hud,
                 input: TableInput, ranks: Ranks, corner: CornerButtons, phrases: TablePhrases,
                 captions: Optional[Captions], seats: int, busy: Callable[[], bool],
                 link: Callable[[], Optional[str]], art_key: Callable[[], tuple],
                 drawn_whole: Callable[[], bool]) -> None:
        self.adapter = adapter
        self.position = position
        self.board = board
        self.stage = stage
        self.hud = hud
        self.input = input
        self.ranks = ranks
        self.corner = corner
        self.phrases = phrases
        self.captions = captions
        self.seats = seats
        self.busy = busy
        self.link = link
        self.art_key = art_key
        self.drawn_whole = drawn_whole
        self.dirty = DirtyFrame()
        self.plates = Plates(adapter, hud, board, position, ranks.shown,
                             lambda: self._board_box, self._lit_plate,
                             lambda: [hud.label_rect(label) for label in self._decorations()[1]])
        self._deco_key: tuple = ()
        self._deco: tuple[list, list] = ([], [])
        #: the marks on cards: the halo of a card to claim, the picked ones' ticks, the caret
        self.marks = CardMarks(stage, hud)
        self.look_label = ""                      # the look back button's words ("": none)
        self.look_rect: Optional[pygame.Rect] = None  # where the last draw put that button
        #: where the rank strip stays, and for which window, cards and strip it was chosen
        self._strip_rect: Optional[pygame.Rect] = None
        self._strip_key: tuple = ()
        self.paint_log: PaintLog = {}             # what the last draw painted, and where
        #: the cards, in each pass (scenes/table/card_pass.py)
        self.cards = CardPass(stage, board, input, self.marks, art_key)
        self._board_box = pygame.Rect(0, 0, 0, 0)  # where the last draw's score board lies
        self._drawn_key: tuple = ()               # the screen key of the last draw
        #: while a frame is drawn: what its passes share, worked out in the first (None
        #: between frames: asked then, it is worked out anew)
        self._frame: Optional[dict[Any, Any]] = None

    def forget_decorations(self) -> None:
        """The slots and labels are asked of the adapter again at the next draw."""
        self._deco_key = ()

    def forget(self) -> None:
        """The table leaves: its halos go back to the system."""
        self.marks.forget()

    def _decorations(self) -> tuple[list, list]:
        """Slots and labels for the view as shown, its zones as the cards now lie (a hand's
        name moves with the hand as it is dealt or played, a pile's count as it is drawn)."""
        counts = tuple((zone, len(cards)) for zone, cards in self.board.zones.items())
        key = (self.stage.layout.size, counts, self.ranks.shown())
        if self._deco_key != key:
            shown = dict(self.position.shown, zones=self.board.shown_zones())
            self._deco = (self.adapter.slots(shown, self.stage.layout),
                          self.adapter.labels(shown, self.stage.layout))
            look = self.adapter.look_back(shown, self.stage.layout)
            self.look_label = look.button if look is not None else ""
            self._deco_key = key
        return self._deco

    def _screen_key(self) -> tuple:
        """What the screen shows besides moving cards and effects: when it changes the table
        must be drawn again, even if nothing is animating (at the "instant" speed a whole
        move lands within one update)."""
        pos = self.position
        return (pos.version, self.stage.layout.size, self.busy(), tuple(pos.to_act), pos.over,
                self.hud.prompt, self.hud.error, self.input.cursor, tuple(self.input.selected),
                self.art_key(), self.input.interaction_key, len(self.board.leaving),
                None if self.input.callout is None else self.input.callout.text,
                None if self.captions is None else self.captions.text,
                self.link(), tuple(self.adapter.names.items()), self.adapter.away,
                self.ranks.note, self.ranks.shown(), self.phrases.screen_key(),
                self.stage.images.generation)

    def draw(self, surface: pygame.Surface) -> None:
        """The table, painted only where it changed since the frame before."""
        self.stage.images.adopt()        # faces painted since: drawn from now on
        self._drawn_key = self._screen_key()
        self._frame = {}
        try:
            self.paint_log = self.dirty.draw(surface, self._paint, self.drawn_whole())
        finally:
            self._frame = None

    def _once(self, name: Hashable, make: Callable[[], T]) -> T:
        """``make()``, worked out once a frame: a frame drawn in part is painted in up to
        five passes (scenes/dirty.py), and the words' and plates' places, the same in each,
        were worked out again in every pass (a quarter of a clipped pass's time)."""
        if self._frame is None:
            return make()
        if name not in self._frame:
            self._frame[name] = make()
        found: T = self._frame[name]
        return found

    def _paint(self, surface: pygame.Surface) -> PaintLog:
        """The whole table (within the surface's clip); its paint log."""
        lay = self.stage.layout
        log: PaintLog = {}
        self.paint_log = log
        surface.blit(theme.felt_background(lay.size), (0, 0))
        if self.position.update is None:
            self._draw_waiting(surface, log)   # a guest's table before the host's first update
            return log
        slots, labels = self._decorations()
        lines, labels = self._once("words", lambda: self._words(labels))
        for slot in slots:
            self.hud.draw_slot(surface, slot)
            log[("slot", tuple(slot.rect), slot.highlight)] = box(slot.rect)
        resting, flying = self.cards.draw(
            surface, log, lambda: self._draw_labels(surface, labels, log))
        if not flying:
            self._draw_labels(surface, labels, log)
        if self.adapter.select_cards:
            self.marks.selection(surface, self.board.human_hand, set(self.input.selected), log)
        self._draw_plates(surface, log)
        rect = self.hud.draw_scoreboard(surface, lines, (lay.margin, lay.margin), lay.font(16))
        log[("board", tuple(lines))] = box(rect)
        self.corner.draw(surface, log, lay, self.hud)   # first: the others keep clear of it
        self._draw_light(surface, log)
        strip = self._strip_place(rect, log)
        self._draw_look_button(surface, rect, log, resting, strip)
        self._draw_rank_strip(surface, strip, log)
        # over the table's boxes, and clear of them and of its words where it can be
        boxes = [pygame.Rect(r) for k, r in log.items() if k[0] in PHRASE_CLEARS]
        self.phrases.draw(surface, log, lay, self.hud.text, self.plate_rect,
                          boxes if self.phrases.said else [])
        bar = self.input.bar
        if bar and not self.input.popup:
            if bar.title:
                log[("panel", bar.title)] = box(self._draw_panel(surface, bar))
            bar.draw(surface, self.hud.text, self.hud.panels, bar.font or lay.font(17),
                     self.stage.icon)
            _log_bar(log, "bar", bar)
        if not self.busy() and self.input.callout is not None:
            rect = self.hud.draw_callout(surface, self.input.callout, lay.font(18),
                                         boxes + resting)
            log[("callout", self.input.callout.text, self.hud.clock)] = box(rect.inflate(16, 16))
        if self.captions is not None:
            self._draw_captions(surface, log, self.captions, resting)
        else:
            prompt = self.hud.draw_prompt(surface, *self.input.prompt_place())
            if prompt is not None:
                log[("prompt", self.hud.error, self.hud.prompt)] = box(prompt)
            # "won because ...", while the prompt's line is free
            note = self.ranks.note_shown(bool(self.hud.prompt or self.hud.error))
            if prompt is None and note:
                rect = self.hud.draw_pill(surface, note, (lay.width / 2, lay.prompt_y),
                                          lay.font(16), theme.GOLD_LIGHT, theme.GOLD_DARK)
                log[("note", note)] = box(rect)
        if self.input.popup:
            log[("panel", "popup", self.input.popup.title)] = box(self._draw_popup(surface))
            _log_bar(log, "popup", self.input.popup)
        hint = self.input.hint_bar
        if hint:
            hint.draw(surface, self.hud.text, self.hud.panels, lay.font(17), self.stage.icon)
            _log_bar(log, "hint", hint)
        # a banner given a room keeps clear of the table's boxes and its cards at rest there
        for kind, rect in self.hud.draw_effects(surface, lay.size, lay.font(20),
                                                boxes + resting):
            log[("effect", kind, tuple(rect), self.hud.clock)] = box(rect.inflate(8, 8))
        return log

    def _draw_waiting(self, surface: pygame.Surface, log: PaintLog) -> None:
        """No position yet: the felt and what the prompt says (the game's parts read a
        view the table does not have until its first update)."""
        lay = self.stage.layout
        rect = self.hud.draw_prompt(surface, (lay.width / 2, lay.prompt_y), lay.font(16))
        if rect is not None:
            log[("prompt", self.hud.error, self.hud.prompt)] = box(rect)

    def _draw_look_button(self, surface: pygame.Surface, board: pygame.Rect,
                          log: PaintLog, cards: Sequence[pygame.Rect] = (),
                          strip: Optional[pygame.Rect] = None) -> None:
        """The small "Last trick  L" button by the score board, while there is a trick
        or frame to look back at; where it lies is kept for the mouse (``_look_rect``)."""
        label = self.look_label
        if not label:
            self.look_rect = None
            return
        lay = self.stage.layout
        font = lay.font(14)
        hover = self.input.look_hover
        img = self.hud.text.render(label, font, theme.GOLD_LIGHT if hover else theme.CREAM, True)
        key = self.hud.text.render("L", Hud.badge_size(font) + 2, theme.GOLD, True)
        pad = max(6, font // 2)
        h = img.get_height() + pad
        size = (img.get_width() + key.get_width() + pad * 3, h)
        gap = max(4, font // 3)
        # under the board, else beside it, else in the top right corner under the corner
        # buttons: never on a name plate, a label or a card at rest (a small window puts
        # the left player's plate just under the board; five or six seats put a hand
        # beside it)
        # (never touching them either: a gap from each)
        taken = [self.plate_rect(seat) for seat in range(self.seats)]
        taken += [pygame.Rect(r) for k, r in log.items() if k[0] in ("label", "corner", "light")]
        taken += list(cards) + ([strip] if strip is not None else [])   # the strip's place
        taken = [r.inflate(gap * 2, gap * 2) for r in taken]
        under = pygame.Rect((board.left, board.bottom + gap), size)
        spots = [under, pygame.Rect((board.right + gap * 2, board.top), size),
                 pygame.Rect((lay.width - size[0] - lay.margin, lay.corner_bottom + gap), size)]
        # then under the board past what lies there (the left player's plate)
        spots += [under.move(r.right - under.left, 0) for r in taken if r.colliderect(under)]
        window = pygame.Rect(0, 0, *lay.size)
        rect = next((r for r in spots if window.contains(r) and r.collidelist(taken) < 0),
                    spots[0])
        fill = (34, 80, 52, 240) if hover else (10, 38, 25, 225)
        surface.blit(self.hud.panels.get(rect.size, fill, theme.GOLD_LIGHT if hover
                                         else theme.GOLD_DARK, h // 2, 2), rect)
        surface.blit(img, img.get_rect(midleft=(rect.x + pad, rect.centery)))
        surface.blit(key, key.get_rect(midright=(rect.right - pad, rect.centery)))
        self.look_rect = rect
        log[("look_back", label, hover)] = box(rect)

    def taken(self) -> list[pygame.Rect]:
        """The name plates, and the words on the felt as last drawn: what a grid of
        buttons and the Hint beside a picker keep off (scenes/table/controls.py)."""
        labels = [pygame.Rect(r) for k, r in self.paint_log.items() if k[0] == "label"]
        return [self.plate_rect(seat) for seat in range(self.seats)] + labels

    def fixed(self) -> list[pygame.Rect]:
        """The boxes drawn where they are whatever the bar does, as last drawn: the score
        board, the corner buttons, the look back button (a grid of icons keeps off them)."""
        lay = self.stage.layout
        boxes = [self._board_box, self.corner.reach(lay, self.hud), self.look_rect]
        return [pygame.Rect(r) for r in boxes if r is not None and r.w]

    def strip_rect(self) -> Optional[pygame.Rect]:
        """Where the rank strip stays (None: not shown, or no place at this size)."""
        if not self.ranks.lines() or self._strip_key[:1] != (self.stage.layout.size,):
            return None
        return self._strip_rect

    def _strip_place(self, board: pygame.Rect, log: PaintLog) -> Optional[pygame.Rect]:
        """Where the rank strip stays at this window size (scenes/table/strip_place.py):
        chosen once, from what can ever lie there; None: no strip at this size."""
        lines = self.ranks.lines()
        if not lines:
            return None
        lay = self.stage.layout
        size = self.hud.board_size(lines, lay.font(13))
        # again when the seats' names change (a guest's table learns them after its first
        # frame: "Computer 2" ran onto a strip chosen clear of "East")
        names = tuple(self.plates.name(s, lay) for s in range(self.seats))
        key = (lay.size, lay.card_h, size, names)
        if self._strip_key != key:
            self._strip_key = key
            self._strip_rect = self._choose_strip(lay, size, board, log)
        return self._strip_rect

    def _choose_strip(self, lay: Any, size: tuple[int, int], board: pygame.Rect,
                      log: PaintLog) -> Optional[pygame.Rect]:
        window = pygame.Rect(0, 0, *lay.size)
        plates = []
        for seat in range(self.seats):
            below = lay.seat(seat).side != "bottom"
            lit = self.hud.plate_rect(self.plates.name(seat, lay),
                                      self.adapter.plate_info(self.position.shown, seat),
                                      self.plate_centre(seat), lay.font(15), window, True)
            plates.append(plate_reach(lit, lay, below))
        taken = list(plates)
        view = self.position.view
        zones = set(self.board.zones) | set(view.get("zones", {}))
        for zone in sorted(zones):          # every zone of the game, empty ones too
            n = max(len(self.board.zones.get(zone, [])), self.adapter.most_cards(view))
            taken += card_reach(self.board.targets(zone, n), lay)
        taken += [pygame.Rect(r) for k, r in log.items()
                  if k[0] in ("label", "board", "corner", "light", "note", "callout")]
        taken += [pygame.Rect(b.rect) for b in self.input.bar.buttons]
        taken.append(notices_band(lay.size, self.input.clear_top()))
        corner = self.corner.reach(lay, self.hud)
        if corner is not None:
            taken.append(corner)
        you = plates[self.adapter.human_seat % self.seats] if plates else window
        return choose_spot(lay, strip_spots(lay, size, board, you, corner), taken)

    def _draw_rank_strip(self, surface: pygame.Surface, rect: Optional[pygame.Rect],
                         log: PaintLog) -> None:
        """The rank strip (scenes/table/ranks.py) as a small board where it stays."""
        lines = self.ranks.lines()
        if rect is None or not lines:
            return
        self.hud.draw_scoreboard(surface, lines, rect.topleft, self.stage.layout.font(13))
        log[("strip", tuple(lines))] = box(rect)

    def _draw_captions(self, surface: pygame.Surface, log: PaintLog, captions: Captions,
                       resting: Sequence[pygame.Rect]) -> None:
        """A table that explains itself: the caption in the prompt's place (nobody here is
        prompted), a little larger, and the standing footer line in the bottom right corner."""
        lay = self.stage.layout
        if captions.text:
            rect = self.hud.draw_pill(surface, captions.text, (lay.width / 2, lay.prompt_y),
                                      lay.font(18), theme.CREAM, theme.GOLD)
            log[("caption", captions.text)] = box(rect)
        if captions.footer:
            # in the bottom right corner, else over the cards at rest it would lie on (a
            # landlord's twenty cards reach that corner at 800x500)
            corner = (lay.width - lay.margin, lay.height - lay.margin)
            img = self.hud.text.render(captions.footer, lay.font(15), theme.GOLD_LIGHT, True)
            room = self.hud.pill_box(img, corner, lay.font(15), "bottomright")
            hit = [r.top for r in resting if r.colliderect(room)]
            if hit:
                corner = (corner[0], min(hit) - lay.margin)
            rect = self.hud.draw_pill(surface, captions.footer, corner, lay.font(15),
                                      theme.GOLD_LIGHT, theme.GOLD, True, "bottomright")
            log[("footer", captions.footer)] = box(rect)

    def _words(self, labels: list[Label]) -> tuple[list[tuple[str, str]], list[Label]]:
        """The score board's lines (and its box) and the labels moved clear of it."""
        return self._board_lines(labels), self._clear_of_board(labels)

    def _board_lines(self, labels: list[Label]) -> list[tuple[str, str]]:
        """The score board's lines, and where it lies (``_board_box``): its long lines
        broken short of a label it would lie on that has no room right of it, before the
        corner buttons or the rank strip (the trump badge, past the board of an online
        table's names, ran onto the corner buttons at 1000x640 with the largest text, and
        onto the card order at 900x560)."""
        lay = self.stage.layout
        font = lay.font(16)
        lines = self.adapter.scoreboard(self.position.shown, lay)
        box = pygame.Rect((lay.margin, lay.margin), self.hud.board_size(lines, font))
        window = pygame.Rect(0, 0, *lay.size)
        kept: Optional[list[pygame.Rect]] = None
        for label in labels:
            rect = self.hud.label_rect(label)
            room = rect.left - lay.margin * 2
            if not rect.colliderect(box) or room < box.w // 2:
                continue
            if kept is None:        # the corner buttons and the rank strip keep their places
                kept = [r for r in (self.corner.reach(lay, self.hud), self.strip_rect())
                        if r is not None]
            moved = rect.move(box.right + lay.margin - rect.left, 0)
            if not window.contains(moved) or moved.collidelist(kept) >= 0:
                lines = self.hud.board_within(lines, font, room)
                box.size = self.hud.board_size(lines, font)
        # short of the cards at rest it would lie on from the left (Bocce's top row of
        # bocce, Dou Dizhu's landlord's cards, past a board of long names)
        cards = [self.stage.images.box_of(s) for s in self.board.sprites() if not s.flying]
        for _ in range(3):          # a board made taller may meet the next row's cards
            hit = [c.left for c in cards if c.colliderect(box)
                   and c.left - box.left > box.w // 3]
            if not hit:
                break
            lines = self.hud.board_within(lines, font, min(hit) - lay.margin * 2)
            box.size = self.hud.board_size(lines, font)
        self._board_box = box
        return lines

    def _clear_of_board(self, labels: list[Label]) -> list[Label]:
        """The labels with those the score board would cover moved right past it: the
        board grows with its words ("Bets 1 · Babbeo used") and with the larger text
        setting; a seat's line by its plate near the top left corner stays where it is
        until the board reaches it.  A line that runs onto cards at rest at one end slides
        along its line clear of them, where that is clear of them and of the other words
        and in the window (at 1000x640 with the largest text the culetto's line ran onto
        East's hand)."""
        lay, board = self.stage.layout, self._board_box
        cards = [self.stage.images.box_of(s) for s in self.board.sprites() if not s.flying]
        # the plates, lit, as cards: a long name's plate reaches further in (Briscola's
        # culetto line lay on "Computer 2" at 1000x640 with the largest text)
        cards += [self._lit_plate(seat) for seat in range(self.seats)]
        window = pygame.Rect(0, 0, *lay.size)
        rects = [self.hud.label_rect(label) for label in labels]
        out = []
        for i, label in enumerate(labels):
            rect = rects[i]
            dx, dy = 0, 0
            if board.w and rect.colliderect(board):
                # right past it; under it where that lands on cards (a row's name)
                right = (board.right + lay.margin - rect.left, 0)
                down = (0, board.bottom + lay.margin - rect.top)
                dx, dy = next((m for m in (right, down) if rect.move(m).collidelist(cards) < 0),
                              right)
            moved = rect.move(dx, dy)
            hit = [c for c in cards if c.inflate(-2, -2).colliderect(moved.inflate(-2, -2))]
            if hit:
                # along its line, clear of the cards and of the other words
                others = cards + rects[:i] + rects[i + 1:]
                aside = sorted((min(c.left for c in hit) - lay.margin - moved.right,
                                max(c.right for c in hit) + lay.margin - moved.left), key=abs)
                dx += next((d for d in aside if window.contains(moved.move(d, 0))
                            and moved.move(d, 0).collidelist(others) < 0), 0)
            if dx or dy:
                label = replace(label, pos=(label.pos[0] + dx, label.pos[1] + dy))
            out.append(label)
        return out

    def _draw_labels(self, surface: pygame.Surface, labels: list, log: PaintLog) -> None:
        for label in labels:
            rect = self.hud.draw_label(surface, label)
            log[("label", label.text, label.pos, label.size, label.colour, label.icon,
                 self.art_key())] = box(rect)

    # -- what changed -----------------------------------------------------------------------
    def damage(self) -> Optional[list[pygame.Rect]]:
        """The rectangles that differ from the frame drawn before (after a draw), or None
        when so much changed that the whole window should be presented."""
        return self.dirty.damage

    def animating(self) -> bool:
        """Whether the table will look different in the next frame without any input."""
        return (self.busy() or bool(self.hud.banners) or bool(self.hud.pops) or bool(self.input.lit)
                or self.stage.images.waiting
                or (self.input.callout is not None and not self.busy()) or self.input.lift_moving
                or self._screen_key() != self._drawn_key)

    def plate_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's name plate lies now."""
        lay = self.stage.layout
        return self.hud.plate_rect(self.plates.name(seat, lay),
                                   self.adapter.plate_info(self.position.shown, seat),
                                   self.plate_centre(seat),
                                   lay.font(15), pygame.Rect(0, 0, *lay.size),
                                   seat in self._acting())

    def _lit_plate(self, seat: int) -> pygame.Rect:
        """Where a seat's plate lies lit (its widest)."""
        lay = self.stage.layout
        return self.hud.plate_rect(self.plates.name(seat, lay),
                                   self.adapter.plate_info(self.position.shown, seat),
                                   self.plate_centre(seat), lay.font(15),
                                   pygame.Rect(0, 0, *lay.size), True)

    def plate_centre(self, seat: int) -> tuple[float, float]:
        """Where a seat's plate is centred: its place at the table, moved right past the
        score board where the board reaches it (larger words make both wider), as wide as
        when it is lit so that it never moves when its seat's turn comes."""
        return self._once(("plate", seat), lambda: self._plate_centre(seat))

    def _plate_centre(self, seat: int) -> tuple[float, float]:
        lay, board = self.stage.layout, self._board_box
        info = self.adapter.plate_info(self.position.shown, seat)
        centre = self.plates.centre(seat, lay, info)
        if not board.w:
            return centre
        lit = self.hud.plate_rect(self.plates.name(seat, lay), info, centre,
                                  lay.font(15), pygame.Rect(0, 0, *lay.size), True)
        if not lit.colliderect(board.inflate(lay.margin, lay.margin)):
            return centre
        return (centre[0] + board.right + lay.margin - lit.left, centre[1])

    def _acting(self) -> set[int]:
        """The seats whose plates are lit: those to act, once the screen has caught up."""
        return set(self.position.to_act) if not self.busy() else set()

    def _draw_plates(self, surface: pygame.Surface, log: PaintLog) -> None:
        lay = self.stage.layout
        acting = self._acting()
        for seat in range(self.seats):
            name = self.plates.name(seat, lay)
            info = self.adapter.plate_info(self.position.shown, seat)
            active = seat in acting
            dim = self.adapter.plate_dimmed(self.position.shown, seat)
            rect = self.hud.draw_plate(surface, name, info, self.plate_centre(seat),
                                       lay.font(15), active, dim)
            glow = rect.inflate(rect.h * 2, rect.h * 2) if active else rect
            log[("plate", seat, name, info, active, dim)] = box(glow)

    def _draw_light(self, surface: pygame.Surface, log: PaintLog) -> None:
        """A guest's connection light, in the top right corner: just left of the corner
        buttons, level with them (they keep the corner, as at every table), a gap from
        them (its ring touched Log at 900x560)."""
        link = self.link()
        if link is None:
            return
        lay = self.stage.layout
        radius = max(4, lay.font(15) // 3)
        right = min((b.rect.left for b in self.corner.buttons if b.rect is not None),
                    default=lay.width - lay.margin + radius)
        gap = max(4, lay.font(13) // 3)
        # the light's box reaches its radius and its ring's 3 px past its centre
        centre = (round(right - radius - 3 - gap), round(lay.margin + lay.corner_h / 2))
        log[("light", link)] = box(draw_light(surface, link, centre, radius))

    def _draw_popup(self, surface: pygame.Surface) -> pygame.Rect:
        popup = self.input.popup
        panel = self._draw_panel(surface, popup)
        popup.draw(surface, self.hud.text, self.hud.panels, self.stage.layout.font(17),
                   self.stage.icon)
        return panel

    def _draw_panel(self, surface: pygame.Surface, bar: ChoiceBar) -> pygame.Rect:
        """The panel under a titled bar of buttons (the popup, a picker)."""
        lay = self.stage.layout
        panel = self.input.panel(bar)
        title = self.hud.text.render(bar.title, self.input.title_font(bar), theme.GOLD_LIGHT,
                                     True)
        pad = max(8, lay.card_h // 12)
        surface.blit(self.hud.panels.get(panel.size, (6, 26, 16, 235), theme.GOLD, 12), panel)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + pad * 0.6)))
        return panel


def _log_bar(log: PaintLog, name: str, bar: ChoiceBar) -> None:
    for i, b in enumerate(bar.buttons):
        log[(name, i, b.label, b.enabled, bar.focus == i, bar.hover == i, b.icon)] = \
            box(b.rect.inflate(8, 10))
