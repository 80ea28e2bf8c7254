"""The text notation of game records (docs/notation.md): round trips, and a strict parser."""

from __future__ import annotations

import pickle
from pathlib import Path

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import pokerlaws as pl
from pokerlaws import strategies as ps
from pokerlaws.records.notation import format_action, parse_record_lines

GOLDEN = Path(__file__).parent / "golden"
SHORT = (GOLDEN / "short.record").read_text(encoding="utf-8")

# The strategies are being reworked on main; until then they are asked only for what they
# handle: every seat holds chips (a seat without any may not deal, Law 18), and five seats
# at most, so the stock always covers the draw (Law 41's shuffle is not yet drawn by them).
# test_a_played_game_reads_back_as_written below plays 2 to 10 seats, shuffles included.
STACKS = st.integers(min_value=1, max_value=60)
SEATS = 5


# --- Round trips ----------------------------------------------------------------------------


@given(ps.games(stacks=STACKS, max_players=SEATS))
def test_a_finished_game_reads_back_as_written(state: pl.GameState) -> None:
    """parse_record(format_record(r)) == r, and replaying it reaches the very same state."""
    game = pl.record(state)
    text = pl.format_record(game)
    assert pl.parse_record(text) == game
    assert pl.replay(pl.parse_record(text)) == state
    assert pl.format_record(pl.parse_record(text)) == text


@given(ps.game_states(stacks=STACKS, max_players=SEATS))
def test_a_game_in_any_phase_reads_back_as_written(state: pl.GameState) -> None:
    """A record of a game still in play round-trips too: the notation holds unfinished games."""
    game = pl.record(state)
    assert pl.parse_record(pl.format_record(game)) == game
    assert pl.replay(pl.parse_record(pl.format_record(game))) == state


@st.composite
def played_games(draw: st.DrawFn) -> pl.GameState:
    """A game of 2 to 10 seats played by legal actions drawn at random, jack-pots and Law 41's
    shuffle included: built on the engine's public calls alone."""
    table = draw(ps.rules())
    n = draw(st.integers(2, 10))
    stacks = draw(st.lists(st.integers(0, 40), min_size=n, max_size=n))
    seated = [seat for seat, chips in enumerate(stacks) if chips]
    assume(len(seated) >= 2)
    carried = draw(st.integers(0, 20))
    state = pl.new_game(
        table,
        stacks,
        dealer=draw(st.sampled_from(seated)),
        deck=pl.shuffled_deck(draw(st.integers(0, 2**32)), joker=table.joker),
        carried=carried,
        jackpot_round=draw(st.integers(0, 4)) if carried else 0,
    )
    # Staying in and drawing many cards are drawn more often than passing, to reach the show.
    for _ in range(draw(st.integers(0, 120))):
        legal = pl.legal_actions(state)
        if not legal:
            break
        keen: list[pl.Action] = [a for a in legal if not isinstance(a, pl.Pass | pl.Stand)]
        eager = draw(st.integers(0, 3)) > 0
        choices: list[pl.Action] = keen if keen and eager else list(legal)
        state = pl.apply_or_raise(state, draw(st.sampled_from(choices)))
    return state


@given(played_games())
def test_a_played_game_reads_back_as_written(state: pl.GameState) -> None:
    """Round trip at 2 to 10 seats, the dealer's shuffle included, at any point of a game."""
    game = pl.record(state)
    text = pl.format_record(game)
    assert pl.parse_record(text) == game
    assert pl.replay(pl.parse_record(text)) == state


@given(
    st.lists(st.tuples(st.text(min_size=1), st.text()), max_size=4),
    st.sampled_from(sorted(GOLDEN.glob("*.record"))),
)
def test_any_tags_read_back(tags: list[tuple[str, str]], path: Path) -> None:
    """Tags hold any text: quotes, padding, line breaks of every kind, '#', emptiness."""
    game = attrs.evolve(pl.parse_record(path.read_text(encoding="utf-8")), tags=tuple(tags))
    assert pl.parse_record(pl.format_record(game)) == game


def test_plain_tags_are_written_bare_and_others_quoted() -> None:
    game = attrs.evolve(
        pl.parse_record(SHORT),
        tags=(("place", "The Portland Club"), ("note", "two\nlines"), ("a name", "")),
    )
    text = pl.format_record(game)
    assert "tag place The Portland Club\n" in text
    assert 'tag note "two\\nlines"\n' in text
    assert 'tag "a name" ""\n' in text


