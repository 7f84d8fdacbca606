#!/usr/bin/env python3
"""Compares `bindery validate --schema` with python-jsonschema on pairs nobody wrote a verdict
for: every schema of the official suite's required tests against every instance of the same
file (the suite checks each schema against its own instances only).

    Scripts/schema-differential.py [BINDERY] [--suite FOLDER] [--drafts 7,2020-12]

BINDERY is the built `bindery` executable (default .build/debug/bindery). Formats are
annotations on both sides. Prints each pair where the verdicts differ, and a count per draft;
exits 1 if there is one. Installs jsonschema from PyPI if it is missing.
"""
import argparse
import importlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DRAFTS = {"4": "draft4", "6": "draft6", "7": "draft7", "2019-09": "draft2019-09",
          "2020-12": "draft2020-12"}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("bindery", nargs="?", default=str(ROOT / ".build/debug/bindery"))
    parser.add_argument(
        "--suite", default=str(ROOT / "Tests/BinderyTests/Fixtures/JSONSchemaTestSuite"))
    parser.add_argument("--drafts", default=",".join(DRAFTS))
    args = parser.parse_args()
    try:
        importlib.import_module("jsonschema")
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                        "--disable-pip-version-check", "jsonschema"], check=True)
    import jsonschema
    from referencing import Registry, Resource

    suite = Path(args.suite)
    remotes = suite / "remotes"
    registry = Registry()
    for path in remotes.rglob("*.json"):
        contents = json.loads(path.read_text())
        uri = "http://localhost:1234/" + str(path.relative_to(remotes))
        try:
            registry = registry.with_resource(uri, Resource.from_contents(contents))
        except Exception:
            pass
    classes = {"draft4": jsonschema.Draft4Validator, "draft6": jsonschema.Draft6Validator,
               "draft7": jsonschema.Draft7Validator, "draft2019-09": jsonschema.Draft201909Validator,
               "draft2020-12": jsonschema.Draft202012Validator}
    differences = 0
    with tempfile.TemporaryDirectory() as scratch:
        for name in args.drafts.split(","):
            folder = DRAFTS[name]
            pairs = 0
            found = 0
            for file in sorted((suite / "tests" / folder).glob("*.json")):
                cases = json.loads(file.read_text())
                instances = [test["data"] for case in cases for test in case["tests"]]
                lines = Path(scratch) / "instances.jsonl"
                lines.write_text("".join(json.dumps(value) + "\n" for value in instances))
                for index, case in enumerate(cases):
                    schema = case["schema"]
                    try:
                        cls = jsonschema.validators.validator_for(schema, default=classes[folder])
                        python = cls(schema, registry=registry)
                        expected = [not any(True for _ in python.iter_errors(value))
                                    for value in instances]
                    except Exception as error:  # a schema python-jsonschema cannot use
                        print(f"skip {folder}/{file.name} #{index}: python: {error}")
                        continue
                    schema_file = Path(scratch) / "schema.json"
                    schema_file.write_text(json.dumps(schema))
                    run = subprocess.run(
                        [args.bindery, "validate", "--quiet", "--lines", "--draft", name,
                         "--schema-map", f"http://localhost:1234/={remotes}",
                         "--schema", str(schema_file), str(lines)],
                        capture_output=True, text=True)
                    if run.returncode == 2:
                        print(f"skip {folder}/{file.name} #{index}: bindery: {run.stderr.strip()[:200]}")
                        continue
                    failing = set()
                    for line in run.stderr.splitlines():
                        parts = line.split(":")
                        if len(parts) > 2 and parts[0] == str(lines) and parts[1].isdigit():
                            failing.add(int(parts[1]) - 1)
                    for position, valid in enumerate(expected):
                        pairs += 1
                        if valid == (position in failing):
                            found += 1
                            print(f"{folder}/{file.name} schema #{index} ({case['description']}) "
                                  f"instance {json.dumps(instances[position])[:80]}: "
                                  f"python-jsonschema {'valid' if valid else 'invalid'}, bindery "
                                  f"{'invalid' if valid else 'valid'}")
            print(f"{folder}: {pairs} pairs, {found} differ")
            differences += found
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
