"""The table: one scene that shows every game, as a client of a game session.

The scene never holds the game itself.  It gets a :class:`~game.session.Client`
(a session in this process today, a remote one over the network tomorrow) and
only ever sees its updates and sends its seat's actions:

* each :class:`~game.session.Update` waits in an inbox until the screen has
  caught up with the one before; then it becomes the position the table shows
  and allows (:class:`~scenes.table.position.Position`: its view, legal actions,
  who is to act) and its events are animated;
* input becomes actions sent to the client with the version they were meant
  for; a :class:`~game.session.Refused` comes back with a reason that is put into
  words here, in this screen's language, and the card shakes;
* the computers' pace is the table's: when the screen is idle and a computer
  seat is to act, the table waits a human-like pause (in a race a person can
  win, a person's reaction time: scenes/table/race.py) and then *allows* the
  session to apply that move.

The scene owns its parts and gives each only what it needs, in its constructor:

==================  =============================================================
``board``           the display model: the zones of card sprites, moves between them
                    (board.py); given the adapter, the stage, the position, the
                    timeline, the bottom seat
``animator``        events to tweens (animation.py); given the board, the HUD, the
                    timeline, and callables for a note, the story, a score sheet
``input``           clicks and keys of your turn, the choice bar, the popup, the
                    selection, the hint (controls.py, with pointer.py, keyboard.py,
                    hints.py and selection.py); given the position, the
                    board, the stage, the HUD, the pace, and the table's act/refuse
``painter``         draw(), and what changed for the app (painting.py); it reads
                    the position, the board, the input, the ranks and the corners
``pace``            fast forward, skipping once you are out (pace.py)
``computer_pace``   the computers' pause and a race's reaction (pace.py, race.py)
``ranks``           the rank strip and the "won because" notes (ranks.py)
``story``,          what happened, in words, and the Log and Undo buttons (story.py)
``corner``
==================  =============================================================

The scene itself is a class of parts too: what the parts keep, read through the
table by the screens over it (readings.py), the session's updates in and this seat's
actions out (feed.py), and what opens over the table by its route: the score sheet,
the result, the pause menu, the look back, the story (overlays.py).  Here are left the
making of the parts, the table's keys, the frame and the table's life.

The table's own keys (the rules, the pace, the story, Esc) are a table in
keys.py, run before the input sees a key; :class:`~scenes.table.stage.Stage`
holds the layout and the card images, made anew as the window and the design
change.

A table with no person at it (every seat a computer, watched from a seat or as
a spectator) plays by itself: ``auto_close`` closes the score sheets and the
result after that many seconds (what the kiosk uses).
"""

from __future__ import annotations

import logging
import random
from collections import deque
from dataclasses import replace
from typing import Any, Callable, Optional

import pygame

from game import GAMES
from game.session import HUMAN, Client, GameSetup, Update
from scenes import heap
from scenes.art.sprites import CardImages, CardSprite
from scenes.dirty import drawn_whole
from scenes.i18n import tr
from scenes.kit.hud import Hud
from scenes.kit.layout import Layout
from scenes.kit.tween import Timeline
from scenes.net import guest
from scenes.speech.reading import said_as
from scenes.speech.table import SpokenTable, spoken_on
from scenes.table import keeping
from scenes.table.animation import Animator
from scenes.table.board import Board
from scenes.table.captions import Captions
from scenes.table.controls import TableInput
from scenes.table.feed import SessionFeed
from scenes.table.keys import PASS_KEYS, TABLE_KEYS, Command, Keymap, used
from scenes.table.netplay import (
    away_news,
    away_seats,
    link_state,
    listening_seats,
    networked,
    own_name,
    seat_names,
)
from scenes.table.overlays import Overlays
from scenes.table.pace import (
    DEFAULT_DELAY,
    FAST_KEY,
    FORCED_SHARE,
    SKIP_KEY,
    ComputerPace,
    Pace,
    computer_pause,
    pause_share,
)
from scenes.table.painting import TablePainter
from scenes.table.phrases import TablePhrases
from scenes.table.position import Position
from scenes.table.ranks import Ranks
from scenes.table.stage import Stage
from scenes.table.story import CornerButtons, Story
from scenes.tables import TableAdapter, load_adapter

log = logging.getLogger(__name__)

__all__ = ["DEFAULT_DELAY", "FORCED_SHARE", "TableScene", "computer_pause", "local_table",
           "pause_share"]


