"""The service's pages, served by the app itself: the lobby (make a sitting with any rules,
hand out each seat's link, list the sittings), the table of a seat or a spectator (the
table drawn from its view, the hand to click for the discard, the stake control, the log
with each step's law, the show before the next deal), and a finished game's replay
(``render_html``). The scripts and the style are files of the package's ``static`` folder.

No page loads anything from elsewhere: the scripts and the style are served here, under a
Content-Security-Policy that allows only the server's own (``script-src 'self'``, no
``'unsafe-inline'``), and every text from a sitting is put in the page as text
(``textContent``), never as markup. A seat's token travels in the page's fragment
(``/sittings/ID/play#token=...``), which the browser never sends to a server, so no log
holds it; the script sends it in the ``Authorization`` header, and to the websocket (whose
handshake a browser cannot give headers) in its query, which the server's log hides.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from html import escape
from importlib import resources

from pokerlaws._extras import needs_extra
from pokerlaws.records.jsonio import to_data
from pokerlaws.render.html import render_html
from pokerlaws.rules import Rules
from pokerlaws.service.sittings import Refusal, Table
from pokerlaws.service.story import story
from pokerlaws.sitting.model import SittingTerms

with needs_extra("service", "pokerlaws.service"):
    from starlette.concurrency import run_in_threadpool
    from starlette.requests import Request
    from starlette.responses import HTMLResponse, JSONResponse, Response

__all__ = [
    "STATIC",
    "lobby_page",
    "replay_page",
    "static",
    "table_page",
    "told",
    "watch_page",
]

_FILES = {
    "style.css": "text/css",
    "icon.svg": "image/svg+xml",
    "lobby.js": "text/javascript",
    "table.js": "text/javascript",
}

STATIC: dict[str, tuple[str, str]] = {
    name: ((resources.files("pokerlaws.service") / "static" / name).read_text("utf-8"), media)
    for name, media in _FILES.items()
}
"""The files under ``/static/`` (from the package's ``static`` folder): text and media type."""


def _page(title: str, body: str, *, data: str = "") -> HTMLResponse:
    html = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title>"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<link rel="icon" href="/static/icon.svg" type="image/svg+xml">'
        '<link rel="stylesheet" href="/static/style.css"></head>'
        f"<body{data}>{body}</body></html>\n"
    )
    return HTMLResponse(html, headers={"Cache-Control": "no-store"})


def lobby_page() -> HTMLResponse:
    """The lobby: a form that makes a sitting, each seat's link, and the sittings listed."""
    # Data for the script, not a script: the browser runs no code from it, and </ is
    # escaped so it cannot end the element.
    defaults = {"rules": to_data(Rules(ante=1, limit=4)), "terms": to_data(SittingTerms())}
    data = json.dumps(defaults).replace("</", "<\\/")
    field = '<label>{0} <input id="{1}" {2}></label>'
    fields = "".join(
        field.format(*parts)
        for parts in (
            ("Players (names, comma-separated)", "names", 'value="Ann, Bob" required'),
            ("Chips each", "chips", 'type="number" min="1" value="20" required'),
            ("Ante", "ante", 'type="number" min="1" value="1" required'),
            ("Limit", "limit", 'type="number" min="1" value="4" required'),
            ("Games (empty: until one has all)", "games", 'type="number" min="1" value="3"'),
            (
                "Pause after each show, seconds (0: wait for every next)",
                "pause",
                'type="number" min="0" max="3600" value="0"',
            ),
            ("Kitty, per cent of each pool", "kitty", 'type="number" min="0" max="100" value="0"'),
        )
    )
    body = (
        "<header><h1>pokerlaws: a table of Peel's draw poker</h1></header><main>"
        '<form id="new" class="panel"><h2>A new sitting</h2>'
        f'<div class="grid">{fields}</div>'
        "<details><summary>More rules (each as the library has it unless changed)</summary>"
        '<div id="switches" class="grid"></div></details>'
        '<p><button id="create" class="primary" type="submit">Make the sitting</button></p>'
        '</form><section id="created" aria-live="polite"></section>'
        '<section class="panel"><h2>Sittings in play</h2><ul id="playing" class="sittings"></ul>'
        '<h2>Sittings over</h2><ul id="over" class="sittings"></ul>'
        '<p><button id="newer" type="button">Newer</button> <span id="page"></span> '
        '<button id="older" type="button">Older</button></p></section></main>'
        f'<script id="defaults" type="application/json">{data}</script>'
        '<script src="/static/lobby.js"></script>'
    )
    return _page("pokerlaws: the lobby", body)


