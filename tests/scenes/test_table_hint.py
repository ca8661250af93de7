"""The Hint button at every table (scenes/table/controls.py): Hard thinks off the frame
loop, then its card gets the keyboard cursor (or its button the focus), Enter takes it,
and one line says what it is and why.  Dou Dizhu's hint, which picks several cards,
has its own tests in test_doudizhu_table.py.  The line stands clear of the hand, the
prompt and the buttons at every game's table and window size."""

from __future__ import annotations

import pygame
import pytest

from game import GAMES
from game.engine import load_piece
from scenes.i18n import tr, words
from tests.scenes.tablekit import (
    card_box,
    click,
    drawn,
    frames,
    key,
    make_app,
    session_of,
    started,
    state_of,
    wait_for_hint,
)

#: the games whose plays are one card or one button (their tables pick no set of cards)
GAMES_ONE_PICK = [key for key, spec in GAMES.items()
                  if not load_piece(spec.table, key).select_cards]


def hint_button(table):
    return next((b for b in table.bar.buttons if b.hotkey == "H"), None)


@pytest.mark.parametrize("key_", GAMES_ONE_PICK)
def test_the_hint_points_at_hards_play_and_says_why_and_enter_takes_it(display, key_):
    app = make_app(display, "instant")
    table = started(app, key_, seed=2)
    session_of(table).advice_playouts = 8          # a hint's search: a count, not a time
    assert table.my_turn()
    if any(len(a.cards) == 1 for a in table.legal()):          # a card to play: the button
        assert hint_button(table) is not None
    key(app, pygame.K_h, "h")
    assert table.input.hint_wait == table.version       # Hard thinks; the frames go on
    wait_for_hint(app, table)
    advice = table.input.advice
    assert advice is not None and advice.action in table.legal() or \
        state_of(table).is_legal(0, advice.action)
    if len(advice.action.cards) == 1 and any(s.code == advice.action.cards[0].code
                                             for s in table.human_hand):
        assert table.human_hand[table.cursor].code == advice.action.cards[0].code
    else:
        assert table.bar.focused().action == advice.action
    shown = [t.text for t in app.toasts.items]
    line = words(advice.why) if advice.why is not None else ""
    assert any(line in t and t != tr("table.hint_thinking") for t in shown), shown
    before = len(state_of(table).history)
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert state_of(table).history[before][1] == advice.action


def test_a_guest_without_a_session_gets_no_hint_button(display):
    app = make_app(display, "instant")
    table = started(app, "briscola", seed=2)
    table.input.advise = None                      # a remote client has no world to search
    table.input.ask_again()
    frames(app, 2)
    assert hint_button(table) is None


def test_in_a_picker_of_bids_the_h_key_asks_and_focuses_hards_choice(display):
    app = make_app(display, "instant")
    table = started(app, "doudizhu", seed=3)
    session_of(table).advice_playouts = 6
    assert state_of(table).phase == "bid" and hint_button(table) is None   # the picker keeps its shape
    key(app, pygame.K_h, "h")
    wait_for_hint(app, table)
    advice = table.input.advice
    assert advice is not None and advice.action.kind in ("bid", "pass")
    assert table.bar.focused().action == advice.action
    assert any(table.adapter.action_label(advice.action) in t.text for t in app.toasts.items)


def test_the_hints_line_goes_once_its_play_is_made(display):
    """The line is about the position you leave: it stood six seconds over the next one,
    and over a Bocce hand's score sheet when the hinted stand ended the hand."""
    from scenes.toast import FADE

    app = make_app(display, "instant")
    table = started(app, "bocce", seed=2)
    session_of(table).advice_playouts = 8
    key(app, pygame.K_h, "h")
    wait_for_hint(app, table)
    line = table.input.hint_line
    assert line and any(t.text == line and t.left > FADE for t in app.toasts.items)
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert all(t.left <= FADE for t in app.toasts.items if t.text == line)


