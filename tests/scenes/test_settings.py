"""Settings: saved and loaded as JSON; a damaged file never stops the program."""

from __future__ import annotations

import json
import os
import stat
import threading

import pytest
from hypothesis import given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st

from game.net.interfaces import EVERYWHERE
from scenes.settings import (
    ANIMATION_SPEEDS,
    ITALIAN_STYLES,
    LANGUAGES,
    Settings,
    config_dir,
    from_json,
    load_settings,
    save_settings,
    settings_path,
)


def write(text: str) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_config_dir_follows_the_environment_override(tmp_path, monkeypatch):
    monkeypatch.setenv("TAVOLATA_CONFIG_DIR", str(tmp_path / "elsewhere"))
    assert config_dir() == tmp_path / "elsewhere"
    assert settings_path() == tmp_path / "elsewhere" / "settings.json"


def test_save_then_load_round_trips():
    mine = Settings(animation_speed="fast", card_design="bresciane", fullscreen=True,
                    volume=0.3, language="en")
    save_settings(mine)
    loaded, notice = load_settings()
    assert loaded == mine and notice is None


def test_no_file_means_defaults_and_no_notice():
    assert load_settings() == (Settings(), None)


def test_bad_json_gives_defaults_a_notice_and_a_repaired_file():
    write("{ this is not json")
    loaded, notice = load_settings()
    assert loaded == Settings()
    assert notice and "\n" not in notice
    assert json.loads(settings_path().read_text()) == Settings().to_json()


def test_json_that_is_not_an_object_gives_defaults_and_a_notice():
    write("[1, 2, 3]")
    loaded, notice = load_settings()
    assert loaded == Settings() and notice


def test_each_bad_field_alone_falls_back_to_its_default():
    write(json.dumps({"animation_speed": "warp", "card_design": "bergamasche",
                      "fullscreen": "yes", "volume": 0.4, "language": "en"}))
    loaded, notice = load_settings()
    assert loaded.animation_speed == "normal"          # unknown value -> default
    assert loaded.fullscreen is False                  # wrong type -> default
    assert loaded.card_design == "bergamasche"         # good fields kept
    assert loaded.volume == 0.4
    assert "animation_speed" in notice and "fullscreen" in notice


def test_volume_out_of_range_or_a_bool_is_reset():
    for bad in (1.5, -0.1, True, "0.5", None):
        write(json.dumps({"volume": bad}))
        loaded, notice = load_settings()
        assert loaded.volume == Settings().volume and notice


def test_unknown_keys_are_ignored_without_a_notice():
    write(json.dumps({"volume": 0.5, "colour_scheme": "pink", "version": 9}))
    loaded, notice = load_settings()
    assert loaded.volume == 0.5 and notice is None


def test_unreadable_bytes_give_defaults_and_a_notice():
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\xff\xfe\x00garbage")
    loaded, notice = load_settings()
    assert loaded == Settings() and notice


def test_speed_factor_per_animation_speed():
    assert Settings(animation_speed="slow").speed_factor == 0.6
    assert Settings(animation_speed="normal").speed_factor == 1.0
    assert Settings(animation_speed="fast").speed_factor == 2.0
    assert Settings(animation_speed="instant").speed_factor == 0


def test_italian_styles_agree_with_the_card_art():
    from scenes.art.cardart import ITALIAN_STYLES as ART_STYLES

    assert tuple(ART_STYLES) == ITALIAN_STYLES


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                           | st.text(max_size=12),
                           lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                           max_leaves=8)
field_names = st.sampled_from(["animation_speed", "card_design", "fullscreen", "volume",
                               "language", "other"])


@pytest.mark.slow
@hyp_settings(max_examples=150, deadline=None)
@given(st.dictionaries(field_names, json_values | st.sampled_from(
    list(ANIMATION_SPEEDS) + list(ITALIAN_STYLES) + [0.2, 1, 0])))
def test_any_json_object_loads_into_valid_settings(data):
    loaded, bad = from_json(data)
    assert loaded.animation_speed in ANIMATION_SPEEDS
    assert loaded.card_design in ITALIAN_STYLES
    assert isinstance(loaded.fullscreen, bool)
    assert isinstance(loaded.volume, float) and 0 <= loaded.volume <= 1
    assert loaded.language in LANGUAGES
    for name in ("animation_speed", "card_design", "fullscreen", "volume", "language"):
        if name in data and name not in bad:
            # The volume is kept to two decimals (the screen moves it in 10% steps).
            expected = round(float(data[name]), 2) if name == "volume" else data[name]
            assert getattr(loaded, name) == expected


