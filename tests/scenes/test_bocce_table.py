"""Bocce at the table: the words of its screen, its buttons, and a whole game
played with the mouse and the keyboard through the table scene."""

from __future__ import annotations

import copy

import pygame
import pytest

from game.engine import Action, Event
from scenes.table.result import ResultScene, SheetScene
from scenes.tables.bocce import points_words
from tests.scenes.tablekit import (
    card_box,
    click,
    enter_on_sheet,
    frames,
    key,
    make_app,
    open_table,
    played,
    settle,
    state_of,
    think,
    until_sheet,
    watch,
)


@pytest.fixture
def app(display):
    return make_app(display)


DT = 1 / 60


def start(app, seed=3, **kw):
    open_table(app, "bocce", seed=seed, think_delay=(0.0, 0.0), **kw)
    table = app.stack.top
    settle(app, table)
    return table


def label_texts(table):
    return [label.text for label in table.adapter.labels(table.shown, table.layout)]


def test_lag_screen_shows_the_rule_texts_words(app):
    table = start(app)
    texts = label_texts(table)
    assert "Pallino: ?" in texts
    assert "The Lag — Tossing the Pallino" in texts
    assert "Your Hand" in texts and "Your Bocce" in texts
    assert "Hand" in texts and "Bocce" in texts
    board = [text for text, _ in table.adapter.scoreboard(table.shown, table.layout)]
    assert "You: 0 — Computer: 0" in board
    assert "Hand 1 — Frame 1 of 3" in board


def test_lag_cards_are_legal_and_highlighted(app):
    table = start(app)
    assert table.view["phase"] == "lag"
    assert len(table.human_hand) == 3
    assert all(s.legal for s in table.human_hand)
    assert [b.label for b in table.bar.buttons] == ["Hint"], \
        "no buttons in the lag but the hint: you commit a hand card"


def test_an_ace_asks_one_or_ten_in_a_popup(app):
    table = start(app, seed=3)  # seed 3 deals the Ace of Clubs to the human
    assert "AC" in [s.code for s in table.human_hand]
    click(app, table.card_rect("AC").center)
    assert [b.label for b in table.popup.buttons] == ["1", "10"]
    key(app, pygame.K_2, "2")
    settle(app, table)
    assert (0, Action.parse("commit:AC:10")) in state_of(table).history


def test_the_computer_commit_stays_face_down_until_both_committed(app):
    table = start(app, seed=5)
    # the computer commits first (the human has not acted yet)
    for _ in range(50):
        think(table)
        frames(app, 1)
        if state_of(table).lag[1] is not None:
            break
    assert state_of(table).lag[1] is not None
    frames(app, 3)
    assert table.shown_zones().get("lag/1") == [None]
    assert "Committed" in label_texts(table)


def test_rolling_shows_draw_and_stand_buttons_with_hotkeys(app):
    table = start(app, seed=3)
    click(app, table.card_rect(table.human_hand[0].code).center)
    if table.popup:
        key(app, pygame.K_1, "1")
    settle(app, table)
    assert state_of(table).first_of_game == 0, "seed 3: you roll first"
    assert table.view["phase"] == "roll" and table.view["rolling"] == 0
    labels = [b.label for b in table.bar.buttons]
    assert any(label.startswith("Stand at") for label in labels)
    hotkeys = {b.hotkey for b in table.bar.buttons}
    assert "S" in hotkeys


def test_a_click_in_the_roll_on_a_hand_card_is_explained(app):
    table = start(app, seed=3)
    click(app, table.card_rect(table.human_hand[0].code).center)
    if table.popup:
        key(app, pygame.K_1, "1")
    settle(app, table)
    card = table.human_hand[0]
    click(app, table.card_rect(card.code).center)
    assert table.hud.error
    assert "lag is over" in table.hud.error or "Wait" in table.hud.error


