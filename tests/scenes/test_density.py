"""The window asks for the display's real pixels (scenes/density.py): SDL's high-DPI hint
everywhere, and on Windows the process's DPI awareness, per monitor where the system
has it; a refusal is a line in the log, never an error."""

from __future__ import annotations

from scenes.density import HIGHDPI_DISABLED, PER_MONITOR, WINDOWS_AWARENESS, ask_for_real_pixels


class Calls:
    """A stand-in for ctypes.windll: records each call, or raises where told."""

    def __init__(self, missing: tuple[str, ...] = ()) -> None:
        self.calls: list[tuple] = []
        self.missing = missing

    def __getattr__(self, name: str) -> "Calls":
        if name in self.missing:
            raise AttributeError(name)
        child = Calls(self.missing)
        child.calls = self.calls
        child.name = name
        return child

    def __call__(self, *args):
        self.calls.append((self.name, *args))
        return 0


def test_the_high_dpi_hint_is_set_before_the_window_opens():
    env: dict[str, str] = {}
    assert ask_for_real_pixels(env, "linux") == []
    assert env == {HIGHDPI_DISABLED: "0"}


def test_a_setting_in_the_environment_wins():
    env = {HIGHDPI_DISABLED: "1"}
    ask_for_real_pixels(env, "linux")
    assert env[HIGHDPI_DISABLED] == "1"


def test_on_windows_the_process_is_dpi_aware_per_monitor():
    env: dict[str, str] = {}
    dll = Calls()
    assert ask_for_real_pixels(env, "win32", dll) == []
    assert env[WINDOWS_AWARENESS] == "permonitorv2"
    assert dll.calls == [("SetProcessDpiAwareness", PER_MONITOR)]


def test_an_older_windows_is_made_aware_as_it_can():
    dll = Calls(missing=("shcore",))
    assert ask_for_real_pixels({}, "win32", dll) == []
    assert dll.calls == [("SetProcessDPIAware",)]


def test_a_refusal_is_a_line_in_the_log():
    lines = ask_for_real_pixels({}, "win32", Calls(missing=("shcore", "user32")))
    assert len(lines) == 1 and "DPI awareness" in lines[0]