def _table_body(sitting_id: str, heading: str) -> str:
    return (
        f"<header><h1>{escape(heading)}</h1>"
        '<p id="who"></p><p id="status" aria-live="polite"></p></header>'
        '<main class="layout">'
        '<section class="panel" aria-label="the table"><div id="picture"></div></section>'
        '<section id="show" class="panel" hidden aria-live="polite"><div id="show-body"></div>'
        "</section>"
        '<section id="moves" class="panel" aria-label="your hand and your move">'
        '<h2 id="hand-heading" hidden>Your hand</h2><div id="hand"></div>'
        '<div id="menu"></div><p id="refusal" role="alert"></p></section>'
        '<aside id="log" class="panel" aria-label="the log"><h2>The log</h2>'
        '<div id="steps" tabindex="0"></div></aside>'
        '</main><footer><a href="/">The lobby</a></footer>'
        '<script src="/static/table.js"></script>'
    )


def table_page(sitting_id: str) -> HTMLResponse:
    """The table of sitting ``sitting_id`` for the seat whose token is in the fragment."""
    return _page(
        f"pokerlaws: sitting {sitting_id}",
        _table_body(sitting_id, f"Sitting {sitting_id}"),
        data=f' data-sitting="{escape(sitting_id)}" data-role="seat"',
    )


async def watch_page(request: Request) -> Response:
    """The spectator's table of a sitting: the public table, live, no hidden card."""
    sitting_id = request.path_params["id"]
    await run_in_threadpool(request.app.state.tables.table, sitting_id)  # 404 if none
    return _page(
        f"pokerlaws: watching sitting {sitting_id}",
        _table_body(sitting_id, f"Watching sitting {sitting_id}"),
        data=f' data-sitting="{escape(sitting_id)}" data-role="watch"',
    )


_INLINE = re.compile(r"<(style|script)>(.*?)</\1>", re.S)


def _hashes(html: str) -> tuple[str, str]:
    """The CSP sources allowing exactly a page's own inline scripts and styles."""
    found: dict[str, list[str]] = {"script": [], "style": []}
    for kind, body in _INLINE.findall(html):
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
        found[kind].append(f"'sha256-{digest}'")
    return " ".join(found["script"]) or "'none'", " ".join(found["style"]) or "'none'"


async def replay_page(request: Request) -> Response:
    """Game ``n`` of a sitting that is over, as ``render_html`` steps through it (every
    hand: the sitting's record is anyone's once it is over)."""
    tables = request.app.state.tables
    table: Table = await run_in_threadpool(tables.table, request.path_params["id"])
    text = request.path_params["n"]
    games = table.sitting.games
    if not table.over:
        raise Refusal(403, "a game's replay shows every hand: it is anyone's once it is over")
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= len(games)):
        raise Refusal(404, f"the sitting's games are 1 to {len(games)}")
    html = await run_in_threadpool(render_html, games[int(text) - 1])
    scripts, styles = _hashes(html)
    policy = (
        f"default-src 'none'; script-src {scripts}; style-src {styles}; img-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )
    headers = {"Cache-Control": "no-store", "Content-Security-Policy": policy}
    return HTMLResponse(html, headers=headers)


async def told(request: Request) -> Response:
    """``GET /sittings/{id}/story``: the game in play as :func:`story` tells it (anyone's)."""
    table = await run_in_threadpool(request.app.state.tables.table, request.path_params["id"])
    return JSONResponse(
        await run_in_threadpool(story, table), headers={"Cache-Control": "no-store"}
    )


async def static(request: Request) -> Response:
    """A file of :data:`STATIC`, or 404."""
    found = STATIC.get(request.path_params["name"])
    if found is None:
        raise Refusal(404, "no such file")
    body, media = found
    return Response(body, media_type=media, headers={"Cache-Control": "no-cache"})
