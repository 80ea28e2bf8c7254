"""The table as text, as SVG and as a replay page: what each shows, and what a view hides."""

from __future__ import annotations

import base64
import hashlib
import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from pathlib import Path

import pytest
from attrs import evolve

import pokerlaws as pl
from pokerlaws.records.game import begin
from pokerlaws.records.notation import format_action
from pokerlaws.render import render_html, render_svg, render_text
from pokerlaws.render.steps import game_steps, step

GOLDEN = Path(__file__).parent / "golden"
RECORDS = sorted(GOLDEN.glob("*.record"))
SVG = "{http://www.w3.org/2000/svg}"


def golden(name: str) -> pl.GameRecord:
    return pl.parse_record((GOLDEN / name).read_text(encoding="utf-8"))


def states_of(game: pl.GameRecord) -> Iterator[pl.GameState]:
    """Every state of a recorded game, from the deal to the end."""
    state = begin(game)
    yield state
    for action in game.actions:
        state = pl.apply_or_raise(state, action)
        yield state


def every_state() -> Iterator[pl.GameState]:
    for path in RECORDS:
        yield from states_of(pl.parse_record(path.read_text(encoding="utf-8")))


def visible_cards(seen: pl.PlayerView) -> set[str]:
    shown = {str(card) for hand in seen.shown for card in hand.cards}
    return shown | {str(card) for card in seen.hand}


def hidden_cards(state: pl.GameState, seen: pl.PlayerView) -> set[str]:
    return {str(card) for card in state.deck} - visible_cards(seen)


def card_words(text: str) -> set[str]:
    """Every word of ``text`` that is written as the notation writes a card."""
    return set(re.findall(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][cdhs]|Jk)(?![A-Za-z0-9])", text))


def test_text_of_a_view_never_shows_a_card_the_view_hides() -> None:
    """Every card word in a view's text is his own or a shown card, at every step."""
    for state in every_state():
        for seat in range(state.num_seats):
            seen = pl.view(state, seat)
            text = render_text(seen)
            assert card_words(text) <= visible_cards(seen)
            assert not card_words(text) & hidden_cards(state, seen)


def test_text_of_a_view_shows_his_own_hand_in_notation() -> None:
    state = begin(golden("short.record"))
    seen = pl.view(state, 1)
    assert pl.format_cards(seen.hand) in render_text(seen)


def test_text_of_a_state_shows_every_hand() -> None:
    state = begin(golden("peel.record"))
    state = pl.apply_or_raise(state, pl.DeclineStraddle(seat=2))
    text = render_text(state)
    for hand in state.hands:
        assert pl.format_cards(hand) in text


def test_text_names_dealer_turn_pool_and_phase() -> None:
    state = pl.apply_or_raise(begin(golden("peel.record")), pl.DeclineStraddle(seat=2))
    text = render_text(state)
    assert "dealer" in text
    assert "seat 2 to act" in text
    assert f"pool {state.pool}" in text
    assert "the say" in text
    assert re.search(r"^>.*2 .*to act", text, re.MULTILINE)


def test_text_of_the_end_names_the_winner() -> None:
    text = render_text(pl.replay(golden("peel.record")))
    assert "winner: seat 2 takes 126" in text
    assert "shown in order: seat 2, seat 1" in text


def test_text_lines_are_at_most_100_columns() -> None:
    for state in every_state():
        for source in (state, pl.view(state, state.num_seats - 1)):
            assert max(map(len, render_text(source).splitlines())) <= 100


def test_str_of_a_view_is_its_text() -> None:
    seen = pl.view(begin(golden("short.record")), 0)
    assert str(seen) == render_text(seen)


def test_render_text_refuses_what_is_not_a_table() -> None:
    with pytest.raises(TypeError):
        render_text(golden("short.record"))  # type: ignore[arg-type]


