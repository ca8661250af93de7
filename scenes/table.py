"""The table: one scene that plays every game.

The rules live in a :class:`~game.engine.State`; the scene keeps a *display
model* beside it: for every zone, the card sprites lying there.  Each action's
events (redacted for the human seat) become a timeline: every move in
``data["moves"]`` carries a sprite from zone to zone (dealt with a stagger,
played, collected), a move within one zone turns a card over, and the game's
adapter adds banners, score pops and sounds.  When the timeline ends, the
model is reconciled with the view's zones, so the screen can never drift from
the rules for longer than one animation.

Input that would change the game waits for the timeline: a key, or a click on
a hand card, a button or a zone, pressed during an animation hurries it and is
queued, in order, with the game's version; the queue is played back as soon as
the table is ready, and an input is dropped only if the game moved on since it
was pressed (it was meant for a position that no longer holds) or if the human
has nothing to do there (a key typed ahead while the others are to play).  Computer seats
think in a worker thread (scenes/players.py) and move after a human-like pause.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import Any, Optional, Sequence

import pygame

from game import GAMES
from game.ai import computer_player
from game.ai.base import ComputerPlayer
from game.cards import french_deck, italian_deck
from game.engine import Action, Event, IllegalAction
from game.i18n import tr
from scenes import theme
from scenes.hud import ChoiceBar, ChoiceButton, Hud
from scenes.layout import Layout, ZoneGeom, place
from scenes.players import DEFAULT_DELAY, ComputerSeats
from scenes.scene import Scene
from scenes.sprites import CardImages, CardSprite, soft_rect
from scenes.tables import Timing, TableAdapter, deep_copy_view, load_adapter
from scenes.tween import Timeline, Tween, ease_in_out_cubic, ease_out_cubic

log = logging.getLogger(__name__)

SETTLE = 0.22       # seconds for cards to close ranks after a neighbour leaves
LIFT = 0.16         # a hovered hand card rises this share of the card height
QUEUE_MAX = 12      # inputs kept while an animation plays (a held key repeats)
#: keys that never wait for an animation (they change nothing in the game)
_PASS_KEYS = (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL,
              pygame.K_LALT, pygame.K_RALT, pygame.K_F11)
#: the button-up of a press that was queued: swallowed
_QUEUED_PRESS = ("queued", None)


@dataclass(frozen=True)
class QueuedInput:
    """A key or a click made while the table was busy, kept for when it is ready.

    ``version``: the game's version when it was made; it is played back only if
    the game is still there.  ``event``: the key event; ``target``: what a click hit
    (as :meth:`TableScene._target_at` names it)."""

    version: int
    event: Optional[pygame.event.Event] = None
    target: Any = None


class _Fx:
    """What an adapter may add to one event: banners, pops, sounds, a pause."""

    def __init__(self, scene: "TableScene", start: float, end: float) -> None:
        self.scene = scene
        self.start = start
        self.end = end
        self.held: Optional[tuple[str, Any, str]] = None

    def _t(self, at: str) -> float:
        return self.start if at == "start" else self.end

    def banner(self, text: str, sub: str = "", at: str = "end", hold: float = 0.9,
               y: Optional[float] = None) -> None:
        self.scene.hud.banner(self.scene.timeline, self._t(at), text, sub, hold, y)

    def pop(self, text: str, pos: tuple[float, float], at: str = "end",
            colour: Optional[tuple[int, int, int]] = None, rise: float = 0.45,
            size: float = 1.0, anchor: str = "center") -> None:
        kwargs = {"colour": colour} if colour else {}
        self.scene.hud.pop(self.scene.timeline, self._t(at), text, pos,
                           self.scene.layout.card_h * rise, size=size, anchor=anchor, **kwargs)

    def sound(self, name: str, at: str = "end") -> None:
        self.scene.timeline.at(self._t(at), lambda: self.scene.sound(name))

    def wait(self, seconds: float) -> None:
        self.end += seconds

    def zone_centre(self, zone: str) -> tuple[float, float]:
        g = self.scene.geom(zone)
        return (g.x, g.y)

    def plate_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's name plate lies, to put a pop beside it."""
        return self.scene.plate_rect(seat)

    def interlude(self, title: str, sheet: Any, button: str, at: str = "end") -> None:
        """Stop the animation after this event and show a score sheet until the player
        goes on; the events after it are animated only then."""
        self.held = (title, sheet, button)


