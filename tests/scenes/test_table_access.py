"""A table everyone can read: reduced motion, larger cards and words, four-colour cards,
highlights that never rely on hue alone, and the turn in words."""

from __future__ import annotations

import pygame
import pytest

from game import GAMES
from tests.scenes.tablekit import frames, make_app, open_table, settle, think


def _recording(table):
    """Every tween the table's timeline starts, by its key's kind; the moves of every
    update animated."""
    kinds: list[str] = []
    moves: list[dict] = []
    activate, animate = table.timeline._activate, table.animator.animate

    def spy_activate(tween, late):
        if isinstance(tween.key, tuple) and len(tween.key) == 2:
            kinds.append(tween.key[1])
        return activate(tween, late)

    def spy_animate(events):
        for event in events:
            moves.extend(event.data.get("moves") or [])
        return animate(events)

    table.timeline._activate = spy_activate
    table.animator.animate = spy_animate
    return kinds, moves


def _off_target(table) -> int:
    """How many cards lie somewhere other than their place in their zone (in flight)."""
    off = 0
    for zone, cards in table.zones.items():
        for sprite, (x, y, _, _) in zip(cards, table.targets(zone)):
            if abs(sprite.x - x) > 1 or abs(sprite.y - y) > 1:
                off += 1
    return off


def _play_a_card(app, table, kinds, moves, reduced: bool) -> int:
    """The opening deal and your first card, at normal speed; the most cards seen in flight."""
    moves.extend(m for e in table.update_msg.events for m in e.data.get("moves") or [])
    most = 0
    for _ in range(3000):
        if not table.busy and table.my_turn():
            break
        think(table)
        frames(app, 1, dt=0.05)
        most = max(most, _off_target(table))
    assert table.my_turn()
    table.act(table.legal()[0])
    for _ in range(3000):
        if not table.busy and (table.my_turn() or table.over):
            break
        think(table)
        frames(app, 1, dt=0.05)
        most = max(most, _off_target(table))
    return most


@pytest.mark.slow
@pytest.mark.parametrize("reduced", [True, False])
def test_reduced_motion_shows_every_move_without_a_flight(display, reduced):
    app = make_app(display, "normal")
    app.settings.reduced_motion = reduced
    table = open_table(app, "briscola", seed=7)
    kinds, moves = _recording(table)
    most = _play_a_card(app, table, kinds, moves, reduced)
    travelling = [m for m in moves if m.get("src") != m.get("dst")]
    assert len(travelling) > 10
    if reduced:
        assert "move" not in kinds and "turn" not in kinds
        assert kinds.count("appear") >= len(travelling)   # each card shows where it lands
        assert most == 0                                  # and none is ever seen on the way
    else:
        assert kinds.count("move") >= len(travelling) and "appear" not in kinds
        assert most > 0
    assert table.shown_zones() == {z: c for z, c in table.view["zones"].items() if c}


@pytest.mark.slow
def test_reduced_motion_keeps_the_speed_setting(display):
    """An appearing card takes its flight's time, so the pace of the game is the speed's."""
    seen = {}
    for speed in ("slow", "fast"):
        app = make_app(display, speed)
        app.settings.reduced_motion = True
        table = open_table(app, "briscola", seed=7)
        steps = 0
        while table.busy and steps < 5000:
            frames(app, 1, dt=0.05)
            steps += 1
        seen[speed] = steps
    assert seen["slow"] > seen["fast"] * 2


def test_a_landed_card_is_marked_then_plain(display):
    app = make_app(display, "normal")
    app.settings.reduced_motion = True
    table = open_table(app, "briscola", seed=7)
    marked = 0
    for _ in range(400):
        frames(app, 1, dt=0.05)
        marked = max(marked, sum(1 for cards in table.zones.values() for s in cards if s.mark > 0))
        if not table.busy:
            break
    assert marked > 0
    assert all(s.mark == 0 and s.alpha == 255 for cards in table.zones.values() for s in cards)


def test_larger_cards_and_words_apply_when_the_table_comes_back(display):
    app = make_app(display)
    table = open_table(app, "briscola", seed=7)
    settle(app, table)
    card_w, font = table.layout.card_w, table.layout.font(16)
    app.open_settings(overlay=True)
    app.change_setting("table_scale", 1.5)
    app.stack.pop()
    frames(app, 1)
    assert table.layout.card_w > card_w * 1.15 and table.layout.font(16) >= font * 1.4
    assert table.images.card_w == table.layout.card_w


def test_four_colour_cards_reach_a_table_in_play(display):
    app = make_app(display)
    table = open_table(app, "bolola", seed=7)
    settle(app, table)
    before = pygame.image.tobytes(table.images.master("7D"), "RGBA")
    app.change_setting("french_colours", "four")
    frames(app, 1)
    assert table.images.art.four_colour
    assert pygame.image.tobytes(table.images.master("7D"), "RGBA") != before


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
@pytest.mark.parametrize("key", sorted(GAMES))
def test_at_the_largest_setting_plates_clear_the_score_board(display, size, key):
    app = make_app(display, size=size)
    app.settings.table_scale = 1.5
    table = open_table(app, key, seed=3)
    settle(app, table)
    app.draw()
    board = next(pygame.Rect(r) for k, r in table.painter.paint_log.items() if k[0] == "board")
    window = pygame.Rect(0, 0, *size)
    for seat in range(table.seats):
        plate = table.plate_rect(seat)
        assert window.contains(plate) and not plate.colliderect(board), (seat, plate, board)
    for sprite in table.human_hand:
        assert window.contains(table.images.rect_of(sprite))


