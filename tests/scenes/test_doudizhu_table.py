"""Dou Dizhu at the table: the bidding panel (disabled bids say why), the three cards
shown and added to the landlord's hand, the landlord badge, a 20-card hand readable
at 1280x720 and 800x500, picking cards, a Play button that names the play, Pass and
Hint, each play in front of its player until the trick clears, cards left, the stake,
and a whole game played by scripted clicks through the table scene."""

from __future__ import annotations

import copy
import random
import time

import pygame
import pytest

from game.cards import cards
from game.doudizhu import SPEC
from game.doudizhu.state import PASS, play_of
from game.engine import Action, Event
from scenes.kit.layout import Layout
from scenes.table.result import ResultScene, SheetScene
from scenes.tables.doudizhu import DoudizhuAdapter, play_value, play_words
from tests.scenes.tablekit import (
    FakeFx,
    click,
    frames,
    key,
    labels,
    layout_problems,
    make_app,
    open_table,
    session_of,
    settle,
    state_of,
    think,
    wait_for_hint,
)

#: one frame of the tests' clock
DT = 1 / 60


class Script:
    """A computer seat that bids and plays as told, then passes or plays its first play."""

    name = "script"

    def __init__(self, bid: str | None = None) -> None:
        self.bid = bid

    def choose(self, view, legal, rng):
        if view["phase"] == "bid":
            want = Action("bid", (), self.bid) if self.bid else PASS
            return want if want in legal else PASS
        plays = [a for a in legal if a.kind == "play"]
        if view.get("last") is None:
            return plays[0]
        return PASS if PASS in legal else plays[0]


def start(display, size=(1280, 720), bids=(None, None), seed=3, hands=1):
    app = make_app(display, "instant", size)
    table = open_table(app, "doudizhu", seed=seed, players=[None, Script(bids[0]),
                                                           Script(bids[1])],
                       options={"hands": hands})
    settle(app, table)
    session_of(table).advice_playouts = 6        # a hint's search: a count, not a time
    return app, table


def button(table, label):
    return next(b for b in table.bar.buttons if b.label == label)


def hint(app, table):
    """Press Hint; the first press in a position waits for Hard, thinking in its thread."""
    click(app, button(table, "Hint").rect.center)
    wait_for_hint(app, table)


def become_landlord(app, table):
    click(app, button(table, "Bid 3").rect.center)
    settle(app, table)


# -- bidding ----------------------------------------------------------------------------------
def test_the_bidding_panel_offers_pass_and_the_three_bids(display):
    app, table = start(display)
    assert [b.label for b in table.bar.buttons] == ["Pass", "Bid 1", "Bid 2", "Bid 3"]
    assert all(b.enabled for b in table.bar.buttons)
    assert table.bar.title == "Bidding"


@pytest.mark.slow
def test_bids_not_allowed_are_disabled_and_a_click_says_why(display):
    app, table = start(display, seed=4)
    state = state_of(table)
    # seat 0 bids first in the first hand; pass round to a later hand is too slow, so
    # let the human bid 1 and see what the computers' higher bid leaves
    click(app, button(table, "Bid 1").rect.center)
    settle(app, table)
    assert state.high_bid == 1 and state.landlord == 0, "the computers passed"
    # a fresh table where a computer bids 2 before the human
    app, table = start(display, bids=("2", None), seed=5, hands=3)
    click(app, button(table, "Pass").rect.center)
    settle(app, table)
    st = state_of(table)
    while st.turn != 0 or st.phase != "bid":     # the next hand: seat 1 bids 2 first
        table.act(table.legal()[0])
        settle(app, table)
        if isinstance(app.stack.top, SheetScene):
            app.stack.top.go_on()
            settle(app, table)
    assert st.high_bid == 2
    enabled = {b.label: b.enabled for b in table.bar.buttons}
    assert enabled == {"Pass": True, "Bid 1": False, "Bid 2": False, "Bid 3": True}
    assert "more than 2" in table.bar.title
    click(app, button(table, "Bid 1").rect.center)
    frames(app, 2)
    assert table.hud.error == "Bid more than 2, or pass."
    assert st.high_bid == 2


