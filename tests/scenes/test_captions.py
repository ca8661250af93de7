"""A table that explains itself: each adapter words the events from their public data, the
table shows the caption where the prompt would be (each long enough to read), and what it
draws is presented."""

from __future__ import annotations

import pygame
import pytest

from game import GAMES
from game.engine import Event
from game.views import bocce as bocce_shapes
from game.views import briscola as briscola_shapes
from game.views import check_event
from scenes.kit.layout import Layout
from scenes.table import local_table
from scenes.table.captions import HOLD, Captions
from scenes.tables.bocce import BocceAdapter
from scenes.tables.briscola import BriscolaAdapter
from tests.scenes.tablekit import make_app, open_table, played, think
from tests.scenes.test_table_damage import presented, same  # noqa: F401 - fixtures


def watched(cls, key: str):
    adapter = cls(GAMES[key], GAMES[key].seats[0], 0)
    adapter.watching = True
    return adapter, Layout((1280, 720), GAMES[key].seats[0], 0,
                           counterclockwise=adapter.counterclockwise)


def won(points: int, cards: list[str]) -> dict:
    """A ``trick_won`` event's data, as a spectator gets it."""
    return {"points": points, "cards": cards, "taken": [0, points, 0], "moves": []}


@pytest.mark.parametrize("event, words", [
    (Event("trump_changed", 2, {"suit": "c", "trump": "c"}), "Venceslao! The trump is now Cups"),
    (Event("trick_won", 1, won(21, ["Ac", "3c", "2d"])),
     "East wins the trick: 21 points"),
    (Event("trick_won", 1, won(0, ["4c", "5c", "6d"])),
     "East wins the trick: no points"),
    (Event("trick_won", 2, won(25, ["Ac", "3c", "2d", "Jb", "4b", "5s"])),
     "West takes the culetto: 25 points"),
    (Event("play", 0, {"card": "Ac", "moves": []}), "South plays the Ace of Cups"),
    (Event("claim_open", 0, {"claimants": [1, 2]}),
     "The Two of Swords! East and West race to claim it"),
    (Event("deal", 2, {"stage": "briscola", "game_no": 1, "trump": None, "dealer": 2,
                       "taken": [0, 0, 0], "announced": False, "moves": [], "stock": 30,
                       "trump_known": False}),
     "Game 1, dealt by West: the card under the stock names the briscola"),
    (Event("game_over", None, {"scores": [150, 120, 150], "winners": [0, 2]}),
     "South & West share the match with 150 points"),
    (Event("draw", 1, {"stock": 20, "moves": []}), ""),
])
def test_briscola_events_in_words(event, words):
    check_event(briscola_shapes.EVENTS, event.kind, event.data)     # as the engine sends it
    adapter, layout = watched(BriscolaAdapter, "briscola")
    assert adapter.caption(event, layout) == words


@pytest.mark.parametrize("event, words", [
    (Event("lag_reveal", None, {"pallino": 14, "worths": [9, 5], "cards": ["9H", "5S"],
                                "why": None, "moves": []}), "The pallino is 14"),
    (Event("stand", 1, {"total": 12, "points": 2, "bocce": 0, "totals": [12], "next": None}),
     "North stands on 12"),
    (Event("knockout", 0, {"total": 12, "target_seat": 1, "target_bocce": 0, "bocce": 1,
                           "target_points": 0, "moves": []}),
     "South lands on 12: North's bocce is knocked out!"),
    (Event("hand_scored", None, {"hand": 2, "hand_points": [5, 3], "points": [[5], [3]],
                                 "pallinos": [14, 12, 9], "scores": [9, 4], "bocce": [[], []],
                                 "final": False}),
     "Hand 2 scored: South +5, North +3"),
    (Event("game_over", None, {"scores": [19, 27], "winners": [1]}), "North wins, 27 to 19"),
    (Event("deal", 0, {"moves": []}), ""),
])
def test_bocce_events_in_words(event, words):
    check_event(bocce_shapes.EVENTS, event.kind, event.data)        # as the engine sends it
    adapter, layout = watched(BocceAdapter, "bocce")
    assert adapter.caption(event, layout) == words