def test_svg_is_well_formed_and_names_no_uri_but_its_namespace() -> None:
    for state in every_state():
        for source in (state, pl.view(state, 0)):
            document = render_svg(source)
            root = ElementTree.fromstring(document.encode("utf-8"))
            assert root.tag == f"{SVG}svg"
            assert "<!DOCTYPE" not in document
            assert set(re.findall(r"[a-z]+://[^\"' <>]*", document)) == {
                "http://www.w3.org/2000/svg"
            }
            assert "href" not in document


def test_svg_of_a_view_draws_no_card_the_view_hides() -> None:
    for state in every_state():
        for seat in range(state.num_seats):
            seen = pl.view(state, seat)
            root = ElementTree.fromstring(render_svg(seen))
            drawn = {g.get("data-card") for g in root.iter(f"{SVG}g") if g.get("data-card")}
            assert drawn <= visible_cards(seen)
            assert not card_words(render_svg(seen)) & hidden_cards(state, seen)


def test_svg_of_a_state_draws_every_card_in_the_hands() -> None:
    state = pl.replay(golden("peel.record"))
    root = ElementTree.fromstring(render_svg(state))
    drawn = {g.get("data-card") for g in root.iter(f"{SVG}g") if g.get("data-card")}
    assert drawn == {str(card) for hand in state.hands for card in hand}


def test_svg_draws_hidden_hands_face_down() -> None:
    state = pl.apply_or_raise(begin(golden("peel.record")), pl.DeclineStraddle(seat=2))
    root = ElementTree.fromstring(render_svg(pl.view(state, 2)))
    backs = [g for g in root.iter(f"{SVG}g") if g.get("class") == "card back"]
    assert len(backs) == 4 * 5


def test_a_notebook_draws_states_and_views() -> None:
    state = begin(golden("short.record"))
    assert state._repr_svg_() == render_svg(state)
    assert pl.view(state, 1)._repr_svg_() == render_svg(pl.view(state, 1))


def test_each_step_cites_a_law_and_the_last_names_the_winner() -> None:
    steps = game_steps(golden("peel.record"))
    assert [step.line for step in steps[1:-1]] == [
        format_action(action) for action in golden("peel.record").actions
    ]
    assert steps[0].line == "start"
    assert steps[-1].line == "end"
    assert steps[-1].law == 59
    assert "seat 2 takes 126" in steps[-1].says
    assert {1 <= step.law <= 81 for step in steps} == {True}


def test_the_law_of_each_kind_of_step() -> None:
    """Opening cites Law 25, passing Law 27, the draw Law 39, the betting Law 53."""
    laws = {step.line: step.law for step in game_steps(golden("peel.record"))}
    assert laws["2 decline"] == 21
    assert laws["3 pass"] == 27
    assert laws["1 discard 5c 2d 8s"] == 39
    assert laws["2 stake 12"] == 36
    assert laws["0 pass"] == 54


def test_an_unopened_game_ends_under_law_29() -> None:
    assert game_steps(golden("unopened-1.record"))[-1].law == 29


def test_a_jackpot_opening_cites_its_round() -> None:
    steps = game_steps(golden("queens-jackpot.record"))
    assert steps[0].law == 31  # the second jack-pot in a row: everyone antes again
    assert steps[1].law == 31  # and it opens on queens


def test_html_page_holds_every_line_and_law_and_fetches_nothing() -> None:
    game = golden("peel.record")
    page = render_html(game)
    assert page.startswith("<!DOCTYPE html>")
    for action in game.actions:
        assert f">{format_action(action)}<" in page
    assert "Law 25</b>" in page
    assert 'id="winner"' in page
    assert set(re.findall(r"[a-z]+://[^\"' <>]*", page)) == {"http://www.w3.org/2000/svg"}
    assert not re.search(r"\b(src|href)\s*=", page)
    assert "default-src 'none'" in page