# --- each game's remembered setup (the new-game screen's choices) --------------------

def briscola_entry(**changes) -> dict:
    from game.session import GameSetup, SeatSpec

    setup = GameSetup("briscola", (SeatSpec("computer", "hard"), SeatSpec("human"),
                                   SeatSpec("computer", "easy")), {"remember_trump": False})
    entry = setup.to_json()
    entry.pop("seed")
    entry.update(changes)
    return entry


def test_a_game_setup_round_trips_without_its_seed():
    from game.session import GameSetup

    mine = Settings()
    mine.remember_setup(GameSetup.from_json({**briscola_entry(), "seed": 41}))
    save_settings(mine)
    assert "seed" not in json.loads(settings_path().read_text())["games"]["briscola"]
    loaded, notice = load_settings()
    assert loaded == mine and notice is None
    assert loaded.game_setup("briscola") == GameSetup.from_json(briscola_entry())


def test_a_never_set_up_game_gets_its_defaults():
    from game.session import GameSetup

    assert Settings().game_setup("bocce") == GameSetup.solo("bocce", options={"target": 15})
    assert Settings().game_setup("bisca") == GameSetup.solo("bisca")


def test_each_damaged_game_entry_alone_falls_back_to_that_games_defaults():
    from game.session import GameSetup

    bocce_ok = {"key": "bocce", "seats": [{"kind": "computer", "level": "easy"},
                                          {"kind": "human"}], "options": {"target": 50}}
    write(json.dumps({"volume": 0.4, "games": {
        "briscola": briscola_entry(seats=[{"kind": "human"}]),      # two players short
        "bocce": bocce_ok}}))
    loaded, notice = load_settings()
    assert loaded.volume == 0.4
    assert "briscola" not in loaded.games and "games.briscola" in notice
    assert loaded.game_setup("briscola") == \
        GameSetup.solo("briscola", options={"remember_trump": False})
    assert loaded.game_setup("bocce").options == {"target": 50}
    # Nothing is rewritten for being read; a later save keeps the entry this version could
    # not use (a newer version may have written it) until that game is set up again here.
    loaded.volume = 0.5
    save_settings(loaded)
    kept = json.loads(settings_path().read_text())["games"]
    assert kept["briscola"] == briscola_entry(seats=[{"kind": "human"}])
    assert GameSetup.from_json(kept["bocce"]) == GameSetup.from_json(bocce_ok)
    loaded.remember_setup(GameSetup.solo("briscola"))
    save_settings(loaded)
    assert load_settings() == (loaded, None)


def test_entries_the_screen_could_not_have_made_are_damaged():
    bad = [
        "briscola",                                                   # not an object
        briscola_entry(key="bocce"),                                  # another game's
        briscola_entry(options={"remember_trump": 1}),                # 1 == True, not a bool
        briscola_entry(options={"remember_trump": "no"}),
        briscola_entry(options={"trump": True}),                      # no such option
        briscola_entry(seats=[{"kind": "computer"}] * 3),             # nobody to play
        briscola_entry(seats=[{"kind": "human"}] * 3),                # three people
        briscola_entry(seats=[{"kind": "human"}, {"kind": "remote"}, {"kind": "computer"}]),
        briscola_entry(seats=[{"kind": "human"}, {"kind": "computer", "level": "random"},
                              {"kind": "computer"}]),
        briscola_entry(seats=[{"kind": "human"}, {"kind": "computer", "level": 3},
                              {"kind": "computer"}]),
        briscola_entry(seats=[{"kind": "human"}, 7, {"kind": "computer"}]),
        briscola_entry(seats=None),
    ]
    for entry in bad:
        loaded, bad_fields = from_json({"games": {"briscola": entry}})
        assert loaded.games == {} and bad_fields == ["games.briscola"], entry


def test_games_that_is_not_an_object_is_reset():
    loaded, bad = from_json({"games": ["briscola"]})
    assert loaded.games == {} and bad == ["games"]


def test_entries_of_games_this_version_does_not_have_are_kept_as_they_are():
    future = {"key": "scopa", "seats": [{"kind": "human"}] * 5, "options": {"wild": [1, 2]}}
    write(json.dumps({"games": {"scopa": future, "tressette": "anything"}}))
    loaded, notice = load_settings()
    assert notice is None
    assert loaded.games == {"scopa": future, "tressette": "anything"}
    save_settings(loaded)
    assert json.loads(settings_path().read_text())["games"]["scopa"] == future


