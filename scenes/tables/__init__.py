"""Per-game table adapters: the little a game must tell the one table scene.

The table scene animates any game from its zones and the moves of its events
(see game/engine.py).  What differs from game to game is small and lives in an
adapter, ``scenes/tables/<key>.py``, exposing ``ADAPTER`` (a subclass of
:class:`TableAdapter`).  Every method has a default that fits a plain card
game, so a new game's adapter overrides only what is its own:

* where its zones lie (:meth:`zone_geom`), empty places (:meth:`slots`) and
  text on the felt (:meth:`labels`);
* the score board (:meth:`scoreboard`), the name plates' info
  (:meth:`plate_info`; :meth:`plate_dimmed` greys a player who is out) and the
  prompt line (:meth:`prompt`);
* how a click becomes an action: on a hand card (:meth:`card_actions`), on a
  zone (:meth:`zone_actions`), or on the choice bar's buttons
  (:meth:`choices`, for moves that are not a card: draw, stand, bid, pass);
  when a card fits several actions (an Ace as 1 or 10) the scene asks with a
  popup whose buttons come from :meth:`action_label` (the game's registered
  ``label``: adapters never word an action themselves);
* how an event looks: timings and sounds (:meth:`timing`), banners and score
  pops (:meth:`effects`), and how it changes the text shown meanwhile
  (:meth:`patch`: the HUD follows the animation, not the rules' final state);
* the result screen's words (:meth:`result_title`, :meth:`result_lines`) and,
  for games scored on a sheet, the sheet (:meth:`result_sheet`); a pause between
  the games of a match (or the hands of a game) with the sheet so far (``fx.interlude`` in :meth:`effects`);
* a look back at the last trick or frame once its cards have left the table
  (:meth:`look_back`: the L key and a button by the score board);
* the rule that decided it (scenes/table/ranks.py): the rank strip's lines
  (:meth:`rank_strip`, by default the words ``<key>_table.ranks``) and the
  "won because" note of an event with a ``why`` (:meth:`why_line`); the strip stays
  clear of a hand or a row as long as :meth:`most_cards` makes it.

Hooks for games with more going on at the table (Briscola Venceslao uses them):

* :attr:`counterclockwise`: seats placed so the next player is on your right;
* :attr:`live_zones` / :meth:`live_zone_geom`: a zone placed from the shown view
  (a trick laid in front of each player, which depends on who led);
* :meth:`highlight_cards`: cards off your hand that glow (a card to claim);
* :meth:`callout`: a standing message while the game waits ("Claim it!");
* :meth:`choice_bar_title` / :meth:`choice_anchor_for`: the choice bar as a
  titled panel placed for the moment (a suit picker), its buttons with card icons;
* :meth:`race`: several seats may act and the first takes it (a claim): computers
  then take a person's reaction time (scenes/table/race.py);
* :attr:`select_cards` with :meth:`selection_action` / :meth:`selection_probe`:
  the player picks several hand cards and plays them together (Dou Dizhu);
  :meth:`selectable`, :meth:`selection_label` (a Play button that names the play)
  and :meth:`selection_hints` (a Hint button cycling through suggested plays).

Adapters hold no rules: what they show comes from the view and from the
events' public data, never from scores or counts they work out themselves.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Mapping, Optional, Protocol, Sequence, TypeVar

from game.cards import Card
from game.engine import Action, Event, GameSpec, RegistrationError, load_piece
from game.spoken.words import Words, why_words
from game.views import BaseView
from scenes.i18n import has, language, tr
from scenes.kit.hud import Callout, Label, Slot
from scenes.kit.layout import MAX_CARD_SHARE, Layout, ZoneGeom
from scenes.kit.sheet import Sheet
from scenes.kit.widgets import ChoiceButton
from scenes.tables.look import LookBack

if TYPE_CHECKING:  # pragma: no cover
    import pygame


#: seconds at normal speed a lingering event's cards stay when the next step follows
#: in the same update (a bust that ends the frame: read it before the frame is gathered)
LINGER_HOLD = 1.6


@dataclass(frozen=True)
class Timing:
    """How one event is paced (seconds at normal speed)."""

    flight: float = 0.42     # one card travelling
    stagger: float = 0.0     # between the starts of two moves of the event
    flip: float = 0.30       # one card turning over in place
    before: float = 0.0      # a pause before the event
    after: float = 0.12      # a pause after its last move lands
    move_sound: Optional[str] = None  # played as each card leaves ("deal", "play", "collect")
    sound: Optional[str] = None       # played once when the event starts
    #: the cards stay where they are, with the event's words, until the next step: the
    #: moves run when the next event begins (after :data:`LINGER_HOLD` within the same
    #: update, at once when the game waited for someone); at "instant" they run as usual
    linger: bool = False
    #: the shown view catches up as the event begins, not when its cards land (a new
    #: game's gather: its number, the plates at zero at once)
    patch_first: bool = False
    #: its "won because" note (scenes/table/ranks.py) shows as the event begins (a trick
    #: about to be gathered still lies whole), not when its cards land (a card turned up)
    note_first: bool = False


class Fx(Protocol):
    """What an adapter may add to an event's animation (given by the scene)."""

    start: float
    end: float

    def banner(self, text: str, sub: str = "", at: str = "end", hold: float = 0.9,
               y: Optional[float] = None, room: Optional[float] = None) -> None:
        """A big message over the table; ``y``: its centre's height (default: the middle);
        ``room``: the most height it may take (its words smaller where it would be
        taller, down to two thirds: the largest text setting's growth)."""
    def pop(self, text: str, pos: tuple[float, float], at: str = "end",
            colour: Optional[tuple[int, int, int]] = None, rise: float = 0.45,
            size: float = 1.0, anchor: str = "center",
            duration: Optional[float] = None) -> None:
        """A score pop with its ``anchor`` point ("center", "midleft" ...) at ``pos``,
        drifting up ``rise`` card heights (down if negative) as it fades; ``size``: a
        share of the usual size (a word is smaller than a number); ``duration``: seconds
        on screen (default: the HUD's short pop), longer for a result to read."""
    def sound(self, name: str, at: str = "end") -> None: ...
    def wait(self, seconds: float) -> None: ...
    def zone_centre(self, zone: str) -> tuple[float, float]: ...
    def plate_rect(self, seat: int) -> "pygame.Rect": ...
    def interlude(self, title: str, sheet: Sheet, button: str, at: str = "end") -> None: ...


