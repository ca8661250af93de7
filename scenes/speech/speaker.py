"""The speaker: sentences queued by the frame, said by a thread of its own.

The frame never waits for speech: :meth:`Speaker.say` appends to a queue and returns;
one thread takes the sentences in order and hands each to the voice.  A listener's
expectations decide the rest:

* a new turn (or an answer to a key) cuts idle chatter: ``say(..., cut=True)`` drops
  what is queued and not yet begun, so the news is heard now, not after a backlog;
* the same key again repeats: :meth:`repeat` says the last answer once more.

The voice is made in the speaking thread (pyttsx3's drivers keep per-thread state), by
the ``make`` given; None (no engine) makes a speaker that says nothing.
"""

from __future__ import annotations

import threading
from collections import deque
from typing import Callable, Iterable, Optional

from scenes.speech.voice import Voice


class Speaker:
    """A queue of sentences and the thread that says them."""

    def __init__(self, make: Callable[[], Optional[Voice]]) -> None:
        self._make = make
        self._queue: deque[str] = deque()
        self._cond = threading.Condition()
        self._busy = False
        self._closed = False
        self.last = ""
        self._thread = threading.Thread(target=self._run, name="speaker", daemon=True)
        self._thread.start()

    def say(self, lines: Iterable[str], cut: bool = False) -> None:
        """Queue ``lines``; ``cut`` first drops what is waiting."""
        lines = [line for line in lines if line]
        with self._cond:
            if cut:
                self._queue.clear()
            self._queue.extend(lines)
            if lines:
                self.last = lines[-1]
            self._cond.notify_all()

    def repeat(self) -> None:
        """The last sentence again, at once."""
        if self.last:
            self.say([self.last], cut=True)

    def wait(self) -> None:
        """Until everything queued is said (tests; a frame never waits)."""
        with self._cond:
            self._cond.wait_for(lambda: self._closed or (not self._queue and not self._busy))

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._queue.clear()
            self._cond.notify_all()
        self._thread.join()

    def _run(self) -> None:
        voice = self._make()
        while True:
            with self._cond:
                self._busy = False
                self._cond.notify_all()
                self._cond.wait_for(lambda: self._closed or bool(self._queue))
                if self._closed:
                    break
                line = self._queue.popleft()
                self._busy = True
            if voice is not None:
                voice.say(line)
        if voice is not None:
            voice.close()
