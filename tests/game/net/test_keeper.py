"""Rated tables end to end (game/net/rated.py, game/net/keeper.py) over a real fleet on
127.0.0.1: a NATS server with JetStream, two gateways, two table workers and a ratings
keeper, each a process.  Players are bot processes (game/net/bot.py), each with a key of
its own (game/net/players.py):

* rated games move the ratings exactly as openskill's Plackett-Luce model says for the
  result the service dealt (Bocce: two players; Dou Dizhu: one against two, hand by hand);
* the view the keeper keeps equals the results stream folded again from its start;
* every process restarted (NATS, the keeper, the gateways, the workers), the board and
  the ratings are the same;
* a player cannot sit at a rated table without its own key, nor open one without
  signing it; two players by one name are two keys, told apart on the board."""

from __future__ import annotations

import json
import secrets
import tempfile
from pathlib import Path
from typing import Any, Iterator

import pytest
from openskill.models import PlackettLuce

from game.net.identity import fingerprint, public_bytes, service_key
from game.net.keeper import BOARD_SUBJECT, read_view, rebuild
from game.net.players import player_key_at
from game.net.rated import RATINGS, RESULTS
from game.net.ratings import Rating, shown
from game.net.service import ServiceRefused, TableRequest, open_service_table
from tests.game.net.conftest import SECRET_FILE, Proc
from tests.game.net.fleet import MISSING, NatsServer, start_gateways
from tests.game.net.helpers import until
from tests.game.net.test_tables import _nats

BOT = ["-m", "game.net.bot", "--limits", "patient", "--timeout", "100", "--await-rating", "20"]
KEY_FILE = Path(tempfile.mkdtemp(prefix="tavolata-service-")) / "service-key"
KEYS = Path(tempfile.mkdtemp(prefix="tavolata-players-"))


class Fleet:
    def __init__(self) -> None:
        self.nats = NatsServer()
        self.procs: list[Proc] = []
        self.ports: list[int] = []
        self.start()

    def start(self) -> None:
        """Every process but NATS: two gateways, two workers, the keeper."""
        _, self.ports = start_gateways(self.procs, self.nats.url, 2, SECRET_FILE,
                                       limits="patient")
        for _ in range(2):
            name = f"w{secrets.token_hex(2)}"
            worker = Proc(["-m", "game.net.tables", "--nats", self.nats.url, "--relay",
                           self.relays, "--limits", "patient", "--empty-after", "20",
                           "--per-address", "16",
                           "--name", name, "--service-key", str(KEY_FILE)])
            worker.expect(f"worker {name} deals tables", timeout=30)
            self.procs.append(worker)
        keeper = Proc(["-m", "game.net.keeper", "--nats", self.nats.url])
        keeper.expect("keeper folds results", timeout=30)
        self.procs.append(keeper)

    def stop(self) -> None:
        for proc in self.procs:
            proc.end()
        self.procs = []

    @property
    def relays(self) -> str:
        return ",".join(f"127.0.0.1:{port}" for port in self.ports)

    @property
    def pinned(self) -> str:
        return f"127.0.0.1:{self.ports[1]}#{fingerprint(public_bytes(service_key(KEY_FILE)))}"


@pytest.fixture(scope="module")
def fleet() -> Iterator[Fleet]:
    if MISSING is not None:
        pytest.skip(MISSING)
    made = Fleet()
    yield made
    made.stop()
    made.nats.end()


def results(url: str) -> list[dict[str, Any]]:
    async def job(nc: Any) -> list[dict[str, Any]]:
        import nats.js.errors

        out, seq = [], 1
        while True:
            try:
                msg = await nc.jsm().get_msg(RESULTS, seq=seq, next=True, subject=">")
            except nats.js.errors.NotFoundError:
                return out
            out.append(json.loads(msg.data))
            seq = msg.seq + 1
    return _nats(url, job)


def view(url: str) -> dict[str, dict[str, Rating]]:
    async def job(nc: Any) -> dict[str, dict[str, Rating]]:
        ledger, _ = await read_view(await nc.jetstream().key_value(RATINGS))
        return ledger.ratings
    return _nats(url, job)


