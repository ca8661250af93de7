"""tools/beside.py: checks run beside a command, and a failure of any one fails the run."""

from __future__ import annotations

import shlex
import sys

import pytest

from tools.beside import main

PY = shlex.quote(sys.executable)


SAY = "import sys; print(sys.argv[1]); raise SystemExit(int(sys.argv[2]))"


def _say(word: str, code: int = 0) -> str:
    """A command line that prints ``word`` and exits with ``code``."""
    return f"{PY} -c {shlex.quote(SAY)} {word} {code}"


def test_all_passing_is_a_pass_and_each_checks_words_are_printed_after_the_command(capfd):
    assert main([_say("lint-ok"), _say("types-ok"), "--", *shlex.split(_say("tests-ok"))]) == 0
    out = capfd.readouterr().out
    assert out.index("tests-ok") < out.index("lint-ok") < out.index("types-ok")


@pytest.mark.parametrize("failing", ["lint", "types", "tests"])
def test_any_one_failing_fails_the_run_and_is_named(capfd, failing):
    codes = {name: 3 if name == failing else 0 for name in ("lint", "types", "tests")}
    argv = [_say("lint", codes["lint"]), _say("types", codes["types"]), "--",
            *shlex.split(_say("tests", codes["tests"]))]
    assert main(argv) == 1
    err = capfd.readouterr().err
    assert err.count("failed: ") == 1 and f" {failing} 3 (exit 3)" in err


def test_no_command_is_a_usage_error(capfd):
    assert main([_say("lint")]) == 2 and main([_say("lint"), "--"]) == 2
    assert "usage" in capfd.readouterr().err
