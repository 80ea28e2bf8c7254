"""mkdocs hooks: the site's home page is the README, and the benchmarks page is
benchmarks/README.md, both read at build time so neither is written twice.

Their links point into the repository (``docs/notation.md``, ``benchmarks/README.md``); in the
site they become links between pages (``notation.md``, ``benchmarks.md``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[1]
PAGES = {"index.md": ROOT / "README.md", "benchmarks.md": ROOT / "benchmarks" / "README.md"}


def site_links(markdown: str) -> str:
    """The README's links into docs/ and benchmarks/ as links between the site's pages."""
    markdown = re.sub(r"\]\(docs/([^)]+)\)", r"](\1)", markdown)
    return re.sub(r"\]\(benchmarks/README\.md\)", "](benchmarks.md)", markdown)


def on_files(files: Files, config: Any) -> Files:
    for uri, source in PAGES.items():
        files.append(File.generated(config, uri, content=site_links(source.read_text("utf-8"))))
    return files
