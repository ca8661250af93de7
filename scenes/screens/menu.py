"""The title menu: every game (the built ones open their new-game screen), Rules,
Settings, Credits (the licences), Quit.

Everything static (felt, fanned decorative cards, the title) is painted once
per window size into one surface; a frame is that blit plus the buttons.
"""

from __future__ import annotations

import math
import sys
from functools import partial
from typing import TYPE_CHECKING, Optional

import pygame

from game import CATALOG, GAMES
from game.cards import Card
from game.saves import Record, Store
from scenes.i18n import language, tr
from scenes.kit import theme
from scenes.kit.scene import AppLike, Scene
from scenes.kit.widgets import Button, FocusList, draw_button
from scenes.table.keeping import resume, resume_label, trouble_line

if TYPE_CHECKING:
    from game.net.kept_tables import KeptTable
    from scenes.art.cardart import CardArt
    from scenes.kit.fonts import SizedFont

#: The decorative fans in the bottom corners: French on the left, Italian on the right.
LEFT_FAN = ("QH", "KS", "AS")
RIGHT_FAN = ("7d", "Ad", "Kc")

#: the lowest a game's row gets (before the UI scale) when many games share the room
MIN_ROW = 30

#: The painted background (felt, fans, title), by (size, card design, art present).
#: Module-level: it is only pixels, and a new App (tests) need not paint it again.
_BACKGROUNDS: dict[tuple, pygame.Surface] = {}


def seats_text(seats: str) -> str:
    """"2-6" -> "2–6 players"."""
    return tr("ui.menu.seats", seats=seats.replace("-", "–"))


def kept_table() -> "Optional[KeptTable]":
    """The table this program sat at last, while it lasts (the network's modules are
    loaded only when the file is there: the menu opens at every start)."""
    from scenes.settings import TABLES_FILE, config_dir

    if not (config_dir() / TABLES_FILE).exists():
        return None
    from scenes.net import guest

    return guest.kept_tables().last()


