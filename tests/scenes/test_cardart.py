"""Card art: every face renders, sizes follow the ratio, caches hit, styles differ."""

from __future__ import annotations

import pygame
import pytest

from game.cards import Card, card, french_deck, italian_deck
from scenes.art.cardart import CARD_RATIO, ITALIAN_STYLES, CardArt
from scenes.art.cardart.cache import LRU

WIDTHS = (41, 76, 123)


def _colours(surf: pygame.Surface, step: int = 3) -> set[tuple[int, int, int, int]]:
    """Distinct colours on a sparse grid (coarsely quantised): a measure of variety."""
    w, h = surf.get_size()
    seen = set()
    for y in range(0, h, step):
        for x in range(0, w, step):
            r, g, b, a = surf.get_at((x, y))
            seen.add((r // 16, g // 16, b // 16, a // 64))
    return seen


def _has_red(surf: pygame.Surface) -> bool:
    w, h = surf.get_size()
    for y in range(h):
        for x in range(w):
            r, g, b, a = surf.get_at((x, y))
            if a > 200 and r > 150 and g < 90 and b < 100:
                return True
    return False


def _ink_in(surf: pygame.Surface, rect: pygame.Rect) -> int:
    """How many clearly dark or red pixels a region holds (an index is printed there)."""
    n = 0
    for y in range(rect.top, rect.bottom):
        for x in range(rect.left, rect.right):
            r, g, b, a = surf.get_at((x, y))
            if a > 200 and (r + g + b < 300 or (r > 140 and g < 90)):
                n += 1
    return n


def _all_faces():
    for c in french_deck(jokers=True):
        yield None, c
    for style in ITALIAN_STYLES:
        for c in italian_deck():
            yield style, c


def test_size_for_follows_card_ratio():
    art = CardArt()
    for w in (8, 60, 99, 100, 101, 180, 333):
        assert art.size_for(w) == (w, round(w * CARD_RATIO))
    assert CARD_RATIO == 1.5


@pytest.mark.slow
@pytest.mark.parametrize("width", WIDTHS)
def test_every_face_of_every_deck_and_style_renders(display, width):
    art = CardArt()
    size = art.size_for(width)
    for style, c in _all_faces():
        if style is not None:
            art.set_style(style)
        surf = art.face(c, width)
        assert surf.get_size() == size, (style, c)
        assert len(_colours(surf)) >= 6, (style, c)
        # rounded corners: the very corner is (nearly) clear, the middle is opaque
        assert surf.get_at((0, 0)).a < 100, (style, c)
        assert surf.get_at((size[0] - 1, size[1] - 1)).a < 100, (style, c)
        assert surf.get_at((size[0] // 2, size[1] // 2)).a == 255, (style, c)


@pytest.mark.slow
def test_corner_index_is_printed_on_every_card(display):
    art = CardArt()
    width = 100
    corner = pygame.Rect(3, 5, 14, 18)
    for style, c in _all_faces():
        if style is not None:
            art.set_style(style)
        assert _ink_in(art.face(c, width), corner) > 8, (style, c)


def test_same_request_hits_the_cache(display):
    art = CardArt()
    c = card("QH")
    assert art.face(c, 90) is art.face(c, 90)
    assert art.back(90) is art.back(90, "french")
    assert art.back(90, "italian") is art.back(90, "italian")
    assert art.shadow(90) is art.shadow(90)
    assert art.highlight(90, (255, 200, 0)) is art.highlight(90, pygame.Color(255, 200, 0))
    assert art.face(c, 90) is not art.face(c, 91)


def test_red_suits_print_red_and_black_suits_do_not(display):
    art = CardArt()
    for code in ("2H", "7D", "TH", "AD", "RJ", "QH", "JD"):
        assert _has_red(art.face(card(code), 60)), code
    for code in ("2S", "7C", "TS", "AC", "AS"):
        assert not _has_red(art.face(card(code), 60)), code


def test_italian_styles_look_different(display):
    art = CardArt()
    for code in ("1d", "5c", "2s", "7b", "Jd", "Ns", "Kc"):
        c = Card.parse(code.replace("1", "A"))
        images = set()
        for style in ITALIAN_STYLES:
            art.set_style(style)
            images.add(pygame.image.tobytes(art.face(c, 70), "RGBA"))
        assert len(images) == len(ITALIAN_STYLES), code


def test_changing_style_drops_italian_faces_but_keeps_french(display):
    art = CardArt("napoletane")
    french, italian = art.face(card("KS"), 80), art.face(card("Kd"), 80)
    art.italian_style = "bresciane"
    assert art.italian_style == "bresciane"
    assert art.face(card("KS"), 80) is french
    again = art.face(card("Kd"), 80)
    assert again is not italian
    art.set_style("napoletane")
    assert pygame.image.tobytes(art.face(card("Kd"), 80), "RGBA") == pygame.image.tobytes(italian, "RGBA")


def test_unknown_style_or_deck_is_refused():
    with pytest.raises(ValueError):
        CardArt("piacentine")
    art = CardArt()
    with pytest.raises(ValueError):
        art.set_style("trevisane")
    with pytest.raises(ValueError):
        art.back(80, "spanish")


def test_backs_render_and_the_two_decks_differ(display):
    art = CardArt()
    for width in WIDTHS:
        fr, it = art.back(width, "french"), art.back(width, "italian")
        assert fr.get_size() == it.get_size() == art.size_for(width)
        assert len(_colours(fr)) >= 4 and len(_colours(it)) >= 4
        assert fr.get_at((0, 0)).a < 100
        cx, cy = width // 2, art.size_for(width)[1] // 4
        assert fr.get_at((cx, cy))[:3] != it.get_at((cx, cy))[:3]


def test_italian_back_follows_the_style(display):
    art = CardArt("napoletane")
    a = pygame.image.tobytes(art.back(70, "italian"), "RGBA")
    art.set_style("bergamasche")
    assert pygame.image.tobytes(art.back(70, "italian"), "RGBA") != a


@pytest.mark.parametrize("style", ITALIAN_STYLES)
def test_every_back_stands_clear_of_the_green_felt(display, style):
    from scenes.kit import theme

    art = CardArt(style)
    for deck in ("french", "italian"):
        back = art.back(76, deck)
        w, h = back.get_size()
        pixels = [back.get_at((x, y)) for x in range(8, w - 8, 4) for y in range(8, h - 8, 4)]
        mean = [sum(p[k] for p in pixels) / len(pixels) for k in range(3)]
        for felt in (theme.FELT, theme.FELT_LIGHT, theme.FELT_DARK):
            distance = sum((mean[k] - felt[k]) ** 2 for k in range(3)) ** 0.5
            assert distance > 60, (style, deck, mean, felt)


def test_lru_keeps_at_most_its_bound(display):
    art = CardArt(max_faces=5)
    deck = french_deck()[:10]
    first = art.face(deck[0], 50)
    for c in deck:
        art.face(c, 50)
    assert len(art._faces) == 5
    assert art.face(deck[0], 50) is not first          # evicted, drawn again
    assert art.face(deck[9], 50) is art.face(deck[9], 50)


def test_lru_evicts_least_recently_used_and_drops_by_predicate():
    lru: LRU[int] = LRU(2)
    assert lru.get("a", lambda: 1) == 1
    assert lru.get("b", lambda: 2) == 2
    assert lru.get("a", lambda: 99) == 1                # a is now the most recent
    lru.get("c", lambda: 3)
    assert "b" not in lru and "a" in lru and "c" in lru
    assert (lru.hits, lru.misses) == (1, 3)
    assert lru.drop(lambda k: k == "a") == 1
    assert len(lru) == 1
    with pytest.raises(ValueError):
        LRU(0)


def test_rotations_are_snapped_to_steps_and_cached(display):
    art = CardArt()
    c = card("AS")
    r1 = art.rotated(c, 80, 10.4)
    assert art.rotated(c, 80, 9.6) is r1
    assert art.rotated(c, 80, 0.4) is art.face(c, 80)
    w, h = art.size_for(80)
    assert r1.get_width() > w and r1.get_height() > h
    back = art.rotated(None, 80, 30, "italian")
    assert back is art.rotated(None, 80, 30.5, "italian")
    assert back is not art.rotated(None, 80, 30, "french")


def test_highlight_is_a_hollow_ring_in_the_asked_colour(display):
    art = CardArt()
    w, h = art.size_for(100)
    glow = art.highlight(100, (40, 220, 90))
    gw, gh = glow.get_size()
    assert gw > w and gh > h
    assert glow.get_at((gw // 2, gh // 2)).a == 0
    edge = glow.get_at(((gw - w) // 2 - 1, gh // 2))
    assert edge.a > 100 and edge.g > 150 and edge.r < 120


def test_shadow_is_soft_and_larger_than_the_card(display):
    art = CardArt()
    w, h = art.size_for(100)
    sh = art.shadow(100)
    sw, shh = sh.get_size()
    assert sw > w and shh > h
    assert sh.get_at((sw // 2, shh // 2)).a > 60
    assert sh.get_at((0, 0)).a == 0
    alphas = {sh.get_at((x, shh // 2)).a for x in range(0, (sw - w) // 2 + 2)}
    assert len(alphas) > 3   # a gradient, not a hard edge


def test_faces_can_be_drawn_in_a_background_thread(display):
    """The table paints card masters in a worker thread with its own CardArt."""
    import threading

    out = {}

    def work():
        own = CardArt("bergamasche")
        out["faces"] = [own.face(c, 64) for c in cards_for_thread]

    cards_for_thread = [card("KH"), card("Nb"), card("RJ"), card("7d")]
    t = threading.Thread(target=work)
    t.start()
    art = CardArt("bergamasche")
    mine = [art.face(c, 64) for c in cards_for_thread]
    t.join(timeout=30)
    assert [pygame.image.tobytes(s, "RGBA") for s in out["faces"]] == \
        [pygame.image.tobytes(s, "RGBA") for s in mine]


def _inks(surf: pygame.Surface) -> dict[str, int]:
    """How many saturated green, blue and red pixels a face holds."""
    counts = {"green": 0, "blue": 0, "red": 0}
    w, h = surf.get_size()
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            r, g, b, a = surf.get_at((x, y))
            if a < 200:
                continue
            if g > r + 40 and g > b + 20:
                counts["green"] += 1
            elif b > r + 60 and b > g + 40:
                counts["blue"] += 1
            elif r > g + 80 and r > b + 60:
                counts["red"] += 1
    return counts


@pytest.mark.parametrize("rank", ["7", "A"])
def test_the_four_colour_deck_inks_each_suit_its_own(rank):
    """Clubs green, Diamonds blue, Hearts red, Spades black; the two-colour deck as ever."""
    four, two = CardArt(four_colour=True), CardArt()
    faces = {s: four.face(Card.parse(rank + s), 76) for s in "SHDC"}
    inks = {s: _inks(f) for s, f in faces.items()}
    assert inks["C"]["green"] > 40 and inks["C"]["red"] == 0
    assert inks["D"]["blue"] > 40 and inks["D"]["red"] == 0
    assert inks["H"]["red"] > 40 and inks["H"]["blue"] == inks["H"]["green"] == 0
    assert max(inks["S"].values()) == 0
    assert _inks(two.face(Card.parse(rank + "C"), 76))["green"] == 0
    assert _inks(two.face(Card.parse(rank + "D"), 76))["red"] > 40
    for a in "SHDC":
        for b in "SHDC":
            if a < b:
                assert pygame.image.tobytes(faces[a], "RGBA") != pygame.image.tobytes(faces[b], "RGBA")


def test_switching_the_french_inks_redraws_french_faces_only():
    art = CardArt("bergamasche")
    club, coins = Card.parse("QC"), Card.parse("Kd")
    before_club, before_coins = art.face(club, 60), art.face(coins, 60)
    art.set_four_colour(True)
    assert art.four_colour and art.like().four_colour
    assert art.like().italian_style == "bergamasche"
    assert art.face(coins, 60) is before_coins                 # Italian faces stay cached
    after = art.face(club, 60)
    assert _inks(after)["green"] > _inks(before_club)["green"] + 20
    art.set_four_colour(False)
    again = art.face(club, 60)
    assert again is not after
    assert pygame.image.tobytes(again, "RGBA") == pygame.image.tobytes(before_club, "RGBA")


def test_card_lettering_draws_again_after_pygame_is_ended_and_started_again(display):
    """A thread's fonts made before ``pygame.quit()`` are dead after it, even once pygame
    runs again: the lettering makes new ones (a window's tests after a test that ended
    pygame drew their faces with dead fonts: "font module quit since font created")."""
    import pygame

    from scenes.art.cardart import text

    assert text.render("A", (0, 0, 0), 20).get_width() > 1
    pygame.quit()
    pygame.init()
    pygame.display.set_mode((1280, 720))
    assert text.render("A", (0, 0, 0), 20).get_width() > 1