@pytest.mark.slow
@hyp_settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["briscola", "bocce", "scopa"]),
                       json_values | st.fixed_dictionaries(
                           {"key": st.sampled_from(["briscola", "bocce"]),
                            "seats": st.lists(st.fixed_dictionaries(
                                {"kind": st.sampled_from(["human", "computer", "remote", 1]),
                                 "level": st.sampled_from(["easy", "normal", "hard", "x"])}),
                                max_size=4),
                            "options": json_values})))
def test_any_games_field_loads_into_setups_that_start(games):
    from game import GAMES

    loaded, bad = from_json({"games": games})
    for key in GAMES:
        setup = loaded.game_setup(key)                  # never raises
        assert setup.key == key and len(setup.humans()) == 1
        assert (key in loaded.games) != (f"games.{key}" in bad) or key not in games
    assert loaded.games.get("scopa", None) == games.get("scopa", None)


# --- hostile files: deep, huge, not a file, from a newer version, unwritable -------------

def bad_copy():
    return settings_path().with_name("settings.json.bad")


def test_json_nested_a_thousand_deep_is_damaged_not_a_crash():
    deep = "[" * 1000 + "]" * 1000                       # 2 KB: RecursionError in json
    write(deep)
    loaded, notice = load_settings()
    assert loaded == Settings() and notice and "settings.json.bad" in notice
    assert bad_copy().read_text() == deep
    assert json.loads(settings_path().read_text()) == Settings().to_json()
    # Deeper than settings ever are, even inside a game this version would keep as it is.
    nested: list = []
    for _ in range(40):
        nested = [nested]
    write(json.dumps({"volume": 0.5, "games": {"scopa": nested}}))
    loaded, notice = load_settings()
    assert loaded == Settings() and notice


def test_a_fifo_is_never_opened_nor_replaced():
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    result: list = []
    reader = threading.Thread(target=lambda: result.append(load_settings()), daemon=True)
    reader.start()
    reader.join(5)
    if reader.is_alive():                  # blocked in open(): let it go before failing
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(5)
        pytest.fail("loading the settings blocked on a FIFO")
    loaded, notice = result[0]
    assert loaded == Settings() and notice and str(path) in notice
    assert stat.S_ISFIFO(os.stat(path).st_mode) and not bad_copy().exists()
    with pytest.raises(OSError):
        save_settings(Settings(volume=0.2))
    assert stat.S_ISFIFO(os.stat(path).st_mode)


def test_a_folder_in_place_of_the_file_gives_defaults_and_stays():
    settings_path().mkdir(parents=True)
    loaded, notice = load_settings()
    assert loaded == Settings() and notice
    assert settings_path().is_dir() and not bad_copy().exists()


def test_a_file_over_the_cap_is_damaged_and_never_read_whole(monkeypatch):
    from scenes import settings as module

    big = json.dumps({"volume": 0.5, "pad": "x" * module.MAX_BYTES})   # valid, but too big
    write(big)
    loaded, notice = load_settings()
    assert loaded == Settings() and notice
    assert bad_copy().stat().st_size == len(big)

    read: list[int] = []
    real_read = os.read
    monkeypatch.setattr(module.os, "read", lambda fd, n: read.append(n) or real_read(fd, n))
    with open(settings_path(), "wb") as huge:            # 300 MB, sparse: cheap to make
        huge.truncate(300 * 2 ** 20)
    loaded, notice = load_settings()
    assert loaded == Settings() and notice
    assert sum(read) <= module.MAX_BYTES + 1
    assert bad_copy().with_name("settings.json.bad-2").stat().st_size == 300 * 2 ** 20
    assert bad_copy().stat().st_size == len(big)          # the first one set aside stays


