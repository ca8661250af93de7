"""Why Briscola's Hard plays its fallback's card: what its search sees, decision by decision.

    python bench/briscola_decisions.py [--matches 8] [--seed 0] [--opponent bastoni]
                                       [--budget 0.5 | --playouts N] [--deep 1500] [--every 4]

Hard plays whole matches against two of an outside player (seeds ``--seed`` on, its seat
turning as in bench/ai.py).  At every card it searched, the search's own account
(:class:`~game.ai.search.Thought`) is read: how many worlds it played out, how many
candidates it judged, how far the best mean lies from the fallback's card and how many
standard errors of the paired difference that is, whether it left the fallback.  Every
``--every``-th searched decision is searched again in the same world at ``--deep``
playouts, three times: with the playouts' own player for every seat, with the outside
player's rule for the other seats (the opponents exactly foreseen), and as the first
again in other worlds (how often two deep searches agree by themselves), so that it says
whether the budget's best is the best a long search finds (too few playouts), whether
a long search leaves the fallback where the budget's did not (a rule that keeps it
unless sure), and whether foreseeing the opponents exactly changes the best (a playout
player that misjudges them).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench.ai import OUTSIDE  # noqa: E402
from game.ai.base import ComputerPlayer  # noqa: E402
from game.ai.briscola import QuickPlayer, player  # noqa: E402
from game.ai.search import Search, Thought  # noqa: E402
from game.engine import Action, State  # noqa: E402
from game.simulate import play_game  # noqa: E402


@dataclass
class Decision:
    """One searched card: the budget's account, and the deep searches' where made."""

    legal: int
    judged: int
    worlds: int
    playouts: int
    gap: float            # the best mean less the fallback's, points of a hundred of the chance
    z: float              # that gap in standard errors of the paired difference
    left: bool            # the search played another card than its fallback's
    best_is_fallback: bool
    deep: Optional[tuple[Action, Action, float, float]] = None   # deep best, fallback, gap, z
    exact: Optional[Action] = None       # the deep best with the opponents' own rule
    again: Optional[Action] = None       # the deep best of a second deep search, as the first


def best_of(thought: Thought) -> tuple[Action, float, float]:
    """The candidate of the best mean, its gap over the fallback's card (in points of a
    hundred of the chance to win, as the Hint speaks of it) and that gap in standard
    errors of the paired difference."""
    best = max(thought.values, key=lambda a: thought.values[a])
    raw = thought.values[best] - thought.values.get(thought.policy, 0.0)
    error = thought.errors.get(best, math.inf)
    z = raw / error if best != thought.policy and 0 < error < math.inf else 0.0
    return best, thought._scaled(raw), z


def hard(playouts: Optional[int], seconds: Optional[float],
         policy: Optional[Callable[[], ComputerPlayer]] = None) -> Search:
    """Briscola's Hard as shipped, at a fixed count or a time, its playout player
    replaced where ``policy`` is given."""
    made = player("hard")
    assert isinstance(made, Search)
    if policy is not None:
        made.policy = policy
    made.playouts, made.seconds = playouts, seconds if playouts is None else None
    return made


def seated(own: int, outside: type[ComputerPlayer]) -> Callable[[], ComputerPlayer]:
    """A playout factory that seats the playout player at ``own`` and the outside player
    elsewhere (the search asks it once a seat, in seat order, for every world)."""
    count = [0]

    def make() -> ComputerPlayer:
        seat = count[0] % 3
        count[0] += 1
        return QuickPlayer() if seat == own else outside()
    return make


class Probe:
    """Hard at its budget, every searched card recorded (and some searched again deep)."""

    wants_world = True

    def __init__(self, args: argparse.Namespace, out: list[Decision]) -> None:
        self.inner = hard(args.playouts, args.budget)
        self.name = self.inner.name
        self.args, self.out = args, out
        self.searched = 0

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random,
               world: Optional[State] = None) -> Action:
        kept = world.copy() if world is not None else None
        action = self.inner.choose(view, legal, rng, world=world)
        thought = self.inner.last
        if thought is None or not thought.samples or kept is None:
            return action
        best, gap, z = best_of(thought)
        d = Decision(len(legal), len(thought.values), thought.samples,
                     sum(thought.counts.values()), gap, z, thought.chosen != thought.policy,
                     best == thought.policy)
        self.searched += 1
        if self.args.deep and self.searched % self.args.every == 0:
            deep = hard(self.args.deep, None)
            deep.choose(view, legal, random.Random(rng.random()), world=kept.copy())
            if deep.last is not None and deep.last.samples:
                b, g, zz = best_of(deep.last)
                d.deep = (b, deep.last.policy, g, zz)
                exact = hard(self.args.deep, None,
                             seated(view["seat"], OUTSIDE[self.args.opponent]))
                exact.choose(view, legal, random.Random(rng.random()), world=kept.copy())
                if exact.last is not None and exact.last.samples:
                    d.exact = best_of(exact.last)[0]
                again = hard(self.args.deep, None)
                again.choose(view, legal, random.Random(rng.random()), world=kept.copy())
                if again.last is not None and again.last.samples:
                    d.again = best_of(again.last)[0]
        self.out.append(d)
        return action


def report(out: list[Decision]) -> None:
    n = len(out)
    print(f"searched decisions: {n}")
    print(f"  worlds a decision p10/p50/p90: {pct([d.worlds for d in out])}; "
          f"playouts {pct([d.playouts for d in out])}; candidates judged "
          f"{pct([d.judged for d in out])} of legal {pct([d.legal for d in out])}")
    same = sum(d.best_is_fallback for d in out)
    print(f"  the budget's best mean is the fallback's card: {share(same, n)}")
    gaps = [d.gap for d in out if not d.best_is_fallback]
    zs = [d.z for d in out if not d.best_is_fallback]
    print(f"  where it is another card ({len(gaps)}): gap p10/p50/p90 {pct(gaps, 1)} points of "
          f"a hundred; z {pct(zs, 2)}; z over 1.96: {sum(z > 1.96 for z in zs)}, over 1: "
          f"{sum(z > 1 for z in zs)}")
    print(f"  left the fallback: {share(sum(d.left for d in out), n)}")
    deep = [d for d in out if d.deep is not None]
    if not deep:
        return
    m = len(deep)
    leaves = [d for d in deep if d.deep and d.deep[0] != d.deep[1]]
    print(f"deep searches: {m}")
    print(f"  deep best is not the fallback's card: {share(len(leaves), m)}; its gap p10/p50/p90 "
          f"{pct([d.deep[2] for d in leaves if d.deep], 1)}; "
          f"z {pct([d.deep[3] for d in leaves if d.deep], 2)}; "
          f"z over 1.96: {sum(1 for d in leaves if d.deep and d.deep[3] > 1.96)}")
    agree = sum(1 for d in deep if d.deep and (d.best_is_fallback == (d.deep[0] == d.deep[1])))
    print(f"  the budget's best-or-fallback agrees with the deep search's: {share(agree, m)}")
    exact = [d for d in deep if d.exact is not None and d.deep]
    same = sum(1 for d in exact if d.deep and d.exact == d.deep[0])
    fb = sum(1 for d in exact if d.deep and d.exact == d.deep[1])
    print(f"  the deep best with the opponents foreseen exactly: the same card "
          f"{share(same, len(exact))}; the fallback's {share(fb, len(exact))}")
    twice = [d for d in deep if d.again is not None and d.deep]
    alike = sum(1 for d in twice if d.deep and d.again == d.deep[0])
    print(f"  a second deep search as the first (its other worlds alone): the same card "
          f"{share(alike, len(twice))}")


def pct(xs: Sequence[float], digits: int = 0) -> str:
    if not xs:
        return "-"
    s = sorted(xs)
    q = [s[min(len(s) - 1, int(p * len(s)))] for p in (0.1, 0.5, 0.9)]
    return " / ".join(f"{x:.{digits}f}" for x in q)


def share(k: int, n: int) -> str:
    return f"{k} of {n} ({k / max(1, n):.1%})"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponent", default="bastoni", choices=sorted(OUTSIDE))
    parser.add_argument("--budget", type=float, default=0.5)
    parser.add_argument("--playouts", type=int)
    parser.add_argument("--deep", type=int, default=1500)
    parser.add_argument("--every", type=int, default=4)
    args = parser.parse_args(argv)
    print(f"# bench/briscola_decisions.py {' '.join(argv if argv is not None else sys.argv[1:])}"
          f"  (load average {os.getloadavg()[0]:.1f})")
    out: list[Decision] = []
    for i in range(args.matches):
        players: list[Any] = [Probe(args, out)] + [OUTSIDE[args.opponent]() for _ in range(2)]
        shift = i % 3
        order = [(seat - shift) % 3 for seat in range(3)]
        play_game("briscola", [players[p] for p in order], args.seed + i)
        print(f"# match {i + 1}: {len(out)} decisions (load {os.getloadavg()[0]:.1f})",
              flush=True)
    report(out)
    print(f"  mean worlds {statistics.mean(d.worlds for d in out):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
