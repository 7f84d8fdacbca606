#!/usr/bin/env python3
"""Checks the JSON Schemas Bindery derives from models with an independent validator.

    Scripts/check-schemas.py [FOLDER] [--at-least N]

The tests write FOLDER/NAME.json (default .build/schema-oracle) for each model: its schema, the
instances the model reads ("valid") and instances it rejects ("invalid"). Every valid instance
must validate against the schema (draft 2020-12, formats checked) and every invalid one must
not. Needs `jsonschema` and `rfc3339-validator` from PyPI.
"""
import json
import sys
from pathlib import Path

from jsonschema import Draft202012Validator, FormatChecker


def main() -> int:
    args = sys.argv[1:]
    at_least = 1
    if "--at-least" in args:
        index = args.index("--at-least")
        at_least = int(args[index + 1])
        del args[index : index + 2]
    folder = Path(args[0] if args else ".build/schema-oracle")
    records = sorted(folder.glob("*.json"))
    if len(records) < at_least:
        print(f"error: {len(records)} schema records in {folder}, expected at least {at_least}")
        return 1
    failures = 0
    instances = 0
    for path in records:
        record = json.loads(path.read_text())
        schema = record["schema"]
        Draft202012Validator.check_schema(schema)
        validator = Draft202012Validator(schema, format_checker=FormatChecker())
        for index, instance in enumerate(record["valid"]):
            instances += 1
            errors = list(validator.iter_errors(instance))
            if errors:
                failures += 1
                first = errors[0]
                where = "/".join(str(part) for part in first.absolute_path)
                print(f"{record['name']}: valid instance {index} rejected at /{where}: {first.message[:300]}")
        for index, instance in enumerate(record["invalid"]):
            instances += 1
            if validator.is_valid(instance):
                failures += 1
                print(f"{record['name']}: invalid instance {index} accepted")
    print(f"{len(records)} schemas, {instances} instances, {failures} disagreements")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
