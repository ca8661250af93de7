"""The screen reader's voice (scenes/speech/reader.py), with stand-ins for the libraries
that reach one: speech-dispatcher's binding, and accessible_output2, whose readers (NVDA,
JAWS, VoiceOver) cannot run here.  What is checked is our side: each call our voice
makes (speak, never an interrupt, no language or rate sent to a reader that keeps its
own), the speaker's promises kept through it (your turn cuts the chatter that waits,
an answer goes before the news), and the program's own voice taking over, said in the
log, when the library is missing, finds no reader, or raises."""

from __future__ import annotations

import sys
import threading
import types

import pytest

from scenes.speech import reader as reader_module
from scenes.speech.reader import DISPATCHER_SLACK, READER_PACE, WORD_SECONDS, ScreenReaderVoice
from scenes.speech.speaker import Speaker
from scenes.speech.voice import Transcript
from tests.game.net.helpers import until
from tests.scenes.speech.test_voice import backend  # noqa: F401


class FakeDispatcher:
    """speech-dispatcher's SSIPClient as the speechd binding gives it: says at once."""

    def __init__(self, name: str) -> None:
        self.calls: list[tuple] = []

    def speak(self, text, callback=None, event_types=()):
        self.calls.append(("speak", text))
        callback("end")

    def set_language(self, lang):
        self.calls.append(("language", lang))

    def set_rate(self, rate):
        self.calls.append(("rate", rate))

    def close(self):
        self.calls.append(("close",))


def test_the_screen_reader_speaks_through_speech_dispatcher_where_its_binding_is(
        monkeypatch, backend):
    fake = types.ModuleType("speechd")
    fake.SSIPClient = FakeDispatcher
    fake.CallbackType = types.SimpleNamespace(END="end", CANCEL="cancel")
    monkeypatch.setitem(sys.modules, "speechd", fake)
    monkeypatch.setattr(reader_module.importlib.util, "find_spec",
                        lambda name: object() if name == "speechd" else None)
    monkeypatch.delenv(backend.TRANSCRIPT_ENV, raising=False)
    backend.choose_backend("screen_reader")
    assert backend.missing() == ""                 # no pyttsx3 needed
    reader = backend.open_backend("it")
    assert isinstance(reader, ScreenReaderVoice)
    reader.set_rate(450)
    reader.say("Tocca a te.")
    assert reader.client.calls == [("language", "it"), ("rate", 100), ("speak", "Tocca a te.")]


def test_a_dispatcher_that_never_says_it_is_done_holds_a_sentence_only_so_long(monkeypatch):
    """speech-dispatcher with no sound to play sends no END: the sentence is waited for
    as long as its words take at the slowest rate, and some slack, then the speaker goes
    on."""

    class Mute(FakeDispatcher):
        def speak(self, text, callback=None, event_types=()):
            self.calls.append(("speak", text))

    waited: list[float] = []

    class Never:
        def set(self) -> None:
            pass

        def wait(self, timeout: float) -> bool:
            waited.append(timeout)
            return False

    monkeypatch.setitem(sys.modules, "speechd", types.SimpleNamespace(
        CallbackType=types.SimpleNamespace(END="end", CANCEL="cancel")))
    reader = ScreenReaderVoice(Mute("tavolata"), dispatcher=True)
    monkeypatch.setattr(reader_module.threading, "Event", Never)
    reader.say("East plays the King of Cups.")
    assert waited == [DISPATCHER_SLACK + 6 * WORD_SECONDS]


def test_no_screen_reader_library_falls_back_to_the_programs_voice_said_in_the_log(
        monkeypatch, backend, caplog):
    monkeypatch.setattr(reader_module.importlib.util, "find_spec", lambda name: None)
    monkeypatch.delenv(backend.TRANSCRIPT_ENV, raising=False)
    monkeypatch.setattr(backend, "open_voice", lambda lang: "the program's voice")
    backend.choose_backend("screen_reader")
    assert backend.open_backend("en") == "the program's voice"
    assert "no screen reader library" in caplog.text
    assert backend.missing() == "access.speech.no_pyttsx3"      # what the fallback lacks


class Output:
    """One of accessible_output2's outputs (NVDA's, say), recording every call made to
    it; ``fails`` makes its speech raise, as a reader gone mid-game does."""

    name = "NVDA"

    def __init__(self, calls: list[tuple], fails: bool = False) -> None:
        self.calls = calls
        self.fails = fails

    def speak(self, text, interrupt=False):
        self.calls.append(("speak", text, interrupt))
        if self.fails:
            raise OSError("nvdaControllerClient: the reader is not running")

    def silence(self):
        self.calls.append(("silence",))

    def set_rate(self, rate):
        self.calls.append(("rate", rate))


