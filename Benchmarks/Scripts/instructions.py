#!/usr/bin/env python3
"""Instructions per call of Bindery's work on the standard files, counted by callgrind.

    swift build -c release --package-path Benchmarks --product profile
    python3 Benchmarks/Scripts/instructions.py                      # the default table
    python3 Benchmarks/Scripts/instructions.py --works model-decode,decode-per-call
    python3 Benchmarks/Scripts/instructions.py --profile OTHER/profile --json before.json
    python3 Benchmarks/Scripts/instructions.py --compare before.json after.json

Each cell runs `profile WORK FILE N` under `valgrind --tool=callgrind` for N = 1 and N = 3 and
takes half the difference, so that start-up and the input's reading are left out; encode work
writes three times per round, so its cells are divided by three again. Counts do not move with
the machine's load: two builds are compared by them. `--compare` prints the change of every
cell between two saved runs.
"""
import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FILES = ["twitter", "citm", "canada", "status", "search_metadata"]
LABELS = {"search_metadata": "346 B"}
WORKS = [
    "document", "model-decode", "model-decode-document", "decode", "decode-per-call",
    "model-encode", "encode", "encode-per-call",
]
ENCODES = {"model-encode", "encode", "encode-per-call", "write", "foundation-encode",
           "foundation-encode-per-call", "foundation-model-encode", "floor-encode",
           "subclass-encode", "subclass-model-encode"}


def count(profile: Path, work: str, name: str, rounds: int) -> int:
    result = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", str(profile), work,
         name, str(rounds)],
        capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"instructions: {work} {name} failed:\n{result.stderr[-2000:]}")
    match = re.search(r"Collected : (\d+)", result.stderr)
    if not match:
        raise SystemExit(f"instructions: no count for {work} {name}")
    return int(match.group(1))


def per_call(profile: Path, work: str, name: str) -> float:
    calls = (count(profile, work, name, 3) - count(profile, work, name, 1)) / 2
    return calls / 3 if work in ENCODES else calls


def human(value: float) -> str:
    if value >= 1e6:
        return f"{value / 1e6:.2f}M"
    if value >= 1e4:
        return f"{value / 1e3:.1f}K"
    return f"{value:,.0f}"


def table(results: dict, works: list, files: list) -> str:
    lines = ["| work | " + " | ".join(LABELS.get(f, f) for f in files) + " |",
             "| --- |" + " ---: |" * len(files)]
    for work in works:
        lines.append(f"| `{work}` | " + " | ".join(
            human(results[work][f]) if f in results.get(work, {}) else "" for f in files) + " |")
    return "\n".join(lines)


def compare(before: dict, after: dict) -> str:
    works = [w for w in before if w in after]
    files = [f for f in FILES if any(f in before[w] for w in works)]
    lines = ["| work | " + " | ".join(LABELS.get(f, f) for f in files) + " |",
             "| --- |" + " ---: |" * len(files)]
    for work in works:
        cells = []
        for name in files:
            if name in before[work] and name in after[work]:
                old, new = before[work][name], after[work][name]
                cells.append(f"{human(old)} → {human(new)} ({(new - old) / old * 100:+.1f} %)")
            else:
                cells.append("")
        lines.append(f"| `{work}` | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", type=Path, default=ROOT / ".build/release/profile")
    parser.add_argument("--works", default=",".join(WORKS))
    parser.add_argument("--files", default=",".join(FILES))
    parser.add_argument("--json", type=Path, help="also save the counts here")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    arguments = parser.parse_args()
    if arguments.compare:
        before, after = (json.loads(p.read_text()) for p in arguments.compare)
        print(compare(before, after))
        return 0
    works = arguments.works.split(",")
    files = arguments.files.split(",")
    results: dict = {}
    for work in works:
        results[work] = {}
        for name in files:
            results[work][name] = per_call(arguments.profile, work, name)
            print(f"{work} {name}: {results[work][name]:,.0f}", file=sys.stderr, flush=True)
    if arguments.json:
        arguments.json.write_text(json.dumps(results, indent=1))
    print(table(results, works, files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
