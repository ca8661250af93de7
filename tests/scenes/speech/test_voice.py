"""Real speech: eSpeak NG through pyttsx3 renders a sentence to a WAV file."""

from __future__ import annotations

import wave

import pytest

from scenes.speech.voice import missing, open_voice


@pytest.mark.slow
def test_espeak_ng_renders_a_sentence_as_speech_of_a_sensible_length(tmp_path):
    why = missing(to_play=False)
    if why:
        pytest.skip(f"no speech engine here: {why}")
    voice = open_voice("en", to_play=False)
    assert voice is not None
    path = tmp_path / "said.wav"
    voice.save("East plays the King of Cups.", str(path))
    voice.close()
    with wave.open(str(path)) as wav:
        seconds = wav.getnframes() / wav.getframerate()
        frames = wav.readframes(wav.getnframes())
    assert 0.5 < seconds < 10, seconds      # six words: about a second and a half
    assert any(frames), "the file holds only silence"


def test_what_is_missing_is_said_in_both_languages_with_what_to_install(monkeypatch):
    import importlib.util

    from game.i18n import translate

    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    why = missing()
    assert why == "access.speech.no_pyttsx3"
    assert "pip install 'tavolata[speech]'" in translate("en", why)
    assert "pip install 'tavolata[speech]'" in translate("it", why)


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


@pytest.fixture
def backend():
    from scenes.speech import voice

    yield voice
    voice.choose_backend("engine")


def test_the_screen_reader_speaks_through_speech_dispatcher_where_its_binding_is(
        monkeypatch, backend):
    import sys
    import types

    fake = types.ModuleType("speechd")
    fake.SSIPClient = FakeDispatcher
    fake.CallbackType = types.SimpleNamespace(END="end", CANCEL="cancel")
    monkeypatch.setitem(sys.modules, "speechd", fake)
    monkeypatch.setattr(backend.importlib.util, "find_spec",
                        lambda name: object() if name == "speechd" else None)
    monkeypatch.delenv(backend.TRANSCRIPT_ENV, raising=False)
    backend.choose_backend("screen_reader")
    assert backend.missing() == ""                 # no pyttsx3 needed
    reader = backend.open_backend("it")
    assert isinstance(reader, backend.ScreenReaderVoice)
    reader.set_rate(450)
    reader.say("Tocca a te.")
    assert reader.client.calls == [("language", "it"), ("rate", 100), ("speak", "Tocca a te.")]


def test_no_screen_reader_library_falls_back_to_the_programs_voice_said_in_the_log(
        monkeypatch, backend, caplog):
    monkeypatch.setattr(backend.importlib.util, "find_spec", lambda name: None)
    monkeypatch.delenv(backend.TRANSCRIPT_ENV, raising=False)
    monkeypatch.setattr(backend, "open_voice", lambda lang: "the program's voice")
    backend.choose_backend("screen_reader")
    assert backend.open_backend("en") == "the program's voice"
    assert "no screen reader library" in caplog.text
    assert backend.missing() == "access.speech.no_pyttsx3"      # what the fallback lacks


def test_a_transcript_file_takes_every_sentence_whatever_the_setting(monkeypatch, backend,
                                                                     tmp_path):
    path = tmp_path / "said.txt"
    monkeypatch.setenv(backend.TRANSCRIPT_ENV, str(path))
    assert backend.missing() == ""
    voice = backend.open_backend("en")
    voice.say("East plays the King of Cups.")
    voice.say("Your turn.")
    voice.close()
    assert path.read_text().splitlines() == ["East plays the King of Cups.", "Your turn."]


def test_a_dispatcher_that_never_says_it_is_done_holds_a_sentence_only_so_long(
        monkeypatch, backend):
    """speech-dispatcher with no sound to play sends no END: the sentence is waited for
    as long as its words take at the slowest rate, and some slack, then the speaker goes
    on."""
    import sys
    import types

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
    monkeypatch.setattr(backend.threading, "Event", Never)
    reader = backend.ScreenReaderVoice(Mute("tavolata"), dispatcher=True)
    reader.say("East plays the King of Cups.")
    assert waited == [backend.DISPATCHER_SLACK + 6 * backend.WORD_SECONDS]
