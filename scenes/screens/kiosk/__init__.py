"""The kiosk: the games play themselves for passers-by, and hand over at a touch.

``python main.py --kiosk`` runs the app with a :class:`Kiosk`, which every
frame goes through (:meth:`App.frame <scenes.app.App.frame>` hands it the
frame):

* **the demo**: every built game in turn, computers of mixed strength in every
  seat, watched from the bottom seat at a pace a person can follow; between
  games a title card (scenes/screens/kiosk/card.py) with the game's name, its players
  and one rule from its in-app rules (scenes/screens/kiosk/rules.py); at the table,
  captions say what just happened (scenes/table/captions.py), and "Press any
  key or click to play" stays on screen.  The mouse cursor is hidden.
* **handing over**: any key, click, wheel or touch hands the person the game on
  screen, in the bottom seat the demo was watched from (the title menu under it);
  a game already over, or none, leaves the demo for the title menu (that input
  does nothing else); after ``idle`` seconds without
  any input the demo resumes, from wherever the person left it (the menu, a
  finished game, a game left half-played), and the last ``warn`` seconds of
  them say so over the screen ("Still there? The demo starts in 10 s"): any
  input then keeps the person's screen (a key or click does nothing else).
* **short games**: every demo game is a short form of the game (its registration's
  ``demo``: :class:`game.engine.Demo`),
  and its title card says which, under the game told in one line.
* **quitting**: Esc never quits, and Quit in the menus (or closing the window)
  goes back to the demo: only the chord Ctrl+Shift+Q, or SIGTERM, ends the
  program.
* **errors**: an exception in a frame is written to the error log
  (scenes/screens/kiosk/errors.py) with the game's replayable log; the demo moves on to
  the next game (a person's game goes back to the menu).  Errors in a row wait
  longer and longer before the next try, so a broken game cannot spin.
"""

from __future__ import annotations

import gc
import random
import traceback
from collections import Counter
from typing import Any, Optional

import pygame

from game import GAMES, KEYS
from game.cards import Card
from game.session import GameSetup, LocalClient, local_game, taken_over
from scenes import heap
from scenes.i18n import tr
from scenes.kit.richtext import plain
from scenes.screens.kiosk.card import TitleCard
from scenes.screens.kiosk.errors import ErrorLog
from scenes.screens.kiosk.rules import RulePicker
from scenes.screens.kiosk.still_there import StillThere
from scenes.table import TableScene, local_table
from scenes.table.captions import Captions
from scenes.table.keeping import Visitors

#: how long the demo waits for input before it resumes (seconds; ``--idle``)
IDLE = 90.0
#: the computers' pause before a move in the demo (seconds at normal speed)
THINK = (0.8, 1.4)
#: seconds a title card shows at least; a rule adds its reading time (READING)
CARD = 5.0
#: characters of a rule read in the time of one CARD
READING = 150
#: seconds the demo's score sheets and result stay up
RESULT = 6.0
#: seconds of "Still there?" before the demo takes the screen back from a person
WARN = 10.0
#: the longest wait before the demo tries again after errors in a row (seconds)
MAX_WAIT = 60.0

#: input that leaves the demo (everything else a person does only counts as presence)
HAND_OVER = frozenset({pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL,
                       pygame.FINGERDOWN, pygame.JOYBUTTONDOWN, pygame.CONTROLLERBUTTONDOWN})
#: input of any kind: it keeps the demo away while a person plays
PRESENCE = HAND_OVER | frozenset({pygame.KEYUP, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION,
                                  pygame.TEXTINPUT, pygame.FINGERUP, pygame.FINGERMOTION,
                                  pygame.JOYBUTTONUP, pygame.CONTROLLERBUTTONUP})


def quit_chord(event: pygame.event.Event) -> bool:
    """Ctrl+Shift+Q: the one way a person at the keyboard ends the kiosk."""
    mods = getattr(event, "mod", 0)
    return (event.type == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_q
            and bool(mods & pygame.KMOD_CTRL) and bool(mods & pygame.KMOD_SHIFT))


def fan_cards(key: str) -> list[Card]:
    """Six cards of the game's deck for its title card's corners: the same ones every
    time, so that the card art's caches hold no more faces as the hours go by."""
    return random.Random(key).sample(GAMES[key].cards, 6)


def show_cursor(on: bool) -> None:
    """The mouse cursor shown or hidden (hidden in the demo: nobody points at anything)."""
    try:
        pygame.mouse.set_visible(on)
    except pygame.error:   # no window (yet): nothing to hide
        pass


def error_heading(demo: bool, key: Optional[str], seed: Any) -> str:
    """The heading of an error log entry: whose game it was, and which game."""
    what = "error in a demo game" if demo else "error in a person's game"
    return what if key is None else f"{what} of {key} (seed {seed})"


