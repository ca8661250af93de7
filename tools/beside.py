"""Run checks beside a command, every one's failure failing the run: ``make test``'s lint
and types beside the suite.

The suite's workers leave a core idle while their tests wait on sockets, processes and
threads, and mypy without a cache (a fresh clone, CI) costs about a minute of CPU: run
before the suite it is a minute of wall on top; run beside it, niced, it takes the CPU the
tests leave idle.  Each check's words are held until the command ends, so the suite's
progress is not cut by them, then printed with a line naming each failure::

    python tools/beside.py "python -m ruff check ." "python -m mypy" -- python -m pytest
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import tempfile

#: the checks' niceness: the suite's tests come first for the CPU
NICE = 10


def run(checks: list[str], command: list[str]) -> int:
    """Start each check (a shell-quoted command line) niced, run ``command`` in the
    foreground, then print each check's output; 0 only when all of them succeeded."""
    with tempfile.TemporaryDirectory(prefix="beside-") as folder:
        started = []
        for index, check in enumerate(checks):
            out = open(os.path.join(folder, str(index)), "w+b")
            proc = subprocess.Popen(["nice", "-n", str(NICE), *shlex.split(check)],
                                    stdout=out, stderr=subprocess.STDOUT)
            started.append((check, proc, out))
        try:
            code = subprocess.call(command)
        except BaseException:               # Ctrl+C: the checks end with the command
            for _, proc, _ in started:
                proc.kill()
            raise
        failed = [] if code == 0 else [f"{shlex.join(command)} (exit {code})"]
        for check, proc, out in started:
            status = proc.wait()
            out.seek(0)
            sys.stdout.write(out.read().decode(errors="replace"))
            out.close()
            if status != 0:
                failed.append(f"{check} (exit {status})")
        sys.stdout.flush()
        for line in failed:
            print(f"failed: {line}", file=sys.stderr)
        return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if "--" not in args or args.index("--") == len(args) - 1:
        print("usage: beside.py CHECK... -- COMMAND [ARG...]", file=sys.stderr)
        return 2
    cut = args.index("--")
    return run(args[:cut], args[cut + 1:])


if __name__ == "__main__":
    sys.exit(main())
