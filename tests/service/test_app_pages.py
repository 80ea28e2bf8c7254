"""The service's pages as a browser loads them: every file they name is the server's own and
is served, an icon among them (.ci/service_browser plays them in Chromium)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from html.parser import HTMLParser

import pytest

from tests.skips import extra_reason

pytest.importorskip("starlette", reason=extra_reason("starlette", "service"))
pytest.importorskip("httpx", reason=extra_reason("httpx", "service"))

from starlette.testclient import TestClient

import pokerlaws as pl
from pokerlaws.service import create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

MEDIA = {"stylesheet": "text/css", "icon": "image/svg+xml", "script": "text/javascript"}


class _Named(HTMLParser):
    """The files a page makes the browser fetch: (what for, URL)."""

    def __init__(self) -> None:
        super().__init__()
        self.files: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "link" and found.get("href"):
            self.files.append((found.get("rel") or "", found["href"] or ""))
        if tag == "script" and found.get("src"):
            self.files.append(("script", found["src"] or ""))


def _named(html: str) -> list[tuple[str, str]]:
    parser = _Named()
    parser.feed(html)
    return parser.files


def _a_sitting(client: TestClient) -> str:
    players = [{"name": "Ann", "chips": 20}, {"name": "Bob", "chips": 20}]
    made = client.post(
        "/sittings", json={"rules": pl.to_data(pl.Rules(ante=1, limit=4)), "players": players}
    )
    assert made.status_code == 201, made.text
    sitting: str = made.json()["id"]
    return sitting


def test_every_file_the_pages_name_is_the_server_s_own_and_served() -> None:
    with TestClient(create_app("sqlite://:memory:")) as client:
        sitting = _a_sitting(client)
        for path in ("/", f"/sittings/{sitting}/play", f"/sittings/{sitting}/watch"):
            page = client.get(path)
            assert page.status_code == 200, path
            files = _named(page.text)
            # Without an icon of its own a browser asks for /favicon.ico, and logs the
            # 404 as an error in the page's console.
            assert {"stylesheet", "icon", "script"} <= {kind for kind, _ in files}, files
            for kind, url in files:
                assert url.startswith("/static/"), (path, url)
                served = client.get(url)
                assert served.status_code == 200, url
                assert served.headers["content-type"].startswith(MEDIA[kind]), url
                # The policy lets the pages load their own files only (img-src 'self'
                # covers the icon, which a data: URL would break).
                assert "img-src 'self'" in served.headers["content-security-policy"]
            icon = client.get(next(url for kind, url in files if kind == "icon"))
            root = ElementTree.fromstring(icon.text)
            assert root.tag == "{http://www.w3.org/2000/svg}svg"


def test_law_25_a_refusal_the_table_page_shows_names_its_law_once() -> None:
    # The page shows a refusal's message, which the library begins with its law: it adds
    # "Law N: " only to a message that does not (it once showed "Law 25: Law 25: ...").
    with TestClient(create_app("sqlite://:memory:")) as client:
        made = client.post(
            "/sittings",
            json={
                "rules": pl.to_data(pl.Rules(ante=1, limit=4)),
                "players": [{"name": "Ann", "chips": 20}, {"name": "Bob", "chips": 20}],
            },
        ).json()
        tokens = {seat["name"]: seat["token"] for seat in made["seats"]}
        sid = made["id"]
        for _ in range(20):
            public = client.get(f"/sittings/{sid}").json()
            token = tokens[public["to_act"]["name"]]
            seen = client.get(
                f"/sittings/{sid}/view", headers={"Authorization": f"Bearer {token}"}
            )
            menu = seen.json()["view"]["legal_actions"]
            stakes = [action["amount"] for action in menu if action["type"] == "Stake"]
            if stakes:
                break
            decline = next(action for action in menu if action["type"] == "DeclineStraddle")
            client.post(
                f"/sittings/{sid}/actions",
                json={"seq": seen.json()["seq"], "action": decline},
                headers={"Authorization": f"Bearer {token}"},
            )
        else:
            raise AssertionError("no stake was ever offered")
        seat = seen.json()["seat"]
        over = {"type": "Stake", "seat": seat, "amount": max(stakes) + 1}
        refused = client.post(
            f"/sittings/{sid}/actions",
            json={"seq": seen.json()["seq"], "action": over},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert refused.status_code == 422, refused.text
        document = refused.json()
        assert document["law"] == 25
        assert document["message"].startswith("Law 25: ")
        assert not document["message"].removeprefix("Law 25: ").startswith("Law")
        table_script = client.get("/static/table.js").text
        assert "message.startsWith(law) ? message : law + message" in table_script


class _Elements(HTMLParser):
    """Each element's attributes, by the element's id (the inputs by theirs)."""

    def __init__(self) -> None:
        super().__init__()
        self.by_id: dict[str, tuple[str, dict[str, str | None]]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.by_id[found["id"] or ""] = (tag, found)


def _elements(html: str) -> dict[str, tuple[str, dict[str, str | None]]]:
    parser = _Elements()
    parser.feed(html)
    return parser.by_id


def test_every_element_a_page_s_script_looks_up_is_in_the_page() -> None:
    """Each ``getElementById`` of lobby.js and table.js finds its element in the page that
    loads the script (an id is case-sensitive: a missing one breaks the page's script).

    Mutant killed: the table's section written in capitals in ``pages._table_body``
    (``<SECTION CLASS="PANEL" ARIA-LABEL="THE TABLE"><DIV ID="PICTURE">``)."""
    with TestClient(create_app("sqlite://:memory:")) as client:
        sitting = _a_sitting(client)
        for path in ("/", f"/sittings/{sitting}/play", f"/sittings/{sitting}/watch"):
            page = client.get(path)
            assert page.status_code == 200, path
            (script,) = [url for kind, url in _named(page.text) if kind == "script"]
            wanted = set(re.findall(r'getElementById\("([^"]+)"\)', client.get(script).text))
            assert len(wanted) >= 5, script
            assert wanted <= set(_elements(page.text)), (path, wanted - set(_elements(page.text)))


def test_the_lobby_s_numbers_are_number_inputs_with_their_bounds_and_defaults() -> None:
    """The lobby's form as a browser offers it: each number a number input (a phone shows
    its keypad, the browser refuses other text) within its bounds, with its default; the
    games may be left empty (until one player has all the chips).

    Mutant killed: the games' attributes ``'type="number" min="1" value="3"'`` written
    ``'XXtype="number" min="1" value="3"XX'`` in ``pages.lobby_page``."""
    with TestClient(create_app("sqlite://:memory:")) as client:
        found = _elements(client.get("/").text)
    numbers = {
        "chips": ("1", None, "20"),
        "ante": ("1", None, "1"),
        "limit": ("1", None, "4"),
        "games": ("1", None, "3"),
        "pause": ("0", "3600", "0"),
        "kitty": ("0", "100", "0"),
    }
    for name, (least, most, default) in numbers.items():
        tag, attrs = found[name]
        assert tag == "input", name
        assert attrs.get("type") == "number", (name, attrs)
        assert (attrs.get("min"), attrs.get("max"), attrs.get("value")) == (
            least,
            most,
            default,
        ), name
    assert "required" not in found["games"][1]
    assert all("required" in found[name][1] for name in ("names", "chips", "ante", "limit"))
