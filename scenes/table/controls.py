"""Input at the table: clicks, keys, the selection, and what is clickable now.

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
from scenes import theme
from scenes.hud import Hud
from scenes.i18n import language, tr, words
from scenes.sprites import CardSprite
from scenes.table.board import Board
from scenes.table.hint_place import hint_place
from scenes.table.keys import PASS_KEYS, POPUP_KEYS, TURN_KEYS, Command, Keymap, hotkey_name, used
from scenes.table.pace import Pace
from scenes.table.position import Position
from scenes.table.stage import Stage
from scenes.tween import Timeline
from scenes.widgets import ChoiceBar, ChoiceButton

LIFT = 0.16         # a hovered hand card rises this share of the card height
DRAG_STEP = 4       # px: a drag across the fan is walked in steps this long
#: the height of a button's icon (a suit's Ace) in card heights and the size of the bar's
#: words (at 720 px), and the steps smaller a grid of icons takes where it finds too
#: little room (TableInput._grid_short)
ICON_STEPS = ((0.6, 17), (0.52, 17), (0.45, 16), (0.38, 15), (0.32, 15), (0.28, 14))
#: the button-up of a press that hurried an animation (or picked a card): swallowed
_SPENT_PRESS = ("spent", None)
#: a press on the look back button, which works even while the cards move
_LOOK_PRESS = ("look_back", None)


class TableInput:
    """Mouse and keyboard at the table, the choice bar, the popup and the selection.

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
                 notify: Callable[[str, float], Any],
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
                left = panel.centerx > lay.width / 2
                dx = (min(p.left for p in hit) - gap - panel.right) if left else \
                    (max(p.right for p in hit) + gap - panel.left)
                lay_at((anchor[0] + dx, anchor[1]))

    def _grid_short(self, bounds: pygame.Rect) -> bool:
        """Whether a grid of buttons with icons (Briscola's suits beside the trick) finds
        too little room: its panel past the window's edge or the prompt's line, on the
        rank strip, a name plate, the words on the felt or the cards on the table (a step
        smaller then, down to :data:`ICON_STEPS`' last)."""
        if not self.bar.buttons:
            return False
        panel = self.panel(self.bar)
        strip = self.kept_clear()
        gap = max(4, self.stage.layout.font(13) // 3)
        near = panel.inflate(gap * 2, gap * 2)
        return panel.top < bounds.top or panel.bottom > self._prompt_clear() or \
            (strip is not None and panel.colliderect(strip)) or \
            near.collidelist(self.taken()) >= 0 or near.collidelist(self._others_cards()) >= 0

    def _place_hint(self, may: bool, height: int, bounds: pygame.Rect) -> None:
        """The Hint beside a picker (the bar without one of its own) or a card's choices:
        by your plate where it is clear, else beside them, never on the prompt's line;
        none where it fits nowhere."""
        beside = self.popup if self.popup else self.bar
        if not may or not beside or any(b.hotkey == "H" for b in beside.buttons) \
                or self.position.seat is None:
            self.hint_bar.set([])
            return
        lay = self.stage.layout
        self.hint_bar.set([ChoiceButton(tr("table.hint"), None, "H")])
        box = self.hint_bar.layout((0, 0), height, 0, self.hud.text, lay.font(17))
        strip = self.kept_clear()
        line = self.hud.prompt_rect(self.prompt_centre(), lay.font(16))
        avoid = [r for r in (strip, line) if r is not None] + self._others_cards() + \
            self.taken()
        place = hint_place(box.size, (lay.seat(self.position.seat).plate[0], lay.prompt_y),
                           self.panel(beside), avoid, bounds, max(6, lay.font(13) // 2))
        if place is None:
            self.hint_bar.set([])
            return
        self.hint_bar.layout(place, height, 0, self.hud.text, lay.font(17))

    def _hint_past_cards(self, anchor: tuple[float, float], h: int,
                         bounds: pygame.Rect) -> None:
        """The Hint alone by your plate, moved along the prompt's level past a side hand
        it would lie on (West's thirteen backs reach down to it at 800x500 with the
        largest cards), else past the prompt's line, whose other end may leave it room;
        a little slimmer where neither does at its height (Bisca's long prompt at 1280x720
        with the largest text left it five pixels short)."""
        lay = self.stage.layout
        gap = max(6, lay.font(13) // 2)
        cards = self._others_cards()
        hit = [r for r in cards if r.colliderect(self.panel(self.bar).inflate(gap, gap))]
        if not hit:
            return
        line = self.hud.prompt_rect((lay.width / 2, lay.prompt_y), lay.font(16))

        def lay_at(x: float, height: int) -> pygame.Rect:
            return self.bar.layout((x, anchor[1]), height, max(8, height // 3), self.hud.text,
                                   lay.font(17), False, bounds)

        for height in (h, int(h * 0.8)):
            w = lay_at(anchor[0], height).w
            # from the box as laid (pushed in from the window's edge), not from the anchor
            tries = [max(r.right for r in hit) + gap + w / 2]
            if line is not None:
                tries.append(line.right + gap + w / 2)
            for x in tries:
                moved = lay_at(x, height)
                if (line is None or not moved.colliderect(line)) and \
                        moved.collidelist(cards) < 0:
                    return
        lay_at(max(r.right for r in hit) + gap + lay_at(anchor[0], h).w / 2, h)

    def _others_cards(self) -> list[pygame.Rect]:
        """The boxes of the cards at rest but your hand's (a side hand's turned a quarter),
        which the Hint beside a picker keeps clear of (by your plate it lay on West's
        backs at 800x500 with the largest cards)."""
        out = []
        mine = {id(s) for s in self.board.human_hand}
        for sprite in self.board.sprites():
            if sprite.flying or id(sprite) in mine:
                continue
            out.append(self.stage.images.box_of(sprite))
        return out

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

    # -- the selection ------------------------------------------------------------------------
    def selection_action(self) -> Optional[Action]:
        """The legal action the picked cards form now, if any."""
        if not self.selected or not self.position.my_turn():
            return None
        return self.adapter.selection_action(self.position.view, self.position.legal(),
                                             list(self.selected))

    def _play_button(self, legal: Sequence[Action]) -> ChoiceButton:
        action = self.adapter.selection_action(self.position.view, legal, list(self.selected)) \
            if self.selected else None
        return ChoiceButton(self.adapter.selection_label(self.position.view, action), action, "P",
                            primary=True, enabled=action is not None)

    def pick(self, sprite: CardSprite, on: Optional[bool] = None) -> None:
        """Pick a hand card for the selection (or put it back); ``on=None`` toggles."""
        code = sprite.code
        if code is None:
            return
        want = code not in self.selected if on is None else on
        if want and code not in self.selected:
            self.selected.append(code)
        elif not want and code in self.selected:
            self.selected.remove(code)
        self.hud.error = ""

    def play_selection(self) -> None:
        """Enter or Play: the picked cards, if they form a legal action; else why not."""
        action = self.selection_action()
        if action is not None:
            self.act(action)
            return
        if not self.selected:
            self.refuse(tr("table.pick_first"))
            return
        probe = self.adapter.selection_probe(self.position.view, list(self.selected))
        self.explain_refusal(probe, None)

    def can_advise(self) -> bool:
        """Whether Hard can think for this seat: a session in this program (a guest's
        client has no world to search, and a host's asks nothing while a friend plays:
        game/net/host.py) and a seat of yours; not in a race (Venceslao's claim), which
        is one of reflexes, not of advice."""
        return self.advise is not None and not self.position.watching and \
            self.position.update is not None and not self.adapter.race(self.position.view)

    def hint(self) -> None:
        """The Hint button (H), in every game.  Hard thinks off the frame loop, when the
        session can think for this seat (a local game), and its play comes with one line
        of why: its card gets the keyboard cursor or its button the focus, so Enter takes
        it.  Where several cards make a play (``select_cards``) the hint picks them, and
        pressing again cycles through the other plays."""
        advise = self.advise
        version = self.position.version
        if self.position.my_turn() and advise is not None and self._hint_key[:1] != (version,):
            advice = advise()
            if advice is None:
                self.hint_wait = self.position.version
                self.notify(tr("table.hint_thinking"), 1.5)
                return
            self.advice = advice
        if not self.adapter.select_cards or (self.advice is not None
                                             and not self.advice.action.cards):
            self._point_at_advice()             # one card, or a button (a bid, a pass)
            return
        hints = self.adapter.selection_hints(self.position.view, self.position.legal(),
                                             self.advice.action if self.advice else None) \
            if self.position.my_turn() else []
        if not hints:
            return
        key = (self.position.version, len(hints))
        if self._hint_key != key:
            self._hint_key, self._hint_next = key, 0
            if self.advice is not None and self.advice.why is not None:
                # named, as every hint's line is ("Single: ..."): the why alone did not
                # say it was about the cards just picked
                play = self.adapter.hint_name(self.position.view, self.advice.action)
                self.hint_line = tr("table.hint_line", play=play, why=self._why_words(self.advice))
                self.notify(self.hint_line, 4.0)
        self.selected = list(hints[self._hint_next % len(hints)])
        self._hint_next += 1
        self.hud.error = ""

    def _point_at_advice(self) -> None:
        """Hard's action under the cursor (a card) or the focus (a button), and its line."""
        advice = self.advice
        if advice is None or not self.position.my_turn():
            return
        self._hint_key = (self.position.version,)
        action = advice.action
        code = action.cards[0].code if len(action.cards) == 1 else None
        hand = self.board.human_hand
        at = next((i for i, s in enumerate(hand) if code and s.code == code), None)
        if at is not None:
            self._keys_used, self.hovered, self.bar.focus, self.cursor = True, None, None, at
            sprite = hand[at]
            actions = self.adapter.card_actions(self.position.view, self.position.legal(),
                                                code, sprite.zone)
            if len(actions) > 1 and action in actions:       # a card of several plays
                self.open_popup(actions, sprite)
                self.popup.focus = actions.index(action)
        else:
            self.bar.focus = next((i for i, b in enumerate(self.bar.buttons)
                                   if b.action == action), self.bar.focus)
        play = self._play_name(action)
        self.hint_line = tr("table.hint_line", play=play, why=self._why_words(advice)) \
            if advice.why is not None else play
        self.notify(self.hint_line, 6.0)
        self.hud.error = ""

    def _play_name(self, action: Action) -> str:
        """A hinted play as its line names it: a card by its name (and how, an Ace high),
        a button by its whole words (the bar's title is not over the line)."""
        if action.card is not None:
            name = action.card.name(language())
            return tr("table.hint_card", card=name, how=self.adapter.action_label(action)) \
                if action.value else name
        return self.adapter.action_words(action)

    def _why_words(self, advice: Any) -> str:
        """The hint's why; where the search compares its play with the obvious one, that
        one named ("... than the obvious one (Bet 2)"; a play of picked cards with its
        cards, "(Pair: 3 3)", since none are picked to show which)."""
        said = words(advice.why)
        usual = advice.usual
        if usual is None:
            return said
        name = self.adapter.play_named(self.position.view, usual) \
            if self.adapter.select_cards and usual.cards else self._play_name(usual)
        return f"{said} ({name})"

    def poll_hint(self) -> None:
        """A hint asked for while Hard was thinking: shown once it has answered (dropped
        if your turn passed meanwhile; asked again of the new position if others moved
        and it is still your turn, as a Bocce opponent's card laid down beside yours)."""
        if self.hint_wait is None:
            return
        if not self.position.my_turn() or self.advise is None:
            self.hint_wait = None
            return
        self.hint_wait = self.position.version
        advice = self.advise()
        if advice is not None:
            self.hint_wait, self.advice = None, advice
            # "Thinking about your hint…" is no longer true: it stood over the hint's own
            # line for the rest of its time, two notices where one says it all
            self.withdraw(tr("table.hint_thinking"))
            self.hint()

    def _prune_selection(self) -> None:
        """Cards that are no longer yours to play leave the selection."""
        held = {c for c in self.position.view.get("zones", {}).get(self.board.hand_zone, [])
                if c}
        self.selected = [c for c in self.selected if c in held]

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
        """Where the prompt's line lies: in the middle of the window at its level, slid
        aside from a bar of buttons that stands on that line as far as the window allows
        (at 1280x720 with the largest text Dou Dizhu's column of Pass and Hint by your
        hand met the end of its long Italian prompt)."""
        lay = self.stage.layout
        centre = (lay.width / 2, lay.prompt_y)
        line = self.hud.prompt_rect(centre, lay.font(16))
        if line is None or not self.bar.buttons or self.popup:
            return centre
        gap = max(6, lay.font(13) // 2)
        hit = [b.rect for b in self.bar.buttons if b.rect.colliderect(line.inflate(gap, gap))]
        if not hit:
            return centre
        box = hit[0].unionall(hit[1:])
        if box.centerx > line.centerx:           # the bar on the right: the line goes left
            shift = max(box.left - gap - line.right, lay.margin - line.left)
        else:
            shift = min(box.right + gap - line.left, lay.width - lay.margin - line.right)
        return (centre[0] + shift, centre[1])

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

    # -- mouse -------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        """The mouse (the table's corner buttons have had their turn)."""
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
            if self._drag is not None and getattr(event, "buttons", (0,))[0]:
                self._drag_to(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.on_look(event.pos):
                self._pressed = _LOOK_PRESS    # it changes nothing in the game: never spent
                return None
            if self.pace.sitting_out() and self.bar.at(event.pos) is not None:
                self._pressed = ("bar", self.bar.at(event.pos))  # the pace: never waits
                return None
            if self.busy():
                self.timeline.hurry()   # and nothing else: the click is spent
                self._pressed = _SPENT_PRESS
                return None
            self._pressed = self._target_at(event.pos)
            if self.adapter.select_cards and self.position.my_turn() and self._pressed is not None \
                    and self._pressed[0] == "card":
                sprite = self._sprite(self._pressed[1])
                if sprite is not None:
                    # a drag across the fan picks (or puts back) every card it passes
                    self._drag = sprite.code not in self.selected
                    self._drag_at = event.pos
                    self.pick(sprite, self._drag)
                self._pressed = _SPENT_PRESS
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._pressed = self._pressed, None
            self._drag = None
            if pressed is _SPENT_PRESS:
                return None  # it hurried an animation (or picked a card)
            if pressed is _LOOK_PRESS:
                if self.on_look(event.pos):
                    self.look_back()
                return None
            if pressed is not None and pressed[0] == "bar" and self.pace.sitting_out():
                if self._target_at(event.pos) == pressed:
                    self._activate(pressed)
                return None
            if pressed is None or self.busy():
                if self.popup and pressed is None and not self.busy():
                    self.popup.clear()
                    self.popup_card = None
                return None
            if self._target_at(event.pos) == pressed:
                self._activate(pressed)
            return None
        return event

    def _drag_to(self, pos: tuple[int, int]) -> None:
        """A drag moved to ``pos``: every card under the segment from where it was picks
        (or puts back), walked in small steps, for a quick hand jumps far between events."""
        x0, y0 = self._drag_at or pos
        self._drag_at = pos
        steps = max(1, int(math.hypot(pos[0] - x0, pos[1] - y0) // DRAG_STEP))
        seen: set[int] = set()
        for i in range(1, steps + 1):
            at = (round(x0 + (pos[0] - x0) * i / steps), round(y0 + (pos[1] - y0) * i / steps))
            target = self._target_at(at)
            if target is not None and target[0] == "card" and target[1] not in seen:
                seen.add(target[1])
                sprite = self._sprite(target[1])
                if sprite is not None:
                    self.pick(sprite, self._drag)

    def _sprite(self, sprite_id: int) -> Optional[CardSprite]:
        return next((s for s in self.board.human_hand if s.id == sprite_id), None)

    def _target_at(self, pos: tuple[int, int]) -> Any:
        if self.hint_bar.at(pos) is not None:
            return ("hint", 0)
        if self.popup:
            i = self.popup.at(pos)
            return ("popup", i) if i is not None else None
        i = self.bar.at(pos)
        if i is not None:
            return ("bar", i)
        for sprite in reversed(self.board.human_hand):
            if self.stage.images.rect_of(sprite).collidepoint(pos):
                return ("card", sprite.id)
        for zone, cards in self.board.zones.items():
            if zone == self.board.hand_zone or not cards:
                continue
            for sprite in cards:
                if self.stage.images.rect_of(sprite).collidepoint(pos):
                    return ("zone", zone)
        return None

    def _activate(self, target: Any) -> None:
        kind, what = target
        if kind == "hint":
            self.hint()
        elif kind == "popup":
            if 0 <= what < len(self.popup.buttons):
                self.act(self.popup.buttons[what].action)
        elif kind == "bar":
            if 0 <= what < len(self.bar.buttons):
                self._press_button(self.bar.buttons[what])
        elif kind == "card":
            sprite = self._sprite(what)
            if sprite is not None:
                self.click_card(sprite)
        elif kind == "zone":
            actions = self.adapter.zone_actions(self.position.view, self.position.legal(), what)
            if len(actions) == 1:
                self.act(actions[0])
            elif len(actions) > 1:
                self.open_popup(actions, None)

    def _hover(self, pos: tuple[int, int]) -> None:
        self.hovered = None
        self.bar.hover = None
        self.popup.hover = None
        self.hint_bar.hover = self.hint_bar.at(pos)
        self.look_hover = self.on_look(pos)
        if self.hint_bar.hover is not None:
            return
        if self.popup:
            self.popup.hover = self.popup.at(pos)
            return
        i = self.bar.at(pos)
        if i is not None:
            self.bar.hover = i
            return
        for idx in range(len(self.board.human_hand) - 1, -1, -1):
            sprite = self.board.human_hand[idx]
            rect = self.stage.images.rect_of(sprite)
            # a lifted card keeps its hover down to where it rests
            rect.h += int(sprite.lift)
            if rect.collidepoint(pos):
                self.hovered = sprite
                if self.cursor is not None:
                    self.cursor = idx
                return

    # -- keyboard ---------------------------------------------------------------------------------
    def turn_commands(self) -> dict[str, Command]:
        """The commands of :data:`~scenes.table.keys.TURN_KEYS` (your turn, the table ready)."""
        return {"left": lambda e: self._step(-1), "right": lambda e: self._step(1),
                "tab": self._tab, "enter": self._enter, "space": self._space,
                "up": self._choose}

    def popup_commands(self) -> dict[str, Command]:
        """The commands of :data:`~scenes.table.keys.POPUP_KEYS` (a card's choices open)."""
        def choose(event: pygame.event.Event) -> bool:
            button = self.popup.focused()
            if button is not None:
                self.act(button.action)
            return True

        return {"popup_back": used(lambda: self.popup.move_focus(-1)),
                "popup_next": used(lambda: self.popup.move_focus(1)),
                "popup_choose": choose}

    def close_popup(self) -> bool:
        """Close a card's popup of choices; False when none was open."""
        if not self.popup:
            return False
        self.popup.clear()
        self.popup_card = None
        return True

    def key(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        """A key none of the table's own keys took (scenes/table/keys.py)."""
        if self.pace.sitting_out() and self.bar and self.turn_keys.run(event):
            # out of a game that goes on: it is never your turn, and the bar (Skip to the
            # result, Fast forward) is all there is to work; like a click on it, Enter or
            # Tab never waits for the cards (they went unheard, the others' turn)
            return None
        if self.busy():
            if event.key in PASS_KEYS:
                return event
            self.timeline.hurry()   # and nothing else: the key is spent
            return None
        if not self.position.my_turn() and event.key not in PASS_KEYS:
            return None  # others are to play: a key pressed now does nothing, quietly
        if self.popup:
            if self.popup_keys.run(event):
                return None
            return self._hotkey(event, self.popup, lambda b: self.act(b.action))
        if self.turn_keys.run(event):
            return None
        if self._hotkey(event, self.bar, self._press_button) is None:
            return None
        if hotkey_name(event) == "h" and self.can_advise():
            self.hint()     # H asks where no Hint button shows (a picker of bids or bets)
            return None
        return event

    @staticmethod
    def _hotkey(event: pygame.event.Event, bar: ChoiceBar,
                press: Callable[[ChoiceButton], Any]) -> Optional[pygame.event.Event]:
        """The button of ``bar`` whose hotkey the key is, pressed; else the key goes on."""
        name = hotkey_name(event)
        button = bar.by_hotkey(name) if name else None
        if button is None:
            return event
        press(button)
        return None

    def _step(self, step: int) -> bool:
        """Left or Right: the next card you may play that way; the bar's buttons instead
        when there is no card to play alone (a choice of buttons only)."""
        if self.bar and not any(len(a.cards) == 1 for a in self.position.legal()) \
                and not self.adapter.select_cards:
            self.bar.move_focus(step)
            return True
        self.bar.focus = None
        self._keys_used = True
        self.hovered = None   # the keys take the cursor back from the mouse
        hand = self.board.human_hand
        if hand:
            stops = self._cursor_stops()
            if self.cursor is None or self.cursor not in stops:
                self.cursor = stops[0] if step > 0 else stops[-1]
            else:
                self.cursor = stops[(stops.index(self.cursor) + step) % len(stops)]
        return True

    def _tab(self, event: pygame.event.Event) -> bool:
        back = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        if self.bar:
            if self.bar.focus is None:
                self.bar.focus = 0 if not back else len(self.bar.buttons) - 1
            else:
                nxt = self.bar.focus + (-1 if back else 1)
                self.bar.focus = nxt if 0 <= nxt < len(self.bar.buttons) else None
        return True

    def _enter(self, event: pygame.event.Event) -> bool:
        """Enter: in a selection the picked cards, unless a button has the focus."""
        if self.adapter.select_cards and self.bar.focused() is None:
            self.play_selection()
            return True
        return self._choose(event)

    def _space(self, event: pygame.event.Event) -> bool:
        """Space: in a selection, pick the card under the cursor (the first key shows it)."""
        if not self.adapter.select_cards:
            return self._choose(event)
        hand = self.board.human_hand
        if self.cursor is None and hand:
            self.cursor = 0
        elif self.cursor is not None and 0 <= self.cursor < len(hand):
            self.pick(hand[self.cursor])
        return True

    def _choose(self, event: pygame.event.Event) -> bool:
        """Enter, Space or Up: the focused button (Up: the chosen card first), else the
        chosen card, else the first card you may play."""
        hand = self.board.human_hand
        focused = self.bar.focused()
        if focused is not None and event.key != pygame.K_UP:
            self._press_button(focused)
            return True
        if self.cursor is not None and 0 <= self.cursor < len(hand):
            self.click_card(hand[self.cursor])
            return True
        if focused is not None:
            self._press_button(focused)
            return True
        if hand:
            # nothing chosen yet: the chosen card is the first you may play
            self._keys_used = True
            self.cursor = self._cursor_stops()[0]
            self.click_card(hand[self.cursor])
        return True
