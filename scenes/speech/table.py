"""The spoken table: a table's updates, refusals and keys, said aloud.

The table scene hands this part what it takes (each update as it becomes the position
shown, each refusal) and the keys it does not use itself; the sentences come from
:mod:`game.spoken` in the screen's language with the table's own seat names, and go
to one :class:`~scenes.speech.speaker.Speaker` for the whole program (a thread of its
own).  What happened is never dropped; your turn coming, a refusal and every answer
cut the chatter still waiting (others' turns, earlier answers), and an answer is said
next, before the news that waits.

The keys (:data:`QUERY_KEYS`, F9 the last sentence again, F10 the buttons a key would
press now and their keys) are function keys the table's own tables
(scenes/table/keys.py) and the choice bar's letter and number hotkeys leave free; each
asks afresh, so the same key again says its answer again.
"""

from __future__ import annotations

import logging
import threading
from typing import Callable, Optional, Sequence

import pygame

from game.session import Update
from game.spoken import QUERIES, SpokenStream, Words, ask
from game.spoken.cues import cues
from game.spoken.seating import Seating, changes
from scenes.i18n import language
from scenes.speech.keys import LISTENING, listen_key
from scenes.speech.speaker import Speaker
from scenes.speech.voice import Voice, choose_backend, log_missing, missing, open_backend

log = logging.getLogger(__name__)

#: a key and the query it asks (game/spoken/queries.py), from the listening keys' table
#: (scenes/speech/keys.py, which the rules' keys page lists)
QUERY_KEYS: dict[int, str] = {key: command for key, command in LISTENING if command in QUERIES}
#: the last sentence again
REPEAT_KEY = listen_key("repeat")
#: the buttons on the table now (the bar, or a card's popup of choices) with their keys
CHOICES_KEY = listen_key("choices")

_speaker: Optional[Speaker] = None
#: the setting "Speech rate" (words a minute) the program's speaker speaks at
_rate = 0


def program_speaker() -> Speaker:
    """The one speaker of the program, made at its first use (the engine's voice, or
    silence when :func:`~scenes.speech.voice.missing` names what to install)."""
    global _speaker
    if _speaker is None:
        why = missing()
        if why:
            log_missing(why)
        _speaker = Speaker(_voice_maker(why), _rate)
    return _speaker


def _voice_maker(why: str) -> Callable[[], Optional[Voice]]:
    return lambda: None if why else open_backend(language())


def choose(backend: str) -> None:
    """The setting "Voice": the program's speaker changes voice before its next
    sentence, if it is another (one made later starts with it)."""
    if choose_backend(backend) and _speaker is not None:
        why = missing()
        if why:
            log_missing(why)
        _speaker.set_make(_voice_maker(why))


def tune(rate: int) -> None:
    """The setting "Speech rate": the program's speaker takes it from its next sentence
    (one made later starts with it)."""
    global _rate
    _rate = rate
    if _speaker is not None:
        _speaker.set_rate(rate)


