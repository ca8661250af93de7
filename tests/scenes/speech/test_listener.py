"""The spoken table at the table: whole games played by ear.

A scripted listener sits at a table with the spoken table on and a voice that writes
down what it says.  It presses keys only (no mouse event) and decides only from what
it heard: on its turn it asks its hand (F2), the table (F3), whose turn (F7) and the
buttons' keys (F10), recovers them from the words, and the test checks each against
the seat's view; it plays a card by walking the hand with the arrows, each card said
as the cursor lands on it, until it hears the card it chose, and Enter; a button by
the key F10 named for it; a score sheet, heard, is read row by row (Down) and gone on
from by Enter.  The game ends, and no line heard carries a symbol a voice would read by
its name (Bisca's hearts, a "·" between parts of a line): a voice says them in words.

Every game: Bolola (one deal: every move a card), Bocce (lag cards, then draw or stand
by the totals heard), Bisca (bets, an Ace's worth, the hidden card), Briscola (a
Venceslao claimed, the new trump chosen) and Dou Dizhu (cards picked one by one).
"""

from __future__ import annotations

import re
from typing import Any, Callable, Optional

import pygame
import pytest

from game import GAMES
from game.cards import Card
from scenes.speech import table as spoken
from scenes.table.result import SheetScene
from tests.scenes.tablekit import enter_on_sheet, frames, key, make_app, open_table, settle, think

#: the most updates a game is waited through
LONGEST = 3000
#: marks a screen draws that a voice reads by their names ("black heart suit", "middle
#: dot", "rightwards arrow", "greater than", "horizontal ellipsis"): no line heard
#: carries one
SYMBOLS = re.compile("[♥♠♣♦♡♤♧♢→←↑↓·—×•<>…]")


