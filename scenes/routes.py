"""Every scene the program opens by name, in one table.

``app.open("rules", "bocce")`` pushes ``RulesScene(app, "bocce")``: a scene that opens
another names it here instead of importing its module, and :data:`ROUTES` is the one
place that says which class each name is.  A class is imported when its scene is first
opened, so the title menu comes up without the table, the online screens or the rules'
renderer (bench/startup.py measures it).
"""

from __future__ import annotations

import importlib
from typing import Any, Callable

#: a scene's name -> ``"module:factory"``: a Scene class (or a function making one) that
#: takes the app first, then the arguments given to :func:`make`
ROUTES: dict[str, str] = {
    "menu": "scenes.screens.menu:MenuScene",
    "setup": "scenes.screens.setup_scene:SetupScene",
    "table": "scenes.table:local_table",
    "rules": "scenes.screens.rules_scene:RulesScene",
    "settings": "scenes.screens.settings_scene:SettingsScene",
    "stats": "scenes.screens.stats_scene:StatsScene",
    "replays": "scenes.screens.replay_scene:ReplayListScene",
    "online": "scenes.screens.online.play:OnlineScene",
    "credits": "scenes.screens.credits_scene:CreditsScene",
}


def maker(name: str) -> Callable[..., Any]:
    """The class (or function) that makes the scene called ``name``; KeyError names the
    scenes there are."""
    if name not in ROUTES:
        raise KeyError(f"no scene called {name!r}: {', '.join(sorted(ROUTES))}")
    module, _, attr = ROUTES[name].partition(":")
    return getattr(importlib.import_module(module), attr)


def make(app: Any, name: str, *args: Any, **kwargs: Any) -> Any:
    """The scene called ``name``, made for ``app`` with these arguments (not pushed)."""
    return maker(name)(app, *args, **kwargs)
