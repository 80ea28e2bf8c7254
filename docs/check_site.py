"""Check a built site (``mkdocs build --strict -d SITE``): it works offline, and its API
reference documents every public name, each once.

- Offline: no page loads a script, a style sheet, a font, an image or a frame from another
  host (links to other sites are fine: they are followed only when clicked).
- Complete: every name of ``pokerlaws.__all__`` has an entry (a ``doc-heading``) in the
  reference, for the object the name is bound to, wherever it is defined.
- Once: no object has two entries (a name re-exported by a package and documented again
  in the module that defines it would read twice). Entries are told apart by what they
  document, as griffe (the reader mkdocstrings builds the reference with) resolves them,
  so two objects of one name in different modules are two entries, and a re-export one
  with its original.

Usage: ``python docs/check_site.py SITE``; exit status 1 with each problem printed.
"""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

# griffe comes with mkdocstrings' Python handler (the docs extra): the reader that built the
# reference, so the entries are resolved as they were written.
import griffe

import pokerlaws

SOURCES = Path(__file__).resolve().parents[1] / "src"

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
        self.entries: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        # mkdocstrings gives each documented object one heading of this class.
        if re.fullmatch(r"h[1-6]", tag) and "doc-heading" in (named.get("class") or "").split():
            self.entries.append(named.get("id") or "")
        for name, value in attrs:
            if value and (tag, name) in LOADED and REMOTE.match(value):
                rel = named.get("rel") or ""
                if tag == "link" and rel in ("canonical", "alternate"):
                    continue  # names the page, fetches nothing
                self.remote.append(f"<{tag} {name}={value!r}>")


def documented(package: griffe.Object | griffe.Alias, path: str) -> str | None:
    """The path where the object that ``path`` names is defined, or None if it names none."""
    try:
        found = package if path == package.path else package[path.removeprefix("pokerlaws.")]
        return str(found.canonical_path)
    except (KeyError, griffe.AliasResolutionError, griffe.CyclicAliasError):
        return None


def reference_problems(entries: dict[str, list[str]]) -> list[str]:
    """Every public name has exactly one entry; ``entries`` maps each page to its ids."""
    package = griffe.load("pokerlaws", search_paths=[SOURCES], resolve_aliases=True)
    problems: list[str] = []
    seen: dict[str, list[str]] = {}
    for page, ids in entries.items():
        for anchor in ids:
            where = documented(package, anchor)
            if where is None:
                problems.append(f"{page}: the entry {anchor!r} names nothing in pokerlaws")
            else:
                seen.setdefault(where, []).append(f"{page}#{anchor}")
    for where, places in seen.items():
        if len(places) > 1:
            problems.append(f"{where} has {len(places)} entries: {', '.join(places)}")
    for name in pokerlaws.__all__:
        if name.startswith("__"):
            continue
        where = documented(package, f"pokerlaws.{name}")
        if where not in seen:
            problems.append(f"the API reference has no entry for pokerlaws.{name} ({where})")
    return problems


def main(site: Path) -> int:
    problems: list[str] = []
    entries: dict[str, list[str]] = {}
    for path in sorted(site.rglob("*.html")):
        page = Page()
        page.feed(path.read_text("utf-8"))
        problems += [f"{path.relative_to(site)}: loads {what}" for what in page.remote]
        if "reference" in path.parts:
            entries[str(path.relative_to(site))] = page.entries
    for path in sorted(site.rglob("*.css")):
        for url in re.findall(r"url\(\s*['\"]?([^'\")]+)", path.read_text("utf-8")):
            if REMOTE.match(url):
                problems.append(f"{path.relative_to(site)}: loads {url}")
    problems += reference_problems(entries)
    for problem in problems:
        print(problem)
    done = "the site works offline and documents each name once"
    print(f"{len(problems)} problems" if problems else done)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
