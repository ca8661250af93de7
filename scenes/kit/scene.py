"""Scenes and the stack that runs them.

The top scene gets every input event; scenes below it are drawn first when the
top one is an overlay, bottom-up.  ``draw`` never changes state: all change
happens in ``handle`` and ``update``.  ``handle`` returns None when it consumed
the event, or the event to let the stack offer it elsewhere (e.g. a global key).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Literal, Optional, Protocol

import pygame

from scenes.kit import theme

if TYPE_CHECKING:
    import pygame_gui

    from game.net.relays import Relay
    from game.session import GameSetup
    from scenes.art.cardart import CardArt
    from scenes.kit.fonts import Fonts
    from scenes.settings import Settings

#: the names a scene is opened by (scenes/routes.py's table)
Route = Literal["menu", "setup", "table", "game", "rules", "settings", "stats", "replays",
                "online", "find", "leaderboards", "guest_room", "credits", "result",
                "pause", "sheet", "look_back", "story"]


class AppLike(Protocol):
    """What a scene uses of the app that runs it (scenes/app.py's ``App``, which imports
    the screens: a Protocol here, so that no scene imports the app, even for its type)."""

    running: bool

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def fonts(self) -> Fonts: ...

    @property
    def stack(self) -> SceneStack: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def ui(self) -> pygame_gui.UIManager: ...

    @property
    def art(self) -> CardArt | None: ...

    @property
    def relay(self) -> Relay | None: ...

    def open(self, name: Route, *args: Any, **kwargs: Any) -> Scene: ...

    def make(self, name: Route, *args: Any, **kwargs: Any) -> Scene: ...

    def menu(self) -> Scene: ...

    def back_to_menu(self) -> None: ...

    def notify(self, text: str, seconds: float = 3.0, aloud: bool = True) -> None: ...

    def show_rules(self, key: str, overlay: bool | None = None) -> None: ...

    def open_settings(self, overlay: bool | None = None) -> None: ...

    def change_setting(self, name: str, value: Any) -> None: ...

    def save_settings(self) -> bool: ...

    def game_setup(self, key: str, seed: int | None = None,
                   options: dict | None = None) -> GameSetup: ...

    def start_game(self, game: str | GameSetup, seed: int | None = None,
                   options: dict | None = None) -> None: ...

    def tick(self, dt: float, events: list[pygame.event.Event]) -> bool: ...

    def recover(self) -> bool: ...

    def quit(self) -> None: ...


class Scene:
    """One screen.  ``overlay`` scenes let the scene below show through."""

    overlay = False
    #: the window size the scene was last laid out for (None: not yet)
    _size: Optional[tuple[int, int]] = None

    def __init__(self, app: AppLike) -> None:
        self.app = app

    def open_felt(self, surface: pygame.Surface) -> tuple[tuple[int, int], float]:
        """How a full-window scene's draw begins: laid out anew when the window has a new
        size, then the felt; the size and its UI scale (:func:`theme.ui_scale`)."""
        size = surface.get_size()
        if size != self._size:
            self.resize(size)
        surface.blit(theme.felt_background(size), (0, 0))
        return size, theme.ui_scale(size)

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def leave(self) -> None:
        """Called when another scene covers this one or it is popped."""

    def removed(self) -> None:
        """Called once the scene has left the stack for good (popped, replaced, cleared):
        stop whatever it runs in the background.  Never called for a scene only covered."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute layout."""

    def reword(self) -> bool:
        """The language changed: make the words built once (buttons, titles) again.  True
        when the scene now speaks the new language throughout; a scene that keeps some
        words until it is made anew says False (the player is told)."""
        return False

    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        return event

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene; drawing changes nothing."""

    def toast_bottom(self) -> Optional[int]:
        """Where the app's notices (scenes/kit/toast.py) stand over this scene, as the y of
        their lowest edge; None: just above the bottom edge, where nothing of this scene
        lies under them."""
        return None

    def animating(self) -> bool:
        """True while the scene changes by itself from one frame to the next (cards in
        flight, a pulse, a smooth scroll).  The app draws every frame only then; otherwise
        it draws after input or a change and sleeps meanwhile."""
        return False

    def damage(self) -> Optional[list[pygame.Rect]]:
        """After a draw: the rectangles that differ from the frame drawn before, when the
        scene can tell (None: present the whole window)."""
        return None


def keys_down() -> set[int]:
    """The keys held down now, as the keyboard says (not as the events told)."""
    try:
        pressed = pygame.key.get_pressed()
    except pygame.error:         # no window yet
        return set()
    return {k for k in HELD_KEYS if pressed[k]}


#: the keys a screen acts on that a player holds or hammers: Enter, Space, the arrows
HELD_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE,
             pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_h,
             pygame.K_p)


class SceneStack:
    """push / pop / replace, with enter/leave calls in a predictable order."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        #: how many times the stack changed: the window is presented whole after any
        #: change (the scenes' ids would not do: a new scene may reuse a freed one's)
        self.changes = 0
        #: the keys that were down when the top scene came: a key held through a change
        #: of screen (Enter repeating after it played a card) does not act on the new one
        #: until let go
        self._held: set[int] = set()

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self) -> Iterator[Scene]:
        return iter(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def _changed(self) -> None:
        self.changes += 1
        self._held = keys_down()

    def push(self, scene: Scene) -> None:
        self._changed()
        if self._scenes:
            self._scenes[-1].leave()
        self._scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        self._changed()
        scene = self._scenes.pop()
        scene.leave()
        if scene not in self._scenes:
            scene.removed()
        if self._scenes:
            self._scenes[-1].enter()
        return scene

    def replace(self, scene: Scene) -> None:
        self._changed()
        if self._scenes:
            self._drop()
        self._scenes.append(scene)
        scene.enter()

    def clear_to(self, scene: Scene) -> None:
        """Drop every scene and start from ``scene`` (e.g. back to the title menu)."""
        self.clear()
        self.push(scene)

    def clear(self) -> None:
        """Drop every scene, top first (the program ends)."""
        while self._scenes:
            self._drop()

    def _drop(self) -> None:
        self._changed()
        scene = self._scenes.pop()
        scene.leave()
        if scene not in self._scenes:  # a scene pushed twice is removed with its last copy
            scene.removed()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom-up: the top one and, when it is an overlay, the full
        scene under it (which it dims).  Overlays between the two are hidden: Settings over
        the pause menu over the table shows the table and the Settings, not the pause
        panel through them."""
        top = self.top
        if top is None:
            return []
        if not top.overlay:
            return [top]
        base = next((s for s in reversed(self._scenes) if not s.overlay), None)
        return [top] if base is None else [base, top]

    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        top = self.top
        if event.type == pygame.KEYUP:
            self._held.discard(event.key)
        elif event.type == pygame.KEYDOWN:
            if event.key in self._held:
                return None      # pressed before this screen came: not meant for it
        return top.handle(event) if top else event

    def update(self, dt: float) -> None:
        if self.top:
            self.top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)

    def animating(self) -> bool:
        return any(scene.animating() for scene in self.visible())

    def damage(self) -> Optional[list[pygame.Rect]]:
        """What changed on screen: the top scene's word when it is drawn alone; under an
        overlay, what changed below it (its veil is the same every frame) and what the
        overlay says of its own part; None from either: the whole window."""
        shown = self.visible()
        rects = [scene.damage() for scene in shown]   # each keeps its log up to date
        if any(part is None for part in rects):
            return None
        return [rect for part in rects if part is not None for rect in part]