class Listener:
    """Ears on the transcript and fingers on the keys, at one table."""

    def __init__(self, app: Any, table: Any, speaker: Any, lines: list[str]) -> None:
        self.app, self.table, self.speaker, self.lines, self.read = app, table, speaker, lines, 0
        self.codes = {card.name("en"): card.code for card in GAMES[table.key].cards}
        self.heard: list[str] = []           # everything heard so far, in order
        self.turns_taken = 0                 # the "Your turn" sentences acted on
        self.sheets_closed = 0               # the score sheets heard and gone on from
        self.popup_at = 0                    # heard up to the last popup answered
        self.reads_sheets = False            # each score sheet read row by row (Down)

    def hear(self) -> list[str]:
        self.speaker.wait()
        new = self.lines[self.read:]
        self.read = len(self.lines)
        self.heard.extend(new)
        return new

    def ask(self, k: int) -> str:
        self.hear()                          # what was said before the key
        key(self.app, k)
        said = self.hear()
        assert said, (f"nothing said for the key {pygame.key.name(k)}", self.heard[-8:],
                      type(self.app.stack.top).__name__)
        return said[0]                       # an answer goes before the news that waits

    def hand(self) -> tuple[list[str], list[str]]:
        """"13 cards. Spades: 2 playable, King; Hearts: Ace." -> the cards, the playable
        ones (all, when none is marked); none for a card held face down or no card."""
        answer = self.ask(pygame.K_F2)
        if "face down" in answer or answer == "Your hand is empty.":
            return [], []
        if ", lowest first: " in answer:     # Dou Dizhu: the ranks as the hand lies
            ranks = answer.split(": ", 1)[1].rstrip(".").replace("; ", ", ").split(", ")
            names = [rank.removesuffix(" playable") for rank in ranks]
            return names, [n for n, r in zip(names, ranks) if r.endswith(" playable")] or names
        groups = answer.split(". ", 1)[1].rstrip(".")
        hand, playable = [], []
        for group in groups.split("; "):
            suit, ranks = group.split(": ")
            for rank in ranks.split(", "):
                name = rank.removesuffix(" playable")
                code = self.codes[name if suit == "Jokers" else f"{name} of {suit}"]
                hand.append(code)
                if rank.endswith(" playable"):
                    playable.append(code)
        return hand, playable or list(hand)

    def on_table(self) -> list[str]:
        """"On the table: 4 of Swords and King of Cups." -> the cards."""
        answer = self.ask(pygame.K_F3)
        if not answer.startswith("On the table: "):
            return []
        names = answer.removeprefix("On the table: ").rstrip(".").replace(" and ", ", ")
        return [self.codes[n] for n in names.split(", ")]

    def buttons(self) -> dict[str, str]:
        """"Keys: D, Draw; S, Stand at 15; H, Hint." -> words: key."""
        answer = self.ask(pygame.K_F10)
        assert answer.startswith("Keys: "), answer
        pairs = [b.split(", ", 1) for b in answer.removeprefix("Keys: ").rstrip(".").split("; ")]
        return {pair[-1]: pair[0] for pair in pairs if len(pair) == 2}

    def play(self, code: str, hand_size: int) -> None:
        """The arrows until the card is named, then Enter."""
        for _ in range(hand_size + 1):
            if self.codes.get(self.ask(pygame.K_RIGHT)) == code:
                key(self.app, pygame.K_RETURN)
                return
        pytest.fail(f"the arrows never named {code}")

    def press(self, label: str) -> None:
        k = self.buttons()[label]
        key(self.app, getattr(pygame, f"K_{k.lower()}"), unicode=k.lower())

    def my_turn(self) -> None:
        """On its turn: the hand, the table and the turn as heard are the seat's view."""
        view = self.table.view
        assert self.ask(pygame.K_F7) == "It is your turn."
        hand, playable = self.hand()
        held = [c for c in view["zones"]["hand/0"] if c]
        ranks = [Card.parse(c).rank_name("en") for c in held]       # as the hand lies
        assert sorted(hand) == sorted(held) or hand == ranks, (hand, held)
        legal_cards = {a.card.code for a in self.table.legal() if a.card}
        if hand == ranks and sorted(hand) != sorted(held):           # heard by rank
            legal_cards = {Card.parse(c).rank_name("en") for c in legal_cards}
        assert not legal_cards or set(playable) == legal_cards

    def play_game(self, decide: Callable[["Listener", str], None], longest: int = LONGEST) -> int:
        """Until "The game is over." is heard: on "Your turn" (the last turn sentence
        heard), ``decide`` with that sentence, through at most ``longest`` updates.  The
        turns played."""
        turns = 0
        for _ in range(longest):
            if any(line.startswith("The game is over.") for line in self.heard):
                settle(self.app, self.table)
                if self.reads_sheets and self.app.stack.top is not self.table:
                    self.read_sheet()         # the game's result, read to its end
                assert [line for line in self.heard if SYMBOLS.search(line)] == []
                return turns
            if self._sheet_heard() or isinstance(self.app.stack.top, SheetScene):
                self.close_sheet()           # heard, or come up after its words were heard
                continue
            if self.answer_popup():           # a card's choices (an Ace's worth)
                continue
            turn = self._turn_heard()
            if turn is None:
                think(self.table)
                frames(self.app, 1)
                self.hear()
                continue
            settle(self.app, self.table)      # time passes until the table takes keys
            self.hear()
            if self._sheet_heard():           # the last deal's sheet came after its turn
                self.close_sheet()
                settle(self.app, self.table)
                self.hear()
            self.my_turn()
            decide(self, turn)
            turns += 1
            self.hear()
        pytest.fail("the game never ended")

    def answer_popup(self) -> bool:
        """A popup heard since the last one answered ("Count your Ace as. Keys: 1, 1;
        2, 10."): its first key.  Whether there was one."""
        new = [line for line in self.heard[self.popup_at:]
               if "Keys: " in line and not line.startswith("Keys: ")]
        if not new:
            return False
        self.popup_at = len(self.heard)
        k = new[-1].split("Keys: ", 1)[1].split(",", 1)[0]
        key(self.app, getattr(pygame, f"K_{k.lower()}"), unicode=k.lower())
        return True

    def _sheet_heard(self) -> bool:
        """A score sheet said and not yet gone on from (counted as gone on from)."""
        sheets = [line for line in self.heard if "the score sheet. Enter:" in line]
        if len(sheets) == self.sheets_closed:
            return False
        self.sheets_closed = len(sheets)
        return True

    def close_sheet(self) -> None:
        """Enter on the score sheet heard, once it takes keys (it waits its settling
        seconds at a table's pace), again while it stays (a first key may show the
        focus)."""
        if self.app.stack.top is self.table:
            return
        if self.reads_sheets:
            self.read_sheet()
        enter_on_sheet(self.app)
        for _ in range(2):
            if self.app.stack.top is self.table:
                return
            key(self.app, pygame.K_RETURN)

    def read_sheet(self) -> None:
        """The score sheet on top read row by row with Down, to its end."""
        sheet = self.app.stack.top
        while sheet.age < sheet.settle:
            self.app.frame(1 / 60, [])
        for _ in range(len(sheet.spoken_rows()) + 1):
            if self.ask(pygame.K_DOWN) == "The end of the page.":
                return
        pytest.fail("the sheet's rows never came to an end")

    def _turn_heard(self) -> Optional[str]:
        """A "Your turn" sentence heard and not yet acted on (the newest)."""
        turns = [line for line in self.heard if line.startswith("Your turn")]
        if len(turns) == self.turns_taken:
            return None
        self.turns_taken = len(turns)
        return turns[-1]


