"""A bot that behaves as a script says, one behaviour per view, across its own restarts.

Usage: ``python scripted.py SCRIPT STATE [LOG]``: SCRIPT is a JSON list of behaviours, STATE
a file where the views consumed so far are counted, so that a restarted process goes on with
the next behaviour; LOG, if given, a file where the type of each document received is
written, a line each (across restarts too). Standard library only, as a bot in another
language would be.

Behaviours: ``answer`` (the first legal action, as the view lists it), ``twice`` (the same,
written twice), ``garbage`` / ``binary`` (a line of the given text or bytes), ``partial``
(the text with no newline, then silence), ``huge`` (a line over 1 MiB), ``silence``,
``exit``, ``report`` (a report of another seat), ``other`` (another seat's pass),
``stderr`` (much on standard error, then the answer), ``slow`` (the answer after ``seconds``),
``padded`` (the answer padded with spaces to a line of ``size`` bytes, newline included).
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any


def act(step: dict[str, Any], view: dict[str, Any]) -> None:
    out = sys.stdout.buffer
    kind = step["kind"]
    answer = json.dumps(view["legal_actions"][0]).encode() + b"\n"
    other = (view["seat"] + 1) % len(view["stacks"])
    if kind == "answer":
        out.write(answer)
    elif kind == "twice":
        out.write(answer + answer)
    elif kind == "garbage":
        out.write(step["text"].encode("utf-8", "surrogatepass") + b"\n")
    elif kind == "binary":
        out.write(bytes.fromhex(step["hex"]) + b"\n")
    elif kind == "partial":
        out.write(step["text"].encode("utf-8", "surrogatepass"))
        out.flush()
        time.sleep(30)
    elif kind == "huge":
        out.write(b'{"type": "Pass", "seat": 0, "x": "' + b"x" * (1 << 20) + b'"}\n')
    elif kind == "silence":
        time.sleep(30)
    elif kind == "exit":
        sys.exit(step.get("code", 0))
    elif kind == "report":
        out.write(json.dumps({"type": "WrongHandSize", "seat": other}).encode() + b"\n")
    elif kind == "other":
        out.write(json.dumps({"type": "Pass", "seat": other}).encode() + b"\n")
    elif kind == "slow":
        time.sleep(step["seconds"])
        out.write(answer)
    elif kind == "padded":
        out.write(answer[:-1] + b" " * (step["size"] - len(answer)) + b"\n")
    elif kind == "stderr":
        sys.stderr.write("STRANGER-STDERR " * 4096 + "\n")
        sys.stderr.flush()
        out.write(answer)
    out.flush()


def main() -> None:
    script_path, state_path = sys.argv[1], sys.argv[2]
    log_path = sys.argv[3] if len(sys.argv) > 3 else None
    with open(script_path, encoding="utf-8") as file:
        script: list[dict[str, Any]] = json.load(file)
    for line in sys.stdin.buffer:
        document = json.loads(line)
        if log_path is not None:
            with open(log_path, "a", encoding="utf-8") as log:
                log.write(f"{document.get('type')}\n")
        if document.get("type") != "PlayerView":
            continue
        with open(state_path, "ab+") as state:
            state.seek(0, os.SEEK_END)
            position = state.tell()
            state.write(b".")
        act(script[position] if position < len(script) else {"kind": "answer"}, document)


if __name__ == "__main__":
    main()
