"""Voices: what turns a sentence into sound, behind one small interface.

A :class:`Voice` speaks one sentence and returns when it is said (the speaker calls it
from its own thread, never the frame's).  :class:`EngineVoice` is pyttsx3 (eSpeak NG on
Linux, SAPI5 on Windows, NSSpeechSynthesizer on macOS), an optional extra
(``pip install 'tavolata[speech]'``);  the screen reader a person already runs
(scenes/speech/reader.py), where a well-kept library reaches it (the setting "Voice":
speech-dispatcher through its own Python binding on Linux, accessible_output2 on
Windows and macOS), falls back to pyttsx3 with a line in the log; :class:`Transcript`
keeps the sentences, for tests, and :class:`FileTranscript` writes them to the file
``TAVOLATA_SPEECH_TRANSCRIPT`` names, whatever the setting (to check what a table says
where nothing can sound).  :func:`missing` says what to install when there is no
engine (the setting's notice shows it, the log keeps it) and :func:`open_backend` gives
the chosen voice or None: a missing engine is never an error.
"""

from __future__ import annotations

import contextlib
import ctypes.util
import importlib.util
import io
import logging
import os
import shutil
import sys
from typing import Any, Optional, Protocol

from game.i18n import translate
from scenes.speech.reader import open_screen_reader

log = logging.getLogger(__name__)

#: the voices the setting "Voice" chooses between
BACKENDS = ("engine", "screen_reader")
#: a file every sentence is written to instead of spoken (checking what a table says)
TRANSCRIPT_ENV = "TAVOLATA_SPEECH_TRANSCRIPT"
#: the setting "Voice" (:func:`choose_backend`)
_backend = "engine"


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


class FileTranscript:
    """A voice that writes each sentence as a line of a file (``TRANSCRIPT_ENV``)."""

    def __init__(self, path: str) -> None:
        self.file = open(path, "a", encoding="utf-8")

    def say(self, text: str) -> None:
        self.file.write(text + "\n")
        self.file.flush()

    def close(self) -> None:
        self.file.close()


def choose_backend(name: str) -> bool:
    """The setting "Voice": the next voice made is this one (True: another than
    before)."""
    global _backend
    before, _backend = _backend, name if name in BACKENDS else "engine"
    return _backend != before


def open_backend(lang: str) -> Optional[Voice]:
    """The voice the setting chose (the transcript file first, when one is named), in
    the thread that will speak; the screen reader falls back to pyttsx3, then to none."""
    path = os.environ.get(TRANSCRIPT_ENV)
    if path:
        return FileTranscript(path)
    if _backend == "screen_reader":
        reader = open_screen_reader(open_voice)
        if reader is not None:
            reader.language(lang)
            return reader
    return open_voice(lang)


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
    install ("" when nothing is): nothing for a transcript file or a screen reader
    chosen and reachable, else what the engine lacks (:func:`engine_missing`)."""
    if os.environ.get(TRANSCRIPT_ENV):
        return ""
    if _backend == "screen_reader" and any(importlib.util.find_spec(m) is not None
                                           for m in ("speechd", "accessible_output2")):
        return ""
    return engine_missing(to_play)


def engine_missing(to_play: bool = True) -> str:
    """What pyttsx3's voice lacks: pyttsx3, or on Linux the eSpeak NG library it drives
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
    why = engine_missing(to_play)
    if why:
        log_missing(why)
        return None
    try:
        import pyttsx3
        return EngineVoice(pyttsx3.init(), lang)
    except Exception as err:        # a driver that fails to start: said, not raised
        log.warning("spoken table: the speech engine did not start: %s", err)
        return None