def test_html_escapes_what_the_record_says() -> None:
    hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>&amp;'
    game = golden("short.record")
    page = render_html(evolve(game, tags=(("players", hostile), ("place", "</title>"))))
    assert "<script>alert" not in page
    assert "<img" not in page
    assert "&lt;script&gt;alert" in page
    assert page.count("<script>") == 1
    assert "<dd><bdi>&lt;/title&gt;</bdi></dd>" in page


def test_html_refuses_what_is_not_a_record() -> None:
    with pytest.raises(TypeError):
        render_html(pl.format_record(golden("short.record")))  # type: ignore[arg-type]


def test_html_of_a_state_is_the_page_of_its_record() -> None:
    state = pl.replay(golden("peel.record"))
    assert render_html(state) == render_html(pl.record(state))
    assert render_html(state, 3) == render_html(pl.record(state), seat=3)


def test_html_refuses_a_seat_that_is_not_one() -> None:
    game = golden("short.record")
    with pytest.raises(TypeError):
        render_html(game, seat="1")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        render_html(game, seat=True)
    with pytest.raises(ValueError, match="not at this table"):
        render_html(game, seat=len(game.stacks))


def _data_and_script(page: str) -> tuple[str, str]:
    data = re.search(r'<script type="application/json" id="tables">(.*?)</script>', page, re.S)
    script = re.findall(r"<script>(.*?)</script>", page, re.S)
    assert data is not None
    assert len(script) == 1
    return data.group(1), script[0]


def test_html_allows_its_one_script_by_its_hash() -> None:
    """The policy names the SHA-256 of the script's text, and never 'unsafe-inline'."""
    page = render_html(golden("peel.record"))
    _, script = _data_and_script(page)
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode()
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page)
    assert policy is not None
    sources = dict(part.strip().split(" ", 1) for part in policy.group(1).split(";"))
    assert sources["script-src"] == f"'sha256-{digest}'"
    assert sources["default-src"] == "'none'"
    assert "unsafe-inline" not in sources["script-src"]


def test_html_isolates_the_record_s_text_and_keeps_no_bidi_control() -> None:
    """A tag or a name holding U+202E (and its kin) is set in a <bdi>, the control marked."""
    game = golden("peel.record")
    evil = "\u202eevil\u2066"
    tags = (("players", f"A B {evil} D E"), ("place", f"x{evil}y"))
    page = render_html(evolve(game, tags=tags))
    assert not re.search("[\u202a-\u202e\u2066-\u2069]", page)
    marked = "[U+202E]evil[U+2066]"
    assert f"<dd><bdi>x{marked}y</bdi></dd>" in page
    assert f"seat 2 (<bdi>{marked}</bdi>) takes 126" in page  # the winner's banner
    assert f"seat 2 (<bdi>{marked}</bdi>) opens" in page  # the narration
    assert f"seat 2 ({marked})" not in page


def test_html_grows_by_a_few_hundred_bytes_an_action() -> None:
    """A long record (a dispute after dispute, a raise after raise) makes a page that grows
    linearly with a small constant: each step's words and the fields of its table that
    changed, not a picture a step (that was 5-7 KB an action)."""
    small, large = _disputes(200), _disputes(4_000)
    per_action = [len(render_html(g).encode()) / len(g.actions) for g in (small, large)]
    assert per_action[1] < 320
    assert per_action[1] < per_action[0] * 1.1
    raises = _raises(2_000)
    assert len(render_html(raises).encode()) / len(raises.actions) < 320
    assert len(render_html(raises, seat=1).encode()) / len(raises.actions) < 320


def _disputes(n: int) -> pl.GameRecord:
    state = begin(golden("peel.record"))
    for k in range(n):
        state = pl.apply_or_raise(state, pl.Dispute(seat=1 + k % 2, parties=(1, 2)))
    return pl.record(state)


