"""Both languages complete: every key in each, the same placeholders, and the system's
language as the default (game/i18n.py)."""

from __future__ import annotations

import json
import string

import pytest

from game.cards import Card
from game.i18n import CATALOG_DIR, catalog, languages, reason_words, system_language, translate

FIELDS = string.Formatter()


def placeholders(text: str) -> set[str]:
    """The ``{names}`` a string fills in (format specs and conversions aside)."""
    return {name for _, name, _, _ in FIELDS.parse(text) if name is not None}


def test_italian_is_one_of_the_languages():
    assert languages() == ["en", "it"]


@pytest.mark.parametrize("lang", ["it"])
def test_every_english_key_is_translated_and_no_key_is_only_translated(lang):
    english, other = set(catalog("en")), set(catalog(lang))
    assert sorted(english - other) == [], f"missing in {lang}"
    assert sorted(other - english) == [], f"in {lang} but not in English"


@pytest.mark.parametrize("lang", ["it"])
def test_each_catalog_file_has_the_same_keys_in_both_languages(lang):
    """A key lives in the same file in each language, so each game's file is whole."""
    for path in sorted((CATALOG_DIR / "en").glob("*.json")):
        twin = CATALOG_DIR / lang / path.name
        assert twin.exists(), f"{lang}/{path.name} is missing"
        en = json.loads(path.read_text(encoding="utf-8"))
        other = json.loads(twin.read_text(encoding="utf-8"))
        assert set(en) == set(other), path.name


@pytest.mark.parametrize("lang", ["it"])
def test_a_translation_fills_in_the_same_placeholders_as_the_english(lang):
    english, other = catalog("en"), catalog(lang)
    wrong = {key: (sorted(placeholders(text)), sorted(placeholders(other[key])))
             for key, text in english.items()
             if key in other and placeholders(text) != placeholders(other[key])}
    assert wrong == {}


@pytest.mark.parametrize("lang", ["it"])
def test_every_translation_is_words_not_an_empty_string(lang):
    assert [k for k, v in catalog(lang).items() if not isinstance(v, str) or not v.strip()
            and catalog("en")[k].strip()] == []


def test_the_placeholder_check_would_catch_a_dropped_or_renamed_field():
    assert placeholders("{player} wins {points}") != placeholders("{player} vince")
    assert placeholders("{player} wins") != placeholders("{giocatore} vince")
    assert placeholders("{a}{b}") == placeholders("{b} e {a}")


def test_italian_card_names_use_the_italian_deck_words():
    assert Card.parse("Jb").name("it") == "Fante di Bastoni"
    assert Card.parse("Nc").name("it") == "Cavallo di Coppe"
    assert Card.parse("Kd").name("it") == "Re di Denari"
    assert Card.parse("QH").name("it") == "Donna di Cuori"
    assert Card.parse("AS").name("it") == "Asso di Picche"
    assert Card.parse("JC").name("it") == "Fante di Fiori"


def test_a_refusal_names_its_card_in_the_players_language():
    words = reason_words("it", "bolola.must_overtrump", {"card": "QD"})
    assert words == "Devi superare Donna di Quadri con una briscola più alta."
    assert translate("it", "bisca.title") == "Bisca"
    assert translate("it", "doudizhu.title") == "Dou Dizhu"


def test_a_hints_margin_is_written_as_each_language_writes_numbers():
    """A hint's "40.0 points more" read, in Italian, as forty thousand: a number with a
    fraction takes the language's decimal mark, and a whole one is written whole."""
    params = {"deals": 25, "points": 37.5, "within": 2.0}
    assert "37,5 punti" in reason_words("it", "advice.better", params)
    assert "37.5 points" in reason_words("en", "advice.better", params)
    params = {"deals": 25, "points": 40.0, "within": 2.5}
    assert "40 points more" in reason_words("en", "advice.better", params)
    assert "40 punti" in reason_words("it", "advice.better", params)
    chance = reason_words("it", "advice.better_chance", {"deals": 9, "chance": 6.2, "within": 1.5})
    assert "6,2 probabilità su cento" in chance


@pytest.mark.parametrize("environ, lang", [
    ({"LANG": "it_IT.UTF-8"}, "it"),
    ({"LC_ALL": "it_CH.UTF-8", "LANG": "en_GB.UTF-8"}, "it"),
    ({"LANGUAGE": "en:it", "LANG": "it_IT.UTF-8"}, "en"),
    ({"LANGUAGE": "it:en"}, "it"),
    ({"LC_MESSAGES": "it_IT", "LANG": "de_DE.UTF-8"}, "it"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
])
def test_the_system_language_is_italian_when_the_locale_starts_with_it(environ, lang):
    assert system_language(environ) == lang


def test_with_no_locale_variable_the_system_locale_decides(monkeypatch):
    import locale

    monkeypatch.setattr(locale, "getlocale", lambda *a: ("Italian_Italy", "1252"))
    assert system_language({}) == "it"
    monkeypatch.setattr(locale, "getlocale", lambda *a: (None, None))
    assert system_language({}) == "en"


def test_the_landlord_is_the_padrone_in_italian_as_the_rules_call_him():
    """"Conduttore" reads as "tenant"; the in-app rules say "padrone"."""
    said = [key for key, text in catalog("it").items() if "onduttor" in text]
    assert said == []


@pytest.mark.parametrize("lang, word", [("en", "original text"), ("it", "testo originale")])
def test_dou_dizhu_basic_rules_name_the_text_they_follow(lang, word):
    assert word in translate(lang, "setup.value.doudizhu.rules.text")


def test_the_last_bettor_is_told_so_in_words_that_cannot_read_as_points():
    """"Punti per ultimo" reads as "points for last"."""
    assert [k for k, text in catalog("it").items() if "Punti per ultimo" in text] == []
    assert "ultimo a puntare" in translate("it", "bisca_table.hook_title", bet=3, others=2,
                                           cards=5)