def play_whole_game(app, table, sheets=None):
    """The human: the first hand card in the lag (mouse; the Ace as 1 by key),
    then draw (D key) while far below the pallino, else the best stand (mouse);
    each hand's score sheet closed with Enter (its title added to ``sheets``)."""
    turns = 0
    while app.stack.top is table or isinstance(app.stack.top, SheetScene):
        if isinstance(app.stack.top, SheetScene):
            if sheets is not None:
                sheets.append(app.stack.top.title())
            enter_on_sheet(app)
            continue
        settle(app, table)
        if app.stack.top is not table:
            continue
        turns += 1
        assert turns < 2000
        view = table.view
        if view["phase"] == "lag":
            code = table.human_hand[0].code
            click(app, table.card_rect(code).center)
            if table.popup:
                key(app, pygame.K_1, "1")
        else:
            b = view["bocce"][0][view["frame"] - 1]
            draw = table.bar.by_hotkey("d")
            if draw is not None and b["total"] is not None and b["total"] < view["pallino"] - 4:
                key(app, pygame.K_d, "d")
            else:
                stand = table.bar.by_hotkey("s")
                assert stand is not None
                click(app, stand.rect.center)
    return turns


@pytest.mark.slow
def test_a_whole_game_by_mouse_and_keyboard_reaches_the_result(app, tmp_path):
    table = start(app, seed=11)
    sheets = []
    turns = play_whole_game(app, table, sheets)
    assert turns > 6
    assert state_of(table).over
    hands = state_of(table).hand_no
    assert sheets == [f"Hand {n} scored" for n in range(1, hands)], \
        "a sheet after every hand but the last (the result shows that one)"
    assert isinstance(app.stack.top, ResultScene)
    assert table.drifts == [], "the animation of the events must match the rules' zones"
    # the screen shows the rules' final zones
    want = {z: cs for z, cs in table.view["zones"].items() if cs}
    assert table.shown_zones() == want
    frames(app, 2)
    pygame.image.save(app.screen, str(tmp_path / "test_bocce_result.png"))


def test_keys_pressed_while_the_cards_are_dealt_only_hurry_the_deal(app):
    """A key during an animation is spent on hurrying it: a card is committed only by a
    key pressed once the table is ready."""
    app.settings.animation_speed = "normal"
    # the computer takes its time, so that nothing moves once the deal has landed
    table = open_table(app, "bocce", push=False, seed=5, think_delay=(30.0, 31.0))
    app.stack.push(table)
    frames(app, 5)
    assert table.busy and table.my_turn()
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert table.timeline.hurried
    for _ in range(300):
        if not table.busy:
            break
        frames(app, 1)
    frames(app, 3)
    assert not any(seat == 0 for seat, _ in state_of(table).history)
    first = table.view["zones"]["hand/0"][0]
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    if table.popup:                       # an Ace: 1 or 10
        key(app, pygame.K_RETURN)
    mine = [a for seat, a in state_of(table).history if seat == 0]
    assert mine and mine[0].kind == "commit" and mine[0].card.code == first


# -- layout ---------------------------------------------------------------------------------
def simple_player(table):
    """The first card in the lag; draw while far below the pallino, else the best stand."""
    legal = table.legal()
    view = table.view
    if view["phase"] == "roll":
        b = view["bocce"][0][view["frame"] - 1]
        draw = [a for a in legal if a.kind == "draw"]
        if draw and b["total"] is not None and b["total"] < view["pallino"] - 4:
            table.act(draw[0])
            return
        stands = sorted((a for a in legal if a.kind == "stand"), key=lambda a: -int(a.value))
        if stands:
            table.act(stands[0])
            return
    table.act(legal[0])


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (1920, 1080)])
def test_a_whole_hand_never_lays_words_on_words_or_cards(display, size):
    """Labels, chips, plates, prompt, buttons, banners and score pops (the end of the
    hand's "+0" and "+3" among the status chips) stay clear of each other, in the window;
    each hand's name keeps beside it as the next hand is dealt."""
    app = make_app(display, "fast", size)
    table = open_table(app, "bocce", push=False, seed=5, think_delay=(0.1, 0.2))
    app.stack.push(table)
    problems = watch(app, table, simple_player,
                     lambda: table.shown.get("hand") == 2 and not table.busy)
    assert problems == set()
    table.close()


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (1920, 1080)])
def test_each_hand_is_named_just_beside_it_yours_left_the_others_right(display, size):
    """The other's hand is named on its right: on its left lies its plate, which the
    larger words push right past the score board (scenes/table/painting.py)."""
    app = make_app(display, "instant", size)
    table = start(app, seed=5)
    lay = table.layout
    for zone, name, anchor in (("hand/0", "Your Hand", "midright"), ("hand/1", "Hand", "midleft")):
        label = next(lb for lb in table.adapter.labels(table.shown, lay) if lb.text == name)
        cards = [card_box(table, s) for s in table.zones[zone]]
        assert label.anchor == anchor
        if anchor == "midright":
            gap = min(r.left for r in cards) - label.pos[0]
        else:
            gap = label.pos[0] - max(r.right for r in cards)
        assert 0 < gap <= lay.font(12) + 2, (name, gap, label.pos)
        assert abs(label.pos[1] - sum(r.centery for r in cards) / len(cards)) < lay.card_h * 0.1


