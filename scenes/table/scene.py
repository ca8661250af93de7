"""The table: one scene that shows every game, as a client of a game session.

The scene never holds the game itself.  It gets a :class:`~game.session.Client`
(a session in this process today, a remote one over the network tomorrow) and
only ever sees its updates and sends its seat's actions:

* each :class:`~game.session.Update` waits in an inbox until the screen has
  caught up with the one before; then its events are animated
  (scenes/table/animation.py) on the display model (board.py), and its view,
  legal actions and who is to act become what the table shows and allows;
* input (controls.py) becomes actions sent to the client with the version they
  were meant for; a :class:`~game.session.Refused` comes back with a reason that
  is put into words here, in this screen's language, and the card shakes;
* the computers' pace is the table's: when the screen is idle and a computer
  seat is to act, the table waits a human-like pause (in a race a person can
  win, a person's reaction time: scenes/table/race.py) and then *allows* the
  session to apply that move;
* drawing (painting.py) reads the board and the shown view, nothing else.

A table with no person at it (every seat a computer, watched from a seat or as
a spectator) plays by itself: ``auto_close`` closes the score sheets and the
result after that many seconds (what the kiosk uses).
"""

from __future__ import annotations

import copy
import logging
import random
from collections import deque
from typing import Any, Callable, Optional, Sequence

import pygame

from game import GAMES
from game.cards import french_deck, italian_deck
from game.engine import Action, Event
from game.session import COMPUTER, HUMAN, REMOTE, Client, GameSetup, Refused, Update, local_game
from scenes import heap
from scenes.hud import ChoiceBar, Hud
from scenes.i18n import tr, words
from scenes.layout import Layout, ZoneGeom
from scenes.scene import Scene
from scenes.sprites import CardImages, CardSprite
from scenes.table.animation import AnimationMixin
from scenes.table.board import BoardMixin
from scenes import keeping
from scenes.table.captions import Captions
from scenes.table.controls import ControlsMixin
from scenes.table.netplay import link_state, networked, seat_names
from scenes.table.pace import PaceMixin
from scenes.table.painting import PaintingMixin
from scenes.table.phrases import PhrasesMixin
from scenes.table.race import race_reaction
from scenes.table.ranks import RanksMixin
from scenes.table.story import CornerButtons, Story, StoryScene, caption
from scenes.tables import TableAdapter, load_adapter
from scenes.tween import Timeline

log = logging.getLogger(__name__)

#: seconds a computer seems to think at normal speed
DEFAULT_DELAY = (0.5, 0.9)
#: the share of the usual pause a computer takes over a forced move (its last card)
FORCED_SHARE = 1 / 3


def computer_pause(table_delay: tuple[float, float], speed: float, rng: random.Random) -> float:
    """Seconds a computer seems to think before an ordinary move: the table's range
    divided by the speed setting, skipped at "instant" (a race is paced apart:
    scenes/table/race.py)."""
    lo, hi = table_delay
    return 0.0 if speed <= 0 or hi <= 0 else rng.uniform(lo, hi) / speed


def pause_share(update: Update, computers: Sequence[int]) -> float:
    """The share of the usual pause the computers ``computers`` (all to act) take before
    their move: :data:`FORCED_SHARE` when the update says each one's move is forced (a
    fact every watcher has alike, see :func:`game.session.referee.forced_seats`), else 1."""
    return FORCED_SHARE if computers and set(computers) <= set(update.forced) else 1.0


