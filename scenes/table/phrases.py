"""Table phrases: a short fixed list ("Good game", "Well played", "One moment" ...) a
player at an online table may say; shown by the sender's plate on every table for
a few seconds.

No free text (nothing to moderate): a phrase crosses the network as its id
(game/net/protocol.py ``PHRASES``) and each table words it in its own language
(``phrase.<id>``).  A client that can say them has ``say(phrase)`` and
``heard()`` (the host's table client and a guest's; a spectator hears but says
nothing; a game on this computer alone has neither).  T (or the Say corner
button) opens the list; 1 to 6, or a click, says one; T or Esc closes it.
"""

from __future__ import annotations

from typing import Any, Optional

import pygame

from game.net.protocol import PHRASES
from scenes import theme
from scenes.i18n import tr

#: seconds a phrase stays by its sender's plate
SHOWN_FOR = 4.0
PHRASE_KEY = pygame.K_t
_NUMBERS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, len(PHRASES) + 1)}


class PhrasesMixin:
    """The TableScene's phrases: what was said lately, and the list to say one."""

    client: Any
    seat: Optional[int]

    def init_phrases(self) -> None:
        #: said: seat -> [phrase, seconds left]; menu: the list is open; rects: its rows
        self._phrases: dict[str, Any] = {"said": {}, "menu": False, "rects": []}

    def _phrases_state(self) -> dict[str, Any]:
        return self._phrases

    @property
    def can_say(self) -> bool:
        """A person's seat at an online table (a spectator only listens)."""
        return self.seat is not None and hasattr(self.client, "say") and \
            hasattr(self.client, "heard")

    @property
    def phrase_menu(self) -> bool:
        return bool(self._phrases_state()["menu"])

    def toggle_phrases(self) -> None:
        state = self._phrases_state()
        state["menu"] = self.can_say and not state["menu"]

    def say_phrase(self, index: int) -> None:
        """Say the ``index``-th phrase (the list closes)."""
        if self.can_say and 0 <= index < len(PHRASES):
            self.client.say(PHRASES[index])
        self._phrases_state()["menu"] = False

    def hear_phrases(self, dt: float) -> None:
        """Take the phrases said since the last frame; let the old ones fade."""
        said = self._phrases_state()["said"]
        heard = getattr(self.client, "heard", None)
        for seat, phrase in heard() if heard is not None else ():
            if phrase in PHRASES:
                said[seat] = [phrase, SHOWN_FOR]
        for seat in list(said):
            said[seat][1] -= dt
            if said[seat][1] <= 0:
                del said[seat]

    def phrases_key(self) -> tuple:
        """What the phrases add to the screen's key (the table redraws when it changes)."""
        state = self._phrases_state()
        return (state["menu"], tuple(sorted((s, p) for s, (p, _) in state["said"].items())))

    def phrase_key(self, event: pygame.event.Event) -> bool:
        """T opens or closes the list; while it is open, a number says a phrase and Esc
        closes it.  Whether the key was the phrases'."""
        if not self.can_say:
            return False
        if event.key == PHRASE_KEY:
            self.toggle_phrases()
            return True
        if not self.phrase_menu:
            return False
        if event.key in _NUMBERS:
            self.say_phrase(_NUMBERS[event.key])
            return True
        if event.key == pygame.K_ESCAPE:
            self._phrases_state()["menu"] = False
            return True
        return False

    def phrase_click(self, pos: tuple[int, int]) -> bool:
        """A click on the open list: says the phrase under it (elsewhere: closes it)."""
        state = self._phrases_state()
        if not state["menu"]:
            return False
        for index, rect in enumerate(state["rects"]):
            if rect.collidepoint(pos):
                self.say_phrase(index)
                return True
        state["menu"] = False
        return True

    def draw_phrases(self, surface: pygame.Surface, log: dict) -> None:
        """Each phrase by its sender's plate; the list, when open, over the middle."""
        lay = self.layout  # type: ignore[attr-defined]
        font = lay.font(15)
        text = self.hud.text  # type: ignore[attr-defined]
        state = self._phrases_state()
        for seat, (phrase, _) in state["said"].items():
            plate = self.plate_rect(seat)  # type: ignore[attr-defined]
            img = text.render(tr(f"phrase.{phrase}"), font, theme.INK, True)
            pad = max(4, font // 3)
            bubble = img.get_rect().inflate(pad * 3, pad * 2)
            bubble.midbottom = (plate.centerx, plate.top - pad)
            if bubble.top < lay.margin:                   # no room above: under the plate
                bubble.midtop = (plate.centerx, plate.bottom + pad)
            bubble.clamp_ip(pygame.Rect(0, 0, *lay.size))
            pygame.draw.rect(surface, theme.CREAM, bubble, border_radius=bubble.h // 2)
            pygame.draw.rect(surface, theme.GOLD_DARK, bubble, width=2,
                             border_radius=bubble.h // 2)
            surface.blit(img, img.get_rect(center=bubble.center))
            log[("phrase", seat, phrase)] = tuple(bubble)
        state["rects"] = []
        if not state["menu"]:
            return
        pad = max(6, font // 2)
        lines = [(str(i + 1), tr(f"phrase.{p}")) for i, p in enumerate(PHRASES)]
        imgs = [(text.render(n, font, theme.GOLD, True), text.render(w, font, theme.CREAM, True))
                for n, w in lines]
        row_h = max(img.get_height() for _, img in imgs) + pad
        width = max(n.get_width() + w.get_width() for n, w in imgs) + pad * 4
        title = text.render(tr("net.phrases_hint"), font, theme.CREAM_DIM, True)
        width = max(width, title.get_width() + pad * 2)
        panel = pygame.Rect(0, 0, width, row_h * (len(imgs) + 1) + pad)
        panel.center = (lay.width // 2, lay.height // 2)     # over the middle, for a moment
        theme.draw_panel(surface, panel)
        surface.blit(title, (panel.x + pad, panel.y + pad // 2))
        for index, (number, words) in enumerate(imgs):
            row = pygame.Rect(panel.x, panel.y + row_h * (index + 1), panel.w, row_h)
            surface.blit(number, (row.x + pad, row.centery - number.get_height() // 2))
            surface.blit(words, (row.x + pad * 2 + number.get_width(),
                                 row.centery - words.get_height() // 2))
            state["rects"].append(row)
        log[("phrases", len(imgs))] = tuple(panel)
