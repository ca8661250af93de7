"""Headless pygame for every test: dummy video and audio, before the first import; and
the tests' own small game (tests/games/highcard) registered beside the shipped ones
(``TAVOLATA_GAMES``, read as ``game`` is imported), before any test or screen reads the
list of games: every test over ``game.GAMES`` runs it too, with nothing written for it,
and so does every program a test starts."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

#: the games that live under tests/ (tests/games), registered for every test session
TEST_GAMES = ("tests.games.highcard",)
os.environ["TAVOLATA_GAMES"] = ",".join(TEST_GAMES)

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

#: Hypothesis's own timers, a test's deadline and the "input generation is slow" health
#: check, time the machine: on shared cores under load a strategy that draws in 0.3 s alone
#: took 1.6 s and failed a run (test_protocol's chunked lines, at a load of 33).  They are
#: off for every property test; what each one proves (its examples, its strategy) is not
#: touched, and a test may still set its own.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")


#: the dummy display's size (the session's ``display``)
DISPLAY_SIZE = (1280, 720)
_display_up = False


@pytest.fixture(scope="session")
def display():
    """A 1280x720 dummy display, for convert_alpha() and pygame-gui text."""
    import pygame

    global _display_up
    pygame.init()
    surface = pygame.display.set_mode(DISPLAY_SIZE)
    _display_up = True
    yield surface
    _display_up = False
    pygame.quit()


@pytest.fixture(autouse=True)
def _display_kept():
    """A test that ends pygame (a window of its own, an App's whole life) leaves the
    session's display started again for the tests after it in the same process: else they
    met "font not initialized" or a display that had quit, depending on the order."""
    yield
    if not _display_up:
        return
    import pygame

    if not pygame.get_init() or not pygame.font.get_init() or pygame.display.get_surface() is None:
        pygame.init()
        pygame.display.set_mode(DISPLAY_SIZE)


@pytest.fixture(autouse=True)
def _isolated_config(tmp_path, monkeypatch):
    """Settings, saves and the kiosk's error log go to a temporary folder, never the user's
    (nor a data folder ``TAVOLATA_DATA_DIR`` names: the saves go beside the settings)."""
    monkeypatch.setenv("TAVOLATA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("TAVOLATA_LOG_DIR", str(tmp_path / "log"))
    monkeypatch.delenv("TAVOLATA_DATA_DIR", raising=False)


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch):
    """A new settings file takes the system's language: English in tests, whatever the
    machine speaks; and a test that switched the screen to Italian leaves it English."""
    monkeypatch.setenv("LANGUAGE", "en")
    yield
    from scenes.i18n import set_language

    set_language("en")


def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist (``make test``: ``-n auto --dist loadgroup``) a test that uses a
    module-scoped fixture (a relay process, a NATS server with its gateways and table
    workers) runs in the same process as its module's other users of it: that fixture is
    set up once, as in a run in one process, and never twice at once."""
    grouped = set()
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        if info is None:
            continue
        if any(defs and defs[-1].scope == "module" for defs in info.name2fixturedefs.values()):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
            grouped.add(item.nodeid)
    if os.environ.get("PYTEST_XDIST_WORKER"):
        items[:] = longest_first(items, grouped)


def longest_first(items: list, grouped: set) -> list:
    """The order a worker's collection hands xdist: the grouped tests (each group whole,
    as collected), then the tests marked slow, then the rest.  xdist deals the units in
    that order (a group before single tests, larger groups first), so the long ones start
    while every worker is busy and the run ends on the many short tests, spread over the
    workers, not on one long test with the other workers done."""
    def rank(item) -> int:
        return 0 if item.nodeid in grouped else 1 if item.get_closest_marker("slow") else 2
    return sorted(items, key=rank)