def test_a_caption_stays_up_long_enough_to_read_and_only_the_newest_waits():
    captions = Captions("footer")
    captions.add("one")
    captions.update(0.0, 1.0)
    assert captions.text == "one", "the first shows at once"
    captions.add("two")
    captions.add("three")         # "two" was never shown: "three" takes its turn
    captions.add("")              # nothing new to say
    captions.update(HOLD / 2, 1.0)
    assert captions.text == "one"
    captions.update(HOLD / 2, 1.0)
    assert captions.text == "three"
    captions.add("four")
    captions.update(0.01, 0.0)    # "instant": nobody waits
    assert captions.text == "four"


#: words some captions of a whole game must hold, where a test knows the game's story
TOLD = {"bocce": ("The pallino is ", " wins, "), "briscola": (" wins the trick: ", "Game 3 scored: ")}


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_whole_game_is_told_in_the_prompts_place(display, key):
    said: list[str] = []

    class Told(Captions):
        def add(self, text: str) -> None:
            said.append(text)
            super().add(text)

    app = make_app(display, "instant")
    table = open_table(app, key, seed=5, seat=None, captions=Told("Press any key"),
                       auto_close=0.0)
    for i in range(20_000):
        if table.over:
            break
        think(table)
        # the captions said are read, not looked at: one frame in ten is drawn, so the
        # last drawing of the table before its result covers it is the game's end
        if i % 10:
            played(app)
        else:
            app.frame(1 / 60, [])
    words = [w for w in said if w]
    assert len(words) > 20
    for part in TOLD.get(key, ()):
        assert any(part in w for w in words), part
    app.frame(1 / 60, [])
    kinds = {k[0] for k in table.painter.paint_log}
    assert {"caption", "footer"} <= kinds and "prompt" not in kinds


@pytest.mark.slow
def test_captions_and_the_footer_are_presented(display, presented):  # noqa: F811
    app = make_app(display, "normal")
    table = open_table(app, "briscola", seed=3, seat=None, think_delay=(0.2, 0.4),
                       captions=Captions("Press any key or click to play"), auto_close=0.5)
    shown: set[str] = set()
    for _ in range(500):
        think(table)
        app.frame(1 / 60, [])
        shown.add(table.captions.text)
        assert same(presented["surface"], app.screen)
    assert len(shown) > 4 and presented["partial"] > presented["whole"]


def test_a_demo_table_from_local_table_keeps_its_captions_for_the_next_game(display):
    from game.session import GameSetup

    app = make_app(display, "instant")
    captions = Captions("footer")
    table = local_table(app, GameSetup.computers("bocce", seed=2), captions=captions)
    assert table.captions is captions
    again = table.new_game()
    assert again is not None and again.captions is captions
    again.removed()
    pygame.event.clear()


@pytest.mark.parametrize("key, size", [
    (key, size) for key in sorted(GAMES) for size in [(1280, 720), (800, 500)]])
@pytest.mark.slow
def test_the_caption_and_the_footer_cover_no_words_and_no_card_at_rest(display, key, size):
    from game.session import GameSetup
    from tests.scenes.tablekit import drawn

    app = make_app(display, "fast", size)
    table = local_table(app, GameSetup.computers(key, seed=4), seat=0, think_delay=(0.0, 0.0),
                        captions=Captions("Press any key or click to play"), auto_close=0.2)
    app.stack.push(table)
    window = pygame.Rect(0, 0, *size)
    longest = ""
    for i in range(1800):       # until a long caption has shown a few moves in
        if len(longest) > 30 and len(table.client.session.state.history) > 15:
            break
        think(table)
        played(app, dt=1 / 30)  # the frames checked are drawn by drawn(), the others by none
        if i % 5 or app.stack.top is not table:
            continue
        items = drawn(table)
        ours = [(k[0], pygame.Rect(r)) for k, r in table.painter.paint_log.items()
                if k[0] in ("caption", "footer")]
        for kind, rect in ours:
            assert window.contains(rect), kind
            hits = [f"{k}:{n}" for k, n, r in items if k in ("label", "plate", "board", "card")
                    and rect.colliderect(r)]
            assert hits == [], f"{kind} {table.captions.text!r} on {hits}"
        longest = max(longest, table.captions.text, key=len)
    assert len(longest) > 30 and len(table.client.session.state.history) > 15