def test_a_newer_versions_file_is_not_rewritten_and_round_trips_what_it_does_not_know():
    future = {"volume": 0.5, "animation_speed": "warp", "colour_scheme": "pink",
              "card_design": "piacentine", "games": {"scopa": {"lives": 3}}, "version": 9}
    write(json.dumps(future))
    before = settings_path().read_bytes(), settings_path().stat().st_mtime_ns
    loaded, notice = load_settings()
    assert loaded.animation_speed == "normal" and loaded.card_design == "napoletane"
    assert "animation_speed" in notice and "card_design" in notice
    assert (settings_path().read_bytes(), settings_path().stat().st_mtime_ns) == before

    loaded.volume = 0.8                                  # a later change, saved
    save_settings(loaded)
    defaults = Settings().to_json()                      # the fields it lacked, written too
    assert json.loads(settings_path().read_text()) == {**defaults, **future, "volume": 0.8}
    loaded.animation_speed = "fast"                      # changing it here replaces it
    save_settings(loaded)
    assert json.loads(settings_path().read_text()) == {**defaults, **future, "volume": 0.8,
                                                       "animation_speed": "fast"}


def test_a_file_without_unknowns_is_not_rewritten_on_load_either():
    write('{"volume": 0.25}')
    loaded, notice = load_settings()
    assert loaded.volume == 0.25 and notice is None
    assert settings_path().read_text() == '{"volume": 0.25}'


def test_a_damaged_file_is_kept_as_bad_before_the_defaults_are_written():
    write("{ this is not json")
    loaded, notice = load_settings()
    assert bad_copy().read_text() == "{ this is not json"
    assert json.loads(settings_path().read_text()) == Settings().to_json()
    assert loaded == Settings() and "settings.json.bad" in notice


def test_when_the_defaults_cannot_be_saved_the_notice_says_so(monkeypatch):
    from game import saves as module  # the settings' atomic write lives there

    def refuse(*args, **kwargs):
        raise PermissionError("read-only folder")

    write("{ damaged")
    monkeypatch.setattr(module.tempfile, "mkstemp", refuse)
    loaded, notice = load_settings()
    assert loaded == Settings()
    assert "could not be saved" in notice and "reset" not in notice
    assert bad_copy().read_text() == "{ damaged"


def test_when_the_damaged_file_cannot_be_set_aside_it_is_left_alone(monkeypatch):
    from scenes import settings as module

    def refuse(*args, **kwargs):
        raise PermissionError("read-only folder")

    write("{ damaged")
    for name in ("replace", "link", "rename"):
        monkeypatch.setattr(module.os, name, refuse)
    loaded, notice = load_settings()
    assert loaded == Settings()
    assert "could not be repaired" in notice and "reset" not in notice
    assert settings_path().read_text() == "{ damaged" and not bad_copy().exists()


def test_saving_is_atomic_through_a_temporary_file_in_the_same_folder(monkeypatch):
    from scenes import settings as module

    save_settings(Settings(volume=0.3))
    replaced: list[tuple[str, str]] = []
    real_replace = os.replace

    def record(src, dst):
        replaced.append((str(src), str(dst)))
        real_replace(src, dst)

    monkeypatch.setattr(module.os, "replace", record)
    save_settings(Settings(volume=0.4))
    (src, dst), = replaced
    assert os.path.dirname(src) == os.path.dirname(dst) and dst == str(settings_path())

    def crash(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(module.os, "replace", crash)
    with pytest.raises(OSError):
        save_settings(Settings(volume=0.9))
    assert json.loads(settings_path().read_text())["volume"] == 0.4
    assert sorted(p.name for p in settings_path().parent.iterdir()
                  if p.name != ".settings.json.lock") == ["settings.json"]


def test_a_symlinked_settings_file_stays_a_link(tmp_path):
    target = tmp_path / "dotfiles" / "tavolata.json"
    target.parent.mkdir()
    target.write_text('{"volume": 0.2}')
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    try:
        settings_path().symlink_to(target)
    except (OSError, NotImplementedError):
        pytest.skip("no symbolic links here")
    loaded, _ = load_settings()
    loaded.volume = 0.6
    save_settings(loaded)
    assert settings_path().is_symlink()
    assert json.loads(target.read_text())["volume"] == 0.6


def test_a_byte_order_mark_is_not_damage():
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_bytes(b'\xef\xbb\xbf{"volume": 0.4}')
    assert load_settings() == (Settings(volume=0.4), None)


def test_a_save_keeps_the_files_permissions():
    if os.name != "posix":
        pytest.skip("POSIX permission bits")
    write('{"volume": 0.2}')
    os.chmod(settings_path(), 0o640)
    save_settings(Settings(volume=0.3))
    assert stat.S_IMODE(os.stat(settings_path()).st_mode) == 0o640


# -- a file that cannot be read, and two copies of the game at once -----------------------
def unreadable(monkeypatch) -> None:
    """The settings file cannot be opened for reading (mode 000 for a player who is not
    root): PermissionError from ``os.open`` on that path, as the system gives it."""
    from scenes import settings as module

    real_open = module.os.open

    def refuse(path, flags, *args, **kwargs):
        if os.path.realpath(path) == os.path.realpath(settings_path()) \
                and not flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(module.os, "open", refuse)


def test_an_unreadable_file_is_kept_and_never_overwritten_by_a_change(monkeypatch):
    write('{"volume": 0.2, "player_name": "Ada"}')
    os.chmod(settings_path(), 0)
    unreadable(monkeypatch)
    loaded, notice = load_settings()
    assert loaded == Settings() and notice and "\n" not in notice
    assert "not saved" in notice                   # said once, at the start
    loaded.volume = 0.9
    with pytest.raises(OSError):
        save_settings(loaded)
    assert stat.S_IMODE(os.stat(settings_path()).st_mode) == 0       # the same file, untouched
    os.chmod(settings_path(), 0o600)
    assert json.loads(settings_path().read_text()) == {"volume": 0.2, "player_name": "Ada"}
    assert not bad_copy().exists()


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="mode 000 stops only a player who is not root")
def test_a_mode_000_file_is_kept_and_never_overwritten_by_a_change():
    write('{"volume": 0.2}')
    os.chmod(settings_path(), 0)
    loaded, notice = load_settings()
    assert loaded == Settings() and notice
    loaded.volume = 0.9
    with pytest.raises(OSError):
        save_settings(loaded)
    os.chmod(settings_path(), 0o600)
    assert json.loads(settings_path().read_text()) == {"volume": 0.2}


