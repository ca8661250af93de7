"""Kept games (game/saves.py, game/kept.py): every game resumes where it stood, a damaged
save or one of another version is set aside whole, the finished games are kept and counted."""

from __future__ import annotations

import json
import random
import threading

import pytest

from game import GAMES
from game.engine import Action
from game.kept import KeepingClient, kept_game, resumed
from game.saves import (
    CARDS_ONLY,
    KEEP_BAD,
    KEEP_FINISHED,
    DataFolder,
    Record,
    SaveError,
    Store,
    data_dir,
    game_version,
    keepable,
    load_record,
    lock_path,
    read_json,
    turn_at,
    unsealed,
    write_atomic,
)
from game.session import COMPUTER, HUMAN, REMOTE, GameSetup, SeatSpec, Session, Update


def people(key: str, seed: int = 7) -> GameSetup:
    """Every seat a person: the test moves for all of them, with no thread in the way."""
    n = GAMES[key].seats[0]
    return GameSetup(key, tuple(SeatSpec(HUMAN) for _ in range(n)), {}, seed)


def play(client: KeepingClient, count: int, rng: random.Random,
         stop=lambda session: False) -> None:
    """``count`` random legal actions of whoever is to act, the client keeping the game."""
    session = client.session
    for _ in range(count):
        if session.over or stop(session):
            break
        seat = rng.choice(session.state.to_act())
        action = rng.choice(session.state.legal_actions(seat))
        assert session.submit(seat, action) is None
        client.poll()
    assert client.flush()          # the writer thread has caught up


def until_seat_0_decides(client: KeepingClient, rng: random.Random, count: int) -> None:
    """``count`` random actions, then more until seat 0 is to act."""
    play(client, count, rng)
    while 0 not in client.session.state.to_act():
        play(client, 1, rng)


def first_update(client: KeepingClient) -> Update:
    return [m for m in client.poll() if isinstance(m, Update)][0]


def slot_json(store: Store, key: str) -> dict:
    """A game's resume slot as plain JSON, its seal opened (a test may change it and write
    it back in the clear: a slot that is not sealed is read too)."""
    return unsealed(json.loads(store.slot(key).read_text()), store.folder)


def same_position(a: Session, b: Session, seat: int) -> None:
    assert b.version == a.version
    assert b.state.view(seat) == a.state.view(seat)
    assert b.state.to_act() == a.state.to_act()
    assert b.state.legal_actions(seat) == a.state.legal_actions(seat)
    assert b.log() == a.log()


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("count", [0, 1, 13])
def test_resume_round_trips_mid_game_for_every_game(tmp_path, key, count):
    store = Store(tmp_path)
    client = kept_game(people(key), 0, store, paced=False)
    play(client, count, random.Random(count))
    record, notice = store.resumable()
    assert notice is None and record is not None
    client.close()                 # one window at a time holds a game's slot
    again = resumed(record, store, paced=False)
    same_position(client.session, again.session, 0)
    update = first_update(again)
    # a game under way shows as it stands; one not begun deals again
    assert (update.events == ()) == (count > 0)
    assert update.view == client.session.state.view(0)
    client.close()
    again.close()


def test_resume_keeps_one_of_two_simultaneous_commits_of_bocce(tmp_path):
    store = Store(tmp_path)
    client = kept_game(people("bocce"), 0, store, paced=False)
    rng = random.Random(3)
    play(client, 200, rng, stop=lambda s: len(s.state.to_act()) == 2)
    state = client.session.state
    assert state.to_act() == (0, 1)
    assert client.session.submit(1, rng.choice(state.legal_actions(1))) is None
    client.poll()
    assert client.session.state.to_act() == (0,)      # the other has committed
    assert client.flush()
    record, _ = store.resumable()
    client.close()
    again = resumed(record, store, paced=False)
    same_position(client.session, again.session, 0)
    same_position(client.session, again.session, 1)


def test_a_finished_game_leaves_resume_for_the_finished_games_and_the_statistics(tmp_path):
    store = Store(tmp_path)
    client = kept_game(people("bisca"), 0, store, paced=False)
    play(client, 5000, random.Random(1))
    assert client.session.over
    assert store.resumable() == (None, None)
    [(path, record)] = store.finished()
    assert record.result == client.session.state.result()
    assert record.replay().result() == record.result
    data, _ = client.stats.load()
    assert data["games"]["bisca"]["none"]["played"] == 1   # people only: no computer level


