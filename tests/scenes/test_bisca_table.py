"""Bisca at the table: bets and hands won by the plates, lives as hearts, the bet picker
with the hook rule's barred number and why, the Ace's high/low choice, the one-card
round (the others' cards face up, yours face down until the bets are in), greyed
players who are out, the Babbeo and everyone-out banners, and whole games played by
mouse and keyboard through the table scene at 2, 4 and 6 players."""

from __future__ import annotations

import pygame
import pytest

from game.ai.bisca import player
from game.bisca import SPEC
from game.engine import Action, Event
from scenes.kit.layout import Layout
from scenes.table import TableScene
from scenes.table.result import ResultScene, SheetScene
from scenes.tables.bisca import BiscaAdapter, hearts, lives_row, lives_said, number
from tests.scenes.tablekit import (
    FakeFx,
    click,
    enter_on_sheet,
    frames,
    key,
    make_app,
    open_table,
    settle,
    state_of,
    think,
    watch,
)


@pytest.fixture
def app(display):
    return make_app(display)


def start(app, seats: int = 4, seed: int = 5, you: int = 0, **options) -> TableScene:
    players = [player("normal")] * seats
    players[you] = None
    table = open_table(app, "bisca", push=False, seed=seed, players=players, seat=you,
                       options=options)
    app.stack.push(table)
    settle(app, table)
    return table


def label_texts(table: TableScene) -> list[str]:
    return [label.text for label in table.adapter.labels(table.shown, table.layout)]


def bet_buttons(table: TableScene) -> list[tuple[str, bool]]:
    return [(b.label, b.enabled) for b in table.bar.buttons]


# -- seats, plates, hearts -------------------------------------------------------------
def test_play_runs_counterclockwise_so_the_next_player_sits_on_your_right(app):
    table = start(app, seats=4)
    assert [table.layout.seat(s).side for s in range(4)] == ["bottom", "right", "top", "left"]


@pytest.mark.slow
def test_the_plates_show_lives_as_hearts_and_the_labels_bets_and_hands_won(app):
    table = start(app, seats=3)
    plates = [table.adapter.plate_info(table.shown, s) for s in range(3)]
    assert plates == ["♥♥♥"] * 3
    assert "Bet ?" in label_texts(table)
    table.act(table.legal()[0])
    settle(app, table)
    texts = label_texts(table)
    assert any(t.endswith("Bet 0 · Won 0") for t in texts), texts


def test_the_deck_is_labelled_apart_from_the_hands_won(app):
    table = start(app, seats=3)
    assert table.shown_zones()["deck"] and "Deck" in label_texts(table)
    shown = dict(table.shown, zones={**table.shown["zones"], "deck": []})
    assert "Deck" not in [lab.text for lab in table.adapter.labels(shown, table.layout)]


def test_hearts_halves_and_counts():
    assert hearts(3) == "♥♥♥" and hearts(2.5) == "♥♥½" and hearts(0.5) == "½"
    assert hearts(7) == "♥ × 7"


@pytest.mark.parametrize("lang, said", [
    ("en", ["3 lives", "1 life", "2.5 lives", "Out", "Out, 1 below none"]),
    ("it", ["3 vite", "1 vita", "2,5 vite", "Fuori", "Fuori, 1 sotto zero"])])
def test_lives_are_said_in_words_where_the_screen_draws_hearts(lang, said):
    """A voice reads "♥" by its name ("black heart suit"): a sheet's lives row is said
    "3 lives", its cells hearts on the screen."""
    from scenes.i18n import set_language

    set_language(lang)
    try:
        assert [lives_said(n) for n in (3, 1, 2.5, 0, -1)] == said
        row = lives_row([3, 1])
        assert row.cells == [hearts(3), hearts(1)] and row.said == said[:2]
    finally:
        set_language("en")


def test_no_lives_and_lives_below_zero_read_as_out_never_as_a_bare_number():
    assert hearts(0) == "Out" and hearts(-1) == "Out (\u22121 ♥)"
    adapter = BiscaAdapter(SPEC, 3, 0)
    view = {**SPEC.new(None, 3, 0).view(0), "lives": [3, 0, -1]}
    assert [adapter.plate_info(view, s) for s in range(3)] == ["♥♥♥", "", ""]


