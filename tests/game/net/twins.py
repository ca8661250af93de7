"""Twin worlds at the service's door: what a player's program received from a table
the service dealt (every line of its trace) is what a world where the cards that seat
was never shown lie elsewhere sends it too.

World A is the game the service kept (its seed and its log), looked at over its first
actions (a quarter of them, or fewer where a hand's end showed every card in that
quarter: by the end of a game a seat has seen most cards).  World
B is the same deal with every card hidden from the seat, and never shown to it in
anything it received over those actions, re-dealt among their places
(tests/game/test_twin_worlds.py's :func:`split`, at the deal), then driven with A's
actions up to the first one B refuses.  Every update the program received up to there
must be B's update for that seat at that version, field by field; an update of a
rejoin (no events, no actor), and the opening deal, as its view and the rest.  The engine's
own twin test holds the referee to this; this one holds the whole way from the worker
to the player's process to it.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any, Iterable

from game.engine import Action
from game.session import Update, encode
from game.session.messages import loads
from tests.game.test_twin_worlds import first_difference, people, shown_codes, shuffle_with, split


def _shown(lines: Iterable[bytes], last: int) -> set[str]:
    """Every card named in the lines received up to version ``last`` (a line that is no
    update counts with the update before it)."""
    shown: set[str] = set()
    version = 0
    for line in lines:
        obj = json.loads(line)
        if obj.get("type") == "update":
            version = obj.get("version", version)
        if version <= last:
            shown_codes(obj, shown)
    return shown


def check_twin_lines(log: dict[str, Any], seat: int, lines: list[bytes],
                     rng: random.Random) -> int:
    """Assert the module docstring over ``lines``; how many updates were compared."""
    everything = [(s, Action.parse(text)) for s, text in log["actions"]]
    received = [u for u in (loads(line) for line in lines
                            if json.loads(line).get("type") == "update")
                if isinstance(u, Update)]
    setup = people(log["key"], log["seats"], log["options"], log["seed"])
    for share in (4, 8, 16):            # a hand's end may show every card: a shorter look
        actions = everything[:max(4, len(everything) // share)]
        twins = split(setup, seat, actions, 0, _shown(lines, len(actions)),
                      shuffle_with(rng, 0))
        if twins is not None:
            break
    assert twins is not None, "the seat was shown every card: nothing to re-deal"
    watcher = twins.b.watch(seat)
    world_b = {u.version: u for u in watcher.drain()}
    for s, action in actions:
        if twins.b.submit(s, action) is not None:
            break                       # a re-dealt hand makes it illegal in B: stop here
        world_b.update((u.version, u) for u in watcher.drain())
    compared = 0
    for update in received:
        theirs = world_b.get(update.version)
        if theirs is None:
            continue                    # past the action B refused
        if update.version == 0 or not update.events:     # the game as it stands
            update, theirs = (replace(u, events=(), actor=None) for u in (update, theirs))
        ours, twin = (json.loads(json.dumps(encode(u))) for u in (update, theirs))
        assert ours == twin, (f"seat {seat} told the twin worlds apart at version "
                              f"{update.version}: " + first_difference(ours, twin))
        compared += 1
    return compared