# -- highlights that never rely on hue alone ---------------------------------------------
def _lightness(surface: pygame.Surface, rect: pygame.Rect) -> list[float]:
    """The grey value of every pixel of ``rect``: what is left of a picture without hue."""
    rect = rect.clip(surface.get_rect())
    out = []
    for y in range(rect.top, rect.bottom):
        for x in range(rect.left, rect.right):
            r, g, b, *_ = surface.get_at((x, y))
            out.append(0.299 * r + 0.587 * g + 0.114 * b)
    return out


def test_the_turn_marker_is_a_shape_beside_the_glow(display):
    from scenes.kit.fonts import Fonts
    from scenes.kit.hud import Hud

    hud = Hud(Fonts())
    lit, plain = pygame.Surface((300, 80)), pygame.Surface((300, 80))
    lit.fill((20, 90, 50))
    plain.fill((20, 90, 50))
    a = hud.draw_plate(lit, "West", "0", (150, 40), 18, active=True)
    b = hud.draw_plate(plain, "West", "0", (150, 40), 18, active=False)
    assert a.w > b.w and a.h == b.h
    pad = max(6, 18 // 2)
    marker = pygame.Rect(a.x + pad + 2, a.centery - 2, 4, 4)   # inside the pointer's edge
    assert min(_lightness(lit, marker)) > 180               # light on the lit plate
    same_place = pygame.Rect(b.x + pad + 2, b.centery - 2, 4, 4)
    assert min(_lightness(plain, same_place)) < 180         # no solid shape there when not lit


def test_a_picked_card_is_marked_by_a_tick_as_well_as_raised(display, monkeypatch):
    from tests.scenes import fakeselect
    from tests.scenes.tablekit import click

    monkeypatch.setitem(GAMES, "pairs", fakeselect.SPEC)    # its spec names its adapter
    app = make_app(display)
    table = open_table(app, "pairs", seed=1, players=[None, None])
    settle(app, table)
    click(app, table.card_rect("3S").center)
    frames(app, 20)
    app.draw()
    marks = {k[1]: pygame.Rect(r) for k, r in table.painter.paint_log.items() if k[0] == "picked"}
    picked = next(s for s in table.human_hand if s.code == "3S")
    assert set(marks) == {picked.id}
    grey = _lightness(app.screen, marks[picked.id])
    assert min(grey) < 60 and max(grey) > 200             # a light tick on a dark badge
    click(app, table.card_rect("3S").center)
    frames(app, 20)
    app.draw()
    assert not any(k[0] == "picked" for k in table.painter.paint_log)


def test_playable_cards_stand_out_without_their_hue(display):
    """Following suit: the playable cards are ringed and bright, the others veiled darker."""
    app = make_app(display)
    table = open_table(app, "bolola", seed=3)
    settle(app, table)
    table.act(table.legal()[0])
    settle(app, table)
    frames(app, 5)
    app.draw()
    hand = table.human_hand
    legal = [s for s in hand if s.legal]
    dimmed = [s for s in hand if s.dim]
    assert legal and dimmed

    def strip(sprite):
        card = table.images.rect_of(sprite)
        return pygame.Rect(card.left + 4, card.top + card.h // 3, 10, card.h // 3)

    def mean(values):
        return sum(values) / len(values)

    assert min(mean(_lightness(app.screen, strip(s))) for s in legal) > \
        max(mean(_lightness(app.screen, strip(s))) for s in dimmed) + 25
    felt = mean(_lightness(app.screen, pygame.Rect(table.layout.width // 2, 200, 20, 20)))
    for sprite in legal:                                   # the ring: light above the card
        card = table.images.rect_of(sprite)
        band = pygame.Rect(card.left + 6, card.top - 4, 10, 3)
        assert max(_lightness(app.screen, band)) > felt + 80


def test_the_connection_light_differs_in_shape_not_only_in_colour(display):
    from scenes.table.netplay import LIGHTS, draw_light

    shapes = {}
    for state in LIGHTS:
        surface = pygame.Surface((40, 40))
        draw_light(surface, state, (20, 20), 10)
        # each pixel lit or not, whatever its hue: the light's shape alone
        shapes[state] = tuple(v > 60 for v in _lightness(surface, pygame.Rect(8, 8, 25, 25)))
    assert len(set(shapes.values())) == len(LIGHTS)


@pytest.mark.slow
@pytest.mark.parametrize("reduced", [True, False])
def test_with_reduced_motion_banners_fade_without_swelling(display, reduced):
    app = make_app(display, "normal")
    app.settings.reduced_motion = reduced
    table = open_table(app, "bocce", seed=7)
    scales = set()
    for _ in range(600):
        frames(app, 1, dt=0.02)
        scales |= {round(b.scale, 3) for b in table.hud.banners if b.alpha > 0}
        if not table.busy and not table.hud.banners and scales:
            break
    assert scales, "the first hand is announced in a banner"
    assert (scales == {1.0}) == reduced
