"""Two players play the table service in headless Chromium (run by .ci/service_browser).

It starts ``python -m pokerlaws.service`` on a free port of 127.0.0.1 over a SQLite file in
a temporary directory, creates a sitting of two players through the lobby page, and opens
each seat's link in a browser context of its own, as the players would. Then the two pages
play the sitting to its end by clicking their menus of legal actions only, each page when
its seat is to act. It fails (exit 1, one line a failure) unless, on the way:

- no page logs a console error or warning, throws an uncaught exception, or asks anything
  of a host but the server (every request and websocket URL is recorded);
- at every step both pages show the server's ``seq``, the seat to act is offered exactly
  its legal actions and the other seat nothing, and each page draws exactly the table the
  server draws for its seat (``table.svg`` with its token), with no card of the other
  seat's hand that its server view does not show; no websocket frame or answer a page
  receives holds such a card either;
- a stake over the most the menu offers is refused with its law, shown on the page once
  ("Law 25: ..."), and nothing is applied. The menu offers only legal actions, and only to
  the seat to act, so no click can send it: it is typed into the page's amount box where
  the menu is a range, and otherwise given to the page's own ``send()``, as a tampered page
  would. The same action sent twice at once (its button's click handler run twice, a
  double click) applies once and shows the second's refusal (a stale ``seq``, 409);
- at the end both pages say the sitting is over with the server's results, the record
  (``GET .../record`` with the referee's token) holds exactly the actions the pages played,
  and the server's log holds no token.

The server is stopped on exit, whatever happens.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import xml.etree.ElementTree as ElementTree
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from browser_check import FLAGS
from playwright.sync_api import Browser, ConsoleMessage, Page, Response, WebSocket, sync_playwright
from playwright.sync_api import Error as PlaywrightError

SVG = "{http://www.w3.org/2000/svg}"
CARD = re.compile(r"[2-9TJQKA][cdhs]")
TOKEN = re.compile(r"(token=)[^&\s\"']*")
WAIT_MS = 10_000


def hide(text: str) -> str:
    """``text`` with every ``token=...`` in it hidden (the websocket's URL holds one)."""
    return TOKEN.sub(r"\1[hidden]", text)


class Failed(Exception):
    """A failure after which the check cannot go on."""


# --- The server ---------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """The service in a child process, and plain HTTP to it (no proxy: it is local)."""

    def __init__(self, base: str, process: subprocess.Popen[bytes], log: Path) -> None:
        self.base = base
        self.process = process
        self.log = log
        self.opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))

    def call(self, path: str, token: str | None = None) -> tuple[int, str]:
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        request = urllib.request.Request(self.base + path, headers=headers)
        try:
            with self.opener.open(request, timeout=10) as answer:
                return int(answer.status), answer.read().decode("utf-8")
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode("utf-8")

    def json(self, path: str, token: str | None = None) -> Any:
        status, text = self.call(path, token)
        if status != 200:
            raise Failed(f"GET {path} answered {status}: {text[:200]}")
        return json.loads(text)