def test_the_roll_line_names_the_next_roller_as_soon_as_a_bocce_stands(app):
    table = start(app)
    adapter, shown = table.adapter, copy.deepcopy(table.shown)
    shown.update(phase="roll", frame=1, pallino=12, rolling=0)
    adapter.patch(shown, Event("stand", 0, {"bocce": 0, "total": 10, "totals": [10],
                                            "points": 3, "next": 1}))
    assert shown["rolling"] == 1
    assert "Computer" in adapter._phase_line(shown, table.layout)
    adapter.patch(shown, Event("bust", 1, {"bocce": 0, "total": 15, "totals": [15],
                                           "points": 0, "next": None, "moves": []}))
    assert shown["rolling"] is None, "both bocce of the frame are done"


# -- the end of a hand ---------------------------------------------------------------------
def play_to_the_hand_sheet(app, table):
    """Play (as the simple player) until the hand's score sheet shows."""
    for _ in range(4000):
        if isinstance(app.stack.top, SheetScene):
            return app.stack.top
        if not table.busy and table.my_turn():
            simple_player(table)
        think(table)
        played(app)                 # the hand's play is not looked at: its sheet is
    raise AssertionError("no sheet at the end of the hand")


@pytest.mark.slow
def test_each_hand_ends_on_a_sheet_of_what_happened_that_waits_for_the_player(app):
    table = start(app, seed=5)
    sheet_scene = play_to_the_hand_sheet(app, table)
    scored = state_of(table).last_hand
    assert sheet_scene.title() == "Hand 1 scored"
    sheet = sheet_scene.sheet()
    assert sheet.columns == ["You", "Computer"]
    for i, pallino in enumerate(scored["pallinos"]):
        label = f"Frame {i + 1} · Pallino {pallino}"
        for col, seat in enumerate((0, 1)):
            fate = scored["bocce"][seat][i]
            cell = sheet.cell(label, col)
            assert cell.startswith(f"{fate['total']} · ")
            assert cell.endswith({"finished": points_words(fate["points"]), "bust": "Out of bounds",
                                  "knocked_out": "Knocked out by "
                                  + ("you" if seat == 1 else "Computer")}[fate["status"]])
    for col, seat in enumerate((0, 1)):
        assert sheet.cell("Hand 1", col) == f"+{scored['hand_points'][seat]}"
        assert sheet.cell("Score", col) == str(scored["scores"][seat])
    # the next hand waits below the sheet, however long the player reads
    assert table.busy
    shown_hand = table.shown["hand"]
    played(app, 600)
    assert app.stack.top is sheet_scene and table.shown["hand"] == shown_hand
    enter_on_sheet(app)                         # "Next hand"
    assert app.stack.top is table
    settle(app, table)
    assert table.shown["hand"] == 2 and len(table.human_hand) == 3


def test_the_hand_sheet_says_out_of_bounds_and_who_knocked_a_bocce_out(app):
    table = start(app)
    adapter, lay = table.adapter, table.layout

    def fate(total, status, points=0, by=None):
        return {"total": total, "status": status, "points": points,
                "knocked_by": None if by is None else {"seat": by, "frame": 3}}

    hand = {"hand": 2, "pallinos": [5, 19, 17], "hand_points": [0, 6], "scores": [9, 14],
            "bocce": [[fate(17, "bust"), fate(9, "knocked_out", by=1), fate(12, "finished", 1)],
                      [fate(5, "finished", 3), fate(17, "knocked_out", by=0),
                       fate(16, "finished", 2)]]}
    sheet = adapter.hand_sheet(hand, hand["scores"], lay)
    assert [r.label for r in sheet.rows] == ["Frame 1 · Pallino 5", "Frame 2 · Pallino 19",
                                             "Frame 3 · Pallino 17", "Hand 2", "Score"]
    assert [r.cells for r in sheet.rows[:3]] == [
        ["17 · Out of bounds", "5 · +3 points"],
        ["9 · Knocked out by Computer", "17 · Knocked out by you"],
        ["12 · +1 point", "16 · +2 points"]]
    assert sheet.rows[3].cells == ["+0", "+6"] and sheet.rows[4].cells == ["9", "14"]