def board(url: str, game: str, key: str = "") -> dict[str, Any]:
    async def job(nc: Any) -> dict[str, Any]:
        reply = await nc.request(BOARD_SUBJECT, json.dumps({"game": game, "key": key}).encode(),
                                 timeout=5)
        return dict(json.loads(reply.data))
    return _nats(url, job)


def key_of(name: str) -> tuple[Path, str]:
    path = KEYS / f"{name}.key"
    return path, public_bytes(player_key_at(path)).hex()


def play_rated(fleet: Fleet, procs: list[Proc], game: str, players: list[tuple[str, str]],
               seats: int) -> list[dict[str, Any]]:
    """A rated table of ``game`` with every seat a person: (name, key file) each; the
    first opens it.  Each one's last line (``result``)."""
    (name, key), rest = players[0], players[1:]
    first = Proc([*BOT, "--relay", f"127.0.0.1:{fleet.ports[0]}", "--player-key", key, "open",
                  game, "--seats", str(seats), "--open", str(seats), "--rated",
                  "--name", name, "--delay", "0.005"])
    procs.append(first)
    code = first.expect("opened ", timeout=30)
    others = []
    for other, other_key in rest:
        proc = Proc([*BOT, "--relay", fleet.pinned, "--player-key", other_key, "join", code,
                     "--name", other, "--delay", "0.005"])
        procs.append(proc)
        others.append(proc)
    out = [p.json("result", timeout=100) for p in [first, *others]]
    assert all(p.wait() == 0 for p in [first, *others])
    return out


def expected(before: dict[str, tuple[float, float]], record: dict[str, Any]) -> dict[str, Any]:
    """What openskill's Plackett-Luce says the record does, worked out here on its own."""
    model = PlackettLuce()
    keys = [p[0] for p in record["players"]]
    now = {k: before.get(k, (model.mu, model.sigma)) for k in keys}
    if record.get("hands"):
        orders = [([[lord], [s for s in range(3) if s != lord]], [1, 2] if won else [2, 1])
                  for lord, won in record["hands"]]
    else:
        score = [(s in record["winners"], record["scores"][s]) for s in range(len(keys))]
        orders = [([[s] for s in range(len(keys))],
                   [1 + sum(o > score[s] for o in score) for s in range(len(keys))])]
    for teams, ranks in orders:
        rated = model.rate([[model.create_rating(list(now[keys[s]])) for s in team]
                            for team in teams], ranks=ranks)
        for team, got in zip(teams, rated):
            for s, r in zip(team, got):
                now[keys[s]] = (r.mu, r.sigma)
    return now


@pytest.mark.slow
@pytest.mark.parametrize("game,seats", [("bocce", 2), ("doudizhu", 3), ("bisca", 3), ("briscola", 3),
                                        ("bolola", 4)])
def test_rated_games_move_the_ratings_as_openskill_says(fleet, procs, game, seats):
    people = [(f"P{game[:3]}{i}", key_of(f"{game}{i}")) for i in range(seats)]
    before = {k: (r.mu, r.sigma) for k, r in view(fleet.nats.url).get(game, {}).items()}
    seen = len(results(fleet.nats.url))
    played = play_rated(fleet, procs, game, [(n, str(p)) for n, (p, _) in people], seats)
    record = until(lambda: (results(fleet.nats.url)[seen:] or [None])[0], 30, "the result kept")
    assert record["game"] == game and record["left"] == []
    assert sorted(p[0] for p in record["players"]) == sorted(k for _, (_, k) in people)
    assert all(r["result"]["scores"] == record["scores"] for r in played), \
        "the result rated is the one every player saw"
    want = expected(before, record)
    got = until(lambda: (lambda v: v if all(k in v and v[k].games for k in want) else None)(
        view(fleet.nats.url).get(game, {})), 30, "the ratings folded")
    for key, (mu, sigma) in want.items():
        assert got[key].mu == pytest.approx(mu) and got[key].sigma == pytest.approx(sigma)
        assert got[key].history[-1][1] == shown(mu, sigma)
    for told in played:                 # each player told every seat's rating, before and after
        for seat, pair in enumerate(told["rated"]):
            key = record["players"][seat][0]
            was = before.get(key, (Rating().mu, Rating().sigma))
            assert pair == [shown(*was), got[key].shown]


