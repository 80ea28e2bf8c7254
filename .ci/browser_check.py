"""Check a pokerlaws replay page in headless Chromium (run by .ci/browser).

Fails (exit 1, one line a failure) unless: the page loads with no console error, no
uncaught exception and no request for anything but the page itself; the first step shows
with `back` disabled; `forward` shows each step in turn, `back` goes one back, the arrow
keys step too; `last` shows the last step, whose winner line names the expected winner.
With `--record`, each step's table as the page's script drew it (the SVG's cards and
words, and the table as text) is the one `svg_element` and `render_text` draw for that
step's state, or for `--seat`'s view of it.
"""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

# The environment's notes for a headless Chromium here: no GPU, no QUIC, nothing fetched in
# the background; the profile directory is fresh for each run (see .ci/browser).
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def shown_step(page: Page) -> int:
    """The index of the one step that is not hidden (and that there is exactly one)."""
    visible = page.eval_on_selector_all(
        "li.step", "steps => steps.map((s, k) => s.hidden ? -1 : k).filter(k => k >= 0)"
    )
    if len(visible) != 1:
        raise AssertionError(f"{len(visible)} steps are shown at once, not one: {visible}")
    index: int = visible[0]
    return index


def expected_tables(record: Path, seat: int | None) -> list[tuple[list[str], list[str], str]]:
    """Each step's table as the Python renderers draw it: the SVG's cards and words, and
    the text."""
    import pokerlaws as pl
    from pokerlaws.render.steps import game_steps
    from pokerlaws.render.svg import svg_element

    tables = []
    for step in game_steps(pl.parse_record(record.read_text(encoding="utf-8"))):
        source = step.state if seat is None else pl.view(step.state, seat)
        root = ElementTree.fromstring(svg_element(source))
        cards = [g.get("data-card") or "" for g in root.iter() if g.get("data-card")]
        words = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]
        tables.append((cards, words, pl.render_text(source)))
    return tables


def drawn_table(page: Page) -> tuple[list[str], list[str], str]:
    cards: list[str] = page.eval_on_selector_all(
        "#picture svg [data-card]", "cards => cards.map(c => c.getAttribute('data-card'))"
    )
    words: list[str] = page.eval_on_selector_all(
        "#picture svg text", "texts => texts.map(t => t.textContent)"
    )
    text: str = page.eval_on_selector("#astext", "pre => pre.textContent")
    return cards, words, text


def check(
    page: Page,
    url: str,
    winner: str,
    problems: list[str],
    tables: list[tuple[list[str], list[str], str]] | None = None,
) -> int:
    page.goto(url)
    page.wait_for_selector("#counter")
    total = page.locator("li.step").count()
    if total < 3:
        problems.append(f"the page has {total} steps")
        return total
    lines = [text.strip() for text in page.locator("li.step .line").all_text_contents()]
    if lines[0] != "start" or lines[-1] != "end":
        problems.append(f"the steps run from {lines[0]!r} to {lines[-1]!r}")

    def expect(index: int, what: str) -> None:
        at = shown_step(page)
        counter = page.locator("#counter").inner_text()
        if at != index or counter != f"step {index + 1} of {total}":
            problems.append(f"{what}: step {at} shown ({counter!r}), not step {index}")

    def drawn(index: int) -> None:
        if tables is not None and drawn_table(page) != tables[index]:
            problems.append(f"step {index} draws {drawn_table(page)}, not {tables[index]}")

    expect(0, "on load")
    drawn(0)
    if not page.locator("#back").is_disabled():
        problems.append("back is enabled on the first step")
    for index in range(1, total):
        page.click("#forward")
        expect(index, f"forward to {lines[index]!r}")
        drawn(index)
    if not page.locator("#forward").is_disabled():
        problems.append("forward is enabled on the last step")
    for index in range(total - 2, total - 5, -1):
        page.click("#back")
        expect(index, "back")
        drawn(index)
    page.keyboard.press("ArrowRight")
    expect(total - 3, "the right arrow key")
    page.keyboard.press("ArrowLeft")
    expect(total - 4, "the left arrow key")
    page.click("#first")
    expect(0, "first")
    page.click("#last")
    expect(total - 1, "last")
    banner = page.locator("#winner")
    if not banner.is_visible():
        problems.append("the last step shows no winner")
    elif winner not in banner.inner_text():
        problems.append(f"the winner line reads {banner.inner_text()!r}, not {winner!r}")
    if page.locator(f"#step-{total - 1} svg").count() != 1:
        problems.append("the last step draws no table")
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("page", type=Path)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--profile", type=Path, required=True, help="a fresh profile directory")
    parser.add_argument("--winner", required=True, help="text the last step's winner line holds")
    parser.add_argument("--screenshot", type=Path, help="write a PNG of the last step here")
    parser.add_argument("--record", type=Path, help="the page's record: check each table")
    parser.add_argument("--seat", type=int, help="the seat whose replay the page is")
    args = parser.parse_args()
    tables = None if args.record is None else expected_tables(args.record, args.seat)
    url = args.page.resolve().as_uri()
    problems: list[str] = []
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(args.profile),
            executable_path=args.chromium,
            headless=True,
            args=FLAGS,
            viewport={"width": 1100, "height": 1060},
        )
        page = context.new_page()
        page.on(
            "console",
            lambda message: (
                problems.append(f"console {message.type}: {message.text}")
                if message.type in ("error", "warning")
                else None
            ),
        )
        page.on("pageerror", lambda error: problems.append(f"uncaught: {error}"))
        page.on(
            "request",
            lambda request: (
                problems.append(f"fetched {request.url}") if request.url != url else None
            ),
        )
        total = check(page, url, args.winner, problems, tables)
        if args.screenshot is not None and not problems:
            page.screenshot(path=str(args.screenshot))
        context.close()
    for problem in problems:
        print(f"browser check: {problem}", file=sys.stderr)
    if problems:
        print(f"browser check: FAILED ({len(problems)} problems)", file=sys.stderr)
        return 1
    print(f"browser check: passed ({total} steps forward and back, the winner shown, no error)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