def decide_bolola(ears: Listener, turn: str) -> None:
    hand, playable = ears.hand()
    assert sorted(ears.on_table()) == sorted(c for c in ears.table.view["zones"]["table"] if c)
    ears.play(playable[0], len(hand))


def decide_bocce(ears: Listener, turn: str) -> None:
    stand = re.search(r"Stand at (\d+)", turn)
    if stand is None:                       # the lag: a card from the hand
        hand, playable = ears.hand()
        ears.play(playable[0], len(hand))
        return
    pallino = int(re.findall(r"The pallino is (\d+)", " ".join(ears.heard))[-1])
    assert pallino == ears.table.view["pallino"]
    total = int(stand.group(1))
    ears.press("Draw" if total < pallino - 3 and "Draw and" in turn else f"Stand at {total}")


def decide_bisca(ears: Listener, turn: str) -> None:
    if turn.startswith("Your turn: Bet"):
        ears.press(next(iter(ears.buttons())))
        return
    hand, playable = ears.hand()
    if not hand:                             # the one-card round: the card faces out
        key(ears.app, pygame.K_RETURN)
    else:
        ears.play(playable[0], len(hand))
    ears.hear()
    ears.answer_popup()                      # an Ace: high or low


def decide_briscola(ears: Listener, turn: str) -> None:
    if turn != "Your turn.":                  # a claim, or the new trump's suit
        buttons = {label: k for label, k in ears.buttons().items() if label != "Hint"}
        ears.press(next(iter(buttons)))
        return
    hand, playable = ears.hand()
    ears.play(playable[0], len(hand))


def decide_doudizhu(ears: Listener, turn: str) -> None:
    buttons = ears.buttons()
    if "Pass" in buttons:
        ears.press("Pass")
        return
    name = ears.ask(pygame.K_RIGHT)
    assert ears.ask(pygame.K_SPACE) == f"{name} picked."
    key(ears.app, pygame.K_RETURN)


#: how the listener decides in each game, and the options its game is played with
#: (bench/listening.py plays the same)
DECIDE: dict[str, Callable[[Listener, str], None]] = {
    "bolola": decide_bolola, "bocce": decide_bocce, "bisca": decide_bisca,
    "briscola": decide_briscola, "doudizhu": decide_doudizhu}
OPTIONS: dict[str, dict[str, Any]] = {
    "bolola": dict(deals=1), "bocce": dict(target=10), "bisca": dict(opening=2, lives=1),
    "briscola": dict(games=1), "doudizhu": dict(hands=1)}


