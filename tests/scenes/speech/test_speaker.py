"""The speaker: off the frame thread, news kept, chatter cut, answers first."""

from __future__ import annotations

import threading

from scenes.speech.speaker import Speaker
from scenes.speech.voice import Transcript

#: a bound on waiting for the speaking thread, so a broken speaker fails instead of hanging
BOUND = 10


class HeldVoice(Transcript):
    """A voice that holds its first sentence until released: what is queued meanwhile
    waits, as it would behind a long sentence; it notes the languages it is moved to."""

    def __init__(self) -> None:
        super().__init__()
        self.started = threading.Event()
        self.release = threading.Event()
        self.languages: list[str] = []

    def say(self, text: str) -> None:
        self.started.set()
        assert self.release.wait(BOUND)
        super().say(text)

    def language(self, lang: str) -> None:
        self.languages.append(lang)

    def set_rate(self, rate: int) -> None:
        self.lines.append(f"<rate {rate}>")


def held(*steps) -> list[str]:
    """What a voice says when the first sentence is still being said while ``steps``
    (calls on the speaker) are made."""
    voice = HeldVoice()
    speaker = Speaker(lambda: voice)
    speaker.say(["East plays the King of Cups."])
    assert voice.started.wait(BOUND)
    for step in steps:
        step(speaker)
    voice.release.set()
    speaker.wait()
    speaker.close()
    return voice.lines


def test_sentences_are_said_in_order_by_the_speakers_own_thread():
    ears = Transcript()
    speaker = Speaker(lambda: ears)
    speaker.say(["East plays the King of Cups.", "", "Your turn."])
    speaker.wait()
    speaker.close()
    assert ears.lines == ["East plays the King of Cups.", "Your turn."]


def test_a_new_turn_cuts_the_chatter_that_waits_but_never_the_news():
    assert held(lambda s: s.say(["North's turn."], idle=True),
                lambda s: s.say(["North plays the 2 of Cups."]),
                lambda s: s.say(["Your turn."], cut=True)) == \
        ["East plays the King of Cups.", "North plays the 2 of Cups.", "Your turn."]


def test_an_answer_goes_before_the_news_that_waits_and_replaces_an_earlier_answer():
    assert held(lambda s: s.say(["North plays the 2 of Cups."]),
                lambda s: s.say(["13 cards."], idle=True, cut=True, first=True),
                lambda s: s.say(["The trump is Cups."], idle=True, cut=True, first=True)) == \
        ["East plays the King of Cups.", "The trump is Cups.", "North plays the 2 of Cups."]


def test_a_repeated_key_says_the_last_sentence_again():
    ears = Transcript()
    speaker = Speaker(lambda: ears)
    speaker.say(["The trump is Cups."])
    speaker.wait()
    speaker.repeat()
    speaker.wait()
    speaker.close()
    assert ears.lines == ["The trump is Cups.", "The trump is Cups."]


def test_the_voice_moves_to_each_sentences_language_when_it_changes():
    voice = HeldVoice()
    voice.release.set()
    speaker = Speaker(lambda: voice)
    speaker.say(["Your turn."], lang="en")
    speaker.say(["Tocca a te.", "Giochi il Re di Coppe."], lang="it")
    speaker.wait()
    speaker.close()
    assert voice.languages == ["en", "it"]


def test_without_a_voice_the_speaker_says_nothing_and_closes():
    speaker = Speaker(lambda: None)
    speaker.say(["Your turn."])
    speaker.wait()
    speaker.close()
    assert speaker.last == "Your turn."


def test_a_new_rate_is_taken_by_the_next_sentence_not_the_one_being_said():
    """The setting "Speech rate" heard at once: the sentence under way ends at its pace,
    the next one is said at the new rate, and the same rate is not set again."""
    assert held(lambda s: s.set_rate(300),
                lambda s: s.say(["North plays the 2 of Cups."]),
                lambda s: s.say(["Your turn."])) == \
        ["East plays the King of Cups.", "<rate 300>", "North plays the 2 of Cups.", "Your turn."]


def test_a_speaker_made_with_a_rate_starts_at_it():
    voice = HeldVoice()
    voice.release.set()
    speaker = Speaker(lambda: voice, rate=250)
    speaker.say(["Your turn."])
    speaker.wait()
    speaker.close()
    assert voice.lines == ["<rate 250>", "Your turn."]


def test_done_is_set_once_the_last_line_is_said_or_dropped_or_there_is_none():
    """What a race's clock waits for (scenes/table/pace.py): the news said."""
    voice = HeldVoice()
    speaker = Speaker(lambda: voice)
    said = threading.Event()
    speaker.say(["West plays the 2 of Swords.", "Venceslao! You and East may claim it."],
                done=said)
    assert voice.started.wait(BOUND) and not said.is_set()
    dropped = threading.Event()
    speaker.say(["East's turn."], idle=True, done=dropped)
    speaker.say(["Your turn."], cut=True)
    assert dropped.is_set(), "a line cut before it is said is done with"
    voice.release.set()
    assert said.wait(BOUND)
    none = threading.Event()
    speaker.say([], done=none)
    assert none.is_set()
    speaker.close()


def test_another_voice_takes_over_before_the_next_sentence():
    """The setting "Voice" changed: the old voice is closed, the new one speaks."""
    old, new = Transcript(), Transcript()
    speaker = Speaker(lambda: old)
    speaker.say(["East plays the King of Cups."])
    speaker.wait()
    speaker.set_make(lambda: new)
    speaker.say(["Your turn."])
    speaker.wait()
    speaker.close()
    assert old.lines == ["East plays the King of Cups."] and new.lines == ["Your turn."]


def test_a_voice_that_raises_on_a_sentence_costs_that_sentence_alone(caplog):
    """A driver failing once (a device gone) is logged; the speaker goes on with the next
    sentence, where its thread had ended and nothing more was ever said."""

    class Once(Transcript):
        def say(self, text: str) -> None:
            if text == "East plays the King of Cups.":
                raise RuntimeError("the device is gone")
            super().say(text)

    voice = Once()
    speaker = Speaker(lambda: voice)
    speaker.say(["East plays the King of Cups.", "Your turn."])
    done = threading.Event()
    speaker.say(["The trump is Swords."], done=done)
    assert done.wait(BOUND), "the speaker stopped"
    speaker.close()
    assert voice.lines == ["Your turn.", "The trump is Swords."]
    assert "the device is gone" in caplog.text


def test_a_sentence_the_voice_failed_on_is_not_told_as_heard():
    """A race's clock waits for its news to be said (scenes/table/pace.py): a voice that
    failed on it (a driver gone; a held test voice timed out under load) had it counted
    as said, and the computers claimed a race the listener never heard."""

    class FailsAtTheRace(Transcript):
        def say(self, text: str) -> None:
            if text.startswith("Venceslao!"):
                raise RuntimeError("the device is gone")
            super().say(text)

    voice = FailsAtTheRace()
    speaker = Speaker(lambda: voice)
    race = threading.Event()
    speaker.say(["West plays the 2 of Swords.", "Venceslao! You and East may claim it."],
                done=race)
    after = threading.Event()
    speaker.say(["Your turn."], done=after)
    assert after.wait(BOUND)                    # the speaker went on past it, in order
    assert not race.is_set(), "a sentence never said was told as heard"
    assert voice.lines == ["West plays the 2 of Swords.", "Your turn."]
    speaker.close()
