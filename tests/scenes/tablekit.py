"""Helpers for driving the table scene in tests: an App at a fixed size, frames,
clicks and key presses posted as real pygame events."""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import pygame


def make_app(display: Any, speed: str = "instant", size: tuple[int, int] = (1280, 720)) -> Any:
    from scenes.app import App

    app = App(size)
    app.settings.animation_speed = speed
    app.back_to_menu()
    return app


def open_table(app: Any, key: str, seed: int = 1, players: Optional[Sequence[Any]] = None,
               seat: Optional[int] = 0, think_delay: tuple[float, float] = (0.0, 0.0),
               options: Optional[dict] = None, push: bool = True, seats: Optional[int] = None,
               **kw: Any) -> Any:
    """A table of ``key`` for a local session, pushed on the app's stack.  ``players``: one
    per seat, None for a person, a computer player object otherwise (default: ``seats``
    of them, else the game's first count, you at ``seat``, the game's Normal computers
    elsewhere; ``seat=None``: computers only, watched as a spectator)."""
    from game import GAMES
    from game.session import COMPUTER, HUMAN, GameSetup, LocalClient, SeatSpec, Session
    from scenes.table import TableScene

    n = len(players) if players is not None else seats or GAMES[key].seats[0]
    if players is None:
        kinds = [HUMAN if s == seat else COMPUTER for s in range(n)]
    else:
        kinds = [HUMAN if p is None else COMPUTER for p in players]
    setup = GameSetup(key, tuple(SeatSpec(k) for k in kinds), options or {}, seed)

    def client(s: Optional[int] = seed) -> Any:
        return LocalClient(Session(setup.with_seed(s), players=players, paced=True), seat)

    table = TableScene(app, client(), think_delay=think_delay,
                       again=lambda: client(None), **kw)
    if push:
        app.stack.push(table)
    return table


def first_legal(table: Any) -> None:
    """Play the first of your legal actions (how a trial's stretch is played)."""
    table.act(table.legal()[0])


def trial(key: str, seats: Optional[int] = None,
          seat: Optional[int] = 0) -> tuple[dict, Callable[[Any], None], Callable[[Any], bool]]:
    """The game's own stretch of play (its ``GameSpec.trial``) as a table's setup for
    :func:`open_table`, how you act, and when the game's state has played enough: at
    ``seats`` (else the trial's), for you at ``seat`` or for a spectator (None), the
    others the game's Normal computers."""
    from game import GAMES
    from game.engine import load_piece

    spec = GAMES[key]
    n = seats or spec.trial_seats
    setup: dict[str, Any] = dict(seed=spec.trial.seed, options=dict(spec.trial.options), seats=n)
    if seat is None:
        computer = load_piece(spec.computers, key)
        setup.update(players=[computer("normal")] * n, seat=None)
    return setup, first_legal, spec.trial.enough


def started(app: Any, key: str, seed: int = 1, **options: Any) -> Any:
    """A table of ``key`` pushed and settled, its computers moving without a pause."""
    table = open_table(app, key, push=False, seed=seed, think_delay=(0.0, 0.0), **options)
    app.stack.push(table)
    settle(app, table)
    return table


def labels(table: Any) -> list[str]:
    """The words the adapter lays on the felt now."""
    return [label.text for label in table.adapter.labels(table.shown, table.layout)]


def until_sheet(app: Any, table: Any, limit: int = 2000) -> Any:
    """Let the computers play until a score sheet covers the table; that sheet scene."""
    from scenes.table.result import SheetScene

    for _ in range(limit):
        if isinstance(app.stack.top, SheetScene):
            return app.stack.top
        think(table)
        frames(app, 1)
    raise AssertionError(f"no score sheet within {limit} frames")


def session_of(table: Any) -> Any:
    """The local session behind a table (tests look at the referee's state through it)."""
    return table.client.session


def state_of(table: Any) -> Any:
    return table.client.session.state


def think(table: Any) -> None:
    """Wait for the computers' thoughts in progress (tests, benchmarks)."""
    table.client.session.computers.wait_all()


def computers_to_result(app: Any, table: Any, limit: int = 500) -> Any:
    """Frames of a table of computers only until its result shows: the result."""
    from scenes.table.result import ResultScene

    for _ in range(limit):
        think(table)
        frames(app, 1)
        if isinstance(app.stack.top, ResultScene):
            return app.stack.top
    raise AssertionError("no result")


