"""Dou Dizhu ("fight the landlord") for three: a bidding round makes one player the
landlord, who takes the three face-down cards and plays alone against the two
peasants; the first to empty their hand wins the hand for their side.

``rules`` holds the numbers, ``combos`` the combinations and the move generator,
``state`` the referee.  The rules as a player reads them: assets/rules/en/doudizhu.md.

Choices where the rule text (seed 004) is silent or garbled, all shown in the in-app rules:

* Two rule sets (option ``rules``): ``"text"`` (the default: the text's combinations,
  no three with a pair, no four with two, no airplane wings, no doubling) and
  ``"classic"`` (those too, and the stake doubled for each bomb or rocket and for a
  spring).  Pair straights and airplanes, like straights, never hold a Two or a joker.
* Turns pass from seat to seat + 1, shown counterclockwise (the next player on your
  right) as the game is usually played.
* Bidding: one round, starting with seat 0 in the first hand and moving one seat on
  with every hand and every redeal; each player passes or bids more than the highest
  bid so far; a bid of 3 ends it at once.  If all three pass, the cards are dealt again.
* A play names the exact cards the player picked and their ranks, lowest first
  (``play:3C,3D,3H,4S,4C:33344``): suits never matter to the rules, but a suit
  shown is a card seen, so the referee never picks one for the player (taking the
  first of each rank in a fixed suit order would tell everyone which suits of that
  rank the player still holds).  Listing every choice of suits would run to
  thousands of plays for a long straight, so ``legal_actions`` lists each play
  once, with the first cards of each rank in the hand's order (Clubs, Diamonds,
  Hearts, Spades), and ``is_legal`` takes any cards of the same ranks held.
  Computers pick among cards of equal rank at random with their own generator.
  An older log that names a play by its ranks only (``play::33344``) replays as
  the cards the referee then took, the first of each rank (``from_log``).
* The landlord's three cards are turned up for everyone (event ``landlord``;
  ``view["kitty"]`` keeps them) and then join the landlord's hand (event
  ``kitty_taken``): face up and each in its place in the sorted hand for the
  landlord; face down, without their codes and in no place for the others, since a
  place would tell how many hidden cards sort above it, and a hidden hand followed
  by code would drift from the true order as unseen cards leave it.  The landlord
  leads.  A player who leads may not pass.  Every view keeps the hand's plays and
  passes in order (``view["trail"]``): everyone saw them, and a player reads the
  other hands from them.  After two
  passes in a row the trick is cleared and its last player leads anything.  A player's
  earlier play of the same trick leaves the table when they play again.
* Scoring (the text: "If the winner is the landlord, he gets the agreed amount from
  each participant.  If the winner is instead a player, he wins two points for each
  player."): the stake is the winning bid (times the multiplier in Classic); the
  landlord wins or loses the stake from or to each peasant, so twice the stake in all,
  and each peasant wins or loses the stake: every hand sums to zero.
* Spring (Classic): the losing side never played a card (for a losing landlord: never
  after the opening lead); it doubles the stake once more.
* A game is several hands (option ``hands``, default 3) with a running score; the
  highest total wins (ties share the win).  Every hand's hands are shown at its end.
"""

from __future__ import annotations

from typing import Any

from game.doudizhu.rules import HAND_COUNTS
from game.doudizhu.state import DECK, DoudizhuState, cards_for, play_from, play_of
from game.engine import Action, Demo, GameSpec, Option, Phrase, Trial, plain_label

__all__ = ["SPEC", "DoudizhuState", "label", "cards_for", "play_from", "play_of"]


def label(action: Action) -> Phrase:
    """An action's words, as the engine gives them (the registration's ``label``): "Bid 2",
    "Pass", "Play 33344" (the table's Play button names the combination instead)."""
    if action.kind == "bid":
        return Phrase("doudizhu.action.bid", {"bid": action.value})
    if action.kind == "play" and action.value:
        return Phrase("doudizhu.action.play", {"ranks": action.value})
    return plain_label(action)


def _new(options: dict[str, Any], seats: int, seed: int) -> DoudizhuState:
    return DoudizhuState(options, seats, seed)


SPEC = GameSpec(
    key="doudizhu",
    title="Dou Dizhu",
    seats=(3,),
    factory=_new,
    options={"rules": Option("text", ("text", "classic"), "doudizhu.option.rules"),
             "hands": Option(3, HAND_COUNTS, "doudizhu.option.hands")},
    cards=DECK,
    label=label,
    computers="game.ai.doudizhu:player",
    table="scenes.tables.doudizhu:ADAPTER",
    demo=Demo({"hands": 1}),
    trial=Trial({"rules": "classic", "hands": 1}, seed=21),
)
