"""The rule that decided it, on the table (scenes/table/ranks.py): the rank strip of
every game, on by default and toggled with O (remembered), and the "won because"
note while a trick that a rule decided still lies whole."""

from __future__ import annotations

import pygame
import pytest

from game import GAMES
from game.ai import computer_player
from scenes.i18n import tr
from tests.scenes.tablekit import (
    drawn,
    frames,
    key,
    make_app,
    open_table,
    played,
    settle,
    started,
    think,
)


def strip_lines(game: str) -> list[str]:
    """The lines of the game's own rank strip below its title (``<key>_table.ranks``)."""
    return tr(f"{game}_table.ranks").splitlines()[1:]


def test_the_strip_words_the_order_of_each_game():
    assert "Ace > Three > King > Knight > Jack > 7 > 6 > 5 > 4 > 2" in strip_lines("briscola")
    assert "3 < 4 < … < K < A < 2 < black joker < red joker" in strip_lines("doudizhu")


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
def test_the_strip_leaves_the_log_and_undo_buttons_uncovered(display, game):
    app = make_app(display, "normal")
    table = started(app, game)
    drawn(table)
    strips = [pygame.Rect(r) for k, r in table.painter.paint_log.items() if k[0] == "strip"]
    corner = [pygame.Rect(r) for k, r in table.painter.paint_log.items() if k[0] == "corner"]
    assert strips and corner, "both drawn at a first table"
    assert not any(s.colliderect(c) for s in strips for c in corner)


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_shows_its_rank_strip_until_o_hides_it_and_remembers(display, game):
    app = make_app(display, "normal")
    table = started(app, game)
    drawn(table)
    strip = [k for k in table.painter.paint_log if k[0] == "strip"]
    assert strip and set(strip_lines(game)) <= {line for line, _ in strip[0][1]}
    key(app, pygame.K_o, "o")
    assert game in app.settings.rules_off and not table.rules_shown()
    assert any("hidden" in t.text for t in app.toasts.items)
    frames(app, 1)
    drawn(table)
    assert not [k for k in table.painter.paint_log if k[0] == "strip"]
    table.close()
    app.back_to_menu()
    again = started(app, game)
    assert not again.rules_shown(), "remembered for that game"
    key(app, pygame.K_o, "o")
    assert again.rules_shown() and game not in app.settings.rules_off
    again.close()


def _note_while_whole(app, table, kind: str, limit: int = 6000):
    """Play your first legal action until an update with a ``kind`` event that has a
    reason is animated; the note and the trick's cards on the table, in the frame the
    note first shows."""
    for _ in range(limit):
        if table.update_msg is not None and any(
                e.kind == kind and e.data.get("why") for e in table.update_msg.events) \
                and table.note_shown():
            return table.note_shown(), [s.shown for s in table.zones.get("table", [])]
        top = app.stack.top
        if top is not table and hasattr(top, "go_on"):
            top.go_on()
        if not table.busy and table.my_turn():
            table.act(table.legal()[0])
        think(table)
        played(app)
    raise AssertionError(f"no {kind} with a reason")


@pytest.mark.slow
def test_bisca_says_the_suit_order_decided_a_hand_while_it_lies_whole(display, tmp_path):
    app = make_app(display, "normal")
    players = [None] + [computer_player("bisca", "normal")] * 3
    table = open_table(app, "bisca", seed=4, players=players)
    settle(app, table)
    note, trick = _note_while_whole(app, table, "hand_won")
    assert "beats the" in note and ("Coins > Cups > Swords > Sticks" in note
                                    or "Ace played high" in note)
    assert len([c for c in trick if c]) == 4, "the hand still lies whole"
    drawn(table)
    assert ("note", note) in table.painter.paint_log, "drawn on the prompt's line"
    pygame.image.save(app.screen, str(tmp_path / "test_table_ranks_bisca_note.png"))
    table.close()


@pytest.mark.slow
@pytest.mark.parametrize("game, seed, kind, says", [
    ("briscola", 7, "trick_won", ("beats the", "cannot win", "briscola beats")),
    ("bocce", 3, "lag_reveal", ("counts 10 in the lag",)),
])
def test_briscola_and_bocce_say_what_decided_it(display, game, seed, kind, says):
    """Briscola: the card order, the briscola or the suit led, while the trick lies
    whole; Bocce: a face card counting 10 in the lag."""
    app = make_app(display, "normal")
    table = open_table(app, game, seed=seed, think_delay=(0.2, 0.3))
    settle(app, table)
    note, trick = _note_while_whole(app, table, kind)
    assert note.startswith("The ") and any(s in note for s in says), note
    if game == "briscola":
        assert len([c for c in trick if c]) >= 3
    table.close()


@pytest.mark.slow
def test_no_note_once_o_hid_them(display):
    app = make_app(display, "normal")
    app.settings.rules_off = ["bisca"]
    players = [None] + [computer_player("bisca", "normal")] * 3
    table = open_table(app, "bisca", seed=4, players=players)
    settle(app, table)
    for _ in range(1500):
        assert not table.note_shown()
        if not table.busy and table.my_turn():
            table.act(table.legal()[0])
        think(table)
        played(app)
    table.close()


@pytest.mark.slow
def test_a_games_last_note_goes_with_its_score_sheet(display):
    """The "won because" of a game's last trick stood on the prompt's line through the
    next game's deal, after the score sheet between them had closed."""
    from scenes.table.result import SheetScene

    app = make_app(display, "fast")
    table = open_table(app, "briscola", seed=1)
    for _ in range(12000):
        if isinstance(app.stack.top, SheetScene):
            break
        think(table)
        played(app)
        if app.stack.top is table and not table.busy and table.legal():
            table.act(table.legal()[0])
    sheet = app.stack.top
    assert isinstance(sheet, SheetScene)
    sheet.go_on()
    frames(app, 2)
    assert table.ranks.note == "" and not table.note_shown()
    table.close()
