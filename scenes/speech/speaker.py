"""The speaker: sentences queued by the frame, said by a thread of its own.

The frame never waits for speech: :meth:`Speaker.say` queues and returns; one thread
takes the sentences in order and hands each to the voice.  A listener's expectations
decide the order:

* news (a card played, a trick taken) is never dropped: it is what the listener
  would otherwise have seen;
* chatter (whose turn it is for others, an answer, the card under the cursor) is
  ``idle``: a new turn, or the next answer, ``cut``\\ s what of it still waits, so
  nothing stale is heard;
* an answer to a key goes ``first``, before the news still waiting, as soon as the
  sentence being said ends; :meth:`repeat` says the last sentence once more.

Each sentence carries its language; the thread moves the voice to it when it changes
(a voice without languages ignores it), and to the rate set last
(:meth:`Speaker.set_rate`, the setting "Speech rate": the next sentence takes it, so a
change is heard at once).  The voice is made in the speaking thread
(pyttsx3's drivers keep per-thread state), by the ``make`` given; None (no engine)
makes a speaker that says nothing; a voice that raises on a sentence is logged and the
thread goes on to the next (it had ended, and nothing more was ever said), that sentence
not counted as said: a race's clock, held until its words are heard, had started as
though they were (it now holds as for a voice that never finishes, 12 s at most).
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Iterable, Optional

from scenes.speech.voice import Voice

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Line:
    text: str
    idle: bool = False
    lang: str = ""
    #: set once this line is said (or dropped, or the speaker closed; never for a line
    #: the voice failed on, which nobody heard): who waits for words to be heard (a
    #: race's clock, which holds as for a voice that never finishes: scenes/table/pace.py)
    done: Optional[threading.Event] = field(default=None, compare=False)


class Speaker:
    """A queue of sentences and the thread that says them."""

    def __init__(self, make: Callable[[], Optional[Voice]], rate: int = 0) -> None:
        self._make = make
        #: words a minute (0: the voice's own pace)
        self.rate = rate
        self._queue: deque[Line] = deque()
        self._cond = threading.Condition()
        self._busy = False
        self._closed = False
        self._remake = False
        self.last = ""
        self._last_lang = ""
        self._thread = threading.Thread(target=self._run, name="speaker", daemon=True)
        self._thread.start()

    def say(self, lines: Iterable[str], idle: bool = False, cut: bool = False,
            first: bool = False, lang: str = "",
            done: Optional[threading.Event] = None) -> None:
        """Queue ``lines``: ``cut`` first drops the idle lines waiting, ``first`` puts
        these before all that waits; ``done`` is set once the last of them is said (at
        once when there are none)."""
        texts = [text for text in lines if text]
        new = [Line(text, idle, lang, done if n == len(texts) - 1 else None)
               for n, text in enumerate(texts)]
        if done is not None and not new:
            done.set()
        with self._cond:
            if cut:
                _finish(line for line in self._queue if line.idle)
                self._queue = deque(line for line in self._queue if not line.idle)
            if first:
                self._queue.extendleft(reversed(new))
            else:
                self._queue.extend(new)
            if new:
                self.last, self._last_lang = new[-1].text, lang
            self._cond.notify_all()

    def repeat(self) -> None:
        """The last sentence again, next."""
        if self.last:
            self.say([self.last], idle=True, cut=True, first=True, lang=self._last_lang)

    def set_make(self, make: Callable[[], Optional[Voice]]) -> None:
        """Another voice, made (in the speaking thread) before the next sentence."""
        with self._cond:
            self._make = make
            self._remake = True

    def set_rate(self, rate: int) -> None:
        """Words a minute from the next sentence on."""
        with self._cond:
            self.rate = rate

    def wait(self) -> None:
        """Until everything queued is said (tests; a frame never waits)."""
        with self._cond:
            self._cond.wait_for(lambda: self._closed or (not self._queue and not self._busy))

    def close(self) -> None:
        with self._cond:
            self._closed = True
            _finish(self._queue)
            self._queue.clear()
            self._cond.notify_all()
        self._thread.join()

    def _run(self) -> None:
        voice = self._make()
        lang, rate = "", 0
        while True:
            with self._cond:
                self._busy = False
                self._cond.notify_all()
                self._cond.wait_for(lambda: self._closed or bool(self._queue))
                if self._closed:
                    break
                line = self._queue.popleft()
                self._busy = True
                wanted = self.rate
                remake, self._remake = self._remake, False
            if remake:
                if voice is not None:
                    voice.close()
                voice, lang, rate = self._make(), "", 0
            if voice is None:
                _finish([line])
                continue
            if line.lang and line.lang != lang and hasattr(voice, "language"):
                voice.language(line.lang)
                lang = line.lang
            if wanted and wanted != rate and hasattr(voice, "set_rate"):
                voice.set_rate(wanted)
                rate = wanted
            try:
                voice.say(line.text)
            except Exception as err:     # a voice failing on a sentence: the rest is said
                log.warning("spoken table: the voice failed on a sentence: %s", err)
                continue                 # unsaid: not told to whoever waits to hear it
            _finish([line])
        if voice is not None:
            voice.close()


def _finish(lines: Iterable[Line]) -> None:
    """These lines will not be said again: whoever waits for them may go on."""
    for line in lines:
        if line.done is not None:
            line.done.set()
