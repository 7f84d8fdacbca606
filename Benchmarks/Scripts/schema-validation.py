#!/usr/bin/env python3
"""JSON Schema validation of canada.json and twitter.json: Bindery against jsonschema-rs and
python-jsonschema, in one run, each timed in its own process.

    python3 Benchmarks/Scripts/schema-validation.py [--rounds N] [--file FILE --schema SCHEMA]

With --file and --schema, that pair is timed instead of the standard files (a document of
~100 MB, say: every validator then runs a few rounds).

Bindery's times come from the `schema` benchmark (built in release); the Python validators'
from this process, with nothing else alive in the interpreter. "bytes to verdict" parses the
file and validates it (json.loads for the Python validators); "validate" checks a value parsed
before: for Bindery a `JSONDocument` (read in place, as the bytes are) and a `JSONValue` tree. Installs jsonschema and jsonschema-rs from PyPI if they are missing.
"""
import argparse
import importlib
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def need(module: str, package: str) -> None:
    try:
        importlib.import_module(module)
    except ImportError:
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", package],
            check=True)


def timed(work, rounds: int) -> dict:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {"median": times[len(times) // 2], "min": times[0], "max": times[-1]}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument("--file")
    parser.add_argument("--schema")
    args = parser.parse_args()
    need("jsonschema", "jsonschema")
    need("jsonschema_rs", "jsonschema-rs")
    import jsonschema
    import jsonschema_rs

    subprocess.run(
        ["swift", "build", "-c", "release", "--package-path", str(ROOT), "--product", "schema"],
        check=True)
    binary = subprocess.run(
        ["swift", "build", "-c", "release", "--package-path", str(ROOT), "--show-bin-path"],
        check=True, capture_output=True, text=True).stdout.strip()
    pairs = [("canada", ROOT / "Corpora" / "canada.json", ROOT / "Schemas" / "canada.schema.json"),
             ("twitter", ROOT / "Corpora" / "twitter.json", ROOT / "Schemas" / "twitter.schema.json")]
    command = [binary + "/schema", str(args.rounds)]
    if args.file:
        pairs = [(Path(args.file).name, Path(args.file), Path(args.schema))]
        command += [args.file, args.schema]
    ours = {}
    for line in subprocess.run(command, check=True, capture_output=True,
                               text=True).stdout.splitlines():
        record = json.loads(line)
        ours[record["file"]] = record

    print("| file | validator | bytes to verdict, ms | validate, ms |")
    print("| --- | --- | ---: | ---: |")
    for name, path, schema_path in pairs:
        file = path.name
        schema = json.loads(schema_path.read_text())
        raw = path.read_bytes()
        value = json.loads(raw)
        rs = jsonschema_rs.Draft202012Validator(schema)
        py = jsonschema.Draft202012Validator(schema)
        assert not list(rs.iter_errors(value)) and not list(py.iter_errors(value))
        rows = [
            ("Bindery (JSONDocument)", ours[name]["bytes_to_verdict"], ours[name]["validate_document"]),
            ("Bindery (JSONValue)", ours[name]["bytes_to_verdict"], ours[name]["validate"]),
            ("jsonschema-rs", timed(lambda: list(rs.iter_errors(json.loads(raw))), args.rounds),
             timed(lambda: list(rs.iter_errors(value)), args.rounds)),
            ("python-jsonschema", timed(lambda: list(py.iter_errors(json.loads(raw))), min(3, args.rounds)),
             timed(lambda: list(py.iter_errors(value)), min(3, args.rounds))),
        ]
        for label, whole, alone in rows:
            print(f"| {file} | {label} | {whole['median']:.2f} ({whole['min']:.2f}–{whole['max']:.2f}) "
                  f"| {alone['median']:.2f} ({alone['min']:.2f}–{alone['max']:.2f}) |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