def seated(app: Any, game: str, seed: int = 4,
           think_delay: tuple[float, float] = (0.0, 0.0)) -> Listener:
    """A listener at a table of ``game`` (its :data:`OPTIONS`) opened in ``app``, the
    spoken table on, heard through a transcript (the program's speaker now)."""
    speaker, lines = spoken.transcript_speaker()
    spoken._speaker = speaker
    app.speak = True
    table = open_table(app, game, seed=seed, options=OPTIONS[game], think_delay=think_delay)
    return Listener(app, table, speaker, lines)


def listening(display: Any, monkeypatch: Any, game: str) -> Listener:
    monkeypatch.setattr(spoken, "_speaker", spoken._speaker)   # put back after the test
    ears = seated(make_app(display), game)
    ears.reads_sheets = True
    return ears


@pytest.mark.slow
def test_a_listener_plays_a_whole_bolola_deal_by_keys_and_ears_alone(display, monkeypatch):
    ears = listening(display, monkeypatch, "bolola")

    assert ears.play_game(decide_bolola) == 13
    assert ears.table.over
    ears.speaker.close()


@pytest.mark.slow
def test_a_listener_plays_a_whole_game_of_bocce_by_keys_and_ears_alone(display, monkeypatch):
    """The lag card by the arrows; then draws below three under the pallino heard, and
    stands at the total the turn names, by the keys F10 names."""
    ears = listening(display, monkeypatch, "bocce")

    assert ears.play_game(decide_bocce) > 0
    assert ears.table.over
    ears.speaker.close()


def to_dou_dizhu_play(ears: Listener) -> None:
    """Bid by ear (3, else pass) until the listener is to play cards, the table settled."""
    for _ in range(LONGEST):
        if ears.table.my_turn() and any(a.kind == "play" for a in ears.table.legal()):
            break
        if ears.table.my_turn():
            settle(ears.app, ears.table)
            buttons = ears.buttons()
            ears.press("Bid 3" if "Bid 3" in buttons else "Pass")
        think(ears.table)
        frames(ears.app, 1)
        ears.hear()
    settle(ears.app, ears.table)
    ears.hear()


@pytest.mark.slow
def test_dou_dizhu_cards_are_picked_and_put_back_by_ear(display, monkeypatch):
    """Space on the card under the cursor says it is picked, again that it is put back."""
    ears = listening(display, monkeypatch, "doudizhu")
    to_dou_dizhu_play(ears)
    name = ears.ask(pygame.K_RIGHT)
    assert ears.codes[name]
    assert ears.ask(pygame.K_SPACE) == f"{name} picked."
    assert ears.table.selected == [ears.codes[name]]
    assert ears.ask(pygame.K_SPACE) == f"{name} put back."
    assert ears.table.selected == []
    ears.speaker.close()


@pytest.mark.slow
def test_a_listener_plays_a_whole_game_of_bisca_by_keys_and_ears_alone(display, monkeypatch):
    """Bets by the keys F10 names (the first it may make), cards by the arrows, an Ace's
    worth by the keys its popup says when it opens, the one-card round's hidden card by
    Enter."""
    ears = listening(display, monkeypatch, "bisca")

    assert ears.play_game(decide_bisca) > 0
    assert ears.table.over
    ears.speaker.close()


@pytest.mark.slow
def test_a_listener_plays_a_whole_game_of_briscola_by_keys_and_ears_alone(display, monkeypatch):
    """Cards by the arrows; a Venceslao heard claimed by the key F10 names for it (the
    race may be lost: the game goes on), the new trump by the first key F10 names."""
    ears = listening(display, monkeypatch, "briscola")

    assert ears.play_game(decide_briscola) > 0
    assert ears.table.over
    ears.speaker.close()


@pytest.mark.slow
def test_a_listener_plays_a_whole_hand_of_dou_dizhu_by_keys_and_ears_alone(display, monkeypatch):
    """It never bids and passes whenever it may (by the keys F10 names); to lead, it
    picks one card by ear (the arrow names it, Space says it is picked) and plays the
    single with Enter."""
    ears = listening(display, monkeypatch, "doudizhu")

    assert ears.play_game(decide_doudizhu) > 0
    assert ears.table.over
    ears.speaker.close()


