"""How long a listener needs in the Venceslao race: the race's words, spoken.

A sighted player's race starts when the banner shows; a listener's when the table has
said the news that opened it ("East plays the 2 of Swords. Venceslao! You and West may
claim it."), which takes seconds of speech before any reaction can begin.  This finds
the races a listener at seat 0 takes part in, in Briscola games played at random, and
renders each race's news with eSpeak NG at every speech rate the settings offer, in
both languages (its ``espeak-ng`` command, to WAV files: the library pyttsx3 drives on
Linux, the same lengths, without its file mode's lost and late files): the seconds of speech are what
the computers' clock waits for when the spoken table is on (scenes/table/race.py),
before the reaction ranges it shares with a sighted player.

    python bench/race_speech.py [--races 8]
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

import benchenv

benchenv.prepare()

from game.i18n import translate  # noqa: E402
from game.session import HUMAN, GameSetup, SeatSpec, Session  # noqa: E402
from game.spoken import SpokenStream, Words  # noqa: E402
from scenes.settings import SPEECH_RATES  # noqa: E402
from scenes.table.race import REACTION  # noqa: E402


def race_news(lang: str, races: int) -> list[str]:
    """The news said to seat 0 as each race it may claim opens, ``races`` of them."""
    names = tuple(translate(lang, f"table.seat.{place}") for place in ("you", "east", "west"))
    out: list[str] = []
    seed = 0
    while len(out) < races:
        session = Session(GameSetup("briscola", tuple(SeatSpec(HUMAN) for _ in range(3)), {},
                                    seed))
        watcher, stream = session.watch(0), SpokenStream(Words("briscola", lang, names), 0)
        rng = random.Random(seed)
        while not session.over:
            seat = rng.choice(session.state.to_act())
            session.submit(seat, rng.choice(session.state.legal_actions(seat)))
            for update in watcher.drain():
                said = stream.hear(update)
                if update.my_turn and any(e.kind == "claim_open" for e in update.events):
                    out.append(" ".join(said[:-1] if stream.turn_said else said))
                    break
        seed += 1
    return out[:races]


def seconds(lang: str, rate: int, text: str, folder: str) -> float:
    """Seconds of eSpeak NG's speech of ``text`` at ``rate`` words a minute."""
    path = str(Path(folder) / "race.wav")
    subprocess.run(["espeak-ng", "-v", lang, "-s", str(rate), "-w", path, text], check=True)
    with wave.open(path) as wav:
        return wav.getnframes() / wav.getframerate()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--races", type=int, default=8)
    args = parser.parse_args()
    if shutil.which("espeak-ng") is None:
        sys.exit("no espeak-ng command (apt install espeak-ng)")
    normal = REACTION["normal"]
    print(f"| language | words a minute | race's news p50 s | longest s | "
          f"with Normal's reaction ({normal[0]}-{normal[1]} s) |")
    print("|---|---|---|---|---|")
    examples = {}
    with tempfile.TemporaryDirectory() as folder:
        for lang in ("en", "it"):
            news = race_news(lang, args.races)
            examples[lang] = news[0]
            for rate in SPEECH_RATES:
                spoken = [seconds(lang, rate, text, folder) for text in news]
                mid = statistics.median(spoken)
                print(f"| {lang} | {rate} | {mid:.1f} | {max(spoken):.1f} | "
                      f"{mid + normal[0]:.1f}-{mid + normal[1]:.1f} |")
    for lang, text in examples.items():
        print(f"\n{lang}: {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
