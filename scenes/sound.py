"""Short table sounds, synthesised in code: no audio files to ship or license.

Card snaps are filtered noise bursts with a fast decay, the collect is a
swish, the win a small arpeggio, the error a soft low blip; the spoken table's cues (game/spoken/cues.py) are
short tones: two rising for your turn, a bright double for a trick you took, three
falling for a deal's end.  Samples are
built lazily (first play, or :meth:`Sound.warm` off the render loop) with the
stdlib only, so start-up stays cheap.  No audio device, or volume 0, means
silence, never an error: :func:`open_mixer` tries the real device with SDL's C
noise (ALSA prints eight lines per attempt) kept off the terminal, and without
one starts the mixer on SDL's dummy driver, so nothing tries the device again,
and says so in one line.
"""

from __future__ import annotations

import contextlib
import functools
import math
import os
import random
import sys
import tempfile
import threading
from array import array
from typing import Any, Callable, Iterator

import pygame

NAMES = ("deal", "play", "flip", "collect", "score", "win", "error", "turn", "trick", "deal_end")


# --- synthesis: mono float samples in -1..1 -------------------------------

def _envelope(n: int, attack: int, decay_rate: float) -> list[float]:
    """A quick linear attack then an exponential decay (``decay_rate`` per second)."""
    out = []
    for i in range(n):
        a = i / attack if i < attack else 1.0
        out.append(a * math.exp(-decay_rate * max(0, i - attack)))
    return out


def _filtered_noise(n: int, rng: random.Random, low: float, high: float) -> list[float]:
    """White noise through a one-pole high-pass and low-pass: a band of hiss."""
    out = []
    lp = hp_lp = 0.0
    for _ in range(n):
        x = rng.uniform(-1.0, 1.0)
        hp_lp += high * (x - hp_lp)          # remove lows: x - lowpass(x)
        y = x - hp_lp
        lp += low * (y - lp)                 # then soften the highs
        out.append(lp)
    return out