def test_the_three_cards_are_shown_and_join_the_landlords_hand(display):
    app, table = start(display)
    kitty = [c.code for c in state_of(table).kitty]
    assert len(table.zones["kitty"]) == 3 and not any(s.face_up for s in table.zones["kitty"])
    become_landlord(app, table)
    state = state_of(table)
    assert state.landlord == 0 and len(table.human_hand) == 20
    hand = [s.code for s in table.human_hand]
    assert set(kitty) <= set(hand)
    assert hand == [c.code for c in state.hands[0]], "the three cards land in their places"
    assert table.drifts == []
    shown = [label.icon for label in table.adapter.labels(table.shown, table.layout)
             if label.icon]
    assert shown == kitty, "the three cards stay shown to all"
    assert "Landlord" in labels(table) and labels(table).count("Peasant") == 2
    assert table.adapter.plate_info(table.shown, 0) == "20 cards"
    assert any(t.startswith("Bid 3 × 1 = stake 3") for t in labels(table))


# -- the hand and the selection -----------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_a_hand_of_twenty_is_readable(display, size):
    app, table = start(display, size)
    become_landlord(app, table)
    hand = table.human_hand
    assert len(hand) == 20
    xs = [s.x for s in hand]
    steps = [b - a for a, b in zip(xs, xs[1:])]
    # each card shows a strip wide enough for its index (rank and suit)
    assert min(steps) >= max(16, table.layout.card_w * 0.22), (size, min(steps))
    frames(app, 5)
    assert layout_problems(table) == set(), size


@pytest.mark.slow
def test_play_lights_up_only_for_a_legal_pick_and_names_it(display):
    app, table = start(display)
    become_landlord(app, table)
    play = button(table, "Play")
    assert not play.enabled
    hand = state_of(table).hands[0]
    lowest = hand[0].code
    click(app, table.card_rect(lowest).center)
    frames(app, 2)
    assert table.bar.buttons[0].enabled and table.bar.buttons[0].label == "Play: Single"
    # a card of another rank beside it makes no combination (unless a pair)
    other = next(c.code for c in hand if c.code[0] != lowest[0] and c.code[0] != "2")
    click(app, table.card_rect(other).center)
    frames(app, 2)
    assert not table.bar.buttons[0].enabled and table.bar.buttons[0].label == "Play"
    key(app, pygame.K_RETURN)
    assert table.hud.error == "Those cards are not a combination."


@pytest.mark.slow
def test_hint_cycles_through_legal_plays_and_play_plays_the_pick(display):
    app, table = start(display)
    become_landlord(app, table)
    seen = []
    for _ in range(4):
        hint(app, table)
        frames(app, 1)
        seen.append(sorted(table.selected))
        assert table.bar.buttons[0].enabled and table.bar.buttons[0].label.startswith("Play: ")
    assert len({tuple(s) for s in seen}) == 4, "each press picks the next play"
    picked = list(table.selected)
    click(app, table.bar.buttons[0].rect.center)
    state = state_of(table)
    mine = [a for s, a in state.history if s == 0 and a.kind == "play"]
    assert mine == [play_of(cards(picked))], "the picked cards were played"
    assert mine[0].value == play_value(picked)


@pytest.mark.slow
def test_the_cards_you_pick_are_the_cards_that_land_whatever_their_suits(display):
    """Suits never matter to the rules, but everyone sees them: the table sends the
    cards you picked, and those (not the first of their rank) land on the table."""
    app, table = start(display)
    become_landlord(app, table)
    hand = state_of(table).hands[0]
    letters = [play_value([c.code]) for c in hand]
    rank = next(ch for ch in letters if letters.count(ch) >= 2 and ch not in "BR")
    last = [c.code for c in hand if play_value([c.code]) == rank][-1]   # not the first
    rect = table.card_rect(last)
    click(app, (rect.left + 6, rect.centery))       # its own strip, left of the next card
    frames(app, 2)
    assert table.selected == [last] and table.bar.buttons[0].enabled
    click(app, table.bar.buttons[0].rect.center)
    frames(app, 1)
    assert [s.code for s in table.zones["trick/0"]] == [last]
    assert state_of(table).trick[0] == cards([last])
    assert last not in [c.code for c in state_of(table).hands[0]]