@contextmanager
def serving(work: Path) -> Iterator[Server]:
    port = free_port()
    log = work / "server.log"
    command = [sys.executable, "-m", "pokerlaws.service", "--db", f"sqlite:///{work}/tables.db"]
    command += ["--host", "127.0.0.1", "--port", str(port)]
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    server = Server(f"http://127.0.0.1:{port}", process, log)
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                tail = log.read_text(encoding="utf-8", errors="replace")[-600:]
                raise Failed(f"the server exited with {process.returncode}: {tail}")
            try:
                if server.call("/")[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise Failed("the server did not answer within 30 s")
            time.sleep(0.1)
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# --- What a page received and shows --------------------------------------------------------


def cards_in(value: object) -> set[str]:
    """Every card named anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} if CARD.fullmatch(value) else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(member) for member in value.values()))
    if isinstance(value, list):
        return set().union(*(cards_in(member) for member in value))
    return set()


def open_cards(seen: dict[str, Any] | None) -> set[str]:
    """The cards a seat's view may show of the others': those shown (at the showdown, or
    the openers)."""
    if seen is None:
        return set()
    return cards_in(seen.get("shown")) | cards_in(seen.get("openers"))


def drawn(svg_root: ElementTree.Element) -> tuple[list[str], list[str]]:
    cards = [g.get("data-card") or "" for g in svg_root.iter() if g.get("data-card")]
    words = [t.text or "" for t in svg_root.iter(f"{SVG}text")]
    return cards, words


def page_drawn(page: Page) -> tuple[list[str], list[str]]:
    cards: list[str] = page.eval_on_selector_all(
        "#table svg [data-card]", "cards => cards.map(c => c.getAttribute('data-card'))"
    )
    words: list[str] = page.eval_on_selector_all(
        "#table svg text", "texts => texts.map(t => t.textContent)"
    )
    return cards, words


class Player:
    """One seat's page and what it received: websocket frames and HTTP answers."""

    def __init__(self, name: str, token: str, page: Page, problems: list[str]) -> None:
        self.name = name
        self.token = token
        self.page = page
        self.problems = problems
        self.received: list[str] = []  # texts not checked yet
        self.frames: list[dict[str, Any]] = []  # every websocket frame, parsed
        self.sockets = 0
        page.on("websocket", self._socket)
        page.on("response", self._response)

    def _socket(self, socket: WebSocket) -> None:
        self.sockets += 1

        def frame(payload: str | bytes) -> None:
            text = payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
            self.received.append(text)
            try:
                self.frames.append(json.loads(text))
            except ValueError:
                self.problems.append(f"{self.name}: a websocket frame not JSON: {text[:80]}")

        socket.on("framereceived", frame)

    def _response(self, response: Response) -> None:
        if "/sittings/" in response.url and response.request.resource_type in ("fetch", "xhr"):
            # A body the page has let go of is gone (Playwright raises): nothing to check.
            with suppress(Exception):
                self.received.append(response.text())


# --- The game ------------------------------------------------------------------------------


class Game:
    def __init__(self, server: Server, sitting: str, players: list[Player], seed: int) -> None:
        self.server = server
        self.sitting = sitting
        self.players = players
        self.problems = players[0].problems
        self.random = random.Random(seed)
        self.played: list[dict[str, Any]] = []
        # Each player's cards in each game (by games played before it), as his own server
        # view has shown them: what the other seat must never see unless it is shown.
        self.held: dict[tuple[str, int], set[str]] = {}
        self.showdowns: set[int] = set()
        self.refused_with_law = ""
        self.refused_stale = ""

    def fail(self, text: str) -> None:
        self.problems.append(text)

    def public(self) -> dict[str, Any]:
        public: dict[str, Any] = self.server.json(f"/sittings/{self.sitting}")
        return public

    def seen(self, player: Player) -> dict[str, Any]:
        seen: dict[str, Any] = self.server.json(f"/sittings/{self.sitting}/view", player.token)
        return seen

    def wait_seq(self, seq: int) -> None:
        for player in self.players:
            try:
                player.page.wait_for_function(
                    "seq => document.body.dataset.seq === seq", arg=str(seq), timeout=WAIT_MS
                )
            except Exception as error:
                raise Failed(f"{player.name}'s page never shows seq {seq}: {error}") from None

    def wait_picture(self, player: Player) -> None:
        """The page draws what the server draws for his seat (the page fetches it after
        each view, so it may come a moment later)."""
        status, text = self.server.call(f"/sittings/{self.sitting}/table.svg", player.token)
        if status != 200:
            self.fail(f"{player.name}: table.svg answered {status}")
            return
        wanted = drawn(ElementTree.fromstring(text))
        deadline = time.monotonic() + WAIT_MS / 1000
        while (shown := page_drawn(player.page)) != wanted:
            if time.monotonic() > deadline:
                self.fail(f"{player.name}'s page draws {shown}, not the server's {wanted}")
                return
            time.sleep(0.02)

    def other(self, player: Player) -> Player:
        return next(p for p in self.players if p is not player)

    def check_hidden(self, views: dict[str, dict[str, Any]]) -> None:
        for player in self.players:
            seen = views[player.name]
            if seen["view"] is not None:
                key = (player.name, seen["table"]["games_played"])
                self.held.setdefault(key, set()).update(seen["view"]["hand"])
                if seen["view"]["shown"]:
                    self.showdowns.add(seen["table"]["games_played"])
        for player in self.players:
            other = self.other(player)
            seen = views[player.name]
            game = seen["table"]["games_played"]
            hidden = self.held.get((other.name, game), set()) - open_cards(seen["view"])
            if leaked := cards_in(seen) & hidden:
                self.fail(f"the server's view for {player.name} holds {other.name}'s {leaked}")
            cards, _ = page_drawn(player.page)
            if leaked := set(cards) & hidden:
                self.fail(f"{player.name}'s page draws {other.name}'s hidden {leaked}")
            # Everything the page received since the last step, each text with the hidden
            # cards of the game it belongs to.
            for text in player.received:
                leaked = self.leaked_in(text, other, game, hidden)
                if leaked:
                    self.fail(
                        f"{player.name}'s page received {other.name}'s {leaked}: "
                        f"{hide(text)[:120]!r}"
                    )
            player.received.clear()

    def leaked_in(self, text: str, other: Player, game: int, hidden: set[str]) -> set[str]:
        if text.lstrip().startswith("<"):  # table.svg
            cards = {g.get("data-card") or "" for g in ElementTree.fromstring(text).iter()}
            return cards & hidden
        try:
            document = json.loads(text)
        except ValueError:
            return set()
        if not isinstance(document, dict) or "table" not in document:
            return set()
        its_game = document["table"]["games_played"]
        secret = self.held.get((other.name, its_game), set()) if its_game != game else hidden
        return (cards_in(document) - open_cards(document.get("view"))) & secret

    def check_status(self, player: Player, public: dict[str, Any], seen: dict[str, Any]) -> None:
        """The page says who he is and, until the end, the game, phase, pool and turn."""
        who = player.page.locator("#who").inner_text()
        if who != f"{player.name}, seat {seen['seat']}":
            self.fail(f"{player.name}'s page says he is {who!r}")
        if public["over"]:
            return
        turn = public["to_act"]
        wanted = (
            f"Game {public['games_played'] + 1} of {public['games']}: {public['phase']}, "
            f"pool {public['pool']}, {turn['name'] if turn else 'nobody'} to act."
        )
        status = player.page.locator("#status").inner_text()
        if status != wanted:
            self.fail(f"{player.name}'s page says {status!r}, not {wanted!r}")

    def check_menu(self, player: Player, seen: dict[str, Any], to_act: bool) -> None:
        page = player.page
        buttons = page.locator("#menu button.action")
        offered = [
            json.loads(b) for b in buttons.evaluate_all("bs => bs.map(b => b.dataset.action)")
        ]
        legal = seen["view"]["legal_actions"] if seen["view"] else []
        if not to_act:
            if offered or legal:
                self.fail(f"{player.name} is not to act but is offered {offered or legal}")
            return
        if isinstance(legal, dict):
            wanted = [
                *legal["others"],
                {"type": "Stake", "seat": legal["seat"], "amount": legal["least"]},
            ]
            box = page.locator("#amount")
            bounds = (box.get_attribute("min"), box.get_attribute("max"))
            if bounds != (str(legal["least"]), str(legal["most"])):
                self.fail(
                    f"{player.name}'s amount box is {bounds}, not {legal['least']}-{legal['most']}"
                )
        else:
            wanted = legal
        if offered != wanted:
            self.fail(f"{player.name} is offered {offered}, not his legal actions {wanted}")

    def step(self) -> bool:
        """Check the table as it is, then the seat to act clicks one of his legal actions.
        False when the sitting is over."""
        public = self.public()
        self.wait_seq(public["seq"])
        views = {player.name: self.seen(player) for player in self.players}
        for player in self.players:
            self.wait_picture(player)
        self.check_hidden(views)
        turn = public["to_act"]
        for player in self.players:
            self.check_status(player, public, views[player.name])
        for player in self.players:
            self.check_menu(
                player, views[player.name], turn is not None and turn["name"] == player.name
            )
        if public["over"]:
            return False
        if turn is None:
            raise Failed(f"seq {public['seq']}: the sitting is not over but nobody is to act")
        player = next(p for p in self.players if p.name == turn["name"])
        legal = views[player.name]["view"]["legal_actions"]
        stakes = [a["amount"] for a in self.offered(player) if a["type"] == "Stake"]
        if stakes and not self.refused_with_law:
            self.refuse_out_of_range(player, legal, max(stakes), public["seq"])
        if not self.refused_stale and public["seq"] >= 2:
            self.send_twice(player, public["seq"])
            return True
        self.click(player, legal, public["games_played"] == public["games"] - 1)
        return True

    def click(self, player: Player, legal: list[Any] | dict[str, Any], last: bool) -> None:
        page = player.page
        buttons = page.locator("#menu button.action")
        count = buttons.count()
        if count == 0:
            raise Failed(f"{player.name} is to act and his page offers nothing")
        # A Pass (dropping out) now and then only, and in the last game never unless it is
        # all there is: games reach the draw, and the last one the showdown, where the other
        # seat's cards are shown (an earlier game's showdown is followed at once by the next
        # deal, so no page shows it).
        kinds = [a["type"] for a in self.offered(player)]
        choices = [k for k in range(count) if k >= len(kinds) or kinds[k] != "Pass"]
        if not choices or (not last and self.random.random() < 0.1):
            choices = list(range(count))
        chosen = self.random.choice(choices)
        if isinstance(legal, dict) and chosen == count - 1:
            amount = self.random.randint(legal["least"], legal["most"])
            page.fill("#amount", str(amount))
            action: dict[str, Any] = {"type": "Stake", "seat": legal["seat"], "amount": amount}
        else:
            action = json.loads(buttons.nth(chosen).get_attribute("data-action") or "null")
        before = self.public()["seq"]
        buttons.nth(chosen).click()
        self.played.append(action)
        # The click only starts the page's request: wait until the server has applied it,
        # or the next step reads the table before the action and the pages after it.
        deadline = time.monotonic() + WAIT_MS / 1000
        while self.public()["seq"] == before:
            if time.monotonic() > deadline:
                raise Failed(f"{player.name}'s click on {action} was never applied")
            time.sleep(0.02)

    def offered(self, player: Player) -> list[dict[str, Any]]:
        actions: list[str] = player.page.locator("#menu button.action").evaluate_all(
            "bs => bs.map(b => b.dataset.action)"
        )
        return [json.loads(action) for action in actions]

    def refuse_out_of_range(
        self, player: Player, legal: list[Any] | dict[str, Any], most: int, seq: int
    ) -> None:
        """A stake over the most the menu offers: refused with its law, shown, nothing
        applied. With a range of stakes the page has an amount box, and the stake is typed
        in it; with a button for each stake (what a view's menu is) no click can send it,
        so the page's own send() is called with it, as a tampered page would."""
        page = player.page
        player_seat = self.seen(player)["seat"]
        frames = len(player.frames)
        if isinstance(legal, dict):
            page.fill("#amount", str(most + 1))
            page.locator("#menu button.action").last.click()
        else:
            action = {"type": "Stake", "seat": player_seat, "amount": most + 1}
            page.evaluate("action => send(action)", action)
        try:
            page.wait_for_function(
                "() => document.getElementById('refusal').textContent !== ''", timeout=WAIT_MS
            )
        except Exception:
            self.fail(f"a stake of {most + 1} (most {most}): no refusal shown")
            return
        shown = page.locator("#refusal").inner_text()
        errors = [f for f in player.frames[frames:] if "error" in f]
        if not errors:
            self.fail(f"the refusal {shown!r} came with no error frame")
            return
        error = errors[0]
        if error.get("law") is None:
            self.fail(f"a stake over the limit is refused with no law: {error}")
        elif shown != error["message"] or not shown.startswith(f"Law {error['law']}: "):
            # The library's message begins "Law N: ", once.
            self.fail(f"the page shows {shown!r} for the refusal {error}")
        if self.public()["seq"] != seq:
            self.fail("a refused stake was applied")
        self.refused_with_law = shown

    def send_twice(self, player: Player, seq: int) -> None:
        """One of the legal actions, its button's handler run twice at once (a double
        click): the first applies, the second is stale (409) and shown as refused."""
        page = player.page
        button = page.locator("#menu button.action").first
        action = json.loads(button.get_attribute("data-action") or "null")
        frames = len(player.frames)
        button.evaluate("b => { b.click(); b.click(); }")
        self.played.append(action)
        try:
            page.wait_for_function(
                "() => document.getElementById('refusal').textContent !== ''", timeout=WAIT_MS
            )
        except Exception:
            self.fail("the same action sent twice: no refusal shown for the second")
            return
        shown = page.locator("#refusal").inner_text()
        errors = [f for f in player.frames[frames:] if "error" in f]
        if not errors or errors[0].get("error") != 409 or shown != errors[0]["message"]:
            self.fail(f"the second of two same actions: {shown!r} shown, frames {errors}")
        after = self.public()["seq"]
        if after != seq + 1:
            self.fail(
                f"the same action sent twice at seq {seq} made the seq {after}, not {seq + 1}"
            )
        self.refused_stale = shown


def create_in_lobby(page: Page, server: Server, games: int) -> tuple[str, dict[str, str], str]:
    """The sitting made by the lobby's form: its id, each player's link, the referee's token."""
    page.goto(server.base + "/")
    page.fill("#names", "Ann, Bob")
    page.fill("#games", str(games))
    page.click("#create")
    try:
        page.wait_for_selector("#created p", timeout=WAIT_MS)
    except PlaywrightError:
        raise Failed(
            "the lobby shows nothing after Create (did its form refuse the input?)"
        ) from None
    if page.locator("#created a.seat-link").count() == 0:
        raise Failed(f"the lobby made no sitting: {page.locator('#created').inner_text()!r}")
    links = page.locator("#created a.seat-link")
    items = page.locator("#created li").all_inner_texts()
    hrefs: dict[str, str] = {}
    for index, item in enumerate(items):
        name = item.split(":", 1)[0].strip()
        hrefs[name] = links.nth(index).get_attribute("href") or ""
    paragraphs = page.locator("#created p").all_inner_texts()
    referee = next((p.split(":", 1)[1].strip() for p in paragraphs if p.startswith("Referee")), "")
    found = re.fullmatch(
        r"/sittings/([0-9a-f]+)/play#token=[\w-]+", next(iter(hrefs.values()), "")
    )
    if set(hrefs) != {"Ann", "Bob"} or not referee or found is None:
        raise Failed(f"the lobby made {items} {paragraphs}: not two seat links and a referee")
    return found.group(1), hrefs, referee


def finish(game: Game, referee: str) -> None:
    import pokerlaws as pl
    from pokerlaws.records.jsonio import to_data

    public = game.public()
    results = ", ".join(
        f"{r['name']} {'+' if r['result'] >= 0 else ''}{r['result']}" for r in public["results"]
    )
    for player in game.players:
        status = player.page.locator("#status").inner_text()
        if (
            status != f"The sitting is over. {results}"
            or player.page.locator("body").get_attribute("data-over") != "true"
        ):
            game.fail(f"{player.name}'s page ends with {status!r}, not the results {results!r}")
    answered, text = game.server.call(f"/sittings/{game.sitting}/record", referee)
    if answered != 200:
        game.fail(f"the record answered {answered} to the referee: {text[:200]}")
        return
    record = pl.parse_sitting_record(text)
    actions = [
        {k: v for k, v in to_data(action).items() if k != "format"}
        for entry in record.entries
        if isinstance(entry, pl.GameRecord)
        for action in entry.actions
    ]
    if actions != game.played:
        game.fail(f"the record holds {len(actions)} actions, not the {len(game.played)} played")
        for index, (held, played) in enumerate(zip(actions, game.played, strict=False)):
            if held != played:
                game.fail(f"action {index}: the record holds {held}, the page played {played}")
                break
    if public["seq"] != len(game.played):
        game.fail(
            f"the server applied {public['seq']} actions, the pages played {len(game.played)}"
        )


class Watch:
    """What one page does that it must not: a console error or warning, an uncaught
    exception, a request (or websocket) to a host but the server. Every URL is kept."""

    def __init__(
        self, label: str, origin: str, page: Page, problems: list[str], urls: list[str]
    ) -> None:
        self.label = label
        self.origin = origin
        self.problems = problems
        self.urls = urls
        page.on("request", lambda request: self.requested(request.url))
        page.on("websocket", lambda socket: self.requested(socket.url))
        page.on("console", self.console)
        page.on("pageerror", lambda error: self.fail(f"uncaught {error}"))

    def fail(self, text: str) -> None:
        self.problems.append(f"the {self.label} page: {text}")

    def requested(self, url: str) -> None:
        self.urls.append(url)
        if urlsplit(url).netloc != self.origin:
            self.fail(f"asked {hide(url)}")

    def console(self, message: ConsoleMessage) -> None:
        if message.type in ("error", "warning"):
            self.fail(f"console {message.type}: {message.text}")


def play(
    browser: Browser,
    server: Server,
    games: int,
    seed: int,
    problems: list[str],
    urls: list[str],
    screenshot: Path | None,
) -> Game:
    origin = urlsplit(server.base).netloc
    contexts = [browser.new_context(viewport={"width": 1100, "height": 1000}) for _ in range(2)]
    pages = [context.new_page() for context in contexts]
    for label, page in zip(("first", "second"), pages, strict=True):
        Watch(label, origin, page, problems, urls)
    sitting, hrefs, referee = create_in_lobby(pages[0], server, games)
    players = [
        Player("Ann", hrefs["Ann"].split("#token=")[1], pages[0], problems),
        Player("Bob", hrefs["Bob"].split("#token=")[1], pages[1], problems),
    ]
    # Ann follows her link from the lobby; Bob opens the link he was given in his browser.
    pages[0].click("#created a.seat-link >> nth=0")
    pages[1].goto(server.base + hrefs["Bob"])
    for player in players:
        player.page.wait_for_url(f"**/sittings/{sitting}/play#token=*")
        player.page.wait_for_function(
            "() => document.body.dataset.seq !== undefined", timeout=WAIT_MS
        )
        # Act over the websocket, as a player would once the page has connected.
        deadline = time.monotonic() + WAIT_MS / 1000
        while not player.frames:
            if time.monotonic() > deadline:
                raise Failed(f"{player.name}'s page never heard from its websocket")
            player.page.wait_for_timeout(20)
    game = Game(server, sitting, players, seed)
    for _ in range(2000):
        if not game.step():
            break
    else:
        raise Failed("2000 actions and the sitting is not over")
    finish(game, referee)
    if screenshot is not None and not problems:
        players[0].page.screenshot(path=str(screenshot), full_page=True)
    for context in contexts:
        context.close()
    log = server.log.read_text(encoding="utf-8", errors="replace")
    for player in players:
        if player.token in log:
            problems.append(f"the server's log holds {player.name}'s token")
    if referee in log:
        problems.append("the server's log holds the referee's token")
    return game


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--games", type=int, default=2, help="games in the sitting (2)")
    parser.add_argument("--seed", type=int, default=28, help="the choice of clicks")
    parser.add_argument("--screenshot", type=Path, help="write a PNG of Ann's page at the end")
    args = parser.parse_args()
    # Stopped from outside, the server is still stopped (the `finally` of serving).
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    problems: list[str] = []
    urls: list[str] = []
    game = None
    with tempfile.TemporaryDirectory() as work:
        try:
            with serving(Path(work)) as server, sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=args.chromium, headless=True, args=FLAGS
                )
                try:
                    game = play(
                        browser, server, args.games, args.seed, problems, urls, args.screenshot
                    )
                finally:
                    browser.close()
        except Failed as failure:
            problems.append(str(failure))
        except PlaywrightError as error:
            # A step the browser could not take (a timeout, a page gone): its first line.
            problems.append(f"the browser: {error.message.splitlines()[0]}")
    for problem in problems:
        print(f"service browser check: {problem}", file=sys.stderr)
    if problems or game is None:
        print(f"service browser check: FAILED ({len(problems)} problems)", file=sys.stderr)
        return 1
    paths = sorted({hide(urlsplit(url)._replace(scheme="", netloc="").geturl()) for url in urls})
    kinds = Counter(action["type"] for action in game.played)
    print(
        f"service browser check: passed: {len(game.played)} actions over {args.games} games "
        f"by two pages ({dict(kinds)}), {len(game.showdowns)} shown down; refused with "
        f"its law: {game.refused_with_law!r}; the same action twice: {game.refused_stale!r}; "
        f"{len(urls)} requests, all to the server: {paths}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
