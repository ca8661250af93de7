"""The speaker: off the frame thread, a new turn cuts idle chatter, a repeat repeats."""

from __future__ import annotations

import threading

from scenes.speech.speaker import Speaker
from scenes.speech.voice import Transcript

#: a bound on waiting for the speaking thread, so a broken speaker fails instead of hanging
BOUND = 10


class HeldVoice(Transcript):
    """A voice that holds its first sentence until released: what is queued meanwhile
    waits, as it would behind a long sentence."""

    def __init__(self) -> None:
        super().__init__()
        self.started = threading.Event()
        self.release = threading.Event()

    def say(self, text: str) -> None:
        self.started.set()
        assert self.release.wait(BOUND)
        super().say(text)


def test_sentences_are_said_in_order_by_the_speakers_own_thread():
    ears = Transcript()
    speaker = Speaker(lambda: ears)
    speaker.say(["East plays the King of Cups.", "", "Your turn."])
    speaker.wait()
    speaker.close()
    assert ears.lines == ["East plays the King of Cups.", "Your turn."]


def test_a_new_turn_cuts_what_waits_but_not_what_is_being_said():
    voice = HeldVoice()
    speaker = Speaker(lambda: voice)
    speaker.say(["East plays the King of Cups."])
    assert voice.started.wait(BOUND)
    speaker.say(["North plays the 2 of Cups.", "West plays the 3 of Cups."])
    speaker.say(["Your turn."], cut=True)
    voice.release.set()
    speaker.wait()
    speaker.close()
    assert voice.lines == ["East plays the King of Cups.", "Your turn."]


def test_a_repeated_key_says_the_last_sentence_again():
    ears = Transcript()
    speaker = Speaker(lambda: ears)
    speaker.say(["The trump is Cups."])
    speaker.wait()
    speaker.repeat()
    speaker.wait()
    speaker.close()
    assert ears.lines == ["The trump is Cups.", "The trump is Cups."]


def test_without_a_voice_the_speaker_says_nothing_and_closes():
    speaker = Speaker(lambda: None)
    speaker.say(["Your turn."])
    speaker.wait()
    speaker.close()
    assert speaker.last == "Your turn."
