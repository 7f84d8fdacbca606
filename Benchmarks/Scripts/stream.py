#!/usr/bin/env python3
"""JSON Lines at size: Bindery's streams against its in-memory decode of the same data, and
`bindery validate --lines` against jq and Python's orjson, with each process's peak memory.

    python3 Benchmarks/Scripts/stream.py                      # 100 MB and 1 GB, 3 rounds
    python3 Benchmarks/Scripts/stream.py --sizes 100 --rounds 5 --kept

The inputs are written once to Benchmarks/.build/stream/: the statuses of
Corpora/twitter.json, one compact status per line, repeated up to each size, and the same
statuses as one array (an element on each line) for `Status.elements(from:)`. Every
measurement runs in its own process (wait4 gives that process's peak RSS); the modes
alternate within each round. Throughput is input bytes per second of the timed work; the
in-memory decode's time excludes reading the file and joining the lines into one array.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / ".build"
RELEASE = BUILD / "release"


def corpus(megabytes: int) -> Path:
    path = BUILD / "stream" / f"statuses-{megabytes}mb.jsonl"
    if path.exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    statuses = json.loads((ROOT / "Corpora" / "twitter.json").read_text())["statuses"]
    lines = [json.dumps(s, ensure_ascii=False, separators=(",", ":")).encode() + b"\n" for s in statuses]
    target = megabytes << 20
    written = 0
    with open(path.with_suffix(".tmp"), "wb") as out:
        index = 0
        while written < target:
            line = lines[index % len(lines)]
            out.write(line)
            written += len(line)
            index += 1
    path.with_suffix(".tmp").rename(path)
    return path


def array_corpus(lines: Path) -> Path:
    """The same statuses as one array, an element on each line."""
    path = lines.with_suffix(".json")
    if path.exists():
        return path
    with open(lines, "rb") as source, open(path.with_suffix(".tmp"), "wb") as out:
        out.write(b"[\n")
        first = True
        for line in source:
            if not first:
                out.write(b",\n")
            out.write(line.rstrip(b"\n"))
            first = False
        out.write(b"\n]\n")
    path.with_suffix(".tmp").rename(path)
    return path


def run(command: list[str], stdout=subprocess.PIPE) -> tuple[float, int, str]:
    """Runs a command; returns its wall time in seconds, peak RSS in MB and its output."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=stdout, stderr=subprocess.PIPE)
    output = process.stdout.read().decode() if stdout == subprocess.PIPE else ""
    error = process.stderr.read().decode()
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    if status != 0:
        sys.exit(f"{' '.join(command)} failed: {error}")
    return elapsed, usage.ru_maxrss // 1024, output


def spread(values: list[float], digits: int = 0) -> str:
    return f"{statistics.median(values):.{digits}f} ({min(values):.{digits}f}–{max(values):.{digits}f})"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="100,1000", help="input sizes in MB")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--skip-tools", action="store_true", help="leave out jq and orjson")
    parser.add_argument("--skip-memory", default="", help="sizes (MB) without the in-memory decode")
    parser.add_argument(
        "--kept", action="store_true",
        help="also decode with every value kept to the end, in order and in parallel")
    arguments = parser.parse_args()
    subprocess.run(
        ["swift", "build", "-c", "release", "--package-path", str(ROOT), "--product", "stream"],
        check=True, stdout=subprocess.DEVNULL)
    subprocess.run(
        ["swift", "build", "-c", "release", "--package-path", str(ROOT), "--product", "bindery"],
        check=True, stdout=subprocess.DEVNULL)
    cores = os.cpu_count() or 2
    skip_memory = {int(s) for s in arguments.skip_memory.split(",") if s}
    for megabytes in (int(s) for s in arguments.sizes.split(",")):
        path = corpus(megabytes)
        size = path.stat().st_size
        array = array_corpus(path)
        modes = ["memory", "lines", f"parallel:{cores}", "documents", "elements"]
        if megabytes in skip_memory:
            modes.remove("memory")
        if arguments.kept:
            modes += ["lines-kept", "parallel-kept"]
        results: dict[str, list[tuple[float, int]]] = {mode: [] for mode in modes}
        for _ in range(arguments.rounds):
            for mode in modes:
                source = array if mode == "elements" else path
                _, rss, output = run([str(RELEASE / "stream"), mode, str(source)])
                fields = output.split()
                results[mode].append((size / float(fields[2]) / 1e6, rss))
        print(f"\n{path.name}: {size / 1e6:.0f} MB, {arguments.rounds} rounds, median (min–max)")
        print("| work | MB/s | vs in-memory | peak RSS (MB) |")
        print("| --- | ---: | ---: | ---: |")
        base = statistics.median(r[0] for r in results["memory"]) if "memory" in results else None
        names = {
            "memory": "`[Status](json:)`, whole input in memory",
            "lines": "`Status.lines(from:)`",
            f"parallel:{cores}": f"`Status.lines(from:streaming: .parallel({cores}))`",
            "documents": "each line read and checked into a `JSONDocument`, no models",
            "elements": "`Status.elements(from:)`, the same statuses as one array",
            "lines-kept": "`Status.lines(from:)`, every value kept",
            "parallel-kept": "`.parallel(2)`, every value kept",
        }
        for mode in modes:
            speeds = [r[0] for r in results[mode]]
            rss = [r[1] for r in results[mode]]
            ratio = f"{statistics.median(speeds) / base:.2f}×" if base else "–"
            print(f"| {names[mode]} | {spread(speeds)} | {ratio} | {spread(rss)} |")
        if arguments.skip_tools:
            continue
        tools = {
            "`bindery validate --lines`": [str(RELEASE / "bindery"), "validate", "--lines", "-q", str(path)],
            "`jq -c . >/dev/null`": ["jq", "-c", ".", str(path)],
            "Python orjson, line by line": [
                sys.executable, "-c",
                "import sys, orjson\n"
                "with open(sys.argv[1], 'rb') as f:\n"
                "    for line in f: orjson.loads(line)",
                str(path)],
        }
        timings: dict[str, list[tuple[float, int]]] = {name: [] for name in tools}
        for _ in range(arguments.rounds):
            for name, command in tools.items():
                elapsed, rss, _ = run(command, stdout=subprocess.DEVNULL)
                timings[name].append((elapsed, rss))
        print(f"\n{path.name}: whole command, {arguments.rounds} rounds, median (min–max)")
        print("| command | seconds | MB/s | peak RSS (MB) |")
        print("| --- | ---: | ---: | ---: |")
        for name in tools:
            seconds = [t[0] for t in timings[name]]
            print(
                f"| {name} | {spread(seconds, 2)} | {size / statistics.median(seconds) / 1e6:.0f} |"
                f" {spread([t[1] for t in timings[name]])} |")


if __name__ == "__main__":
    main()