class Kiosk:
    """The attract loop of one app (see the module docstring).  ``think``, ``card`` and
    ``result`` set the demo's pace (tests and the soak hurry it); ``seed`` the games'."""

    def __init__(self, app: Any, idle: float = IDLE, think: tuple[float, float] = THINK,
                 card: float = CARD, result: float = RESULT, seed: Optional[int] = None,
                 log: Optional[ErrorLog] = None, warn: float = WARN) -> None:
        self.app = app
        self.idle = idle
        self.warn = min(warn, idle / 2)     # a short --idle: warned for half of it
        self.warning: Optional[StillThere] = None   # "Still there?" on screen
        self.think = think
        self.card = card
        self.result = result
        self.rng = random.Random(seed)
        self.rules = RulePicker(self.rng)
        self.log = log if log is not None else ErrorLog()
        self.keys = list(KEYS)
        self.demo = False
        self.table: Optional[TableScene] = None   # the demo's game, behind its card or playing
        self.played: Counter[str] = Counter()     # demo games finished, by game
        self.errors = 0                           # errors logged
        self.idle_for = 0.0                       # seconds without input, out of the demo
        self._next = 0                            # index in ``keys`` of the next game
        self._failures = 0                        # errors since a game last finished
        self._next_in: Optional[float] = None     # seconds before the next game (None: none due)
        self._sweep = False                       # a game just went: collect it, trim the heap
        self._speed = app.settings.animation_speed  # the demo's pace, whatever a person sets
        self.visitors = Visitors()                # their games, forgotten when the demo is back
        app.kiosk = self

    # -- the frame ---------------------------------------------------------------------
    def start(self) -> None:
        """The demo, from the first game."""
        self.resume()

    def frame(self, dt: float, events: list[pygame.event.Event]) -> bool:
        """One frame of the app: input sorted (the demo hands over, the chord quits), time
        counted, and any error caught and logged; True when it drew."""
        try:
            events = self._sort(events)
            self._tick(dt)
            return self.app.tick(dt, events)
        except Exception:
            self._failed()
            return False

    def _sort(self, events: list[pygame.event.Event]) -> list[pygame.event.Event]:
        """The events the app gets: none of a person's input while the demo plays (the
        first key or click hands over, and the rest of that batch is spent with it)."""
        out = []
        spent = False
        for event in events:
            if quit_chord(event):
                self.app.running = False
                continue
            if event.type in PRESENCE:
                self.idle_for = 0.0
                if self.warning is not None:      # still there: the warning goes, with
                    self._unwarn()                # the key or click that answered it
                    spent = spent or event.type in HAND_OVER
                    continue
                if self.demo and event.type in HAND_OVER:
                    self.hand_over()
                    spent = True
                    continue
                if self.demo or spent:
                    continue
            out.append(event)
        return out

    def _tick(self, dt: float) -> None:
        if self._sweep:
            # the game that went last frame is garbage now (its scene holds cycles, and
            # frames of the call that dropped it held it then): collect it and give its
            # memory back, so the kiosk's memory stays flat over hours of games
            self._sweep = False
            gc.collect()
            heap.release()
        if not self.demo:
            self.idle_for += dt
            if self.idle_for >= self.idle:
                self.resume()
            elif self.idle_for >= self.idle - self.warn and self.warning is None:
                self.warning = StillThere(self.app, lambda: self.idle - self.idle_for)
                self.app.stack.push(self.warning)
        if self.demo and self._next_in is not None:
            self._next_in -= dt
            if self._next_in <= 0:
                self._next_in = None
                self.next_game()

    # -- demo and person ------------------------------------------------------------------
    def resume(self) -> None:
        """Back to the demo (nobody touched anything for a while, or Quit was chosen): the
        next game's card in the next frame, where errors are caught."""
        if self.demo:
            return
        self._unwarn()
        self.demo = True
        self.app.settings.animation_speed = self._speed
        show_cursor(False)
        self._next_in = 0.0

    def _unwarn(self) -> None:
        """The "Still there?" warning off the screen, if it is on it."""
        warning, self.warning = self.warning, None
        while warning is not None and warning in list(self.app.stack):
            self.app.stack.pop()        # (with anything that came over it meanwhile)

    def hand_over(self) -> None:
        """A person wants to play: the game on screen, in the seat it was watched from
        (the title menu when there is none to take over), the cursor back."""
        self.demo = False
        self.idle_for = 0.0
        self._next_in = None
        show_cursor(True)
        taken = self._take_over()
        self._drop_table()
        self.app.back_to_menu()
        if taken is not None:
            self.app.stack.push(taken)

    def _take_over(self) -> Optional[TableScene]:
        """The demo's game under way, for a person at its bottom seat (None: no game to
        take, or it is over, or it could not be rebuilt: logged, and the menu it is)."""
        table = self.table
        if table is None or table not in list(self.app.stack) \
                or not isinstance(table.client, LocalClient) or table.client.session.over:
            return None         # behind its title card, not on screen yet; or over
        try:
            client = taken_over(table.client, table.human_seat)
            setup = client.setup
            return TableScene(self.app, client, captions=None,
                              again=lambda: local_game(setup.with_seed(None), client.seat))
        except Exception:
            self._write(f"error handing over a demo game of {table.key}", self._game_log(table))
            return None

    def next_game(self) -> None:
        """The next game's title card, its table made behind it (the painter warms its
        cards meanwhile).  A game that cannot even start is logged and skipped at the
        card's end."""
        key = self.keys[self._next % len(self.keys)]
        self._next += 1
        spec = GAMES[key]
        setup = GameSetup.computers(key, [self.rng.choice(spec.levels)
                                          for _ in range(spec.demo_seats)],
                                    dict(spec.demo.options), self.rng.randrange(1 << 31))
        self._drop_table()
        try:
            self.table = local_table(self.app, setup, seat=0, think_delay=self.think,
                                     auto_close=self.result, on_finished=self._finished,
                                     captions=Captions(tr("kiosk.press")))
        except Exception:
            self._write(f"error starting a demo game of {key}", setup.to_json())
        rule = self.rules.pick(key)
        howto = tr(f"kiosk.howto.{key}")
        short = tr(f"kiosk.short.{key}", **spec.demo.options)
        words = howto + short + (plain(rule.text) if rule is not None else "")
        card = TitleCard(self.app, spec.title, self._players(setup), rule,
                         fan_cards(key), self.card * (1.0 + len(words) / READING),
                         self._card_done, howto=howto, short=short)
        self.app.stack.clear_to(card)
        self.visitors.forget()          # the visitor's table has gone, its last write done

    def _players(self, setup: GameSetup) -> str:
        """"South (Hard)  ·  East (Normal)": the seats as the table names them."""
        table = self.table
        names = [table.adapter.seat_name(s, table.layout) if table is not None
                 else str(s + 1) for s in range(len(setup.seats))]
        each = [tr("kiosk.player", name=name, level=tr(f"setup.level.{seat.level}"))
                for name, seat in zip(names, setup.seats)]
        return tr("kiosk.players", players="  ·  ".join(each))

    def _card_done(self) -> None:
        if self.table is None:        # it could not start: on to the next one
            self.next_game()
            return
        self.app.stack.replace(self.table)

    def _finished(self, table: TableScene) -> None:
        """A demo game's result closed by itself."""
        self.played[table.key] += 1
        self._failures = 0
        self.next_game()

    def _drop_table(self) -> None:
        """Forget the demo's table; one that never reached the stack (behind its card) is
        closed here, one on the stack goes with it."""
        table, self.table = self.table, None
        if table is None:
            return
        self._sweep = True
        if table not in list(self.app.stack):
            table.removed()

    # -- errors ------------------------------------------------------------------------------
    def _failed(self) -> None:
        """An exception in a frame: log it with its game, then the demo's next game (after a
        pause when errors come in a row), or a person's way back to the menu."""
        self._failures += 1
        table = self._current_table()
        what = error_heading(self.demo, *((table.key, table.setup.seed) if table is not None
                                          else (None, None)))
        self._write(what, self._game_log(table))
        try:
            if not self.demo:
                self.app.recover()      # the menu, with a word to the player
                return
            self._drop_table()
            self.app.stack.clear()
        except Exception:
            self._write("error while clearing up after an error", None)
        if self.demo:
            self._next_in = min(MAX_WAIT, 2.0 ** (self._failures - 1) - 1.0)

    def _write(self, what: str, game: Optional[dict[str, Any]]) -> None:
        self.errors += 1
        self.log.write(what, traceback.format_exc(), game)

    def _current_table(self) -> Optional[TableScene]:
        tables = [scene for scene in self.app.stack if isinstance(scene, TableScene)]
        return tables[-1] if tables else self.table

    @staticmethod
    def _game_log(table: Optional[TableScene]) -> Optional[dict[str, Any]]:
        """The game's log to replay it (its setup alone, when the session is not here)."""
        if table is None:
            return None
        client = table.client       # the kiosk's games are this computer's own
        try:
            return client.session.log() if isinstance(client, LocalClient) \
                else table.setup.to_json()
        except Exception:
            return table.setup.to_json()
