"""Synthesised sounds: all seven play; silence at volume 0 and without an audio device."""

from __future__ import annotations

import pygame
import pytest

import scenes.sound as sound_module
from scenes.sound import LEVELS, NAMES, Sound, build, encode


@pytest.fixture
def mixer():
    pygame.mixer.init()
    if not pygame.mixer.get_init():
        pytest.skip("no mixer, even with the dummy audio driver")
    yield
    pygame.mixer.stop()


def test_every_sound_plays_with_a_working_mixer(mixer):
    """Each sound alone: ten at once outnumber the mixer's eight channels (built once a
    process, they are no longer spaced by their synthesis)."""
    sound = Sound(0.5)
    for name in NAMES:
        pygame.mixer.stop()
        assert sound.play(name) is True, name


def test_silent_at_volume_zero(mixer):
    sound = Sound(0.0)
    assert [sound.play(n) for n in NAMES] == [False] * len(NAMES)
    sound.set_volume(0.4)
    assert sound.play("deal") is True
    sound.set_volume(0)
    assert sound.play("deal") is False


def test_silent_without_an_audio_device(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(sound_module.pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(sound_module.pygame.mixer, "init", no_device)
    sound = Sound(1.0)
    assert not sound.available
    assert [sound.play(n) for n in NAMES] == [False] * len(NAMES)
    sound.warm()                      # nothing to build, and no error


def test_unknown_sound_name_is_a_programming_error():
    with pytest.raises(KeyError):
        Sound(0.5).play("trumpet")


def test_volume_is_clamped():
    sound = Sound(3.0)
    assert sound.volume == 1.0
    sound.set_volume(-1)
    assert sound.volume == 0.0


@pytest.mark.parametrize("name", NAMES)
def test_each_sound_is_short_audible_and_never_clips(name):
    samples = build(name, 22050)
    assert 0.02 < len(samples) / 22050 < 1.2
    peak = max(abs(v) for v in samples)
    assert peak == pytest.approx(LEVELS[name], rel=1e-6)
    assert peak <= 1.0
    # It fades out: the last 5% is much quieter than the peak.
    tail = samples[-max(1, len(samples) // 20):]
    assert max(abs(v) for v in tail) < peak * 0.5


def test_sounds_differ_from_one_another():
    built = {name: tuple(round(v, 3) for v in build(name, 8000)) for name in NAMES}
    assert len(set(built.values())) == len(NAMES)


@pytest.mark.parametrize("fmt,channels,width", [(-16, 2, 2), (-16, 1, 2), (16, 2, 2),
                                                (8, 1, 1), (-8, 2, 1), (32, 2, 4), (-32, 1, 4)])
def test_encode_matches_the_mixer_format(fmt, channels, width):
    data = encode([0.0, 0.5, -0.5, 1.0, -1.0], fmt, channels)
    assert len(data) == 5 * channels * width


def test_encode_rejects_an_unknown_format():
    with pytest.raises(ValueError):
        encode([0.0], 24, 1)


def test_warm_builds_every_sound_once(mixer):
    sound = Sound(0.5)
    thread = sound.warm_in_background()
    assert thread is not None
    thread.join(timeout=30)
    assert set(sound._raw) == set(NAMES)


def test_every_cue_of_the_spoken_table_has_its_sound():
    from game.spoken.cues import CUES

    assert set(CUES) <= set(NAMES)


def test_a_sound_is_synthesised_once_for_every_sound_player(mixer, monkeypatch):
    """Each App has its own player; the samples are the same for all (seeded), and a
    process of many Apps (the tests) paid 0.05 to 0.2 s of CPU a sound for each."""
    Sound(0.5).warm()
    built: list[str] = []
    monkeypatch.setattr(sound_module, "build", lambda name, rate: built.append(name) or [0.0])
    again = Sound(0.5)
    again.warm()
    assert built == [] and set(again._raw) == set(NAMES)
    assert again._raw["play"] == sound_module.encode(build("play", again._format[0]),
                                                     *again._format[1:])
