"""Two players and a spectator play the table service in headless Chromium (run by
.ci/service_browser).

It starts ``python -m pokerlaws.service`` on a free port of 127.0.0.1 over a SQLite file in
a temporary directory, makes a sitting of two players and three games in the lobby page,
and opens each seat's link, and the lobby's "watch" link, in a browser context of its own,
as the players would. The seat to act plays by clicking: the straddle's buttons, the cards
of his hand to mark his discard then "Discard N" or "Stand pat" (one card by the keyboard),
the stake control (its quick buttons, or its slider moved by the arrow keys), pass or check.
At each game's show both players say "next" (one by the mouse, one by the keyboard). It
fails (exit 1, one line a failure) unless, on the way:

- no page logs a console error or warning, throws an uncaught exception, or asks anything
  of a host but the server (every request and websocket URL is recorded);
- at every step each page shows the server's ``seq``; its table (each seat's name, stack,
  stake and face-up cards, the pool) is the server's view for that seat (the public table
  for the spectator); its log holds the game's steps as ``GET .../story`` tells them, each
  with its law; the seat to act is offered only legal actions (all of those that are not
  stakes or discards, one discard, stakes within the least and most the slider marks) and
  the other seat and the spectator nothing;
- no page draws or receives a card it may not see: another's hand before the laws show
  it, for a seat; any hand but those shown, for the spectator;
- the show of each game is on both seats' pages and the spectator's before the next deal
  (the hands the laws show, and who takes what), and the settlement at the end;
- a stake over the most is refused with its law (given to the page's own ``act()``, as a
  tampered page would: the control cannot make it), shown once on the page and in its log,
  and nothing is applied; the same action sent twice at once applies once (409 shown);
- the record (``GET .../record`` with the referee's token) holds exactly the actions the
  pages played, and the server's log holds no token;
- screenshots at 390 and 1,280 px (the lobby, a discard, a stake, the show, the end) are
  written to service-browser-screenshots/; in every one each text has a contrast of at
  least 4.5:1 and the page is no wider than the screen, and at 390 px each text of the
  table's picture is at least 11 px high.

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
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from browser_check import FLAGS
from playwright.sync_api import Browser, ConsoleMessage, Page, Response, WebSocket, sync_playwright
from playwright.sync_api import Error as PlaywrightError

CARD = re.compile(r"[2-9TJQKA][cdhs]")
TOKEN = re.compile(r"(token=)[^&\s\"']*")
WAIT_MS = 10_000
SHOTS = Path("service-browser-screenshots")
WIDTHS = (390, 1280)
PHASES = {
    "straddle": "the straddle",
    "say": "the say",
    "draw": "the draw",
    "betting": "the betting",
    "over": "the show",
}


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


def page_cards(page: Page) -> list[str]:
    """Every card a page draws face up: in the picture, the hand and the show."""
    cards: list[str] = page.eval_on_selector_all(
        "#picture [data-card], #hand [data-card], #show [data-card]",
        "cards => cards.map(c => c.getAttribute('data-card'))",
    )
    return cards


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class Player:
    """One seat's page and what it received: websocket frames and HTTP answers."""

    def __init__(self, name: str, token: str | None, page: Page, problems: list[str]) -> None:
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


def game_of(table: dict[str, Any]) -> int:
    """The number of the game a public table is at (its show included)."""
    return int(table["games_played"]) + (0 if table["phase"] == "over" else 1)


