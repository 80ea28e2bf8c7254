"""Issue 33, item 3: the seat protocol's survivors of the mutation probe, as scenarios. A
wrong answer keeps the bot's process, the longest line is the protocol's bound exactly, the
start-up allowance is the first decision's only, and faults add up over sittings.

The bot is ``tests/agents/bots/scripted.py`` (standard library only, so these tests hold
under mutmut too, whose mutated tree a bot importing pokerlaws would not load)."""

from __future__ import annotations

import io
import json
import pickle
import random
import sys
import time
from pathlib import Path

import pytest

import pokerlaws as pl
from pokerlaws.bots import peel_bot, random_bot
from pokerlaws.faults import (
    DEAD,
    ILLEGAL,
    KEPT_FAULTS,
    NO_ACTION,
    NOT_JSON,
    OTHER_SEAT,
    REPORT,
    TIMEOUT,
    TOO_LONG,
    FaultReport,
)
from pokerlaws.seats import (
    MAX_LINE,
    ProcessBot,
    default_action,
    judge_answer,
    process_bot,
    read_answer,
    serve,
)
from pokerlaws.seats import main as serve_main
from pokerlaws.simulation import simulate

BOTS = Path(__file__).parent / "bots"
RULES = pl.Rules(ante=1, limit=4)


def _views(count: int, seed: int = 3) -> list[pl.PlayerView]:
    """The views of the seat to act at the first ``count`` turns of games where every seat
    stays in with its first legal action, dealt afresh as games end."""
    views: list[pl.PlayerView] = []
    while len(views) < count:
        state = pl.new_game(RULES, [100] * 3, dealer=0, deck=pl.shuffled_deck(seed + len(views)))
        while state.to_act is not None and len(views) < count:
            seen = pl.view(state, state.to_act)
            views.append(seen)
            after = pl.apply(state, seen.legal_actions[0])
            assert isinstance(after, pl.GameState)
            state = after
    return views


def _scripted(
    tmp_path: Path, script: list[dict[str, object]], *, timeout: float, startup: float
) -> tuple[ProcessBot, Path]:
    """A bot that behaves as ``script`` says, one step a view; and its log of documents."""
    (tmp_path / "script.json").write_text(json.dumps(script), "utf-8")
    log = tmp_path / "log"
    command = [
        sys.executable,
        str(BOTS / "scripted.py"),
        str(tmp_path / "script.json"),
        str(tmp_path / "count"),
        str(log),
    ]
    return process_bot(command, timeout=timeout, startup=startup), log


def test_an_illegal_answer_keeps_the_bots_process_and_its_state(tmp_path: Path) -> None:
    """A line that names no legal action is a fault, but the bot answered one line, so it is
    still in step: its process is kept, with whatever it has learnt (no second Hello), and
    its next answers are played.

    Mutant killed: ``self._fault(fallback, kill=False)`` read ``kill=True`` in
    ``ProcessBot.__call__`` (the process killed and greeted afresh after a wrong answer).
    """
    steps: list[dict[str, object]] = [{"kind": "answer"}, {"kind": "garbage", "text": "no"}]
    bot, log = _scripted(tmp_path, [*steps, {"kind": "answer"}], timeout=2.0, startup=10.0)
    views = _views(4)
    try:
        played = [bot(seen, random.Random(0)) for seen in views]
        process = bot._process
        assert process is not None
        assert process.poll() is None  # still running
    finally:
        bot.close()
    assert bot.faults == 1
    assert played[1] == default_action(views[1].legal_actions)
    assert [played[k] for k in (0, 2, 3)] == [views[k].legal_actions[0] for k in (0, 2, 3)]
    assert log.read_text("utf-8").split() == ["Hello"] + ["PlayerView"] * 4


def test_a_line_of_the_protocols_longest_is_an_answer_and_one_byte_more_a_fault(
    tmp_path: Path,
) -> None:
    """MAX_LINE (1 MiB) bounds a line, newline included: an answer of exactly that many
    bytes is played; one of a byte more is a fault (too long), and the default is taken.

    Mutant killed: ``len(line) <= MAX_LINE`` read ``len(line) < MAX_LINE`` in
    ``ProcessBot._read_line`` (the longest line allowed refused as too long).
    """
    script: list[dict[str, object]] = [
        {"kind": "padded", "size": MAX_LINE},
        {"kind": "padded", "size": MAX_LINE + 1},
        {"kind": "answer"},
    ]
    bot, _ = _scripted(tmp_path, script, timeout=5.0, startup=10.0)
    views = _views(3)
    try:
        played = [bot(seen, random.Random(0)) for seen in views]
    finally:
        bot.close()
    assert played[0] == views[0].legal_actions[0]
    assert played[1] == default_action(views[1].legal_actions)
    assert played[2] == views[2].legal_actions[0]
    assert bot.faults == 1