def play_until(app: Any, table: Any, done: Any, limit: int = 2000, dt: float = 1 / 60) -> None:
    """The human plays their first legal action (score sheets closed) until ``done()``,
    each frame ``dt`` of play (see :func:`settle`)."""
    from scenes.table.result import SheetScene

    for _ in range(limit):
        if done():
            return
        top = app.stack.top
        if isinstance(top, SheetScene):
            top.go_on()
            continue
        assert top is table, f"unexpected scene {top!r}"
        settle(app, table, dt=dt)
        if done() or app.stack.top is not table:
            continue
        legal = table.legal()
        if legal:
            table.act(legal[0])
    raise AssertionError("never got there")


def enter_on_sheet(app: Any) -> None:
    """Enter on the overlay on top (a score sheet), once it takes keys: it lets none act
    for its first seconds (scenes.table.result.RESULT_SETTLE)."""
    sheet = app.stack.top
    while sheet.age < sheet.settle:
        app.frame(1 / 60, [])
    key(app, pygame.K_RETURN)


def frames(app: Any, n: int = 1, events: list | None = None, dt: float = 1 / 60) -> None:
    app.frame(dt, list(events or []))
    for _ in range(n - 1):
        app.frame(dt, [])


def played(app: Any, n: int = 1, dt: float = 1 / 60) -> None:
    """``n`` frames of play a test looks at in the table's state only (whose turn, what it
    notes, where the cards are going), not in its picture: their input and time, nothing
    drawn (``App.advance``); the next drawn frame shows where they got."""
    for _ in range(n):
        app.advance(dt, [])


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    """Pixel for pixel, as RGB.  Two surfaces of one format whose raw buffers are equal
    byte for byte (a copy of the window kept up by the presented rectangles, and the
    window) are the same without converting either: converting both at every frame cost
    as much as drawing it.  Raw bytes may differ where the pixels do not (the unused
    fourth byte, written by one blitter and not another), so those are compared as RGB."""
    if (a.get_size(), a.get_bitsize(), a.get_pitch(), a.get_masks()) == \
            (b.get_size(), b.get_bitsize(), b.get_pitch(), b.get_masks()) and \
            a.get_buffer().raw == b.get_buffer().raw:
        return True
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def watched_play(app: Any, table: Any, n: int) -> Any:
    """``n`` frames of the computers' play at the table, the mouse wandering over it now
    and then; yields each frame's number once it is drawn."""
    for i in range(n):
        think(table)
        events = []
        if i % 37 == 5:
            events = [pygame.event.Event(pygame.MOUSEMOTION, pos=(200 + i % 900, 600 - i % 400),
                                         rel=(0, 0), buttons=(0, 0, 0))]
        app.frame(1 / 60, events)
        yield i


def click(app: Any, pos: tuple[int, int]) -> None:
    """Move there, press and release the left button: one frame each."""
    pos = (int(pos[0]), int(pos[1]))
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def key(app: Any, k: int, unicode: str = "", mod: int = 0) -> None:
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=k, unicode=unicode, mod=mod)])


def settle(app: Any, table: Any, limit: int = 5000, dt: float = 1 / 60) -> None:
    """Frames until the table waits for the human (or the game is over).  ``dt``: each
    frame's play; a test that only needs to get somewhere, not to see the frames on the
    way, gets there in a quarter of them at 1/15 s (the table's time is the frames').
    The frames on the way are played, not drawn (``App.advance``: nothing looks at them);
    the frame that finds the table waiting is drawn, and then, if frames went undrawn,
    what may be done is worked out again against that drawing and drawn, in no time: a
    picker keeps off the words on the felt as they lay in the frame before, as at the
    app's own frames."""
    skipped = False
    for _ in range(limit):
        if app.stack.top is not table:
            return
        if not table.busy and (table.my_turn() or table.over):
            app.frame(dt, [])
            if not table.busy:
                if skipped and app.stack.top is table:
                    table.input.ask_again()
                    app.frame(0.0, [])
                return
        think(table)
        app.advance(dt, [])
        skipped = True
    raise AssertionError("the table never waited for the human")