class Game:
    def __init__(
        self, server: Server, sitting: str, players: list[Player], spectator: Player, seed: int
    ) -> None:
        self.server = server
        self.sitting = sitting
        self.players = players
        self.spectator = spectator
        self.pages = [*players, spectator]
        self.problems = players[0].problems
        self.random = random.Random(seed)
        self.played: list[dict[str, Any]] = []
        self.nexts = 0
        # Each player's cards in each game, as his own server view has shown them: what the
        # other seat and the spectator must never see unless the laws show them.
        self.held: dict[tuple[str, int], set[str]] = {}
        self.shown: dict[int, set[str]] = {}  # the cards laid face up at each game's show
        self.shows_seen: set[int] = set()
        self.hands_shown: dict[int, int] = {}
        self.first_story: list[str] = []
        self.shots: list[str] = []
        self.moments: set[str] = set()
        self.refused_with_law = ""
        self.refused_stale = ""
        self.clicked: Counter[str] = Counter()

    def fail(self, text: str) -> None:
        self.problems.append(text)

    def public(self) -> dict[str, Any]:
        public: dict[str, Any] = self.server.json(f"/sittings/{self.sitting}")
        return public

    def seen(self, player: Player) -> dict[str, Any]:
        seen: dict[str, Any] = self.server.json(f"/sittings/{self.sitting}/view", player.token)
        return seen

    def story(self) -> dict[str, Any]:
        story: dict[str, Any] = self.server.json(f"/sittings/{self.sitting}/story")
        return story

    def wait_seq(self, seq: int) -> None:
        """Every page shows ``seq``, and the story of it (fetched after each push)."""
        for player in self.pages:
            try:
                player.page.wait_for_function(
                    "seq => document.body.dataset.seq === seq"
                    " && document.body.dataset.story === seq",
                    arg=str(seq),
                    timeout=WAIT_MS,
                )
            except Exception as error:
                raise Failed(f"{player.name}'s page never shows seq {seq}: {error}") from None

    def other(self, player: Player) -> Player:
        return next(p for p in self.players if p is not player)

    # --- What a page may see ---

    def check_hidden(self, views: dict[str, dict[str, Any]], story: dict[str, Any]) -> None:
        for player in self.players:
            seen = views[player.name]
            if seen["view"] is not None:
                key = (player.name, game_of(seen["table"]))
                self.held.setdefault(key, set()).update(seen["view"]["hand"])
        if story["over"]:
            self.shown[story["game"]] = {c for hand in story["shown"] for c in hand["cards"]}
            self.hands_shown[story["game"]] = len(story["shown"])
            if story["game"] == 1:
                self.first_story = [step["says"] for step in story["steps"]]
        for page in self.pages:
            seen = views[page.name]
            game = game_of(seen["table"])
            others = [p for p in self.players if p is not page]
            secret = set().union(*(self.held.get((o.name, game), set()) for o in others))
            hidden = secret - open_cards(seen["view"]) - self.shown.get(game, set())
            if leaked := cards_in(seen) & hidden:
                self.fail(f"the server's view for {page.name} holds hidden {leaked}")
            if leaked := set(page_cards(page.page)) & hidden:
                where = page.page.eval_on_selector_all(
                    "[data-card]", "cs => cs.map(c => c.closest('[id]').id + ':' + c.dataset.card)"
                )
                self.fail(
                    f"{page.name}'s page draws hidden {leaked} (seq {seen['seq']}, game {game},"
                    f" phase {seen['table']['phase']}): {where}"
                )
            for text in page.received:
                if leaked := self.leaked_in(text, others, game, hidden):
                    self.fail(f"{page.name}'s page received hidden {leaked}: {hide(text)[:120]!r}")
            page.received.clear()

    def leaked_in(self, text: str, others: list[Player], game: int, hidden: set[str]) -> set[str]:
        try:
            document = json.loads(text)
        except ValueError:
            return set()
        if not isinstance(document, dict):
            return set()
        if "steps" in document:  # a story: no card but the hands it shows, once shown
            told = cards_in(document.get("shown"))
            extra = cards_in(document) - told
            return extra | (told if not document.get("over") else set())
        if "table" not in document:
            return set()
        its_game = game_of(document["table"])
        if its_game == game:
            secret = hidden
        else:
            secret = set().union(*(self.held.get((o.name, its_game), set()) for o in others))
            secret -= self.shown.get(its_game, set())
        return (cards_in(document) - open_cards(document.get("view"))) & secret

    # --- What a page shows ---

    def check_table(self, player: Player, seen: dict[str, Any]) -> None:
        """The picture: each seat's name, stack and stake, its face-up cards, the pool."""
        table = seen["table"]
        view = seen["view"]
        drawn: list[dict[str, Any]] = player.page.eval_on_selector_all(
            "#picture g.seat",
            """gs => gs.map(g => ({seat: Number(g.dataset.seat), name: g.dataset.name,
                texts: [...g.querySelectorAll('text')].map(t => t.textContent),
                cards: [...g.querySelectorAll('[data-card]')].map(c => c.dataset.card)}))""",
        )
        story = self.story()
        shown = {h["seat"]: h["cards"] for h in (view["shown"] if view else story["shown"])}
        if len(drawn) != len(table["game_seating"]):
            self.fail(f"{player.name}'s picture draws {len(drawn)} seats")
        for seat in drawn:
            s = seat["seat"]
            wanted_cards = shown.get(s, [])
            if view is not None and view["seat"] == s:
                wanted_cards = view["hand"]
            wanted = f"stack {table['stacks'][s]} \u00b7 stake {table['stakes'][s]}"
            if seat["name"] != table["game_seating"][s] or wanted not in seat["texts"]:
                self.fail(f"{player.name}'s picture draws seat {s} as {seat}, not {wanted}")
            if seat["cards"] != list(wanted_cards):
                self.fail(f"{player.name}'s picture shows {seat['cards']} at seat {s}")
        pool = player.page.locator("#picture .centre-0").text_content()
        if pool != f"pool {table['pool']}":
            self.fail(f"{player.name}'s picture says {pool!r}, the pool is {table['pool']}")

    def check_log(self, player: Player, story: dict[str, Any]) -> None:
        """The log of the game in play: the story's steps, each with its law."""
        items: list[str] = player.page.eval_on_selector_all(
            f'#steps ol[data-game="{story["game"]}"] li.step', "ls => ls.map(l => l.textContent)"
        )
        steps = story["steps"]
        if len(items) != len(steps):
            self.fail(
                f"{player.name}'s log holds {len(items)} steps of game {story['game']}, "
                f"the story {len(steps)}"
            )
            return
        for item, step in zip(items, steps, strict=True):
            law = f"Law {step['law']}: {step['title']}"
            if not (item.startswith(capital(step["says"])) and item.endswith(law)):
                self.fail(f"{player.name}'s log says {item!r}, not {step['says']!r} ({law})")

    def check_status(self, player: Player, seen: dict[str, Any]) -> None:
        table = seen["table"]
        who = player.page.locator("#who").inner_text()
        wanted_who = (
            f"You are {player.name}, seat {seen['seat']}."
            if player.token
            else "You are watching: no hidden card is shown."
        )
        if who != wanted_who:
            self.fail(f"{player.name}'s page says {who!r}")
        of = f" of {table['games']}"
        if table["over"]:
            wanted = "The sitting is over."
        elif table["waiting"] is not None:
            wanted = f"Game {table['games_played']}{of} is over: the show."
        else:
            turn = f"{table['to_act']['name']} to act" if table["to_act"] else ""
            wanted = (
                f"Game {table['games_played'] + 1}{of}: {PHASES[table['phase']]}, "
                f"pool {table['pool']}. {turn}"
            ).strip()
        status = player.page.locator("#status").inner_text().strip()
        if status != wanted:
            self.fail(f"{player.name}'s page says {status!r}, not {wanted!r}")

    def offered(self, player: Player) -> list[dict[str, Any]]:
        actions: list[str] = player.page.eval_on_selector_all(
            "#menu [data-action]", "bs => bs.map(b => b.dataset.action)"
        )
        return [json.loads(action) for action in actions]

    def check_menu(self, player: Player, seen: dict[str, Any], to_act: bool) -> None:
        offered = self.offered(player)
        legal = seen["view"]["legal_actions"] if seen["view"] else []
        if not to_act:
            if offered:
                self.fail(f"{player.name} is not to act but is offered {offered}")
            return
        if isinstance(legal, dict):
            others, least, most = legal["others"], legal["least"], legal["most"]
        else:
            others = [a for a in legal if a["type"] != "Stake"]
            amounts = [a["amount"] for a in legal if a["type"] == "Stake"]
            least, most = (min(amounts), max(amounts)) if amounts else (None, None)
        plain = [a for a in others if a["type"] != "Discard"]
        discards = [a for a in others if a["type"] == "Discard"]
        got_plain = [a for a in offered if a["type"] not in ("Discard", "Stake")]
        got_discards = [a for a in offered if a["type"] == "Discard"]
        got_stakes = [a["amount"] for a in offered if a["type"] == "Stake"]
        if got_plain != plain:
            self.fail(f"{player.name} is offered {got_plain}, not {plain}")
        if discards and (len(got_discards) != 1 or got_discards[0] not in discards):
            self.fail(f"{player.name} is offered the discards {got_discards}")
        if not discards and got_discards:
            self.fail(f"{player.name} is offered a discard he may not make: {got_discards}")
        if least is None:
            if got_stakes:
                self.fail(f"{player.name} is offered stakes {got_stakes} with none legal")
            return
        if not got_stakes or not all(least <= a <= most for a in got_stakes):
            self.fail(f"{player.name} is offered stakes {got_stakes}, not within {least}-{most}")
        if most > least:
            box = player.page.locator("#amount")
            bounds = (box.get_attribute("min"), box.get_attribute("max"))
            if bounds != (str(least), str(most)):
                self.fail(f"{player.name}'s slider runs {bounds}, not {least}-{most}")
            marks = player.page.locator(".stake .marks").inner_text()
            if f"least {least}" not in marks or f"most {most}" not in marks:
                self.fail(f"{player.name}'s slider marks {marks!r}")

    def check_show(self, story: dict[str, Any], table: dict[str, Any]) -> None:
        """Every page lays out the show: the hands shown, who takes what, by its law."""
        game = story["game"]
        for page in self.pages:
            try:
                page.page.wait_for_selector("#show:not([hidden]) h2", timeout=WAIT_MS)
            except PlaywrightError:
                self.fail(f"{page.name}'s page shows no show of game {game}")
                continue
            hands: list[dict[str, Any]] = page.page.eval_on_selector_all(
                "#show li[data-name]",
                """ls => ls.map(l => ({name: l.dataset.name,
                    cards: [...l.querySelectorAll('[data-card]')].map(c => c.dataset.card)}))""",
            )
            wanted = [{"name": h["name"], "cards": h["cards"]} for h in story["shown"]]
            if hands != wanted:
                self.fail(f"{page.name}'s show lays out {hands}, not {wanted}")
            outcome = page.page.locator("#show .outcome").inner_text()
            last = story["steps"][-1]
            if (
                not outcome.startswith(capital(last["says"]))
                or f"Law {last['law']}" not in outcome
            ):
                self.fail(f"{page.name}'s show says {outcome!r}, not {last['says']!r}")
            if table["over"]:
                rows = page.page.locator("#settlement tr").count()
                if rows != len(table["results"]) + 1:
                    self.fail(f"{page.name}'s settlement has {rows - 1} rows")
        self.shows_seen.add(game)

    # --- The steps ---

    def step(self) -> bool:
        """Check every page as the table is, then the seat to act clicks (or, at a show,
        each player says "next"). False when the sitting is over."""
        public = self.public()
        self.wait_seq(public["seq"])
        views = {page.name: self.seen(page) for page in self.pages}
        story = self.story()
        if story["seq"] != public["seq"]:
            raise Failed(f"the story is of seq {story['seq']}, the table of {public['seq']}")
        self.check_hidden(views, story)
        turn = public["to_act"]
        for page in self.pages:
            self.check_status(page, views[page.name])
            self.check_table(page, views[page.name])
            self.check_log(page, story)
            mine = turn is not None and turn["name"] == page.name and page.token is not None
            self.check_menu(page, views[page.name], mine)
        if public["over"]:
            self.check_show(story, public)
            self.screenshots("end")
            return False
        if public["waiting"] is not None:
            self.check_show(story, public)
            if story["game"] == 1:
                self.screenshots("show")
            self.say_next(public)
            return True
        if turn is None:
            raise Failed(f"seq {public['seq']}: nobody is to act and no show waits")
        player = next(p for p in self.players if p.name == turn["name"])
        legal = views[player.name]["view"]["legal_actions"]
        stakes = [a["amount"] for a in self.offered(player) if a["type"] == "Stake"]
        if stakes and not self.refused_with_law:
            most = legal["most"] if isinstance(legal, dict) else max(stakes)
            self.refuse_over_the_most(player, views[player.name]["seat"], most, public["seq"])
        if not self.refused_stale and public["seq"] >= 2 and not isinstance(legal, dict):
            self.send_twice(player, public["seq"])
            return True
        self.click(player, legal, public)
        return True

    def say_next(self, public: dict[str, Any]) -> None:
        """Each player waiting says "next": Ann by a click, Bob by the keyboard."""
        for name in public["waiting"]:
            player = next(p for p in self.players if p.name == name)
            before = self.public()["seq"]
            self.wait_seq(before)  # each page as it is now: no push redraws the button mid-key
            button = player.page.locator("#next")
            if name == self.players[0].name:
                button.click()
            else:
                button.focus()
                player.page.keyboard.press("Enter")
            self.nexts += 1
            self.wait_applied(before, f"{name}'s next")

    def wait_applied(self, before: int, what: str) -> None:
        deadline = time.monotonic() + WAIT_MS / 1000
        while self.public()["seq"] == before:
            if time.monotonic() > deadline:
                raise Failed(f"{what} was never applied")
            time.sleep(0.02)

    def click(
        self, player: Player, legal: list[Any] | dict[str, Any], public: dict[str, Any]
    ) -> None:
        page = player.page
        offered = self.offered(player)
        kinds = {a["type"] for a in offered}
        last = public["games_played"] == public["games"] - 1
        before = public["seq"]
        if "Discard" in kinds:
            cards = page.eval_on_selector_all(
                "#hand button[data-card]", "bs => bs.map(b => b.dataset.card)"
            )
            throw = self.random.sample(cards, self.random.randint(0, 3))
            for index, card in enumerate(throw):
                button = page.locator(f'#hand button[data-card="{card}"]')
                if index == 0:
                    button.focus()
                    page.keyboard.press("Space")  # the keyboard marks a card as a click does
                else:
                    button.click()
            page.wait_for_function(
                "n => document.querySelectorAll('#hand [aria-pressed=true]').length === n",
                arg=len(throw),
                timeout=WAIT_MS,
            )
            if throw and "discard" not in self.moments:
                self.moments.add("discard")
                self.screenshots("discard", [player])
            button = page.locator('#menu [data-action*="Discard"]')
            action = json.loads(button.get_attribute("data-action") or "null")
            if sorted(action["cards"]) != sorted(throw):
                self.fail(
                    f"{player.name} marked {throw} and is offered to discard {action['cards']}"
                )
            label = button.inner_text()
            if label != (f"Discard {len(throw)}" if throw else "Stand pat"):
                self.fail(f"{player.name}'s discard button says {label!r} for {throw}")
            self.clicked["discard" if throw else "stand pat"] += 1
            button.click()
        elif "Stake" in kinds and (
            (not kinds - {"Stake", "Pass"} and public["games_played"] == 0)
            or self.random.random() < 0.8
        ):
            slider = page.locator("#amount").count() == 1
            if slider and self.random.random() < 0.6:
                if "stake" not in self.moments:
                    self.moments.add("stake")
                    self.screenshots("stake", [player])
                least = int(page.locator("#amount").get_attribute("min") or 0)
                most = int(page.locator("#amount").get_attribute("max") or 0)
                steps = self.random.randint(0, min(6, most - least))
                page.locator("#amount").focus()
                for _ in range(steps):
                    page.keyboard.press("ArrowRight")
                button = page.locator("#stake")
                action = json.loads(button.get_attribute("data-action") or "null")
                if action["amount"] != least + steps:
                    self.fail(f"the slider moved {steps} from {legal['least']} stakes {action}")
                self.clicked["the slider"] += 1
            else:
                quick = page.locator(".stake .choice button.primary")
                button = quick.nth(self.random.randrange(quick.count()))
                action = json.loads(button.get_attribute("data-action") or "null")
                self.clicked[button.inner_text().split(" \u00b7 ")[0].lower()] += 1
            button.click()
        else:
            buttons = [a for a in offered if a["type"] != "Stake"]
            keep = [a for a in buttons if a["type"] != "Pass"]
            # No pass in the first game (its show lays hands face up), a few later.
            first = public["games_played"] == 0
            choices = keep if keep and (first or last or self.random.random() > 0.2) else buttons
            action = self.random.choice(choices)
            page.locator(
                f"#menu [data-action='{json.dumps(action, separators=(',', ':'))}']"
            ).click()
            self.clicked[action["type"]] += 1
        self.played.append(action)
        self.wait_applied(before, f"{player.name}'s click on {action}")

    def refuse_over_the_most(self, player: Player, seat: int, most: int, seq: int) -> None:
        """A stake over the most: refused with its law, shown, in the log, nothing applied.
        The control cannot make it, so the page's own act() is given it (a tampered page)."""
        page = player.page
        frames = len(player.frames)
        page.evaluate("action => act(action)", {"type": "Stake", "seat": seat, "amount": most + 1})
        try:
            page.wait_for_function(
                "() => document.getElementById('refusal').textContent !== ''", timeout=WAIT_MS
            )
        except PlaywrightError:
            self.fail(f"a stake of {most + 1} (most {most}): no refusal shown")
            return
        shown = page.locator("#refusal").inner_text()
        errors = [f for f in player.frames[frames:] if "error" in f]
        if not errors or errors[0].get("law") is None:
            self.fail(f"the refusal {shown!r} came with no law: {errors}")
            return
        if shown != errors[0]["message"] or not shown.startswith(f"Law {errors[0]['law']}: "):
            self.fail(f"the page shows {shown!r} for the refusal {errors[0]}")
        logged = page.locator("#steps li.refused").all_inner_texts()
        if logged[-1:] != [f"Refused: {shown}"]:
            self.fail(f"the log holds {logged} for the refusal {shown!r}")
        if self.public()["seq"] != seq:
            self.fail("a refused stake was applied")
        self.refused_with_law = shown

    def send_twice(self, player: Player, seq: int) -> None:
        """One of the legal actions, its button's handler run twice at once (a double
        click): the first applies, the second is stale (409) and shown as refused."""
        page = player.page
        button = page.locator("#menu button.action:not([data-action*=Pass])").first
        action = json.loads(button.get_attribute("data-action") or "null")
        frames = len(player.frames)
        button.evaluate("b => { b.click(); b.click(); }")
        self.played.append(action)
        try:
            page.wait_for_function(
                "() => document.getElementById('refusal').textContent !== ''", timeout=WAIT_MS
            )
        except PlaywrightError:
            self.fail("the same action sent twice: no refusal shown for the second")
            return
        shown = page.locator("#refusal").inner_text()
        errors = [f for f in player.frames[frames:] if "error" in f]
        if not errors or errors[0].get("error") != 409 or not shown.endswith(errors[0]["message"]):
            self.fail(f"the second of two same actions: {shown!r} shown, frames {errors}")
        after = self.public()["seq"]
        if after != seq + 1:
            self.fail(
                f"the same action sent twice at seq {seq} made the seq {after}, not {seq + 1}"
            )
        self.refused_stale = shown

    # --- Screenshots ---

    def screenshots(self, moment: str, pages: list[Player] | None = None) -> None:
        for player in pages or self.pages:
            shoot(player.page, f"{player.name.split()[-1].lower()}-{moment}", self)