def test_a_player_out_is_greyed_and_labelled_out():
    adapter = BiscaAdapter(SPEC, 3, 0)
    view = {**SPEC.new(None, 3, 0).view(0), "out": [2], "players": [0, 1],
            "bets": [None] * 3, "won": [0] * 3, "lives": [3, 2, 0], "dealer": 1}
    assert [adapter.plate_dimmed(view, s) for s in range(3)] == [False, False, True]
    texts = [lb.text for lb in adapter.labels(view, Layout((1280, 720), 3, 0, True))]
    assert "Out" in texts


def test_the_hand_in_play_lies_in_front_of_the_round_s_players_only_in_play_order():
    adapter = BiscaAdapter(SPEC, 4, 0)
    lay = Layout((1280, 720), 4, 0, True)
    geom = adapter.live_zone_geom("table", lay, {"players": [0, 1, 3], "leader": 3})
    assert list(geom.spots) == [adapter.trick_spot(s, lay) for s in (3, 0, 1)]
    assert geom.scale == adapter.trick_scale


def test_the_look_back_at_the_last_hand_notes_who_led_how_an_ace_went_and_who_took_it():
    adapter = BiscaAdapter(SPEC, 3, 0)
    lay = Layout((1280, 720), 3, 0, True)
    view = {"last_hand": {"cards": [{"seat": 1, "card": "Ad", "ace": "low"},
                                    {"seat": 2, "card": "3d", "ace": None},
                                    {"seat": 0, "card": "Ac", "ace": "high"}], "winner": 0}}
    look = adapter.look_back(view, lay)
    assert [(r.label, r.cards, r.note, r.tone) for r in look.rows] == [
        (adapter.seat_name(1, lay), ["Ad"], "led · Low", ""),
        (adapter.seat_name(2, lay), ["3d"], "", ""),
        ("You", ["Ac"], "High · takes the hand", "good")]


# -- the bet picker --------------------------------------------------------------------
@pytest.mark.slow
def test_the_bet_picker_offers_every_bet_in_order(app):
    table = start(app, seats=4, opening=3)
    assert bet_buttons(table) == [("0", True), ("1", True), ("2", True), ("3", True)]
    assert table.bar.title == "Your bet (0 to 3)"


def test_the_last_bettor_sees_the_barred_number_and_why(app):
    table = start(app, seats=2, you=1, opening=3)     # seat 1 deals and bets last
    st = state_of(table)
    assert st.dealer == 1 and table.my_turn()
    barred = st.view(1)["forbidden"]
    assert barred is not None
    buttons = bet_buttons(table)
    assert (f"not {barred}", False) in buttons and len(buttons) == 4
    assert f"not {barred}" in table.bar.title and "add up to the 3 cards" in table.bar.title
    before = len(st.history)
    disabled = next(b for b in table.bar.buttons if not b.enabled)
    click(app, disabled.rect.center)
    assert len(st.history) == before, "the barred bet does nothing"


def test_a_bet_by_number_key(app):
    table = start(app, seats=3, opening=3)
    key(app, pygame.K_2, "2")
    settle(app, table)
    assert state_of(table).history[0] == (0, Action("bet", (), "2"))


def test_half_bets_in_the_picker(app):
    table = start(app, seats=3, opening=2, half_bets=True)
    assert [b for b, _ in bet_buttons(table)] == ["0", "0.5", "1", "1.5", "2"]


def test_a_long_picker_wraps_inside_the_window(app):
    table = start(app, seats=2, opening=20, half_bets=True)
    rects = [b.rect for b in table.bar.buttons]
    assert len(rects) == 41
    window = pygame.Rect(0, 0, *table.layout.size)
    assert all(window.contains(r) for r in rects)
    assert len({r.y for r in rects}) > 1


# -- Aces ---------------------------------------------------------------------------------
def _ace_table(app):
    """A table where it is your turn to play and you hold an Ace."""
    for seed in range(40):
        table = start(app, seats=2, seed=seed, opening=5)
        while table.my_turn() and state_of(table).phase == "bet":
            table.act(table.legal()[0])
            settle(app, table)
        aces = [s.code for s in table.human_hand if s.code.startswith("A")]
        if aces and table.my_turn():
            return table, aces[0]
        table.close()
        app.stack.pop()
    raise AssertionError("no seed deals you an Ace")