def stand_in_library(monkeypatch, output=None, broken: bool = False) -> list[tuple]:
    """accessible_output2 in sys.modules as its ``outputs.auto.Auto`` is used: the
    output chosen (None: no reader running) and every call made to it."""
    calls: list[tuple] = []

    class Auto:
        def __init__(self) -> None:
            if broken:
                raise OSError("no outputs load")
            self.chosen = output(calls) if output is not None else None

        def get_first_available_output(self):
            calls.append(("chosen",))
            return self.chosen

        def speak(self, text, interrupt=False):
            if self.chosen is not None:
                self.chosen.speak(text, interrupt=interrupt)

        def output(self, text, interrupt=False):
            calls.append(("output", text))

        def braille(self, text):
            calls.append(("braille", text))

    package = types.ModuleType("accessible_output2")
    outputs = types.ModuleType("accessible_output2.outputs")
    auto = types.ModuleType("accessible_output2.outputs.auto")
    auto.Auto = Auto
    package.outputs, outputs.auto = outputs, auto
    for name, module in (("accessible_output2", package), ("accessible_output2.outputs", outputs),
                         ("accessible_output2.outputs.auto", auto)):
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setattr(reader_module.importlib.util, "find_spec",
                        lambda name: object() if name == "accessible_output2" else None)
    return calls


@pytest.fixture
def program_voice(monkeypatch, backend):
    """The setting "Voice" on the screen reader, no transcript file, and the program's
    own voice a transcript (what the fallback says)."""
    monkeypatch.delenv(backend.TRANSCRIPT_ENV, raising=False)
    backend.choose_backend("screen_reader")
    ears = Transcript()
    monkeypatch.setattr(backend, "open_voice", lambda lang: ears)
    return ears


def test_accessible_output2_is_handed_each_sentence_never_interrupting_the_reader(
        monkeypatch, backend, program_voice, caplog):
    """The output the library chose is named in the log; a sentence is spoken with
    ``interrupt=False`` (what happened is never cut off), and neither the language nor
    the rate reaches a reader that keeps its own; the sentence is held as long as it
    takes at the setting's rate (the reader's pace)."""
    import logging

    caplog.set_level(logging.INFO)
    calls = stand_in_library(monkeypatch, Output)
    assert backend.missing() == ""
    reader = backend.open_backend("it")
    assert isinstance(reader, ScreenReaderVoice) and not reader.dispatcher
    assert "speaks through NVDA" in caplog.text
    held: list[float] = []
    reader.hold = held.append
    reader.set_rate(300)
    reader.say("Tocca a te.")
    reader.language("en")
    reader.set_rate(0)
    reader.say("East plays the King of Cups.")
    reader.close()
    assert calls == [("chosen",), ("speak", "Tocca a te.", False),
                     ("speak", "East plays the King of Cups.", False)]
    assert held == [3 * 60 / 300, 6 * 60 / READER_PACE]
    assert program_voice.lines == []


def test_through_accessible_output2_your_turn_cuts_the_chatter_and_an_answer_goes_first(
        monkeypatch, backend, program_voice):
    """The reader's ``speak`` returns at once; the speaker's queue still holds what waits,
    so the chatter waiting behind a sentence being said is cut by your turn, and an
    answer to a key is said before the news that waits, as with the program's voice.
    (Handed over at once, every sentence had gone to the reader: nothing left to cut.)"""
    calls = stand_in_library(monkeypatch, Output)
    reader = backend.open_backend("en")
    gate = threading.Event()
    holding = threading.Event()

    def hold(seconds: float) -> None:
        holding.set()
        gate.wait(10.0)
        holding.clear()

    reader.hold = hold
    speaker = Speaker(lambda: reader)
    try:
        speaker.say(["East plays the King of Cups."])
        until(holding.is_set, what="the first sentence held")
        speaker.say(["West's turn."], idle=True)
        speaker.say(["You take the trick."])
        speaker.say(["Your turn."], cut=True)
        speaker.say(["The trump is Swords."], idle=True, first=True)
        gate.set()
        speaker.wait()
    finally:
        gate.set()
        speaker.close()
    assert [c[1] for c in calls if c[0] == "speak"] == [
        "East plays the King of Cups.", "The trump is Swords.", "You take the trick.",
        "Your turn."]


@pytest.mark.parametrize("how", ["no reader running", "the library breaks"])
def test_accessible_output2_without_a_reader_gives_way_to_the_programs_voice_said_in_the_log(
        monkeypatch, backend, program_voice, caplog, how):
    stand_in_library(monkeypatch, None if how == "no reader running" else Output,
                     broken=how == "the library breaks")
    assert backend.open_backend("en") is program_voice
    assert "the program's own voice speaks" in caplog.text
    assert ("finds no screen reader running" if how == "no reader running"
            else "no outputs load") in caplog.text


def test_a_reader_that_raises_while_speaking_hands_the_sentence_to_the_programs_voice(
        monkeypatch, backend, program_voice, caplog):
    """NVDA closed mid-game: its library raises; the sentence is said all the same, by
    the program's own voice, and so is every one after, the reader not asked again; the
    speaker's thread goes on."""
    calls = stand_in_library(monkeypatch, lambda calls: Output(calls, fails=True))
    reader = backend.open_backend("en")
    reader.hold = lambda seconds: None
    speaker = Speaker(lambda: reader)
    try:
        speaker.say(["East plays the King of Cups.", "Your turn."])
        speaker.wait()
    finally:
        speaker.close()
    assert program_voice.lines == ["East plays the King of Cups.", "Your turn."]
    assert [c for c in calls if c[0] == "speak"] == [("speak", "East plays the King of Cups.",
                                                      False)]
    assert "the screen reader failed" in caplog.text and "not running" in caplog.text