@pytest.mark.parametrize("damage", [
    "not json {", '{"tavolata": "tavolata-game"}', "[]", '"text"', "",
    '{"tavolata": "tavolata-game", "format": 99}'])
def test_a_damaged_save_is_set_aside_with_one_line(tmp_path, damage):
    store = Store(tmp_path)
    store.slot("bocce").write_text(damage)
    record, notice = store.resumable()
    assert record is None and notice and "\n" not in str(notice)
    assert not store.slot("bocce").exists()
    assert notice.moved and notice.file == "resume-bocce.json.bad"
    assert (tmp_path / "resume-bocce.json.bad").read_text() == damage
    assert store.resumable() == (None, None)        # told once


def test_a_save_whose_moves_do_not_replay_is_never_loaded_half_way(tmp_path):
    store = Store(tmp_path)
    client = kept_game(people("briscola"), 0, store, paced=False)
    play(client, 20, random.Random(2))
    data = slot_json(store, "briscola")
    data["actions"][10][1] = data["actions"][3][1]     # a card played twice
    store.slot("briscola").write_text(json.dumps(data))
    record, notice = store.resumable()
    assert record is None and "do not replay" in str(notice)


def test_a_save_from_another_version_is_set_aside(tmp_path):
    store = Store(tmp_path)
    kept_game(people("bocce"), 0, store, paced=False).close()
    data = slot_json(store, "bocce")
    data["version"] = "0.0.1-other"
    store.slot("bocce").write_text(json.dumps(data))
    record, notice = store.resumable()
    assert record is None and "0.0.1-other" in str(notice) and game_version() in str(notice)
    # a replay file of another version is still tried: its log replays
    bad = tmp_path / "resume-bocce.json.bad"
    assert load_record(bad, same_version=False).key == "bocce"
    with pytest.raises(SaveError):
        load_record(bad)


@pytest.mark.parametrize("field,value", [
    ("seat", 9), ("seat", True), ("undos", -1), ("actions", "play"),
    ("actions", [[0]]), ("setup", {"key": "chess", "seats": []}), ("result", [])])
def test_each_damaged_field_is_named(tmp_path, field, value):
    store = Store(tmp_path)
    kept_game(people("bocce"), 0, store, paced=False).close()
    data = slot_json(store, "bocce")
    data[field] = value
    with pytest.raises(SaveError):
        Record.from_json(data)


def test_online_games_and_watched_tables_are_not_kept():
    remote = GameSetup("bocce", (SeatSpec(HUMAN), SeatSpec(REMOTE)), {}, 1)
    computers = GameSetup("bocce", (SeatSpec(COMPUTER), SeatSpec(COMPUTER)), {}, 1)
    assert not keepable(remote, 0)
    assert not keepable(computers, None) and not keepable(computers, 0)
    assert keepable(GameSetup.solo("bocce"), 0)
    with pytest.raises(ValueError):
        KeepingClient(Session(remote), 0)


def test_only_the_last_finished_games_are_kept(tmp_path):
    store = Store(tmp_path)
    record = Record(people("bocce"), 0, (), 0, game_version(), 1000.0, {"scores": [1, 2]})
    for i in range(KEEP_FINISHED + 3):
        store.finish(Record(record.setup, 0, (), 0, record.version, 1000.0 + i * 1.5,
                            record.result))
    kept = store.finished_paths()
    assert len(kept) == KEEP_FINISHED
    assert [r.saved for _, r in store.finished()][:2] == [1000.0 + 52 * 1.5, 1000.0 + 51 * 1.5]


def test_an_export_opens_as_the_same_game(tmp_path):
    store = Store(tmp_path)
    client = kept_game(people("doudizhu"), 0, store, paced=False)
    play(client, 30, random.Random(5))
    path = store.export(client.record().to_json())
    assert load_record(path).log() == client.session.log()


def test_the_data_folder_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("TAVOLATA_DATA_DIR", str(tmp_path / "d"))
    assert data_dir() == tmp_path / "d"
    monkeypatch.delenv("TAVOLATA_DATA_DIR")
    monkeypatch.setenv("TAVOLATA_CONFIG_DIR", str(tmp_path / "c"))
    assert data_dir() == tmp_path / "c"


