"""The name plates as drawn (scenes/table/plates.py): a long name cut short on its plate
and whole everywhere else, and the plate across the top clear of its own hand, however
wide its real words."""

from __future__ import annotations

import pygame
import pytest

from scenes.kit.hud import ELLIPSIS
from tests.scenes.tablekit import drawn, frames, make_app, open_table

#: a name longer than any plate has room for
LONG = "Maria Vittoria Albertini di Castelfranco Veneto"


def _bolola(display, monkeypatch, names: dict[int, str], away: frozenset[int] = frozenset()):
    """Bolola at 1000x640 with the largest text, its seats named as the network would."""
    import scenes.table.scene as scene

    monkeypatch.setattr(scene, "seat_names", lambda client: dict(names))
    monkeypatch.setattr(scene, "away_seats", lambda client: away)
    app = make_app(display, "instant", (1000, 640))
    app.settings.table_scale = 1.5
    table = open_table(app, "bolola", seed=3)
    frames(app, 30)
    return table


def _plates(table) -> dict[str, pygame.Rect]:
    return {name: rect for kind, name, rect in drawn(table) if kind == "plate"}


def test_a_name_past_the_plates_room_is_cut_short_and_kept_whole_elsewhere(display, monkeypatch):
    table = _bolola(display, monkeypatch, {2: LONG})
    lay = table.layout
    words = table.painter.plates.name(2, lay)
    assert words.endswith(ELLIPSIS) and LONG.startswith(words[:-1].rstrip())
    assert table.hud.text.render(words, lay.font(15), bold=True).get_width() <= lay.plate_room
    assert words in _plates(table)
    assert table.adapter.seat_name(2, lay) == LONG, "the log, the sheets and speech say it whole"


def test_a_friend_away_keeps_the_words_saying_so_and_the_name_is_cut(display, monkeypatch):
    """East, whose plate has the layout's whole room (across the top, between the score
    board and the hand, the name alone is left: below)."""
    table = _bolola(display, monkeypatch, {3: LONG}, frozenset({3}))
    short = table.adapter.plate_name(3, table.layout, short=True)
    words = table.painter.plates.name(3, table.layout)
    assert words != table.adapter.plate_name(3, table.layout) and ELLIPSIS in words
    assert words.startswith(short.split(LONG)[0]), "the words saying a computer plays stay"


def test_a_friend_away_keeps_their_name_whole_in_the_plates_shorter_words(display,
                                                                            monkeypatch):
    """ "Il computer gioca per B…" lost Bruno at 1000x640 with the largest text: where the
    whole words pass the plate's room, "Computer per Bruno"."""
    monkeypatch.setenv("LANGUAGE", "it")
    table = _bolola(display, monkeypatch, {1: "Bruno"}, frozenset({1}))
    lay = table.layout
    whole = table.adapter.plate_name(1, lay)
    words = table.painter.plates.name(1, lay)
    assert "Bruno" in words and ELLIPSIS not in words
    fits = table.hud.text.render(whole, lay.font(15), bold=True).get_width() <= lay.plate_room
    assert words == (whole if fits else table.adapter.plate_name(1, lay, short=True))


def test_the_plate_across_the_top_lies_clear_of_its_hand_however_wide(display, monkeypatch):
    """At 1000x640 with the largest text "Computer 3  Totale 0" ran onto its backs."""
    table = _bolola(display, monkeypatch, {1: "Computer 2", 2: "Computer 3", 3: "Computer 4"})
    plate = _plates(table)["Computer 3"]
    backs = [r for kind, name, r in drawn(table) if kind == "card" and name.endswith("@hand/2")]
    assert backs and plate.collidelist(backs) < 0


def _table(display, monkeypatch, key: str, seats: int, size: tuple[int, int], scale: float,
           names: dict[int, str], away: frozenset[int] = frozenset()):
    """``key`` at ``seats`` in a window of ``size`` at the ``scale`` of table text, its
    seats named as the network would."""
    import scenes.table.scene as scene

    monkeypatch.setattr(scene, "seat_names", lambda client: dict(names))
    monkeypatch.setattr(scene, "away_seats", lambda client: away)
    app = make_app(display, "instant", size)
    app.settings.table_scale = scale
    table = open_table(app, key, seed=3, seats=seats)
    frames(app, 30)
    return table


@pytest.mark.slow
def test_a_side_plate_keeps_clear_of_the_plates_and_lines_beside_it(display, monkeypatch):
    """Bisca at six seats at 800x500: "Computer per Bruno" at the right edge lay on the top
    right seat's plate and its bet line; in the room between them and the edge, its
    shortest words ("PC: Bruno") still say who plays for whom."""
    monkeypatch.setenv("LANGUAGE", "it")
    names = {s: f"Computer {s + 1}" for s in range(2, 6)} | {1: "Bruno"}
    table = _table(display, monkeypatch, "bisca", 6, (800, 500), 1.0, names, frozenset({1}))
    words = table.painter.plates.name(1, table.layout)
    assert words == table.adapter.plate_name(1, table.layout, tiny=True)
    items = drawn(table)
    mine = _plates(table)[words]
    others = [r for kind, name, r in items
              if (kind == "plate" and name != words) or kind == "label"]
    beside = [r for r in others if r.right < mine.centerx]
    assert beside and mine.collidelist(beside) < 0


@pytest.mark.slow
def test_the_plate_across_the_top_lies_between_the_score_board_and_its_hand(display,
                                                                          monkeypatch):
    """Bocce at 800x500 with the largest text: a name of 24 letters, past the board, lay
    on its own backs; cut to the room between them, it lies on neither."""
    table = _table(display, monkeypatch, "bocce", 2, (800, 500), 1.5,
                   {1: "Maria Vittoria Albertini"})
    items = drawn(table)
    [(words, plate)] = [(name, r) for kind, name, r in items if kind == "plate"
                        and name.startswith("Maria")]
    assert words.endswith(ELLIPSIS)
    backs = [r for kind, name, r in items if kind == "card" and name.endswith("@hand/1")]
    [board] = [r for kind, _, r in items if kind == "board"]
    assert backs and plate.collidelist(backs + [board]) < 0
