"""The spoken table's part of a table: updates, refusals, keys, popups and sheets."""

from __future__ import annotations

from typing import Optional

import pygame
import pytest

from game.engine import Event
from game.session import Update
from scenes.speech.table import CHOICES_KEY, QUERY_KEYS, REPEAT_KEY, SpokenTable, transcript_speaker
from tests.scenes.shell_helpers import app  # noqa: F401

NAMES = ("You", "East", "West")


def table(popup: Optional[str] = None):
    speaker, lines = transcript_speaker()
    state = {"popup": popup}
    spoken = SpokenTable("briscola", 0, lambda: NAMES,
                         lambda: [("C", "Claim it!"), ("", "Wait")], lambda: state["popup"],
                         speaker=speaker)
    return spoken, speaker, lines, state


def update(events=(), to_act=(0,)) -> Update:
    view = {"zones": {"hand/0": ["Kc", "Ad"], "table": []}, "trump": "s"}
    return Update(0, 1, None, tuple(events), view, (), tuple(to_act))


def press(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, unicode="", mod=0)


def said(spoken: SpokenTable, speaker, lines) -> list[str]:
    speaker.wait()
    out = list(lines)
    lines.clear()
    return out


def test_an_update_says_its_news_then_the_turn():
    spoken, speaker, lines, _ = table()
    spoken.hear(update([Event("play", 1, {"card": "Kc"})]))
    assert said(spoken, speaker, lines) == ["East plays the King of Cups.", "Your turn."]
    speaker.close()


def test_your_turn_waiting_for_the_cards_is_not_said_once_you_have_played():
    """A key pressed while the cards moved lands them and plays: the "Your turn." that
    waited for the table to take keys was said after the card, the turn already over."""
    speaker, lines = transcript_speaker()
    state = {"ready": False}
    spoken = SpokenTable("briscola", 0, lambda: NAMES, speaker=speaker, brief=lambda: True,
                         ready=lambda: state["ready"])      # brief: others' turns unsaid
    spoken.hear(update([Event("play", 1, {"card": "Kc"})]))
    spoken.frame()
    assert said(spoken, speaker, lines) == ["East plays the King of Cups."]   # turn waits
    spoken.hear(update([Event("play", 0, {"card": "Ad"})], to_act=(2,)))
    state["ready"] = True
    spoken.frame()
    assert "Your turn." not in said(spoken, speaker, lines)
    speaker.close()


def test_the_query_keys_answer_from_the_last_update_and_f9_repeats():
    spoken, speaker, lines, _ = table()
    spoken.hear(update())
    said(spoken, speaker, lines)
    assert QUERY_KEYS[pygame.K_F5] == "trump" and spoken.key(press(pygame.K_F5))
    speaker.wait()
    assert spoken.key(press(REPEAT_KEY))
    assert said(spoken, speaker, lines) == ["The trump is Swords."] * 2
    assert not spoken.key(press(pygame.K_a))
    speaker.close()


def test_f10_names_the_buttons_and_their_keys():
    spoken, speaker, lines, _ = table()
    spoken.hear(update())
    said(spoken, speaker, lines)
    spoken.key(press(CHOICES_KEY))
    assert said(spoken, speaker, lines) == ["Keys: C, Claim it!; Wait."]
    speaker.close()


def test_a_refusal_and_a_score_sheet_are_said():
    spoken, speaker, lines, _ = table()
    spoken.refused("It is not your turn.")
    spoken.interlude("Game 1 scored", "Next game")
    assert said(spoken, speaker, lines) == [
        "Not allowed: It is not your turn.",
        "Game 1 scored: the score sheet. Enter: Next game."]
    speaker.close()


def test_a_popup_is_said_once_as_it_opens():
    spoken, speaker, lines, state = table()
    spoken.frame()
    state["popup"] = "The Ace of Sticks: high or low?"
    spoken.frame()
    spoken.frame()
    assert said(spoken, speaker, lines) == ["The Ace of Sticks: high or low? Keys: C, Claim it!; Wait."]
    speaker.close()


def test_the_card_under_the_cursor_and_a_card_picked_are_named():
    spoken, speaker, lines, _ = table()
    for picked in (None, True, False):     # each heard out: a newer answer cuts one waiting
        spoken.card("Kc", picked)
        speaker.wait()
    spoken.card(None)
    assert said(spoken, speaker, lines) == ["King of Cups", "King of Cups picked.",
                                            "King of Cups put back."]
    speaker.close()


def test_speak_on_the_command_line_reaches_the_run_and_turns_the_table_spoken(monkeypatch):
    """``--speak`` is handed to the run, which sets it on the app; the table speaks when
    it or the setting is on."""
    from types import SimpleNamespace

    import scenes.app
    from scenes.cli import main
    from scenes.speech.table import spoken_on

    given: dict = {}
    monkeypatch.setattr(scenes.app, "run", lambda **kwargs: given.update(kwargs) or 0)
    assert main(["--speak"]) == 0 and given["speak"] is True
    assert main([]) == 0 and given["speak"] is False
    off = SimpleNamespace(spoken_table=False)
    assert not spoken_on(SimpleNamespace(settings=off, speak=False))
    assert spoken_on(SimpleNamespace(settings=off, speak=True))
    assert spoken_on(SimpleNamespace(settings=SimpleNamespace(spoken_table=True), speak=False))
    assert not spoken_on(object())          # a test's app without settings


