"""The netplay bot's command line (game/net/bot.py): bad input ends the run in words."""

from __future__ import annotations

import pytest

from game.net import bot


@pytest.mark.parametrize("argv, said", [
    (["--relay", "127.0.0.1:9#not-a-fingerprint", "host", "bocce"], "--relay"),
    (["--relay", "127.0.0.1:9", "host", "bocce", "--service-key", "/proc/none/key.pem"],
     "--service-key"),
])
def test_a_bad_relay_or_service_key_ends_the_run_in_one_line(argv, said):
    with pytest.raises(SystemExit) as exit_:
        bot.main(argv)
    words = str(exit_.value.code)
    assert words.startswith(f"bot: {said}: ") and "\n" not in words