def _raises(n: int) -> pl.GameRecord:
    """Two deep stacks raising each other a chip at a time, before and after the draw."""
    rules = pl.Rules(ante=2, limit=4)
    state = pl.new_game(rules, [10**9, 10**9], dealer=0, deck=pl.shuffled_deck(2))
    for _ in range(n):
        seat = state.to_act
        assert seat is not None
        menu = pl.legal_actions(state)
        stakes = [a for a in menu if isinstance(a, pl.Stake)]
        if state.phase is pl.Phase.STRADDLE:
            action: pl.Action = pl.DeclineStraddle(seat=seat)
        elif state.phase is pl.Phase.DRAW:
            action = stakes[0] if stakes else pl.Discard(seat=seat, cards=())
        else:
            action = stakes[min(1, len(stakes) - 1)]
        state = pl.apply_or_raise(state, action)
    return pl.record(state)


def test_html_as_a_seat_saw_it_shows_no_card_he_could_not_know() -> None:
    """With ``seat``, no other seat's unshown card, nor the deck, is anywhere in the page
    (its data included): only his own cards, the hands shown and the cards exposed."""
    for path in RECORDS:
        game = pl.parse_record(path.read_text(encoding="utf-8"))
        for seat in range(len(game.stacks)):
            known = {str(a.card) for a in game.actions if isinstance(a, pl.ExposedCard)}
            for state in states_of(game):
                known |= visible_cards(pl.view(state, seat))
            page = render_html(game, seat)
            _, script = _data_and_script(page)
            words = card_words(page.replace(script, ""))
            assert words <= known, (path.name, seat, words - known)
            assert pl.format_cards(game.deck) not in page
            assert pl.format_cards(game.deck[:5]) not in page
            # the whole game's page shows them all, so the test can find them
            assert card_words(render_html(game)) - known or len(game.stacks) == 1


def test_the_joker_is_drawn_and_written_as_jk() -> None:
    rules = pl.Rules(ante=1, limit=4, joker=True)
    for seed in range(200):
        state = pl.new_game(rules, (20,) * 5, dealer=0, deck=pl.shuffled_deck(seed, joker=True))
        if state.phase is pl.Phase.STRADDLE:
            assert state.to_act is not None
            state = pl.apply_or_raise(state, pl.DeclineStraddle(seat=state.to_act))
        if any(pl.JOKER in hand for hand in state.hands):
            break
    else:
        pytest.fail("no deal of 200 gave anyone the Joker")
    assert "Jk" in card_words(render_text(state))
    root = ElementTree.fromstring(render_svg(state))
    assert "Jk" in {g.get("data-card") for g in root.iter(f"{SVG}g")}


def test_a_pass_at_the_draw_says_whether_the_stake_was_short() -> None:
    """Law 27 at the draw: passing short of the stake, or after making it good."""
    game = golden("peel.record")
    says = {step.line: step.says for step in game_steps(game)}
    assert says["4 pass"] == "seat 4 passes rather than make his stake good"
    state = begin(game)
    for action in game.actions[:7]:  # to C's turn to draw, his stake short by 12
        state = pl.apply_or_raise(state, action)
    good = pl.apply_or_raise(state, pl.Stake(seat=2, amount=12))
    passed = pl.apply_or_raise(good, pl.Pass(seat=2))
    assert step(good, pl.Pass(seat=2), passed).says == "seat 2 passes and throws in his cards"


def test_html_of_an_unfinished_game_names_no_winner() -> None:
    game = golden("peel.record")
    page = render_html(evolve(game, actions=game.actions[:5]))
    assert 'id="winner"' not in page
    assert page.count('<li class="step"') == 6  # the start and five actions


def test_html_as_a_seat_saw_it_writes_another_s_discard_by_its_count() -> None:
    """Laws 6, 39: his own discard by its cards, another player's by their number."""
    page = render_html(golden("peel.record"), seat=1)
    assert ">1 discard 5c 2d 8s<" in page
    assert ">2 discard ## ## ##<" in page
    assert ">0 discard ## ##<" in page
    assert "as seat 1 saw it" in page
