"""Settings: saved and loaded as JSON; a damaged file never stops the program."""

from __future__ import annotations

import json

from hypothesis import given, settings as hyp_settings, strategies as st

from scenes.settings import (ANIMATION_SPEEDS, ITALIAN_STYLES, LANGUAGES, Settings, config_dir,
                             from_json, load_settings, save_settings, settings_path)


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
    try:
        from scenes.cardart import ITALIAN_STYLES as ART_STYLES
    except ImportError:
        return
    assert tuple(ART_STYLES) == ITALIAN_STYLES


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                           | st.text(max_size=12),
                           lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                           max_leaves=8)
field_names = st.sampled_from(["animation_speed", "card_design", "fullscreen", "volume",
                               "language", "other"])


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