def test_every_switch_of_the_rules_has_a_line() -> None:
    """The rule lines come from the attrs fields, so a new switch is written without a change."""
    text = pl.format_record(pl.parse_record(SHORT))
    names = [f.name for f in attrs.fields(pl.Rules) if f.name != "hands"]
    names += [f"hands.{f.name}" for f in attrs.fields(pl.HandRules) if f.init]
    written = [line.split()[1] for line in text.splitlines() if line.startswith("rule ")]
    assert sorted(written) == sorted(names)


def test_a_rule_left_out_takes_its_default() -> None:
    """Only the rules without a default (ante, limit) are required."""
    text = "\n".join(
        line
        for line in SHORT.splitlines()
        if not line.startswith("rule ") or line.split()[1] in ("ante", "limit")
    )
    assert pl.parse_record(text).rules == pl.Rules(ante=2, limit=4)


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (pl.Straddle(seat=0), "0 straddle"),
        (pl.DeclineStraddle(seat=1), "1 decline"),
        (pl.Pass(seat=2), "2 pass"),
        (pl.Stake(seat=2, amount=6), "2 stake 6"),
        (pl.Stake(seat=2, amount=-1), "2 stake -1"),
        (pl.Stand(seat=2), "2 stand"),
        (pl.Discard(seat=1, cards=pl.parse_cards("4s 2c")), "1 discard 2c 4s"),
        (pl.Discard(seat=1, cards=()), "1 pat"),
        (pl.Shuffle(seat=0, order=pl.parse_cards("7h 2c")), "0 shuffle 7h 2c"),
        (pl.Shuffle(seat=0), "0 shuffle"),
        (pl.Shuffle(seat=0, order=()), "0 shuffle -"),
    ],
)
def test_each_action_has_one_line(action: pl.Action, text: str) -> None:
    """Each action is one line; a discard in deck order, a shuffle in its own order."""
    assert format_action(action) == text
    game = attrs.evolve(pl.parse_record(SHORT), actions=(action,))
    written = pl.format_record(game)
    assert f"\n{text}\nend\n" in written
    assert pl.parse_record(written) == game


def test_comments_and_blank_lines_are_ignored() -> None:
    noisy = SHORT.replace("\n", "\n\n   # a remark\n").replace("rule ante", "  rule  ante ")
    assert pl.parse_record(noisy) == pl.parse_record(SHORT)
    assert pl.parse_record(SHORT.replace("\n", "\r\n")) == pl.parse_record(SHORT)


def test_the_lines_of_the_actions_are_known() -> None:
    game, lines = parse_record_lines(SHORT)
    text = SHORT.splitlines()
    assert [text[line - 1] for line in lines] == [format_action(a) for a in game.actions]


def test_a_record_that_cannot_be_written_is_refused() -> None:
    """format_record writes only what parse_record reads: here a seat not at the table."""
    game = attrs.evolve(pl.parse_record(SHORT), actions=(pl.Pass(seat=7),))
    with pytest.raises(ValueError, match="seat 7 is not at this table"):
        pl.format_record(game)
    with pytest.raises(TypeError):
        pl.format_record("not a record")  # type: ignore[arg-type]


# --- A strict parser --------------------------------------------------------------------------


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _replace(old: str, new: str, text: str = SHORT) -> str:
    assert old in text
    return text.replace(old, new, 1)


def _drop(prefix: str, text: str = SHORT) -> str:
    return "\n".join(line for line in text.split("\n") if not line.startswith(prefix))


def _line_of(prefix: str, text: str = SHORT) -> int:
    return next(i for i, line in enumerate(_lines(text), start=1) if line.startswith(prefix))