def test_undo_goes_back_to_the_persons_last_decision(tmp_path):
    store = Store(tmp_path)
    setup = GameSetup("briscola", (SeatSpec(HUMAN), SeatSpec(HUMAN), SeatSpec(HUMAN)), {}, 4)
    client = kept_game(setup, 0, store, paced=False)
    rng = random.Random(9)
    until_seat_0_decides(client, rng, 12)
    before = client.session.log()["actions"]
    play(client, 1, rng)                          # seat 0 decides
    play(client, 2, rng, stop=lambda s: 0 in s.state.to_act())   # the others answer
    back = client.undone()
    assert back.session.log()["actions"] == before
    assert back.flush() and back.undos == 1 and store.resumable()[0].undos == 1
    update = first_update(back)
    assert update.events == () and 0 in update.to_act
    back.close()


def test_undo_re_deals_what_the_player_cannot_see_and_the_log_still_replays(tmp_path):
    from game.saves import can_redeal

    if not can_redeal(GAMES["briscola"].new({}, 3, 1)):
        pytest.skip("these rules cannot re-deal hidden cards yet (twin worlds)")
    store = Store(tmp_path)
    setup = GameSetup("briscola", (SeatSpec(HUMAN), SeatSpec(HUMAN), SeatSpec(HUMAN)), {}, 6)
    client = kept_game(setup, 0, store, paced=False)
    rng = random.Random(4)
    until_seat_0_decides(client, rng, 9)
    play(client, 3, rng)
    point = client.undo_point()
    plain = client.record().replay(point)      # the same moves, nothing re-dealt
    back = client.undone()
    assert len(back.redeals) == 1 and back.redeals[0][:2] == (point, 0)
    state = back.session.state
    assert state.view(0) == plain.view(0)     # the player sees the very same game
    assert state.true_zones() != plain.true_zones()   # but the hidden cards moved
    play(back, 6, rng)
    back.close()
    again = resumed(store.resumable()[0], store, paced=False)
    assert again.session.state.true_zones() == back.session.state.true_zones()
    assert again.session.log() == back.session.log()


@pytest.fixture
def seeds(monkeypatch):
    """Undo's re-deals seeded 0, 1, 2 ... (game/kept.py draws them from the system)."""
    import itertools

    import game.kept

    count = itertools.count()
    monkeypatch.setattr(game.kept, "fresh_seed", lambda: next(count))


def part(state) -> tuple:
    """The game's part being played (``State.round_number``: which deal, hand, round,
    game) and, in Dou Dizhu, which deal of the hand: a new one means the cards were dealt
    again."""
    return state.round_number(), state.view(0).get("deals")


def until_the_next_deal(client: KeepingClient, rng: random.Random) -> None:
    """Random legal actions until the cards are dealt again (the game may not end first)."""
    begun = part(client.session.state)
    play(client, 2000, rng, stop=lambda s: part(s.state) != begun)
    assert part(client.session.state) != begun, "the game ended before another deal"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_after_an_undo_the_player_gets_what_any_twin_world_would_send(tmp_path, key, seeds):
    """Undone twice from the same game (two re-deals of the hidden cards), the player
    receives, field by field, the update a client joining that position in the game as
    it was gets, and the table would pause alike (tests/game/test_twin_worlds.py's
    ``pacing``): nothing tells the player the worlds apart.  Played on to the next deal,
    the two worlds deal different cards there: what the player saw of the deals after the
    undo tells nothing of the ones to come.  Each world's file replays to the very game."""
    from game.session import encode
    from tests.game.test_twin_worlds import pacing

    store = Store(tmp_path)
    client = kept_game(people(key, seed=21), 0, store, paced=False)
    rng = random.Random(8)
    until_seat_0_decides(client, rng, 6)
    play(client, 5, rng)
    record = client.record()
    point = client.undo_point()
    client.close()
    joining = Session(record.setup)
    joining.adopt(record.replay(point))
    joined = joining.watch(0).drain()[0]
    seats = len(record.setup.seats)
    dealt = []
    for _ in range(2):
        back = resumed(record, store, paced=False).undone()
        assert back.redeals                     # the hidden cards were dealt anew
        update = first_update(back)
        assert encode(update) == encode(joined)
        assert pacing(key, seats, 0, update) == pacing(key, seats, 0, joined)
        until_the_next_deal(back, random.Random(3))
        dealt.append(back.session.state.true_zones())
        kept, log = back.record(), back.session.log()
        back.close()                            # the window lets go of the game's slot
        again = resumed(kept, store, paced=False)
        assert again.session.state.true_zones() == dealt[-1]
        assert again.session.log() == log
        again.close()
    assert dealt[0] != dealt[1]