# Each element's own text against the first opaque background behind it: WCAG 2's contrast
# ratio, at least 4.5:1 (AA) for every text a page shows (disabled controls excepted).
CONTRAST = """() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const low = [];
  for (const e of document.querySelectorAll("body *")) {
    const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || e.closest("svg") || e.disabled || e.closest("[hidden]")) { continue; }
    let back = null;
    for (let b = e; b; b = b.parentElement) {
      const c = rgb(getComputedStyle(b).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] === 1)) { back = c.slice(0, 3); break; }
    }
    const fore = lum(rgb(getComputedStyle(e).color).slice(0, 3));
    const under = lum(back || [255, 255, 255]);
    const ratio = (Math.max(fore, under) + 0.05) / (Math.min(fore, under) + 0.05);
    if (ratio < 4.5) {
      low.push(`${ratio.toFixed(2)} (${e.tagName} ${e.textContent.slice(0, 30)})`);
    }
  }
  return low;
}"""


def shoot(page: Page, label: str, game: Game | None, problems: list[str] | None = None) -> None:
    """The page at 390 and 1,280 px wide, saved; at 390 px the picture's text is checked."""
    problems = problems if problems is not None else game.problems if game else []
    old = page.viewport_size or {"width": 1280, "height": 900}
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(150)  # the picture is drawn again on a resize
        path = SHOTS / f"{label}-{width}.png"
        page.screenshot(path=str(path), full_page=True)
        if game is not None:
            game.shots.append(path.name)
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        if wide > width:
            problems.append(f"{path.name}: the page is {wide} px wide on a {width} px screen")
        sizes: list[float] = page.evaluate(
            """() => { const s = document.querySelector('#picture svg');
                if (!s) { return []; }
                const scale = s.getBoundingClientRect().width / s.viewBox.baseVal.width;
                return [...s.querySelectorAll('text')].map(
                    t => parseFloat(t.getAttribute('font-size')) * scale); }"""
        )
        for low in page.evaluate(CONTRAST):
            problems.append(f"{path.name}: text of contrast {low}, under 4.5:1")
        if width == 390 and sizes and min(sizes) < 11:
            problems.append(f"{path.name}: the picture's text is {min(sizes):.1f} px, under 11")
    page.set_viewport_size(old)
    page.wait_for_timeout(100)


