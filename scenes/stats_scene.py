"""The statistics screen: per game, a line per level, and a small chart of the last games.

Reads game/stats.py's file.  For each game played: a table (level; played, won, best,
average, streak, best streak), the game's own records in a sentence (Bisca's lives
left, Dou Dizhu as landlord and as a peasant, Bolola's points per deal), and a bar
per recent game drawn with pygame: its height the score against the best and the
worst of those games, green when won, red when lost, hatched when a move was taken
back.  A game played at rated tables has a second chart under it, of the same kind:
the player's rating after each of its last rated games (game/rating_history.py), green
where it rose, red where it fell.  The page scrolls (arrows, PgUp/PgDn, the wheel).
With the spoken table on, it is read aloud a game at a time (scenes/speech/reading.py):
Down the next, Up the one before, each level's line with its columns named, and the
rating chart in words (the rating now, its move over the games charted, the highest).
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import pygame

from game import CATALOG, GAMES
from game.i18n import number_words
from game.rating_history import RatingHistory
from game.stats import RECENT, Stats, average
from scenes import theme
from scenes.fonts import SizedFont, wrap, wrap_even
from scenes.hud import TextCache
from scenes.i18n import language, signed, tr
from scenes.rating_words import change_words, spoken_number
from scenes.scene import Scene
from scenes.scrolling import ScrollingMixin
from scenes.speech.aloud import Aloud
from scenes.speech.reading import Reader, read_key
from scenes.speech.table import spoken_on

WON = (92, 170, 96)
LOST = (190, 84, 70)
COLUMNS = ("played", "won", "best", "average", "streak", "best_streak")
#: the ratings charted: fewer than the chart's slots, so the newest's figure, written
#: beside its bar, stays inside the chart
RATED_BARS = RECENT - 4


def level_words(name: str) -> str:
    """"normal" -> "Normal"; "hard+undo" -> "Hard, with undo"."""
    level, _, undo = name.partition("+")
    words = tr(f"stats.level.{level}")
    return tr("stats.with_undo", level=words) if undo else words


def column_heads(font: SizedFont, width: int) -> list[list[str]]:
    """Each column's header in lines no wider than its column, less a gap: "Serie" and
    "Serie migliore" on one line each ran together into one phrase."""
    room = max(1, width - max(6, width // 8))
    return [wrap_even(font, tr(f"stats.{column}"), room) for column in COLUMNS]


def newest_words(score: int) -> str:
    """The newest game's score by its bar, as a score ("last 0"): a bare "0" by the zero
    line, beside the scale's own "0", read as "0 -0"."""
    return tr("stats.newest", score=signed(score, plus=False))


def rating_chart_words(rated: list[float]) -> list[str]:
    """The rating chart as a listener hears it (the ratings charted, oldest first): the
    rating now, its move over the games charted, and the highest of them; [] when the
    game was never played at a rated table."""
    if not rated:
        return []
    if len(rated) == 1:
        return [tr("spoken.rating.chart_one", rating=spoken_number(rated[-1]))]
    return [tr("spoken.rating.chart", rating=spoken_number(rated[-1]), n=len(rated),
               change=change_words(rated[0], rated[-1]), best=spoken_number(max(rated)))]


def cell(line: dict[str, Any], column: str) -> str:
    if column == "average":
        value = average(line)
        return "–" if value is None else number_words(language(), value)
    value = line.get(column)
    return "–" if value is None else str(value)