def test_an_undo_at_dou_dizhu_deals_afresh_after_all_pass(tmp_path, seeds):
    """Seed 0: all three pass and seat 0 is dealt four Kings and the red joker; taken back
    and passed again, the new deal is another (it was that very hand 8 times in 8)."""
    from game.cards import codes

    client = kept_game(people("doudizhu", seed=0), 0, Store(tmp_path), paced=False)
    hands = []
    for _ in range(4):
        session = client.session
        while session.state.deals == 1:
            assert session.submit(session.state.turn, Action("pass")) is None
        hands.append(codes(session.state.hands[0]))
        client = client.undone()
    client.close()
    assert sum(c.startswith("K") for c in hands[0]) == 4 and "RJ" in hands[0]
    assert len({tuple(h) for h in hands}) == len(hands)


def tricks_hold(state) -> bool:
    """Whether every trick of this Briscola game has the winner its trump gives it."""
    from game.briscola import strength
    from game.cards import Card
    from game.tricks import trick_winner

    return all(trick_winner([Card.parse(c) for c in t["cards"]], t["leader"], state.trump,
                            strength, 3) == t["winner"] for t in state.tricks)


@pytest.mark.slow
def test_an_undo_draws_the_card_under_the_stock_afresh_for_the_dealer_never_told(
        tmp_path, seeds):
    """Briscola seed 11, game 2, seat 0 deals and never sees the sampled card: taken back
    to its first play, the trump (still unknown in its view) is drawn afresh among the
    suits that give the game's tricks their winners (it was the same suit 8 times in 8)."""
    from game.saves import redeal

    client = kept_game(people("briscola", seed=11), 0, Store(tmp_path), paced=False)
    rng = random.Random(5)
    play(client, 500, rng, stop=lambda s: s.state.game_no == 2 and 0 in s.state.to_act())
    play(client, 4, rng)                    # seat 0's first card of game 2, and after it
    record = client.record()
    client.close()
    trumps = set()
    for _ in range(8):
        back = resumed(record, Store(tmp_path), paced=False).undone()
        state = back.session.state
        assert state.game_no == 2 and state.dealer == 0 and state.briscola is not None
        assert not state.view(0)["trump_known"]
        assert tricks_hold(state)
        trumps.add(state.trump)
        back.close()
    assert len(trumps) > 1
    play(client := resumed(record, Store(tmp_path), paced=False), 12, rng)
    later = client.session.state                 # tricks of game 2 narrow the trump now
    client.close()
    assert later.game_no == 2 and len(later.tricks) >= 3
    for seed in range(12):
        world = later.copy()
        redeal(world, 0, seed)
        assert world.view(0) == later.view(0)
        assert tricks_hold(world)


def test_a_re_deal_kept_as_three_numbers_replays_the_hidden_cards_alone(tmp_path):
    """A file written before an undo drew the generator afresh keeps its re-deals as
    three numbers: they shuffle the hidden cards as they did then, and the deals after
    come from the game's own generator, so that game replays as it was played."""
    client = kept_game(people("bolola", seed=3), 0, Store(tmp_path), paced=False)
    until_seat_0_decides(client, random.Random(2), 5)
    data = client.record().to_json()
    client.close()
    point = len(data["actions"])
    data["redeals"], data["undos"] = [[point, 0, 99]], 1       # an undo's re-deal
    record = Record.from_json(data)
    assert record.redeals == ((point, 0, 99, CARDS_ONLY),)
    plain = Record.from_json({**data, "redeals": []}).replay()
    plain.shuffle_hidden(0, random.Random(99))
    state = record.replay()
    assert state.true_zones() == plain.true_zones()
    assert state.rng.getstate() == plain.rng.getstate()
    assert Record.from_json(record.to_json()) == record


