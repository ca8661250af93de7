"""The first launch's offer of the spoken table, by a key said aloud."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from scenes.speech import offer as offering
from scenes.speech import table as spoken


def offered(monkeypatch, speak: bool = False):
    speaker, lines = spoken.transcript_speaker()
    monkeypatch.setattr(spoken, "_speaker", speaker)
    monkeypatch.setattr(offering, "missing", lambda: "")
    changed: dict = {}
    app = SimpleNamespace(settings=SimpleNamespace(spoken_table=False), speak=speak,
                          change_setting=lambda name, value: changed.update({name: value}))
    offer = offering.SpeechOffer()
    offer.frame(app)
    offer.frame(app)
    return offer, app, changed, speaker, lines


def keydown(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, unicode="", mod=0)


def test_the_offer_is_said_once_and_s_takes_it(monkeypatch):
    offer, app, changed, speaker, lines = offered(monkeypatch)
    speaker.wait()
    assert offer.key(app, keydown(pygame.K_s))
    assert changed == {"spoken_table": True}
    assert not offer.key(app, keydown(pygame.K_s))          # taken: S is S again
    offer.frame(app)                                         # said at the next frame
    offer.frame(app)
    speaker.wait()
    assert lines == ["Press S for the spoken table.", "The spoken table is on."]
    speaker.close()


def test_another_key_lets_the_offer_go(monkeypatch):
    offer, app, changed, speaker, lines = offered(monkeypatch)
    assert not offer.key(app, keydown(pygame.K_DOWN))
    assert not offer.key(app, keydown(pygame.K_s))
    assert changed == {}
    speaker.close()


def test_a_table_already_spoken_is_not_offered_again(monkeypatch):
    offer, app, changed, speaker, lines = offered(monkeypatch, speak=True)
    speaker.wait()
    assert lines == [] and not offer.key(app, keydown(pygame.K_s))
    speaker.close()


@pytest.mark.slow
def test_taken_in_the_app_its_words_come_before_the_menus_item(display, monkeypatch):
    """Pressing S: "The spoken table is on." first, then the item the menu has focused
    (the menu's item went ahead of it while the voice was still saying the offer)."""
    import threading

    from scenes.speech.speaker import Speaker
    from scenes.speech.voice import Transcript
    from tests.scenes.tablekit import frames, key, make_app

    class Held(Transcript):
        def __init__(self) -> None:
            super().__init__()
            self.release = threading.Event()

        def say(self, text: str) -> None:
            assert self.release.wait(10)
            super().say(text)

    voice = Held()
    speaker = Speaker(lambda: voice)
    monkeypatch.setattr(spoken, "_speaker", speaker)
    monkeypatch.setattr(offering, "missing", lambda: "")
    app = make_app(display)
    app._speech_offer = offering.SpeechOffer()
    frames(app, 1)                                   # the offer, held in the voice
    key(app, pygame.K_s)
    frames(app, 1)
    voice.release.set()
    speaker.wait()
    item = app.stack.top.focus.focused
    assert voice.lines[:3] == ["Press S for the spoken table.", "The spoken table is on.",
                               f"{item.label}, {item.hint}." if item.hint else f"{item.label}."]
    speaker.close()
