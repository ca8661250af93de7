"""The referee: one :class:`Session` owns a game's state, its seats and its log.

Nothing but the session touches the :class:`~game.engine.State`.  Clients (the
table on this screen, a remote player's connection, a spectator) *watch* it
from a seat and receive :class:`~game.session.messages.Update` values, already
redacted for that seat; they *submit* actions for the seats they play and get a
:class:`~game.session.messages.Refused` back when an action is not taken.

Computer seats are played inside the session (game/session/computers.py): they
see their seat's view only.  A person's seat whose player is away (a netplay
guest who dropped) can be played by a computer *standing in*
(:meth:`Session.stand_in`) until its player returns (:meth:`Session.return_seat`).
How fast the computers move is the clients' business:

* an *unpaced* session applies a computer's move as soon as it is thought out
  (simulations, tests, a netplay host with no screen);
* a *paced* session holds it until a client calls :meth:`Session.allow` for
  that version, which the table does once its animation has caught up and a
  human-like pause has passed.  A human who acts in the meantime (a race) is
  simply first;
* a session's ``hold`` holds a computer's move while it says so: a table no screen
  paces (the service's) holds its races to a person's reaction
  (game/session/race.py).

:meth:`Session.pump` is where computer moves are applied: the driver of the
session calls it (the table every frame, :meth:`Session.run` in a loop), so the
state is only ever changed from one thread at a time.

Threads: every method that reads or changes the state takes the session's lock,
so a netplay host may submit a guest's action from its network thread while the
table pumps from its own.  A :class:`Watcher`'s inbox is filled under that lock
and drained, without it, by the one thread that serves its client: ``drain``
pops what is there, so an update appended meanwhile waits for the next drain.
A watcher's ``notify`` (if any) is called after each update is appended, under
the lock: it must only wake its consumer (e.g. ``loop.call_soon_threadsafe``).

A *journal* (:attr:`Session.journal`, None in a game on this computer, which pays
nothing for it) is called with each accepted action, the computers' included,
after the rules took it and before any watcher is told: a table dealt by the
service (game/net/tables.py) writes it to a durable log there, so a player is
never told of a move the log lacks.  It blocks until the action is kept, under the
session's lock; an exception from it (the log could not keep the action) leaves
the game as it stood and goes to the caller.

A *wake* (:attr:`Session.wake`, None unless set) is called, from whichever thread,
whenever :meth:`Session.pump` may have something to do: an action applied, a
computer's move thought out, a seat a computer stands in for.  A driver of many
sessions (a table worker's hundreds) pumps only the ones woken, where looking at
every one every few milliseconds would cost a core for nothing.
"""

from __future__ import annotations

import logging
import random
import threading
from collections import deque
from typing import Any, Callable, Optional, Sequence

from game import GAMES
from game.ai import computer_player
from game.ai.base import ComputerPlayer
from game.engine import Action, IllegalAction, Reason, State
from game.session.advice import Advice, Advisor
from game.session.computers import DEFAULT_BUDGET, ComputerSeats, think, wants_world, world_seed
from game.session.messages import Refused, Update
from game.session.setup import COMPUTER, GameSetup

log = logging.getLogger(__name__)


class Watcher:
    """One client's mailbox: the updates for its seat, in order."""

    def __init__(self, session: "Session", seat: Optional[int],
                 notify: Optional[Callable[[], None]] = None) -> None:
        self.session = session
        self.seat = seat
        self.inbox: deque[Update] = deque()
        self.notify = notify

    def drain(self) -> list[Update]:
        """The updates so far, in order.  Popped one by one (deque pops are atomic), so
        an update that another thread appends meanwhile is kept for the next drain:
        ``list(inbox); inbox.clear()`` could lose it."""
        return [self.inbox.popleft() for _ in range(len(self.inbox))]

    def close(self) -> None:
        self.session.unwatch(self)