def test_the_writer_keeps_the_newest_game_and_says_when_the_disk_refuses(tmp_path):
    from game.kept import Writer

    writer = Writer()
    done: list[int] = []
    started, gate = threading.Event(), threading.Event()

    def first() -> None:
        started.set()
        gate.wait(5)
        done.append(1)

    writer.write(first)
    assert started.wait(5)                                   # busy on the first write
    for n in range(2, 6):
        writer.write(lambda n=n: done.append(n))             # each replaces the one waiting
    gate.set()
    assert writer.flush(5)
    assert done == [1, 5]

    def refused() -> None:
        raise PermissionError(13, "Permission denied")

    writer.write(refused)
    assert writer.flush(5) and writer.notice == ("kept.not_kept", "Permission denied")
    writer.close(5)
    writer.write(lambda: done.append(9))                     # closed: nothing more
    assert done == [1, 5]


def test_a_data_folder_reads_a_file_or_sets_a_damaged_one_aside(tmp_path):
    folder = DataFolder(tmp_path)
    path = tmp_path / "thing.json"
    assert folder.read(path, read_json) == (None, None)             # none yet
    path.write_text('{"a": 1}')
    assert folder.read(path, read_json) == ({"a": 1}, None)
    path.write_text("{not json")
    data, notice = folder.read(path, read_json)
    assert data is None and notice and notice.moved
    assert not path.exists() and (tmp_path / "thing.json.bad").exists()


# -- no file stops the game, nothing kept is lost ----------------------------------------
def kept_file(store: Store, key: str = "bocce", count: int = 6) -> dict:
    """A game of ``key`` kept after ``count`` random moves, as the JSON of its file."""
    client = kept_game(people(key), 0, store, paced=False)
    play(client, count, random.Random(count))
    client.close()
    return slot_json(store, key)


@pytest.mark.parametrize("redeals", [[[0, 7, 1]], [[0, -1, 1]], [[3, 0, 1], [1, 0, 2]]])
def test_a_redeal_for_no_seat_or_out_of_order_is_damage_told_in_one_line(tmp_path, redeals):
    store = Store(tmp_path)
    data = kept_file(store)
    data["redeals"], data["undos"] = redeals, len(redeals)
    store.slot("bocce").write_text(json.dumps(data))
    with pytest.raises(SaveError):
        load_record(store.slot("bocce"), same_version=False)
    record, notice = store.resumable()
    assert record is None and "re-deals" in str(notice) and notice.moved


@pytest.mark.slow
def test_a_replay_of_many_redeals_is_refused_before_any_work(tmp_path, monkeypatch):
    """100,000 re-deals (1 MB, under the size limit) took a minute and more to replay:
    a game has one re-deal per undo, at most one per position."""
    import game.saves

    store = Store(tmp_path)
    data = kept_file(store)
    data["redeals"], data["undos"] = [[0, 0, 1]] * 100_000, 100_000
    store.slot("bocce").write_text(json.dumps(data))
    dealt = []
    monkeypatch.setattr(game.saves, "redeal", lambda *args: dealt.append(args))
    with pytest.raises(SaveError, match="more re-deals"):
        load_record(store.slot("bocce"), same_version=False)
    assert dealt == []


def test_repeated_undos_to_one_position_keep_one_redeal_there(tmp_path):
    store = Store(tmp_path)
    client = kept_game(people("briscola"), 0, store, paced=False)
    rng = random.Random(4)
    until_seat_0_decides(client, rng, 9)
    for _ in range(4):
        play(client, 1, rng)                   # seat 0 decides, then takes it back
        client = client.undone()
    assert client.undos == 4 and len(client.redeals) == 1
    client.close()
    assert load_record(store.slot("briscola")).redeals == client.redeals


def test_every_file_set_aside_is_kept_under_its_own_name(tmp_path):
    store = Store(tmp_path)
    names = []
    for n in range(3):
        store.slot("bolola").write_text(f"damaged {n}")
        _, notice = store.resumable()
        names.append(notice.file)
    assert names == ["resume-bolola.json.bad", "resume-bolola.json.bad-2",
                     "resume-bolola.json.bad-3"]
    assert [(tmp_path / n).read_text() for n in names] == [f"damaged {n}" for n in range(3)]
    for n in range(4, KEEP_BAD + 1):                # all the names taken: none written over
        (tmp_path / f"resume-bolola.json.bad-{n}").write_text("older")
    store.slot("bolola").write_text("damaged again")
    _, notice = store.resumable()
    assert notice.kind == "stays" and store.slot("bolola").read_text() == "damaged again"
    assert (tmp_path / f"resume-bolola.json.bad-{KEEP_BAD}").read_text() == "older"