class SpokenTable:
    """One table's speech: its seat's stream, the queries, the keys."""

    def __init__(self, game: str, seat: Optional[int], names: Callable[[], Sequence[str]],
                 choices: Callable[[], Sequence[tuple[str, str]]] = lambda: (),
                 popup: Callable[[], Optional[str]] = lambda: None,
                 brief: Callable[[], bool] = lambda: False,
                 speaker: Optional[Speaker] = None,
                 cue: Callable[[str], None] = lambda name: None,
                 heard: Callable[[], bool] = lambda: False,
                 away: Callable[[], frozenset[int]] = frozenset,
                 ready: Optional[Callable[[], bool]] = None) -> None:
        self.names = names
        self.seat = seat
        #: the seats a computer keeps warm for their person (netplay)
        self.away = away
        #: the table takes keys now (its cards have stopped moving): whose turn it is is
        #: said then, at a frame (:meth:`frame`), so the key a listener presses on hearing
        #: it acts (one pressed while the cards move only hurries them); None: at once
        self.ready = ready
        self._turn: Optional[tuple[str, bool, bool]] = None
        #: who sat where when last heard (None until the first update: no old news)
        self._seating: Optional[Seating] = None
        #: the (hotkey, words) of the buttons a key would press now
        self.choices = choices
        #: the title of a card's popup of choices while it is open (None when none is)
        self.popup = popup
        self._popup_said: Optional[str] = None
        #: the setting "brief": say less (game/spoken/stream.py)
        self.brief = brief
        #: plays a cue's sound (game/spoken/cues.py); ``heard``: its sounds are heard (a
        #: device, a volume), so brief speech may leave your turn to its sound
        self.cue = cue
        self.heard = heard
        self.speaker = speaker if speaker is not None else program_speaker()
        self.stream = SpokenStream(self._words(game), seat)
        self.update: Optional[Update] = None
        #: set once the news of the last update heard has been said
        self._news_said = threading.Event()
        self._news_said.set()
        #: what an update says after its deal's end, waiting for the score sheet: its
        #: news, its turn, whether the turn is yours and just came (:meth:`go_on`)
        self._after_sheet: Optional[tuple[list[str], str, bool, bool]] = None

    def _seating_now(self) -> Seating:
        return Seating(language(), tuple(self.names()), self.away())

    def _words(self, game: str) -> Words:
        return Words(game, language(), self._seating_now().spoken(self.seat))

    def _reseat(self) -> None:
        """A seat's person changed since last heard (a friend dropped, came back, a
        person took a computer's seat): said once, as news, and from now on every
        sentence names the seat as it is; if that seat is to act, its turn again."""
        now = self._seating_now()
        before, self._seating = self._seating, now
        if before is None or before == now:
            return
        self.stream.words = self._words(self.stream.game)
        moved = changes(before, now, self.seat)
        self.speaker.say([line for _, line in moved], lang=now.lang)
        update = self.update
        if update is not None and not update.over and not update.my_turn and \
                any(s in update.to_act for s, _ in moved):
            self.speaker.say([self.stream.turn(update)], idle=True, lang=now.lang)

    def hear(self, update: Update) -> None:
        """An update taken by the table: its cues' sounds, its news, then whose turn it
        is (others' turns are chatter; yours coming cuts the chatter still waiting)."""
        self.go_on()                             # nothing waits behind a sheet now
        if self.update is not None:
            self._reseat()                       # a seat changed since: said first
        else:
            self._seating = self._seating_now()  # the first look tells no old news
        self.stream.words = self._words(self.stream.game)    # the language, the names now
        self.stream.brief = self.brief()
        self.stream.cued = self.heard()
        was = self.update is not None and self.update.my_turn
        yours = update.my_turn and not was
        for name in cues(update, self.stream.seat, was):
            self.cue(name)
        self.update = update
        said = self.stream.hear(update)
        turn = said.pop() if said and self.stream.turn_said else ""
        at = len(said) if self.stream.sheet_at is None else self.stream.sheet_at
        self._say(said[:at], [], False, False)
        self._after_sheet = (said[at:], turn, update.my_turn, yours)
        if self.stream.sheet_at is None:
            self.go_on()

    def go_on(self) -> None:
        """The table goes on past a deal's end (its score sheet closed, or none shows):
        what the update said after it, the next deal and whose turn, is said now, never
        before the sheet ("Round 2 ... East's turn." came before "Round 1: the result:
        the score sheet.")."""
        if self._after_sheet is not None:
            said, turn, mine, yours = self._after_sheet
            self._after_sheet = None
            self._say(said, [turn], mine, yours)

    def _say(self, news: list[str], turn: list[str], mine: bool, yours: bool) -> None:
        """News, then the turn (others' turns are chatter; yours coming cuts the chatter
        still waiting)."""
        lang = self.stream.words.lang
        if news:                # caught up once the last of them is said
            self._news_said = threading.Event()
        self.speaker.say(news, cut=yours, lang=lang, done=self._news_said if news else None)
        if any(turn):
            self._turn = (turn[0], mine, yours)
        if self.ready is None:
            self._say_turn()

    def _say_turn(self) -> None:
        """The turn waiting, once the table takes keys; "Your turn" only while it still
        is (a listener who played by a key during the catch-up heard it after the card)."""
        if self._turn is not None and (self.ready is None or self.ready()):
            turn, mine, yours = self._turn
            self._turn = None
            if mine and self.update is not None and not self.update.my_turn:
                return                   # played meanwhile: the turn is over
            self.speaker.say([turn], idle=not mine, cut=yours, lang=self.stream.words.lang)

    def caught_up(self) -> bool:
        """Has the listener heard the news of the last update (a race's opening: "West
        plays the 2 of Swords. Venceslao! You and East may claim it.")?  The computers'
        clock in a race starts then (scenes/table/race.py)."""
        return self._news_said.is_set()

    def answer(self, text: str) -> None:
        """Words the listener asked for (or caused): next, before the news waiting."""
        self.speaker.say([text], idle=True, cut=True, first=True, lang=self.stream.words.lang)

    def frame(self) -> None:
        """Once a frame: a card's popup of choices just opened is said with its keys
        ("The Ace of Sticks: high or low? Keys: 1, High; 2, Low."), and a seat whose
        person changed."""
        if self.update is not None:
            self._reseat()
        self._say_turn()
        title = self.popup()
        if title is not None and title != self._popup_said:
            keys = self.choices_words()
            if title and title[-1] not in ".?!:":
                title += "."
            self.answer(f"{title} {keys}" if title else keys)
        self._popup_said = title

    def interlude(self, title: str, button: str) -> None:
        """A score sheet over the table: its title, and that Enter goes on (the deal's
        totals were said as news)."""
        self.speaker.say([self.stream.words.say("spoken.interlude", title=title, button=button)],
                         lang=self.stream.words.lang)

    def refused(self, text: str) -> None:
        """A refusal in the words the table shows."""
        self.answer(self.stream.words.say("spoken.refused", reason=text))

    def picked(self, codes: Sequence[str]) -> None:
        """The cards picked at once (a hint in Dou Dizhu), after what was said of it."""
        w = self.stream.words
        self.speaker.say([w.say("spoken.picked_all", cards=w.cards(codes))], idle=True,
                         lang=w.lang)

    def card(self, code: Optional[str], picked: Optional[bool] = None) -> None:
        """The card under the keyboard's cursor, named at once; ``picked``: Space just
        picked it or put it back (Dou Dizhu's cards chosen one by one)."""
        if not code:
            return
        w = self.stream.words
        if picked is None:
            self.answer(w.card(code))
        else:
            self.answer(w.say("spoken.picked" if picked else "spoken.unpicked", card=w.card(code)))

    def key(self, event: pygame.event.Event) -> bool:
        """A query's key: its answer said at once, asked afresh (the same key again says
        it again); F9 the last sentence again; False for any other key."""
        if event.key == REPEAT_KEY:
            self.speaker.repeat()
            return True
        if event.key == CHOICES_KEY:
            self.answer(self.choices_words())
            return True
        query = QUERY_KEYS.get(event.key)
        if query is None or self.update is None:
            return False
        self.stream.words = self._words(self.stream.game)
        self.answer(ask(query, self.stream.words, self.update))
        return True


    def choices_words(self) -> str:
        """"Keys: D, Draw; S, Stand at 11." (a button without a key: its words alone)."""
        w = self.stream.words
        each = [w.say("spoken.choice", hotkey=k.upper(), label=label) if k else label
                for k, label in self.choices()]
        return w.say("spoken.choices", each="; ".join(each)) if each else \
            w.say("spoken.no_choices")


def spoken_on(app: object) -> bool:
    """The setting "Spoken table", or ``--speak`` for this run."""
    settings = getattr(app, "settings", None)
    return bool(getattr(settings, "spoken_table", False) or getattr(app, "speak", False))


def listening_rate(app: object) -> int:
    """What a guest tells the host of its listening (game/net/protocol.py's hello): the
    spoken table's words a minute while it is on, else 0."""
    if not spoken_on(app):
        return 0
    return int(getattr(getattr(app, "settings", None), "speech_rate", 0) or 0)


def transcript_speaker() -> tuple[Speaker, list[str]]:
    """A speaker whose voice writes down what it says (tests, and a listener played by
    a script): the speaker and the lines it said."""
    from scenes.speech.voice import Transcript

    ears = Transcript()
    voice: Voice = ears
    return Speaker(lambda: voice), ears.lines
