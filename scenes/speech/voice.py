"""Voices: what turns a sentence into sound, behind one small interface.

A :class:`Voice` speaks one sentence and returns when it is said (the speaker calls it
from its own thread, never the frame's).  :class:`EngineVoice` is pyttsx3 (eSpeak NG on
Linux, SAPI5 on Windows, NSSpeechSynthesizer on macOS), an optional extra
(``pip install 'tavolata[speech]'``); :class:`Transcript` keeps the sentences, for
tests.  :func:`missing` says what to install when there is no engine (the setting's
notice shows it, the log keeps it) and :func:`open_voice` gives the engine's voice or None: a
missing engine is never an error.
"""

from __future__ import annotations

import contextlib
import ctypes.util
import importlib.util
import io
import logging
import shutil
import sys
from typing import Any, Optional, Protocol

from game.i18n import translate

log = logging.getLogger(__name__)

class Voice(Protocol):
    def say(self, text: str) -> None:
        """Speak ``text``, returning once it is said."""

    def close(self) -> None:
        """Let the engine go."""


class Transcript:
    """A voice that writes down what it is given (the tests' ears)."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def say(self, text: str) -> None:
        self.lines.append(text)

    def close(self) -> None:
        pass


class EngineVoice:
    """pyttsx3's engine, made and used in the one thread that speaks (its drivers keep
    per-thread state)."""

    def __init__(self, engine: Any, lang: str) -> None:
        self.engine = engine
        self.language(lang)

    def language(self, lang: str) -> None:
        """The engine's first voice for ``lang`` (eSpeak NG's ids end in the language:
        ``roa/it``), else its default."""
        for voice in self.engine.getProperty("voices") or []:
            ident = str(getattr(voice, "id", ""))
            if ident.split("/")[-1] == lang or lang in (getattr(voice, "languages", None) or []):
                self.engine.setProperty("voice", ident)
                return

    def set_rate(self, rate: int) -> None:
        """Words a minute (pyttsx3's ``rate``: eSpeak NG's own unit, SAPI5's converted)."""
        self.engine.setProperty("rate", rate)

    def say(self, text: str) -> None:
        self.engine.say(text)
        self.engine.runAndWait()

    def save(self, text: str, path: str) -> None:
        """``text`` spoken into a WAV file (the test that speech is real); pyttsx3's own
        "Audio saved" line kept off the terminal."""
        with contextlib.redirect_stdout(io.StringIO()):
            self.engine.save_to_file(text, path)
            self.engine.runAndWait()

    def close(self) -> None:
        self.engine.stop()


def missing(to_play: bool = True) -> str:
    """What is missing for speech, as the catalog key of the words that say what to
    install ("" when nothing is): pyttsx3, or on Linux the eSpeak NG library it drives
    and (``to_play``: not to render a file) ``aplay``, which its driver plays through."""
    if importlib.util.find_spec("pyttsx3") is None:
        return "access.speech.no_pyttsx3"
    if sys.platform.startswith("linux"):
        if not (ctypes.util.find_library("espeak-ng") or ctypes.util.find_library("espeak")):
            return "access.speech.no_espeak"
        if to_play and shutil.which("aplay") is None:
            return "access.speech.no_aplay"
    return ""


def log_missing(key: str) -> None:
    """The log's line for what is missing (in English, whatever the screen speaks)."""
    log.warning("spoken table: %s", translate("en", key))


def open_voice(lang: str, to_play: bool = True) -> Optional[EngineVoice]:
    """The engine's voice, or None (the reason logged): called in the thread that will
    speak (``to_play`` False: a voice that renders files only)."""
    why = missing(to_play)
    if why:
        log_missing(why)
        return None
    try:
        import pyttsx3
        return EngineVoice(pyttsx3.init(), lang)
    except Exception as err:        # a driver that fails to start: said, not raised
        log.warning("spoken table: the speech engine did not start: %s", err)
        return None