def test_a_follower_of_the_hint_shows_suits_that_tell_nothing_of_the_rest_of_the_hand():
    """The hint picks the cards of a play (Hard's own, or drawn among those held of each
    rank), never the first of each rank in the hand's order: a player who follows it
    would show which suits of a rank they lack (tests/game/test_ai_doudizhu.py's twins)."""
    from tests.game.test_ai_doudizhu import shown_alike, twins

    adapter = DoudizhuAdapter(SPEC, 3)

    def follow(state, rng: random.Random) -> list[str]:
        adapter.suits = rng
        return adapter.selection_hints(state.view(0), state.legal_actions(0),
                                       Action("play", (), "7"))[0]

    shown_alike(follow)
    state = twins()[0]
    for seven in ("7C", "7D"):                       # Hard's own card is the one picked
        hard = Action("play", tuple(cards([seven])), "7")
        assert adapter.selection_hints(state.view(0), state.legal_actions(0), hard)[0] == [seven]


@pytest.mark.slow
def test_the_first_hint_is_hards_play_thought_off_the_frame_loop_with_why(display):
    app, table = start(display)
    become_landlord(app, table)
    click(app, button(table, "Hint").rect.center)
    assert table.input.hint_wait == table.version and table.selected == []   # Hard thinks meanwhile
    assert any("Thinking" in t.text for t in app.toasts.items)
    for _ in range(3000):
        if table.input.hint_wait is None:
            break
        time.sleep(0.002)
        frames(app, 1)
    advice = table.input.advice
    assert advice is not None and advice.action.kind == "play"
    assert play_value(table.selected) == advice.action.value          # Hard's play is picked
    assert any("deals like yours" in t.text for t in app.toasts.items)  # with one line of why
    name = table.adapter.hint_name(table.view, advice.action)      # "Single", "Pair", ...
    assert name == table.adapter.selection_label(table.view, advice.action).split(": ")[-1]
    assert any(t.text.startswith(name + " — ") for t in app.toasts.items), \
        "the line names the play picked, as every hint's line does"
    assert advice == session_of(table).advise(0)                        # the session's answer


@pytest.mark.slow
def test_each_play_lies_in_front_of_its_player_until_the_trick_clears(display):
    app, table = start(display)
    become_landlord(app, table)
    hint(app, table)
    picked = list(table.selected)
    click(app, table.bar.buttons[0].rect.center)
    frames(app, 1)
    assert sorted(s.code for s in table.zones["trick/0"]) == sorted(picked)
    bottom = table.layout.seat(0).hand[1]
    assert all(s.y < bottom - table.layout.card_h * 0.6 for s in table.zones["trick/0"])
    settle(app, table)             # the two computers pass: the trick clears, you lead again
    assert state_of(table).last is None
    assert table.zones["trick/0"] == [] and len(table.zones["out"]) == len(picked)


def test_keyboard_picks_and_plays(display):
    app, table = start(display)
    become_landlord(app, table)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE, " ")
    assert len(table.selected) == 1
    key(app, pygame.K_RETURN)
    assert state_of(table).plays[0] == 1


# -- a whole game --------------------------------------------------------------------------------
@pytest.mark.slow
def test_a_whole_game_by_scripted_clicks(display):
    """You bid, pick with Hint (or by clicking cards), play or pass by the buttons, and go
    on after each hand's sheet, until the result screen."""
    app, table = start(display, seed=11, hands=2)
    rng = random.Random(11)
    named = set()
    for _ in range(2000):
        top = app.stack.top
        if isinstance(top, ResultScene):
            break
        if isinstance(top, SheetScene):
            top.go_on()
            continue
        settle(app, table)
        if app.stack.top is not table or table.over:
            continue
        labels_now = [b.label for b in table.bar.buttons]
        if "Bid 1" in labels_now:
            choice = rng.choice([b for b in table.bar.buttons if b.enabled])
            click(app, choice.rect.center)
            continue
        if "Hint" in labels_now and ("Pass" not in labels_now or rng.random() < 0.8):
            for _ in range(rng.randrange(1, 3)):
                hint(app, table)
            play = table.bar.buttons[0]
            assert play.enabled
            named.add(play.label)
            click(app, play.rect.center)
        else:
            click(app, button(table, "Pass").rect.center)
        think(table)
    else:
        raise AssertionError("the game never ended")
    state = state_of(table)
    assert state.over and len(state.sheet) == 2
    assert sum(state.totals) == 0
    assert any(label.startswith("Play: ") for label in named)
    assert table.drifts == []


