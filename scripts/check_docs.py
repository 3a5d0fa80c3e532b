#!/usr/bin/env python3
"""Runs the documentation's marked shell blocks in a temporary copy of the repository, so that
what the README and the docs show keeps working and their figures stay true.

Two markers, each on the line before a fenced block:

- `<!-- runnable -->`: every command of the block runs, in order, with bash (`set -euo
  pipefail`), from the copy's root; a command that fails fails the check. `swift build` lines
  are satisfied by the binary under test (linked at `.build/release/inkling` and
  `.build/debug/inkling` in the copy), not run.
- `<!-- transcript -->`: lines starting with `$ ` are commands (a leading `inkling` is the
  binary under test); the lines after each, up to the next `$ `, are its expected standard
  output and standard error, compared exactly (trailing spaces aside).

Each document gets its own fresh copy; its blocks run in document order in that copy, so a later
block may read what an earlier one wrote.

The copy holds the files git tracks or would track (or, outside git, everything but `.build`),
so nothing a block writes lands in the checkout.

    scripts/check_docs.py path/to/inkling README.md docs/cli.md
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

MARKER = re.compile(r"^<!-- (runnable|transcript) -->\s*$")
TIMEOUT = 900


def blocks(document: pathlib.Path):
    """(kind, first line number, lines) of each marked block."""
    lines = document.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        match = MARKER.match(line)
        if not match:
            continue
        if i + 1 >= len(lines) or not lines[i + 1].startswith("```"):
            yield match.group(1), i + 1, None
            continue
        end = next((j for j in range(i + 2, len(lines)) if lines[j].startswith("```")), len(lines))
        yield match.group(1), i + 3, lines[i + 2:end]


def copy_repository(root: pathlib.Path, into: pathlib.Path):
    try:
        listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=root,
                                check=True, capture_output=True).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):
        shutil.copytree(root, into, dirs_exist_ok=True, ignore=shutil.ignore_patterns(".build", ".git"))
        return
    for name in filter(None, listed):
        source = root / name
        if not source.is_file():
            continue
        target = into / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)


def run_runnable(lines, copy: pathlib.Path, env):
    script = [line for line in lines if not line.lstrip().startswith("swift build")]
    result = subprocess.run(["bash", "-c", "set -euo pipefail\n" + "\n".join(script)], cwd=copy, env=env,
                            capture_output=True, text=True, timeout=TIMEOUT)
    if result.returncode != 0:
        tail = (result.stderr or result.stdout).strip().splitlines()[-3:]
        return [f"exit status {result.returncode}: " + " | ".join(tail)]
    return []


def run_transcript(lines, copy: pathlib.Path, env, binary: str):
    problems = []
    commands = []
    for line in lines:
        if line.startswith("$ "):
            commands.append([line[2:], []])
        elif commands:
            commands[-1][1].append(line.rstrip())
    for command, expected in commands:
        shell = re.sub(r"^inkling\b", binary, command)
        result = subprocess.run(["bash", "-c", shell], cwd=copy, env=env, capture_output=True, text=True, timeout=TIMEOUT)
        actual = [l.rstrip() for l in (result.stdout + result.stderr).splitlines()]
        while expected and not expected[-1]:
            expected.pop()
        if actual != expected:
            problems.append(f"`{command}` printed {actual!r}, the document shows {expected!r}")
    return problems


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    binary = os.path.abspath(sys.argv[1])
    root = pathlib.Path(__file__).resolve().parent.parent
    documents = [root / name for name in sys.argv[2:]]
    problems, count = [], 0
    with tempfile.TemporaryDirectory(prefix="inkling-docs-") as temporary:
        tools = pathlib.Path(temporary) / "bin"
        tools.mkdir()
        (tools / "inkling").symlink_to(binary)
        env = dict(os.environ, PATH=f"{tools}:{os.environ.get('PATH', '')}")
        for number, document in enumerate(documents):
            # Each document starts from its own fresh copy, as a reader starts from a fresh clone.
            copy = pathlib.Path(temporary) / f"inkling-{number}"
            copy.mkdir()
            copy_repository(root, copy)
            for configuration in ["release", "debug"]:
                (copy / ".build" / configuration).mkdir(parents=True, exist_ok=True)
                (copy / ".build" / configuration / "inkling").symlink_to(binary)
            for kind, line, lines in blocks(document):
                name = f"{document.relative_to(root)}:{line}"
                if lines is None:
                    problems.append(f"{name}: the {kind} marker is not followed by a fenced block")
                    continue
                count += 1
                found = run_runnable(lines, copy, env) if kind == "runnable" else run_transcript(lines, copy, env, binary)
                problems += [f"{name}: {p}" for p in found]
                print(f"check-docs: {name}: {kind} block {'FAILED' if found else 'ok'}", file=sys.stderr)
    if count == 0:
        problems.append("no runnable or transcript block found")
    for problem in problems:
        print(f"check-docs: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