#: the view an adapter reads: its game's declared view (game/views/<key>.py)
V = TypeVar("V", bound=BaseView)


class TableAdapter(Generic[V]):
    """Defaults for a plain card game: hands, a deck, a discard, a centre, piles.

    ``V`` is the game's declared view: an adapter reads its keys by name
    (``view["pallino"]``), never through ``.get`` with a default, so a key renamed in the
    engine fails at once (mypy, or a KeyError in the table tests) instead of showing the
    default.  The defaults here serve any game, so they read only what
    :class:`~game.views.BaseView` declares, and ``scores``/``sheet`` where a game has them.
    """

    #: the zone every card starts in before the opening deal
    source_zone = "deck"
    #: the choice bar as a column (True) or a row (False) around :meth:`choice_anchor`
    choice_vertical = False
    #: with :attr:`choice_vertical`, the buttons in a grid of this many columns
    choice_columns = 1
    #: play runs counterclockwise: the next seat sits on the human's right
    counterclockwise = False
    #: zones placed by :meth:`live_zone_geom` from the shown view (never cached)
    live_zones: frozenset[str] = frozenset()
    #: moves play several hand cards at once: the player picks them, then plays
    select_cards = False
    #: the most of the window's height a card may take, however large the player's
    #: setting (scenes/kit/layout.py)
    card_share = MAX_CARD_SHARE

    def __init__(self, spec: GameSpec, seats: int, human_seat: int = 0) -> None:
        self.spec = spec
        self.seats = seats
        #: the seat at the bottom of the screen
        self.human_seat = human_seat
        #: nobody plays from this screen (a demo, a spectator): no seat is "You"
        self.watching = False
        #: who plays each seat ("human", "computer", "remote"), as the table knows it
        self.seat_kinds: tuple[str, ...] = ()
        #: seats with a person's name (netplay): their plates say it instead of the place
        self.names: dict[int, str] = {}
        #: the seats a computer keeps warm while their person is away (netplay): their
        #: plates say so, and so does every line saying the seat is to act
        self.away: frozenset[int] = frozenset()
        #: the player's own name (Settings): their plate says it instead of "You"
        self.you_name = ""

    def is_you(self, seat: int) -> bool:
        """The seat of the person at this screen."""
        return seat == self.human_seat and not self.watching

    # -- names ----------------------------------------------------------------------
    def seat_name(self, seat: int, layout: Layout) -> str:
        """A named player's name (netplay), else the seat's default words."""
        if seat in self.names and not self.is_you(seat):
            return self.names[seat]
        return self.default_seat_name(seat, layout)

    def plate_name(self, seat: int, layout: Layout, name: Optional[str] = None,
                   short: bool = False, tiny: bool = False) -> str:
        """A seat's plate: its name (``name``: that name, cut short, instead), or
        "Computer playing for <name>" while its person is away ("Computer for <name>"
        where the plate is ``short`` of room, "CPU: <name>" where it is ``tiny``: the
        name matters more than the words, and the words say who plays)."""
        name = self.seat_name(seat, layout) if name is None else name
        if seat not in self.away:
            return name
        key = "table.plate_stand_in_tiny" if tiny else \
            "table.plate_stand_in" if short else "net.stand_in"
        return tr(key, name=name)

    def actor(self, seat: int, layout: Layout) -> str:
        """Who acts for a seat, to open a line saying what it is doing ("{player} is
        betting"): its name, or "The computer for <name>" while its person is away."""
        name = self.seat_name(seat, layout)
        return tr("table.stand_in_actor", name=name) if seat in self.away else name

    def seat_names(self, layout: Layout) -> list[str]:
        """Every seat's name, in seat order (a score sheet's columns)."""
        return [self.seat_name(s, layout) for s in range(self.seats)]

    def default_seat_name(self, seat: int, layout: Layout) -> str:
        """"You" (or the player's name), "Computer" (one opponent), else the seat's place."""
        if self.is_you(seat):
            return self.you_name or tr("table.seat.you")
        if self.seats == 2 and not self.watching:
            return tr("table.seat.computer")
        return tr(f"table.seat.{layout.seat(seat).place}")

    # -- geometry ---------------------------------------------------------------------
    def hand_zone(self, seat: int) -> str:
        return f"hand/{seat}"

    def zone_geom(self, zone: str, layout: Layout) -> ZoneGeom:
        """Where a zone's cards lie; unknown zones stack in the centre."""
        kind, _, rest = zone.partition("/")
        owner = int(rest.split("/")[0]) if rest and rest.split("/")[0].isdigit() else None
        if kind == "hand" and owner is not None:
            return layout.hand_zone(owner)
        if kind == "deck":
            return layout.deck_zone()
        if kind == "discard":
            return layout.discard_zone()
        if kind in ("table", "trick", "centre"):
            return layout.centre_zone()
        if kind in ("pile", "tricks", "won") and owner is not None:
            return layout.area_zone(owner)
        x, y = layout.centre
        return ZoneGeom(x, y, "stack", 0.85, z=40)

    def live_zone_geom(self, zone: str, layout: Layout, shown: V) -> ZoneGeom:
        """Where a zone of :attr:`live_zones` lies now, given the shown view."""
        return self.zone_geom(zone, layout)

    def slots(self, view: V, layout: Layout) -> list[Slot]:
        return []

    def labels(self, view: V, layout: Layout) -> list[Label]:
        return []

    def choice_anchor(self, layout: Layout) -> tuple[float, float]:
        """Centre of the choice bar: above the human hand, right of its middle."""
        return (layout.width / 2, layout.prompt_y - layout.card_h * 0.36)

    def choice_anchor_for(self, view: V, legal: Sequence[Action],
                          layout: Layout) -> tuple[float, float]:
        """Centre of the choice bar for these choices (default: :meth:`choice_anchor`)."""
        return self.choice_anchor(layout)

    def choice_bar_title(self, view: V, legal: Sequence[Action]) -> str:
        """A title for the choice bar; when given, the bar is drawn on a panel under it."""
        return ""

    # -- texts --------------------------------------------------------------------------
    def scoreboard(self, view: V, layout: Layout) -> list[tuple[str, str]]:
        keys: Mapping[str, Any] = view      # "scores": a key of the game's own view, if any
        scores = keys.get("scores") or []
        lines = [(self.spec.title, "title")]
        for seat, score in enumerate(scores):
            lines.append((tr("table.score_of", player=self.seat_name(seat, layout),
                             points=score), "score"))
        return lines

    def plate_info(self, view: V, seat: int) -> str:
        return ""

    def plate_dimmed(self, view: V, seat: int) -> bool:
        """Whether the seat's name plate is greyed (a player out of the game)."""
        return False

    def own_top(self, layout: Layout) -> Optional[float]:
        """The top edge of the player's own things on the felt above the hand and the
        prompt (Bocce's row of your bocce with their totals), which a notice over the
        table (a hint's line) keeps clear of; None: nothing of theirs lies there."""
        return None

    def callout(self, shown: V, legal: Sequence[Action], my_turn: bool,
                layout: Layout) -> Optional[Callout]:
        """A standing message drawn while the table waits (not during animations)."""
        return None

    def prompt(self, view: V, legal: Sequence[Action], my_turn: bool,
               waiting_for: Sequence[int], layout: Layout) -> str:
        if view["phase"] == "over":
            return ""
        if my_turn:
            return tr("table.prompt.your_turn")
        if waiting_for:
            return self.waiting_prompt(waiting_for[0], layout)
        return ""

    def waiting_prompt(self, seat: int, layout: Layout) -> str:
        """The line while another seat thinks: "Bruno is thinking…", or "The computer
        plays for Bruno…" while a computer keeps his seat warm."""
        name = self.seat_name(seat, layout)
        return tr("table.prompt.stand_in", player=name) if seat in self.away else \
            tr("table.prompt.waiting", player=name)

    def action_label(self, action: Action) -> str:
        """A button's words for an action: the game's own label (its registration's
        ``label``, the same meaning everywhere), in its short form where the catalogs give
        one (a bar or popup whose title says the rest: "High", "10", "Hearts")."""
        return self.spec.label(action).words(language(), "short")

    def action_words(self, action: Action) -> str:
        """An action's whole words, for a line that stands alone (the Hint's): "Bet 1",
        where the bet picker's button, under its title, says "1"."""
        return self.spec.label(action).words(language())

    def hint_name(self, view: V, action: Action) -> str:
        """What the Hint's line calls a play of several picked cards (the games that
        pick them: Dou Dizhu names its combination)."""
        return self.action_words(action)

    def play_named(self, view: V, action: Action) -> str:
        """A play of picked cards named whole, cards and all, for a line where none are
        picked to show which (the obvious play a hint compares with)."""
        return self.hint_name(view, action)

    def play_said(self, view: V, action: Action) -> str:
        """A play of picked cards named whole as a voice says it: its cards by name, as
        the spoken table says each play ("Pair: 3 of Spades and 3 of Hearts"), where the
        line shown gives their corners ("Pair: 3 3", read aloud as letters)."""
        codes = [c.code for c in action.cards]
        return tr("spoken.play_cards", play=self.hint_name(view, action),
                  cards=Words(self.spec.key, language(), ()).cards(codes))

    def choice_title(self, actions: Sequence[Action]) -> str:
        return tr("table.choose")

    # -- input ---------------------------------------------------------------------------
    def card_actions(self, view: V, legal: Sequence[Action], code: str,
                     zone: str) -> list[Action]:
        """The legal actions a click on this card means (several: the scene asks which)."""
        return [a for a in legal if len(a.cards) == 1 and a.cards[0].code == code]

    def probe_action(self, view: V, code: str, zone: str) -> Optional[Action]:
        """An action to ask ``explain`` about when a card that cannot be used is clicked."""
        return Action("play", (Card.parse(code),))

    def zone_actions(self, view: V, legal: Sequence[Action],
                     zone: str) -> list[Action]:
        """A click on a zone's cards that are not the human hand (e.g. the deck = draw)."""
        return []

    def active_zones(self, view: V, legal: Sequence[Action]) -> list[str]:
        """Zones whose cards glow on the human's turn (beside the legal hand cards):
        a pile that may be drawn from, the set being built."""
        return []

    def highlight_cards(self, view: V, legal: Sequence[Action],
                        my_turn: bool) -> list[str]:
        """Codes of cards off the human hand that glow now, whoever acts (a card to claim)."""
        return []

    def race(self, view: V) -> bool:
        """Whether the position is a race a person can win (the first seat to act takes
        it): the computers in it then take a person's reaction time, counted from when
        the race shows (scenes/table/race.py), not the table's thinking pause."""
        return False

    def selection_action(self, view: V, legal: Sequence[Action],
                         picked: Sequence[str]) -> Optional[Action]:
        """The legal action the picked hand cards form (:attr:`select_cards`), or None."""
        want = sorted(picked)
        return next((a for a in legal if a.cards and sorted(c.code for c in a.cards) == want),
                    None)

    def selection_probe(self, view: V, picked: Sequence[str]) -> Optional[Action]:
        """An action to ask the referee about when the picked cards form no legal action."""
        return Action("play", tuple(Card.parse(c) for c in picked))

    def selectable(self, view: V, legal: Sequence[Action]) -> set[str]:
        """Hand cards that glow as pickable now (:attr:`select_cards`); the Play button is
        offered only while there are some.  Default: the cards of the legal actions."""
        return {c.code for a in legal for c in a.cards}

    def selection_label(self, view: V, action: Optional[Action]) -> str:
        """The Play button's words for the picked cards' action (None: they form none)."""
        return tr("table.play_selected")

    def selection_hints(self, view: V, legal: Sequence[Action],
                        advice: Optional[Action] = None) -> list[list[str]]:
        """Hand cards to pick for each suggested play, in the order a Hint button cycles
        through them (``advice``, Hard's play when there is one, first); none (the
        default) means no Hint button."""
        return []

    def choices(self, view: V, legal: Sequence[Action]) -> list[ChoiceButton]:
        """Buttons for legal actions that are not a single card."""
        out = []
        for a in legal:
            if a.card is None:
                out.append(ChoiceButton(self.action_label(a), a, ""))
        for i, b in enumerate(out[:9]):
            if not b.hotkey:
                b.hotkey = str(i + 1)
        return out

    # -- events ---------------------------------------------------------------------------
    def timing(self, event: Event) -> Timing:
        moves = event.data.get("moves") or []
        if not moves:
            return Timing(after=0.05)
        srcs = {m["src"] for m in moves}
        dsts = {m["dst"] for m in moves}
        if all(m["src"] == m["dst"] for m in moves):
            return Timing(stagger=0.12, move_sound="flip")
        if srcs == {"deck"}:
            return Timing(flight=0.36, stagger=0.09, move_sound="deal")
        if len(moves) > 6 and len(dsts) == 1:
            return Timing(flight=0.34, stagger=0.015, sound="collect")
        if any(s.startswith("hand/") for s in srcs):
            return Timing(flight=0.40, move_sound="play")
        return Timing(stagger=0.06, move_sound="collect" if len(dsts) == 1 else "play")

    def effects(self, event: Event, view: V, fx: Fx, layout: Layout) -> None:
        """Banners, pops and sounds for an event; the default adds none."""

    def patch(self, shown: V, event: Event) -> None:
        """Bring the shown view (HUD text) up to this event; the default waits for the end."""

    def look_back(self, view: V, layout: Layout) -> Optional[LookBack]:
        """The last finished trick or frame, from the view (only cards every player saw),
        for the look back overlay; None while there is none (no button then)."""
        return None

    # -- the end ---------------------------------------------------------------------------
    def result_title(self, result: dict[str, Any], layout: Layout) -> str:
        winners = list(result.get("winners") or [])
        if len(winners) > 1:           # a tie for the top: the win is shared
            if any(self.is_you(s) for s in winners):
                others = [self.seat_name(s, layout) for s in winners if not self.is_you(s)]
                return tr("table.result.you_share", others=" & ".join(others))
            return tr("table.result.share",
                      players=" & ".join(self.seat_name(s, layout) for s in winners))
        if any(self.is_you(s) for s in winners):
            return tr("table.result.you_win")
        if winners:
            return tr("table.result.winner", player=self.seat_name(winners[0], layout))
        return tr("table.result.draw")

    def result_sheet(self, result: dict[str, Any], view: V,
                     layout: Layout) -> Optional[Sheet]:
        """A score sheet for the result screen (shown instead of :meth:`result_lines`);
        the default: :meth:`sheet` of the result's rows (a game scored row by row)."""
        keys: Mapping[str, Any] = view      # "sheet": a key of the game's own view, if any
        return self.sheet(result.get("sheet") or keys.get("sheet") or [], layout,
                          result.get("winners") or ())

    def sheet(self, rows: Sequence[Any], layout: Layout,
              winners: Sequence[int] = ()) -> Optional[Sheet]:
        """The score sheet of a game scored row by row (a row per game of a match or per
        hand), with the totals; None (the default) for a game without one."""
        return None

    def result_lines(self, result: dict[str, Any], view: V,
                     layout: Layout) -> list[tuple[str, str]]:
        """(name, score) rows for the result screen, best first."""
        scores = result.get("scores") or []
        rows = [(self.seat_name(s, layout), str(v)) for s, v in enumerate(scores)]
        order = sorted(range(len(rows)), key=lambda s: -scores[s])
        return [rows[s] for s in order]

    def most_cards(self, view: V) -> int:
        """The most cards one zone of this game ever holds at once (a hand at the deal, a
        row of captured cards): what the table keeps a place clear of for a whole game (the
        rank strip: scenes/table/strip_place.py).  By default a landlord's 20, the most any
        zone holds in these games."""
        return 20

    # -- the rule that decided it (scenes/table/ranks.py) -----------------------------------
    def rank_strip(self, view: V) -> list[str]:
        """The lines of the rank strip (a title, then the order): by default the words
        ``<key>_table.ranks``, one line per line; none when the game has none."""
        key = f"{self.spec.key}_table.ranks"
        return tr(key).split("\n") if has(key) else []

    def why_line(self, event: Event) -> str:
        """The "won because ..." note for an event whose data says ``why`` (the engine's
        public reason: game/tricks.py ``why_won``, Bocce's face cards): the game's words
        ``<key>_table.why.<why>`` if it has them, else the table's ``table.why.<why>``,
        with the cards named; "" for none."""
        return why_words(language(), self.spec.key, event.data.get("why"))

    # -- a table that explains itself ------------------------------------------------------
    def caption(self, event: Event, layout: Layout) -> str:
        """A short sentence on what ``event`` just did ("The pallino is 14"), for a table
        that explains itself to people watching (the kiosk's demo); "" says nothing new.
        Made from the event's public data only, like everything an adapter shows."""
        return ""


def plate_points(points: int) -> str:
    """Points by a name on its plate, said as points ("Computer 3  0 points"): a bare
    number after a name that ends in one read as one number ("Computer 3 0")."""
    if points == 1:
        return tr("table.plate_point_one")
    return tr("table.plate_points", points=points)


def load_adapter(key: str) -> type[TableAdapter]:
    """The adapter class a game registers (:attr:`GameSpec.table <game.engine.GameSpec>`,
    ``"scenes.tables.<key>:ADAPTER"``); a RegistrationError if it is not there or is not
    a :class:`TableAdapter`."""
    from game import GAMES

    adapter = load_piece(GAMES[key].table, key)
    if not (isinstance(adapter, type) and issubclass(adapter, TableAdapter)):
        raise RegistrationError(f"the game {key!r}: {GAMES[key].table} is not a TableAdapter")
    return adapter


def deep_copy_view(view: V) -> V:
    """A private copy of a view that an adapter may patch freely."""
    return copy.deepcopy(view)