def test_a_computer_landlord_shows_the_three_cards_and_hides_them_in_its_hand(display):
    app, table = start(display, bids=("3", None))
    kitty = [c.code for c in state_of(table).kitty]
    click(app, button(table, "Pass").rect.center)
    settle(app, table)
    state = state_of(table)
    assert state.landlord == 1
    assert all(not s.face_up for s in table.zones["hand/1"])
    assert len(table.zones["hand/1"]) == len(state.hands[1]) and table.drifts == []
    assert [label.icon for label in table.adapter.labels(table.shown, table.layout)
            if label.icon] == kitty


def test_a_drag_across_the_fan_picks_a_straight(display):
    app, table = start(display)
    become_landlord(app, table)
    hand = [s.code for s in table.human_hand]
    order = "3456789TJQKA"
    # five neighbours in the fan of five ranks in a row (seed 3: 9 10 J Q K)
    window = next(hand[i:i + 5] for i in range(len(hand) - 4)
                  if "".join(c[0] for c in hand[i:i + 5]) in order)
    y = table.card_rect(window[0]).top + 12
    x0 = table.card_rect(window[0]).left + 6
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=(x0, y), rel=(0, 0),
                                          buttons=(0, 0, 0))])
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x0, y), button=1)])
    for code in window[1:]:
        x = table.card_rect(code).left + 6      # the visible strip of each next card
        app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 0),
                                              buttons=(1, 0, 0))])
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1)])
    frames(app, 2)
    assert sorted(table.selected) == sorted(window)
    assert table.bar.buttons[0].enabled
    assert table.bar.buttons[0].label == "Play: Straight, 5 cards"


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_a_whole_hand_at_normal_pace_never_puts_words_on_words_or_cards(display, size):
    """Played at the app's pace (banners, pops, flights), the table is checked as drawn:
    no words cut by the window, on other words, or on a card at rest; no drift."""
    from tests.scenes.tablekit import watch

    app = make_app(display, "fast", size)
    table = open_table(app, "doudizhu", seed=21, options={"rules": "classic", "hands": 1})
    rng = random.Random(1)

    def act(t):
        legal = t.legal()
        plays = [a for a in legal if a.kind == "play"]
        t.act(rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(legal))

    problems = watch(app, table, act, lambda: table.over, limit=20000)
    assert problems == set(), size
    assert table.drifts == []


@pytest.mark.slow
def test_who_passed_shows_until_the_trick_is_swept_and_the_play_name_leaves_with_its_cards(
        display):
    from game.engine import Event

    app, table = start(display)
    become_landlord(app, table)
    hint(app, table)
    click(app, table.bar.buttons[0].rect.center)
    frames(app, 1)
    adapter, shown = table.adapter, copy.deepcopy(table.shown)
    last = shown["last"]
    assert last["seat"] == 0
    kind = play_words(last["kind"], last["size"])
    shown.update(passes=0, turn=1)      # as your play landed (East has answered since)

    def texts(zones=None):
        view = dict(shown, zones=zones or table.shown_zones())
        return [label.text for label in adapter.labels(view, table.layout)]

    assert "Pass" not in texts() and kind in texts()
    adapter.patch(shown, Event("pass", 1, {}))
    assert texts().count("Pass") == 1
    adapter.patch(shown, Event("pass", 2, {}))
    assert texts().count("Pass") == 2 and kind in texts(), "both passes stay, and the play"
    sweeping = dict(table.shown_zones())
    sweeping["trick/0"] = sweeping["trick/0"][1:]     # the first card is on its way out
    assert "Pass" not in texts(sweeping) and kind not in texts(sweeping), \
        "the words leave with the trick's cards"
    settle(app, table)
    assert "Pass" not in labels(table) and state_of(table).last is None