def test_the_app_says_once_that_changes_to_an_unreadable_file_are_not_saved(display, monkeypatch):
    from scenes.app import App

    write('{"volume": 0.2}')
    unreadable(monkeypatch)
    application = App((1280, 720))
    assert len(application.toasts.items) == 1            # the start-up notice
    application.change_setting("animation_speed", "fast")
    application.change_setting("animation_speed", "slow")
    assert len(application.toasts.items) == 1            # no more toasts for each change
    assert application.settings.animation_speed == "slow"   # the change holds for this run
    assert json.loads(settings_path().read_text()) == {"volume": 0.2}


def test_two_copies_running_at_once_keep_each_others_changes():
    from game.session import GameSetup

    write(json.dumps({**Settings().to_json(), "colour_scheme": "pink"}))
    first, _ = load_settings()
    second, _ = load_settings()
    first.volume = 0.2
    first.remember_setup(GameSetup.solo("bisca"))
    save_settings(first)
    second.animation_speed = "fast"
    second.remember_setup(GameSetup.solo("bocce"))
    save_settings(second)
    first.card_design = "bresciane"
    save_settings(first)
    on_disk = json.loads(settings_path().read_text())
    assert on_disk["volume"] == 0.2 and on_disk["animation_speed"] == "fast"
    assert on_disk["card_design"] == "bresciane" and on_disk["colour_scheme"] == "pink"
    assert sorted(on_disk["games"]) == ["bisca", "bocce"]
    loaded, _ = load_settings()
    assert (loaded.volume, loaded.animation_speed, loaded.card_design) == (0.2, "fast", "bresciane")


def test_a_copy_that_found_no_file_does_not_undo_the_others_changes():
    first, _ = load_settings()                           # no file yet for either
    second, _ = load_settings()
    first.volume = 0.2
    save_settings(first)
    second.fullscreen = True
    save_settings(second)
    on_disk = json.loads(settings_path().read_text())
    assert on_disk["volume"] == 0.2 and on_disk["fullscreen"] is True


def test_a_save_waits_for_the_lock_another_copy_holds_and_gives_up_without_writing(monkeypatch):
    from filelock import FileLock

    from game.saves import lock_path
    from scenes import settings as module

    write('{"volume": 0.2}')
    loaded, _ = load_settings()
    loaded.volume = 0.9
    monkeypatch.setattr(module, "LOCK_SECONDS", 0.05)
    with FileLock(str(lock_path(settings_path()))):            # the other copy is saving
        with pytest.raises(OSError, match="lock"):
            save_settings(loaded)
    assert json.loads(settings_path().read_text()) == {"volume": 0.2}
    save_settings(loaded)                                      # free again: it saves
    assert json.loads(settings_path().read_text())["volume"] == 0.9


