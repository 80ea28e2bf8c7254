"""The seat protocol (API.md, "Bots from strangers"): a bot in a process of its own, whose
every fault is a default action and a count, never an exception or a stall.

The bot programs are in ``tests/agents/bots/``; short time limits keep the suite quick.
"""

from __future__ import annotations

import json
import os
import pickle
import random
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pokerlaws as pl
from pokerlaws.bots import Policy, peel_bot, process_bot, random_bot
from pokerlaws.seats import ProcessBot, default_action, read_answer
from pokerlaws.simulation import simulate

BOTS = Path(__file__).parent / "bots"
PYTHON = sys.executable
PEEL = [PYTHON, "-m", "pokerlaws.bots", "peel"]
RULES = pl.Rules(ante=1, limit=4)


def views_of_a_game(seed: int = 3, seats: int = 3) -> list[pl.PlayerView]:
    """The view of the seat to act at each turn of a game peel_bots play."""
    state = pl.new_game(RULES, [100] * seats, dealer=0, deck=pl.shuffled_deck(seed))
    rng = random.Random(0)
    views = []
    while state.to_act is not None:
        seen = pl.view(state, state.to_act)
        views.append(seen)
        after = pl.apply(state, peel_bot(seen, rng))
        assert isinstance(after, pl.GameState)
        state = after
    return views


def a_draw_view() -> pl.PlayerView:
    for seed in range(50):
        for seen in views_of_a_game(seed):
            if any(isinstance(a, pl.Discard) for a in seen.legal_actions):
                return seen
    raise AssertionError("no draw in 50 games")


# --- Reading answers --------------------------------------------------------------------


def test_an_answer_is_an_action_document_with_or_without_its_format() -> None:
    """A legal action as to_json writes it, or without its "format" member, is taken."""
    seen = views_of_a_game()[1]
    for action in seen.legal_actions:
        text = pl.to_json(action)
        assert read_answer(text.encode() + b"\n", seen) == action
        bare = json.loads(text)
        del bare["format"]
        assert read_answer(json.dumps(bare).encode(), seen) == action


def test_an_answer_by_id_names_the_action_of_the_tables_action_space() -> None:
    """{"id": N} is the action ActionSpace(rules, seats) gives id N now."""
    for seed in range(6):
        state = pl.new_game(RULES, [100] * 3, dealer=0, deck=pl.shuffled_deck(seed))
        space = pl.ActionSpace(RULES, 3)
        rng = random.Random(seed)
        while state.to_act is not None:
            seen = pl.view(state, state.to_act)
            for i in range(space.size):
                answer = read_answer(json.dumps({"id": i}).encode(), seen)
                legal = i in space.legal_ids(state)
                assert answer == (space.decode(state, i) if legal else None)
            after = pl.apply(state, random_bot(seen, rng))
            assert isinstance(after, pl.GameState)
            state = after


@pytest.mark.parametrize(
    "line",
    [
        b"",
        b"\n",
        b"pass\n",
        b"\xff\xfe\x00\n",
        b"[" * 100_000 + b"\n",
        b'{"id": true}\n',
        b'{"id": 1.0}\n',
        b'{"id": -1}\n',
        b'{"id": 99999}\n',
        b'{"id": 0, "extra": 1}\n',
        b'{"format": "pokerlaws/2", "type": "Pass", "seat": 1}\n',
        b'{"type": "Pass", "seat": 1, "seat": 1}\n',
        b'{"type": "GameState"}\n',
        b'{"type": "WrongHandSize", "seat": 0}\n',
        b'{"type": "Lift", "seat": 1}\n',
        b'{"type": "Stake", "seat": 1, "amount": 1000}\n',
        b'{"type": "Stake", "seat": 1, "amount": ' + b"9" * 5000 + b"}\n",
        b'"Pass"\n',
        b"null\n",
    ],
)
def test_an_answer_that_names_no_legal_action_of_the_seat_is_none(line: bytes) -> None:
    """Garbage, binary, deep nesting, a bad id, a report, another document: no action."""
    seen = views_of_a_game()[1]
    assert seen.seat == 2
    assert read_answer(line, seen) is None