@pytest.mark.slow
def test_playing_an_ace_asks_high_or_low(app):
    table, ace = _ace_table(app)
    click(app, table.card_rect(ace).center)
    assert [b.label for b in table.popup.buttons] == ["High", "Low"]
    assert "high or low" in table.popup.title
    key(app, pygame.K_2, "2")
    settle(app, table)
    played = [a for s, a in state_of(table).history if s == 0 and a.kind == "play"]
    assert played[-1] == Action.parse(f"play:{ace}:low")


def test_the_ace_popup_leaves_the_prompt_line_readable(app):
    table, ace = _ace_table(app)
    click(app, table.card_rect(ace).center)
    assert table.popup
    app.frame(1 / 60, [])
    log = table.painter.paint_log
    popup = pygame.Rect(next(r for k, r in log.items() if k[:2] == ("panel", "popup")))
    prompt = pygame.Rect(next(r for k, r in log.items() if k[0] == "prompt"))
    assert not popup.colliderect(prompt), (popup, prompt)


# -- the one-card round -------------------------------------------------------------------------
def test_the_one_card_round_shows_the_others_cards_and_hides_yours(app):
    table = start(app, seats=4, opening=1)
    frames(app, 2)
    zones = table.shown_zones()
    assert zones["hand/0"] == [None]
    assert all(zones[f"hand/{s}"] != [None] for s in (1, 2, 3))
    assert "blind" in table.hud.prompt
    table.act(table.legal()[0])
    settle(app, table)                        # the bets are in: you lead, your card turned up
    st = state_of(table)
    assert st.phase == "play" and st.turn == 0
    assert table.shown_zones()["hand/0"] == [st.hands[0][0].code]
    assert "blind" not in table.hud.prompt


# -- banners ------------------------------------------------------------------------------------
@pytest.mark.parametrize("event, words", [
    (Event("babbeo", None, {"seats": [1], "lives": [2, 1, 3]}), ("Babbeo!", "Back in with one life: East")),
    (Event("everyone_out", None, {"tie": True, "seats": [0, 1], "lives": [1, 1, 1]}),
     ("Everyone out: a tie!", "Everyone gains a life")),
    (Event("everyone_out", None, {"tie": False, "seats": [2], "lives": [0, -1, 0]}),
     ("Everyone out!", "West is closest")),
])
def test_babbeo_and_everyone_out_show_a_banner(event, words):
    adapter = BiscaAdapter(SPEC, 3, 0)
    fx = FakeFx()
    layout = Layout((1280, 720), 3, 0, True)
    adapter.effects(event, {}, fx, layout)
    (text, sub), = fx.banners
    assert text == words[0] and sub.startswith(words[1]), (text, sub)


# -- a round's result ---------------------------------------------------------------------------
@pytest.mark.slow
def test_after_a_round_a_sheet_shows_bets_hands_won_and_lives_lost_and_the_deal_waits(app):
    table = start(app, seats=3, seed=5)
    st = state_of(table)
    for _ in range(500):
        if isinstance(app.stack.top, SheetScene):
            break
        settle(app, table)
        if app.stack.top is table and table.my_turn():
            table.act(table.legal()[0])
    sheet_scene = app.stack.top
    assert isinstance(sheet_scene, SheetScene)
    assert sheet_scene.title() == "Round 1: the result"
    sheet, row = sheet_scene.sheet(), st.sheet[0]
    for col in range(3):
        assert sheet.cell("Bet", col) == number(row["bets"][col])
        assert sheet.cell("Hands won", col) == str(row["won"][col])
        loss = row["loss"][col]
        assert sheet.cell("Lives lost", col) == (f"-{number(loss)} ♥" if loss else "Made it")
        assert sheet.cell("Lives", col) == hearts(row["lives"][col])
    # the next round waits below the sheet
    before = table.timeline.time
    frames(app, 30)
    assert table.timeline.time == before and app.stack.top is sheet_scene
    enter_on_sheet(app)                 # "Next round"
    assert app.stack.top is table