def _snap(rate: int, seconds: float, low: float, high: float, decay: float,
          seed: int, thump: float = 0.0) -> list[float]:
    n = int(rate * seconds)
    rng = random.Random(seed)
    env = _envelope(n, max(1, rate // 2000), decay / rate)
    noise = _filtered_noise(n, rng, low, high)
    peak = max(abs(v) for v in noise) or 1.0
    out = []
    for i in range(n):
        v = noise[i] / peak * env[i]
        if thump:
            v += thump * math.sin(2 * math.pi * 140 * i / rate) * math.exp(-60 * i / rate)
        out.append(v)
    return out


def _swish(rate: int) -> list[float]:
    n = int(rate * 0.28)
    rng = random.Random(4)
    out = []
    lp = 0.0
    for i in range(n):
        t = i / n
        cutoff = 0.05 + 0.5 * math.sin(math.pi * t) ** 2      # sweeps up then down
        lp += cutoff * (rng.uniform(-1, 1) - lp)
        out.append(lp * math.sin(math.pi * t) ** 1.5 * 1.6)
    return out


def _tone(rate: int, freq: float, seconds: float, decay: float, start: int,
          out: list[float], gain: float) -> None:
    """Add a bell-ish tone (fundamental plus soft harmonics) into ``out`` from ``start``."""
    n = int(rate * seconds)
    attack = max(1, rate // 400)
    w = 2 * math.pi * freq / rate
    for i in range(min(n, len(out) - start)):
        a = (i / attack if i < attack else 1.0) * math.exp(-decay * i / rate)
        s = math.sin(w * i) + 0.3 * math.sin(2 * w * i) + 0.08 * math.sin(3 * w * i)
        out[start + i] += gain * a * s


def _score(rate: int) -> list[float]:
    out = [0.0] * int(rate * 0.45)
    _tone(rate, 784.0, 0.45, 9.0, 0, out, 0.32)                  # G5
    _tone(rate, 1174.7, 0.35, 10.0, int(rate * 0.07), out, 0.28)  # D6
    return out


def _win(rate: int) -> list[float]:
    notes = (523.25, 659.25, 783.99, 1046.5)                    # C5 E5 G5 C6
    step = int(rate * 0.11)
    out = [0.0] * (step * 3 + int(rate * 0.6))
    for k, f in enumerate(notes):
        _tone(rate, f, 0.6 if k == 3 else 0.35, 5.5 if k == 3 else 8.0, k * step, out, 0.26)
    return out


def _notes(rate: int, notes: tuple[float, ...], step: float, ring: float,
           decay: float) -> list[float]:
    """Bell tones one after another, ``step`` seconds apart, each ringing ``ring``."""
    gap = int(rate * step)
    out = [0.0] * (gap * (len(notes) - 1) + int(rate * ring))
    for k, f in enumerate(notes):
        _tone(rate, f, ring, decay, k * gap, out, 0.3)
    return out


def _error(rate: int) -> list[float]:
    n = int(rate * 0.16)
    out = []
    phase = 0.0
    for i in range(n):
        t = i / n
        f = 190 - 50 * t
        phase += 2 * math.pi * f / rate
        env = math.sin(math.pi * t) ** 0.8
        out.append(0.5 * env * (math.sin(phase) + 0.15 * math.sin(2 * phase)))
    return out


RECIPES: dict[str, Callable[[int], list[float]]] = {
    "deal": lambda r: _snap(r, 0.05, 0.55, 0.35, 110.0, seed=1),
    "play": lambda r: _snap(r, 0.09, 0.30, 0.12, 60.0, seed=2, thump=0.35),
    "flip": lambda r: _snap(r, 0.04, 0.70, 0.45, 140.0, seed=3),
    "collect": _swish,
    "score": _score,
    "win": _win,
    "error": _error,
    "turn": lambda r: _notes(r, (659.25, 987.77), 0.09, 0.22, 14.0),          # E5 B5
    "trick": lambda r: _notes(r, (1318.5, 1318.5), 0.07, 0.12, 24.0),         # E6 twice
    "deal_end": lambda r: _notes(r, (783.99, 659.25, 523.25), 0.12, 0.35, 9.0),  # G5 E5 C5
}


#: Peak level of each sound: snaps crisp, music softer, the error quiet.
LEVELS = {"deal": 0.75, "play": 0.85, "flip": 0.6, "collect": 0.55, "score": 0.5,
          "win": 0.5, "error": 0.45, "turn": 0.45, "trick": 0.4, "deal_end": 0.45}


def build(name: str, rate: int) -> list[float]:
    """The samples of one sound at ``rate``, scaled to its peak level."""
    samples = RECIPES[name](rate)
    peak = max((abs(v) for v in samples), default=0.0) or 1.0
    scale = LEVELS[name] / peak
    return [v * scale for v in samples]


def encode(samples: list[float], fmt: int, channels: int, gain: float = 1.0) -> bytes:
    """Float samples -> raw bytes in the mixer's own format (as ``mixer.get_init`` reports it)."""
    data: array[Any]
    if fmt == -16:
        data = array("h", (int(max(-1.0, min(1.0, s * gain)) * 32767) for s in samples))
    elif fmt == 16:
        data = array("H", (int((max(-1.0, min(1.0, s * gain)) + 1) * 32767) for s in samples))
    elif fmt == -8:
        data = array("b", (int(max(-1.0, min(1.0, s * gain)) * 127) for s in samples))
    elif fmt == 8:
        data = array("B", (int((max(-1.0, min(1.0, s * gain)) + 1) * 127) for s in samples))
    elif fmt == 32:
        data = array("f", (max(-1.0, min(1.0, s * gain)) for s in samples))
    elif fmt == -32:
        data = array("i", (int(max(-1.0, min(1.0, s * gain)) * 2147483647) for s in samples))
    else:
        raise ValueError(f"unsupported mixer format {fmt}")
    if channels > 1:
        wide: array[Any] = array(data.typecode)
        for v in data:
            wide.extend([v] * channels)
        data = wide
    if sys.byteorder != "little" and abs(fmt) > 8:
        data.byteswap()
    return data.tobytes()


@functools.cache
def sound_bytes(name: str, rate: int, fmt: int, channels: int) -> bytes:
    """One sound in a mixer's format, made once for every :class:`Sound` of the process:
    its synthesis is seeded, so it is the same each time, and costs 0.05 to 0.2 s of CPU
    a sound (a process that makes many Apps, the tests, made them all again for each)."""
    return encode(build(name, rate), fmt, channels)


@contextlib.contextmanager
def _c_stderr_dropped() -> Iterator[None]:
    """Send what C code writes to stderr (fd 2) nowhere for a moment: SDL's audio backends
    print straight to it, past Python.  Only around a call made before other threads run."""
    try:
        sys.stderr.flush()
        saved: int | None = os.dup(2)
    except (OSError, ValueError, AttributeError):   # no real fd 2 (a GUI launcher): nothing to hide
        saved = None
    if saved is None:
        yield
        return
    try:
        with tempfile.TemporaryFile() as sink:
            os.dup2(sink.fileno(), 2)
            try:
                yield
            finally:
                os.dup2(saved, 2)
    finally:
        os.close(saved)


def _silenced() -> bool:
    """Is the mixer on SDL's dummy driver when nobody asked for it (our fallback)?  Asked from
    the mixer itself, so it stays true however often the mixer is started."""
    get_driver = getattr(pygame.mixer, "get_driver", None)
    try:
        driver = get_driver() if get_driver is not None else ""
    except pygame.error:
        return False
    asked = [d.strip().lower() for d in os.environ.get("SDL_AUDIODRIVER", "").split(",")]
    return driver == "dummy" and "dummy" not in asked


def open_mixer() -> bool:
    """Start the mixer (before ``pygame.init()``, which would otherwise try the device noisily):
    on the real device if there is one, else on SDL's dummy driver, in silence, after one line
    on stderr.  True when sound will be heard."""
    if pygame.mixer.get_init():
        return not _silenced()
    try:
        with _c_stderr_dropped():
            pygame.mixer.init()
        if pygame.mixer.get_init():
            return True
        error = "the mixer did not start"
    except (pygame.error, NotImplementedError) as exc:
        error = str(exc) or type(exc).__name__
    print(f"tavolata: no sound device ({error}); playing without sound", file=sys.stderr)
    before = os.environ.get("SDL_AUDIODRIVER")
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    try:
        with _c_stderr_dropped():
            pygame.mixer.init()
    except (pygame.error, NotImplementedError):
        pass                                  # no mixer at all: pygame.init() skips it quietly
    finally:
        if before is None:
            os.environ.pop("SDL_AUDIODRIVER", None)
        else:
            os.environ["SDL_AUDIODRIVER"] = before
    return False


class Sound:
    """``play(name)`` for the table sounds; silent at volume 0 or without an audio device."""

    def __init__(self, volume: float = 0.7) -> None:
        self.volume = max(0.0, min(1.0, float(volume)))
        self._available: bool | None = None     # decided on first use
        self._format: tuple[int, int, int] | None = None
        self._raw: dict[str, bytes] = {}
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._warmer: threading.Thread | None = None

    @property
    def available(self) -> bool:
        """Is there a working mixer that is heard (not :func:`open_mixer`'s silent fallback)?
        Tried once; a missing device is not an error."""
        if self._available is None:
            try:
                heard = open_mixer()
                init = pygame.mixer.get_init()
                self._format = (init[0], init[1], init[2]) if init else None
                self._available = heard and self._format is not None
            except (pygame.error, NotImplementedError):
                self._available = False
        return self._available

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, float(volume)))
        for snd in self._sounds.values():
            snd.set_volume(self.volume)

    def _bytes(self, name: str) -> bytes:
        with self._lock:
            raw = self._raw.get(name)
            if raw is None:
                rate, fmt, channels = self._format  # type: ignore[misc]
                raw = sound_bytes(name, rate, fmt, channels)
                self._raw[name] = raw
            return raw

    def warm(self) -> None:
        """Build every sound now (call from a thread: it is pure Python, no pygame); stops
        between two sounds once :meth:`stop` is called."""
        if not self.available:
            return
        for name in NAMES:
            if self._stopping.is_set():
                return
            self._bytes(name)

    def warm_in_background(self) -> threading.Thread | None:
        if not self.available or self._stopping.is_set():
            return None
        thread = threading.Thread(target=self.warm, name="sound-warm", daemon=True)
        self._warmer = thread
        thread.start()
        return thread

    def stop(self, timeout: float = 1.0) -> bool:
        """The program ends: the warm-up stops after the sound it is building, and is waited
        for (up to ``timeout`` seconds) so ``pygame.quit()`` never runs beside it.  True when
        no warm-up thread is left."""
        self._stopping.set()
        thread = self._warmer
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
        return thread is None or not thread.is_alive()

    def play(self, name: str) -> bool:
        """Play a sound; True when something actually started playing."""
        if name not in RECIPES:
            raise KeyError(f"no sound named {name!r}; the sounds are {', '.join(NAMES)}")
        if self.volume <= 0 or not self.available:
            return False
        try:
            snd = self._sounds.get(name)
            if snd is None:
                snd = pygame.mixer.Sound(buffer=self._bytes(name))
                self._sounds[name] = snd
            snd.set_volume(self.volume)
            return snd.play() is not None
        except pygame.error:
            return False