def test_a_damaged_file_that_cannot_be_moved_is_not_said_to_be_set_aside(tmp_path,
                                                                           monkeypatch):
    import game.saves

    def refuse(*args):
        raise PermissionError(13, "Read-only file system")

    store = Store(tmp_path)
    store.slot("bocce").write_text("{ damaged")
    monkeypatch.setattr(game.saves.os, "link", refuse)
    monkeypatch.setattr(game.saves.os, "rename", refuse)
    _, notice = store.resumable()
    assert not notice.moved and notice.kind == "stays" and notice.file == "resume-bocce.json"
    assert store.slot("bocce").read_text() == "{ damaged"


def test_a_save_that_cannot_be_read_now_is_left_and_offered_again(tmp_path, monkeypatch):
    """A passing permission error moved resume.json to .bad for good."""
    import game.saves

    store = Store(tmp_path)
    kept_file(store, "bolola")
    real = game.saves.read_json

    def refuse(path):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(game.saves, "read_json", refuse)
    record, notice = store.resumable()
    assert record is None and notice.kind == "unreadable" and "Permission denied" in str(notice)
    assert store.slot("bolola").exists() and not list(tmp_path.glob("*.bad*"))
    monkeypatch.setattr(game.saves, "read_json", real)
    assert store.resumable()[0].key == "bolola"


def test_statistics_that_cannot_be_read_are_never_written_over(tmp_path, monkeypatch):
    from game.stats import Stats

    stats = Stats(tmp_path)
    stats.path.write_text('{"format": 1, "games": {}, "recent": {}}')
    record = Record(people("bocce"), 0, (), 0, game_version(), 1000.0, {"scores": [1, 2]})
    monkeypatch.setattr("game.stats.read_json", lambda path: (_ for _ in ()).throw(
        PermissionError(13, "Permission denied")))
    trouble = stats.add(record)
    assert trouble.kind == "unreadable" and trouble.file == "stats.json"
    assert stats.path.read_text() == '{"format": 1, "games": {}, "recent": {}}'


def test_each_game_keeps_its_own_save(tmp_path):
    """A long Bolola game was lost to a quick Bocce: a new game of one kind leaves the
    others' saves alone, and the last saved comes first."""
    store = Store(tmp_path)
    kept_file(store, "bolola", 30)
    kept_file(store, "bocce", 3)
    records, troubles = store.resumables()
    assert [r.key for r in records] == ["bocce", "bolola"] and troubles == []
    assert len(records[1].actions) == 30


def test_an_earlier_versions_one_save_is_taken_into_its_games_slot(tmp_path):
    store = Store(tmp_path)
    data = kept_file(store, "briscola")
    store.forget("briscola")
    store.legacy_path.write_text(json.dumps(data))
    [record], _ = store.resumables()
    assert record.key == "briscola" and store.slot("briscola").exists()
    assert not store.legacy_path.exists()


def test_a_second_window_never_takes_over_a_game_another_plays(tmp_path):
    """Two windows on one data folder wrote over each other's game in turn."""
    from game.saves import SlotBusy

    store = Store(tmp_path)
    first = kept_game(people("bocce"), 0, store, paced=False)
    assert first.flush()
    with pytest.raises(SlotBusy):
        kept_game(people("bocce"), 0, Store(tmp_path), paced=False)
    with pytest.raises(SlotBusy):
        resumed(store.resumable()[0], Store(tmp_path), paced=False)
    other = kept_game(people("bisca"), 0, Store(tmp_path), paced=False)   # another game: free
    other.close()
    first.close()
    resumed(store.resumable("bocce")[0], Store(tmp_path), paced=False).close()  # free again


