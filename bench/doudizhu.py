"""Dou Dizhu beside RLCard, in one run on one machine: legal-move generation, random
self-play in Classic, agreement of the legal-move lists, and the computer player.

    python3 bench/doudizhu.py [--games 300] [--quick]

RLCard is never a project dependency: this script makes its own venv under
``~/.cache/tavolata-bench/rlcard-venv`` (``$TAVOLATA_BENCH_CACHE`` to move it),
installs ``rlcard`` there with pip, and runs itself again with that venv's Python
(our engine is pure Python and is imported from the checkout).  If RLCard cannot be
installed, the RLCard columns are skipped with a line that says so.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CACHE = Path(os.environ.get("TAVOLATA_BENCH_CACHE", Path.home() / ".cache" / "tavolata-bench"))
VENV = CACHE / "rlcard-venv"


def ensure_rlcard() -> str | None:
    """None when rlcard imports here; else re-run in the bench venv, or say why not."""
    try:
        import rlcard  # noqa: F401
        return None
    except ImportError:
        pass
    if os.environ.get("TAVOLATA_BENCH_INNER"):
        return "rlcard does not import in the bench venv"
    py = VENV / "bin" / "python"
    try:
        if not py.exists():
            subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(py), "-m", "pip", "install", "-q", "rlcard"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except (subprocess.CalledProcessError, OSError) as exc:
        return f"could not install rlcard into {VENV}: {exc}"
    env = dict(os.environ, TAVOLATA_BENCH_INNER="1")
    sys.exit(subprocess.call([str(py), *sys.argv], env=env))


from game import GAMES  # noqa: E402
from game.ai.base import RandomPlayer  # noqa: E402
from game.ai.doudizhu import player  # noqa: E402
from game.cards import Card  # noqa: E402
from game.doudizhu import combos  # noqa: E402
from game.doudizhu.rules import CLASSIC_KINDS  # noqa: E402
from game.doudizhu.state import PASS, play_from  # noqa: E402
from game.engine import Action  # noqa: E402

DECK = [r for r in range(13) for _ in range(4)] + [13, 14]
#: timed rounds per figure (each side in turn; the best round counts)
ROUNDS = 3


def hands(n: int, size: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [combos.hand_counts(rng.sample(DECK, size)) for _ in range(n)]


def rate(fn, count: int) -> float:
    t = time.perf_counter()
    fn()
    return count / (time.perf_counter() - t)


# -- ours -------------------------------------------------------------------------------------
def our_game(seed: int, players, landlord: int = 0, rules: str = "classic") -> bool:
    """One hand with the landlord fixed (it bids 3 at once, as RLCard has no bidding);
    True when the landlord wins."""
    state = GAMES["doudizhu"].new({"rules": rules, "hands": 1}, 3, seed)
    rng = random.Random(seed)
    while state.phase == "bid":
        s = state.turn
        state.apply(s, Action("bid", (), "3") if s == landlord else PASS)
    while not state.over:
        s = state.turn
        state.apply(s, players[s].choose(state.view(s), state.legal_actions(s), rng))
    return state.sheet[-1]["landlord_won"]


def our_random_games(n: int) -> None:
    rnd = RandomPlayer()
    for seed in range(n):
        our_game(seed, [rnd] * 3)


# -- RLCard -----------------------------------------------------------------------------------
def to_str(counts) -> str:
    return combos.value_of(counts)


class OursInRLCard:
    """Our computer player seated in RLCard's env: RLCard's raw observation made into
    the view our player reads (its own hand, plays so far, cards left)."""

    use_raw = True

    def __init__(self) -> None:
        self.ai = player("normal")
        self.rng = random.Random(0)

    def step(self, state):
        raw = state["raw_obs"]
        seat = raw["self"]
        suits = {}
        hand = []
        for ch in raw["current_hand"]:
            if ch in "BR":
                hand.append(ch + "J")
            else:
                i = suits.get(ch, 0)
                suits[ch] = i + 1
                hand.append(ch + "SHDC"[i])
        last, passes = None, 0
        for pid, action in reversed(raw["trace"]):
            if action == "pass":
                passes += 1
                if passes == 2:
                    break
                continue
            combo = combos.classify(action, CLASSIC_KINDS)
            last = {"seat": pid, "play": action, "kind": combo.kind, "rank": combo.rank,
                    "length": combo.length, "size": combo.size}
            break
        view = {"seat": seat, "phase": "play", "rules": "classic",
                "landlord": raw["landlord"], "counts": list(raw["num_cards_left"]),
                "last": last, "played": [a for _, a in raw["trace"] if a != "pass"],
                "zones": {f"hand/{seat}": hand}}
        held = [Card.parse(c) for c in hand]
        legal = sorted(PASS if a == "pass" else play_from(held, a) for a in raw["actions"])
        action = self.ai.choose(view, legal, self.rng)
        return "pass" if action == PASS else action.value

    def eval_step(self, state):
        return self.step(state), {}


def rlcard_section(n_hands: int, n_games: int, ai_games: int) -> None:
    import numpy as np
    import rlcard
    from rlcard.agents import RandomAgent
    from rlcard.games.doudizhu.game import DoudizhuGame
    from rlcard.games.doudizhu.judger import DoudizhuJudger
    from rlcard.games.doudizhu.utils import get_gt_cards
    from rlcard.models import load

    sample = hands(n_hands, 20, 7)
    strs = [to_str(h) for h in sample]
    env = rlcard.make("doudizhu", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(3)])

    def bare() -> None:
        rng = random.Random(1)
        game = DoudizhuGame()
        game.np_random = np.random.RandomState(1)
        for _ in range(n_games):
            state, _ = game.init_game()
            while not game.is_over():
                state, _ = game.step(rng.choice(state["actions"]))

    # rounds taken in turn, the best of each kept: a busy machine slows both sides alike
    best = {"ours_gen": 0.0, "theirs_gen": 0.0, "ours_games": 0.0, "env": 0.0, "bare": 0.0}
    for _ in range(ROUNDS):
        for name, fn, count in (
                ("ours_gen", lambda: [combos.leads(h, CLASSIC_KINDS) for h in sample], n_hands),
                ("theirs_gen", lambda: [DoudizhuJudger.playable_cards_from_hand(s)
                                        for s in strs], n_hands),
                ("ours_games", lambda: our_random_games(n_games), n_games),
                ("env", lambda: [env.run(is_training=False) for _ in range(n_games // 4)],
                 n_games // 4),
                ("bare", bare, n_games)):
            best[name] = max(best[name], rate(fn, count))
    rows = (("lead lists of 20-card hands / s", "ours_gen", "theirs_gen"),
            ("random self-play games / s (Classic) vs env.run", "ours_games", "env"),
            ("random self-play games / s (Classic) vs bare DoudizhuGame", "ours_games", "bare"))
    for label, a, b in rows:
        print(f"| {label} | {best[a]:,.0f} | {best[b]:,.0f} | {best[a] / best[b]:.1f}x |")

    # agreement of the legal-move lists
    class P:  # the two attributes get_gt_cards reads
        def __init__(self, hand: str = "", played: str = "") -> None:
            self.current_hand = [type("C", (), {"rank": ch, "suit": ""})() for ch in hand]
            self.played_cards = played
    lead_bad = reply_bad = replies = 0
    examples: list[str] = []
    for i, h in enumerate(sample):
        ours = set(combos.leads(h, CLASSIC_KINDS))
        theirs = DoudizhuJudger.playable_cards_from_hand(strs[i])
        if ours != theirs:
            lead_bad += 1
            examples.append(f"lead {strs[i]}: ours-only {sorted(ours - theirs)[:3]} "
                            f"rlcard-only {sorted(theirs - ours)[:3]}")
        prev = random.Random(i).choice(sorted(combos.leads(hands(1, 17, 1000 + i)[0],
                                                           CLASSIC_KINDS)))
        ours_r = set(combos.replies(h, combos.classify(prev, CLASSIC_KINDS), CLASSIC_KINDS))
        hand_cards = P(strs[i]).current_hand
        me = P()
        me.current_hand = hand_cards
        theirs_r = set(get_gt_cards(me, P(played=prev))) - {"pass"}
        replies += 1
        if ours_r != theirs_r:
            reply_bad += 1
            examples.append(f"reply to {prev} from {strs[i]}: ours-only {sorted(ours_r - theirs_r)[:3]} "
                            f"rlcard-only {sorted(theirs_r - ours_r)[:3]}")
    print(f"\nlegal-move lists, Classic, against RLCard: leads differ on {lead_bad} of {n_hands} "
          f"hands, replies on {reply_bad} of {replies}")
    for line in examples[:6]:
        print("  ", line)

    # our player against RLCard's rule agent
    rule = load("doudizhu-rule-v1").agents[0]
    for ours_seat, label in (((0,), "ours as landlord vs two RLCard rule agents"),
                             ((1, 2), "two of ours as peasants vs an RLCard rule landlord")):
        env = rlcard.make("doudizhu", config={"seed": 42})
        env.set_agents([OursInRLCard() if s in ours_seat else rule for s in range(3)])
        wins = 0
        for _ in range(ai_games):
            _, payoffs = env.run(is_training=False)
            wins += payoffs[ours_seat[0]] > 0
        print(f"{label}: ours win {wins / ai_games:.1%} of {ai_games}")


def main() -> None:
    why_not = ensure_rlcard()
    quick = "--quick" in sys.argv
    games = int(sys.argv[sys.argv.index("--games") + 1]) if "--games" in sys.argv else 300
    n_hands, n_games = (200, 50) if quick else (1000, 300)
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f}\n")
    print("| figure | ours | RLCard | ratio |\n|---|---|---|---|")
    if why_not is None:
        rlcard_section(n_hands, n_games, games)
    else:
        sample = hands(n_hands, 20, 7)
        ours_gen = rate(lambda: [combos.leads(h, CLASSIC_KINDS) for h in sample], n_hands)
        ours_games = rate(lambda: our_random_games(n_games), n_games)
        print(f"| lead lists of 20-card hands / s | {ours_gen:,.0f} | skipped | |")
        print(f"| random self-play games / s (Classic) | {ours_games:,.0f} | skipped | |")
        print(f"\nRLCard skipped: {why_not}")
    ai, rnd = player("normal"), RandomPlayer()
    for rules in ("text", "classic"):
        won = sum(our_game(s, [ai, rnd, rnd], 0, rules) for s in range(games))
        held = sum(not our_game(s, [rnd, ai, ai], 0, rules) for s in range(games))
        print(f"{rules} rules, seeds 0..{games - 1}: ours as landlord vs two random "
              f"{won / games:.1%}; two of ours as peasants vs a random landlord {held / games:.1%}")


if __name__ == "__main__":
    main()
