"""Replays (game/replays.py): a finished game shows every hand, a game not over only what
the person saw, and its exported story carries nothing more, whatever the hidden cards."""

from __future__ import annotations

import json
import random

import pytest

from game import GAMES
from game.engine import IllegalAction
from game.kept import kept_game
from game.replays import Replay, exported, seat_steps, story_from_json, story_json
from game.saves import Record, SaveError, Store, game_version
from tests.game.test_saves import people, play
from tests.game.test_twin_worlds import (
    encode,
    random_actions,
    received,
    shown_codes,
    shuffle_with,
    split,
)
from tests.game.test_twin_worlds import people as seated


def mid_game(tmp_path, key: str, count: int = 15):
    """A kept game of ``key`` after ``count`` random moves, its record."""
    client = kept_game(people(key), 0, Store(tmp_path), paced=False)
    play(client, count, random.Random(count))
    record = client.record()
    client.close()
    assert record.result is None
    return record


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_replay_of_a_game_not_over_shows_what_the_person_saw_and_nothing_more(tmp_path,
                                                                                key):
    """Pause > Save this game, or the resume file, opened with --replay mid-game showed
    every hidden hand at the current position."""
    record = mid_game(tmp_path, key)
    replay = Replay.of(record)
    assert not replay.finished and replay.setup.seed is None
    for step, (state, _) in zip(replay.steps, record.steps()):
        assert step.view == state.view(0)
    told = shown_codes([e.to_json() for e in record.told(0)], set())
    for step in replay.steps:
        assert shown_codes(step.view, set()) | shown_codes([e.to_json() for e in step.events],
                                                           set()) <= told | shown_codes(
            [s.view for s in replay.steps], set())


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_story_of_a_game_not_over_has_no_seed_and_replays_the_same(tmp_path, key):
    record = mid_game(tmp_path, key, 12)
    data = json.loads(json.dumps(exported(record)))
    assert data["story"] is True and data["setup"]["seed"] is None and "actions" not in data
    assert {s["action"] for s in data["steps"] if s["actor"] != 0} == {""}
    again = story_from_json(data)
    mine = Replay.of(record)
    assert [s.view for s in again.steps] == [s.view for s in mine.steps]
    assert [[e.to_json() for e in s.events] for s in again.steps] == \
        [[e.to_json() for e in s.events] for s in mine.steps]


@pytest.mark.parametrize("damage", [
    lambda d: d["steps"].clear(), lambda d: d["steps"][1].update(view={"set": 3}),
    lambda d: d["steps"][1].update(actor=9), lambda d: d["steps"][0]["view"]["set"].pop("zones"),
    lambda d: d["steps"][2].update(events=[{"kind": "nothing", "seat": 0, "data": {}}]),
    lambda d: d["steps"][2].update(view={"set": {"zones": {"hand/0": [5]}}}),
    lambda d: d["steps"][2].update(view={"sub": {"zones": {"set": {"hand/0": "5C"}}}}),
    lambda d: d["steps"][2].update(view={"set": {"no such key": 1}}),
    lambda d: d["steps"][2].update(view={"del": ["zones"]}),
    lambda d: d.update(seat=7)])
def test_a_damaged_story_is_refused_in_one_line(tmp_path, damage):
    data = exported(mid_game(tmp_path, "briscola"))
    damage(data)
    with pytest.raises(SaveError) as refused:
        story_from_json(data)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_twin_worlds_give_the_same_replay_and_story_of_a_game_not_over(key, seed):
    """Two games that differ only in cards the saving seat cannot see give the same
    replay, and the same file, up to where the re-dealt cards make a move illegal."""
    seats = GAMES[key].seats[0]
    setup = seated(key, seats, {}, seed)
    rng = random.Random(seed)
    actions = random_actions(setup, 80, rng)
    at = rng.randrange(len(actions) // 2)
    actions = actions[:at + 12]            # what is shown later may not move
    shown: set[str] = set()
    for update in received(setup, 0, actions, at):
        shown_codes(encode(update), shown)
    twins = split(setup, 0, actions, at, shown, shuffle_with(rng, 0))
    if twins is None:
        pytest.skip("nothing hidden could move")
    moves = [(s, str(a)) for s, a in actions[at:]]
    b = seat_steps(played(twins.b.state, actions[at:]), moves, 0)      # up to a refusal
    a = seat_steps(played(twins.a.state, actions[at:at + len(b) - 1]), moves, 0)
    assert len(a) == len(b) > 1
    stories = [json.dumps(story_json(Replay(setup, 0, 0, steps))) for steps in (a, b)]
    assert stories[0] == stories[1]


def played(state, actions):
    """The state and events of each step, moved on as they are read (as Record.steps),
    up to the first action the rules refuse."""
    yield state, []
    for seat, action in actions:
        try:
            events = state.apply(seat, action)
        except IllegalAction:
            return
        yield state, events


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_story_of_a_whole_game_but_its_last_move_reads_back(tmp_path, key):
    """Every change of a real game's views passes the shape check made change by change."""
    setup = people(key, seed=5)
    state, rng, actions = GAMES[key].new({}, len(setup.seats), 5), random.Random(5), []
    while not state.over:
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        actions.append((seat, str(action)))
    record = Record(setup, 0, tuple(actions[:-1]), 0, game_version(), 1.0)
    again = story_from_json(json.loads(json.dumps(exported(record))))
    assert [s.view for s in again.steps] == [s.view for s in Replay.of(record).steps]


@pytest.mark.slow
@pytest.mark.parametrize("piles,steps", [(300, 0), (120, 1000)])
def test_a_story_whose_views_would_take_unbounded_work_is_refused(tmp_path, piles, steps):
    """Each step's view is checked change by change, and the views are bounded, one by
    one (64 KB) and all together (8 MB): a huge view kept for many steps is refused,
    not copied at each."""
    data = exported(mid_game(tmp_path, "briscola"))
    first = data["steps"][0]["view"]["set"]
    first["zones"] = {**first["zones"], **{f"pile/{i}": ["AC"] * piles for i in range(60)}}
    data["steps"] += [{"actor": None, "action": "", "view": {}, "events": []}] * steps
    with pytest.raises(SaveError, match="too big"):
        story_from_json(data)
