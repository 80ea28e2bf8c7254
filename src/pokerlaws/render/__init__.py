"""Pictures and text of the table: :func:`render_text`, :func:`render_svg` and
:func:`render_html` (API.md, "Pictures and text").

An edge of the package: it reads the core and the core never imports it. Every function is
pure: it returns a string and neither prints nor writes a file.
"""

from __future__ import annotations

from pokerlaws.render.html import render_html
from pokerlaws.render.svg import render_svg
from pokerlaws.render.text import render_text

__all__ = ["render_html", "render_svg", "render_text"]