@pytest.mark.slow
def test_a_table_nobody_plays_closes_the_hand_sheet_by_itself(display):
    app = make_app(display, "instant")
    table = open_table(app, "bocce", seed=5, seat=None, auto_close=0.3)
    sheet_scene = until_sheet(app, table, 20000)
    frames(app, 30)
    assert app.stack.top is not sheet_scene, "closed by itself"
    table.close()


@pytest.mark.slow
def test_the_result_shows_the_hand_that_ended_the_game_and_the_final_score(app, tmp_path):
    table = start(app, seed=11)
    play_whole_game(app, table)
    result = app.stack.top
    assert isinstance(result, ResultScene)
    sheet = result.sheet()
    last = table.view["last_hand"]
    assert sheet.cell(f"Hand {last['hand']}", 0) == f"+{last['hand_points'][0]}"
    assert [sheet.cell("Final score", c) for c in (0, 1)] == \
        [str(s) for s in table.result["scores"]]
    assert sheet.highlight == tuple(table.result["winners"])
    frames(app, 2)
    app.draw()
    pygame.image.save(app.screen, str(tmp_path / "test_bocce_result_sheet.png"))


# -- the look back at the last frame ------------------------------------------------------
@pytest.mark.slow
def test_the_last_frame_button_shows_once_a_frame_is_over_and_l_opens_it(app, tmp_path):
    from scenes.table.lookback import LookBackScene

    table = start(app, seed=5)
    frames(app, 2)
    app.draw()
    assert table.painter.look_rect is None, "nothing to look back at yet"
    key(app, pygame.K_l)
    assert app.stack.top is table
    while not table.shown.get("last_frame"):
        simple_player(table)
        settle(app, table)
    app.draw()
    assert table.painter.look_label == "Last frame" and table.painter.look_rect is not None
    key(app, pygame.K_l)
    look = app.stack.top
    assert isinstance(look, LookBackScene)
    last = table.view["last_frame"]
    assert look.look.title == f"Last frame — Hand 1, Frame {last['frame']}"
    rows = {(r.label, r.tone): r for r in look.look.rows}
    assert rows[("The lag", "head")].note == f"Pallino: {last['pallino']}"
    card_rows = [r for r in look.look.rows if r.tone != "head"]
    assert [r.label for r in card_rows] == ["You", "Computer", "You", "Computer"]
    assert [r.cards for r in card_rows[:2]] == [[last["lag"][0]["card"]], [last["lag"][1]["card"]]]
    assert [r.note for r in card_rows[:2]] == [f"+{last['lag'][s]['worth']}" for s in (0, 1)]
    assert [r.cards for r in card_rows[2:]] == [last["bocce"][s]["cards"] for s in (0, 1)]
    assert [r.note for r in card_rows[2:]] == \
        [table.adapter.sheets.fate_words(last["bocce"][s], table.layout) for s in (0, 1)]
    # only cards every player saw: the spectator's view holds the same frame
    spectator = state_of(table).view(None)["last_frame"]
    assert spectator == last
    frames(app, 2)
    app.draw()
    pygame.image.save(app.screen, str(tmp_path / "test_bocce_look_back.png"))
    for k in (pygame.K_ESCAPE, pygame.K_l, pygame.K_RETURN):
        key(app, k)
        assert app.stack.top is table
        key(app, pygame.K_l)
        assert isinstance(app.stack.top, LookBackScene)
    click(app, (5, 5))
    assert app.stack.top is table
    app.draw()
    click(app, table.painter.look_rect.center)          # the button under the score board
    assert isinstance(app.stack.top, LookBackScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table


@pytest.mark.slow
def test_the_look_back_never_acts_in_the_game(app):
    table = start(app, seed=5)
    while not table.shown.get("last_frame"):
        simple_player(table)
        settle(app, table)
    assert table.my_turn()
    mine = [a for s, a in state_of(table).history if s == 0]
    key(app, pygame.K_l)
    key(app, pygame.K_RETURN)       # closes the look back: plays nothing
    key(app, pygame.K_l)
    click(app, (table.layout.width // 2, table.layout.height - 5))  # a click closes it too
    assert app.stack.top is table
    assert [a for s, a in state_of(table).history if s == 0] == mine


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (1920, 1080)])
def test_the_look_back_fits_its_panel_and_the_window(display, size):
    from scenes.table.lookback import LookBack, LookBackScene, LookRow

    app = make_app(display, "instant", size)
    table = start(app, seed=5)
    long = LookBack("Last frame — Hand 12, Frame 3", "Last frame", [
        LookRow("The lag", note="Pallino: 20", tone="head"),
        LookRow("You", ["AS"], "+10"), LookRow("Computer", ["KD"], "+10"),
        LookRow("The bocce", tone="head"),
        LookRow("You", ["AS", "2S", "3S", "4S", "5S", "6S", "AH"], "19 · Knocked out by Computer",
                "bad"),
        LookRow("Computer", ["TD", "9D"], "19 · +3 points", "good")])
    scene = LookBackScene(app, table, long)
    window = pygame.Rect(0, 0, *size)
    assert window.contains(scene.panel)
    body_w, body_h = scene._body_size(scene.m)
    assert body_w <= scene.panel.w and scene.panel.y + body_h < scene.focus.buttons[0].rect.top
    assert scene.panel.contains(scene.focus.buttons[0].rect)


# -- a bust or a knock-out stays on the table with its words until the next step -------
def _until_a_bust(app, table, limit: int = 4000):
    """You draw whenever you may (sheets closed) until an update with a bust is taken."""
    for _ in range(limit):
        if isinstance(app.stack.top, SheetScene):
            app.stack.top.go_on()
        if any(e.kind == "bust" for e in table.update_msg.events):
            return next(e for e in table.update_msg.events if e.kind == "bust")
        if not table.busy and table.my_turn():
            draw = [a for a in table.legal() if a.kind == "draw"]
            table.act(draw[0] if draw else table.legal()[0])
        think(table)
        played(app)                 # the way to it is read in the updates, not looked at
    raise AssertionError("no bust")


@pytest.mark.slow
@pytest.mark.parametrize("speed", ["slow", "normal", "fast"])
def test_a_busted_bocce_stays_with_its_words_until_the_next_step(display, speed, tmp_path):
    """From the frame "Out of bounds" shows, the busted bocce's cards stay face up in
    their place for the hold (at this speed), and only then go to the discard."""
    from scenes.settings import ANIMATION_SPEEDS
    from scenes.tables import LINGER_HOLD

    app = make_app(display, speed)
    table = open_table(app, "bocce", seed=3, think_delay=(0.5, 0.6))
    settle(app, table)
    bust = _until_a_bust(app, table)
    bocce = bust.data["moves"][0]["src"]
    codes = sorted(m["card"] for m in bust.data["moves"])
    said = held = 0
    for _ in range(2000):
        frames(app, 1)
        on_show = sorted(s.shown for s in table.zones.get(bocce, []) if s.shown)
        words = [lb.text for lb in table.adapter.labels(table.shown, table.layout)]
        if "Out of bounds" in words:
            said += 1
            if on_show != codes:
                break
            held += 1
            if held == 1:
                pygame.image.save(app.screen, str(tmp_path / f"test_bocce_bust_{speed}.png"))
        else:
            assert said == 0, "the words stay while the cards do"
    assert said, "Out of bounds was said"
    least = (0.2 + LINGER_HOLD) / ANIMATION_SPEEDS[speed]
    assert held * DT >= least - 2 * DT, (held, least)
    settle_frames = 0
    while table.busy and settle_frames < 2000:
        played(app)
        settle_frames += 1
    assert not table.zones.get(bocce) and not table.drifts
    table.close()


@pytest.mark.slow
def test_at_instant_a_bust_goes_at_once(display):
    app = make_app(display, "instant")
    table = open_table(app, "bocce", seed=3, think_delay=(0.0, 0.0))
    settle(app, table)
    bust = _until_a_bust(app, table)
    frames(app, 1)
    assert not table.zones.get(bust.data["moves"][0]["src"])
    assert not table.animator.lingering and not table.drifts
    table.close()


def test_what_a_bocce_scored_is_said_in_points_not_a_bare_plus():
    assert points_words(3) == "+3 points" and points_words(1) == "+1 point"
    assert points_words(0) == "+0 points"
