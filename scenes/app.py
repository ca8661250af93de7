"""The application: one window, one scene stack, one loop at 60 FPS.

:class:`App` owns what every scene shares (settings, fonts, card art, sound,
the pygame-gui manager, the toast overlay).  :meth:`App.frame` is one
deterministic frame, so tests drive the program with synthetic events and see
every exception; :func:`run` is the real loop, and only it catches a scene's
exception, to log it and return to the menu instead of dying on the player.
Ctrl+C in the terminal ends it like Quit (exit code 130, no traceback), and
:meth:`App.shutdown` joins the card painter and sound threads before
``pygame.quit()``.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if sys.platform.startswith("linux"):
    # Present the window through X11's own framebuffer, not a streaming texture of a 3D
    # renderer: measured under X11 without a GPU, a partial present costs 0.1 ms that way
    # against 5 ms (bench/README.md); an explicit setting in the environment wins.
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")

import signal
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from scenes import heap, routes, xwindow
from scenes.art.sprites import stop_painters
from scenes.density import ask_for_real_pixels
from scenes.i18n import language, set_language, tr
from scenes.kit import theme
from scenes.kit.fields import THEME_PATH
from scenes.kit.fonts import Fonts
from scenes.kit.scene import Scene, SceneStack
from scenes.kit.toast import Toasts
from scenes.kit.uimanager import UIManager
from scenes.ready import notify_ready
from scenes.settings import (
    Settings,
    SettingsUnreadable,
    load_settings,
    save_settings,
    settings_path,
)
from scenes.sizes import DEFAULT_SIZE, MIN_SIZE
from scenes.sound import Sound, open_mixer
from scenes.window.base import AppWindow
from scenes.window.choice import OFF
from scenes.window.opening import open_window

if TYPE_CHECKING:  # pragma: no cover
    from game.net.relays import Relay
    from game.session import GameSetup
    from scenes.art.cardart import CardArt
    from scenes.routes import Route
    from scenes.screens.kiosk import Kiosk

ROOT = Path(__file__).resolve().parent.parent
FPS = 60
MUTE_KEY = pygame.K_m       # anywhere: the sound off and on again
MAX_DT = 0.1          # a stall (window drag, breakpoint) must not fast-forward animations
REFRESH = 5.0         # seconds: even a still screen is drawn whole this often
IDLE_WAIT = 0.25      # a resting loop sleeps on input this long at most (time still runs)
IDLE_POLL = 0.04      # ... looking for input this often (SDL's own wait polls at 1 kHz)
MAX_IDLE_DT = 0.5     # ... and then counts the time it slept, up to this
EXIT_AFTER_FIRST_FRAME = "TAVOLATA_EXIT_AFTER_FIRST_FRAME"
THREAD_JOIN_TIMEOUT = 1.0   # seconds each kind of background thread gets to end at shutdown
INTERRUPTED = 130           # exit status after Ctrl+C, as shells report SIGINT


def _video_driver() -> str:
    try:
        return pygame.display.get_driver()
    except pygame.error:
        return ""


def _make_art(design: str, four_colour: bool = False) -> CardArt | None:
    """The card art in the chosen Italian design and French inks, or None while
    scenes/art/cardart is missing or broken."""
    try:
        from scenes.art.cardart import CardArt
    except ImportError as exc:
        print(f"tavolata: card art unavailable: {exc}", file=sys.stderr)
        return None
    try:
        return CardArt(design, four_colour=four_colour)
    except Exception as exc:  # another module: the menu must still open
        print(f"tavolata: card art failed: {exc!r}", file=sys.stderr)
        return None


class App:
    """The window, what every scene shares, and the frame.  ``fullscreen``: start so (else
    as the settings say); ``windowed``: never fullscreen at start, whatever they say;
    ``renderer``: the drawing path (scenes/window/choice.py: ``auto``, ``off``, a driver;
    None: the settings')."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, fullscreen: bool = False,
                 windowed: bool = False, renderer: str | None = OFF) -> None:
        heap.tune()
        for line in ask_for_real_pixels(os.environ):   # before SDL starts and the window opens
            print(line, file=sys.stderr)
        pygame.mixer.pre_init(44100, -16, 2, 512)     # a small buffer: card snaps land on time
        open_mixer()            # before pygame.init(): no device means one line, not ALSA's 16
        pygame.init()
        self.settings: Settings
        self.settings, notice = load_settings()
        set_language(self.settings.language)
        self.running = True
        self.frames = 0                  # frames drawn
        self._since_drawn = REFRESH      # seconds since the last drawing
        self._toasts_up = False          # the last frame drawn showed notices
        self._shape: tuple = ()          # the stack (its changes) and size last drawn: a change redraws all
        #: the frame being drawn must be painted whole (a new size, another scene, a
        #: notice): a scene that can paints only what changed otherwise (scenes/dirty.py)
        self.whole_frame = True
        self.stack = SceneStack()
        self.fonts = Fonts()
        self.toasts = Toasts()
        self._menu: Scene | None = None
        #: the attract loop every frame goes through, in kiosk mode (scenes/screens/kiosk)
        self.kiosk: Kiosk | None = None
        #: the command line's ``--relay``: Play online uses it for this run, whatever the
        #: settings say (scenes/screens/online/play.py)
        self.relay: Relay | None = None
        #: the command line's ``--speak``: the table is said aloud in this run, whatever
        #: the settings say (scenes/speech)
        self.speak = False
        self._screen_speech: Any = None      # made when the spoken table is first on
        self._spoke = False                  # the spoken table was on at the last frame
        self._notices: list[str] = []        # notices to say at the frame's speech
        #: the first launch's "Press S for the spoken table" (scenes/speech/offer.py; made
        #: by :func:`run` in a real window, so a test's App never speaks unasked)
        self._speech_offer: Any = None
        from scenes.speech.table import choose, tune

        tune(self.settings.speech_rate)      # the voice's pace and who speaks, whenever
        choose(self.settings.speech_voice)   # it first speaks
        self._errors: list[float] = []
        windowed_size = self._fit(size or DEFAULT_SIZE)
        #: an X server with no window manager: nobody grants fullscreen, the window is
        #: made desktop-sized by hand (scenes/xwindow.py says why)
        self.bare_x = _video_driver() == "x11" and xwindow.window_manager_running() is False
        self.fullscreen = not windowed and bool(fullscreen or self.settings.fullscreen)
        #: the window, on whichever path draws it (scenes/window): every window call goes here
        self.display: AppWindow = open_window(renderer or self.settings.renderer,
                                              windowed_size, self.fullscreen, self.bare_x)
        self.screen = self.display.surface
        self.display.set_caption(tr("ui.title"))
        self.ui = UIManager(self.size, str(THEME_PATH), [
            {"name": "tavolata", "point_size": 16, "style": "bold", "antialiased": "1"}])
        self._scale_mouse()
        self.sound = Sound(self.settings.volume)
        #: the volume M gives back after muting
        self._unmuted_volume = self.settings.volume or Settings().volume
        self.art = _make_art(self.settings.card_design, self.settings.french_colours == "four")
        if notice:
            self.notify(notice, 6.0)

    # --- window ------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @staticmethod
    def _fit(size: tuple[int, int]) -> tuple[int, int]:
        """At least MIN_SIZE, at most the desktop."""
        w, h = max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1]))
        try:
            desktops = pygame.display.get_desktop_sizes()
        except pygame.error:
            desktops = []
        if desktops and pygame.display.get_driver() != "dummy":
            dw, dh = desktops[0]
            if dw >= MIN_SIZE[0] and dh >= MIN_SIZE[1]:
                w, h = min(w, dw), min(h, dh)
        return w, h

    def set_fullscreen(self, on: bool) -> None:
        """Switch between desktop fullscreen and the window; every scene is told the new size."""
        if bool(on) == self.fullscreen:
            return
        self.fullscreen = bool(on)
        self.display.set_fullscreen(self.fullscreen)
        self.screen = self.display.surface
        self._resized()
        self._sync_window_size()

    def toggle_fullscreen(self) -> None:
        self.change_setting("fullscreen", not self.fullscreen)

    def toggle_mute(self) -> None:
        """M: the sound off, or back at the volume it had before (the usual one when the
        program started muted); a word says which."""
        if self.settings.volume > 0:
            self._unmuted_volume = self.settings.volume
            self.change_setting("volume", 0.0)
            self.notify(tr("ui.sound_off"))
        else:
            self.change_setting("volume", self._unmuted_volume)
            self.notify(tr("ui.sound_on"))

    def _typing(self) -> bool:
        """A text field has the keyboard (a letter typed there is not a shortcut)."""
        return any(isinstance(element, pygame_gui.elements.UITextEntryLine)
                   and element.is_focused for element in self.ui.get_sprite_group().sprites())

    def _on_resize(self, size: tuple[int, int]) -> None:
        self.display.resize(size)
        self.screen = self.display.surface
        self._resized()

    def _sync_window_size(self) -> None:
        """Draw for the window as it really is (after any change, the window's real size
        wins: scenes/window)."""
        if self.display.sync():
            self.screen = self.display.surface
            self._resized()

    def _scale_mouse(self) -> None:
        """The toolkit reads the mouse in the window's points: scaled to the surface's pixels."""
        self.ui.mouse_pos_scale_factor = list(self.display.mouse_scale())

    def _resized(self) -> None:
        self.ui.set_window_resolution(self.size)
        self._scale_mouse()
        for scene in self.stack:
            scene.resize(self.size)

    # --- settings ----------------------------------------------------------
    def change_setting(self, name: str, value: Any) -> None:
        """Set one setting, apply it now, and save."""
        setattr(self.settings, name, value)
        if name == "volume":
            self.sound.set_volume(value)
            self.sound.play("flip")
        elif name == "card_design":
            if self.art is not None and hasattr(self.art, "set_style"):
                self.art.set_style(value)
            else:
                self.art = _make_art(value, self.settings.french_colours == "four")
        elif name == "french_colours":
            if self.art is not None and hasattr(self.art, "set_four_colour"):
                self.art.set_four_colour(value == "four")
            else:
                self.art = _make_art(self.settings.card_design, value == "four")
        elif name == "fullscreen":
            self.set_fullscreen(value)
        elif name == "spoken_table":
            self.speak = False           # the choice made now rules, not --speak's for the run
            if value:
                self._say_what_speech_needs()
        elif name == "speech_rate":
            from scenes.speech.table import tune

            tune(value)
        elif name == "speech_voice":
            from scenes.speech.table import choose

            choose(value)
        elif name == "language":
            set_language(value)
            self.reword()
        self.save_settings()

    def reword(self) -> None:
        """Every scene in the stack in the current language, at once; a scene that keeps
        some words until it is made anew (Scene.reword says so) has the player told that
        the rest follows at the next game."""
        whole = [scene.reword() for scene in list(self.stack)]
        if not all(whole):
            self.notify(tr("ui.settings.language_next_game"), 5.0)

    def save_settings(self) -> bool:
        try:
            save_settings(self.settings)
            return True
        except OSError as exc:
            print(f"tavolata: could not save settings: {exc}", file=sys.stderr)
            if isinstance(exc, SettingsUnreadable):
                if self.settings.read_failed:
                    return False        # the player has been told already: once is enough
                self.settings.read_failed = True
            self.notify(tr("ui.settings.not_saved"))
            return False

    # --- scenes ------------------------------------------------------------
    def open(self, name: Route, *args: Any, **kwargs: Any) -> Scene:
        """Push the scene called ``name`` (scenes/routes.py), made with these arguments."""
        scene = self.make(name, *args, **kwargs)
        self.stack.push(scene)
        return scene

    def make(self, name: Route, *args: Any, **kwargs: Any) -> Scene:
        """The scene called ``name``, made with these arguments and not pushed: for a
        screen that replaces itself with it (a waiting room with its table)."""
        return routes.make(self, name, *args, **kwargs)

    def menu(self) -> Scene:
        if self._menu is None:
            self._menu = routes.make(self, "menu")
        return self._menu

    def back_to_menu(self) -> None:
        menu = self.menu()
        self.stack.clear_to(menu)
        menu.resize(self.size)

    def game_setup(self, key: str, seed: int | None = None,
                   options: dict | None = None) -> "GameSetup":
        """The game as the player last set it up on the new-game screen (remembered in the
        settings; you in the first seat, Normal computers, the default options when never
        set up or when that memory is damaged), with this seed and these options on top."""
        from game.session import GameSetup

        setup = self.settings.game_setup(key)
        if options:
            setup = GameSetup(setup.key, setup.seats, {**setup.options, **options}, seed)
        return setup.with_seed(seed)

    def start_game(self, game: "str | GameSetup", seed: int | None = None,
                   options: dict | None = None) -> None:
        """A table for a game here against the computer: a key (its remembered setup) or a setup."""
        try:
            local_table = routes.maker("table")
        except ModuleNotFoundError as exc:
            if exc.name != "scenes.table":
                raise
            self.notify(tr("ui.error.no_table"))
            return
        setup = self.game_setup(game, seed, options) if isinstance(game, str) else game
        self.stack.push(local_table(self, self.named(setup)))

    def named(self, setup: "GameSetup") -> "GameSetup":
        """``setup`` with the player's name (Settings) in the person's seat, so the game's
        record says who played; unchanged when no name is set."""
        from dataclasses import replace

        from game.session import HUMAN

        name = self.settings.player_name
        if not name:
            return setup
        seats = tuple(replace(seat, name=name) if seat.kind == HUMAN else seat
                      for seat in setup.seats)
        return replace(setup, seats=seats)

    def _over_menu(self) -> bool:
        """True when the top scene is the title menu (then Rules/Settings are full screens)."""
        return self.stack.top is None or self.stack.top is self._menu

    def show_rules(self, key: str, overlay: bool | None = None) -> None:
        overlay = not self._over_menu() if overlay is None else overlay
        self.open("rules", key, overlay=overlay)

    def open_settings(self, overlay: bool | None = None) -> None:
        overlay = not self._over_menu() if overlay is None else overlay
        self.open("settings", overlay=overlay)

    def _say_what_speech_needs(self) -> None:
        """The spoken table turned on where nothing can speak: what to install, on screen
        and in the log."""
        from scenes.speech.voice import log_missing, missing

        why = missing()
        if why:
            log_missing(why)
            self.notify(tr(why), 8.0)

    def notify(self, text: str, seconds: float = 3.0, aloud: bool = True) -> None:
        """A notice shown for ``seconds``; with the spoken table on, said too, after the
        item the screen focused (a listener heard nothing of "Saved to ...", "Sound off"
        or what to install); ``aloud`` False: its words are said otherwise (a hint, a
        friend's seat the table says changed)."""
        self.toasts.notify(text, seconds)
        if aloud:
            self._notices.append(text)     # said at the frame's speech, after the screen's

    def withdraw(self, text: str) -> None:
        """A notice no longer true fades out now (:meth:`Toasts.withdraw`)."""
        self.toasts.withdraw(text)

    def quit(self) -> None:
        """Quit (the menus, the window's close button); a kiosk goes back to its demo
        instead: only its own key chord ends it."""
        if self.kiosk is not None:
            self.kiosk.resume()
            return
        self.running = False

    def shutdown(self) -> None:
        """The program ends: every scene leaves the stack, so their threads stop, and the card
        painters and the sound warm-up are waited for (a bounded time), so ``pygame.quit()``
        never pulls pygame from under a thread still using it."""
        try:
            self.stack.clear()
        finally:
            stop_painters(THREAD_JOIN_TIMEOUT)
            self.sound.stop(THREAD_JOIN_TIMEOUT)
            self.display.close()

    # --- the frame ---------------------------------------------------------
    def frame(self, dt: float, events: list[pygame.event.Event] | None = None) -> bool:
        """One frame: input, time, and a drawing only if something changed.  True when it
        drew (nothing is drawn while the screen would look the same).  In kiosk mode the
        kiosk runs the frame: it sorts the input and catches the errors."""
        if events is None:
            events = pygame.event.get()
        if self.kiosk is not None:
            return self.kiosk.frame(dt, events)
        return self.tick(dt, events)

    def tick(self, dt: float, events: list[pygame.event.Event]) -> bool:
        """The frame itself (see :meth:`frame`)."""
        self.advance(dt, events)
        shape = (self.stack.changes, self.size)
        # a notice that has just gone is presented away whole: the scene's damage does
        # not cover it, and a table at play left its last, faded picture on the felt
        toasts_gone = self._toasts_up and not self.toasts.items
        whole = shape != self._shape or bool(self.toasts.items) or toasts_gone or \
            self._since_drawn >= REFRESH
        if not (whole or events or self.stack.animating()):
            return False
        self._shape = shape
        self._toasts_up = bool(self.toasts.items)
        self.whole_frame = whole
        self.draw()
        rects = self.stack.damage()
        self.display.present(None if whole or rects is None else rects)
        self._since_drawn = 0.0
        self.frames += 1
        return True

    def advance(self, dt: float, events: list[pygame.event.Event]) -> None:
        """A frame's input and time, nothing drawn: what a program that looks at the
        screens' state, not their picture, needs of a frame (the tests' stretches of
        play draw only the frames they check; the next drawn frame shows all of it)."""
        for event in events:
            self._dispatch(event)
        self.ui.update(dt)
        self.stack.update(dt)
        self._speak_screen()
        self.toasts.update(dt)
        self._since_drawn += dt

    def _speak_screen(self) -> None:
        """The spoken table on: the item the screen on top has focused, when it changes
        (scenes/speech/screens.py)."""
        from scenes.speech.table import program_speaker, spoken_on

        on = spoken_on(self)
        if on or self._spoke:                # turned off: "Spoken table: Off." said last
            if self._screen_speech is None:
                from scenes.speech.screens import ScreenSpeech

                self._screen_speech = ScreenSpeech(program_speaker())
            self._screen_speech.frame(self.stack.top)
        self._spoke = on
        notices, self._notices = self._notices, []
        if on and notices:                   # after the focused item, in a fixed order
            from scenes.speech.reading import said_as

            program_speaker().say([said_as(text) for text in notices], lang=language())
        if self._speech_offer is not None:      # after the screen: "The spoken table is
            self._speech_offer.frame(self)      # on." goes ahead of its focused item

    @property
    def resting(self) -> bool:
        """Nothing on screen will change until some input comes: the loop may sleep."""
        return not (self.stack.animating() or self.toasts.items)

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif event.type == pygame.VIDEORESIZE:
            self._on_resize(event.size)
        elif event.type in (pygame.WINDOWSIZECHANGED, pygame.WINDOWMAXIMIZED,
                            pygame.WINDOWRESTORED):
            self._sync_window_size()
        elif event.type == pygame.WINDOWEXPOSED:
            # uncovered: with no compositor keeping its pixels (X11 without one), what lay
            # over the window stays until drawn over, and a frame draws only what changed
            self._shape = ()
        elif self.ui.process_events(event):
            pass
        elif self._speech_offer is not None and self._speech_offer.key(self, event):
            pass
        elif event.type == pygame.KEYDOWN and event.key == MUTE_KEY and not self._typing() \
                and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            self.toggle_mute()
        else:
            self.stack.handle(event)

    def draw(self) -> None:
        if not len(self.stack):
            self.screen.fill(theme.FELT_DARK)
        self.stack.draw(self.screen)
        self.ui.draw_ui(self.screen)
        top = self.stack.top     # where the notices stand: asked only when there are some
        self.toasts.draw(self.screen, self.fonts,
                         top.toast_bottom() if top is not None and self.toasts.items else None)

    # --- errors --------------------------------------------------------------
    def recover(self) -> bool:
        """After a scene raised: log, tell the player, go back to the menu.

        False when there is nothing sane to return to (the menu itself keeps
        failing), and the program should stop.
        """
        traceback.print_exc(file=sys.stderr)
        now = time.monotonic()
        self._errors = [t for t in self._errors if now - t < 3.0] + [now]
        in_menu = self.stack.top is self._menu and len(self.stack) == 1
        if in_menu and len(self._errors) > 2:
            return False
        self.notify(tr("ui.error.scene"), 5.0)
        self.sound.play("error")
        try:
            self.back_to_menu()
        except Exception:
            traceback.print_exc(file=sys.stderr)
            return False
        return True