def test_the_startup_allowance_is_for_the_first_decision_only(tmp_path: Path) -> None:
    """A fresh process has ``startup`` seconds more for its first answer, to load its
    interpreter; its later decisions have ``timeout`` alone. A bot that answers its second
    view after 1.5 s, with a time limit of 0.5 s and an allowance of 20 s, is faulted.

    Mutant killed: the allowance's ``if not self._late: deadline = max(...)`` dedented out
    of ``if not self._greeted:`` in ``ProcessBot.__call__`` (the allowance given at every
    decision within the process's first seconds).
    """
    script: list[dict[str, object]] = [{"kind": "answer"}, {"kind": "slow", "seconds": 1.5}]
    bot, _ = _scripted(tmp_path, script, timeout=0.5, startup=20.0)
    views = _views(2)
    try:
        first = bot(views[0], random.Random(0))
        assert bot.faults == 0
        second = bot(views[1], random.Random(0))
    finally:
        bot.close()
    assert first == views[0].legal_actions[0]
    assert second == default_action(views[1].legal_actions)
    assert bot.faults == 1


def test_a_players_faults_are_summed_over_the_sittings() -> None:
    """``SimulationResult.faults`` counts a player's defaults over every sitting: a bot
    whose program cannot start defaults at each of its turns, so its faults are its turns,
    in all sittings, as a counting policy that plays the same defaults sees them.

    Mutant killed: ``faults[k] += fault`` read ``faults[k] = fault`` in
    ``simulation._result`` (the last sitting's count alone).
    """
    turns: list[int] = []

    def counted(view: pl.PlayerView, rng: random.Random) -> pl.Action:
        turns.append(1)
        return default_action(view.legal_actions)

    missing = process_bot([str(BOTS / "no such program")], timeout=0.2)
    alone = simulate({"ghost": counted, "peel": peel_bot}, sittings=3, games=2, seed=5)
    played = simulate({"ghost": missing, "peel": peel_bot}, sittings=3, games=2, seed=5)
    assert played.results == alone.results
    # Each sitting asks the ghost at least once (its straddle or its say), so the last
    # sitting's count alone falls short of this.
    assert played.faults["ghost"] == len(turns) >= 3
    assert played.faults["peel"] == 0


# --- Item 6: each fault's kind, for the bot's author ------------------------------------


def test_each_wrong_answer_is_judged_by_its_kind() -> None:
    """``judge_answer`` names what is wrong with a line: not UTF-8 or not JSON, JSON that is
    no action, a report, another seat's action, an action (or an id) the laws refuse now;
    a legal action is the action itself."""
    seen = _views(1)[0]
    other = (seen.seat + 1) % len(seen.stacks)
    legal = seen.legal_actions[0]
    lines = {
        b"\xff\xfe\n": NOT_JSON,
        b"{not json\n": NOT_JSON,
        b"[1, 2]\n": NO_ACTION,
        b'{"type": "Fold", "seat": 0}\n': NO_ACTION,
        b'{"id": "5"}\n': NO_ACTION,
        json.dumps({"type": "WrongHandSize", "seat": other}).encode() + b"\n": REPORT,
        json.dumps({"type": "Pass", "seat": other}).encode() + b"\n": OTHER_SEAT,
        json.dumps({"type": "Stake", "seat": seen.seat, "amount": 999}).encode(): ILLEGAL,
        b'{"id": 5}\n': ILLEGAL,  # a redeal: no misdeal was called
    }
    for line, kind in lines.items():
        judged = judge_answer(line, seen)
        assert isinstance(judged, tuple), line
        assert judged[0] == kind, (line, judged)
        assert judged[1].isascii(), judged
        assert len(judged[1]) <= 90, judged
        assert read_answer(line, seen) is None
    assert judge_answer(pl.to_json(legal).encode() + b"\n", seen) == legal


