"""Read a JUnit report of the README's test command and fail on any skip but the slow tests'.

In CI every extra of ``dev`` is installed and PostgreSQL is running, so the only tests the
default suite may skip are those marked ``slow`` (run in their own step). A test skipped for
any other reason would be a test that silently stopped running.

Usage: ``python .ci/skips.py REPORT.xml``; exit status 1 listing each unexpected skip.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ElementTree


def main(path: str) -> int:
    root = ElementTree.parse(path).getroot()
    ran = skipped_slow = 0
    unexpected: list[str] = []
    for case in root.iter("testcase"):
        skip = case.find("skipped")
        if skip is None:
            ran += 1
            continue
        reason = skip.get("message", "")
        if reason.startswith("slow:"):
            skipped_slow += 1
        else:
            unexpected.append(f"{case.get('classname')}::{case.get('name')}: {reason}")
    if not ran:
        print(".ci/skips.py: the report holds no test that ran")
        return 1
    if unexpected:
        print(f".ci/skips.py: {len(unexpected)} tests skipped that must run in CI:")
        print("\n".join(f"    {line}" for line in unexpected))
        return 1
    print(f".ci/skips.py: {ran} tests ran; {skipped_slow} skipped, every one marked slow")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