def run(game: str | None = None, seed: int | None = None, fullscreen: bool = False,
        size: tuple[int, int] | None = None, windowed: bool = False,
        kiosk: dict[str, Any] | None = None, online: dict[str, Any] | None = None,
        replay: str | None = None, relay: Relay | None = None,
        speak: bool = False, renderer: str | None = None) -> int:
    """The program: the title menu (and a table straight away if ``game`` is given) until Quit;
    the exit status (130 after Ctrl+C, which ends the program as Quit does).  ``kiosk``: the
    kiosk's options (scenes/screens/kiosk): the demo instead, until its quit chord or SIGTERM.
    ``online``: host or join a game over the network first (scenes/screens/online/play.py); ``relay``:
    the relay Play online uses in this run (the command line's ``--relay``); ``speak``: the
    table said aloud in this run (``--speak``); ``renderer``: the drawing path
    (``--renderer``; None: the settings')."""
    started = time.perf_counter()
    first_launch = not settings_path().exists()
    app = App(size or DEFAULT_SIZE, fullscreen, windowed, renderer)
    app.relay = relay
    app.speak = speak
    if first_launch and kiosk is None and _video_driver() != "dummy":   # someone is there
        from scenes.speech.offer import SpeechOffer

        app._speech_offer = SpeechOffer()
    if kiosk is not None:
        from scenes.screens.kiosk import Kiosk

        Kiosk(app, **kiosk)
        # a service manager's stop ends the kiosk cleanly (SDL would make it a QUIT event,
        # which a kiosk does not obey)
        signal.signal(signal.SIGTERM, lambda *_: setattr(app, "running", False))
    status = 0
    heap.freeze_startup()
    try:
        status = _loop(app, game, seed, started, online, replay)
    except KeyboardInterrupt:
        status = INTERRUPTED
    finally:
        try:
            app.shutdown()
        except Exception:  # the program ends all the same
            traceback.print_exc(file=sys.stderr)
        pygame.quit()
    return status


