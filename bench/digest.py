"""What a room digest costs (game/net/codes.py ``room_digest``: scrypt, 16 MB a try).

A guest makes one when the host first welcomes it to a seat (its kept seat key is
kept under it), on its network thread; a host makes one per code it opens, off its
network loop. The same cost is
what every try of a stranger holding a digest pays to guess the code behind it, so
the figure is printed beside the guesses a second one core can make and the time a
core takes to try every password of a code.

    .venv/bin/python bench/digest.py [--codes 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.net import codes  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--codes", type=int, default=20, help="fresh codes to digest")
    args = parser.parse_args()
    times = []
    for i in range(args.codes):
        code = codes.direct_code("192.168.1.20", 47810 + i, i)
        start = time.perf_counter()
        codes.room_digest(code)
        times.append(time.perf_counter() - start)
    times.sort()
    median = statistics.median(times)
    print(f"room digests: {args.codes}, median {median * 1000:.1f} ms, "
          f"max {times[-1] * 1000:.1f} ms; a core tries {1 / median:.0f} passwords a "
          "second against one")
    relay = codes.new_relay_code("ABCD").text
    for kind, sample in (("direct", code), ("relay", relay)):
        passwords = codes.parse(sample).passwords
        print(f"every password of a {kind} code ({passwords:,}): "
              f"{passwords * median / 86400 / 365:,.0f} years of a core")


if __name__ == "__main__":
    main()