def test_words_on_the_plates_labels_and_sheet(display):
    app, table = start(display, hands=2)
    adapter = table.adapter
    assert adapter.plate_info({"counts": [1, 2, 17]}, 0) == "1 card"
    assert adapter.plate_info({"counts": [1, 2, 17]}, 1) == "2 cards"
    click(app, button(table, "Pass").rect.center)
    frames(app, 1)
    assert "Pass" in labels(table) and "No bid" not in labels(table), \
        "a pass in the bidding is called as its button says"
    rows = [{"hand_no": 1, "landlord": 0, "bid": 2, "multiplier": 1, "delta": [4, -2, -2]}]
    sheet = adapter.sheet(rows, table.layout)
    words = [sheet_row.label for sheet_row in sheet.rows] + \
        [cell for sheet_row in sheet.rows for cell in sheet_row.cells]
    assert "−2" in words and "-2" not in words, "a true minus sign"
    assert "Hand 1: You (landlord)" in words


def test_the_cursor_caret_lies_under_the_part_of_the_card_one_sees(display):
    """In a 20-card fan each card shows only its left strip: the caret marks that strip,
    not the middle of the card (which the next card covers)."""
    app, table = start(display)
    become_landlord(app, table)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    frames(app, 10)
    i = table.cursor
    card, after = table.card_rect(table.human_hand[i].code), \
        table.card_rect(table.human_hand[i + 1].code)
    assert after.left < card.centerx, "the fan overlaps"
    carets = [pygame.Rect(r) for k, r in table.painter.paint_log.items() if k[0] == "caret"]
    assert len(carets) == 1 and card.left <= carets[0].centerx <= after.left


@pytest.mark.parametrize("rules, kind, words", [
    ("text", "rocket", ("Rocket", "No doubling under these rules")),
    ("text", "bomb", ("Bomb", "No doubling under these rules")),
    ("classic", "rocket", ("Rocket!", "Multiplier × 4")),
])
def test_a_bomb_or_rocket_banner_says_whether_it_doubles_under_the_rules_played(rules, kind,
                                                                                words):
    adapter = DoudizhuAdapter(SPEC, 3, 0)
    fx = FakeFx()
    event = Event("play", 1, {"kind": kind, "multiplier": 1 if rules == "text" else 4})
    adapter.effects(event, {"rules": rules}, fx, Layout((1280, 720), 3, 0, True))
    assert fx.banners == [words]


@pytest.mark.slow
@pytest.mark.parametrize("speed", ["normal", "fast"])
def test_the_play_that_took_the_trick_lies_long_enough_to_read_before_the_sweep(display, speed, tmp_path):
    """After the second pass the trick stays whole as long as any finished trick
    (scenes/tables/tricktable.py read_hold), then is swept."""
    from scenes.settings import ANIMATION_SPEEDS
    from scenes.tables.tricktable import read_hold

    app = make_app(display, speed)
    table = open_table(app, "doudizhu", seed=3, players=[None, Script(), Script()],
                       options={"hands": 1})
    settle(app, table)
    session_of(table).advice_playouts = 6
    become_landlord(app, table)
    hint(app, table)
    played = len(table.selected)
    assert played
    click(app, table.bar.buttons[0].rect.center)
    whole = swept = 0
    for _ in range(3000):
        think(table)
        frames(app, 1)
        trick = table.zones["trick/0"]
        if len(trick) < played and whole:
            swept = whole
            break
        if table.shown.get("passes") == 2 and not any(s.flying for s in trick):
            whole += 1
            if whole == 30:
                pygame.image.save(app.screen, str(tmp_path / f"test_doudizhu_trick_read_{speed}.png"))
    assert swept * DT >= read_hold(played) / ANIMATION_SPEEDS[speed] - 2 * DT, swept
    table.close()