def _rest() -> list[pygame.event.Event]:
    """Sleep until input comes or IDLE_WAIT has passed; the input that came.  Sleeping in
    short slices costs a tenth of what pygame's event.wait does (it polls every millisecond)."""
    deadline = time.monotonic() + IDLE_WAIT
    while True:
        time.sleep(IDLE_POLL)
        events = pygame.event.get()
        if events or time.monotonic() >= deadline:
            return events


def _loop(app: App, game: str | None, seed: int | None, started: float,
          online: dict[str, Any] | None = None, replay: str | None = None) -> int:
    """The frames until Quit (or a menu that keeps failing: status 1, but a kiosk never
    gives up).  ``online``: the command line's --host or --join (scenes/screens/online/play.py);
    ``replay``: a saved game's file to watch (scenes/screens/replay_scene.py)."""
    app.back_to_menu()
    if app.kiosk is not None:
        app.kiosk.start()
    elif replay:
        from scenes.screens.replay_scene import open_replay_file

        open_replay_file(app, Path(replay))
    elif online:
        from scenes.screens.online.play import start_online

        start_online(app, **online)
    elif game:
        try:
            app.start_game(game, seed)
        except Exception:
            if not app.recover():
                return 1
    exit_after_first = os.environ.get(EXIT_AFTER_FIRST_FRAME) == "1"
    clock = pygame.time.Clock()
    dt = 0.0
    woke: list[pygame.event.Event] = []
    warmed = False
    while app.running:
        try:
            app.frame(dt, woke + pygame.event.get())
        except Exception:
            if not app.recover() and app.kiosk is None:
                return 1
        woke = []
        if app.frames >= 1 and not warmed:
            warmed = True
            if exit_after_first:
                print(f"tavolata: first frame {time.perf_counter() - started:.3f} s after run()",
                      flush=True)
                break
            app.sound.warm_in_background()
            notify_ready()          # a service manager may stop it with SIGTERM from now
        if app.resting:
            # nothing moves: sleep until input comes (or a little time has passed, so
            # that timers, such as a computer's pause, still run)
            woke = _rest()
            dt = min(clock.tick() / 1000.0, MAX_IDLE_DT)
        else:
            dt = min(clock.tick(FPS) / 1000.0, MAX_DT)
    return 0