BAD = {
    "truncated": (SHORT[: SHORT.index("\n1 stake 2")], "without its `end` line"),
    "empty": ("", "the record is empty"),
    "unknown tag": (_replace("dealer 0", "dealer 0\nseats 3"), "unknown line 'seats'"),
    "unknown rule": (_replace("rule joker no", "rule jokers no"), "unknown rule 'jokers'"),
    "missing stacks": (_drop("stacks"), "the header lacks `stacks`"),
    "missing deck": (_drop("deck"), "the header lacks `deck`"),
    "missing ante": (_drop("rule ante"), "the header lacks `rule ante`"),
    "repeated header line": (_replace("dealer 0", "dealer 0\ndealer 1"), "gives dealer twice"),
    "repeated rule": (_replace("rule ante 2", "rule ante 2\nrule ante 2"), "given twice"),
    "impossible card": (_replace("deck ", "deck 1x "), "'1x' is not a card"),
    "repeated card": (_replace("deck Kc", "deck Kc Kc"), "the deck repeats Kc"),
    "deck not the pack": (_replace("deck Kc ", "deck "), "the deck is not the pack"),
    "joker without the rule": (_replace("deck ", "deck Jk "), "the deck is not the pack"),
    "seat not at the table": (_replace("\n0 pass", "\n3 pass"), "seat 3 is not at this table"),
    "negative seat": (_replace("\n0 pass", "\n-1 pass"), "seat -1 is not at this table"),
    "bad number": (_replace("stacks 40", "stacks 4O"), "must be a whole number"),
    "signed number": (_replace("dealer 0", "dealer +0"), "must be a whole number"),
    "leading zero": (_replace("carried 0", "carried 00"), "must be a whole number"),
    "bad stake": (_replace("2 stake 4", "2 stake four"), "the stake must be a whole number"),
    "bad yes or no": (_replace("rule joker no", "rule joker false"), "is yes or no"),
    "impossible rules": (_replace("rule limit 4", "rule limit 3"), "impossible rules"),
    "one seat": (_replace("stacks 40 40 40", "stacks 40"), "2 to 10 seats"),
    "dealer not at the table": (_replace("dealer 0", "dealer 5"), "the dealer must be a seat"),
    "unknown action": (_replace("0 pass", "0 fold"), "unknown action 'fold'"),
    "empty discard": (_replace("2 discard Ac", "2 discard"), "write `<seat> pat`"),
    "header after actions": (_replace("\nend", "\ncarried 1\nend"), "after the actions began"),
    "text after end": (SHORT + "0 pass\n", "text after the `end` line"),
    "future version": (_replace("pokerlaws-record 1", "pokerlaws-record 2"), "version 2 is newer"),
    "no version line": (SHORT.split("\n", 1)[1], "the first line must be `pokerlaws-record 1`"),
    "bad quoted tag": (_replace("tag date 1891-06-01", 'tag date "1891'), "quoted string"),
    "tag without value": (_replace("tag date 1891-06-01", "tag date"), "has no value"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_malformed_text_raises_notation_error_at_its_line(case: str) -> None:
    """The first problem raises NotationError naming its 1-based line and what is wrong."""
    text, message = BAD[case]
    with pytest.raises(pl.NotationError, match=message) as raised:
        pl.parse_record(text)
    error = raised.value
    assert error.line is not None
    assert 1 <= error.line <= max(1, len(_lines(text)))
    assert str(error).startswith(f"line {error.line}: ")
    assert pl.record_problems(text)[0].message == error.message


def test_the_problem_is_on_the_line_that_has_it() -> None:
    text = _replace("\n0 pass", "\n9 pass")
    with pytest.raises(pl.NotationError) as raised:
        pl.parse_record(text)
    assert raised.value.line == _line_of("9 pass", text)
    with pytest.raises(pl.NotationError) as raised:
        pl.parse_record(BAD["missing stacks"][0])
    # The header is found short where it ends: at the first action.
    assert raised.value.line == _line_of("2 stake 4", BAD["missing stacks"][0])


def test_a_future_version_is_the_only_problem_reported() -> None:
    problems = pl.record_problems("pokerlaws-record 99\nwhatever else\n")
    assert len(problems) == 1
    assert "version 99" in problems[0].message
    assert problems[0].line == 1


def test_record_problems_lists_every_problem_in_line_order() -> None:
    text = _replace("rule joker no", "rule joker maybe")
    text = _replace("\n0 pass", "\n5 pass", text)
    text = _replace("\n1 stake 2", "\n1 stake two", text)
    problems = pl.record_problems(text)
    assert [p.line for p in problems] == sorted(p.line or 0 for p in problems)
    assert len(problems) == 3
    assert [p.line for p in problems] == [
        _line_of("rule joker", text),
        _line_of("5 pass", text),
        _line_of("1 stake two", text),
    ]
    assert pl.record_problems(SHORT) == ()


def test_an_illegal_action_is_well_formed() -> None:
    """A well-formed action the laws refuse parses; replay raises IllegalRecord for it."""
    text = _replace("\n0 pass", "\n0 stake 99")
    game = pl.parse_record(text)
    with pytest.raises(pl.IllegalRecord) as raised:
        pl.replay(game)
    assert raised.value.index == 1
    assert raised.value.violation.action == pl.Stake(seat=0, amount=99)


# --- Exactly as strict as docs/notation.md ---------------------------------------------------

# Python's str.split(), strip() and isspace() take all of these for spaces; the notation
# separates words by spaces and tabs only, and ends lines at "\n" only.
NOT_SEPARATORS = ["\u00a0", "\u2028", "\u2029", "\x1c", "\x1f", "\x85", "\x0b", "\x0c", "\u3000"]


def test_spaces_and_tabs_separate_words_and_a_carriage_return_ends_a_line() -> None:
    """Several spaces or tabs read as one, around a line too, and one \\r before \\n is
    ignored: what the notation allows reads as the canonical text."""
    loose = (
        SHORT.replace(" ", " \t ")
        .replace("\n", " \r\n")
        .replace("pokerlaws-record \t 1 \r", "\t pokerlaws-record 1\r")
    )
    assert pl.parse_record(loose) == pl.parse_record(SHORT)
    assert pl.parse_record("\ufeff" + SHORT) == pl.parse_record(SHORT)


@pytest.mark.parametrize("separator", NOT_SEPARATORS, ids=ascii)
@pytest.mark.parametrize(
    "line", ["pokerlaws-record 1", "rule ante 2", "dealer 0", "tag date 1891-06-01", "0 pass"]
)
def test_no_other_white_space_separates_words(separator: str, line: str) -> None:
    """A no-break space, a line or paragraph separator, a vertical tab, a form feed, an
    information separator or NEL is no separator: the line is malformed."""
    spoilt = line.replace(" ", separator, 1)
    with pytest.raises(pl.NotationError) as raised:
        pl.parse_record(_replace(line, spoilt))
    assert raised.value.line == _line_of(line)


@pytest.mark.parametrize("separator", NOT_SEPARATORS, ids=ascii)
@pytest.mark.parametrize("where", ["before", "after"])
def test_no_other_white_space_pads_a_line(separator: str, where: str) -> None:
    """Only spaces and tabs may pad a line: another white space is part of its first or last
    word (and so no comment or blank line either)."""
    for line in ("0 pass", "end", "dealer 0"):
        spoilt = separator + line if where == "before" else line + separator
        with pytest.raises(pl.NotationError):
            pl.parse_record(_replace(line, spoilt))
    with pytest.raises(pl.NotationError):
        pl.parse_record(_replace("\n0 pass", f"\n{separator}# a remark\n0 pass"))
    with pytest.raises(pl.NotationError):
        pl.parse_record(_replace("\n0 pass", f"\n{separator}\n0 pass"))


def test_only_one_carriage_return_ends_a_line() -> None:
    with pytest.raises(pl.NotationError, match="unknown action 'pass\\\\r'"):
        pl.parse_record(_replace("0 pass\n", "0 pass\r\r\n"))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("\n0 pass", "\n-0 pass", "the seat must be a whole number written in digits, not '-0'"),
        ("2 stake 4", "2 stake -0", "the stake must be a whole number written in digits"),
        ("0 pass", "0 deposit -0", "the deposit must be a whole number written in digits"),
        ("0 pass", "0 dispute 0 -1", "a party must be a whole number written in digits"),
        ("0 pass", "0 dispute -0 1", "a party must be a whole number written in digits"),
        ("2 stake 4", "2 stake \u0664", "the stake must be a whole number written in digits"),
    ],
)
def test_only_a_stake_or_a_deposit_may_be_negative_and_never_minus_zero(
    old: str, new: str, message: str
) -> None:
    """Numbers are plain ASCII digits; a stake or a deposit (a stake made out of turn) may
    be negative, and -0 is no way to write 0."""
    with pytest.raises(pl.NotationError, match=message) as raised:
        pl.parse_record(_replace(old, new))
    assert raised.value.line == _line_of(new.strip("\n"), _replace(old, new))