def test_another_seats_action_is_no_answer() -> None:
    seen = views_of_a_game()[1]
    other = pl.Pass(seat=(seen.seat + 1) % 3)
    assert read_answer(pl.to_json(other).encode(), seen) is None


def test_the_default_is_pass_then_decline_stand_pat_and_the_least_stake() -> None:
    """API.md: the first legal of Pass, DeclineStraddle, Stand, a pat Discard, the least
    Stake."""
    for seed in range(20):
        for seen in views_of_a_game(seed):
            legal = seen.legal_actions
            chosen = default_action(legal)
            assert chosen in legal
            kinds = [type(a) for a in legal]
            if pl.Pass in kinds:
                assert type(chosen) is pl.Pass
            elif pl.DeclineStraddle in kinds:
                assert type(chosen) is pl.DeclineStraddle
            elif pl.Stand in kinds:
                assert type(chosen) is pl.Stand
            elif pl.Discard(seat=seen.seat, cards=()) in legal:
                assert chosen == pl.Discard(seat=seen.seat, cards=())
            else:
                stakes = [a.amount for a in legal if isinstance(a, pl.Stake)]
                assert chosen == pl.Stake(seat=seen.seat, amount=min(stakes))


# --- The process --------------------------------------------------------------------------


def test_a_process_bot_pickles_as_its_command() -> None:
    """A pickled process bot is its command, time limit and name: no process, no count."""
    bot = process_bot(PEEL, timeout=0.5, name="peel")
    seen = views_of_a_game()[0]
    assert bot(seen, random.Random(0)) in seen.legal_actions
    bot.faults = 3
    copy = pickle.loads(pickle.dumps(bot))
    assert type(copy) is ProcessBot
    assert (copy.command, copy.timeout, copy.name, copy.faults) == (tuple(PEEL), 0.5, "peel", 0)
    bot.close()


def test_a_stdio_peel_bot_plays_as_peel_bot_does_in_process() -> None:
    """python -m pokerlaws.bots peel, over the protocol, makes peel_bot's every choice:
    the same records, results and no fault; on a process pool too."""
    inside: dict[str, Policy] = {"peel": peel_bot, "chance": random_bot, "peel 2": peel_bot}
    outside: dict[str, Policy] = {
        "peel": process_bot(PEEL, timeout=2.0),
        "chance": random_bot,
        "peel 2": process_bot(PEEL, timeout=2.0),
    }
    options: dict[str, Any] = {"sittings": 2, "games": 3, "seed": 21, "records": True}
    alone = simulate(inside, **options)
    played = simulate(outside, **options)
    assert played.records == alone.records
    assert played.results == alone.results
    assert dict(played.faults) == {"peel": 0, "chance": 0, "peel 2": 0}
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = simulate(outside, executor=pool, chunk_size=1, **options)
    assert pooled == played


def test_a_missing_program_is_a_fault_at_each_turn_never_an_error() -> None:
    """A command that cannot run is a default at every turn."""
    bot = process_bot([str(BOTS / "no such program")], timeout=0.2)
    views = views_of_a_game()[:4]
    for seen in views:
        assert bot(seen, random.Random(0)) == default_action(seen.legal_actions)
    assert bot.faults == len(views)


def test_a_bot_that_floods_its_output_and_reads_nothing_cannot_stall_the_table() -> None:
    """Lines without end, and no input read: each decision is a fault, then it ends."""
    flood = "import sys\nwhile True: sys.stdout.write('x' * 65536 + chr(10))"
    bot = process_bot([PYTHON, "-c", flood], timeout=0.2, startup=1.0)
    views = views_of_a_game()[:3]
    for seen in views:
        assert bot(seen, random.Random(0)) in seen.legal_actions
    assert bot.faults == len(views)
    bot.close()


