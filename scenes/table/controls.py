"""Input at the table: clicks, keys, the selection, and what is clickable now.  The mouse
(pointer.py), the keys (keyboard.py), the Hint (hints.py) and the selection
(selection.py) are parts of :class:`TableInput`, each a class of its own; what may be
done now, the bars and the popup are worked out here.

A key or a click made while the screen has not caught up with the game (an
animation plays) only hurries it: that input is spent, never kept to act later,
because it was aimed at a position the player has not seen yet (a click that
hurried a reveal must not become a stand at a total nobody read).  Only input
made when the table is ready acts.  A key pressed while others are to play does
nothing and says nothing; a click on a card then says why it cannot be played.
The rules (F1), the look back at the last trick or frame (L, or its button
by the score board), the pace (F fast forward; K and the bar's buttons once
you are out: scenes/table/pace.py) and the rank strip (O: scenes/table/ranks.py)
change nothing in the game, so they never wait: the table runs them before its
input sees a key (scenes/table/keys.py).

When it is your turn the keyboard cursor rests on a card you may play, and moves
among playable cards only, so Enter always plays the chosen card.

Games that play several cards at once (the adapter's ``select_cards``) use a
selection: a click (or a drag across the fan) or Space picks cards, which stay
raised (the cursor, of the keys or the mouse, only glows with a caret under it, so it
never looks picked); Enter or the Play button plays them, and Play is enabled only while the
picked cards form a legal action.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Optional, Sequence

import pygame

from game.engine import Action
from scenes.art.sprites import CardSprite
from scenes.i18n import tr
from scenes.kit import theme
from scenes.kit.hud import Hud
from scenes.kit.tween import Timeline
from scenes.kit.widgets import ChoiceBar, ChoiceButton
from scenes.table.board import Board
from scenes.table.hints import Hints
from scenes.table.input_base import Notice
from scenes.table.keyboard import Keyboard
from scenes.table.keys import POPUP_KEYS, TURN_KEYS, Keymap
from scenes.table.pace import Pace
from scenes.table.pointer import Pointer
from scenes.table.position import Position
from scenes.table.prompt_place import prompt_spot
from scenes.table.selection import Selection
from scenes.table.stage import Stage

LIFT = 0.16         # a hovered hand card rises this share of the card height
#: the height of a button's icon (a suit's Ace) in card heights and the size of the bar's
#: words (at 720 px), and the steps smaller a grid of icons takes where it finds too
#: little room (TableInput._grid_short)
ICON_STEPS = ((0.6, 17), (0.52, 17), (0.45, 16), (0.38, 15), (0.32, 15), (0.28, 14))


class TableInput(Pointer, Keyboard, Hints, Selection):
    """Mouse and keyboard at the table, the choice bar, the popup and the selection: what
    may be done now, worked out here, and its parts (the pointer, the keyboard, the hint,
    the selection), each a class of its own job.

    Given the position (what may be played), the adapter (what a card or a zone does),
    the board (the cards) on the stage (where they lie), the HUD (the prompt it words),
    the timeline (a key or click that hurries it), the pace (its buttons once you are
    out), and callables: ``busy`` (the screen has not caught up), ``link`` (a guest's
    link), ``act``, ``explain_refusal`` and ``refuse`` (the table's, with the session),
    ``advise`` (Hard's hint, None when the session cannot think for this seat),
    ``notify`` (a toast), ``on_look`` and ``look_back`` (the look back button)."""

    def __init__(self, position: Position, adapter: Any, board: Board, stage: Stage, hud: Hud,
                 timeline: Timeline, pace: Pace, busy: Callable[[], bool],
                 link: Callable[[], Optional[str]], act: Callable[[Action], Any],
                 explain_refusal: Callable[[Optional[Action], Optional[CardSprite]], None],
                 refuse: Callable[..., None], advise: Optional[Callable[[], Any]],
                 notify: Notice,
                 on_look: Callable[[tuple[int, int]], bool], look_back: Callable[[], Any],
                 withdraw: Callable[[str], Any] = lambda text: None) -> None:
        self.position = position
        self.adapter = adapter
        self.board = board
        self.stage = stage
        self.hud = hud
        self.timeline = timeline
        self.pace = pace
        self.busy = busy
        self.link = link
        self.act = act
        self.explain_refusal = explain_refusal
        self.refuse = refuse
        self.advise = advise
        self.notify = notify
        self.withdraw = withdraw
        self.hint_line: Optional[str] = None   # the hint's notice, withdrawn once you move
        self.on_look = on_look
        self.look_back = look_back
        self.bar = ChoiceBar()
        self.popup = ChoiceBar()
        #: the Hint beside a picker or a card's choices, whose bar keeps its own shape
        #: (scenes/table/hint_place.py); no buttons while it has no place
        self.hint_bar = ChoiceBar()
        self.popup_card: Optional[CardSprite] = None
        self.cursor: Optional[int] = None      # keyboard selection in the bottom hand
        self.hovered: Optional[CardSprite] = None
        self.selected: list[str] = []          # cards picked, in games that play several
        self.lit: set[int] = set()             # sprites the adapter wants to stand out
        self.callout: Optional[Any] = None     # the standing message, when the table waits
        self.lift_moving = False               # a hand card still rising or settling
        self.look_hover = False                # the pointer on the look back button
        #: where the rank strip stays for the game (the painter's): the bar keeps clear of it
        self.kept_clear: Callable[[], Optional[pygame.Rect]] = lambda: None
        #: where the seats' name plates and the words on the felt lie (the painter's): a
        #: grid of icons and the Hint beside a picker keep off them
        self.taken: Callable[[], list[pygame.Rect]] = lambda: []
        #: the boxes that stay put whatever the bar does (the painter's): the score board,
        #: the corner buttons, the look back button; a grid of icons keeps off them too
        self.fixed: Callable[[], list[pygame.Rect]] = lambda: []
        #: the prompt may stay up during the animation of your own last action
        self.prompt_holds = False
        #: what the highlights, the bar and the prompt were worked out for
        self.interaction_key: tuple = ()
        self.hint_wait: Optional[int] = None   # the version whose hint Hard is thinking out
        self.advice: Optional[Any] = None      # Hard's advice for the hint being cycled
        self._hint_key: tuple = ()             # the position the Hint button cycles in
        self._hint_next = 0
        self._drag: Optional[bool] = None      # a drag across the fan picks (True) or drops
        #: where a drag across the fan was at its last motion (set when it starts)
        self._drag_at: Optional[tuple[int, int]] = None
        self._pressed: Any = None
        self._keys_used = False                # the keyboard cursor shows once keys are used
        self.turn_keys = Keymap(TURN_KEYS, self.turn_commands())
        self.popup_keys = Keymap(POPUP_KEYS, self.popup_commands())

    def ask_again(self) -> None:
        """What may be done now is worked out again at the next frame."""
        self.interaction_key = ()

    def new_position(self, mine: bool, holds: bool) -> None:
        """An update was taken (``mine``: your own move's): the prompt stays up while the
        cards move only when it ``holds``; a popup and an error about the old position go,
        and so does your selection once you have played it."""
        self.prompt_holds = holds
        if mine or not self.position.my_turn():
            self.popup.clear()
            self.popup_card = None
            self.hud.error = ""
        if mine:
            self.selected = []
            if self.hint_line is not None:
                # the hint was about the position you just left: it stood over the next
                # one (and over a hand's score sheet) for its six seconds
                self.withdraw(self.hint_line)
                self.hint_line = None
        self._prune_selection()

    # -- what may be done now -------------------------------------------------------------
    def refresh(self) -> None:
        """Legal highlights, the choice bar and the prompt: recomputed when the game moves."""
        pos, busy = self.position, self.busy()
        key = (pos.version, busy, self.stage.layout.size, tuple(self.selected), self.link(),
               self.pace.fast_forward, self.pace.skipping, bool(self.popup))
        if key == self.interaction_key:
            return
        self.interaction_key = key
        # a guest whose link is down cannot move: no highlights, and the prompt says why
        offline = key[4] == "reconnecting"
        if pos.update is None:
            # no position yet (a guest before the host's first update): the game's parts
            # read the declared view, which the table does not have
            self.bar.set([], "")
            self.callout = None
            self.hud.prompt = tr("net.reconnecting") if offline else ""
            return
        mine = pos.my_turn() and not busy and not offline
        legal = self.position.legal() if mine else []
        legal_codes = {a.cards[0].code for a in legal if len(a.cards) == 1}
        if self.adapter.select_cards:
            legal_codes = self.adapter.selectable(self.position.view, legal) if legal else set()
        for sprite in self.board.human_hand:
            sprite.legal = mine and sprite.code in legal_codes
            sprite.dim = mine and bool(legal_codes) and sprite.code not in legal_codes
        if not mine:
            for sprite in self.board.human_hand:
                sprite.legal = sprite.dim = False
        glowing = set(self.adapter.active_zones(self.position.view, legal)) if mine else set()
        lit = set(self.adapter.highlight_cards(pos.view, legal, mine)) if not busy else set()
        self.lit = set()
        for zone, cards in self.board.zones.items():
            if zone != self.board.hand_zone:
                for sprite in cards:
                    sprite.legal = zone in glowing or (sprite.face_up and sprite.code in lit)
                    if sprite.face_up and sprite.code in lit:
                        self.lit.add(sprite.id)
        buttons = self.adapter.choices(self.position.view, legal) if mine else []
        if mine and self.adapter.select_cards and legal_codes:
            hints = self.adapter.selection_hints(self.position.view, legal)
            buttons = [self._play_button(legal)] + \
                [b for b in buttons if not (b.action is not None and b.action.cards)]
            if hints:
                buttons.append(ChoiceButton(tr("table.hint"), None, "H"))
        elif mine and legal and self.can_advise() and (legal_codes or len(buttons) <= 2):
            # beside a card to play or a choice of two; a picker of bids, bets or deals
            # keeps its shape, with the Hint in a bar of its own (_place_hint)
            buttons.append(ChoiceButton(tr("table.hint"), None, "H"))
        title = self.adapter.choice_bar_title(self.position.view, legal) if buttons else ""
        if not buttons and self.pace.sitting_out():
            buttons, title = self.pace.buttons(), tr("table.pace.out_title")
        self.bar.set(buttons, title)
        if buttons and not legal_codes:
            # nothing to play from the hand: the keyboard works the buttons at once
            if self.bar.focus is None:
                self.bar.focus = 0
            self.cursor = None
        lay = self.stage.layout
        h = int(lay.card_h * 0.30)
        bounds = pygame.Rect(0, 0, *lay.size).inflate(-2 * lay.margin, -2 * lay.margin)
        anchor = self.adapter.choice_anchor_for(self.position.view, legal, lay)
        you = self.position.seat
        alone = [b.hotkey for b in buttons] == ["H"] and you is not None
        if alone and you is not None:
            # the Hint alone (a card to play): level with the prompt, over your name
            # plate, clear of the trick and of the words by the plate
            anchor = (lay.seat(you).plate[0], lay.prompt_y)
        grid = self.adapter.choice_vertical and self.adapter.choice_columns > 1 \
            and any(b.icon for b in buttons)
        for share, font in ICON_STEPS if grid else ICON_STEPS[:1]:
            self._lay_bar(anchor, h, bounds, share, font)
            if not grid or not self._grid_short(bounds):
                break
        else:
            self._grid_elsewhere(anchor, h, bounds, mine and bool(legal) and self.can_advise())
        self.callout = None if busy else \
            self.adapter.callout(self.position.shown, legal, mine, self.stage.layout)
        waiting = [s for s in self.position.to_act if s != self.position.seat]
        if offline:
            self.hud.prompt = tr("net.reconnecting")
        elif not busy:
            self.hud.prompt = self.adapter.prompt(self.position.view, legal, mine, waiting, lay)
        else:
            after = pos.legal() if pos.my_turn() else []
            again = self.adapter.prompt(pos.view, after, pos.my_turn(), waiting, lay) \
                if self.prompt_holds else None
            if again != self.hud.prompt:
                self.hud.prompt = ""  # the old instruction no longer holds: none until it settles
        # after the prompt, whose line they keep clear of
        if alone:
            self._hint_past_cards(anchor, h, bounds)
        self._place_hint(mine and bool(legal) and self.can_advise(), h, bounds)
        if self.cursor is not None and self.cursor >= len(self.board.human_hand):
            self.cursor = len(self.board.human_hand) - 1 if self.board.human_hand else None
        self._rest_cursor()

    def _lay_bar(self, anchor: tuple[float, float], h: int, bounds: pygame.Rect,
                 share: float, font: int) -> None:
        """The choice bar's buttons round ``anchor``, their icons ``share`` of a card high
        and their words ``font`` (at 720 px): over the prompt's middle clear of the prompt
        line, and off the rank strip."""
        lay = self.stage.layout
        ih = int(lay.card_h * share)
        icon = (int(round(ih * lay.card_w / lay.card_h)), ih)

        def lay_at(at: tuple[float, float]) -> pygame.Rect:
            return self.bar.layout(at, h, max(8, h // 3), self.hud.text, lay.font(font),
                                   self.adapter.choice_vertical, bounds, icon_size=icon,
                                   columns=self.adapter.choice_columns)

        for _ in range(2):
            box = lay_at(anchor)
            # over the prompt's middle, its panel stays clear of the prompt line (larger
            # words make the line taller than the cards make room for)
            over = box.bottom - self._prompt_clear()
            if over <= 0 or not box.left < lay.width / 2 < box.right:
                break
            anchor = (anchor[0], anchor[1] - over)
        strip = self.kept_clear()
        if self.bar.buttons and strip is not None and box.colliderect(strip):
            # the strip stays put (scenes/table/strip_place.py): the bar moves off it, up
            # from a strip under its middle, down from one over it
            gap = max(4, lay.font(13) // 3)
            up = strip.centery > box.centery
            shift = (strip.top - gap - box.bottom) if up else (strip.bottom + gap - box.top)
            anchor = (anchor[0], anchor[1] + shift)
            box = lay_at(anchor)
        if self.bar.buttons and self.adapter.choice_vertical and self.adapter.choice_columns > 1:
            # a grid off a plate (or words) it would lie on, toward the middle (East's by
            # the trick)
            gap = max(4, lay.font(13) // 3)
            panel = self.panel(self.bar)
            hit = [p for p in self.taken() if p.colliderect(panel.inflate(gap * 2, gap * 2))]
            if hit:
                # aside toward the middle, else under what it hit where that is clear (a
                # long name's plate left the grid no room between it and the trick)
                left = panel.centerx > lay.width / 2
                dx = (min(p.left for p in hit) - gap - panel.right) if left else \
                    (max(p.right for p in hit) + gap - panel.left)
                dy = max(p.bottom for p in hit) + gap - panel.top
                avoid = [r.inflate(gap * 2, gap * 2) for r in self.taken() + self._others_cards()]
                for at in ((anchor[0] + dx, anchor[1]), (anchor[0], anchor[1] + dy)):
                    lay_at(at)
                    panel = self.panel(self.bar)
                    if panel.collidelist(avoid) < 0 and panel.bottom <= self._prompt_clear():
                        break
                else:
                    lay_at((anchor[0] + dx, anchor[1]))

    def _grid_elsewhere(self, anchor: tuple[float, float], h: int, bounds: pygame.Rect,
                        hint: bool) -> None:
        """A grid of icons short of room where the adapter put it, even at its smallest
        (at 1000x640 with the largest text Briscola's suits, off a long name's plate, lay
        on the trick): at its smallest, as a grid or in one row, in the free space nearest
        where it was put, measured over the table above the prompt's line, with room
        beside it for the Hint where it has one (else without); where there is none,
        where it was."""
        lay = self.stage.layout
        share, font = ICON_STEPS[-1]
        ih = int(lay.card_h * share)
        icon = (int(round(ih * lay.card_w / lay.card_h)), ih)
        step = max(8, lay.font(13))
        spots = sorted(((x, y) for x in range(bounds.left, bounds.right, step)
                        for y in range(bounds.top, int(self._prompt_clear()), step)),
                       key=lambda p: math.hypot(p[0] - anchor[0], p[1] - anchor[1]))
        boxes = self._grid_avoids()
        for beside in ((True, False) if hint else (False,)):
            for columns in (self.adapter.choice_columns, len(self.bar.buttons)):
                tried: set[tuple[int, int]] = set()
                for at in spots:
                    box = self.bar.layout(at, h, max(8, h // 3), self.hud.text,
                                          lay.font(font), True, bounds, icon_size=icon,
                                          columns=columns)
                    if box.topleft in tried:      # pushed in from the edge: tried there
                        continue
                    tried.add(box.topleft)
                    if not self._grid_short(bounds, boxes) and \
                            (not beside or self._hint_spot(self.bar, h, bounds) is not None):
                        return
        self._lay_bar(anchor, h, bounds, share, font)

    def _grid_avoids(self) -> list[pygame.Rect]:
        """What a grid of icons keeps off besides the window's edge and the prompt's line:
        the rank strip, the name plates, the words on the felt, the score board, the
        corner and look back buttons and the cards on the table."""
        strip = self.kept_clear()
        return ([strip] if strip is not None else []) + self.taken() + self.fixed() + \
            self._others_cards()

    def _grid_short(self, bounds: pygame.Rect,
                    boxes: Optional[list[pygame.Rect]] = None) -> bool:
        """Whether a grid of buttons with icons (Briscola's suits beside the trick) finds
        too little room: its panel past the window's edge or the prompt's line, or near
        one of ``boxes`` (:meth:`_grid_avoids`, measured once for many tries) (a step
        smaller then, down to :data:`ICON_STEPS`' last)."""
        if not self.bar.buttons:
            return False
        panel = self.panel(self.bar)
        gap = max(4, self.stage.layout.font(13) // 3)
        near = panel.inflate(gap * 2, gap * 2)
        boxes = self._grid_avoids() if boxes is None else boxes
        return panel.top < bounds.top or panel.bottom > self._prompt_clear() or \
            near.collidelist(boxes) >= 0

    def lift(self, dt: float) -> None:
        hand = self.board.human_hand
        k = min(1.0, dt * 16.0)
        show_cursor = not self.busy() and not self.popup and self.position.my_turn()
        picked = set(self.selected)
        select = self.adapter.select_cards
        self.lift_moving = False
        for i, sprite in enumerate(hand):
            sprite.focus = show_cursor and (self.cursor == i or (select and sprite is self.hovered))
            if select:
                # only picked cards rise: the cursor is marked (a glow and a caret), so a
                # picked card never looks like the one the keys or the mouse point at
                up = sprite.code in picked or sprite is self.popup_card
            else:
                # one card up at a time: the mouse, when it points at a card, has the say
                pointed = sprite is self.hovered or (sprite.focus and self.hovered is None)
                up = pointed or sprite is self.popup_card
            target = self.stage.layout.card_h * LIFT if up and not sprite.flying else 0.0
            if abs(target - sprite.lift) < 0.5:
                sprite.lift = target   # settled: nothing left to show
            else:
                sprite.lift += (target - sprite.lift) * k
                self.lift_moving = True
            sprite.hover = sprite is self.hovered
        # a card that left the hand comes down
        for cards in self.board.zones.values():
            if cards is hand:
                continue
            for sprite in cards:
                if sprite.lift:
                    sprite.lift = 0.0
                    sprite.focus = sprite.legal = sprite.dim = False
                    self.interaction_key = ()  # its zone may want it to glow: ask again

    def _cursor_stops(self) -> list[int]:
        """Where the keyboard cursor may rest: the cards you may play (all, when none
        may be, or in a selection, where any card may be picked)."""
        hand = self.board.human_hand
        if not self.adapter.select_cards:
            playable = [i for i, sprite in enumerate(hand) if sprite.legal]
            if playable:
                return playable
        return list(range(len(hand)))

    def _rest_cursor(self) -> None:
        """Once the keyboard has been used, the cursor rests on a playable card on your turn."""
        if not self._keys_used or not self.position.my_turn() or self.busy() \
                or not self.board.human_hand:
            return
        stops = self._cursor_stops()
        if self.cursor not in stops and any(s.legal for s in self.board.human_hand):
            self.cursor = stops[0]

    # -- acting ---------------------------------------------------------------------------------
    def click_card(self, sprite: CardSprite) -> None:
        """The player clicked one of their hand cards."""
        code = sprite.code if sprite.code else None
        if code is None:
            return
        if self.adapter.select_cards:
            if self.position.my_turn():
                self.pick(sprite)
            return
        zone = sprite.zone
        legal = self.position.legal()
        actions = self.adapter.card_actions(self.position.view, legal, code, zone) if legal else []
        if len(actions) == 1:
            self.act(actions[0])
            return
        if len(actions) > 1:
            self.open_popup(actions, sprite)
            return
        probe = self.adapter.probe_action(self.position.view, code, zone)
        self.explain_refusal(probe, sprite)

    def open_popup(self, actions: Sequence[Action], sprite: Optional[CardSprite]) -> None:
        buttons = [ChoiceButton(self.adapter.action_label(a), a, str(i + 1))
                   for i, a in enumerate(actions)]
        self.popup.set(buttons, self.adapter.choice_title(actions))
        self.popup.focus = 0
        self.popup_card = sprite
        self.layout_popup()

    def _prompt_clear(self) -> float:
        """The lowest a panel of buttons (its pad included) may reach above the prompt line."""
        lay = self.stage.layout
        return lay.prompt_y - lay.font(16) - max(8, lay.card_h // 12) - lay.font(4)

    def clear_top(self) -> int:
        """The lowest a notice over the table may reach: above the player's hand, the
        prompt line, the player's own things above them (the adapter's ``own_top``: your
        bocce), and the bar and the popup with their panels (a hint's line, a refusal
        covers none of them, in every game and window size)."""
        lay = self.stage.layout
        top = min(self._prompt_clear(), lay.hand_top - max(8, lay.card_h // 12))
        own = self.adapter.own_top(lay)
        if own is not None:
            top = min(top, own)
        for bar in (self.bar, self.popup, self.hint_bar):
            if bar.buttons:
                top = min(top, self.panel(bar).top)
        # a column of buttons as tall as the table: the notice stays on the screen
        return int(max(top - lay.margin, lay.height * 0.2))

    def prompt_centre(self) -> tuple[float, float]:
        """Where the prompt's line lies (:meth:`prompt_place`)."""
        return self.prompt_place()[0]

    def prompt_font(self) -> int:
        """The size of the prompt's words (:meth:`prompt_place`)."""
        return self.prompt_place()[1]

    def prompt_place(self) -> tuple[tuple[float, float], int]:
        """Where the prompt's line lies and its size: in the middle of the window at its
        level, else moved along it clear of a bar of buttons and of cards at rest on that
        level, a little smaller where it must (scenes/table/prompt_place.py); where no
        place is free, slid aside from the bar as far as the window allows (at 1280x720
        with the largest text Dou Dizhu's column of Pass and Hint by your hand met the end
        of its long Italian prompt)."""
        lay = self.stage.layout
        font = lay.font(16)
        centre = (lay.width / 2, lay.prompt_y)
        line = self.hud.prompt_rect(centre, font)
        if line is None:
            return centre, font
        gap = max(6, lay.font(13) // 2)
        blocks = [] if self.popup else [b.rect for b in self.bar.buttons]
        bounds = pygame.Rect(lay.margin, 0, lay.width - lay.margin * 2, lay.height)
        spot = prompt_spot(lambda size: self.hud.prompt_rect(centre, size), font,
                           blocks + self._others_cards(), gap, bounds)
        if spot is not None:
            return spot
        hit = [r for r in blocks if r.colliderect(line.inflate(gap, gap))]
        if not hit:
            return centre, font
        box = hit[0].unionall(hit[1:])
        if box.centerx > line.centerx:           # the bar on the right: the line goes left
            shift = max(box.left - gap - line.right, lay.margin - line.left)
        else:
            shift = min(box.right + gap - line.left, lay.width - lay.margin - line.right)
        return (centre[0] + shift, centre[1]), font

    def title_font(self, bar: ChoiceBar) -> int:
        """The size of a titled bar's title: as many steps smaller than the usual as its
        buttons' words (a grid short of room: :data:`ICON_STEPS`)."""
        lay = self.stage.layout
        smaller = lay.font(17) - bar.font if bar.font else 0
        return max(11, lay.font(15) - max(0, smaller))

    def panel(self, bar: ChoiceBar) -> pygame.Rect:
        """Where a bar of buttons lies with its panel: the buttons, a pad round them, and
        its title over them (the popup, a picker); a bar without a title has no panel."""
        lay = self.stage.layout
        box = bar.buttons[0].rect.unionall([b.rect for b in bar.buttons[1:]])
        if not bar.title:
            return box
        title = self.hud.text.render(bar.title, self.title_font(bar), theme.GOLD_LIGHT, True)
        pad = max(8, lay.card_h // 12)
        panel = box.inflate(pad * 2, pad * 2)
        panel.h += title.get_height() + pad // 2
        panel.y -= title.get_height() + pad // 2
        panel.w = max(panel.w, title.get_width() + pad * 2)
        panel.centerx = box.centerx
        return panel

    def layout_popup(self) -> None:
        if not self.popup:
            return
        lay = self.stage.layout
        h = int(lay.card_h * 0.30)
        x = self.popup_card.x if self.popup_card is not None else lay.width / 2
        y = lay.hand_top - lay.card_h * 0.55
        bounds = pygame.Rect(0, 0, *lay.size).inflate(-4 * lay.margin, -4 * lay.margin)
        box = self.popup.layout((x, y), h, max(6, h // 4), self.hud.text, lay.font(17),
                                False, bounds)
        # its panel (the buttons and a pad) stays clear of the prompt line below it
        clear = self._prompt_clear()
        if box.bottom > clear:
            self.popup.layout((x, y - (box.bottom - clear)), h, max(6, h // 4), self.hud.text,
                              lay.font(17), False, bounds)

    def _press_button(self, button: ChoiceButton) -> None:
        if button.action is None and self.pace.command(button.hotkey):
            return
        if button.action is None or not button.enabled:
            if self.adapter.select_cards and button.hotkey == "P":
                self.play_selection()
            elif button.hotkey == "H":
                self.hint()
            elif button.action is not None:
                self.explain_refusal(button.action, None)   # a disabled choice says why
            return
        self.act(button.action)