def test_a_negative_stake_or_deposit_is_well_formed_and_replay_refuses_it() -> None:
    for line, action in (
        ("2 stake -3", pl.Stake(seat=2, amount=-3)),
        ("2 deposit -3", pl.Deposit(seat=2, amount=-3)),
    ):
        game = pl.parse_record(_replace("2 stake 4", line))
        assert game.actions[0] == action
        with pytest.raises(pl.IllegalRecord):
            pl.replay(game)
        assert pl.parse_record(pl.format_record(game)) == game


@pytest.mark.parametrize(
    "tag",
    [
        'tag date "\\ud800"',
        'tag "\\udfff" 1891',
        'tag date "\\ude00\\ud83d"',
        "tag date \ud800",
        'tag date "\ud800"',
        "tag \udc80 1891",
    ],
    ids=ascii,
)
def test_a_lone_surrogate_is_refused_where_text_enters(tag: str) -> None:
    """A record is UTF-8 text, which holds no half of a character: a lone surrogate, raw or
    escaped, is malformed at its line (format_record itself once wrote one)."""
    text = _replace("tag date 1891-06-01", tag)
    with pytest.raises(pl.NotationError, match="lone surrogate") as raised:
        pl.parse_record(text)
    assert raised.value.line == _line_of("tag ", text)
    assert pl.record_problems(text)[0].line == raised.value.line


