"""The player's own key (game/net/players.py): made once, moved by export and import
without losing the old one, proved per connection, and shown apart from a namesake's."""

from __future__ import annotations

import stat

import pytest

from game.net.identity import public_bytes
from game.net.players import (
    KEY_FILE,
    PlayerKeyError,
    export_key,
    import_key,
    opener,
    player_key,
    prove_seat,
    seat_proven,
    short,
    signed_request,
    told_apart,
)
from game.net.protocol import Hello, decode, encode


def test_the_key_is_made_on_first_use_readable_by_its_owner_and_kept(tmp_path):
    first = player_key(tmp_path)
    assert stat.S_IMODE((tmp_path / KEY_FILE).stat().st_mode) == 0o600
    assert public_bytes(player_key(tmp_path)) == public_bytes(first)


def test_export_then_import_elsewhere_is_the_same_player_and_sets_the_old_key_aside(tmp_path):
    home, away = tmp_path / "home", tmp_path / "away"
    mine, theirs = player_key(home), player_key(away)
    moved = export_key(tmp_path / "moved.key", home)
    kept = import_key(moved, away)
    assert public_bytes(player_key(away)) == public_bytes(mine)
    assert kept is not None and kept.name == f"player-{short(public_bytes(theirs))}.key"
    assert import_key(moved, away) is None                  # the same key: nothing to do


def test_export_never_writes_over_a_file_and_import_refuses_what_is_no_key(tmp_path):
    player_key(tmp_path)
    (tmp_path / "there").write_text("mine")
    with pytest.raises(PlayerKeyError, match="there already"):
        export_key(tmp_path / "there", tmp_path)
    assert (tmp_path / "there").read_text() == "mine"
    with pytest.raises(PlayerKeyError, match="not a player key"):
        import_key(tmp_path / "there", tmp_path)
    with pytest.raises(PlayerKeyError, match="cannot be read"):
        import_key(tmp_path / "missing", tmp_path)


def test_a_seat_proof_holds_on_its_own_connection_only(tmp_path):
    key = player_key(tmp_path)
    signed = prove_seat(key, b"binding one")
    assert seat_proven(public_bytes(key), b"binding one", signed)
    assert not seat_proven(public_bytes(key), b"binding two", signed)


def test_a_hello_carries_the_players_key_and_signature_both_or_neither(tmp_path):
    key = player_key(tmp_path)
    hello = Hello("Ada", player=public_bytes(key), signed=prove_seat(key, b"b"))
    assert decode(encode(hello).rstrip(b"\n"), (Hello,)) == hello


def test_an_opening_is_signed_fresh_and_any_change_to_it_breaks_it(tmp_path):
    key = player_key(tmp_path)
    table = signed_request(key, {"game": "bocce", "rated": True}, "Ada", now=1000.0)
    found = opener(table, now=1000.0)
    assert found is not None and found[:2] == (public_bytes(key), "Ada")
    assert opener(table, now=1000.0 + 3600) is None                    # stale
    assert opener({**table, "game": "bisca"}, now=1000.0) is None      # changed
    assert opener({"game": "bocce"}, now=1000.0) is None               # unsigned


def test_namesakes_with_two_keys_are_told_apart_and_one_key_twice_is_not():
    a, b = bytes(32), bytes([1]) * 32
    assert told_apart([("Marco", a), ("Marco", b), ("Anna", a)]) == \
        [f"Marco #{short(a)}", f"Marco #{short(b)}", "Anna"]
    assert told_apart([("Marco", a), ("marco", a)]) == ["Marco", "marco"]
