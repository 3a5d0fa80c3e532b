#!/usr/bin/env python3
"""Checks that documentation shows code exactly as the files it names hold it.

A fenced block preceded by a line `<!-- snippet: PATH -->` must equal PATH's text (trailing
whitespace of the whole ignored). Exits 1, naming the document, line and file, when one differs or
a named file is missing; exits 1 too when a document has no snippet at all, so a lost marker
cannot make the check pass by checking nothing.

    scripts/check_snippets.py docs/library.md README.md
"""
import pathlib
import re
import sys

MARKER = re.compile(r"^<!-- snippet: (\S+) -->\s*$")


def check(document: pathlib.Path) -> list[str]:
    lines = document.read_text(encoding="utf-8").splitlines()
    problems, found = [], 0
    for number, line in enumerate(lines, start=1):
        match = MARKER.match(line)
        if not match:
            continue
        found += 1
        source = pathlib.Path(match.group(1))
        fence = lines[number] if number < len(lines) else ""
        if not fence.startswith("```"):
            problems.append(f"{document}:{number}: the snippet marker for {source} is not followed by a fenced block")
            continue
        end = next((i for i in range(number + 1, len(lines)) if lines[i].startswith("```")), None)
        if end is None:
            problems.append(f"{document}:{number}: the block for {source} never closes")
            continue
        shown = "\n".join(lines[number + 1:end]).rstrip()
        if not source.is_file():
            problems.append(f"{document}:{number}: {source} does not exist")
        elif source.read_text(encoding="utf-8").rstrip() != shown:
            problems.append(f"{document}:{number}: the block differs from {source}; copy the file's text into it")
    if found == 0:
        problems.append(f"{document}: no <!-- snippet: PATH --> marker")
    return problems


def main() -> int:
    problems = [p for name in sys.argv[1:] for p in check(pathlib.Path(name))]
    for problem in problems:
        print(f"check-snippets: {problem}", file=sys.stderr)
    if not problems:
        print(f"check-snippets: every snippet in {', '.join(sys.argv[1:])} matches its file", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