@pytest.mark.slow
def test_a_doudizhu_save_with_plays_named_by_rank_replays_as_the_engine_log_does(tmp_path):
    from game.engine import Action, replay_log

    store = Store(tmp_path)
    data = kept_file(store, "doudizhu", 40)
    old = [[s, str(Action("play", (), Action.parse(a).value)) if a.startswith("play:")
            and Action.parse(a).cards else a] for s, a in data["actions"]]
    assert any(a.startswith("play::") for _, a in old), "rank-only plays, as logs had them"
    data["actions"] = old
    store.slot("doudizhu").write_text(json.dumps(data))
    record = load_record(store.slot("doudizhu"), same_version=False)
    assert record.replay().view(None) == replay_log(record.log()).view(None)


def test_the_tests_keep_their_data_in_their_own_folder(tmp_path):
    """tests/conftest.py: a TAVOLATA_DATA_DIR set where the tests run is not written to."""
    assert tmp_path in data_dir().parents


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_resume_slot_tells_its_reader_nothing_of_the_hidden_cards(tmp_path, key):
    """The slot carried the seed and every move: whoever read the JSON knew every hand.
    It is sealed under the data folder's key; what the menu needs stays in the clear."""
    from tests.game.test_twin_worlds import shown_codes

    store = Store(tmp_path)
    client = kept_game(people(key, seed=123456), 0, store, paced=False)
    play(client, 12, random.Random(2))
    client.close()
    data = json.loads(store.slot(key).read_text())
    assert set(data) == {"tavolata", "format", "version", "saved", "key", "seat", "sealed"}
    assert data["key"] == key and data["seat"] == 0
    text = store.slot(key).read_text()
    assert "123456" not in text and not shown_codes(
        {k: v for k, v in data.items() if k != "sealed"}, set())
    assert resumed(store.resumable(key)[0], store, paced=False).session.log() == \
        client.session.log()


def test_a_slot_sealed_with_another_key_is_set_aside_whole(tmp_path):
    from game.saves import SEAL_KEY_FILE

    store = Store(tmp_path)
    kept_file(store, "bisca")
    sealed_text = store.slot("bisca").read_text()
    (tmp_path / SEAL_KEY_FILE).write_bytes(bytes(32))      # another machine's folder
    record, notice = store.resumable()
    assert record is None and "does not open" in str(notice) and notice.moved
    assert (tmp_path / notice.file).read_text() == sealed_text


def test_resuming_a_game_no_longer_kept_says_so_and_holds_nothing(tmp_path):
    from game.kept import resume_slot

    store = Store(tmp_path)
    with pytest.raises(SaveError, match="no longer kept"):
        resume_slot("bocce", store, paced=False)
    store.slot("bocce").write_text("{ damaged")
    with pytest.raises(SaveError):
        resume_slot("bocce", store, paced=False)
    store.hold("bocce").release()                  # neither kept the slot taken


def test_a_game_in_another_kinds_slot_is_set_aside(tmp_path):
    store = Store(tmp_path)
    data = kept_file(store, "bocce")
    store.forget("bocce")
    store.slot("bisca").write_text(json.dumps(data))
    records, [trouble] = store.resumables()
    assert records == [] and trouble.moved and "not of bisca" in str(trouble)