class TableScene(ControlsMixin, AnimationMixin, BoardMixin, PaintingMixin, PaceMixin, RanksMixin,
                 PhrasesMixin, Scene):
    """A game at the table, seen from ``client.seat`` (None: a spectator, seen from seat 0).

    ``think_delay``: the computers' pause range in seconds at normal speed.
    ``auto_close``: seconds after which score sheets and the result close by
    themselves (None: they wait for the player).  ``again``: makes the client of
    a new game for "Play again" (None: no such button).  ``on_finished``: called
    with the table when an auto-closed result goes (default: play again).
    ``captions``: the table says what happens in words (scenes/table/captions.py).
    """

    def __init__(self, app: Any, client: Client, think_delay: Optional[tuple[float, float]] = None,
                 auto_close: Optional[float] = None,
                 again: Optional[Callable[[], Client]] = None,
                 on_finished: Optional[Callable[["TableScene"], None]] = None,
                 captions: Optional[Captions] = None) -> None:
        super().__init__(app)
        self.client = client
        #: a guest's link ("connected", "reconnecting", "lost"), for its light; else None
        self.link: Optional[str] = link_state(client)
        setup: GameSetup = client.setup
        self.setup = setup
        self.key = setup.key
        self.spec = GAMES[setup.key]
        self.seats = len(setup.seats)
        self.seat: Optional[int] = client.seat
        #: the seat at the bottom of the screen: yours, the watched one, or seat 0
        self.human_seat = self.seat if self.seat is not None else 0
        #: nobody plays from this screen: the table only shows the game
        self.watching = self.seat is None or setup.seats[self.seat].kind != HUMAN
        self.delay = DEFAULT_DELAY if think_delay is None else think_delay
        self.auto_close = auto_close
        self.again = again
        self.on_finished = on_finished
        self.captions = captions
        self.adapter: TableAdapter = load_adapter(self.key)(self.spec, self.seats, self.human_seat)
        self.adapter.watching = self.watching
        # a game here: your plate says your name (online it says "You", as ever)
        self.adapter.you_name = "" if networked(client) else app.settings.player_name
        self.adapter.seat_kinds = tuple(s.kind for s in setup.seats)
        self.layout = self._new_layout(tuple(app.size))
        self.images = CardImages(app.art, self.spec.deck, self.layout.card_w, self.layout.card_h)
        self._art_key = self._art_now()
        self.hud = Hud(app.fonts)
        self.hud.card_icon = self._icon
        self.timeline = Timeline()
        self.zones: dict[str, list[CardSprite]] = {}
        self.leaving: list[CardSprite] = []
        self._geoms: dict[str, ZoneGeom] = {}
        self.drifts: list[tuple[str, list, list]] = []
        self._lingering: list = []               # moves kept until the next step (animation.py)
        self.bar = ChoiceBar()
        self.popup = ChoiceBar()
        self.popup_card: Optional[CardSprite] = None
        self.cursor: Optional[int] = None      # keyboard selection in the bottom hand
        self.hovered: Optional[CardSprite] = None
        self.selected: list[str] = []          # cards picked, in games that play several
        self._hint_key: tuple = ()              # the position the Hint button cycles in
        self._hint_next = 0
        self._hint_wait: Optional[int] = None  # the version whose hint Hard is thinking out
        self._advice: Optional[Any] = None     # Hard's advice for the hint being cycled
        self._drag: Optional[bool] = None      # a drag across the fan picks (True) or drops
        self._pressed: Any = None
        self._keys_used = False                # the keyboard cursor shows once keys are used
        self._interaction_key: tuple = ()
        self._deco_key: tuple = ()
        self._deco: tuple[list, list] = ([], [])
        self._lit: set[int] = set()            # sprites the adapter wants to stand out
        self._halos: dict[tuple, pygame.Surface] = {}
        self._callout: Optional[Any] = None     # the standing message, when the table waits
        self._lift_moving = False               # a hand card still rising or settling
        self._look_label: str = ""                # the look back button's words ("": none)
        self._look_rect: Optional[pygame.Rect] = None  # where the last draw put that button
        self._look_hover = False
        self._paint_log: dict = {}              # what the last draw painted, and where
        self._drawn_key: tuple = ()             # the screen key of the last draw
        self._presented_log: dict = {}          # ... and the one before, on screen now
        self.result_shown = False
        self.init_phrases()
        self.story = Story()                    # what happened, in words (the G key)
        self.corner = CornerButtons(self)       # the Log and Undo buttons
        self._held_events: Optional[list[Event]] = None  # to animate after a score sheet
        #: the prompt may stay up during the animation of your own last action
        self._prompt_holds = False
        self.inbox: deque[Update] = deque()   # updates not animated yet
        self._asked: Optional[tuple[str, Optional[CardSprite]]] = None  # (action, card) awaiting a reply
        self._pace_rng = random.Random((self.setup.seed or 0) ^ 0xC0FFEE)  # guests: no seed
        self._pace: Optional[tuple[int, float]] = None   # (version, seconds left)
        # the game as this screen knows it: the last update taken from the inbox
        self.update_msg: Optional[Update] = None
        self.version = -1
        self.view: dict[str, Any] = {"zones": {}}
        self.to_act: tuple[int, ...] = ()
        self.result: Optional[dict[str, Any]] = None
        self.shown = copy.deepcopy(self.view)
        self._receive()
        self._start()

    # -- helpers -----------------------------------------------------------------------
    def reduced_motion(self) -> bool:
        """The player asked for no sweeping animations: cards appear where they go."""
        return bool(getattr(getattr(self.app, "settings", None), "reduced_motion", False))

    def sound(self, name: str) -> None:
        snd = getattr(self.app, "sound", None)
        if snd is not None:
            try:
                snd.play(name)
            except Exception:  # sound is a nicety; never a crash
                log.debug("sound %s failed", name, exc_info=True)

    def _new_layout(self, size: tuple[int, int]) -> Layout:
        return Layout(size, self.seats, self.human_seat,
                      counterclockwise=bool(getattr(self.adapter, "counterclockwise", False)),
                      scale=self.table_scale())

    def table_scale(self) -> float:
        """The player's "table cards and text" setting (1.0 without settings)."""
        return float(getattr(getattr(self.app, "settings", None), "table_scale", 1.0))

    def _art_now(self) -> tuple:
        art = getattr(self.app, "art", None)
        return (id(art), getattr(art, "italian_style", None), getattr(art, "four_colour", False))

    def _sync_art(self) -> None:
        """The card design or the French inks changed in the Settings (or the art was
        replaced): new faces."""
        if self._art_now() == self._art_key:
            return
        self._art_key = self._art_now()
        self.images.stop()
        self.images = CardImages(self.app.art, self.spec.deck, self.layout.card_w,
                                 self.layout.card_h)
        self.hud.forget_icons()   # the trump badge's Ace, the suit picker's icons
        self._prepare_images()

    def _icon(self, code: str, height: int) -> pygame.Surface:
        """A card face ``height`` px tall, for icons in labels and buttons."""
        width = max(8, int(round(height * self.layout.card_w / self.layout.card_h)))
        return self.images.base(code, width)

    @property
    def busy(self) -> bool:
        """True while the screen has not caught up with the game: an animation plays,
        waits below a score sheet, or updates wait their turn.  Moves wait for it."""
        return self.timeline.busy or self._held_events is not None or bool(self.inbox)

    @property
    def over(self) -> bool:
        return self.result is not None

    def my_turn(self) -> bool:
        """The person at this screen may act in the game as it is shown."""
        return (not self.watching and self.result is None and self.seat in self.to_act)

    def legal(self) -> list[Action]:
        if self.update_msg is None or not self.my_turn():
            return []
        return list(self.update_msg.legal)

    # -- images made ahead of time ----------------------------------------------------------
    def _prepare_images(self) -> None:
        """The back and the faces now in view at once; every other face in the background."""
        zones = set(self.view.get("zones", {})) | {self.adapter.source_zone}
        self.images.set_master_scale(max(self.geom(z).scale for z in zones))
        visible = [c for codes in self.view.get("zones", {}).values() for c in codes if c]
        self.images.warm([None] + visible, background=False)
        deck = italian_deck() if self.spec.deck == "italian" else french_deck()
        self.images.warm([card.code for card in deck])

    # -- updates from the session -----------------------------------------------------------
    def _receive(self) -> None:
        """Everything the client has for us: updates wait in the inbox, refusals are shown."""
        for msg in self.client.poll():
            if isinstance(msg, Update):
                self.inbox.append(msg)
            elif isinstance(msg, Refused):
                self._refused(msg)

    def _take_update(self) -> Update:
        """The next update becomes the game as shown: its view, legal actions, turn."""
        update = self.inbox.popleft()
        first = self.update_msg is None
        self.update_msg = update
        self.version = update.version
        self.view = dict(update.view)
        self.to_act = tuple(update.to_act)
        self.result = dict(update.result) if update.result is not None else None
        self._pace = None
        self._note = ""                          # a note lasts until the game moves on
        if first:
            return update
        # the prompt shows what the screen shows: it stays up while the cards move only
        # when your own one-event move leaves you to act on (a draw); otherwise whoever
        # it named has acted, and the next instruction waits for the screen to catch up
        mine = update.actor is not None and update.actor == self.seat
        self._prompt_holds = mine and len(update.events) == 1 and self.my_turn()
        if mine or not self.my_turn():
            self.popup.clear()
            self.popup_card = None
            self.hud.error = ""
        if mine:
            self.selected = []
        self._prune_selection()
        return update

    def _start(self) -> None:
        """The first update: the opening deal from the source zone, or a game under way."""
        if not self.inbox:
            return  # nothing yet (a remote game still connecting): the felt waits
        update = self._take_update()
        self._prepare_images()
        self.shown = copy.deepcopy(self.view)
        events = list(update.events)
        if events:
            total = sum(len(v) for v in self.view["zones"].values())
            src = self.adapter.source_zone
            x, y, a, s = self.targets(src, 1)[0]
            self.zones[src] = [CardSprite(None, False, x, y, a, s, src) for _ in range(total)]
            self._snap(src)
            self._animate(events)
        else:
            self._rebuild_from_view()
            told = getattr(self.client, "told", None)   # a game resumed: its story so far
            if told is not None:
                self.story.tell(told(), self.say)

    def show_position(self, update: Update) -> None:
        """Show ``update``'s position at once, with no animation and nothing carried over
        from the one before (a replay stepping back and forth)."""
        self.timeline.finish()
        self.inbox.clear()
        self.inbox.append(update)
        self._take_update()
        self.shown = copy.deepcopy(self.view)
        self.leaving.clear()
        self._rebuild_from_view()
        self._deco_key = ()
        self._interaction_key = ()

    def say(self, event: Event) -> str:
        """An event in words, for the story and the captions (scenes/table/story.py)."""
        return caption(self.adapter, event, self.layout)

    def open_story(self) -> None:
        """What happened so far, in words, over the table (the G key, the Log button)."""
        self.app.stack.push(StoryScene(self.app, self))

    def _advance(self) -> None:
        """Animate the next update once the screen has caught up with the last one."""
        if self.update_msg is None:
            self._start()
            return
        while self.inbox and not self.timeline.busy and self._held_events is None:
            update = self._take_update()
            self._animate(list(update.events))

    # -- acting ---------------------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """Send this seat's action; False (and the reason shown) when it is refused."""
        if self.seat is None or self.watching:
            return False
        self._asked = (str(action), self.popup_card)
        self.client.submit(action, self.version)
        before = self.version
        self._receive()
        self._advance()
        return self.version != before or any(u.actor == self.seat for u in self.inbox)

    def explain_refusal(self, probe: Optional[Action], sprite: Optional[CardSprite]) -> None:
        """Ask the referee why ``probe`` cannot be played (the card clicked shakes)."""
        if probe is None or self.seat is None:
            self.refuse(tr("table.cannot_play"), sprite)
            return
        self._asked = (str(probe), sprite)
        self.client.submit(probe, self.version, probe=True)
        self._receive()

    def _refused(self, msg: Refused) -> None:
        asked, self._asked = self._asked, None
        sprite = asked[1] if asked is not None and asked[0] == msg.action else None
        if not msg.probe and msg.reason.key == "engine.moved_on":
            return  # meant for a position that is gone: the new one will show
        self.refuse(words(msg.reason), sprite)

    def refuse(self, text: str, sprite: Optional[CardSprite] = None) -> None:
        self.hud.show_error(text)
        self.sound("error")
        if sprite is not None:
            self.timeline.now(sprite.shake_tween(self.layout.card_w * 0.09))

    # -- the computers' pace ------------------------------------------------------------------
    def _pace_computers(self, dt: float) -> None:
        """When the screen is idle and a computer is to act, wait a human-like pause, then
        let the session apply its move.  In a race (the adapter's :meth:`race`) the wait is
        a person's reaction time, counted from this frame, the first one that shows the
        race (scenes/table/race.py); a move the update says is forced (``forced``: a last
        card with one legal play) takes a short pause."""
        if self.busy or self.over or self.update_msg is None:
            return
        computers = [s for s in self.to_act if self.setup.seats[s].kind == COMPUTER]
        if not computers:
            return
        if self._pace is None or self._pace[0] != self.version:
            if self.adapter.race(self.view):
                guest = any(self.setup.seats[s].kind == REMOTE for s in self.to_act)
                wait = race_reaction([self.setup.seats[s].level for s in computers],
                                     self._pace_rng, guest)
                self._pace = (self.version, wait)
                return                    # the race shows from this frame's drawing on
            wait = computer_pause(self.delay, self.speed(), self._pace_rng)
            wait *= pause_share(self.update_msg, computers)  # nothing to think over: forced
            self._pace = (self.version, wait)
        version, left = self._pace
        left -= dt
        self._pace = (version, left)
        if left <= 0:
            self.client.allow(version)

    def computer_wait(self) -> float:
        """Seconds left before the computers to act may move (0: none waits)."""
        if self._pace is None or self._pace[0] != self.version:
            return 0.0
        return max(0.0, self._pace[1])

    # -- time ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        dt = max(0.0, min(dt, 0.1))
        if self._netplay():
            return
        self.hear_phrases(dt)
        self._sync_art()
        self._receive()
        keeping.tell(self)
        self._resume_held()
        self._advance()
        speed = self.speed()
        if speed <= 0:
            self.timeline.finish()
        else:
            self.timeline.speed = speed
            self.timeline.update(dt)
        self.hud.update(dt)
        if self.captions is not None:
            self.captions.update(dt, speed)
        self._advance()
        self.note_out()
        if not self.busy:
            self._pace_computers(dt)
            if self.over and not self.result_shown:
                self.result_shown = True
                self.show_result()
        self._poll_hint()
        self._refresh()
        self._lift(dt)

    def _netplay(self) -> bool:
        """Names on the plates and the guest's light, from the network; True when the host
        has gone (the guest is told and back at the menu: nothing more to update)."""
        self.adapter.names = seat_names(self.client)
        self.link = link_state(self.client)
        if self.link != "lost" or getattr(self.client, "state", None) != "lost":
            return False
        self.app.notify(tr(f"net.{self.client.reason or 'host_gone'}"), 5.0)
        self.app.back_to_menu()
        return True

    def show_result(self) -> None:
        from scenes.result import ResultScene

        winners = (self.result or {}).get("winners") or []
        self.sound("win" if self.seat in winners and not self.watching else "score")
        self.app.stack.push(ResultScene(self.app, self, auto_close=self.auto_close))

    def pause(self) -> None:
        from scenes.result import PauseScene

        self.app.stack.push(PauseScene(self.app, self))

    def look_back(self) -> bool:
        """Show the last trick or frame again over the table (the L key, the button by
        the score board), as the screen shows the game; False when there is none yet."""
        from scenes.lookback import LookBackScene

        look = self.adapter.look_back(self.shown, self.layout)
        if look is None:
            return False
        self._look_hover = False
        self.app.stack.push(LookBackScene(self.app, self, look))
        return True

    # -- the scene ---------------------------------------------------------------------------------
    def enter(self) -> None:
        self._sync_art()
        self._resume_held()
        if tuple(self.app.size) != self.layout.size or self.table_scale() != self.layout.scale:
            self.resize(tuple(self.app.size))   # a new window, or larger cards and text

    def resize(self, size: tuple[int, int]) -> None:
        self.timeline.finish()
        self.layout = self._new_layout(tuple(size))
        self.images.set_card_size(self.layout.card_w, self.layout.card_h)
        self._geoms.clear()
        self._prepare_images()
        for zone in self.zones:
            self._snap(zone)
        self._deco_key = ()
        self._interaction_key = ()
        self._layout_popup()

    def reword(self) -> bool:
        """The language changed: the labels, the choice bar, the callout and the prompt are
        worded anew at the next frame (plates, the board and the corner buttons are worded
        as they are drawn); a banner already showing, and a card's popup of choices already
        open, finish in the old words."""
        self._deco_key = ()
        self._interaction_key = ()
        return True

    def close(self) -> None:
        """Leave the game and stop the background threads; safe to call again."""
        self.client.close()
        self.images.stop()

    def removed(self) -> None:
        """Off the stack for good, by whatever path (Menu, Play again, an error, the
        window closed): no computer or painter thread outlives the table, and the memory
        of its card images goes back to the system."""
        self.close()
        self.images.release()
        self.hud.forget()
        self._halos.clear()
        heap.release()

    def new_game(self) -> Optional["TableScene"]:
        """The same game again, new shuffle: "Play again" (None when this table cannot)."""
        if self.again is None:
            return None
        self.close()
        return self.like(self.again())

    def like(self, client: Client) -> "TableScene":
        """A table like this one (pace, closing, Play again) for another client: the next
        game, or this one resumed at another position (a move taken back)."""
        return TableScene(self.app, client, self.delay, self.auto_close, self.again,
                          self.on_finished, self.captions)

    def finished(self) -> None:
        """The result closed by itself (a table nobody plays): the next game."""
        if self.on_finished is not None:
            self.on_finished(self)
            return
        new = self.new_game()
        if new is not None:
            self.app.stack.clear_to(self.app.menu())
            self.app.stack.push(new)


def local_table(app: Any, setup: GameSetup, seat: Optional[int] = None, **kw: Any) -> TableScene:
    """A table for a game in this process (``seat``: the person's, default the first
    person's seat; a spectator when there is none); "Play again" deals anew."""
    if seat is None:
        humans = setup.humans()
        seat = humans[0] if humans else None

    from scenes.keeping import table_client

    def again() -> Client:
        return table_client(setup.with_seed(None), seat)

    return TableScene(app, table_client(setup, seat), again=again, **kw)