def forced_seats(state: State, to_act: Sequence[int], view: Any) -> tuple[int, ...]:
    """The seats to act whose move is forced in the open: one card in hand (the view's
    ``hand/<seat>``, whose size everyone sees) and every legal action plays it, so the
    table may let a computer play it after a short pause.

    Every watcher gets the same answer, so it may only rest on what every watcher
    knows.  Counting the legal actions would not do: an Ace is two actions in Bisca
    (high or low) and one card may or may not beat the last play in Dou Dizhu, so
    "one legal action" would tell everyone what a hidden last card is.  "Every action
    plays the one card" holds whatever that card is: a card is played in every way
    the rules allow it, or the phase is one where no card is played at all (a bet, a
    pass, a stand), which everyone sees alike.  tests/game/test_twin_worlds.py checks
    it for every game."""
    zones = view.get("zones") or {}
    return tuple(s for s in to_act if len(zones.get(f"hand/{s}") or ()) == 1
                 and _plays_the_one_card(state.legal_actions(s)))


def _plays_the_one_card(legal: Sequence[Action]) -> bool:
    return bool(legal) and all(len(a.cards) == 1 for a in legal)


def computer_rngs(seed: int, seats: int) -> list[random.Random]:
    """Each computer seat's own generator (the same ones every runner uses)."""
    return [random.Random(seed * 31 + s) for s in range(seats)]