class MenuScene(Scene):
    def __init__(self, app: AppLike) -> None:
        super().__init__(app)
        self.focus = FocusList()
        #: the games to resume, one per game, the last saved first (read on entering)
        self.records: list[Record] = []
        self.table: Optional[KeptTable] = None    # the table to go back to (read on entering)
        self._resume_label = ""
        self._kept_stamp: Optional[tuple] = None  # the resume file as last read
        self._label_language = language()         # the language _resume_label is in
        self._art_failed = False
        self._size: tuple[int, int] | None = None
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._build()
        self.resize(app.size)

    # --- buttons -----------------------------------------------------------
    def _build(self) -> None:
        buttons: list[Button] = []
        for row, entry in enumerate(CATALOG):
            playable = entry.key in GAMES
            hint = seats_text(entry.seat_range)
            if not playable:
                hint = tr("ui.menu.coming_soon", seats=hint)
            buttons.append(Button(
                entry.title, action=partial(self.open_setup, entry.key) if playable else None,
                enabled=playable, key=f"game:{entry.key}", row=row, style="primary", hint=hint))
            kept = self.kept(entry.key)
            if kept is not None:        # each game's own save, beside its new game
                buttons.append(Button(
                    tr("kept.resume_short"), action=partial(self.resume, kept),
                    key=f"resume:{entry.key}", row=row, style="small"))
            if playable:
                buttons.append(Button(
                    tr("ui.menu.rules_short"), action=partial(self.app.show_rules, entry.key),
                    key=f"rules:{entry.key}", row=row, style="small",
                    spoken=tr("ui.menu.rules_of", game=entry.title)))
        bottom = len(CATALOG)
        if self.table is not None:
            # the table lasts only while its game does: it takes the wide row, and the
            # games kept here stay a click away, each by its own new game
            title = next((e.title for e in CATALOG if e.key == self.table.game), "")
            buttons.append(Button(tr("net.back_to_table", game=title), action=self.back_to_table,
                                  key="back_table", row=bottom, style="primary"))
        elif self.record is not None:
            buttons.append(Button(self._resume_label, action=partial(self.resume, self.record),
                                  key="resume", row=bottom, style="primary"))
        if self.record is not None or self.table is not None:
            bottom += 1
        buttons += [Button(tr("replays.menu"), action=self.open_replays, key="replays", row=-1,
                           style="small"),
                    Button(tr("stats.menu"), action=self.open_stats, key="stats", row=-1,
                           style="small")]
        buttons += [
            Button(tr("net.title"), action=self.open_online, key="online", row=bottom),
            Button(tr("ui.menu.rules"), action=self._open_rules, key="rules", row=bottom),
            Button(tr("ui.menu.settings"), action=self.app.open_settings, key="settings", row=bottom),
            Button(tr("ui.menu.credits"), action=self.open_credits, key="credits", row=bottom),
            Button(tr("ui.menu.quit"), action=self.app.quit, key="quit", row=bottom),
        ]
        self.focus.set_buttons(buttons)

    def reword(self) -> bool:
        """Every word of the menu is made again in the new language."""
        if self.record is not None:
            self._resume_label = resume_label(self.record)
            self._label_language = language()
        self._build()
        self.resize(self.app.size)
        return True

    @property
    def record(self) -> Optional[Record]:
        """The game saved last: the wide Resume button's."""
        return self.records[0] if self.records else None

    def kept(self, key: str) -> Optional[Record]:
        """The game of ``key`` to resume, if one is kept."""
        return next((r for r in self.records if r.key == key), None)

    def leave(self) -> None:
        """Covered (a table, a screen): the painted background goes while it is out of
        sight (33 MB at 3840x2160), painted again when the menu is drawn next."""
        _BACKGROUNDS.clear()

    def enter(self) -> None:
        """Back at the menu: the games to resume may have changed (or turned out damaged)."""
        store = Store()
        self.table = None if getattr(self.app, "kiosk", None) is not None else kept_table()
        if store.stamp() != self._kept_stamp:     # read (and replayed) only when they changed
            self.records, troubles = store.resumables()
            self._resume_label = resume_label(self.record) if self.record is not None else ""
            self._kept_stamp = store.stamp()
            self._label_language = language()
            for trouble in troubles:
                self.app.notify(trouble_line(trouble), 6.0)
        elif self._label_language != language() and self.record is not None:
            self._resume_label = resume_label(self.record)     # the language changed meanwhile
            self._label_language = language()
        self._build()
        if self.table is not None:
            self.focus.focus_key("back_table")  # Enter goes back to the table sat at
        elif self.record is not None:
            self.focus.focus_key("resume")    # ... or on with the game left
        self.resize(self.app.size)

    def back_to_table(self) -> None:
        """Join the table sat at last again, by the code it was joined by (one found in
        Find a table was never shown): the seat's kept key seats the player again."""
        if self.table is not None:
            from scenes.screens.online.play import join_by_code

            join_by_code(self.app, self.table.code, self.table.relay)

    def resume(self, record: Record) -> None:
        if resume(self.app, record):
            self._kept_stamp = None              # read again when back

    def open_replays(self) -> None:
        """The last finished games, to watch again move by move (scenes/screens/replay_scene.py)."""
        self.app.open("replays")

    def open_stats(self) -> None:
        self.app.open("stats")

    def open_setup(self, key: str) -> None:
        """A game is chosen: its new-game screen first (options, seats, computers' strength),
        never a table with choices the player has not seen."""
        self.app.open("setup", key)

    def open_online(self) -> None:
        """Play with a friend on another computer: host or join (scenes/screens/online/play.py)."""
        self.app.open("online")

    def open_credits(self) -> None:
        """Credits and licences: what the program and what it ships with may be used under."""
        self.app.open("credits")

    def _open_rules(self) -> None:
        first = next((e.key for e in CATALOG if e.key in GAMES), CATALOG[0].key)
        self.app.show_rules(first)

    # --- layout ------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self._size = size
        w, h = size
        s = theme.ui_scale(size)
        px = lambda v: max(1, round(v * s))  # noqa: E731 - local shorthand
        bottom_h, gap = px(48), px(8)
        keys = ("online", "rules", "settings", "credits", "quit")
        # each bottom button as wide as its words need, the room left shared out evenly;
        # the panel widens for a language whose five words need more than its usual width
        font = self.app.fonts.get(round(bottom_h * 0.42), bold=True)
        need = [font.size(self.focus.button(k).label)[0] + px(20) for k in keys]
        row_w = sum(need) + gap * (len(keys) - 1)
        panel_w = min(w - px(40), max(px(600), row_w + px(24) * 2))
        resuming = self.record is not None or self.table is not None
        # Centred in the room between the title and the key hints at the bottom; the
        # games' rows narrower where there are more games than that room holds at ease
        room_top, room_bottom = self._title_bottom(size), self._hints_top(size) - px(4)
        fixed = px(24) + px(30) + px(18) + bottom_h + px(24) + (bottom_h + gap if resuming else 0)
        each = (room_bottom - room_top - fixed) // len(CATALOG) - gap
        row_h = max(px(MIN_ROW), min(px(48 if resuming else 52), each))
        rules_w = px(96)
        kept_font = self.app.fonts.get(round(round(row_h * 0.72) * 0.46), bold=True)
        resume_w = max(rules_w, kept_font.size(tr("kept.resume_short"))[0] + px(24))
        panel_h = fixed + len(CATALOG) * (row_h + gap)
        top = max(room_top, room_top + (room_bottom - room_top - panel_h) // 2)
        self._panel = pygame.Rect((w - panel_w) // 2, top, panel_w, panel_h)
        inner = self._panel.inflate(-px(24) * 2, 0)
        y = self._panel.y + px(24) + px(30)
        for entry in CATALOG:
            game = self.focus.button(f"game:{entry.key}")
            if entry.key in GAMES:
                kept = next((b for b in self.focus.buttons
                             if b.key == f"resume:{entry.key}"), None)
                room = resume_w + gap if kept is not None else 0
                game.rect = pygame.Rect(inner.x, y, inner.w - rules_w - gap - room, row_h)
                rules = self.focus.button(f"rules:{entry.key}")
                rules.rect = pygame.Rect(0, 0, rules_w, round(row_h * 0.72))
                rules.rect.midright = (inner.right, y + row_h // 2)
                if kept is not None:
                    kept.rect = pygame.Rect(0, 0, resume_w, round(row_h * 0.72))
                    kept.rect.midright = (rules.rect.x - gap, y + row_h // 2)
            else:
                game.rect = pygame.Rect(inner.x, y, inner.w - rules_w - gap, row_h)
            y += row_h + gap
        y += px(18) - gap
        if resuming:
            wide = "back_table" if self.table is not None else "resume"
            self.focus.button(wide).rect = pygame.Rect(inner.x, y, inner.w, bottom_h)
            y += bottom_h + gap
        # Replays and Statistics: small, on the header's line at the right
        x = inner.right
        small = self.app.fonts.get(round(px(34) * 0.46), bold=True)
        for key in ("stats", "replays"):
            width = small.size(self.focus.button(key).label)[0] + px(30)
            self.focus.button(key).rect = pygame.Rect(x - width, self._panel.y + px(12),
                                                      width, px(34))
            x -= width + gap
        spare = max(0, inner.w - gap * (len(keys) - 1) - sum(need)) // len(keys)
        x = inner.x
        for key, width in zip(keys, need):
            self.focus.button(key).rect = pygame.Rect(x, y, width + spare, bottom_h)
            x += width + spare + gap

    def _title_bottom(self, size: tuple[int, int]) -> int:
        """The foot of the subtitle and a little room: the panel starts no higher."""
        s = theme.ui_scale(size)
        return self._subtitle_top(size) + self.app.fonts.get(round(20 * s)).get_height() \
            + round(8 * s)

    def _hints_font(self, size: tuple[int, int]) -> SizedFont:
        return self.app.fonts.get(theme.font_px(14, size))

    def _hints_top(self, size: tuple[int, int]) -> int:
        """The top of the key hints' line at the foot of the window: the panel ends above."""
        return size[1] - round(12 * theme.ui_scale(size)) - self._hints_font(size).get_height()

    def _rule_y(self, size: tuple[int, int]) -> int:
        """The height of the gold rule under the title."""
        s = theme.ui_scale(size)
        title = self.app.fonts.get(round(92 * s), bold=True)
        return round(18 * s) + title.get_height() - round(6 * s)

    def _subtitle_top(self, size: tuple[int, int]) -> int:
        return self._rule_y(size) + round(12 * theme.ui_scale(size))

    # --- input -------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.focus.focus_key("quit")       # Esc never quits by itself: Enter confirms
            return None
        if self.focus.handle(event):
            return None
        return event

    # --- drawing -----------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if size != self._size:
            self.resize(size)       # drawing at a size we were not told about (tests)
        surface.blit(self._background(size), (0, 0))
        theme.draw_panel(surface, self._panel)
        s = theme.ui_scale(size)
        header = self.app.fonts.get(theme.font_px(15, size), bold=True)
        theme.text(surface, header, tr("ui.menu.choose_game").upper(), theme.GOLD,
                   (self._panel.x + round(26 * s), self._panel.y + round(22 * s)), shadow=False)
        focused = self.focus.focused
        for button in self.focus.buttons:
            draw_button(surface, self.app.fonts, button, button is focused)
        theme.text(surface, self._hints_font(size), tr("ui.menu.keys"), theme.MUTED,
                   (size[0] // 2, self._hints_top(size)), "midtop")

    def _background(self, size: tuple[int, int]) -> pygame.Surface:
        art = getattr(self.app, "art", None)
        key = (size, getattr(self.app.settings, "card_design", ""),
               art is not None and not self._art_failed, language())   # the subtitle's words
        bg = _BACKGROUNDS.get(key)
        if bg is None:
            bg = theme.felt_background(size).copy()
            self._draw_fans(bg, art)
            self._draw_title(bg)
            if _BACKGROUNDS:              # one kept: 8 MB at 1920x1080
                _BACKGROUNDS.clear()
            _BACKGROUNDS[key] = bg
        return bg

    def _draw_title(self, bg: pygame.Surface) -> None:
        size = bg.get_size()
        s = theme.ui_scale(size)
        cx = size[0] // 2
        title_font = self.app.fonts.get(round(92 * s), bold=True)
        theme.text(bg, title_font, tr("ui.title"), theme.GOLD_LIGHT, (cx, round(18 * s)), "midtop")
        # A thin gold rule with a diamond in the middle, under the title.
        y = self._rule_y(size)
        half = round(170 * s)
        pygame.draw.line(bg, theme.GOLD_DARK, (cx - half, y), (cx - round(14 * s), y), 2)
        pygame.draw.line(bg, theme.GOLD_DARK, (cx + round(14 * s), y), (cx + half, y), 2)
        d = round(7 * s)
        pygame.draw.polygon(bg, theme.GOLD, [(cx, y - d), (cx + d, y), (cx, y + d), (cx - d, y)])
        sub_font = self.app.fonts.get(round(20 * s))
        theme.text(bg, sub_font, tr("ui.menu.subtitle"), theme.CREAM_DIM,
                   (cx, self._subtitle_top(size)), "midtop")

    def _draw_fans(self, bg: pygame.Surface, art: CardArt | None) -> None:
        """French cards fanned in the bottom left corner, Italian ones in the right, if the
        card art is there."""
        if art is None or self._art_failed:
            return
        try:
            draw_fans(bg, art, [Card.parse(c) for c in LEFT_FAN],
                      [Card.parse(c) for c in RIGHT_FAN])
        except Exception as exc:  # the art is another module: never let it break the menu
            self._art_failed = True
            print(f"tavolata: menu decoration skipped: {exc!r}", file=sys.stderr)


def draw_fans(bg: pygame.Surface, art: CardArt, left: list[Card], right: list[Card]) -> None:
    """Three cards fanned in each bottom corner of ``bg`` (the title menu, the kiosk's card).

    Each card turns about a pivot below the window edge, as a hand of cards
    held from below; the card nearest the middle lies on top.
    """
    w, h = bg.get_size()
    s = theme.ui_scale((w, h))
    width = round(120 * s)
    reach = width * 1.5 * 0.78            # pivot -> card centre
    for cards, pivot, angles in (
            (left, (round(150 * s), h + round(36 * s)), (26, 10, -6)),
            (right, (w - round(150 * s), h + round(36 * s)), (-26, -10, 6))):
        for card, angle in zip(cards, angles):
            rotated = art.rotated(card, width, angle)
            rad = math.radians(angle)
            centre = (pivot[0] - math.sin(rad) * reach, pivot[1] - math.cos(rad) * reach)
            shadow = pygame.mask.from_surface(rotated).to_surface(
                setcolor=(0, 0, 0, 80), unsetcolor=(0, 0, 0, 0))
            bg.blit(shadow, shadow.get_rect(center=(centre[0] + 4 * s, centre[1] + 6 * s)))
            bg.blit(rotated, rotated.get_rect(center=centre))