def test_a_process_bots_faults_are_counted_by_kind_the_first_kept_in_full(
    tmp_path: Path,
) -> None:
    """A bot that, decision after decision, writes what is not JSON, times out, a line too
    long, a report, another seat's action, an action the laws refuse and dies: each fault
    is counted under its kind, and the first three are kept with the decision they
    happened at and what the bot did."""
    script: list[dict[str, object]] = [
        {"kind": "garbage", "text": "\x1b[2Jhello"},
        {"kind": "silence"},
        {"kind": "huge"},
        {"kind": "answer"},
        {"kind": "report"},
        {"kind": "other"},
        {"kind": "garbage", "text": '{"id": 5}'},
        {"kind": "exit", "code": 3},
    ]
    bot, _ = _scripted(tmp_path, script, timeout=2.0, startup=0.0)
    views = _views(len(script))
    try:
        for seen in views:
            assert bot(seen, random.Random(0)) in seen.legal_actions
    finally:
        bot.close()
    report = bot.fault_report
    assert bot.faults == report.total == 7
    assert report.by_kind() == {
        TIMEOUT: 1,
        DEAD: 1,
        NOT_JSON: 1,
        TOO_LONG: 1,
        NO_ACTION: 0,
        ILLEGAL: 1,
        OTHER_SEAT: 1,
        REPORT: 1,
    }
    assert [(f.kind, f.decision) for f in report.first] == [
        (NOT_JSON, 1),
        (TIMEOUT, 2),
        (TOO_LONG, 3),
    ]
    assert report.first[0].detail == ascii("\x1b[2Jhello")  # escaped, never sent raw
    assert report.first[1].detail == "no answer within 2 s"
    assert bot.last_fault is not None
    assert (bot.last_fault.kind, bot.last_fault.detail) == (DEAD, "exited with status 3")


def test_simulate_places_each_fault_in_its_sitting_game_and_decision(tmp_path: Path) -> None:
    """``SimulationResult.fault_report(name)``: a bot's faults summed by kind over the
    sittings (their total its ``faults``), the first three with the sitting, the game, the
    player's decision in it and the phase; nothing for a policy in this process."""
    script = [{"kind": "other"}] * 2 + [{"kind": "answer"}] * 400
    (tmp_path / "script.json").write_text(json.dumps(script), "utf-8")
    command = [
        sys.executable,
        str(BOTS / "scripted.py"),
        str(tmp_path / "script.json"),
        str(tmp_path / "count"),
    ]
    wrong = process_bot([str(BOTS / "no such program")], timeout=0.2)
    players = {"liar": process_bot(command, timeout=5.0, startup=20.0), "ghost": wrong}
    result = simulate({**players, "peel": peel_bot}, sittings=2, games=2, seed=5)
    liar = result.fault_report("liar")
    assert liar.by_kind()[OTHER_SEAT] == liar.total == result.faults["liar"] == 2
    places = [(f.sitting, f.game, f.decision) for f in liar.first]
    assert places == sorted(set(places)), places  # in the order they happened
    assert all(0 <= s < 2 and 1 <= g <= 2 and d >= 1 for s, g, d in places), places
    assert {f.phase for f in liar.first} <= {"straddle", "say", "draw", "betting"}
    ghost = result.fault_report("ghost")
    assert ghost.by_kind()[DEAD] == ghost.total == result.faults["ghost"] > 3
    assert len(ghost.first) == KEPT_FAULTS
    assert ghost.first[0].detail.startswith("cannot start:")
    assert [f.sitting for f in ghost.first] == sorted(f.sitting for f in ghost.first)
    assert result.fault_report("peel") == FaultReport()
    with pytest.raises(KeyError):
        result.fault_report("nobody")


# --- Survivors of issue 33's mutmut sample (seats.py, answers.py) ---------------------------


def test_ids_name_the_simple_actions_and_the_least_stake() -> None:
    """``{"id": 0}`` is a pass, ``{"id": 38}`` the least legal stake. (mutmut: ``type(action)
    is kind`` read ``type(None) is kind`` and ``i < STAKE`` read ``i <= STAKE`` in
    ``_action_of_id``.)"""
    for seen in _views(12):
        menu = seen.legal_actions
        if pl.Pass(seat=seen.seat) in menu:
            assert judge_answer(b'{"id": 0}', seen) == pl.Pass(seat=seen.seat)
        stakes = [a for a in menu if type(a) is pl.Stake]
        if stakes:
            least = min(stakes, key=lambda stake: stake.amount)
            assert judge_answer(b'{"id": 38}', seen) == least


def test_a_document_of_no_action_says_what_the_reader_found() -> None:
    """An unknown type's detail is the reader's own sentence, which names it. (mutmut:
    ``excerpt(str(error))`` read ``excerpt(str(None))`` in ``judge_answer``.)"""
    judged = judge_answer(b'{"type": "Fold", "seat": 0}\n', _views(1)[0])
    assert isinstance(judged, tuple)
    assert "Fold" in judged[1]


