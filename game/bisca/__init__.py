"""Bisca: bet on the hands you will win, lose a life per hand you miss by, be the
last player standing.  Two to six players, the Italian 40-card deck.

Seats and direction: play runs counterclockwise, so the next player,
``(seat + 1) % seats``, is the player on your right (as in Briscola).  The first
dealer is the last seat, so seat 0 bets first and leads the first hand; the deal
then passes to the right, skipping players who are out.

Choices where the rule text is silent (Oh Hell practice; all shown in
assets/rules/en/bisca.md):

* Betting starts with the player after the dealer and goes round; the dealer
  bets last and so is the one the hook rule binds.  The player after the dealer
  leads the first hand of a round.
* Bets run from 0 to the cards dealt (in half steps with Half Bets).  The hook
  rule bars only the one bet that makes the total equal the cards dealt; when the
  others already bet more, nothing is barred.
* An Ace is played "high" or "low" (two distinct actions); an Ace of Coins
  played low is below every card, other Aces played low are below the Two of
  their suit.  The choice is made as the card is played, and everyone sees it.
* Option ``opening`` (default 5): the new-game screen offers 1 to 40 divided by
  the players (``Option.limit``); a log or a remote setup asking for more is dealt
  that most.  The count never changes with eliminations.  Option ``lives``
  (default 3, 1 to 10).
* A round's losses may take lives below zero (the round sheet shows it, and
  "everyone out" compares it); a player at zero or below is out, and once the
  round is settled a seat that is out holds no lives (zero, not a negative count).
* Babbeo comes first: the first round in which anyone runs out of lives brings
  all of them back with one life, even if that is everyone still playing.  After
  that, everyone out together goes to "everyone out": the highest lives (closest
  to zero) wins; on a tie every seat at the table, previously eliminated players
  included, gains one life from the none it holds, so all of them play on with
  one life (the tied players' "at least one").
* The one-card round: each player's card is dealt face up to everyone but its
  owner, who turns it up once all bets are in.  A spectator sees no hand.
* Scores: how many players each seat outlasted (the winner: all the others; the
  rest ranked by the round in which they last went out).

Events: ``round`` (number, cards, dealer, players, lives; the gather of the last
round's hands), ``deal`` per card, ``bet_turn`` (bets so far and the bet the hook
rule bars, if any), ``bet``, ``bets_closed``, ``reveal`` (the one-card round, to
the owner alone), ``play`` (card and Ace worth), ``hand_won`` (``why``: what took it when the numbers
would not say, game/tricks.py ``why_won``), ``round_scored``
(``final`` on the game's last round),
``babbeo``, ``everyone_out`` (``tie``), ``eliminated``, then ``game_over``.
"""

from __future__ import annotations

from typing import Any

from game.bisca import rules
from game.bisca.state import BET, OVER, PLAY, BiscaState
from game.engine import Action, Demo, GameSpec, Option, Phrase, Trial, plain_label

__all__ = ["SPEC", "BiscaState", "BET", "PLAY", "OVER", "rules", "action_label", "label"]


def label(action: Action) -> Phrase:
    """An action's words, as the engine gives them (the registration's ``label``): "Bet 2"
    (the bet picker says "2"), "Play the Ace of Coins high" (the Ace's popup: "High")."""
    if action.kind == "bet":
        return Phrase("bisca.action.bet", {"bet": action.value})
    if action.kind == "play" and action.card is not None:
        key = f"bisca.action.play_{action.value}" if action.value else "bisca.action.play"
        return Phrase(key, {"card": action.card.code})
    return plain_label(action)


def action_label(action: Action, lang: str = "en") -> str:
    """:func:`label` in ``lang``."""
    return label(action).words(lang)


def _new(options: dict[str, Any], seats: int, seed: int) -> BiscaState:
    return BiscaState(options, seats, seed)


SPEC = GameSpec(
    key="bisca",
    title="Bisca",
    seats=rules.SEATS,
    factory=_new,
    options={
        "opening": Option(rules.DEFAULT_OPENING, rules.OPENING_CHOICES, "bisca.option.opening",
                          limit=rules.opening_choices),
        "lives": Option(rules.DEFAULT_LIVES, rules.LIVES_CHOICES, "bisca.option.lives"),
        "half_bets": Option(False, (False, True), "bisca.option.half_bets"),
    },
    cards=rules.DECK,
    label=label,
    computers="game.ai.bisca:player",
    table="scenes.tables.bisca:ADAPTER",
    demo=Demo({"lives": 1, "opening": 3}, seats=4),
    trial=Trial(seed=4, seats=6, rounds=2),
)