@pytest.mark.slow
def test_a_rated_table_seats_only_a_player_with_a_key_and_its_opener_signs_it(fleet, procs):
    relay = ("127.0.0.1", fleet.ports[0])
    with pytest.raises(ServiceRefused) as refused:      # no key signs it
        open_service_table(relay, TableRequest("bocce", 2, 2, rated=True))
    assert refused.value.reason == "not_player"
    path, _ = key_of("keyless-opener")
    opened = open_service_table(relay, TableRequest("bocce", 2, 2, rated=True),
                                player=player_key_at(path), name="Ada")
    keyless = Proc([*BOT, "--relay", fleet.pinned, "join", opened.code, "--name", "Bob"])
    procs.append(keyless)
    assert keyless.expect("lost ", timeout=30) == "not_player"


@pytest.mark.slow
def test_the_view_is_the_stream_folded_again_and_outlives_every_process(fleet, procs):
    """Two players by one name, two keys: two places on the board, told apart."""
    marco = [("Marco", str(key_of("marco-a")[0])), ("Marco", str(key_of("marco-b")[0]))]
    for _ in range(2):
        play_rated(fleet, procs, "bocce", marco, 2)
    url = fleet.nats.url
    until(lambda: view(url).get("bocce", {}).get(key_of("marco-b")[1], Rating()).games >= 2,
          30, "both games folded")

    async def again(nc: Any) -> dict[str, dict[str, Rating]]:
        return (await rebuild(nc.jetstream())).ratings
    assert _nats(url, again) == view(url)
    keys = [key_of("marco-a")[1], key_of("marco-b")[1]]
    asked = [board(url, "bocce", k)["you"] for k in keys]
    assert asked[0] != asked[1] and all(a["games"] >= 2 for a in asked)
    kept = view(url)
    fleet.stop()
    fleet.nats.restart()
    fleet.start()
    assert [board(fleet.nats.url, "bocce", k)["you"] for k in keys] == asked
    until(lambda: view(fleet.nats.url) == kept, 10, "the same view")


@pytest.mark.slow
def test_a_result_forged_by_a_player_changes_nothing(fleet, procs):
    """A player's program sends the host a result of its own making (a ``rated`` line
    that gives itself 99, and a ``result`` of a game it won): each is refused as a line
    a guest may not send, and the ratings move as the game the service dealt says."""
    from game.net.bot import Autoplayer
    from game.net.client import RemoteClient
    from game.net.relays import relay_setting

    (path_a, key_a), (path_b, _) = key_of("forger"), key_of("honest")
    before = {k: (r.mu, r.sigma) for k, r in view(fleet.nats.url).get("bocce", {}).items()}
    seen = len(results(fleet.nats.url))
    opened = open_service_table(("127.0.0.1", fleet.ports[0]),
                                TableRequest("bocce", 2, 2, rated=True),
                                player=player_key_at(path_a), name="Forger")
    honest = Proc([*BOT, "--relay", fleet.pinned, "--player-key", str(path_b), "join",
                   opened.code, "--name", "Honest", "--delay", "0.005"])
    procs.append(honest)
    client = RemoteClient(opened.code, name="Forger", relay=relay_setting(fleet.pinned),
                          player=player_key_at(path_a))
    try:
        assert client.wait_connected(60)
        forged = [json.dumps({"type": "rated", "ratings": [[0, 99], [0, 99]]}).encode(),
                  json.dumps({"type": "result", "result": {"scores": [99, 0],
                                                           "winners": [client.seat]}}).encode()]
        for line in forged:
            client._net.call(lambda line=line: client._link.send(line))
        me = Autoplayer(client, "random", 3)
        until(lambda: me.step() or None, 90, "the game played out")
        assert client.refusal in ("unknown_type", "unexpected"), "refused, in words"
    finally:
        client.close()
    assert honest.wait(60) == 0
    record = until(lambda: (results(fleet.nats.url)[seen:] or [None])[0], 30, "the result kept")
    assert key_a in [p[0] for p in record["players"]]
    want = expected(before, record)
    got = until(lambda: (lambda v: v if all(k in v and v[k].seq for k in want) else None)(
        view(fleet.nats.url).get("bocce", {})), 30, "the ratings folded")
    for key, (mu, sigma) in want.items():
        assert got[key].mu == pytest.approx(mu) and got[key].sigma == pytest.approx(sigma)


