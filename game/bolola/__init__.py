"""Bolola: the nine-deal compendium for four players (seed 002; relatives Barbu, Kierki,
King).  52 French cards, 13 each, 13 tricks a deal; each deal has its own contract:
No tricks, Trumps, No Jacks and Kings, No Queens, No Hearts, No last two, No King
of Hearts, All of them, and the positive Bolola.  Highest total after all deals wins.

``rules`` holds the contracts' points table and the card facts, ``must`` the
must-play rules of each contract, ``state`` the referee.  The rules as a player
reads them: assets/rules/en/bolola.md.

Choices where the rule text is silent or unclear (all shown in the in-app rules):

* Seats and direction: play runs counterclockwise, as in Italian games, so the
  next player, ``(seat + 1) % 4``, is on your right.  Seat 3 deals the first deal,
  so seat 0 leads it; the deal passes one seat each deal; the player after the
  dealer (the opener) leads the first trick and, in the Trumps deal, names trumps
  after seeing their cards.
* The Hearts lead rule: the text of No Hearts asks for "two conditions"; read as
  in the No King of Hearts deal, either suffices: Hearts may be led once a Heart
  has been played in the deal, or when the hand holds only Hearts.  The same rule
  holds in All of them and Bolola.  The Trumps lead rule is read the same way.
* Trumps: when trump is led, each player must play a higher trump than any on the
  table if able, else any trump, else anything.  A player void in the suit led
  must trump if able, and must beat a trump already on the table if able.
* The "play it under a higher card" rules (No Jacks and Kings, No Queens, All of
  them) apply while following suit: a Jack (Queen, King) of the suit led must be
  played when a higher card of that suit (Q/K/A; K/A; A) is on the table.  When
  several cards are forced, the player chooses among them.
* No King of Hearts: void and holding the King of Hearts, a player must play it;
  void and holding other Hearts, a Heart.  All of them: void and holding any
  scoring card (Jack, Queen, King, Heart), a player must play one of them, their
  choice which (the King of Hearts is not singled out).  No King of Hearts adds no
  rule for a player who follows Hearts.
* The King of Hearts counts as a King, a Heart and itself where a deal scores all
  three; so every deal's scores add up to its total (-650, +650, -480, -400,
  -390, -360, -320, -800, +800).
* Option "Dealer's choice" (as in Barbu): the deal still passes one seat each
  deal; the dealer looks at their cards and picks a contract they have not dealt
  yet, until everyone has dealt all nine (36 deals).
* Option "End a negative deal early": once every scoring card of the contract has
  been taken and no trick can score any more (No Jacks and Kings, No Queens, No
  Hearts, No King of Hearts), the deal ends and the cards left are put away.
  Deals where every trick or the last two score always play out.
* Option "Deals" (default all nine, the text's game): 3 or 1 plays only the first
  deals of the cycle, in its order (with Dealer's choice, the first dealers'
  choices), a short game (the kiosk's demo plays one deal).
* Highest total wins; equal totals share the win.

Events carry what the screen shows: ``deal`` (``stage`` "gather", then one per
seat with its 13 cards, private), ``choosing`` (Dealer's choice: the contracts the
dealer has left), ``contract`` (the contract, its ``points`` table and ``total``),
``trump_named``, ``play``, ``trick_won`` (the trick's ``points`` for its winner, ``why``
(game/tricks.py ``why_won``),
``deal_scores`` and ``tricks_won`` after it; scoring cards go face up to
``won/<seat>``, the rest face down to ``pile/<seat>``), ``deal_ended`` (an early
end: the cards left go face down to the ``deck``, where they lie until the next deal
gathers them, or to the end after the last deal), ``deal_scored`` (the sheet's row
and the totals),
and ``game_over``.
"""

from __future__ import annotations

from typing import Any

from game.bolola.rules import CONTRACTS, POINTS, contract_total
from game.bolola.state import BololaState
from game.cards import french_deck
from game.engine import Action, Demo, GameSpec, Option, Phrase, Trial, plain_label
from game.i18n import translate

__all__ = ["SPEC", "BololaState", "CONTRACTS", "POINTS", "action_label", "label", "contract_name",
           "contract_total"]


def contract_name(contract: str, lang: str = "en") -> str:
    """A contract's name in ``lang``: "No Queens"."""
    return translate(lang, f"bolola.contract.{contract}")


def label(action: Action) -> Phrase:
    """An action's words, as the engine gives them (the registration's ``label``): "Play
    the Queen of Spades", "Deal No Queens" (the contract picker: "No Queens"), "Make
    Hearts trumps" (the suit picker: "Hearts")."""
    if action.kind == "play" and action.card is not None:
        return Phrase("bolola.action.play", {"card": action.card.code})
    if action.kind == "contract":
        return Phrase("bolola.action.contract",
                      {"contract": Phrase(f"bolola.contract.{action.value}")})
    if action.kind == "trump":
        return Phrase("bolola.action.trump", {"suit": Phrase(f"bolola.suit.{action.value}")})
    return plain_label(action)


def action_label(action: Action, lang: str = "en") -> str:
    """:func:`label` in ``lang``."""
    return label(action).words(lang)


def _new(options: dict[str, Any], seats: int, seed: int) -> BololaState:
    return BololaState(options, seats, seed)


SPEC = GameSpec(
    key="bolola",
    title="Bolola",
    seats=(4,),
    factory=_new,
    options={"dealers_choice": Option(False, (False, True), "bolola.option.dealers_choice"),
             "early_end": Option(False, (False, True), "bolola.option.early_end"),
             "deals": Option(len(CONTRACTS), (len(CONTRACTS), 3, 1), "bolola.option.deals")},
    cards=tuple(french_deck()),
    label=label,
    computers="game.ai.bolola:player",
    table="scenes.tables.bolola:ADAPTER",
    demo=Demo({"early_end": True, "deals": 1}),
    trial=Trial(seed=3, rounds=1),
)