@pytest.mark.slow
def test_thinking_about_your_hint_goes_once_the_hint_is_shown(display):
    """"Thinking about your hint…" stood on over the hint's line for the rest of its time
    (seen at Bolola: two notices, the upper one no longer true)."""
    from scenes.toast import FADE

    app = make_app(display, "instant")
    table = started(app, "bolola", seed=2)
    session_of(table).advice_playouts = 8
    key(app, pygame.K_h, "h")
    thinking = [t for t in app.toasts.items if t.text == tr("table.hint_thinking")]
    assert thinking
    thinking[0].left = 60.0             # however long Hard thinks, the notice outlives it
    wait_for_hint(app, table)
    assert table.input.hint_line and any(t.text == table.input.hint_line
                                         for t in app.toasts.items)
    assert all(t.left <= FADE for t in app.toasts.items
               if t.text == tr("table.hint_thinking"))


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("key_, phase", [("doudizhu", "bid"), ("bisca", "bet")])
def test_a_picker_has_its_hint_button_beside_it_clear_of_it(display, key_, phase, size):
    """The Hint button was missing where pickers show (Dou Dizhu's bids, Bisca's bets):
    only H asked. It stands in a bar of its own, clear of the picker, in the window."""
    app = make_app(display, "instant", size)
    table = started(app, key_, seed=3 if key_ == "doudizhu" else 2)
    session_of(table).advice_playouts = 6
    frames(app, 1)
    assert state_of(table).phase == phase and hint_button(table) is None
    hint = table.input.hint_bar
    assert [b.hotkey for b in hint.buttons] == ["H"]
    rect = hint.buttons[0].rect
    assert pygame.Rect(0, 0, *size).contains(rect)
    assert not rect.colliderect(table.input.panel(table.bar))
    drawn(table)
    assert any(k[0] == "hint" for k in table.painter.paint_log), "drawn"
    click(app, rect.center)
    wait_for_hint(app, table)
    assert table.input.advice is not None and table.bar.focused().action == \
        table.input.advice.action


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_an_aces_choice_keeps_a_hint_button_clear_of_it(display, size):
    """Bocce's "Count your Ace as" hid the Hint with the bar under it: only H asked."""
    app = make_app(display, "instant", size)
    table = started(app, "bocce", seed=0)
    ace = next(s for s in table.human_hand if s.code == "AH")
    click(app, card_box(table, ace).center)
    assert table.input.popup
    hint = table.input.hint_bar
    assert [b.hotkey for b in hint.buttons] == ["H"]
    rect = hint.buttons[0].rect
    assert pygame.Rect(0, 0, *size).contains(rect)
    assert not rect.colliderect(table.input.panel(table.input.popup))
    assert not any(rect.colliderect(card_box(table, s)) for s in table.human_hand)


def test_a_hinted_bet_is_named_in_whole_words_not_by_its_buttons_number(display):
    """The bet picker's buttons say "1" under the title "Your bet": the hint's line stands
    alone over the felt, and "1: Played out in 3 deals..." did not say what 1 was."""
    app = make_app(display, "instant")
    table = started(app, "bisca", seed=2)
    session_of(table).advice_playouts = 6
    assert state_of(table).phase == "bet"
    key(app, pygame.K_h, "h")
    wait_for_hint(app, table)
    advice = table.input.advice
    assert advice is not None and advice.action.kind == "bet"
    bet = tr("bisca.action.bet", bet=advice.action.value)
    assert any(t.text.startswith(bet + " — ") or t.text == bet for t in app.toasts.items), \
        [t.text for t in app.toasts.items]


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("key_", list(GAMES))
def test_the_hints_line_covers_neither_the_hand_nor_the_prompt_nor_the_buttons(display, key_,
                                                                                size):
    app = make_app(display, "instant", size)
    table = started(app, key_, seed=2)
    session_of(table).advice_playouts = 8
    assert table.my_turn()
    key(app, pygame.K_h, "h")
    wait_for_hint(app, table)
    frames(app, 1)
    shown = app.toasts.shown
    assert shown and any(t.text != tr("table.hint_thinking") for t in app.toasts.items)
    keep_clear = [("card", card_box(table, s)) for s in table.human_hand] + \
        [(kind, rect) for kind, _, rect in drawn(table) if kind == "prompt"] + \
        [("buttons", table.input.panel(bar)) for bar in (table.bar, table.popup,
                                                          table.input.hint_bar) if bar]
    assert any(kind == "prompt" for kind, _ in keep_clear)
    for toast in shown:
        assert pygame.Rect(0, 0, *size).contains(toast)
        for kind, rect in keep_clear:
            assert not toast.colliderect(rect), (kind, rect, toast)


def test_a_line_that_compares_with_the_obvious_play_names_it(display):
    """"... 0.3 lives better on average than the obvious one" left the player to guess
    which one that was: the line names it ("(Bet 2)")."""
    from game.engine import Action, Reason
    from game.session.advice import Advice

    app = make_app(display, "instant")
    table = started(app, "bisca", seed=2)
    assert state_of(table).phase == "bet"
    hinted, usual = Action("bet", (), "0"), Action("bet", (), "2")
    why = Reason("advice.better_lives", {"deals": 300, "lives": 0.3, "within": 0.2})
    table.input.advise = lambda: Advice(hinted, why, usual)
    key(app, pygame.K_h, "h")
    frames(app, 1)
    bet = tr("bisca.action.bet", bet="2")
    assert table.input.hint_line.endswith(f"{words(why)} ({bet})"), table.input.hint_line
    assert table.bar.focused().action == hinted


