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


@pytest.fixture
def backend():
    """The voice module, its setting "Voice" back to the program's own afterwards."""
    from scenes.speech import voice

    yield voice
    voice.choose_backend("engine")


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
