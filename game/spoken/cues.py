"""Short sounds beside the words: what a listener hears without a sentence.

Your turn coming, a trick you took and the end of a deal each have a sound of their own
(scenes/sound.py synthesises them), played as the update is said, so the setting
*Brief* can leave the plain "Your turn." to its sound; a refused move already sounds
(the table's ``error``).  This module only says which sounds an update calls for, from
the update alone: like the sentences, a cue cannot tell the seat what it may not know.
"""

from __future__ import annotations

from typing import Optional

from game.session import Update

#: the cue of your turn coming
TURN = "turn"
#: the cue of a trick (a hand, in Bisca) that your seat took
TRICK = "trick"
#: the cue of a deal (a hand, a round, a game of a match) scored
DEAL_END = "deal_end"
#: every cue, as scenes/sound.py names its sounds
CUES = (TURN, TRICK, DEAL_END)

#: the events of a trick taken, by the seat that took it (Dou Dizhu's trick is cleared
#: for the one whose play stood)
TRICK_KINDS = frozenset({"trick_won", "hand_won", "trick_cleared"})
#: the events that close a deal with its score (Bocce's hand, Bisca's round, Bolola's
#: deal, a game of Briscola's match, a hand of Dou Dizhu)
DEAL_END_KINDS = frozenset({"hand_scored", "round_scored", "deal_scored", "game_scored",
                            "hand_over"})


def cues(update: Update, seat: Optional[int], was_my_turn: bool) -> list[str]:
    """The sounds of ``update`` for ``seat``, in order: a trick taken, a deal's end, then
    your turn if it just came (``was_my_turn``: it was yours before this update)."""
    out: list[str] = []
    for event in update.events:
        if event.kind in TRICK_KINDS and seat is not None and event.seat == seat:
            out.append(TRICK)
        elif event.kind in DEAL_END_KINDS:
            out.append(DEAL_END)
    if update.my_turn and not update.over and not was_my_turn:
        out.append(TURN)
    return list(dict.fromkeys(out))          # each sound once an update