@pytest.mark.slow
def test_a_rounds_score_sheet_is_heard_before_the_next_round_and_its_turn(display, monkeypatch):
    """The round's end, then its sheet, and only once the sheet is gone on from the next
    round and whose turn it is: the listener heard "Round 2 ... East's turn." and then
    "Round 1: the result: the score sheet.", the table still showing round 1."""
    monkeypatch.setattr(spoken, "_speaker", spoken._speaker)
    app = make_app(display)
    speaker, lines = spoken.transcript_speaker()
    spoken._speaker = speaker
    app.speak = True
    table = open_table(app, "bisca", seed=4, options=dict(opening=2, lives=3),
                       think_delay=(0.0, 0.0))
    ears = Listener(app, table, speaker, lines)
    for _ in range(LONGEST):
        if isinstance(app.stack.top, SheetScene):
            break
        turn = ears._turn_heard()
        if turn is None:
            think(table)
            frames(app, 1)
            ears.hear()
            continue
        settle(app, table)
        ears.hear()
        decide_bisca(ears, turn)
        ears.hear()
    frames(app, 2)
    ears.hear()
    heard = ears.heard
    sheet = next(n for n, line in enumerate(heard) if "the score sheet. Enter:" in line)
    ended = next(n for n, line in enumerate(heard) if line.startswith("Round 1 over."))
    assert ended < sheet and not any(line.startswith("Round 2") for line in heard), heard[-8:]
    assert heard[ended + 1:sheet] == [], heard[ended:]     # the sheet's focus after its title
    ears.close_sheet()
    settle(app, table)
    ears.hear()
    after = ears.heard[sheet + 1:]
    assert any(line.startswith("Round 2") for line in after), after
    speaker.close()


@pytest.mark.slow
def test_the_keys_asked_for_name_the_hint_beside_a_picker(display, monkeypatch):
    """F10 says the Hint's key where it stands beside a picker of bets, as the screen
    shows it ("H Hint"): it named the bets alone, the Hint only where it was in the bar."""
    ears = listening(display, monkeypatch, "bisca")
    for _ in range(LONGEST):
        if ears.table.my_turn() and not ears.table.busy:
            break
        think(ears.table)
        frames(ears.app, 1)
    settle(ears.app, ears.table)
    frames(ears.app, 2)
    assert all(a.kind == "bet" for a in ears.table.legal())
    assert ears.buttons()["Hint"] == "H"
    ears.speaker.close()


@pytest.mark.slow
@pytest.mark.parametrize("thought", [False, True])
def test_a_hint_asked_for_by_ear_is_said_with_the_cards_it_picked(display, monkeypatch, thought):
    """H shows Hard's play and why in a notice and picks its cards; a listener heard
    nothing of it.  Its line is said, then the cards picked, by name, whether Hard
    answered at once or (``thought``) after thinking a while."""
    from game.engine import Reason
    from game.session.advice import Advice
    from scenes.i18n import tr, words

    ears = listening(display, monkeypatch, "doudizhu")
    to_dou_dizhu_play(ears)
    play = next(a for a in ears.table.legal() if a.kind == "play" and len(a.cards) > 1)
    why = Reason("advice.agrees", {"deals": 40})
    answers: list = [None] if thought else []
    ears.table.input.advise = lambda: answers.pop() if answers else Advice(play, why, None)
    key(ears.app, pygame.K_h, unicode="h")
    said = ears.hear()
    if thought:                    # "Thinking about your hint…", cut once it is shown
        frames(ears.app, 2)
        said = [line for line in said + ears.hear() if line != tr("table.hint_thinking")]
    line = ears.table.input.hint_line
    assert line and words(why) in line
    picked = sorted(ears.codes[name] for name in said[-1].removeprefix("Picked: ")
                    .rstrip(".").replace(" and ", ", ").split(", "))
    assert said[0].startswith(ears.table.adapter.hint_name(ears.table.view, play)), said
    assert picked == sorted(c.code for c in play.cards) == sorted(ears.table.selected), said
    assert said[-1].startswith(tr("spoken.picked_all", cards="").rstrip("."))
    ears.speaker.close()