def test_the_cues_sound_as_an_update_is_heard():
    """A trick you took, then your turn: their sounds, played beside the words."""
    speaker, lines = transcript_speaker()
    played: list[str] = []
    spoken = SpokenTable("briscola", 0, lambda: NAMES, speaker=speaker, cue=played.append)
    spoken.hear(update([Event("trick_won", 0, {"cards": ["Kc", "Ad"], "points": 15})]))
    spoken.hear(update(to_act=(0,)))
    assert played == ["trick", "turn"]
    speaker.close()


def test_a_seat_taken_mid_game_is_said_and_named_anew_and_its_turn_said_again():
    """A person takes the seat a computer held while it is that seat's turn: the change
    is said once, then the turn again by the new name, and F7 names it so."""
    speaker, lines = transcript_speaker()
    names = list(NAMES)
    spoken = SpokenTable("briscola", 0, lambda: names, speaker=speaker)
    spoken.hear(update(to_act=(2,)))
    assert said(spoken, speaker, lines) == ["West's turn."]
    names[2] = "Carla"
    spoken.frame()
    spoken.frame()
    assert said(spoken, speaker, lines) == ["Carla takes West's seat.", "Carla's turn."]
    spoken.key(press(pygame.K_F7))
    assert said(spoken, speaker, lines) == ["Carla to act."]
    speaker.close()


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_friend_who_drops_and_comes_back_is_said_at_the_hosts_table_by_ear(app, monkeypatch,
                                                                            lang):
    """A real hosted game in this process, the host playing by ear: Bruno's link drops on
    his turn, and the host hears it once ("Bruno left; the computer plays for Bruno."),
    the turn again by the seat's new name, every sentence after naming the computer
    playing for him; he comes back with his seat's key, and that is said once too."""
    from game.net import Host, RemoteClient, protocol
    from scenes.i18n import set_language, tr
    from scenes.speech import table as spoken_module
    from scenes.table.netplay import away_seats
    from scenes.table.scene import TableScene
    from tests.game.net.helpers import table_of_friends, until
    from tests.scenes.test_online import frames_until

    speaker, lines = transcript_speaker()
    monkeypatch.setattr(spoken_module, "_speaker", speaker)
    app.speak = True
    app.settings.animation_speed = "instant"
    set_language(lang)
    host = Host(table_of_friends("bocce", 2, 5), name="Anna", listen="127.0.0.1", port=0,
                autostart=False, stand_in="random", limits=protocol.QUICK).start()
    bruno = back = None
    try:
        assert host.wait_ready(5.0), host.status()
        bruno = RemoteClient(host.status().direct_code, name="Bruno")
        until(lambda: bruno.state == "waiting", 10.0)
        assert host.begin()
        table = TableScene(app, host.client)
        app.stack.push(table)

        def brunos_turn() -> bool:
            """The host plays its own turns until Bruno's is said."""
            if table.position.my_turn() and not table.busy:
                table.client.submit(table.position.legal()[0], table.position.version)
            speaker.wait()
            return table.position.to_act == (1,) and not table.busy and \
                tr("spoken.turn.other", player="Bruno") in lines
        frames_until(app, brunos_turn, timeout=20.0)
        lines.clear()
        bruno.close()
        frames_until(app, lambda: away_seats(table.client) == {1}, timeout=30.0)
        stand_in = tr("spoken.seating.stand_in", name="Bruno")
        frames_until(app, lambda: speaker.wait() or tr("spoken.turn.other", player=stand_in)
                     in lines, timeout=30.0)
        left = tr("spoken.seating.away", name="Bruno")
        assert lines[:2] == [left, tr("spoken.turn.other", player=stand_in)], lines
        frames_until(app, lambda: speaker.wait() or any(
            line.startswith(stand_in) and line != lines[1] for line in lines), timeout=30.0)
        back = RemoteClient(host.status().direct_code, name="Bruno", resume=bruno.seat_key)
        frames_until(app, lambda: not away_seats(table.client), timeout=30.0)
        frames_until(app, lambda: speaker.wait() or tr("spoken.seating.back", name="Bruno")
                     in lines, timeout=30.0)
        came = lines.index(tr("spoken.seating.back", name="Bruno"))
        assert lines.count(left) == 1 and lines.count(lines[came]) == 1, lines
        assert all(stand_in in line or "Bruno" not in line for line in lines[1:came]), lines
        assert not any(stand_in in line for line in lines[came:]), lines
    finally:
        set_language("en")
        for guest in (bruno, back):
            if guest is not None:
                guest.close()
        app.back_to_menu()
        host.close()
        speaker.close()