def wait_for_hint(app: Any, table: Any, limit: int = 4000) -> None:
    """Frames until Hard has answered the hint asked for (it thinks off the frame loop)."""
    import time

    for _ in range(limit):
        if table.input.hint_wait is None:
            return
        time.sleep(0.002)
        app.frame(1 / 60, [])
    raise AssertionError("Hard never answered the hint")


#: what drawn() reports besides cards: everything with words on it
TEXT_KINDS = ("label", "plate", "board", "prompt", "button", "callout", "banner", "pop",
              "strip", "phrase", "note", "caption", "corner")
#: the paint log's boxes drawn() reports as they are (the others it measures itself):
#: the rank strip, a phrase's bubble and the list to say one, the "won because" line,
#: a caption and its footer, the corner buttons, a guest's light
LOGGED = {"strip": "strip", "phrase": "phrase", "phrases": "phrase", "note": "note",
          "caption": "caption", "footer": "caption", "corner": "corner", "light": "light"}
#: boxes drawn on a panel of their own: two of them touching read as one
PANELS = ("plate", "board", "button", "strip", "phrase", "corner", "light")


def card_box(table: Any, sprite: Any) -> pygame.Rect:
    """The bounding box of a card sprite as drawn (turned by its angle)."""
    import math

    w = table.images.width_for(sprite.scale)
    h = table.images.height_for(w)
    a = math.radians(sprite.angle)
    bw = abs(w * math.cos(a)) + abs(h * math.sin(a))
    bh = abs(w * math.sin(a)) + abs(h * math.cos(a))
    rect = pygame.Rect(0, 0, int(bw), int(bh))
    rect.center = (int(sprite.x + sprite.offset_x), int(sprite.y - sprite.lift))
    return rect


#: the HUD's drawing calls whose rectangles drawn() records, and the kind of each
HUD_CALLS = {"draw_label": "label", "draw_plate": "plate", "draw_scoreboard": "board",
             "draw_prompt": "prompt", "draw_callout": "callout", "draw_effects": "effects"}


