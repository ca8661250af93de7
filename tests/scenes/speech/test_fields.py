"""Text fields said as they are typed in: entered, a letter typed, deleted, the cursor."""

from __future__ import annotations

from scenes.speech.fields import FieldSpeech, char_words


class Field:
    """A text field as pygame-gui's keeps it: its text, its cursor, its focus."""

    def __init__(self, text: str = "", focused: bool = True) -> None:
        self.text, self.edit_position, self.is_focused = text, len(text), focused

    def get_text(self) -> str:
        return self.text

    def type(self, chars: str) -> None:
        at = self.edit_position
        self.text = self.text[:at] + chars + self.text[at:]
        self.edit_position = at + len(chars)

    def backspace(self) -> None:
        at = self.edit_position
        self.text, self.edit_position = self.text[:at - 1] + self.text[at:], at - 1


class Screen:
    def __init__(self, *fields: tuple[Field, str]) -> None:
        self.fields = list(fields)

    def text_fields(self):
        return self.fields


def test_a_field_entered_says_its_label_and_what_it_holds_then_each_change():
    name, relay = Field("Marco"), Field("", focused=False)
    screen, ears = Screen((name, "Your name"), (relay, "Relay")), FieldSpeech()
    assert ears.frame(screen) == ["Your name, edit field: Marco."]
    assert ears.frame(screen) == []                              # said once
    name.type("a")
    assert ears.frame(screen) == ["a"]
    name.backspace()
    assert ears.frame(screen) == ["a deleted."]
    name.edit_position = 0
    assert ears.frame(screen) == ["M"]
    name.edit_position = 5
    assert ears.frame(screen) == ["end"]
    name.is_focused, relay.is_focused = False, True
    assert ears.frame(screen) == ["Relay, edit field: blank."]
    relay.type("relay.example.org:4222")                        # a paste: said whole
    assert ears.frame(screen) == ["relay.example.org:4222"]
    relay.type(":")
    assert ears.frame(screen) == ["colon"]


def test_no_field_focused_says_nothing():
    assert FieldSpeech().frame(Screen((Field("x", focused=False), "Code"))) == []
    assert FieldSpeech().frame(object()) == []


def test_signs_are_said_by_name():
    assert char_words("a b") == "a space b"