def test_a_table_holding_many_files_still_hears_its_bots() -> None:
    """Pipes numbered past 1024 (a busy worker process) are waited on as any others."""
    held = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    try:
        bot = process_bot(PEEL, timeout=2.0)
        for seen in views_of_a_game(4):
            assert bot(seen, random.Random(0)) in seen.legal_actions
        process = bot._process
        assert process is not None
        assert process.stdout is not None
        assert process.stdout.fileno() > 1024
        assert bot.faults == 0
        bot.close()
    finally:
        for fd in held:
            os.close(fd)


@pytest.mark.parametrize("argument", ["peel", "random"])
def test_the_ready_stdio_bots_answer_a_legal_action_and_exit_on_bye(argument: str) -> None:
    """python -m pokerlaws.bots peel (or random) answers every view and exits on Bye."""
    bot = process_bot([PYTHON, "-m", "pokerlaws.bots", argument], timeout=2.0)
    for seen in views_of_a_game(5):
        assert bot(seen, random.Random(1)) in seen.legal_actions
    assert bot.faults == 0
    process = bot._process
    assert process is not None
    bot.bye({"a": 0})
    bot.close()
    assert process.returncode == 0


# --- The fuzz -------------------------------------------------------------------------------

GOOD = ("answer", "twice", "stderr")
no_newline = st.text(max_size=40).filter(lambda text: "\n" not in text)
behaviours = st.one_of(
    st.sampled_from([{"kind": kind} for kind in GOOD]),
    st.sampled_from(
        [{"kind": kind} for kind in ("huge", "silence", "report", "other")]
        + [{"kind": "exit", "code": code} for code in (0, 1, -9 % 256)]
    ),
    st.builds(lambda text: {"kind": "garbage", "text": text}, no_newline),
    st.builds(lambda text: {"kind": "partial", "text": text}, no_newline),
    st.builds(
        lambda data: {"kind": "binary", "hex": data.hex()},
        st.binary(max_size=40).filter(lambda data: b"\n" not in data),
    ),
)


@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(script=st.lists(behaviours, min_size=1, max_size=5))
def test_whatever_a_bot_answers_the_seat_plays_a_legal_action(
    script: list[dict[str, Any]], tmp_path: Path
) -> None:
    """Garbage, partial lines, huge lines, binary, silence, exits, reports and other seats'
    actions are counted faults and defaults: never an exception, never a stall, and a bot
    that behaves is never defaulted for what another decision did."""
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    (folder / "script.json").write_text(json.dumps(script), "utf-8")
    command = [PYTHON, str(BOTS / "scripted.py"), str(folder / "script.json"), str(folder / "n")]
    bot = process_bot(command, timeout=0.2, startup=2.0)
    views = (views_of_a_game(7) * 2)[: len(script)]
    try:
        for seen in views:
            assert bot(seen, random.Random(0)) in seen.legal_actions
    finally:
        bot.close()
    bad = sum(step["kind"] not in GOOD for step in script)
    assert bad <= bot.faults <= len(script)


# --- What a bot may learn -------------------------------------------------------------------

CARD = frozenset(str(card) for card in pl.standard_deck(joker=True))


def cards_in(document: Any) -> set[str]:
    """Every card named anywhere in a JSON document."""
    if isinstance(document, str):
        return {document} & CARD
    if isinstance(document, list):
        return set().union(*map(cards_in, document)) if document else set()
    if isinstance(document, dict):
        return set().union(*map(cards_in, document.values())) if document else set()
    return set()


def states_of(game: pl.GameRecord) -> list[pl.GameState]:
    from pokerlaws.records.game import begin

    states = [begin(game)]
    for action in game.actions:
        after = pl.apply(states[-1], action)
        assert isinstance(after, pl.GameState)
        states.append(after)
    return states