class Recorder:
    """What the table's HUD draws (labels, plates, the score board, the prompt, callouts,
    banners and pops), recorded while the table draws itself.  Over a stretch of play
    (:func:`watch`) a frame's own drawing is what gets checked: drawing the table a second
    time for the check cost as much as the frame, and drawing changes nothing
    (scenes/table/painting.py), so the picture is the same.  ``fresh``: the record is the
    table as it is now (nothing happened since it drew); else :meth:`items` draws it."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.hud_items: list[tuple[str, str, pygame.Rect]] = []
        self.fresh = False
        hud, painter = table.hud, table.painter
        # a recorder inside another's (drawn() during watch()) puts the outer one back
        self._saved = [(hud, name, hud.__dict__.get(name)) for name in HUD_CALLS]
        self._saved.append((painter, "draw", painter.__dict__.get("draw")))
        self._saved.append((painter, "_paint", painter.__dict__.get("_paint")))
        labels = {"draw_label": lambda a: a[1].text, "draw_plate": lambda a: a[1],
                  "draw_scoreboard": lambda a: "board",
                  "draw_prompt": lambda a: hud.error or hud.prompt,
                  "draw_callout": lambda a: a[1].text, "draw_effects": lambda a: ""}
        for name, kind in HUD_CALLS.items():
            setattr(hud, name, self._wrap(getattr(hud, name), kind, labels[name]))
        real_draw, real_paint = painter.draw, painter._paint

        def paint(surface: pygame.Surface) -> Any:
            # a frame drawn in part paints the whole table more than once, clipped
            # (scenes/dirty.py): each pass draws all of it, the last one is kept
            self.hud_items = []
            return real_paint(surface)

        def draw(surface: pygame.Surface) -> None:
            real_draw(surface)
            self.fresh = True
        painter._paint = paint
        painter.draw = draw

    def _wrap(self, real: Callable, kind: str, label_of: Callable) -> Callable:
        def call(*args: Any, **kw: Any) -> Any:
            rect = real(*args, **kw)
            if kind == "effects":
                self.hud_items.extend((k, k, r) for k, r in rect)
            elif rect is not None and rect.w and rect.h:
                self.hud_items.append((kind, label_of(args), rect))
            return rect
        return call

    def close(self) -> None:
        for owner, name, before in reversed(self._saved):
            if before is None:
                delattr(owner, name)
            else:
                setattr(owner, name, before)

    def __enter__(self) -> "Recorder":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def items(self) -> list[tuple[str, str, pygame.Rect]]:
        """What the table shows: (kind, name, rect) as :func:`drawn` lists them."""
        if not self.fresh:      # on the app's screen: its next frame draws on from it
            screen = getattr(self.table.app, "screen", None)
            self.table.draw(screen if screen is not None else
                            pygame.Surface(self.table.layout.size))
        return _painted(self.table, list(self.hud_items))


def drawn(table: Any) -> list[tuple[str, str, pygame.Rect]]:
    """Draw the table once and list what it drew: (kind, name, rect) for every label,
    name plate, the score board, the prompt, buttons (the look back button too),
    callout, banner, pop and card ("card" at rest, "flying" on its way)."""
    with Recorder(table) as recorder:
        return recorder.items()


def _painted(table: Any, out: list[tuple[str, str, pygame.Rect]]) -> list[tuple[str, str, pygame.Rect]]:
    """The HUD's items ``out`` and the rest of the last drawing: the paint log's boxes,
    the bars' buttons and the cards."""
    for k, box in table.painter.paint_log.items():
        if k[0] == "strip":         # drawn as a small board: the same box, named
            out = [o for o in out if o[:2] != ("board", "board") or o[2] != pygame.Rect(box)]
        if k[0] in LOGGED:
            name = {"strip": "strip", "phrase": str(k[-1]), "phrases": "say"}.get(k[0], str(k[1]))
            out.append((LOGGED[k[0]], name, pygame.Rect(box)))
    if table.painter.look_rect is not None:
        out.append(("button", table.painter.look_label, pygame.Rect(table.painter.look_rect)))
    bars = [table.bar] if table.bar and not table.popup else []
    bars += [table.popup] if table.popup else []
    bars.append(table.input.hint_bar)        # the Hint beside a picker, a bar of its own
    for bar in bars:
        for b in bar.buttons:
            out.append(("button", b.label, pygame.Rect(b.rect)))
    for zone, cards in table.zones.items():
        for sprite in cards:
            kind = "flying" if sprite.flying else "card"
            out.append((kind, f"{sprite.shown or 'back'}@{zone}", card_box(table, sprite)))
    return out


def overlaps(items: list[tuple[str, str, pygame.Rect]], kinds_a: tuple[str, ...],
             kinds_b: tuple[str, ...], slack: int = 1) -> list[tuple[str, str]]:
    """Pairs (a of kinds_a, b of kinds_b) whose rectangles overlap by more than ``slack``.
    Each rectangle is shrunk once and met by pygame's own ``collidelistall``: checked
    every few frames over a whole stretch, a pair at a time in Python was a quarter of it."""
    shrunk = [r.inflate(-2 * slack, -2 * slack) for _, _, r in items]
    found = []
    for i, (ka, na, _) in enumerate(items):
        if ka not in kinds_a:
            continue
        for j in shrunk[i].collidelistall(shrunk):
            kb, nb, _ = items[j]
            if j == i or kb not in kinds_b or (kb in kinds_a and j < i):
                continue
            found.append((f"{ka}:{na}", f"{kb}:{nb}"))
    return found


#: zones whose cards lie on each other by design: the trump turned under the stock
TOGETHER = [{"deck", "briscola"}]


def _zone(name: str) -> str:
    return name.rpartition("@")[2]


def cards_on_cards(items: list[tuple[str, str, pygame.Rect]]) -> set[str]:
    """Cards at rest of one zone on or against another zone's: less than a tenth of a card
    apart (a fan's own cards overlap as a held hand does; two hands side by side with no
    gap read as one, "one strip of 15 backs"). The trump under the stock lies there."""
    zones: dict[str, list[pygame.Rect]] = {}
    for k, n, r in items:
        if k == "card":
            zones.setdefault(_zone(n), []).append(r)
    out = set()
    names = sorted(zones)
    for i, za in enumerate(names):
        a, whole_a = zones[za], zones[za][0].unionall(zones[za])
        for zb in names[i + 1:]:
            b = zones[zb]
            gap = min(a[0].w, a[0].h, b[0].w, b[0].h) // 20
            if {za, zb} in TOGETHER or not whole_a.inflate(gap * 2, gap * 2).colliderect(
                    b[0].unionall(b)):
                continue
            if any(ra.inflate(gap * 2, gap * 2).collidelist(b) >= 0 for ra in a):
                out.add(f"card:{za} on card:{zb}")
    return out


