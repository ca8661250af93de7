"""Secrecy of the spoken table: what a seat hears, its answers to every query included,
is the same in two worlds that differ only in cards that seat cannot see.

The worlds are made as tests/game/test_twin_worlds.py makes them (world A played at
random, world B the same up to the split with the seat's never-shown hidden cards
re-dealt, both then driven by A's actions until B refuses one); here the seat's
updates in each world go through a :class:`SpokenStream` and every query, and the
sentences (and the cues' sounds, game/spoken/cues.py) must agree word for word.
Every game of ``GAMES``, every seat and the spectator.
"""

from __future__ import annotations

import random
from typing import Callable, Optional

import pytest

from game import GAMES
from game.session import Session, Update, encode
from game.spoken import QUERIES, SpokenStream, Words, ask
from game.spoken.cues import cues
from tests.game.test_twin_worlds import (
    LONGEST,
    SEAT_CASES,
    people,
    random_actions,
    received,
    shown_codes,
    shuffle_with,
    split,
)


def transcript(stream: SpokenStream, updates: list[Update]) -> list[str]:
    """The sentences, the answers and the cues' sounds (as ``<name>``)."""
    said: list[str] = []
    was = False
    for update in updates:
        said.extend(f"<{c}>" for c in cues(update, stream.seat, was))
        was = update.my_turn
        said.extend(stream.hear(update))
        said.extend(ask(q, stream.words, update) for q in QUERIES)
    return said


def heard_in_twins(key: str, seat: Optional[int], seed: int, lang: str,
                   leak: Optional[Callable[[Session], str]] = None) -> Optional[int]:
    """Drive the twins of one game and compare what ``seat`` hears in each; the number
    of actions compared (None when nothing hidden could move).  ``leak``: words from the
    whole game besides (a stream that reads what the seat was not sent)."""
    seats = GAMES[key].seats[0] if seat is None else min(n for n in GAMES[key].seats if n > seat)
    setup = people(key, seats, {}, seed)
    actions = random_actions(setup, LONGEST, random.Random(seed))
    at = len(actions) // 2
    actions = actions[:at + 3]
    shown: set[str] = set()
    for update in received(setup, seat, actions, at):
        shown_codes(encode(update), shown)
    twins = split(setup, seat, actions, at, shown, shuffle_with(random.Random(seed), 0))
    if twins is None:
        return None
    words = Words.plain(key, lang, seats, seat)
    heard_a, heard_b = SpokenStream(words, seat), SpokenStream(words, seat)
    wa, wb = twins.a.watch(seat), twins.b.watch(seat)
    done = 0
    for step in range(len(actions) - at + 1):
        said_a = transcript(heard_a, wa.drain()) + ([leak(twins.a)] if leak else [])
        said_b = transcript(heard_b, wb.drain()) + ([leak(twins.b)] if leak else [])
        assert said_a == said_b, f"{key}: seat {seat} hears the twins apart after {done} actions"
        assert not any("{" in line for line in said_a), said_a
        if step == len(actions) - at:
            break
        s, action = actions[at + step]
        if twins.b.submit(s, action) is not None:
            break
        assert twins.a.submit(s, action) is None
        done += 1
    return done


@pytest.mark.slow
@pytest.mark.parametrize("key,seat", SEAT_CASES)
def test_a_seat_hears_the_same_in_twin_worlds(key, seat):
    """The transcript and every query's answer agree in both worlds, in both languages,
    and the twins are not vacuous: actions are compared after the split."""
    compared = [heard_in_twins(key, seat, seed, lang)
                for seed in (1, 2, 3) for lang in ("en", "it")]
    assert any(c for c in compared), (key, seat, compared)


def test_the_twins_tell_apart_a_stream_that_says_a_hidden_hand():
    """The comparison is not vacuous: a transcript that also names the cards of a hand
    the seat cannot see is heard apart in the twins."""
    def other_hand(session: Session) -> str:
        return " ".join(c.code for c in session.state.true_zones()["hand/1"])

    with pytest.raises(AssertionError, match="hears the twins apart"):
        for seed in (1, 2, 3):
            heard_in_twins("briscola", 0, seed, "en", leak=other_hand)