def test_two_windows_making_the_folders_key_at_once_seal_under_the_same_key(
        tmp_path, monkeypatch):
    """A window that finds the key file made a moment ago by another, not written yet,
    must not take it for damage: it set that file aside and made a key of its own, the
    other window sealed its game under the key set aside, and that game was lost at the
    next start.  Here the second window makes the key the moment the first creates any
    file in the folder."""
    import os

    from game.saves import seal_key

    real_open = os.open
    other: list[bytes] = []

    def open_then_the_other_window(path, flags, mode=0o777):
        fd = real_open(path, flags, mode)
        if not other:
            other.append(b"")
            other[0] = seal_key(tmp_path)
        return fd

    monkeypatch.setattr(os, "open", open_then_the_other_window)
    first = seal_key(tmp_path)
    monkeypatch.setattr(os, "open", real_open)
    assert first == other[0] == seal_key(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == [".resume-key"], "nothing set aside"


def test_an_undo_hands_the_games_slot_on_and_never_lets_go_of_it(tmp_path, monkeypatch):
    """The undone game's client took the slot afresh after the old one let it go: a window
    whose Resume came in between held the game, and the undo stopped with SlotBusy (the
    table gone, a traceback).  Here another window tries the moment the slot is let go."""
    from game.saves import Hold, SlotBusy

    store = Store(tmp_path)
    client = kept_game(people("briscola", seed=3), 0, store, paced=False)
    rng = random.Random(8)
    until_seat_0_decides(client, rng, 9)
    play(client, 2, rng)
    other: list[object] = []
    let_go = Hold.release

    def release_then_another_window_takes_it(hold):
        held = hold._lock is not None
        let_go(hold)
        if held and not other:
            other.append(Store(tmp_path).hold("briscola"))

    monkeypatch.setattr(Hold, "release", release_then_another_window_takes_it)
    back = client.undone()
    monkeypatch.setattr(Hold, "release", let_go)
    assert other == [] and back is not None
    with pytest.raises(SlotBusy):
        Store(tmp_path).hold("briscola")
    back.close()
    Store(tmp_path).hold("briscola").release()


def test_a_key_file_that_is_no_regular_file_is_neither_used_nor_waited_on(tmp_path):
    """A FIFO where the folder's key goes was opened and read as the key: with nobody at
    its other end the menu waited for ever, with someone there the key was whatever came
    down it.  Only a regular file is a key: the game is played, not kept, and a slot is
    left where it is to be read next time."""
    import os

    from game.saves import SEAL_KEY_FILE, seal_key

    store = Store(tmp_path)
    kept_file(store, "bisca")
    (tmp_path / SEAL_KEY_FILE).unlink()
    os.mkfifo(tmp_path / SEAL_KEY_FILE)
    other_end = os.open(tmp_path / SEAL_KEY_FILE, os.O_RDWR | os.O_NONBLOCK)
    try:
        os.write(other_end, bytes(64))
        with pytest.raises(OSError):
            seal_key(tmp_path)
        record, trouble = store.resumable()
        assert record is None and trouble.unreadable and not trouble.moved
        assert store.slot("bisca").exists()
    finally:
        os.close(other_end)


def test_the_folders_key_is_on_the_disk_before_any_slot_is_sealed_under_it(tmp_path,
                                                                           monkeypatch):
    """A slot is written over an older one (the file system flushes such a rename), the key
    only once, by a link: after a power cut the slots were there and their key could be an
    empty file, every game sealed under it lost.  The key is flushed before it is linked."""
    import os

    from game.saves import seal_key

    done: list[str] = []
    real_fsync, real_link = os.fsync, os.link
    monkeypatch.setattr(os, "fsync", lambda fd: done.append("fsync") or real_fsync(fd))
    monkeypatch.setattr(os, "link", lambda a, b: done.append("link") or real_link(a, b))
    seal_key(tmp_path)
    assert done == ["fsync", "link"]



def _held_while(path, writes: int, lets_go: bool = True):
    """Another copy holding the lock of ``path``, and a clock for :func:`turn_at` that
    moves on 0.75 s at each look: before each of the first ``writes`` looks that
    copy writes ``path`` anew; after them it lets go (if ``lets_go``)."""
    from filelock import FileLock

    held = FileLock(str(lock_path(path)))
    held.acquire()
    looks = [0]

    def clock() -> float:
        looks[0] += 1
        if looks[0] <= writes:
            write_atomic(path, {"change": looks[0]}, durable=False)
        elif lets_go and held.is_locked:
            held.release()
        return 0.75 * looks[0]

    return clock, held


def test_a_copy_that_keeps_writing_under_the_lock_is_waited_for(tmp_path):
    """Two copies changing one file on a busy machine: the one that waits gets its turn
    however long the other takes, as long as that one keeps writing (a fixed wait lost
    a key when the other's changes took longer than it: test_kept_seats's two writers)."""
    path = tmp_path / "seats.json"
    write_atomic(path, {}, durable=False)
    clock, held = _held_while(path, writes=4)
    with turn_at(path, 1.0, clock=clock):
        write_atomic(path, {"mine": 1}, durable=False)
    assert not held.is_locked and read_json(path) == {"mine": 1}


def test_a_copy_that_holds_the_lock_and_writes_nothing_is_given_up_on(tmp_path):
    path = tmp_path / "seats.json"
    write_atomic(path, {}, durable=False)
    clock, held = _held_while(path, writes=2, lets_go=False)
    try:
        with pytest.raises(OSError, match="holds its lock"):
            with turn_at(path, 1.0, clock=clock):
                pass
    finally:
        held.release()
    assert read_json(path) == {"change": 2}
