"""Ratings: what a rated game's result does to each player's rating, and the leaderboard.

**The model.**  openskill's Plackett-Luce model (Weng and Lin's Bayesian
approximation, 2011), with its defaults (mu 25, sigma 25/3, tau mu/300).  It rates
any number of teams of any size in one game, from a full order of finish with ties:
Bisca's two to six players ranked by how long each lasted, Bolola's and Briscola's
orders by points, Bocce's pair, and Dou Dizhu's one against two as *teams* (each hand
its landlord against its two peasants, the way the game is played, not three players
on their own).  Elo and Glicko rate pairs only (a game of six would be fifteen made-up
duels), and TrueSkill, which rates teams too, is patented and its Python library
unkept; openskill is kept, MIT-licensed, and fast (some 40-75 microseconds a game
here).  Each rating is ``mu`` and an uncertainty ``sigma``; the number shown and
ranked is the cautious one, ``mu - 3 sigma`` (:func:`shown`), so a new key, very
uncertain, starts at 0 and rises as it proves itself; the board lists a key only after
:data:`~game.net.standings.BOARD_AFTER` rated games.

**What is rated** (:func:`outcomes`): the result the service dealt (the record's
``scores`` and ``winners``, and Dou Dizhu's ``hands``: each hand's landlord and whether
the landlord won), never a client's word.  A seat left by its player (a computer played
it out) ranks last, below everyone who stayed, whatever the computer scored (the others
keep their order); at Dou Dizhu, a game somebody left is one order: those who stayed
share the first place, those who left the last.

**The fold.**  Ratings are a fold of the result records in the order the stream keeps
them (:class:`Ledger`): the same records give the same ratings, to the last bit, so the
board can always be made again from the stream (game/net/keeper.py).  Each player's
rating remembers the sequence of the last record it took: a record folded twice
(a keeper that stopped between writing two players) changes nobody twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from openskill.models import PlackettLuce

from game.net.standings import Board

#: the ratings kept in each player's history (the Statistics chart)
HISTORY = 200

_MODEL = PlackettLuce()


@dataclass(frozen=True)
class Rating:
    """One player's rating at one game: ``mu`` and ``sigma`` (openskill's), the rated
    ``games`` played, the ``name`` it last played by, the stream ``seq`` of the last
    result it took, and its ``history`` (each result's sequence and shown rating)."""

    mu: float = _MODEL.mu
    sigma: float = _MODEL.sigma
    games: int = 0
    name: str = ""
    seq: int = 0
    history: tuple[tuple[int, float], ...] = ()

    @property
    def shown(self) -> float:
        return shown(self.mu, self.sigma)

    def to_json(self) -> dict[str, Any]:
        return {"mu": self.mu, "sigma": self.sigma, "games": self.games, "name": self.name,
                "seq": self.seq, "history": [list(h) for h in self.history]}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> "Rating":
        return cls(float(obj["mu"]), float(obj["sigma"]), int(obj["games"]),
                   str(obj.get("name", "")), int(obj.get("seq", 0)),
                   tuple((int(s), float(r)) for s, r in obj.get("history", ())))


def shown(mu: float, sigma: float) -> float:
    """The rating shown and ranked: the cautious one, ``mu - 3 sigma``, to a tenth."""
    return round(mu - 3 * sigma, 1)


def outcomes(record: Mapping[str, Any]) -> list[tuple[list[list[int]], list[int]]]:
    """The orders of finish a result record rates: (teams of seats, each team's rank; 1
    first, ties share), in turn (see the module docstring)."""
    seats = [s for s, p in enumerate(record["players"]) if p]
    left = set(record.get("left", ())) & set(seats)
    hands = record.get("hands")
    if hands and not left:
        return [([[int(lord)], [s for s in seats if s != int(lord)]], [1, 2] if won else [2, 1])
                for lord, won in hands if int(lord) in seats]
    scores, winners = record["scores"], set(record.get("winners", ()))
    key: dict[int, tuple[Any, ...]] = {
        s: (s not in left,) if hands else (s not in left, s in winners, scores[s])
        for s in seats}
    ranks = [1 + sum(key[o] > key[s] for o in seats) for s in seats]
    return [([[s] for s in seats], ranks)]


@dataclass
class Ledger:
    """Every player's rating at every game, folded from the result records in order:
    ``ratings[game][key]`` (key: the player's public key, in hex)."""

    ratings: dict[str, dict[str, Rating]] = field(default_factory=dict)

    def rating(self, game: str, key: str) -> Rating:
        return self.ratings.get(game, {}).get(key, Rating())

    def fold(self, seq: int, record: Mapping[str, Any]) -> dict[str, tuple[Rating, Rating]]:
        """Take the record at stream sequence ``seq``: each of its players' rating (before,
        after), the changed ones kept.  A player that took this record already (its
        ``seq`` is this or later) is left as it is, and said as (it, it)."""
        game = str(record["game"])
        players = record["players"]
        keys = {s: str(p[0]) for s, p in enumerate(players) if p}
        book = self.ratings.setdefault(game, {})
        before = {s: book.get(k, Rating()) for s, k in keys.items()}
        done = {s for s, r in before.items() if r.seq >= seq}
        now = {s: (r.mu, r.sigma) for s, r in before.items()}
        for teams, ranks in outcomes(record):
            rated = _MODEL.rate([[_MODEL.create_rating(list(now[s])) for s in team]
                                 for team in teams], ranks=[float(r) for r in ranks])
            for team, got in zip(teams, rated):
                for s, r in zip(team, got):
                    now[s] = (r.mu, r.sigma)
        moved: dict[str, tuple[Rating, Rating]] = {}
        for s, key in keys.items():
            old = before[s]
            if s in done:
                moved[key] = (old, old)
                continue
            mu, sigma = now[s]
            new = Rating(mu, sigma, old.games + 1, str(players[s][1]), seq,
                         (old.history + ((seq, shown(mu, sigma)),))[-HISTORY:])
            book[key] = new
            moved[key] = (old, new)
        return moved


def boards(ledger: Ledger) -> dict[str, Board]:
    """Every game's board, from a ledger."""
    return {game: Board(book.items()) for game, book in ledger.ratings.items()}


def moved_json(moved: Mapping[str, tuple[Rating, Rating]]) -> dict[str, list[float]]:
    """Each player's rating shown before and after, as the result panel shows it."""
    return {key: [before.shown, after.shown] for key, (before, after) in moved.items()}