def create_in_lobby(
    page: Page, server: Server, games: int, watch: Watch
) -> tuple[str, dict[str, str], str, str]:
    """The sitting made by the lobby's form: its id, each player's link, the watch link and
    the referee's token."""
    page.goto(server.base + "/")
    page.fill("#ante", "1")
    page.fill("#limit", "40")  # the ante is at most half the limit (Law 19): refused
    page.fill("#ante", "30")
    watch.refusals += 1
    page.click("#create")
    try:
        page.wait_for_selector("#created .error", timeout=WAIT_MS)
    except PlaywrightError:
        raise Failed("the lobby shows no error for an ante over half the limit") from None
    said = page.locator("#created .error").inner_text()
    if "$" in said or "Law 19" not in said:
        raise Failed(f"the lobby's error is {said!r}, not a sentence citing Law 19")
    page.fill("#ante", "1")
    page.fill("#limit", "20")
    page.fill("#chips", "200")
    page.fill("#names", "Ann, Bob")
    page.fill("#games", str(games))
    page.click("#create")
    try:
        page.wait_for_selector("#seat-links a.seat-link", timeout=WAIT_MS)
    except PlaywrightError:
        raise Failed(
            f"the lobby made no sitting: {page.locator('#created').inner_text()!r}"
        ) from None
    hrefs: dict[str, str] = {}
    for item in page.locator("#seat-links li").all():
        name = item.locator("strong").inner_text().rstrip(": ").strip()
        hrefs[name] = item.locator("a").get_attribute("href") or ""
    watch = page.locator("#created a[href$='/watch']").get_attribute("href") or ""
    referee = page.locator("#referee a").get_attribute("href") or ""
    referee = referee.rsplit("/", 1)[-1]
    found = re.fullmatch(
        r".*/sittings/([0-9a-f]+)/play#token=[\w-]+", next(iter(hrefs.values()), "")
    )
    if set(hrefs) != {"Ann", "Bob"} or not referee or found is None or not watch:
        raise Failed(
            f"the lobby made {hrefs} {watch!r}: not two seat links, a watch and a referee"
        )
    return found.group(1), hrefs, watch, referee