@pytest.mark.slow
def test_a_player_who_leaves_a_rated_game_loses_it_whatever_its_computer_scores(fleet, procs):
    path_a, key_a = key_of("leaver")
    seen = len(results(fleet.nats.url))
    first = Proc([*BOT, "--relay", f"127.0.0.1:{fleet.ports[0]}", "--player-key", str(path_a),
                  "open", "briscola", "--seats", "3", "--open", "3", "--rated", "--name",
                  "Leaver", "--die-after", "2", "--delay", "0.005"])
    procs.append(first)
    code = first.expect("opened ", timeout=30)
    others = [Proc([*BOT, "--relay", fleet.pinned, "--player-key", str(key_of(n)[0]), "join",
                    code, "--name", n.title(), "--delay", "0.005"]) for n in ("stayer", "third")]
    procs.extend(others)
    assert first.wait(60) == 17                       # gone without a goodbye
    assert all(p.wait(120) == 0 for p in others)
    record = until(lambda: (results(fleet.nats.url)[seen:] or [None])[0], 30, "the result kept")
    leaver = next(s for s, p in enumerate(record["players"]) if p[0] == key_a)
    assert record["left"] == [leaver]
    keys = [p[0] for p in record["players"]]
    folded = until(lambda: (lambda b: b if all(k in b for k in keys) else None)(
        view(fleet.nats.url).get("briscola", {})), 30, "the ratings folded")
    assert min(keys, key=lambda k: folded[k].mu) == key_a, "the leaver ranked last"
    assert folded[key_a].mu < Rating().mu


@pytest.mark.slow
@pytest.mark.parametrize("rated", [True, False])
def test_a_key_may_have_two_tables_open_at_once_rated_or_signed(fleet, rated):
    path, _ = key_of(f"busy-{rated}")
    relay, ask = ("127.0.0.1", fleet.ports[0]), TableRequest("bisca", 3, 3, rated=rated)
    for _ in range(2):
        open_service_table(relay, ask, player=player_key_at(path), name="Busy")
    with pytest.raises(ServiceRefused) as refused:
        open_service_table(relay, ask, player=player_key_at(path), name="Busy")
    assert refused.value.reason == "too_many_tables"
    other, _ = key_of(f"not-busy-{rated}")
    assert open_service_table(relay, ask, player=player_key_at(other), name="Other").code


@pytest.mark.slow
def test_a_player_back_at_a_finished_rated_table_is_told_its_ratings_again(fleet, procs,
                                                                          tmp_path):
    """A player whose program left as the game ended (before the ratings were told)
    comes back with its seat's key while the table is kept (its other player still
    there): the table tells it every seat's rating, as it told those who stayed."""
    from game.net.bot import Autoplayer, _kept
    from game.net.client import RemoteClient
    from game.net.relays import relay_setting

    (path_a, _), (path_b, _) = key_of("stays"), key_of("comes-back")
    opened = open_service_table(("127.0.0.1", fleet.ports[0]),
                                TableRequest("bocce", 2, 2, rated=True),
                                player=player_key_at(path_a), name="Stays")
    kept = tmp_path / "seat"
    gone = Proc([*BOT[:-2], "--relay", fleet.pinned, "--player-key", str(path_b), "join",
                 opened.code, "--name", "Back", "--keep", str(kept), "--delay", "0.005"])
    procs.append(gone)
    stays = RemoteClient(opened.code, name="Stays", relay=relay_setting(fleet.pinned),
                         player=player_key_at(path_a))
    back = None
    try:
        assert stays.wait_connected(60)
        me = Autoplayer(stays, "random", 3)
        until(lambda: me.step() or None, 90, "the game played out")
        gone.json("result", timeout=30)
        assert gone.wait(30) == 0                 # gone, at once: it awaits no rating
        told = until(lambda: stays.rated, 30, "the ratings told")
        seat_key = _kept(str(kept))
        assert seat_key is not None
        back = RemoteClient(opened.code, name="Back", relay=relay_setting(fleet.pinned),
                            resume=seat_key, player=player_key_at(path_b))
        assert back.wait_connected(60) and back.seat == seat_key.seat
        assert until(lambda: back.rated, 15, "the ratings told again") == told
    finally:
        stays.close()
        if back is not None:
            back.close()