class TableScene(SessionFeed, Overlays):
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
        #: the friends' seats a computer kept warm at the last look (None: not looked yet)
        self._away_seen: Optional[frozenset[int]] = None
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
        # your plate says your name: here the one in the settings, online the one the
        # others at the table see (set with theirs, at each frame)
        self.adapter.you_name = "" if networked(client) else app.settings.player_name
        self.adapter.seat_kinds = tuple(s.kind for s in setup.seats)
        layout = self._new_layout(tuple(app.size))
        self.stage = Stage(layout, CardImages(app.art, self.spec.deck, layout.card_w,
                                              layout.card_h))
        self._art_key = self._art_now()
        self.hud = Hud(app.fonts)
        self.hud.card_icon = self._icon
        self.timeline = Timeline()
        #: the game as this screen knows it: the last update taken from the inbox
        self.position = Position(self.seat, self.watching)
        self.board = Board(self.adapter, self.stage, self.position, self.timeline,
                           self.human_seat, self.reduced_motion)
        self.result_shown = False
        self.phrases = TablePhrases(client, self.seat)   # "Good game" and the like, online
        self.story = Story()                    # what happened, in words (the G key)
        #: the story is offered to a player, and to a spectator at an online table, who
        #: came to watch people play and may have come in late (not to a kiosk's visitor)
        self.tells_story = not self.watching or (self.seat is None and networked(client))
        self.corner = CornerButtons(          # the Log, Say and Undo buttons
            not self.tells_story, self.open_story, lambda: keeping.can_undo(self),
            lambda: keeping.undo(self), lambda: self.phrases.can_say,
            self.phrases.toggle_phrases)
        self.stage.layout = self._new_layout(tuple(app.size))   # clear of the buttons' row
        self.inbox: deque[Update] = deque()   # updates not animated yet
        #: (action, card) awaiting the referee's reply
        self._asked: Optional[tuple[str, Optional[CardSprite]]] = None
        settings = lambda: getattr(app, "settings", None)  # noqa: E731 (tests' apps may have none)
        self.pace = Pace(self.position, self.adapter, auto_close, self.timeline, settings,
                         app.notify, self._close_sheet, self._ask_again,
                         spectating=self.seat is None and networked(client))
        self.computer_pace = ComputerPace(
            self.position, setup.seats, self.delay,
            random.Random((self.setup.seed or 0) ^ 0xC0FFEE),  # guests: no seed
            self.adapter.race, self.pace.speed, client.allow, lambda: away_seats(client),
            heard=lambda: self.spoken is None or self.spoken.caught_up(),
            listening=lambda: listening_seats(client))
        self.ranks = Ranks(self.key, self.adapter, self.position, self.timeline,
                           captions is not None, settings,
                           lambda name, value: app.change_setting(name, value), app.notify)
        self.animator = Animator(self.adapter, self.board, self.position, self.stage, self.hud,
                                 self.timeline, self.pace.speed, self.reduced_motion, self.sound,
                                 self.ranks.note_event, self._told, self._settled,
                                 self.show_interlude, self.plate_rect)
        self.input = TableInput(self.position, self.adapter, self.board, self.stage, self.hud,
                                self.timeline, self.pace, lambda: self.busy, lambda: self.link,
                                self.act, self.explain_refusal, self.refuse,
                                client.advise if client.advises else None, self.hint_notice,
                                self._on_look_button, self.look_back, app.withdraw)
        self.table_keys = Keymap(TABLE_KEYS, self.table_commands())
        #: the table said aloud (the setting "Spoken table", or --speak): scenes/speech
        self.spoken = SpokenTable(
            self.key, self.seat, lambda: self.adapter.seat_names(self.layout),
            lambda: [(b.hotkey, b.label) for bar in (self.popup or self.bar, self.input.hint_bar)
                     for b in bar.buttons if b.enabled],      # the Hint beside a picker too
            lambda: self.popup.title if self.popup else None,
            lambda: getattr(app.settings, "speech_verbosity", "full") == "brief",
            cue=self.sound, heard=self.sound_heard, away=lambda: self.adapter.away,
            ready=lambda: not self.busy,
        ) if spoken_on(app) else None
        self.painter = TablePainter(
            self.adapter, self.position, self.board, self.stage, self.hud, self.input,
            self.ranks, self.corner, self.phrases, captions, self.seats, lambda: self.busy,
            lambda: self.link,
            lambda: self._art_key, lambda: drawn_whole(app, self))
        self.input.kept_clear = self.painter.strip_rect
        self.input.taken = self.painter.taken
        self.input.fixed = self.painter.fixed
        self._take_names()      # before the first update is shown, or said
        self._receive()
        self._start()

    def _ask_again(self) -> None:
        """What may be done now is worked out again at the next frame."""
        self.input.ask_again()

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

    def hint_notice(self, text: str, seconds: float = 3.0, said: str = "") -> None:
        """A hint's line, shown, and said to a listener (it was shown alone: H said
        nothing), in ``said``'s words where they are others (its cards by name)."""
        self.app.notify(text, seconds, aloud=False)      # said here, as an answer
        if self.spoken is not None:
            self.spoken.answer(said_as(said or text))

    def _say_picked(self, before: list[str]) -> None:
        """The cards a hint picked (at the key, or once Hard has thought), by name."""
        if self.spoken is not None and self.selected != before and self.selected:
            self.spoken.picked(self.selected)

    def sound_heard(self) -> bool:
        """Does a sound played now reach the player (a device, a volume above 0)?"""
        snd = getattr(self.app, "sound", None)
        return bool(snd is not None and snd.volume > 0 and snd.available)

    def _new_layout(self, size: tuple[int, int]) -> Layout:
        """The table's anchors for ``size``; once the corner buttons are made, clear of
        their row at its widest (its words are the language's)."""
        layout = Layout(size, self.seats, self.human_seat,
                        counterclockwise=bool(getattr(self.adapter, "counterclockwise", False)),
                        scale=self.table_scale(), card_share=self.adapter.card_share)
        corner = getattr(self, "corner", None)
        reach = corner.reach(layout, self.hud) if corner is not None else None
        return replace(layout, corner_w=reach.w) if reach is not None else layout

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
        self.stage.images = CardImages(self.app.art, self.spec.deck, self.layout.card_w,
                                       self.layout.card_h)
        self.hud.forget_icons()   # the trump badge's Ace, the suit picker's icons
        self._prepare_images()

    def _icon(self, code: str, height: int) -> pygame.Surface:
        """A card face ``height`` px tall, for icons in labels and buttons."""
        return self.stage.icon(code, height)

    # -- input ---------------------------------------------------------------------------------
    def table_commands(self) -> dict[str, Command]:
        """The commands of :data:`~scenes.table.keys.TABLE_KEYS`: they never wait."""
        def back(event: pygame.event.Event) -> bool:
            if not self.input.close_popup():
                self.pause()
            return True

        return {
            "back": back,
            "rules": used(lambda: self.app.show_rules(self.key)),
            "look_back": lambda e: self.look_back() or True,
            "story": lambda e: self.tells_story and used(self.open_story)(e),
            "undo": lambda e: keeping.undo(self) or True,   # a kept game only; else why not
            "fast_forward": lambda e: self.pace.command(FAST_KEY),
            "skip": lambda e: self.pace.command(SKIP_KEY),  # only once you are out
            "rank_strip": used(lambda: self.ranks.toggle()),
            "phrases": lambda e: self.phrases.can_say and used(lambda: self.phrases.toggle_phrases())(e),
        }

    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        """The table's own keys first (they never wait), then the corner buttons, then the
        cards, the bar and the popup (scenes/table/controls.py)."""
        if event.type == pygame.KEYDOWN:
            if self.phrases.key(event):   # the open list of phrases: a number, or Esc
                return None
            if self.table_keys.run(event) or (self.spoken is not None and self.spoken.key(event)):
                return None
            if self.spoken is not None and event.key not in PASS_KEYS:
                self._catch_up()           # a listener's key acts, not only hurries
            picked = list(self.selected)
            rest = self.input.key(event)
            if event.key == pygame.K_h:
                self._say_picked(picked)
            if self.spoken is not None and event.key in (pygame.K_LEFT, pygame.K_RIGHT,
                                                         pygame.K_SPACE):
                code = self.cursor_code()          # arrows through the hand: each card,
                picking = self.adapter.select_cards and event.key == pygame.K_SPACE
                self.spoken.card(code, code in self.selected if picking else None)  # picked?
            return rest
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.phrases.click(event.pos):
            return None        # the open list of table phrases
        if event.type != pygame.MOUSEMOTION and self.corner.handle(event):
            return None        # the Log or Undo button
        return self.input.handle(event)

    def _catch_up(self) -> None:
        """A key a listener presses while the cards move: they land at once, each update
        waiting after them too (its news said as it lands), and whose turn it is then is
        said; the key then does what it does (the arrows name a card, Enter plays it),
        where a sighted player's key only hurries them.  A score sheet still stops it."""
        for _ in range(len(self.inbox) + 1):        # each landing takes the next update
            if not self.busy or self.animator.held_events is not None:
                break
            self.timeline.finish()
            self._advance()
        if self.spoken is not None and not self.busy:
            self.spoken.frame()

    def _on_look_button(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on the look back button, where the last draw put it."""
        rect = self.painter.look_rect
        return rect is not None and rect.collidepoint(pos)

    # -- time ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        dt = max(0.0, min(dt, 0.1))
        if self._netplay():
            return
        self.phrases.hear(dt)
        self._sync_art()
        self.images.settle()       # turned cards made since: drawn from this frame on
        if self.spoken is not None:
            self.spoken.frame()        # a card's popup of choices just opened: its keys
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
        self.pace.note_out()
        if not self.busy:
            self.computer_pace.step(dt)
            if self.over and not self.result_shown:
                self.result_shown = True
                self.show_result()
        picked = list(self.selected)
        self.input.poll_hint()               # a hint Hard was thinking about, shown now
        self._say_picked(picked)
        self.input.refresh()
        self.input.lift(dt)

    def _take_names(self) -> None:
        """The seats' names from the network, as the plates and the spoken table say
        them.  Taken before the first update too: a guest's table had said its first
        turn by the words of a table with no names ("West's turn."), a frame before it
        had the host's ("Marco's turn.")."""
        self.adapter.names = seat_names(self.client)
        if networked(self.client):
            self.adapter.you_name = own_name(self.client)

    def _netplay(self) -> bool:
        """Names on the plates and the guest's light, from the network, and a notice when a
        friend's link drops or comes back (on every screen: the plate alone was easy to
        miss); True when the host has gone (the guest is told and back at the menu:
        nothing more to update)."""
        self._take_names()
        away = away_seats(self.client)
        if not self.over:
            for line in away_news(self._away_seen, away, self.adapter.names):
                self.app.notify(line, 5.0, aloud=False)   # the spoken table says it
        self._away_seen = away
        self.adapter.away = away
        self.link = link_state(self.client)
        link = self.client.link()
        if link is None or link.state != "lost":
            return False
        self.app.notify(tr(f"net.{link.reason or 'host_gone'}"), 5.0)
        if link.reason in guest.TABLE_GONE:
            guest.table_over(self.client)
        self.app.back_to_menu()
        return True

    # -- the scene ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)

    def damage(self) -> Optional[list[pygame.Rect]]:
        return self.painter.damage()

    def toast_bottom(self) -> Optional[int]:
        """Notices stand over the felt, clear of the hand, the prompt and the buttons."""
        return self.input.clear_top()

    def animating(self) -> bool:
        return self.painter.animating()

    def leave(self) -> None:
        """Covered (a menu, the log, a sheet) or leaving: a host's game goes on for the
        friends at the table meanwhile (game/net/host.py's ``HostClient.covered``)."""
        self.client.covered(True)

    def enter(self) -> None:
        self.client.covered(False)
        self._sync_art()
        self._resume_held()
        if tuple(self.app.size) != self.layout.size or self.table_scale() != self.layout.scale:
            self.resize(self.app.size)   # a new window, or larger cards and text

    def resize(self, size: tuple[int, int]) -> None:
        self.timeline.finish()
        self.stage.layout = self._new_layout((size[0], size[1]))   # a list too
        self.images.set_card_size(self.layout.card_w, self.layout.card_h)
        self.board.resized()
        self._prepare_images()
        self.painter.forget_decorations()
        self.input.ask_again()
        self.input.layout_popup()

    def reword(self) -> bool:
        """The language changed: the labels, the choice bar, the callout and the prompt are
        worded anew at once (plates, the board and the corner buttons are worded as they
        are drawn): a table under the pause menu is not updated, and its bar showed the
        old words behind the menu until Resume. A banner already showing, and a card's
        popup of choices already open, finish in the old words."""
        if self._new_layout(self.layout.size).corner_w != self.layout.corner_w:
            self.resize(self.layout.size)    # the corner buttons' new words: another width
        self.painter.forget_decorations()
        self.input.ask_again()
        self.input.refresh()
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
        self.painter.forget()
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

    def again() -> Client:
        return keeping.table_client(setup.with_seed(None), seat)

    return TableScene(app, keeping.table_client(setup, seat), again=again, **kw)