def finish(game: Game, referee: str) -> None:
    import pokerlaws as pl
    from pokerlaws.records.jsonio import to_data

    public = game.public()
    for player in game.pages:
        if player.page.locator("body").get_attribute("data-over") != "true":
            game.fail(f"{player.name}'s page does not say the sitting is over")
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
    if public["seq"] != len(game.played) + game.nexts:
        game.fail(
            f"the server applied {public['seq']} events, the pages played {len(game.played)}"
            f" actions and said next {game.nexts} times"
        )
    if game.nexts < 2:
        game.fail(f"the sitting ended after game 1 ({game.nexts} nexts): no show before game 2")
    if not game.hands_shown.get(1):
        game.fail(f"the first game's show laid no hand face up: {game.first_story}")
    if game.shows_seen != set(range(1, public["games_played"] + 1)):
        game.fail(f"the shows seen are of games {sorted(game.shows_seen)}")


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
        self.refusals = 0
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
        if self.refusals and "status of 422" in message.text:
            self.refusals -= 1  # the lobby's refusal asked for: Chromium logs its status
            return
        if message.type in ("error", "warning"):
            self.fail(f"console {message.type}: {message.text}")


def play(
    browser: Browser, server: Server, games: int, seed: int, problems: list[str], urls: list[str]
) -> Game:
    origin = urlsplit(server.base).netloc
    sizes = [
        {"width": 1280, "height": 900},
        {"width": 390, "height": 844},
        {"width": 1280, "height": 900},
    ]
    contexts = [browser.new_context(viewport=size) for size in sizes]  # type: ignore[arg-type]
    pages = [context.new_page() for context in contexts]
    watches = [
        Watch(label, origin, page, problems, urls)
        for label, page in zip(("Ann's", "Bob's", "spectator's"), pages, strict=True)
    ]
    sitting, hrefs, watch, referee = create_in_lobby(pages[0], server, games, watches[0])
    shoot(pages[0], "lobby", None, problems)
    shots = [f"lobby-{width}.png" for width in WIDTHS]
    players = [
        Player("Ann", hrefs["Ann"].split("#token=")[1], pages[0], problems),
        Player("Bob", hrefs["Bob"].split("#token=")[1], pages[1], problems),
    ]
    spectator = Player("the spectator", None, pages[2], problems)
    # Ann follows her link from the lobby; Bob and the spectator open the links given them.
    pages[0].click("#seat-links a.seat-link >> nth=0")
    pages[1].goto(hrefs["Bob"])
    pages[2].goto(watch)
    for player in [*players, spectator]:
        player.page.wait_for_function(
            "() => document.body.dataset.seq !== undefined", timeout=WAIT_MS
        )
        deadline = time.monotonic() + WAIT_MS / 1000
        while not player.frames:
            if time.monotonic() > deadline:
                raise Failed(f"{player.name}'s page never heard from its websocket")
            player.page.wait_for_timeout(20)
    game = Game(server, sitting, players, spectator, seed)
    game.shots.extend(shots)
    for _ in range(2000):
        if not game.step():
            break
    else:
        raise Failed("2000 steps and the sitting is not over")
    finish(game, referee)
    pages[0].goto(server.base + "/")
    try:
        pages[0].wait_for_selector(f'#over li[data-sitting="{sitting}"] a', timeout=WAIT_MS)
        pages[0].click(f'#over li[data-sitting="{sitting}"] a >> nth=0')
        pages[0].wait_for_selector("li.step", timeout=WAIT_MS)
    except PlaywrightError:
        problems.append("the lobby lists the sitting over with no replay a click away")
    for context in contexts:
        context.close()
    log = server.log.read_text(encoding="utf-8", errors="replace")
    for player in players:
        if player.token and player.token in log:
            problems.append(f"the server's log holds {player.name}'s token")
    if referee in log:
        problems.append("the server's log holds the referee's token")
    return game


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--games", type=int, default=3, help="games in the sitting (3)")
    parser.add_argument("--seed", type=int, default=28, help="the choice of clicks")
    args = parser.parse_args()
    # Stopped from outside, the server is still stopped (the `finally` of serving).
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    SHOTS.mkdir(exist_ok=True)
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
                    game = play(browser, server, args.games, args.seed, problems, urls)
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
    print(
        f"service browser check: passed: {len(game.played)} actions and {game.nexts} nexts "
        f"over {args.games} games by two seats' pages, a spectator's watching "
        f"(clicked: {dict(game.clicked)}); shows seen, hands laid face up at each: "
        f"{game.hands_shown}; refused "
        f"with its law: {game.refused_with_law!r}; the same action twice: "
        f"{game.refused_stale!r}; screenshots in {SHOTS}/: {', '.join(sorted(game.shots))}; "
        f"{len(urls)} requests, all to the server: {paths}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