def test_numbers_json_cannot_hold_are_not_written_back_as_infinity():
    def strict(text: str):
        def refuse(constant):
            raise ValueError(f"not JSON: {constant}")
        return json.loads(text, parse_constant=refuse)

    write('{"volume": 1e999, "colour": -Infinity, "games": {"scopa": {"x": NaN, "y": 1}}, '
          '"card_design": "bresciane"}')
    loaded, notice = load_settings()
    assert loaded.volume == Settings().volume and "volume" in notice
    loaded.animation_speed = "fast"
    save_settings(loaded)
    on_disk = strict(settings_path().read_text())        # plain JSON any tool reads
    assert on_disk["animation_speed"] == "fast" and on_disk["card_design"] == "bresciane"
    assert "colour" not in on_disk and on_disk["games"]["scopa"] == {"y": 1}
    assert load_settings()[0].volume == Settings().volume


def test_a_name_with_a_nul_in_the_file_falls_back_with_a_notice():
    write(json.dumps({"player_name": "Ma\x00rco", "volume": 0.5}))
    loaded, notice = load_settings()
    assert loaded.player_name == "" and loaded.volume == 0.5
    assert notice and "player_name" in notice


@pytest.mark.parametrize("listen, kept", [("127.0.0.1", True), ("", True), (EVERYWHERE[1], True),
                                          ("my-laptop", False), ("127.0.0.1 ", False), (7, False)])
def test_the_listen_address_is_kept_only_when_it_is_one(listen, kept):
    loaded, bad = from_json({"listen": listen})
    assert (loaded.listen == listen) == kept and ("listen" in bad) != kept


def test_the_comforts_of_reading_round_trip():
    """Four-colour French cards, a larger table, reduced motion and the spoken table are
    kept as set."""
    mine = Settings(french_colours="four", table_scale=1.5, reduced_motion=True,
                    spoken_table=True)
    save_settings(mine)
    loaded, notice = load_settings()
    assert notice is None
    assert (loaded.french_colours, loaded.table_scale, loaded.reduced_motion,
            loaded.spoken_table) == ("four", 1.5, True, True)


@pytest.mark.parametrize("field, value", [("french_colours", "six"), ("french_colours", True),
                                          ("table_scale", 3.0), ("table_scale", True),
                                          ("table_scale", "1.25"), ("reduced_motion", 1),
                                          ("reduced_motion", "on"), ("spoken_table", 1),
                                          ("speech_verbosity", "loud"), ("speech_rate", 999),
                                          ("speech_rate", True), ("speech_rate", "175"),
                                          ("speech_voice", "nvda"), ("renderer", "vulkan"),
                                          ("renderer", "OpenGL"), ("renderer", 1)])
def test_a_bad_reading_comfort_alone_takes_its_default(field, value):
    loaded, bad = from_json({field: value, "volume": 0.4})
    assert bad == [field]
    assert getattr(loaded, field) == getattr(Settings(), field)
    assert loaded.volume == 0.4


def test_the_games_whose_rank_strip_is_off_are_a_short_list_of_names():
    ok, bad = from_json({"rules_off": ["bisca", "briscola"]})
    assert ok.rules_off == ["bisca", "briscola"] and bad == []
    for value in ("bisca", [1], [""], ["x" * 41], ["bisca"] * 65, None):
        loaded, bad = from_json({"rules_off": value})
        assert loaded.rules_off == [] and bad == ["rules_off"], value


# -- the language: the system's until chosen -------------------------------------------------
def test_italian_is_a_language_of_the_settings():
    assert LANGUAGES == ("en", "it")
    assert from_json({"language": "it"}) == (Settings(language="it"), [])


def test_a_new_settings_file_starts_in_the_systems_language(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "it_IT.UTF-8")
    assert Settings().language == "it"
    assert from_json({})[0].language == "it"
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    assert Settings().language == "en"


def test_a_language_this_version_has_not_is_a_bad_field_and_the_systems_is_used(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "it_IT")
    loaded, bad = from_json({"language": "fr"})
    assert (loaded.language, bad) == ("it", ["language"])


def test_a_second_damaged_file_is_kept_beside_the_first():
    """Setting a damaged file aside wrote over the one set aside before."""
    write("{ first")
    load_settings()
    write("{ second")
    loaded, notice = load_settings()
    assert "settings.json.bad-2" in notice
    assert bad_copy().read_text() == "{ first"
    assert bad_copy().with_name("settings.json.bad-2").read_text() == "{ second"