def test_an_escaped_pair_of_surrogates_is_one_character() -> None:
    game = pl.parse_record(_replace("tag date 1891-06-01", 'tag note "\\ud83c\\udccf"'))
    assert game.tags == (("note", "\U0001f0cf"),)
    pl.to_json(game).encode("utf-8")


# --- NotationError ----------------------------------------------------------------------------


def test_notation_error_keeps_its_old_form() -> None:
    error = pl.NotationError("'1x' is not a card")
    assert isinstance(error, ValueError)
    assert error.line is None
    assert str(error) == "'1x' is not a card"
    with pytest.raises(pl.NotationError) as raised:
        pl.parse_cards("1x")
    assert raised.value.line is None


@pytest.mark.parametrize("line", [None, 1, 42])
def test_notation_error_pickles_with_its_fields(line: int | None) -> None:
    error = pl.NotationError("the deck repeats 2c", line=line)
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is pl.NotationError
    assert (copy.message, copy.line, str(copy), copy.args) == (
        error.message,
        error.line,
        str(error),
        error.args,
    )
    assert repr(copy) == repr(error)


# --- Fuzzing the parser -----------------------------------------------------------------------

GOLDEN_TEXTS = [path.read_text(encoding="utf-8") for path in sorted(GOLDEN.glob("*.record"))]
WORDS = [
    "rule", "tag", "stacks", "dealer", "carried", "jackpot_round", "deck", "end", "pass",
    "stake", "discard", "pat", "shuffle", "straddle", "decline", "stand", "-", "#", '"',
    "Jk", "Ac", "0", "-1", "99999999999999999999", "9" * 5000, "yes", "no", "hands.blaze",
    "pokerlaws-record", "\ufeff", "\r", "\u2028", "\x00", "é",
]  # fmt: skip


@st.composite
def mutated_texts(draw: st.DrawFn) -> str:
    """A golden record with lines dropped, repeated, swapped or cut, and characters changed."""
    lines = draw(st.sampled_from(GOLDEN_TEXTS)).split("\n")
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.integers(0, 6))
        if kind == 0 and len(lines) > 1:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[draw(st.integers(0, len(lines) - 1))])
        elif kind == 2:
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 3:
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
        elif kind == 4:
            tokens = lines[i].split(" ")
            k = draw(st.integers(0, len(tokens) - 1))
            tokens[k] = draw(st.sampled_from(WORDS) | st.text(max_size=6))
            lines[i] = " ".join(tokens)
        elif kind == 5:
            at = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:at] + draw(st.characters()) + lines[i][at + 1 :]
        else:
            lines.insert(i, " ".join(draw(st.lists(st.sampled_from(WORDS), max_size=4))))
    return "\n".join(lines)


@given(mutated_texts())
def test_the_parser_raises_only_notation_errors(text: str) -> None:
    """Whatever the text, parse_record returns a record or raises NotationError, nothing else;
    record_problems never raises, and agrees with it."""
    problems = pl.record_problems(text)
    if problems:
        with pytest.raises(pl.NotationError) as raised:
            pl.parse_record(text)
        error = raised.value
        assert (error.line, error.message) == (problems[0].line, problems[0].message)
        assert error.line is not None
        assert 1 <= error.line <= len(text.split("\n"))
        return
    game = pl.parse_record(text)
    # What was read is a record the notation holds: it writes and reads back the same.
    assert pl.parse_record(pl.format_record(game)) == game


@given(st.text(max_size=300))
def test_any_text_at_all_raises_only_notation_errors(text: str) -> None:
    for candidate in (text, "pokerlaws-record 1\n" + text):
        with pytest.raises(pl.NotationError):
            pl.parse_record(candidate)


def test_the_documented_example_is_the_golden_short_game() -> None:
    """docs/notation.md shows tests/golden/short.record whole, and its outcome."""
    page = (Path(__file__).parents[1] / "docs" / "notation.md").read_text(encoding="utf-8")
    assert f"```text\n{SHORT}```" in page
    state = pl.replay(pl.parse_record(SHORT))
    assert (state.stacks, state.payouts, state.winners) == ((40, 48, 32), (0, 16, 0), (1,))
