#!/usr/bin/env python3
"""Finds code written twice in Sources: runs of six or more lines that are identical, or have
the same shape (the same code with other names, numbers or strings), in two places.

    python3 Scripts/clones.py                 # the pairs, longest first, and a count
    python3 Scripts/clones.py --identical     # identical runs only
    python3 Scripts/clones.py --min-lines 8 --root OTHER_CHECKOUT

Blank lines, comments and lines of braces alone are left out before comparing, so a run is six
lines of code. Two runs are a pair when they do not overlap; a longer run is reported once,
not as each six-line window inside it. Generated tables (`PowersOfTen.swift`) and symbolic links
(a file compiled into two modules) are skipped.
"""
import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path

KEYWORDS = set("""
associatedtype borrowing break case catch class consuming continue default defer do else enum
extension fallthrough false fileprivate final for func guard if import in init inout internal
is let mutating nil nonisolated open operator package private protocol public repeat rethrows
return self Self some any static struct subscript super switch throw throws true try typealias
var where while async await get set willSet didSet lazy weak unowned override required
convenience indirect
""".split())
SKIPPED = {"PowersOfTen.swift"}
TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|\d[\d_.xXa-fA-FeEpP+-]*|[A-Za-z_][A-Za-z_0-9]*|\S')


def code_lines(path: Path):
    """(line number, stripped text) of each line of code, comments and brace-only lines out."""
    lines = []
    in_block = False
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        text = raw.strip()
        if in_block:
            if "*/" in text:
                in_block = False
                text = text.split("*/", 1)[1].strip()
            else:
                continue
        if text.startswith("/*") and "*/" not in text:
            in_block = True
            continue
        if not text or text.startswith("//"):
            continue
        if set(text) <= set("{}()[], "):
            continue
        lines.append((number, text))
    return lines


def shape(text: str) -> str:
    out = []
    for token in TOKEN.findall(text):
        if token.startswith('"'):
            out.append("S")
        elif token[0].isdigit():
            out.append("N")
        elif token[0].isalpha() or token[0] == "_":
            out.append(token if token in KEYWORDS else "I")
        else:
            out.append(token)
    return " ".join(out)


def scan(root: Path, min_lines: int, identical: bool):
    files = sorted(
        p for p in (root / "Sources").rglob("*.swift")
        if p.name not in SKIPPED and not p.is_symlink())
    units = []  # (file index, [(line, key)])
    for path in files:
        lines = code_lines(path)
        units.append([(n, t if identical else shape(t)) for n, t in lines])
    windows = defaultdict(list)
    for f, lines in enumerate(units):
        keys = [k for _, k in lines]
        for i in range(len(keys) - min_lines + 1):
            windows[tuple(keys[i:i + min_lines])].append((f, i))
    # Pairs of window starts, then grown into maximal runs.
    starts = set()
    for places in windows.values():
        if len(places) < 2 or len(places) > 12:  # more than 12 copies: boilerplate (cases)
            continue
        for a in range(len(places)):
            for b in range(a + 1, len(places)):
                starts.add((places[a], places[b]))
    pairs = []
    for (fa, ia), (fb, ib) in sorted(starts):
        if ((fa, ia - 1), (fb, ib - 1)) in starts:
            continue  # inside a run already counted from its start
        length = min_lines
        while ((fa, ia + length - min_lines + 1), (fb, ib + length - min_lines + 1)) in starts:
            length += 1
        if fa == fb and ia + length > ib:
            continue  # a run overlapping itself
        pairs.append((length, fa, ia, fb, ib))
    pairs.sort(key=lambda p: (-p[0], p[1], p[2]))
    return files, units, pairs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--min-lines", type=int, default=6)
    parser.add_argument("--identical", action="store_true")
    parser.add_argument("--quiet", action="store_true", help="the count alone")
    args = parser.parse_args()
    files, units, pairs = scan(args.root, args.min_lines, args.identical)
    if not args.quiet:
        for length, fa, ia, fb, ib in pairs:
            def place(f, i):
                first = units[f][i][0]
                last = units[f][i + length - 1][0]
                return f"{files[f].relative_to(args.root)}:{first}-{last}"
            print(f"{length:3} lines  {place(fa, ia)}  ~  {place(fb, ib)}")
    kind = "identical" if args.identical else "identical or same-shape"
    print(f"{len(pairs)} pairs of {kind} runs of {args.min_lines}+ lines of code in "
          f"{len(files)} files", file=sys.stderr if not args.quiet else sys.stdout)


if __name__ == "__main__":
    main()