@pytest.mark.slow
def test_a_hint_compared_with_the_obvious_play_names_its_cards_aloud_not_their_corners(
        display, monkeypatch):
    """The obvious play a hint compares with is shown by its cards' corners ("(Pair: 3
    3)", "(Single: K)"): a voice read the letters.  Said, its cards are named as the table
    names every play ("Pair: 3 of Spades and 3 of Hearts"); the notice keeps its short form."""
    from game.engine import Reason
    from game.session.advice import Advice
    from scenes.i18n import words

    ears = listening(display, monkeypatch, "doudizhu")
    to_dou_dizhu_play(ears)
    plays = [a for a in ears.table.legal() if a.kind == "play" and a.cards]
    play = plays[0]
    usual = max((a for a in plays if not any(c.is_joker for c in a.cards)),
                key=lambda a: len(a.cards))             # a joker is named even on screen
    why = Reason("advice.agrees", {"deals": 40})
    ears.table.input.advise = lambda: Advice(play, why, usual)
    key(ears.app, pygame.K_h, unicode="h")
    said = ears.hear()
    view = ears.table.view
    shown = ears.table.adapter.play_named(view, usual)
    aloud = ears.table.adapter.play_said(view, usual)
    assert ears.table.input.hint_line.endswith(f"{words(why)} ({shown})")
    assert said[0].endswith(f"{words(why)} ({aloud})"), said
    assert all(c.name("en") in aloud for c in usual.cards)
    ears.speaker.close()


@pytest.mark.slow
def test_a_listeners_key_while_the_cards_move_lands_them_and_acts(display, monkeypatch):
    """Right pressed while the deal still flies (your turn coming): the key only
    hurried the cards and was spent, nothing said.  For a listener the cards land at
    once and the key acts: the card under the cursor is named, and Enter plays it."""
    monkeypatch.setattr(spoken, "_speaker", spoken._speaker)
    app = make_app(display, "normal")
    speaker, lines = spoken.transcript_speaker()
    spoken._speaker = speaker
    app.speak = True
    table = open_table(app, "bolola", seed=3)
    ears = Listener(app, table, speaker, lines)
    for _ in range(LONGEST):
        think(table)
        frames(app, 1)
        if table.busy and table.my_turn():
            break
    assert table.busy and table.my_turn()
    ears.hear()
    said = ears.ask(pygame.K_RIGHT)
    assert not table.busy
    assert table.cursor_code() is not None and ears.codes.get(said) == table.cursor_code()
    version = table.version
    key(app, pygame.K_RETURN)
    assert table.version > version or table.inbox, "Enter did not play the card named"
    speaker.close()


@pytest.mark.slow
def test_your_turn_is_said_once_the_cards_stop_so_the_key_pressed_on_it_acts(display, monkeypatch):
    """At the table's pace the turn was said as the update came, the deal still flying:
    the key a listener pressed on hearing it only hurried the cards, and was spent.  It
    is said once the table takes keys, and the key pressed then acts."""
    monkeypatch.setattr(spoken, "_speaker", spoken._speaker)
    app = make_app(display, "normal")
    speaker, lines = spoken.transcript_speaker()
    spoken._speaker = speaker
    app.speak = True
    table = open_table(app, "bisca", seed=4, options=OPTIONS["bisca"])
    ears = Listener(app, table, speaker, lines)
    for _ in range(LONGEST):
        think(table)
        frames(app, 1)
        if any(line.startswith("Your turn") for line in ears.hear()):
            break
    assert not table.busy, "your turn said while the cards still moved"
    version = table.version
    ears.press(next(iter(ears.buttons())))          # a bet, by the key F10 names
    assert table.version > version or table.inbox, "the key did nothing"
    speaker.close()