class TableScene(Scene):
    """A game at the table: the human at ``human_seat``, computers elsewhere.

    ``players``: one entry per seat, a ComputerPlayer or None for the seat the
    human plays (default: the human at ``human_seat``, the game's "normal"
    computer elsewhere).  All computers: a demo seen from ``human_seat``.
    ``think_delay``: the computers' pause range in seconds at normal speed.
    """

    def __init__(self, app: Any, key: str, seed: Optional[int] = None,
                 options: Optional[dict[str, Any]] = None, human_seat: int = 0,
                 players: Optional[Sequence[Optional[ComputerPlayer]]] = None,
                 think_delay: Optional[tuple[float, float]] = None) -> None:
        super().__init__(app)
        self.key = key
        self.spec = GAMES[key]
        self.options = dict(options or {})
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 31)
        seats = len(players) if players is not None else self.spec.seats[0]
        self.state = self.spec.new(self.options, seats, self.seed)
        self.seats = seats
        self.human_seat = human_seat
        if players is None:
            players = [None if s == human_seat else computer_player(key, "normal")
                       for s in range(seats)]
        self.controllers = list(players)
        self.computers = ComputerSeats(self.controllers, self.seed,
                                       DEFAULT_DELAY if think_delay is None else think_delay)
        self.adapter: TableAdapter = load_adapter(key)(self.spec, seats, human_seat)
        self.layout = self._new_layout(tuple(app.size))
        self.images = CardImages(app.art, self.spec.deck, self.layout.card_w, self.layout.card_h)
        self._art_key = self._art_now()
        self.hud = Hud(app.fonts)
        self.hud.card_icon = self._icon
        self.timeline = Timeline()
        self.zones: dict[str, list[CardSprite]] = {}
        self.leaving: list[CardSprite] = []
        self._geoms: dict[str, ZoneGeom] = {}
        self.version = 0
        self.drifts: list[tuple[str, list, list]] = []
        self.bar = ChoiceBar()
        self.popup = ChoiceBar()
        self.popup_card: Optional[CardSprite] = None
        self.cursor: Optional[int] = None      # keyboard selection in the human hand
        self.hovered: Optional[CardSprite] = None
        self._pressed: Any = None
        self.queued: list[QueuedInput] = []   # input made during an animation, in order
        self._interaction_key: tuple = ()
        self._legal_cache: tuple[int, list[Action]] = (-1, [])
        self._deco_key: tuple = ()
        self._deco: tuple[list, list] = ([], [])
        self._lit: set[int] = set()            # sprites the adapter wants to stand out
        self._halos: dict[tuple, pygame.Surface] = {}
        self.result_shown = False
        self._held_events: Optional[list[Event]] = None  # to animate after a score sheet
        self.actions_taken = 0
        #: the prompt may stay up during the animation of the last action (see act)
        self._prompt_holds = False
        self.view = self.state.view(human_seat)
        self.shown = deep_copy_view(self.view)
        self._prepare_images()
        self._prepare_fonts()
        self._start()

    # -- helpers -----------------------------------------------------------------------
    def speed(self) -> float:
        settings = getattr(self.app, "settings", None)
        return float(getattr(settings, "speed_factor", 1.0)) if settings is not None else 1.0

    def sound(self, name: str) -> None:
        snd = getattr(self.app, "sound", None)
        if snd is not None:
            try:
                snd.play(name)
            except Exception:  # sound is a nicety; never a crash
                log.debug("sound %s failed", name, exc_info=True)

    def _new_layout(self, size: tuple[int, int]) -> Layout:
        return Layout(size, self.seats, self.human_seat,
                      counterclockwise=bool(getattr(self.adapter, "counterclockwise", False)))

    def _art_now(self) -> tuple:
        art = getattr(self.app, "art", None)
        return (id(art), getattr(art, "italian_style", None))

    def _sync_art(self) -> None:
        """The card design changed in the Settings (or the art was replaced): new faces."""
        if self._art_now() == self._art_key:
            return
        self._art_key = self._art_now()
        self.images.stop()
        self.images = CardImages(self.app.art, self.spec.deck, self.layout.card_w,
                                 self.layout.card_h)
        self._prepare_images()

    def _icon(self, code: str, height: int) -> pygame.Surface:
        """A card face ``height`` px tall, for icons in labels and buttons."""
        width = max(8, int(round(height * self.layout.card_w / self.layout.card_h)))
        return self.images.base(code, width)

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
    def busy(self) -> bool:
        """True while an animation plays (or waits below a score sheet): moves wait for it."""
        return self.timeline.busy or self._held_events is not None

    @property
    def human_hand(self) -> list[CardSprite]:
        return self.zones.get(self.adapter.hand_zone(self.human_seat), [])

    def my_turn(self) -> bool:
        return (not self.state.over and self.human_seat in self.state.to_act()
                and self.controllers[self.human_seat] is None)

    def legal(self) -> list[Action]:
        if self._legal_cache[0] != self.version:
            acts = self.state.legal_actions(self.human_seat) if self.my_turn() else []
            self._legal_cache = (self.version, acts)
        return self._legal_cache[1]

    # -- images made ahead of time ----------------------------------------------------------
    def _prepare_fonts(self) -> None:
        """Every size the HUD and the adapter's labels use, opened before the first frame."""
        f = self.layout.font
        sizes = {(f(n), bold) for n in (14, 15, 16, 17, 22) for bold in (False, True)}
        sizes |= {(f(18), True), (self.hud.banner_size(f(20)), True), (f(20), False),
                  (self.hud.pop_size(f(20)), True), (self.hud.badge_size(f(17)), False),
                  (f(16) + 2, True)}
        self.hud.preload(sorted(sizes))

    def _prepare_images(self) -> None:
        """The back and the faces now in view at once; every other face in the background."""
        zones = set(self.view.get("zones", {})) | {self.adapter.source_zone}
        self.images.set_master_scale(max(self.geom(z).scale for z in zones))
        visible = [c for codes in self.view.get("zones", {}).values() for c in codes if c]
        self.images.warm([None] + visible, background=False)
        deck = italian_deck() if self.spec.deck == "italian" else french_deck()
        self.images.warm([card.code for card in deck])

    # -- start ---------------------------------------------------------------------------
    def _start(self) -> None:
        events = [e.for_seat(self.human_seat) for e in self.state.opening_events()]
        if events:
            total = sum(len(v) for v in self.view["zones"].values())
            src = self.adapter.source_zone
            x, y, a, s = self.targets(src, 1)[0]
            self.zones[src] = [CardSprite(None, False, x, y, a, s, src) for _ in range(total)]
            self._snap(src)
            self.shown = deep_copy_view(self.view)
            self._animate(events)
        else:
            self._rebuild_from_view()

    def _rebuild_from_view(self) -> None:
        self.zones = {}
        for zone, codes in self.view["zones"].items():
            self.zones[zone] = [CardSprite(c, c is not None, 0, 0, zone=zone) for c in codes]
            self._snap(zone)

    # -- the display model ------------------------------------------------------------------
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
                self.timeline.now(sprite.turn(face_up, code, timing.flip))
            return
        sprite = self._take(src, code)
        self.zones.setdefault(dst, []).append(sprite)
        sprite.zone = dst
        if sprite.shown != (code if face_up else None):
            if face_up and code is not None and sprite.face_up and sprite.code != code:
                sprite.code = code
            else:
                self.timeline.now(sprite.turn(face_up, code, min(timing.flip, timing.flight)))
        else:
            sprite.code = code  # known, or forgotten once it lies face down unseen
        self._relayout(src, SETTLE)
        self._relayout(dst, SETTLE, skip=sprite)
        x, y, a, s = self.targets(dst)[self.zones[dst].index(sprite)]
        self.timeline.now(sprite.move(x, y, a, s, timing.flight, ease_out_cubic))

    def _reconcile(self) -> None:
        """Make the model show exactly the view's zones (normally nothing to do)."""
        want_zones = self.view.get("zones", {})
        for zone in sorted(set(self.zones) | set(want_zones)):
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

    # -- events -> timeline -------------------------------------------------------------------
    def _animate(self, events: list[Event]) -> None:
        tl = self.timeline
        t = tl.end_time
        for i, event in enumerate(events):
            timing = self.adapter.timing(event)
            t += timing.before
            start = t
            if timing.sound:
                tl.at(start, lambda name=timing.sound: self.sound(name))
            moves = list(event.data.get("moves") or [])
            landed = start
            for move in moves:
                tl.at(t, lambda m=move, tm=timing: self._do_move(m, tm))
                if timing.move_sound:
                    tl.at(t, lambda name=timing.move_sound: self.sound(name))
                turns = move.get("src") == move.get("dst")
                landed = max(landed, t + (timing.flip if turns else timing.flight))
                t += timing.stagger
            if moves:
                t = landed
            tl.at(t, lambda e=event: self._patch(e))
            fx = _Fx(self, start, t + timing.after)
            self.adapter.effects(event, self.shown, fx, self.layout)
            t = fx.end
            if fx.held is not None:
                # the rest waits for the sheet to close: nothing moves below it
                self._held_events = events[i + 1:]
                tl.at(t, lambda held=fx.held: self.show_interlude(*held))
                if self.speed() <= 0:
                    tl.finish()
                return
        tl.at(t, self._batch_done)
        if self.speed() <= 0:
            tl.finish()

    def _patch(self, event: Event) -> None:
        self.adapter.patch(self.shown, event)
        self._deco_key = ()

    def _batch_done(self) -> None:
        self.shown = deep_copy_view(self.view)
        self._deco_key = ()
        self._reconcile()

    # -- acting ---------------------------------------------------------------------------------
    def act(self, seat: int, action: Action) -> bool:
        """Take an action for a seat; an illegal one is explained, never raised."""
        try:
            events = self.state.apply(seat, action)
        except IllegalAction as exc:
            if seat == self.human_seat:
                self.refuse(str(exc))
            else:
                log.error("seat %d: %s refused: %s", seat, action, exc)
            return False
        self.version += 1
        self.actions_taken += 1
        self.view = self.state.view(self.human_seat)
        # the prompt shows what the screen shows: it stays up while the cards move only
        # when your own one-event move leaves you to act on (a draw); otherwise whoever
        # it named has acted, and the next instruction waits for the screen to catch up
        self._prompt_holds = seat == self.human_seat and len(events) == 1 and self.my_turn()
        if seat == self.human_seat or not self.my_turn():
            self.popup.clear()
            self.popup_card = None
            self.hud.error = ""
        self._animate([e.for_seat(self.human_seat) for e in events])
        return True

    def refuse(self, words: str, sprite: Optional[CardSprite] = None) -> None:
        self.hud.show_error(words)
        self.sound("error")
        if sprite is not None:
            self.timeline.now(sprite.shake_tween(self.layout.card_w * 0.09))

    def click_card(self, sprite: CardSprite) -> None:
        """The human clicked one of their hand cards."""
        code = sprite.code if sprite.code else None
        if code is None:
            return
        zone = sprite.zone
        legal = self.legal()
        actions = self.adapter.card_actions(self.view, legal, code, zone) if legal else []
        if len(actions) == 1:
            self.act(self.human_seat, actions[0])
            return
        if len(actions) > 1:
            self.open_popup(actions, sprite)
            return
        probe = self.adapter.probe_action(self.view, code, zone)
        reason = self.state.explain(self.human_seat, probe) if probe is not None else None
        self.refuse(reason or tr("table.cannot_play"), sprite)

    def open_popup(self, actions: Sequence[Action], sprite: Optional[CardSprite]) -> None:
        buttons = [ChoiceButton(self.adapter.action_label(a), a, str(i + 1))
                   for i, a in enumerate(actions)]
        self.popup.set(buttons, self.adapter.choice_title(actions))
        self.popup.focus = 0
        self.popup_card = sprite
        self._layout_popup()

    def _layout_popup(self) -> None:
        if not self.popup:
            return
        lay = self.layout
        h = int(lay.card_h * 0.30)
        x = self.popup_card.x if self.popup_card is not None else lay.width / 2
        y = lay.hand_top - lay.card_h * 0.55
        bounds = pygame.Rect(0, 0, *lay.size).inflate(-4 * lay.margin, -4 * lay.margin)
        self.popup.layout((x, y), h, max(6, h // 4), self.hud.text, lay.font(17),
                          False, bounds)

    # -- the scene ---------------------------------------------------------------------------------
    def _resume_held(self) -> None:
        """After a score sheet closed: animate the events that waited for it."""
        if self._held_events is not None and not self.timeline.busy \
                and self.app.stack.top is self:
            events, self._held_events = self._held_events, None
            self._animate(events)

    def enter(self) -> None:
        self._sync_art()
        self._resume_held()
        if tuple(self.app.size) != self.layout.size:
            self.resize(tuple(self.app.size))

    def resize(self, size: tuple[int, int]) -> None:
        self.timeline.finish()
        self.layout = self._new_layout(tuple(size))
        self.images.set_card_size(self.layout.card_w, self.layout.card_h)
        self._geoms.clear()
        self._prepare_images()
        self._prepare_fonts()
        for zone in self.zones:
            self._snap(zone)
        self._deco_key = ()
        self._interaction_key = ()
        self._layout_popup()

    def close(self) -> None:
        """Stop the background threads (the table is going away); safe to call again."""
        self.computers.shutdown()
        self.images.stop()

    def removed(self) -> None:
        """Off the stack for good, by whatever path (Menu, Play again, an error, the
        window closed): no computer or painter thread outlives the table."""
        self.close()

    def new_game(self) -> "TableScene":
        """The same game again, new shuffle: "Play again"."""
        self.close()
        players = [None if c is None else c for c in self.controllers]
        return TableScene(self.app, self.key, None, self.options, self.human_seat, players,
                          self.computers.delay)

    # input
    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.busy:
                self.timeline.hurry()
                target = self._target_at(event.pos)
                self._pressed = None
                if target is not None:
                    self._queue(QueuedInput(self.version, target=target))
                    self._pressed = _QUEUED_PRESS
                return None
            self._pressed = self._target_at(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._pressed = self._pressed, None
            if pressed is _QUEUED_PRESS:
                return None  # its click waits in the queue
            if pressed is None or self.busy:
                if self.popup and pressed is None and not self.busy:
                    self.popup.clear()
                    self.popup_card = None
                return None
            if self._target_at(event.pos) == pressed:
                self._activate(pressed)
            return None
        return event

    def _target_at(self, pos: tuple[int, int]) -> Any:
        if self.popup:
            i = self.popup.at(pos)
            return ("popup", i) if i is not None else None
        i = self.bar.at(pos)
        if i is not None:
            return ("bar", i)
        for sprite in reversed(self.human_hand):
            if self.images.rect_of(sprite).collidepoint(pos):
                return ("card", sprite.id)
        for zone, cards in self.zones.items():
            if zone == self.adapter.hand_zone(self.human_seat) or not cards:
                continue
            for sprite in cards:
                if self.images.rect_of(sprite).collidepoint(pos):
                    return ("zone", zone)
        return None

    def _activate(self, target: Any) -> None:
        kind, what = target
        if kind == "popup":
            if 0 <= what < len(self.popup.buttons):
                self.act(self.human_seat, self.popup.buttons[what].action)
        elif kind == "bar":
            if 0 <= what < len(self.bar.buttons):
                self.act(self.human_seat, self.bar.buttons[what].action)
        elif kind == "card":
            sprite = next((s for s in self.human_hand if s.id == what), None)
            if sprite is not None:
                self.click_card(sprite)
        elif kind == "zone":
            actions = self.adapter.zone_actions(self.view, self.legal(), what)
            if len(actions) == 1:
                self.act(self.human_seat, actions[0])
            elif len(actions) > 1:
                self.open_popup(actions, None)

    def _hover(self, pos: tuple[int, int]) -> None:
        self.hovered = None
        self.bar.hover = None
        self.popup.hover = None
        if self.popup:
            self.popup.hover = self.popup.at(pos)
            return
        i = self.bar.at(pos)
        if i is not None:
            self.bar.hover = i
            return
        for idx in range(len(self.human_hand) - 1, -1, -1):
            sprite = self.human_hand[idx]
            rect = self.images.rect_of(sprite)
            # a lifted card keeps its hover down to where it rests
            rect.h += int(sprite.lift)
            if rect.collidepoint(pos):
                self.hovered = sprite
                if self.cursor is not None:
                    self.cursor = idx
                return

    def _key(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        key = event.key
        if key == pygame.K_ESCAPE:
            if self.popup:
                self.popup.clear()
                self.popup_card = None
                return None
            self.pause()
            return None
        if key == pygame.K_F1 or key == pygame.K_r:
            self.app.show_rules(self.key)
            return None
        if self.busy:
            if key in _PASS_KEYS:
                return event
            # hurry, and keep the key: it acts as soon as the animation ends
            self.timeline.hurry()
            self._queue(QueuedInput(self.version, event=event))
            return None
        if self.popup:
            return self._popup_key(event)
        hand = self.human_hand
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and self.bar and \
                not any(len(a.cards) == 1 for a in self.legal()):
            self.bar.move_focus(-1 if key == pygame.K_LEFT else 1)
            return None
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.bar.focus = None
            if hand:
                step = -1 if key == pygame.K_LEFT else 1
                if self.cursor is None:
                    # start on a card that may be played (the only one, if it is forced)
                    playable = [i for i, sprite in enumerate(hand) if sprite.legal] or \
                        list(range(len(hand)))
                    self.cursor = playable[0] if step > 0 else playable[-1]
                else:
                    self.cursor = (self.cursor + step) % len(hand)
            return None
        if key == pygame.K_TAB:
            back = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            if self.bar:
                if self.bar.focus is None:
                    self.bar.focus = 0 if not back else len(self.bar.buttons) - 1
                else:
                    nxt = self.bar.focus + (-1 if back else 1)
                    self.bar.focus = nxt if 0 <= nxt < len(self.bar.buttons) else None
            return None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_UP):
            focused = self.bar.focused()
            if focused is not None and key != pygame.K_UP:
                self.act(self.human_seat, focused.action)
                return None
            if self.cursor is not None and 0 <= self.cursor < len(hand):
                self.click_card(hand[self.cursor])
                return None
            if focused is not None:
                self.act(self.human_seat, focused.action)
                return None
            if hand:
                # Nothing chosen yet: the first press picks a playable card, the next plays it.
                self.cursor = next((i for i, sprite in enumerate(hand) if sprite.legal), 0)
            return None
        name = (getattr(event, "unicode", "") or pygame.key.name(key) or "").lower()
        button = self.bar.by_hotkey(name) if name else None
        if button is not None:
            self.act(self.human_seat, button.action)
            return None
        return event

    def _popup_key(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        key = event.key
        if key in (pygame.K_LEFT, pygame.K_UP) or (key == pygame.K_TAB and
                                                   getattr(event, "mod", 0) & pygame.KMOD_SHIFT):
            self.popup.move_focus(-1)
        elif key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
            self.popup.move_focus(1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            b = self.popup.focused()
            if b is not None:
                self.act(self.human_seat, b.action)
        else:
            name = (getattr(event, "unicode", "") or pygame.key.name(key) or "").lower()
            b = self.popup.by_hotkey(name) if name else None
            if b is not None:
                self.act(self.human_seat, b.action)
            else:
                return event
        return None

    def pause(self) -> None:
        from scenes.result import PauseScene

        self.app.stack.push(PauseScene(self.app, self))

    def show_interlude(self, title: str, sheet: Any, button: str) -> None:
        """A score sheet between two games; the animation waits below it until it closes."""
        from scenes.result import SheetScene

        self.app.stack.push(SheetScene(self.app, self, title, sheet, button))

    # time
    def update(self, dt: float) -> None:
        dt = max(0.0, min(dt, 0.1))
        self._sync_art()
        self._resume_held()
        speed = self.speed()
        if speed <= 0:
            self.timeline.finish()
        else:
            self.timeline.speed = speed
            self.timeline.update(dt)
        self.hud.update(dt)
        self.computers.speed = speed
        self.computers.tick(dt)
        if not self.busy:
            self._play_queued()
            if not self.busy:
                self._drive()
        self._refresh()
        self._lift(dt)

    def _queue(self, item: QueuedInput) -> None:
        if len(self.queued) < QUEUE_MAX:
            self.queued.append(item)

    def _play_queued(self) -> None:
        """The input made during the animation, in order, now that the table is ready;
        what was meant for a position the game has left, or for one where others are to
        play, is dropped (silently: it was not a mistake, only early)."""
        while self.queued and not self.busy and self.app.stack.top is self:
            item = self.queued.pop(0)
            if item.version != self.version or not self.my_turn():
                continue
            self._refresh()
            if item.event is not None:
                self.handle(item.event)
            elif item.target is not None:
                self._activate(item.target)
        if self.queued and self.busy:
            self.timeline.hurry()  # more to play back: keep it quick

    def _drive(self) -> None:
        """Let the game move on: the computers' moves, or the end of the game."""
        if self.state.over:
            if not self.result_shown:
                self.result_shown = True
                self.show_result()
            return
        acting = self.state.to_act()
        for seat in acting:
            if self.computers.is_computer(seat) and not self.computers.thinking(seat):
                view = self.state.view(seat)
                legal = self.state.legal_actions(seat)
                self.computers.request(seat, view, legal, self.version,
                                       delay=self.adapter.think_delay(view, legal))
        for seat, action in self.computers.ready(self.version):
            if self.act(seat, action):
                break

    def show_result(self) -> None:
        from scenes.result import ResultScene

        winners = self.state.result().get("winners") or []
        self.sound("win" if self.human_seat in winners else "score")
        self.app.stack.push(ResultScene(self.app, self))

    def _refresh(self) -> None:
        """Legal highlights, the choice bar and the prompt: recomputed when the game moves."""
        key = (self.version, self.busy, self.layout.size)
        if key == self._interaction_key:
            return
        self._interaction_key = key
        mine = self.my_turn() and not self.busy
        legal = self.legal() if mine else []
        legal_codes = {a.cards[0].code for a in legal if len(a.cards) == 1}
        for sprite in self.human_hand:
            sprite.legal = mine and sprite.code in legal_codes
            sprite.dim = mine and bool(legal_codes) and sprite.code not in legal_codes
        if not mine:
            for sprite in self.human_hand:
                sprite.legal = sprite.dim = False
        glowing = set(self.adapter.active_zones(self.view, legal)) if mine else set()
        lit = set(self.adapter.highlight_cards(self.view, legal, mine)) if not self.busy else set()
        self._lit = set()
        for zone, cards in self.zones.items():
            if zone != self.adapter.hand_zone(self.human_seat):
                for sprite in cards:
                    sprite.legal = zone in glowing or (sprite.face_up and sprite.code in lit)
                    if sprite.face_up and sprite.code in lit:
                        self._lit.add(sprite.id)
        buttons = self.adapter.choices(self.view, legal) if mine else []
        self.bar.set(buttons, self.adapter.choice_bar_title(self.view, legal) if buttons else "")
        if buttons and not legal_codes:
            # nothing to play from the hand: the keyboard works the buttons at once
            if self.bar.focus is None:
                self.bar.focus = 0
            self.cursor = None
        lay = self.layout
        h = int(lay.card_h * 0.30)
        bounds = pygame.Rect(0, 0, *lay.size).inflate(-2 * lay.margin, -2 * lay.margin)
        ih = int(lay.card_h * 0.6)
        icon = (int(round(ih * lay.card_w / lay.card_h)), ih)
        self.bar.layout(self.adapter.choice_anchor_for(self.view, legal, lay), h, max(8, h // 3),
                        self.hud.text, lay.font(17), self.adapter.choice_vertical, bounds,
                        icon_size=icon)
        waiting = [s for s in self.state.to_act() if s != self.human_seat]
        if not self.busy:
            self.hud.prompt = self.adapter.prompt(self.view, legal, mine, waiting, lay)
        else:
            after = self.legal() if self.my_turn() else []
            if not self._prompt_holds or \
                    self.adapter.prompt(self.view, after, self.my_turn(), waiting, lay) != self.hud.prompt:
                self.hud.prompt = ""  # the old instruction no longer holds: none until it settles
        if self.cursor is not None and self.cursor >= len(self.human_hand):
            self.cursor = len(self.human_hand) - 1 if self.human_hand else None

    def _lift(self, dt: float) -> None:
        hand = self.human_hand
        k = min(1.0, dt * 16.0)
        show_cursor = not self.busy and not self.popup and self.my_turn()
        for i, sprite in enumerate(hand):
            sprite.focus = self.cursor == i and show_cursor
            up = (sprite is self.hovered or sprite.focus or sprite is self.popup_card)
            target = self.layout.card_h * LIFT if up and not sprite.flying else 0.0
            sprite.lift += (target - sprite.lift) * k
            sprite.hover = sprite is self.hovered
        # a card that left the hand comes down
        for zone, cards in self.zones.items():
            if cards is hand:
                continue
            for sprite in cards:
                if sprite.lift:
                    sprite.lift = 0.0
                    sprite.focus = sprite.legal = sprite.dim = False
                    self._interaction_key = ()  # its zone may want it to glow: ask again

    # drawing
    def _decorations(self) -> tuple[list, list]:
        """Slots and labels for the view as shown, its zones as the cards now lie (a hand's
        name moves with the hand as it is dealt or played, a pile's count as it is drawn)."""
        counts = tuple((zone, len(cards)) for zone, cards in self.zones.items())
        key = (self.layout.size, counts)
        if self._deco_key != key:
            shown = dict(self.shown, zones=self.shown_zones())
            self._deco = (self.adapter.slots(shown, self.layout),
                          self.adapter.labels(shown, self.layout))
            self._deco_key = key
        return self._deco

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        surface.blit(theme.felt_background(lay.size), (0, 0))
        slots, labels = self._decorations()
        for slot in slots:
            self.hud.draw_slot(surface, slot)
        sprites = [s for cards in self.zones.values() for s in cards] + self.leaving
        sprites.sort(key=lambda s: (s.flying, s.z))
        flying = 0
        for sprite in sprites:
            if sprite.flying and not flying:
                flying = 1
                for label in labels:   # under the cards in the air, over those at rest
                    self.hud.draw_label(surface, label)
            if sprite.id in self._lit and not sprite.flying:
                self._draw_halo(surface, sprite)
            self.images.draw(surface, sprite)
        if not flying:
            for label in labels:
                self.hud.draw_label(surface, label)
        self._draw_plates(surface)
        self.hud.draw_scoreboard(surface, self.adapter.scoreboard(self.shown, lay),
                                 (lay.margin, lay.margin), lay.font(16))
        if self.bar and not self.popup:
            if self.bar.title:
                self._draw_panel(surface, self.bar)
            self.bar.draw(surface, self.hud.text, self.hud.panels, lay.font(17), self._icon)
        if not self.busy:
            callout = self.adapter.callout(self.shown, self.legal(), self.my_turn(), lay)
            if callout is not None:
                self.hud.draw_callout(surface, callout, lay.font(18))
        self.hud.draw_prompt(surface, (lay.width / 2, lay.prompt_y), lay.font(16))
        if self.popup:
            self._draw_popup(surface)
        self.hud.draw_effects(surface, lay.size, lay.font(20))

    def _draw_halo(self, surface: pygame.Surface, sprite: CardSprite) -> None:
        """A pulsing golden halo behind a card the adapter highlights (a card to claim)."""
        import math

        width = self.images.width_for(sprite.scale)
        step = int(round(sprite.angle / 2.0)) % 180
        key = (width, step)
        halo = self._halos.get(key)
        if halo is None:
            halo = soft_rect((width, self.images.height_for(width)), max(8, width // 5),
                             max(4, width // 8), (255, 214, 110), 150, 1.4)
            if step:
                halo = pygame.transform.rotate(halo, step * 2.0)
            if len(self._halos) > 32:
                self._halos.clear()
            self._halos[key] = halo
        wave = 0.5 + 0.5 * math.sin(self.hud.clock * 6.0)
        halo.set_alpha(int(110 + 145 * wave))
        surface.blit(halo, halo.get_rect(center=(int(sprite.x + sprite.offset_x), int(sprite.y))))
        halo.set_alpha(255)

    def plate_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's name plate lies now."""
        lay = self.layout
        return self.hud.plate_rect(self.adapter.seat_name(seat, lay),
                                   self.adapter.plate_info(self.shown, seat), lay.seat(seat).plate,
                                   lay.font(15), pygame.Rect(0, 0, *lay.size))

    def _draw_plates(self, surface: pygame.Surface) -> None:
        lay = self.layout
        acting = set(self.state.to_act()) if not self.busy else set()
        for seat in range(self.seats):
            g = lay.seat(seat)
            name = self.adapter.seat_name(seat, lay)
            info = self.adapter.plate_info(self.shown, seat)
            self.hud.draw_plate(surface, name, info, g.plate, lay.font(15), seat in acting)

    def _draw_popup(self, surface: pygame.Surface) -> None:
        self._draw_panel(surface, self.popup)
        self.popup.draw(surface, self.hud.text, self.hud.panels, self.layout.font(17), self._icon)

    def _draw_panel(self, surface: pygame.Surface, bar: ChoiceBar) -> None:
        """The panel under a titled bar of buttons (the popup, a picker)."""
        lay = self.layout
        box = bar.buttons[0].rect.unionall([b.rect for b in bar.buttons[1:]])
        title = self.hud.text.render(bar.title, lay.font(15), theme.GOLD_LIGHT, True)
        pad = max(8, lay.card_h // 12)
        panel = box.inflate(pad * 2, pad * 2)
        panel.h += title.get_height() + pad // 2
        panel.y -= title.get_height() + pad // 2
        panel.w = max(panel.w, title.get_width() + pad * 2)
        panel.centerx = box.centerx
        surface.blit(self.hud.panels.get(panel.size, (6, 26, 16, 235), theme.GOLD, 12), panel)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + pad * 0.6)))

    # -- for tests and tools -----------------------------------------------------------------------
    def card_rect(self, code: str) -> pygame.Rect:
        """Where a human hand card is on screen."""
        for sprite in self.human_hand:
            if sprite.code == code:
                return self.images.rect_of(sprite)
        raise KeyError(code)

    def shown_zones(self) -> dict[str, list[Optional[str]]]:
        """What the screen shows, zone by zone (face-down cards as None)."""
        return {z: [s.shown for s in cards] for z, cards in self.zones.items() if cards}
