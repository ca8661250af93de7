"""What the spoken table costs: the frame's share, and the voice's delay.

Two figures:

* the frame thread's work per update: :meth:`SpokenStream.hear` and one query (the
  hand), for every update seat 0 receives in games played at random, per game (the
  sentences are then queued for the speaker's thread: the frame never waits for a
  voice);
* eSpeak NG through pyttsx3, rendering each of the first sentences of a game to a WAV
  file: the time to render one (what a sentence waits, when nothing is queued before
  it, before its sound can start; pyttsx3's eSpeak driver renders the whole sentence
  and then plays it) against the length of the speech it made.

    python bench/speech.py [--games 5] [--sentences 40]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
import wave
from pathlib import Path

import benchenv

benchenv.prepare()

from game import GAMES, KEYS  # noqa: E402
from game.i18n import catalog  # noqa: E402
from game.session import HUMAN, GameSetup, SeatSpec, Session  # noqa: E402
from game.spoken import SpokenStream, Words, ask  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def transcript(key: str, seed: int, times: list[float], cpu: list[float]) -> list[str]:
    """A game of ``key`` played at random, heard by seat 0; each update's wall time in
    ``times``, its CPU time (this thread's, which other processes cannot stretch) in
    ``cpu``."""
    seats = GAMES[key].seats[0]
    session = Session(GameSetup(key, tuple(SeatSpec(HUMAN) for _ in range(seats)), {}, seed))
    watcher = session.watch(0)
    words = Words.plain(key, "en", seats, 0)
    stream = SpokenStream(words, 0)
    rng = random.Random(seed)
    said: list[str] = []
    while not session.over:
        seat = rng.choice(session.state.to_act())
        session.submit(seat, rng.choice(session.state.legal_actions(seat)))
        for update in watcher.drain():
            start, start_cpu = time.perf_counter(), time.thread_time()
            said.extend(stream.hear(update))
            ask("hand", words, update)
            times.append(time.perf_counter() - start)
            cpu.append(time.thread_time() - start_cpu)
    return said


def rendered(sentences: list[str]) -> tuple[list[float], list[float]]:
    """Seconds to render each sentence with eSpeak NG, and seconds of speech made."""
    from scenes.speech.voice import missing, open_voice

    why = missing(to_play=False)
    if why:
        sys.exit(f"no speech engine: {why}")
    voice = open_voice("en", to_play=False)
    assert voice is not None
    renders, lengths = [], []
    with tempfile.TemporaryDirectory() as folder:
        for i, text in enumerate(sentences):
            path = str(Path(folder) / f"{i}.wav")
            start = time.perf_counter()
            voice.save(text, path)
            renders.append(time.perf_counter() - start)
            with wave.open(path) as wav:
                lengths.append(wav.getnframes() / wav.getframerate())
    voice.close()
    return renders, lengths


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--sentences", type=int, default=40)
    args = parser.parse_args()
    catalog("en")                 # read once at the program's start, not in a frame
    print("| game | updates | sentences | per update p50 µs | p99 µs | CPU p50 µs | CPU p99 µs |")
    print("|---|---|---|---|---|---|---|")
    first: list[str] = []
    for key in KEYS:
        times: list[float] = []
        cpu: list[float] = []
        said: list[str] = []
        for seed in range(args.games):
            said += transcript(key, seed, times, cpu)
        first += said[:args.sentences // len(KEYS)]
        figures = [statistics.median(times), percentile(times, 0.99), statistics.median(cpu),
                   percentile(cpu, 0.99)]
        print(f"| {key} | {len(times)} | {len(said)} | "
              + " | ".join(f"{f * 1e6:.0f}" for f in figures) + " |")
    renders, lengths = rendered(first)
    print(f"\neSpeak NG, {len(first)} sentences: render p50 {statistics.median(renders) * 1000:.0f} ms, "
          f"p99 {percentile(renders, 0.99) * 1000:.0f} ms; speech p50 {statistics.median(lengths):.1f} s, "
          f"longest {max(lengths):.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
