"""Check a built site (``mkdocs build --strict -d SITE``): it works offline, and its API
reference documents every public name.

- Offline: no page loads a script, a style sheet, a font, an image or a frame from another
  host (links to other sites are fine: they are followed only when clicked).
- Complete: every name of ``pokerlaws.__all__`` has an entry (an ``id``) in the reference.

Usage: ``python docs/check_site.py SITE``; exit status 1 with each problem printed.
"""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pokerlaws

# (tag, attribute) pairs whose URL the browser fetches by itself.
LOADED = {
    ("script", "src"),
    ("img", "src"),
    ("iframe", "src"),
    ("source", "src"),
    ("audio", "src"),
    ("video", "src"),
    ("link", "href"),  # style sheets, icons, preloads, manifests
}
REMOTE = re.compile(r"^(?:[a-z][a-z0-9+.-]*:)?//", re.IGNORECASE)


class Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.remote: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            if value and (tag, name) in LOADED and REMOTE.match(value):
                rel = dict(attrs).get("rel") or ""
                if tag == "link" and rel in ("canonical", "alternate"):
                    continue  # names the page, fetches nothing
                self.remote.append(f"<{tag} {name}={value!r}>")


def main(site: Path) -> int:
    problems: list[str] = []
    ids: set[str] = set()
    for path in sorted(site.rglob("*.html")):
        page = Page()
        page.feed(path.read_text("utf-8"))
        problems += [f"{path.relative_to(site)}: loads {what}" for what in page.remote]
        if "reference" in path.parts:
            ids |= page.ids
    for path in sorted(site.rglob("*.css")):
        for url in re.findall(r"url\(\s*['\"]?([^'\")]+)", path.read_text("utf-8")):
            if REMOTE.match(url):
                problems.append(f"{path.relative_to(site)}: loads {url}")
    for name in pokerlaws.__all__:
        if name.startswith("__"):
            continue
        if not any(anchor.endswith(f".{name}") for anchor in ids):
            problems.append(f"the API reference has no entry for pokerlaws.{name}")
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problems" if problems else "the site works offline and is complete")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