def test_dou_dizhu_names_the_obvious_play_with_its_cards(display):
    """A hint's picked cards show which play it means; the obvious one it compares with
    has none picked, so its name carries its ranks."""
    from game.cards import cards
    from game.doudizhu.state import PASS, play_of

    app = make_app(display, "instant")
    table = started(app, "doudizhu", seed=3)
    adapter, view = table.adapter, table.position.view
    assert adapter.play_named(view, play_of(cards("3C 3H"))) == "Pair: 3 3"
    assert adapter.play_named(view, play_of(cards("TC JH QS KD AC"))) == \
        "Straight, 5 cards: 10 J Q K A"
    assert adapter.play_named(view, play_of(cards("BJ RJ"))) == "Rocket: Black Joker Red Joker"
    assert adapter.play_named(view, PASS) == adapter.action_words(PASS)


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 500), (960, 540), (1280, 720), (1920, 1080)])
def test_a_bocce_hints_line_covers_none_of_your_bocce(display, size):
    """At 1280x720 a Bocce hint's line lay over the row of your bocce on the court (clear
    of the hand, the prompt and the buttons, not of your bocce): in the lag and in the
    rolls after it, it covers neither your bocce nor the words on and over them."""
    from tests.scenes.tablekit import settle

    pygame.display.set_mode(size)
    app = make_app(display, "instant", size)
    table = started(app, "bocce", seed=3)
    session_of(table).advice_playouts = 6
    me = table.adapter.human_seat
    f = table.layout.font
    seen = 0
    for _ in range(5):
        if app.stack.top is not table or not table.my_turn():
            break
        key(app, pygame.K_h, "h")
        wait_for_hint(app, table)
        frames(app, 1)
        shown = list(app.toasts.shown)
        assert shown
        row = [card_box(table, s) for zone, cards in table.zones.items()
               if zone.startswith(f"bocce/{me}/") for s in cards]
        span = row[0].unionall(row)
        over = pygame.Rect(span.left, span.top - f(15) * 2, span.w, f(15) * 2)
        words = [rect for kind, _, rect in drawn(table)       # the totals over the row
                 if kind == "label" and over.collidepoint(rect.center)]
        for toast in shown:
            for rect in row + words:
                assert not toast.colliderect(rect), (size, rect, toast)
        seen += 1
        table.input.close_popup()      # a popup the hint opened (the Ace's 1 or 10)
        legal = table.legal()
        if legal:
            table.act(legal[0])
        settle(app, table)
    assert seen >= 2
    pygame.display.set_mode((1280, 720))


def _prompt_box(table):
    drawn(table)
    return next(pygame.Rect(r) for k, r in table.painter.paint_log.items() if k[0] == "prompt")


@pytest.mark.slow
def test_a_pickers_hint_by_a_plate_near_the_edge_stays_off_the_prompt(display, monkeypatch):
    """Bisca's bets at 1280x720 with the largest text, in Italian: by the plate the wide
    "Suggerimento" reached past the window's edge, so it went under the picker, onto the
    prompt's words."""
    monkeypatch.setenv("LANGUAGE", "it")
    app = make_app(display, "instant", (1280, 720))
    app.settings.table_scale = 1.5
    table = started(app, "bisca", seed=2)
    frames(app, 1)
    assert state_of(table).phase == "bet"
    rect = table.input.hint_bar.buttons[0].rect
    assert not rect.colliderect(_prompt_box(table))
    assert abs(rect.centery - table.layout.prompt_y) <= 2       # by the plate, level with it


def test_the_hint_alone_by_your_plate_lies_on_no_other_players_cards(display):
    """Bolola at 800x500 with the largest cards: West's thirteen backs reach down to the
    prompt's level, where the Hint beside a card to play stands by your plate."""
    app = make_app(display, "instant", (800, 500))
    app.settings.table_scale = 1.5
    table = started(app, "bolola", seed=3)
    assert any(len(a.cards) == 1 for a in table.legal())       # a card to play
    rect = hint_button(table).rect
    mine = set(map(id, table.human_hand))
    others = [card_box(table, s) for s in table.board.sprites() if id(s) not in mine]
    assert not any(rect.colliderect(r) for r in others)
