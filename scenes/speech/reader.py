"""The screen reader a person already runs, as one of the spoken table's voices.

Two libraries reach one: on Linux speech-dispatcher (Orca's own speech server) through
its Python binding ``speechd``, which says when a sentence is done and takes the
setting's language and rate; on Windows and macOS accessible_output2 (NVDA, JAWS, SAPI,
VoiceOver), whose ``speak`` hands the sentence to the reader and returns at once, the
reader keeping its own voice, language and rate (its user set them there).

The speaker (scenes/speech/speaker.py) keeps what waits in its own queue, so that your
turn can cut the chatter that waits and an answer can go before the news: a sentence
handed to accessible_output2 is therefore held as long as it takes to say at the
setting "Speech rate" (set it to the reader's pace), never interrupting the reader
(``interrupt=False``: what happened is never cut off).  A reader that raises while
speaking, or none running, gives way to the program's own voice, with a line in the
log; the sentence is said all the same.
"""

from __future__ import annotations

import importlib.util
import logging
import threading
from typing import Any, Callable, Optional, Protocol

log = logging.getLogger(__name__)

#: how long a sentence is waited for, at most, when speech-dispatcher does not say it is
#: done (one with no sound to play never does): a word's time at the slowest rate
#: offered (120 words a minute), and some slack, so the queue goes on
WORD_SECONDS = 0.5
DISPATCHER_SLACK = 2.0
#: the pace a sentence handed to accessible_output2 is held at when no rate is set
#: (eSpeak NG's own, the setting's default)
READER_PACE = 175


class Spoken(Protocol):
    def say(self, text: str) -> None: ...

    def close(self) -> None: ...


#: makes the program's own voice for a language (None: there is none)
Fallback = Callable[[str], Optional[Spoken]]


class ScreenReaderVoice:
    """The screen reader the player runs.  Through speech-dispatcher a sentence returns
    once it is said, its language and rate the setting's; through accessible_output2 the
    reader says it with its own voice, language and rate, and it is held for as long as
    it takes to say (see the module's docstring)."""

    def __init__(self, client: Any, dispatcher: bool,
                 fallback: Fallback = lambda lang: None) -> None:
        self.client = client
        self.dispatcher = dispatcher
        self.fallback = fallback
        self.lang = "en"
        #: the setting's words a minute: the dispatcher's rate, the reader's pace
        self.rate = 0
        self._closed = threading.Event()
        #: waits a number of seconds (a sentence held while the reader says it)
        self.hold: Callable[[float], Any] = self._closed.wait
        #: the program's own voice, once the reader failed
        self._instead: Optional[Spoken] = None
        self._failed = False

    def language(self, lang: str) -> None:
        self.lang = lang
        if self.dispatcher:
            self.client.set_language(lang)

    def set_rate(self, rate: int) -> None:
        """Words a minute: speech-dispatcher's -100 to 100 (0: eSpeak NG's 175); the
        pace a sentence handed to accessible_output2 is held at (the reader's rate is
        its own)."""
        self.rate = rate
        if self.dispatcher:
            self.client.set_rate(max(-100, min(100, round((rate - 175) / 2.75))))

    def say(self, text: str) -> None:
        if self.dispatcher:
            self._dispatch(text)
            return
        if not self._failed:
            try:
                self.client.speak(text, interrupt=False)
            except Exception as err:     # the reader gone, its library broken: said
                log.warning("spoken table: the screen reader failed (%s); the program's "
                            "own voice speaks", err)
                self._failed = True
                self._instead = instead = self.fallback(self.lang)
                if instead is not None and self.rate and hasattr(instead, "set_rate"):
                    instead.set_rate(self.rate)
            else:
                self.hold(len(text.split()) * 60 / (self.rate or READER_PACE))
                return
        if self._instead is not None:
            self._instead.say(text)

    def _dispatch(self, text: str) -> None:
        import speechd

        said = threading.Event()
        self.client.speak(text, callback=lambda *_: said.set(),
                          event_types=(speechd.CallbackType.END, speechd.CallbackType.CANCEL))
        said.wait(DISPATCHER_SLACK + WORD_SECONDS * len(text.split()))

    def close(self) -> None:
        self._closed.set()
        if self.dispatcher:
            self.client.close()
        if self._instead is not None:
            self._instead.close()


def open_screen_reader(fallback: Fallback) -> Optional[ScreenReaderVoice]:
    """The screen reader's voice, or None (the reason logged): speech-dispatcher where
    its binding is installed (Linux: ``apt install python3-speechd``), else
    accessible_output2 (``pip install accessible_output2``: NVDA, JAWS, SAPI on
    Windows, VoiceOver on macOS) when it finds an output to speak through;
    ``fallback`` speaks if the reader fails later."""
    try:
        if importlib.util.find_spec("speechd") is not None:
            import speechd

            return ScreenReaderVoice(speechd.SSIPClient("tavolata"), dispatcher=True)
        if importlib.util.find_spec("accessible_output2") is not None:
            from accessible_output2.outputs.auto import Auto

            auto = Auto()
            chosen = auto.get_first_available_output()
            if chosen is None:
                log.warning("spoken table: accessible_output2 finds no screen reader "
                            "running; the program's own voice speaks")
                return None
            log.info("spoken table: the screen reader speaks through %s",
                     getattr(chosen, "name", type(chosen).__name__))
            return ScreenReaderVoice(auto, dispatcher=False, fallback=fallback)
    except Exception as err:        # a dispatcher not running, a reader not found: said
        log.warning("spoken table: the screen reader did not answer (%s); the program's "
                    "own voice speaks", err)
        return None
    log.warning("spoken table: no screen reader library (speechd, accessible_output2); "
                "the program's own voice speaks")
    return None