class Session:
    """A game in progress, refereed: see the module docstring.

    ``players`` replaces the computer players made from the setup's levels (one
    entry per seat, None where the setup's own applies): tests and simulations
    bring their own.
    """

    def __init__(self, setup: GameSetup, players: Optional[Sequence[Optional[ComputerPlayer]]] = None,
                 paced: bool = False, budget: float = DEFAULT_BUDGET) -> None:
        seed = setup.seed if setup.seed is not None else random.SystemRandom().randrange(1 << 31)
        self.setup = setup.with_seed(seed)
        self.spec = GAMES[setup.key]
        self.state: State = self.spec.new(setup.options, len(setup.seats), seed)
        self.version = 0
        self.paced = paced
        self.allowed = -1
        #: asked before a computer's move is applied (under the lock, with the state and
        #: its version): True holds it, as a paced session's clients do; a table no
        #: screen paces holds a race so (game/session/race.py's RaceClock)
        self.hold: Optional[Callable[[State, int], bool]] = None
        n = len(setup.seats)
        made = [computer_player(setup.key, s.level) if s.kind == COMPUTER else None
                for s in setup.seats]
        if players is not None:
            made = [p if p is not None else m for p, m in zip(players, made)]
        self.computers = ComputerSeats(made, computer_rngs(seed, n), budget,
                                       lambda s, a: self.state.is_legal(s, a))
        self._order = random.Random(seed ^ 0x5EED)
        self._opening = self.state.opening_events()
        self._watchers: list[Watcher] = []
        self._stand_ins: set[int] = set()
        self._lock = threading.RLock()
        self._advisor: Optional[Advisor] = None
        #: Hard's work for a hint as a playout count instead of its time (tests)
        self.advice_playouts: Optional[int] = None
        #: called with (seat, action) for each action taken, before anyone hears of it
        self.journal: Optional[Callable[[int, Action], None]] = None
        #: called when pump may have something to do (module docstring)
        self.wake: Optional[Callable[[], None]] = None
        self.computers.ready = self._woken

    def _woken(self) -> None:
        if self.wake is not None:
            self.wake()

    # -- seats -----------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return self.state.seats

    @property
    def over(self) -> bool:
        return self.state.over

    def is_computer(self, seat: int) -> bool:
        return self.computers.is_computer(seat)

    def log(self) -> dict[str, Any]:
        """The game so far as JSON: replaying it gives the same game (game/engine.py)."""
        with self._lock:
            return self.state.log()

    def adopt(self, state: State) -> None:
        """Take over a game rebuilt from a kept log (a resumed game, a move taken back)
        before anyone watches: the version counts its actions, so a watcher's first
        update is the game as it stands (or its opening deal, before any action)."""
        with self._lock:
            if self._watchers or self.version:
                raise ValueError("adopt is for a session nobody watches yet")
            if (state.key, state.seats, state.seed) != (self.setup.key, self.seats,
                                                         self.setup.seed):
                raise ValueError("adopt takes a game of this session's setup and seed")
            self.state = state
            self.version = len(state.history)
            self._opening = state.opening_events()

    def stand_in(self, seat: int, level: str = "normal") -> None:
        """A computer at ``level`` plays ``seat`` (a person's seat whose player is away)
        until :meth:`return_seat`; meanwhile the seat's own actions are refused."""
        with self._lock:
            if type(seat) is not int or not 0 <= seat < self.seats:
                raise ValueError(f"no seat {seat!r} at this table")
            if self.setup.seats[seat].kind == COMPUTER:
                raise ValueError(f"seat {seat} is a computer's already")
            self.computers.players[seat] = computer_player(self.setup.key, level)
            self._stand_ins.add(seat)
        self._woken()

    def return_seat(self, seat: int) -> None:
        """The player of a stood-in seat is back: the computer leaves it, and a move it
        was thinking about is dropped, so only the player moves from now on."""
        with self._lock:
            if seat in self._stand_ins:
                self._stand_ins.discard(seat)
                self.computers.players[seat] = None
                self.computers.take(seat)

    def standing_in(self, seat: int) -> bool:
        """Whether a computer keeps ``seat`` warm for its absent player."""
        return seat in self._stand_ins

    # -- watching ----------------------------------------------------------------------
    def watch(self, seat: Optional[int], notify: Optional[Callable[[], None]] = None) -> Watcher:
        """A mailbox for ``seat``'s updates (None: a spectator).  Its first update is
        the opening deal, or, for a client that joins a game under way (a guest who
        rejoins), the game as it stands (no events).  ``notify``: see the module
        docstring."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.seats):
            raise ValueError(f"no seat {seat!r} at this table")
        with self._lock:
            watcher = Watcher(self, seat, notify)
            events = self._opening if self.version == 0 else []
            watcher.inbox.append(self._update(seat, None, events))
            self._watchers.append(watcher)
            return watcher

    def unwatch(self, watcher: Watcher) -> None:
        with self._lock:
            if watcher in self._watchers:
                self._watchers.remove(watcher)

    def _update(self, seat: Optional[int], actor: Optional[int], events: Sequence[Any]) -> Update:
        st = self.state
        to_act = st.to_act()
        legal = tuple(st.legal_actions(seat)) if seat is not None and seat in to_act else ()
        view = st.view(seat)
        return Update(seat, self.version, actor, tuple(e.for_seat(seat) for e in events),
                      view, legal, tuple(to_act), st.result() if st.over else None,
                      forced_seats(st, to_act, view))

    # -- acting --------------------------------------------------------------------------
    def submit(self, seat: int, action: Action, version: Optional[int] = None,
               probe: bool = False) -> Optional[Refused]:
        """A client's action for a seat it plays.  None when taken (or, for a probe,
        when it would be); else the refusal, with the rules' reason."""
        with self._lock:
            why = self._check(seat, action, version)
            if why is None and not probe:
                self._apply(seat, action)
                return None
            if why is None:
                return None
            return Refused(seat if type(seat) is int else None, str(action), why, self.version,
                           probe)

    def _check(self, seat: Any, action: Any, version: Optional[int]) -> Optional[Reason]:
        if type(seat) is not int or not 0 <= seat < self.seats:
            return Reason("engine.no_such_seat")
        if self.is_computer(seat):
            return Reason("engine.not_your_seat")
        if version is not None and version != self.version:
            return Reason("engine.moved_on")
        return self.state.reason(seat, action)

    def _apply(self, seat: int, action: Action) -> None:
        if self.journal is not None:               # kept first: only a legal action
            why = self.state.reason(seat, action)
            if why is not None:
                raise IllegalAction(why)
            self.journal(seat, action)
        events = self.state.apply(seat, action)
        self.version += 1
        for watcher in self._watchers:
            watcher.inbox.append(self._update(watcher.seat, seat, events))
            if watcher.notify is not None:
                watcher.notify()
        self._woken()

    def allow(self, version: int) -> None:
        """A paced session's computers may make their move in ``version`` now."""
        with self._lock:
            self.allowed = max(self.allowed, version)

    def set_paced(self, paced: bool) -> None:
        """Pace the computers by the clients' :meth:`allow` again, or no longer (a host's
        screen covered by a menu: its friends' game goes on without it)."""
        with self._lock:
            self.paced = paced

    def pump(self) -> int:
        """Start the computers on the position, apply the moves that are ready; the
        number of moves applied."""
        applied = 0
        with self._lock:
            while not self.state.over:
                acting = self.state.to_act()
                for seat in acting:
                    if self.is_computer(seat) and not self.computers.thinking(seat, self.version):
                        self.computers.request(seat, self.state.view(seat),
                                               self.state.legal_actions(seat), self.version,
                                               self._world_maker(seat))
                if self.paced and self.allowed < self.version:
                    break
                if self.hold is not None and self.hold(self.state, self.version):
                    break
                answers = self.computers.answers(self.version)
                ready = [s for s in acting if s in answers]
                if not ready:
                    break
                seat = ready[0]
                self.computers.take(seat)
                self._apply(seat, answers[seat])
                applied += 1
        return applied

    def run(self, max_actions: int = 100_000) -> State:
        """Play a game of computers only to its end in this thread (simulations):
        when several seats may act at once, the order is drawn from the session's
        own seeded generator."""
        st = self.state
        for _ in range(max_actions):
            acting = st.to_act()
            if not acting:
                return st
            seat = acting[0] if len(acting) == 1 else self._order.choice(acting)
            player = self.computers.players[seat]
            if player is None:
                raise ValueError(f"seat {seat} is not a computer: run() plays computers only")
            view, legal = st.view(seat), st.legal_actions(seat)
            world = self._world_maker(seat)() if wants_world(player) else None
            action = think(player, view, legal, self.computers.rngs[seat], world)
            try:
                self._apply(seat, action)
            except IllegalAction:
                log.error("seat %d chose illegal %s; playing %s", seat, action, legal[0])
                self._apply(seat, legal[0])
        raise RuntimeError(f"{self.setup.key} seed {self.setup.seed}: no end after "
                           f"{max_actions} actions")

    def advise(self, seat: int) -> Optional[Advice]:
        """Hard's suggestion for ``seat`` in the current position (the Hint button): None
        while it thinks (off this thread; ask again later) or when the seat may not act."""
        with self._lock:
            if seat not in self.state.to_act():
                return None
            if self._advisor is None:
                self._advisor = Advisor(self.setup.key, self.advice_playouts)
            answer = self._advisor.answer(seat, self.version)
            if answer is None:
                seed = world_seed(self.state.seed, self.version, seat)
                self._advisor.ask(seat, self.version, self.state.view(seat),
                                  self.state.legal_actions(seat),
                                  self._world_maker(seat)(), seed)
            return answer

    def _world_maker(self, seat: int) -> Callable[[], State]:
        """What makes the seat's world for a searching computer: the game with every card
        the seat cannot see dealt afresh (:meth:`State.world`), seeded by the move."""
        seed = world_seed(self.state.seed, self.version, seat)
        return lambda: self.state.world(seat, seed)

    def close(self) -> None:
        """Stop the computers' thread (the table or the host is going away)."""
        with self._lock:
            self.computers.shutdown()
            if self._advisor is not None:
                self._advisor.shutdown()
            self._watchers.clear()