def test_no_document_a_bot_receives_holds_another_seats_hidden_cards(tmp_path: Path) -> None:
    """Every document sent to a bot, checked against the sitting's record: each view is the
    view of that seat at a state of the game, and names no card but his own, the hands
    shown and a jack-pot opener's proof; never another seat's unshown cards or the pack."""
    logs = {name: tmp_path / f"{name}.log" for name in ("log a", "log b")}
    players: dict[str, Policy] = {
        name: process_bot([PYTHON, str(BOTS / "recorder.py"), str(path)], timeout=2.0)
        for name, path in logs.items()
    }
    players["peel"] = peel_bot
    result = simulate(players, sittings=3, games=4, seed=1234, records=True)
    assert dict(result.faults) == {"log a": 0, "log b": 0, "peel": 0}
    checked = 0
    for name, path in logs.items():
        documents = [json.loads(line) for line in path.read_bytes().splitlines()]
        sittings: list[list[Any]] = [[]]
        for document in documents:
            sittings[-1].append(document)
            if document["type"] == "Bye":
                sittings.append([])
        assert sittings.pop() == []
        assert len(sittings) == len(result.records)
        for received, record in zip(sittings, result.records, strict=True):
            hello = received[0]
            assert hello["type"] == "Hello"
            assert hello["name"] == name
            seat = hello["seat"]
            games = [e for e in record.entries if isinstance(e, pl.GameRecord)]
            per_game: list[list[Any]] = [[]]
            for document in received[1:-1]:
                per_game[-1].append(document)
                if document["type"] == "GameOver":
                    per_game.append([])
            assert per_game.pop() == []
            assert len(per_game) == len(games)
            for documents_of_game, game in zip(per_game, games, strict=True):
                checked += check_game(documents_of_game, game, seat)
    assert checked > 20


def check_game(documents: list[Any], game: pl.GameRecord, seat: int) -> int:
    states = states_of(game)
    views = [json.loads(pl.to_json(pl.view(state, seat))) for state in states]
    final = states[-1]
    allowed = set().union(*(set(map(str, state.hands[seat])) for state in states))
    allowed |= {str(card) for shown in final.shown for card in final.hands[shown]}
    openers = pl.view(final, seat).openers
    if openers is not None:
        # Law 33: a jack-pot's opener shows his hand as dealt, which is public then.
        dealt = next(state.hands for state in states if state.phase is pl.Phase.SAY)
        assert set(openers.cards) == set(dealt[openers.seat])
        allowed |= {str(card) for card in openers.cards}
    hidden = CARD - allowed
    for document in documents:
        seen = document["view"] if document["type"] == "GameOver" else document
        assert seen in views
        assert not cards_in(document) & hidden
    assert documents[-1]["view"] == views[-1]
    return len(documents)


def test_a_bot_that_reaches_for_frames_and_generators_finds_nothing_and_changes_nothing(
    tmp_path: Path,
) -> None:
    """In its own process, a bot's frames and garbage collector hold no game, and patching
    its generators deals no card: the sittings are those an honest peel bot plays."""
    report = tmp_path / "report.jsonl"
    cheat = process_bot([PYTHON, str(BOTS / "cheating.py"), str(report)], timeout=2.0)
    honest = process_bot(PEEL, timeout=2.0)
    options: dict[str, Any] = {"sittings": 2, "games": 3, "seed": 99, "records": True}
    cheated = simulate({"cheat": cheat, "peel": peel_bot, "chance": random_bot}, **options)
    fair = simulate({"cheat": honest, "peel": peel_bot, "chance": random_bot}, **options)
    assert cheated.records == fair.records
    assert cheated.results == fair.results
    findings = [json.loads(line) for line in report.read_text("utf-8").splitlines()]
    assert findings
    assert all(found == {"games": 0, "frames": 0} for found in findings)
