"""Every scene the program opens by name, in one table.

``app.open("rules", "bocce")`` pushes ``RulesScene(app, "bocce")``: a scene that opens
another names it here instead of importing its module, and :data:`ROUTES` is the one
place that says which class each name is.  So the screens, the table and its overlays
import each other in no circle (tests/scenes/test_import_cycles.py), and a name that is
not here is a type error (:data:`Route`, named in scenes/kit/scene.py where the scenes'
view of the app names it too).  A class is imported when its scene is first
opened, so the title menu comes up without the table, the online screens or the rules'
renderer (bench/startup.py measures it).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:  # pragma: no cover
    from scenes.kit.scene import Scene

from scenes.kit.scene import Route as Route

#: a scene's name -> ``"module:factory"``: a Scene class (or a function making one) that
#: takes the app first, then the arguments given to :func:`make`
ROUTES: dict[Route, str] = {
    "menu": "scenes.screens.menu:MenuScene",
    "setup": "scenes.screens.setup_scene:SetupScene",
    # a new local game's table (a setup); "game": the table of a client already made
    "table": "scenes.table:local_table",
    "game": "scenes.table:TableScene",
    "rules": "scenes.screens.rules_scene:RulesScene",
    "settings": "scenes.screens.settings_scene:SettingsScene",
    "stats": "scenes.screens.stats_scene:StatsScene",
    "replays": "scenes.screens.replay_scene:ReplayListScene",
    "online": "scenes.screens.online.play:OnlineScene",
    "find": "scenes.screens.online.find_table:FindScene",
    "leaderboards": "scenes.screens.online.leaderboard_scene:LeaderboardScene",
    "guest_room": "scenes.screens.online.waiting_room:GuestRoomScene",
    "credits": "scenes.screens.credits_scene:CreditsScene",
    # over the table, given the table
    "result": "scenes.table.result:ResultScene",
    "pause": "scenes.table.result:PauseScene",
    "sheet": "scenes.table.result:SheetScene",
    "look_back": "scenes.table.lookback:LookBackScene",
    "story": "scenes.table.story:StoryScene",
}


def maker(name: Route) -> Callable[..., Scene]:
    """The class (or function) that makes the scene called ``name``; KeyError names the
    scenes there are."""
    if name not in ROUTES:
        raise KeyError(f"no scene called {name!r}: {', '.join(sorted(ROUTES))}")
    module, _, attr = ROUTES[name].partition(":")
    made: Callable[..., Scene] = getattr(importlib.import_module(module), attr)
    return made


def make(app: Any, name: Route, *args: Any, **kwargs: Any) -> Scene:
    """The scene called ``name``, made for ``app`` with these arguments (not pushed)."""
    return maker(name)(app, *args, **kwargs)