def test_the_last_round_leaves_its_result_to_the_result_screen():
    adapter = BiscaAdapter(SPEC, 3, 0)
    layout = Layout((1280, 720), 3, 0, True)
    data = {"round_no": 4, "bets": [1, 0, None], "won": [1, 1, 0], "loss": [0, 1, 0],
            "lives": [2, 0, 0]}
    for final, sheets in ((False, 1), (True, 0)):
        fx = FakeFx()
        adapter.effects(Event("round_scored", None, dict(data, final=final)), {}, fx, layout)
        assert fx.pops == ["Made it", "-1 ♥"] and len(fx.sheets) == sheets
    sheet = adapter.round_sheet(data, layout)
    assert [r.cells for r in sheet.rows] == [["1", "0", "—"], ["1", "1", "—"],
                                             ["Made it", "-1 ♥", "—"], ["♥♥", "Out", "Out"]]


# -- whole games ------------------------------------------------------------------------------
def _act_by_input(app, table: TableScene, step: int) -> None:
    """Your move by mouse or keyboard: a bet button or number key, a card by click or by
    the arrow keys and Enter, an Ace's worth by its popup."""
    legal = table.legal()
    if table.popup:
        if step % 2:
            key(app, pygame.K_1, "1")
        else:
            click(app, table.popup.buttons[1].rect.center)
        return
    if legal[0].kind == "bet":
        enabled = [b for b in table.bar.buttons if b.enabled]
        choice = enabled[step % len(enabled)]
        if choice.hotkey and step % 2:
            key(app, ord(choice.hotkey), choice.hotkey)
        else:
            click(app, choice.rect.center)
        return
    codes = sorted({a.card.code for a in legal})
    target = codes[step % len(codes)]
    if step % 3:
        click(app, table.card_rect(target).center)
        return
    hand = [s.code for s in table.human_hand]
    for _ in range(len(hand) + 1):
        if table.cursor is not None and hand[table.cursor] == target:
            break
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)


@pytest.mark.slow
@pytest.mark.parametrize("seats, options", [(2, {}), (4, {"opening": 4}),
                                            (6, {"half_bets": True, "lives": 2})])
def test_a_whole_game_by_mouse_and_keyboard_reaches_the_result(app, seats, options):
    table = start(app, seats=seats, seed=11, **options)
    st = state_of(table)
    seen = {"bets": 0, "plays": 0, "aces": 0}
    for step in range(5000):
        if isinstance(app.stack.top, ResultScene):
            break
        if isinstance(app.stack.top, SheetScene):
            app.stack.top.go_on()
            continue
        if st.over or 0 in st.view(0)["out"]:
            think(table)
            frames(app, 1)
            continue
        settle(app, table)
        if app.stack.top is not table or not table.my_turn():
            continue
        before = len(st.history)
        popup = bool(table.popup)
        kind = table.legal()[0].kind
        _act_by_input(app, table, step)
        if table.popup and not popup:
            seen["aces"] += 1
            continue
        assert len(st.history) > before, f"step {step}: the input did nothing ({table.hud.error})"
        seen["bets" if kind == "bet" else "plays"] += 1
    result = app.stack.top
    assert isinstance(result, ResultScene) and st.over
    assert seen["bets"] >= 1 and seen["plays"] >= 1
    assert table.drifts == [], "the animation of the events must match the rules' zones"
    winner = st.result()["winners"][0]
    name = table.adapter.seat_name(winner, table.layout)
    assert name in result.title() or (winner == 0 and "You" in result.title())
    sheet = result.sheet()
    assert sheet.rows[-1].label == "Lives" and sheet.highlight == (winner,)


@pytest.mark.slow
@pytest.mark.parametrize("seats, size", [(2, (1280, 720)), (4, (800, 500)), (6, (800, 500)),
                                         (6, (1920, 1080))])
def test_a_whole_game_never_lays_words_on_words_or_cards(display, seats, size):
    """Three rounds: plates, bet labels, the board, the look back button, pops and
    banners stay clear of each other and of the cards at rest, inside the window."""
    app = make_app(display, "fast", size)
    players = [None] + [player("normal")] * (seats - 1)
    table = open_table(app, "bisca", push=False, seed=4, players=players,
                       think_delay=(0.05, 0.1), options={"opening": 3})
    app.stack.push(table)
    problems = watch(app, table, lambda t: t.act(t.legal()[0]),
                     lambda: state_of(table).round_no > 3 or state_of(table).over)
    assert problems == set()
    table.close()