def test_a_bot_that_closes_its_output_but_lives_on_is_a_dead_process_at_once(
    tmp_path: Path,
) -> None:
    """A bot that shuts its standard output and sleeps is no answer: the fault is counted
    at once (its output closed), never after waiting for it to exit. (mutmut:
    ``process.wait(0.05)`` read ``process.wait(None)`` in ``ProcessBot._lost``.)"""
    closing = "import os, sys, time\nsys.stdin.readline()\nos.close(1)\ntime.sleep(30)\n"
    bot = process_bot([sys.executable, "-c", closing], timeout=5.0, startup=10.0)
    seen = _views(1)[0]
    started = time.monotonic()
    try:
        assert bot(seen, random.Random(0)) == default_action(seen.legal_actions)
    finally:
        bot.close()
    assert time.monotonic() - started < 10.0
    assert bot.last_fault is not None
    assert (bot.last_fault.kind, bot.last_fault.detail) == (DEAD, "its output closed")


def test_what_a_bot_wrote_unasked_is_thrown_away_before_the_next_view(tmp_path: Path) -> None:
    """A bot that writes its answer twice has its second copy thrown away, not read as the
    answer to the next view. (mutmut: ``process = self._process`` read ``None`` in
    ``ProcessBot._drain``.)"""
    script: list[dict[str, object]] = [{"kind": "twice"}, {"kind": "answer"}, {"kind": "answer"}]
    bot, _ = _scripted(tmp_path, script, timeout=5.0, startup=10.0)
    views = _views(3)
    try:
        played = [bot(seen, random.Random(0)) for seen in views]
    finally:
        bot.close()
    assert played == [seen.legal_actions[0] for seen in views]
    assert bot.faults == 0


def test_a_process_bot_checks_its_times_and_pickles_with_its_log(tmp_path: Path) -> None:
    """A timeout that is no number is a TypeError; a bot pickles with the file its
    standard error goes to. (mutmut: ``or`` read ``and`` in ``ProcessBot.__init__``'s
    check; ``stderr=stderr`` read ``stderr=None`` in ``_rebuilt``.)"""
    with pytest.raises(TypeError, match="timeout must be a number"):
        process_bot(["x"], timeout="1")  # type: ignore[arg-type]
    bot = process_bot(["x"], stderr=tmp_path / "x.log")
    again = pickle.loads(pickle.dumps(bot))
    assert again.stderr == str(tmp_path / "x.log")
    assert bot.fresh().stderr == bot.stderr


def test_the_ready_bot_side_answers_views_seeded_by_hello(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``seats.serve``, in this process: seeded by ``Hello``, it answers each view with the
    policy's choice under that seed, as one action line; ``main`` without a known name says
    how to call it. (mutmut: ``"Hello"`` read ``"hello"`` and ``to_json(action)`` read
    ``to_json(None)`` in ``serve``; the usage line read ``None`` in ``main``.)"""
    views = _views(40)
    hello = json.dumps({"type": "Hello", "seed": 99})
    lines = "".join(f"{document}\n" for document in [hello, *map(pl.to_json, views)])
    sink = io.BytesIO()
    assert serve(random_bot, stdin=io.BytesIO(lines.encode()), stdout=sink) == 0
    seeded, unseeded = random.Random(99), random.Random(0)
    expected = [random_bot(seen, seeded) for seen in views]
    assert expected != [random_bot(seen, unseeded) for seen in views]  # the seed tells
    assert sink.getvalue() == b"".join(pl.to_json(a).encode() + b"\n" for a in expected)
    assert serve_main([], {"random": random_bot}) == 2
    assert "usage: python -m pokerlaws.bots {random}" in capsys.readouterr().err


def test_hello_gives_the_bot_its_seat_the_seats_and_the_rules(tmp_path: Path) -> None:
    """The first document a bot receives is ``Hello`` with its name, seat, the number of
    seats and the table's rules as ``to_json`` writes them. (mutmut: the ``"rules"`` key
    renamed in ``ProcessBot._greet``.)"""
    log = tmp_path / "log"
    bot = process_bot(
        [sys.executable, str(BOTS / "recorder.py"), str(log)], name="rec", timeout=5.0
    )
    seen = _views(1)[0]
    try:
        assert bot(seen, random.Random(0)) in seen.legal_actions
    finally:
        bot.close()
    hello = json.loads(log.read_bytes().splitlines()[0])
    assert hello["type"] == "Hello"
    assert (hello["name"], hello["seat"], hello["seats"]) == ("rec", seen.seat, 3)
    assert hello["rules"] == json.loads(pl.to_json(RULES))
