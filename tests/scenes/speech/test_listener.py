"""The spoken table at the table: a whole game played by ear.

A scripted listener sits at a Bolola table of one deal (every move a card) with the
spoken table on and a voice that writes down what it says.  It presses keys only (no
mouse event) and decides only from what it heard: on "Your turn." it asks its hand
(F2), the table (F3) and whose turn (F7), recovers them from the words, and the test
checks each against the seat's view; then it walks the hand with the arrows, each
card said as the cursor lands on it, until it hears the card it chose, and plays it
with Enter.  The game ends.
"""

from __future__ import annotations

import pygame
import pytest

from game import GAMES
from scenes.speech import table as spoken
from tests.scenes.tablekit import frames, key, make_app, open_table, settle, think

#: the most turns a game of one deal gives the listener (13 tricks)
TURNS = 13


class Listener:
    """Ears on the transcript: what was said since it last listened."""

    def __init__(self, speaker, lines: list[str]) -> None:
        self.speaker, self.lines, self.read = speaker, lines, 0

    def hear(self) -> list[str]:
        self.speaker.wait()
        new = self.lines[self.read:]
        self.read = len(self.lines)
        return new

    def ask(self, app, k: int) -> str:
        key(app, k)
        said = self.hear()
        assert said, f"nothing said for the key {pygame.key.name(k)}"
        return said[-1]


def names_to_codes(game: str) -> dict[str, str]:
    return {card.name("en"): card.code for card in GAMES[game].cards}


def hand_heard(answer: str, codes: dict[str, str]) -> tuple[list[str], list[str]]:
    """"13 cards. Spades: 2 playable, King; Hearts: Ace." -> the cards, the playable ones."""
    groups = answer.split(". ", 1)[1].rstrip(".")
    hand, playable = [], []
    for group in groups.split("; "):
        suit, ranks = group.split(": ")
        for rank in ranks.split(", "):
            name = rank.removesuffix(" playable")
            code = codes[f"{name} of {suit}"]
            hand.append(code)
            if rank.endswith(" playable"):
                playable.append(code)
    return hand, playable or list(hand)


def table_heard(answer: str, codes: dict[str, str]) -> list[str]:
    """"On the table: 4 of Swords and King of Cups." -> the cards ("The table is empty.": none)."""
    if not answer.startswith("On the table: "):
        return []
    names = answer.removeprefix("On the table: ").rstrip(".").replace(" and ", ", ").split(", ")
    return [codes[n] for n in names]


@pytest.mark.slow
def test_a_listener_plays_a_whole_bolola_deal_by_keys_and_ears_alone(display, monkeypatch):
    speaker, lines = spoken.transcript_speaker()
    monkeypatch.setattr(spoken, "_speaker", speaker)
    app = make_app(display)
    app.speak = True
    table = open_table(app, "bolola", seed=4, options={"deals": 1}, think_delay=(0.0, 0.0))
    ears, codes = Listener(speaker, lines), names_to_codes("bolola")
    turns = 0
    heard = ears.hear()
    for _ in range(200):
        if "The game is over." in " ".join(heard):
            break
        if "Your turn." not in heard:
            think(table)
            frames(app, 1)
            heard = ears.hear()
            continue
        turns += 1
        settle(app, table)                     # time passes until the table takes keys
        ears.hear()
        view = table.view
        hand, playable = hand_heard(ears.ask(app, pygame.K_F2), codes)
        assert sorted(hand) == sorted(c for c in view["zones"]["hand/0"] if c)
        on_table = table_heard(ears.ask(app, pygame.K_F3), codes)
        assert sorted(on_table) == sorted(c for c in view["zones"]["table"] if c)
        assert ears.ask(app, pygame.K_F7) == "Your turn."
        assert set(playable) == {a.card.code for a in table.legal() if a.card}
        choice = playable[0]
        for _ in range(len(hand) + 1):
            said = ears.ask(app, pygame.K_RIGHT)
            if codes[said] == choice:
                break
        else:
            pytest.fail(f"the arrows never said {choice}")
        key(app, pygame.K_RETURN)
        heard = ears.hear()
    assert table.over, "the game did not end"
    assert turns == TURNS
    speaker.close()