def layout_problems(table: Any, items: Optional[list[tuple[str, str, pygame.Rect]]] = None
                    ) -> set[str]:
    """What is wrong with the table as drawn now (``items``: what it drew, else
    :func:`drawn`): words cut by the window's edge, words on words, words (but a score
    pop) on a card at rest, two panels (plates, buttons, the boards, bubbles) touching,
    one zone's cards on another's, a card out of the window."""
    items = drawn(table) if items is None else items
    window = pygame.Rect(0, 0, *table.layout.size)
    out = {f"outside: {k}:{n}" for k, n, r in items
           if k in TEXT_KINDS + ("card",) and not window.contains(r)}
    out |= {f"{a} on {b}" for a, b in overlaps(items, TEXT_KINDS, TEXT_KINDS)}
    out |= {f"{a} touches {b}" for a, b in overlaps(items, PANELS, PANELS, slack=-1)
            if f"{a} on {b}" not in out}
    words = tuple(k for k in TEXT_KINDS if k != "pop")
    out |= {f"{a} on {b}" for a, b in overlaps(items, words, ("card",))}
    return out | cards_on_cards(items)


def watch(app: Any, table: Any, act: Any, until: Any, every: int = 2, dt: float = 1 / 20,
          limit: int = 4000, patience: int = 4,
          moved: Callable[[Any], None] = think) -> set[str]:
    """Play on at the app's speed (``act(table)`` once the table has waited ``patience``
    frames for the human, so that what it shows then is drawn; score sheets closed)
    until ``until()``, checking the drawn table every few frames (by default every 0.1 s
    of play) and whenever it waits; ``moved(table)`` each frame waits for the others'
    moves (:func:`think`; a spectator's table: tests/scenes/onlinekit.py).  Returns
    every layout problem seen (see :func:`layout_problems`).  A frame is ``dt`` of
    play; a frame no check looks at is played, not drawn (``App.advance``): the next
    drawn frame shows all it changed, for half the drawing.  Drawing changes nothing
    but where a picker laid out then keeps off the words on the felt, which it reads
    from the last drawing: a frame older than at the app's own frames, or ``every``."""
    from scenes.table.result import SheetScene

    problems: set[str] = set()
    waited = 0
    with Recorder(table) as seen:       # each check reads the last frame's own drawing
        for i in range(limit):
            if until():
                return problems
            top = app.stack.top
            if isinstance(top, SheetScene):
                top.go_on()
                seen.fresh = False
                continue
            if top is not table:
                return problems
            ready = not table.busy and table.my_turn()
            if i % every == 0 or ready:
                problems |= layout_problems(table, seen.items())
            waited = waited + 1 if ready else 0
            if waited > patience:
                waited = 0
                act(table)
            moved(table)
            seen.fresh = False
            if (i + 1) % every == 0:
                app.frame(dt, [])       # the next check's frame, drawn as the app draws it
            else:
                app.advance(dt, [])     # drawn only if the table waits then (items())
    raise AssertionError("never got there")


class FakeFx:
    """An adapter's effects written down instead of played: banners, pops, sheets."""

    def __init__(self) -> None:
        self.banners: list[tuple[str, str]] = []
        self.pops: list[str] = []
        self.sheets: list = []

    def banner(self, text, sub="", at="end", hold=0.9, y=None, room=None):
        self.banners.append((text, sub))

    def pop(self, text, pos, **kw):
        self.pops.append(text)

    def interlude(self, title, sheet, button, at="end"):
        self.sheets.append((title, sheet, button))

    def sound(self, *a, **kw): ...
    def wait(self, *a): ...
    def zone_centre(self, zone): return (0.0, 0.0)
    def plate_rect(self, seat): return pygame.Rect(0, 0, 10, 10)