def records_line(key: str, lines: dict[str, dict[str, Any]]) -> str:
    """The game's own records, over every level: a sentence ("" when it has none, or no
    game of it was played here: one played only at rated tables)."""
    every = list(lines.values())
    if not every:
        return ""
    played = sum(line["played"] for line in every)
    if key == "bisca" and played:
        return tr("stats.bisca_lives",
                  n=number_words(language(), sum(x["lives"] for x in every) / played))
    if key == "doudizhu":
        lord = [sum(x["landlord"][i] for x in every) for i in (0, 1)]
        peasant = [sum(x["peasant"][i] for x in every) for i in (0, 1)]
        return tr("stats.landlord", played=lord[0], won=lord[1], pplayed=peasant[0],
                  pwon=peasant[1])
    if key == "bolola":
        deals: dict[str, list[int]] = {}
        for line in every:
            for contract, (points, count) in line["deals"].items():
                entry = deals.setdefault(contract, [0, 0])
                entry[0] += points
                entry[1] += count
        if deals:
            from scenes.tables.bolola import contract_name

            parts = [f"{contract_name(c)} {signed(round(p / n))}" for c, (p, n) in deals.items()]
            return tr("stats.bolola_deals", deals=" · ".join(parts))
    return ""


class StatsScene(ScrollingMixin, Scene):
    """The statistics of every game played here (see the module docstring)."""

    def __init__(self, app: Any, stats: Optional[Stats] = None,
                 ratings: Optional[RatingHistory] = None) -> None:
        super().__init__(app)
        self.data, trouble = (stats or Stats()).load()
        if trouble:
            app.notify(tr(f"kept.stats_{trouble.kind}", why=trouble.file), 6.0)
        #: each game's ratings, oldest first (those this computer was told)
        self.ratings, _ = (ratings or RatingHistory()).load()
        self.text = TextCache(app.fonts)
        self.scroll = self.target = 0.0
        self._content_h = 0
        self._view = pygame.Rect(0, 0, 0, 0)
        self._size: Optional[tuple[int, int]] = None
        self._page: Optional[pygame.Surface] = None
        #: where each game's block begins on the page
        self.tops: list[int] = []
        self.aloud = Aloud()
        self.reader = Reader(self.spoken_sections)
        self.resize(tuple(app.size))
        if spoken_on(app):
            self.aloud.say([tr("spoken.reading.stats")]
                           if self.games() else [tr("stats.none")])

    def spoken_sections(self) -> list[tuple[int, list[str]]]:
        """Each game's statistics as sentences: its name, a line per level with each
        column named ("Normal: Played 5, Won 3, ..."), its own records."""
        out = []
        for n, key in enumerate(self.games()):
            lines: dict[str, dict[str, Any]] = self.data["games"].get(key, {})
            said = [GAMES[key].title if key in GAMES else key]
            said += rating_chart_words(self.ratings.get(key, [])[-RATED_BARS:])
            for name in sorted(lines, key=_level_order):
                cells = ", ".join(f"{tr(f'stats.{column}')} {cell(lines[name], column)}"
                                  .replace("–", tr("spoken.none")) for column in COLUMNS)
                said.append(tr("spoken.option", label=level_words(name), value=cells))
            said += [line for line in [records_line(key, lines)] if line]
            out.append((n, said))
        return out

    def games(self) -> list[str]:
        """The games with statistics, in menu order."""
        return [e.key for e in CATALOG
                if self.data["games"].get(e.key) or self.ratings.get(e.key)]

    def resize(self, size: tuple[int, int]) -> None:
        self._size = size
        s = theme.ui_scale(size)
        width = min(size[0] - int(40 * s), int(900 * s))
        self._view = pygame.Rect((size[0] - width) // 2, int(90 * s), width,
                                 size[1] - int(130 * s))
        self._page = None
        self._ensure_layout()
        self.scroll_to(self.target)

    def _ensure_layout(self) -> None:
        self._laid_out()

    def _laid_out(self) -> pygame.Surface:
        """The page painted for this size (once)."""
        if self._page is None:
            self._page = self._paint_page()
            self._content_h = self._page.get_height()
        return self._page

    def _paint_page(self) -> pygame.Surface:
        """Every game's block, painted once per size onto one tall surface."""
        size = self._size or self.app.size
        w = self._view.w
        s = theme.ui_scale(size)
        blocks = [self._paint_game(key, w, s) for key in self.games()]
        if not blocks:
            img = self.text.render(tr("stats.none"), theme.font_px(18, size), theme.CREAM_DIM)
            page = pygame.Surface((w, img.get_height() * 3), pygame.SRCALPHA)
            page.blit(img, img.get_rect(center=(w // 2, img.get_height())))
            return page
        gap = int(22 * s)
        page = pygame.Surface((w, sum(b.get_height() + gap for b in blocks)), pygame.SRCALPHA)
        y = 0
        self.tops = []
        for block in blocks:
            self.tops.append(y)
            page.blit(block, (0, y))
            y += block.get_height() + gap
        return page

    def _paint_game(self, key: str, w: int, s: float) -> pygame.Surface:
        lines: dict[str, dict[str, Any]] = self.data["games"].get(key, {})
        recent = self.data.get("recent", {}).get(key, [])
        rated = self.ratings.get(key, [])[-RATED_BARS:]
        font = max(12, int(17 * s))
        row_h = int(font * 1.6)
        chart_w = int(min(240 * s, w * 0.26))
        table_w = w - chart_w - int(40 * s)
        small = int(font * 0.9)
        extra = wrap(self.app.fonts.get(small), records_line(key, lines), table_w) \
            if records_line(key, lines) else []
        first_w = int(table_w * 0.3)
        col_w = (table_w - first_w) // len(COLUMNS)
        head = int(font * 0.8)
        heads = column_heads(self.app.fonts.get(head), col_w)
        head_h = row_h + int(head * 1.15) * (max(len(parts) for parts in heads) - 1)
        h = int(20 * s) + int(font * 2.0) + row_h * len(lines) + head_h + \
            int(small * 1.4) * len(extra) + int(16 * s)
        h = max(h, int(150 * s) if not (rated and recent) else int(300 * s))
        block = pygame.Surface((w, h), pygame.SRCALPHA)
        theme.draw_panel(block, block.get_rect())
        x0, y = int(20 * s), int(14 * s)
        title = GAMES[key].title if key in GAMES else key
        self.text.blit(block, title, int(font * 1.3), (x0, y), "topleft", theme.GOLD_LIGHT,
                       bold=True)
        y += int(font * 2.0)
        for i, words in enumerate(heads if lines else []):    # rated online only: no table
            for j, part in enumerate(words):
                self.text.blit(block, part, head, (x0 + first_w + col_w * i + col_w // 2,
                                                   y + int(head * 1.15) * j), "midtop",
                               theme.MUTED)
        y += head_h
        if rated and not lines:
            self.text.blit(block, tr("stats.rating_now", rating=f"{rated[-1]:.1f}"), font,
                           (x0, y), "topleft", theme.CREAM)
        for name in sorted(lines, key=_level_order):
            line = lines[name]
            self.text.blit(block, level_words(name), font, (x0, y), "topleft", theme.CREAM)
            for i, column in enumerate(COLUMNS):
                self.text.blit(block, cell(line, column), font,
                               (x0 + first_w + col_w * i + col_w // 2, y), "midtop",
                               theme.CREAM, bold=column == "won")
            y += row_h
        for part in extra:
            self.text.blit(block, part, small, (x0, y + int(4 * s)), "topleft", theme.CREAM_DIM)
            y += int(small * 1.4)
        chart = pygame.Rect(w - chart_w - int(20 * s), int(40 * s), chart_w, h - int(60 * s))
        if rated:                      # the rating's chart under the scores' (or alone)
            below = chart
            if recent:
                chart.h = (chart.h - int(30 * s)) // 2
                below = chart.move(0, chart.h + int(30 * s))
            rises = [(r, i == 0 or r >= rated[i - 1], False) for i, r in enumerate(rated)]
            self._paint_chart(block, below, rises, font, tr("stats.rating_chart", n=len(rated)),
                              lambda r: f"{r:.1f}")
            if not recent:
                return block
        title = tr("stats.chart_one") if len(recent) == 1 else tr("stats.chart", n=len(recent))
        self._paint_chart(block, chart, [(int(score), won, "+undo" in str(name))
                                         for score, won, name in recent], font, title,
                          lambda n: signed(int(n)))
        return block

    def _paint_chart(self, surface: pygame.Surface, rect: pygame.Rect,
                     recent: list[tuple[float, bool, bool]], font: int, title: str,
                     words: Callable[[float], str]) -> None:
        """A bar per recent game (value, good, hatched), oldest on the left in
        :data:`RECENT` slots: height by value, green good (won, or a rating that rose), red
        not, hatched with undo; a scale at the left (the highest, zero, the lowest) and
        the newest game's value beside its bar (``words`` writes them), so one game alone
        still reads as a figure, not a lone block."""
        self.text.blit(surface, title, int(font * 0.8),
                       (rect.centerx, rect.y - 4), "midbottom", theme.MUTED)
        pygame.draw.rect(surface, (8, 30, 20), rect, border_radius=6)
        if not recent:
            return
        scores = [r[0] for r in recent]
        low, high = min(0, min(scores)), max(0, max(scores))
        span = max(1, high - low)
        small = max(10, int(font * 0.7))
        inner = rect.inflate(-8, -2 * small)
        marks = scale_marks(low, high, inner.h, small)
        gutter = max(self.app.fonts.get(small).size(words(m))[0] for m in marks) + 8
        plot = pygame.Rect(inner.x + gutter, inner.y, inner.w - gutter, inner.h)

        def height_of(score: float) -> int:
            return plot.bottom - round((score - low) / span * plot.h)
        zero = height_of(0)
        for mark in marks:
            self.text.blit(surface, words(mark), small, (plot.x - 6, height_of(mark)),
                           "midright", theme.MUTED)
        slot = plot.w / RECENT
        bar = pygame.Rect(0, 0, 0, 0)
        for i, (score, won, hatched) in enumerate(recent):
            x = plot.x + round(i * slot) + 1
            top = height_of(score)
            bar = pygame.Rect(x, min(top, zero), max(2, round(slot) - 2), max(2, abs(zero - top)))
            pygame.draw.rect(surface, WON if won else LOST, bar)
            if hatched:
                for hx in range(bar.x, bar.right, 4):
                    pygame.draw.line(surface, (20, 20, 20), (hx, bar.y), (hx, bar.bottom))
        pygame.draw.line(surface, theme.GOLD_DARK, (plot.x, zero), (plot.right, zero))
        newest = recent[-1][0]
        self.text.blit(surface, words(newest) if isinstance(newest, float)
                       else newest_words(int(newest)), small,
                       (bar.right + 4, bar.top if newest >= 0 else bar.bottom),
                       "midleft", theme.CREAM)

    # -- input and drawing ------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Optional[pygame.event.Event]:
        if read_key(self, event):
            return None
        self.page_event(event, (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_BACKSPACE),
                        self._view)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        size = self._ready(surface)
        surface.blit(theme.felt_background(size), (0, 0))
        s = theme.ui_scale(size)
        self.text.blit(surface, tr("stats.title"), int(44 * s), (size[0] // 2, int(48 * s)),
                       "center", theme.GOLD_LIGHT, bold=True)
        clip = surface.get_clip()
        surface.set_clip(self._view)
        surface.blit(self._laid_out(), (self._view.x, self._view.y - round(self.scroll)))
        surface.set_clip(clip)
        self.text.blit(surface, tr("stats.keys"), theme.font_px(14, size),
                       (size[0] // 2, size[1] - int(10 * s)), "midbottom", theme.MUTED)


def scale_marks(low: float, high: float, height: int, text_height: int) -> list[float]:
    """The scores written on a chart's scale: zero, then the highest and the lowest where
    they stand clear of those already written (a lowest of -1 under a highest of 21
    would print over the zero)."""
    span = max(1, high - low)
    marks: list[float] = []
    for mark in (0, high, low):
        y = (mark - low) / span * height
        if all(abs(y - (m - low) / span * height) >= text_height for m in marks):
            marks.append(mark)
    return marks


def _level_order(name: str) -> tuple[int, str]:
    order = ("easy", "normal", "hard", "random", "mixed", "none")
    level = name.partition("+")[0]
    return (order.index(level) if level in order else len(order), name)
