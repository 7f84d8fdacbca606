#!/usr/bin/env python3
"""What checking constraints costs a typed decode of twitter.json: Bindery, msgspec and pydantic,
each with and without the same twelve constraints, in one run.

The constraints are those of Benchmarks/Sources/Models/ConstrainedModels.swift: on a status
`id > 0`, `id_str` matching `^[0-9]+$`, `text` of 1 to 140 characters, `lang` one of five
values, `retweet_count >= 0`, `favorite_count >= 0`; on its user `id > 0`, `name` of at most
50 characters, `screen_name` matching `^[A-Za-z0-9_]{1,15}$`, `followers_count >= 0`; at most
10 hashtags, each with a non-empty text. msgspec states them with `Meta`, pydantic with `Field`
(strict mode, as the Swift models read: no value of another type is coerced). The models
without constraints are cross-language.py's msgspec structs and pydantic models of the same
fields.

Bindery's side is the `throughput` tool (`--constraints`: the two decodes alternating round by
round); the Python side alternates its works the same way. The whole measurement runs
`--runs N` times (3 by default); each cell is the median over runs of each run's median, with
the lowest and highest, in ms per call; "cost" is the constrained decode's time over the plain
one's, minus one.

    python3 Benchmarks/Scripts/constraints.py [--rounds N] [--runs N]

Installs msgspec and pydantic with pip when they are missing; builds the `throughput` tool with
`swift build -c release --package-path Benchmarks --product throughput`.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import pathlib
import statistics
import subprocess
import sys
import typing
from typing import Annotated, Literal, Optional

HERE = pathlib.Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("cross_language", HERE / "cross-language.py")
cross = importlib.util.module_from_spec(spec)
# Registered, so that msgspec resolves the module's postponed annotations in its globals.
sys.modules["cross_language"] = cross
spec.loader.exec_module(cross)

try:
    import pydantic  # noqa: F401
except ImportError:
    subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", "pydantic"])

import msgspec  # noqa: E402
import pydantic  # noqa: E402
from msgspec import Meta  # noqa: E402
from pydantic import ConfigDict, Field, create_model  # noqa: E402

LANGS = Literal["ja", "zh", "en", "ko", "es"]


# msgspec: the constrained structs override the plain ones' fields.
class CHashtag(cross.Hashtag):
    text: Annotated[str, Meta(min_length=1)]


class CEntities(cross.Entities):
    hashtags: Annotated[list[CHashtag], Meta(max_length=10)]


class CUser(cross.User):
    id: Annotated[int, Meta(gt=0)]
    name: Annotated[str, Meta(max_length=50)]
    screen_name: Annotated[str, Meta(pattern=r"^[A-Za-z0-9_]{1,15}$")]
    followers_count: Annotated[int, Meta(ge=0)]


class CStatus(cross.Status):
    id: Annotated[int, Meta(gt=0)]
    id_str: Annotated[str, Meta(pattern=r"^[0-9]+$")]
    text: Annotated[str, Meta(min_length=1, max_length=140)]
    user: CUser
    retweet_count: Annotated[int, Meta(ge=0)]
    favorite_count: Annotated[int, Meta(ge=0)]
    entities: CEntities
    lang: LANGS


class CTwitterResponse(cross.TwitterResponse):
    statuses: list[CStatus]


# pydantic: models of the same fields, made from the msgspec structs.
STRICT = ConfigDict(strict=True)
made: dict[tuple[type, bool], type] = {}


def pydantic_model(struct: type, constrained: bool) -> type:
    """A pydantic model with the fields of `struct`; nested structs become models too."""
    key = (struct, constrained)
    if key in made:
        return made[key]
    fields = {}
    for field in msgspec.structs.fields(struct):
        annotation = translate(field.type, constrained)
        if field.required:
            fields[field.name] = (annotation, ...)
        else:
            fields[field.name] = (annotation, field.default)
    model = create_model(struct.__name__ + ("Checked" if constrained else ""),
                         __config__=STRICT, **fields)
    made[key] = model
    return model


def translate(annotation, constrained: bool):
    """A msgspec annotation as pydantic's: structs become models, `Meta` becomes `Field`."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is Annotated:
        base, *metadata = args
        extras = {}
        for meta in metadata:
            for name in ("gt", "ge", "lt", "le", "min_length", "max_length", "pattern"):
                value = getattr(meta, name, None)
                if value is not None:
                    extras[name] = value
        return Annotated[translate(base, constrained), Field(**extras)]
    if isinstance(annotation, type) and issubclass(annotation, msgspec.Struct):
        return pydantic_model(annotation, constrained)
    if origin is list:
        return list[translate(args[0], constrained)]
    if type(None) in args:
        inner = [a for a in args if a is not type(None)][0]
        return Optional[translate(inner, constrained)]
    return annotation


def python_run(data: bytes, rounds: int) -> dict[str, float]:
    """Median seconds per call of each Python decode, the works alternating round by round."""
    plain_msgspec = msgspec.json.Decoder(cross.TwitterResponse)
    checked_msgspec = msgspec.json.Decoder(CTwitterResponse)
    plain_pydantic = pydantic.TypeAdapter(pydantic_model(cross.TwitterResponse, False))
    checked_pydantic = pydantic.TypeAdapter(pydantic_model(CTwitterResponse, True))
    # Both constrained decoders accept the file, as the Swift model does.
    checked_msgspec.decode(data)
    checked_pydantic.validate_json(data)
    works = {
        "msgspec": lambda: plain_msgspec.decode(data),
        "msgspec, constrained": lambda: checked_msgspec.decode(data),
        "pydantic": lambda: plain_pydantic.validate_json(data),
        "pydantic, constrained": lambda: checked_pydantic.validate_json(data),
    }
    times: dict[str, list[float]] = {name: [] for name in works}
    for _ in range(rounds):
        for name, work in works.items():
            times[name] += cross.seconds_per_call(work, 1)
    return {name: statistics.median(values) for name, values in times.items()}


def bindery_run(tool: pathlib.Path, rounds: int) -> dict[str, float]:
    output = subprocess.run([str(tool), "--constraints", "--rounds", str(rounds)], check=True,
                            capture_output=True, text=True).stdout
    names = {"model-decode": "Bindery", "constrained-model-decode": "Bindery, constrained"}
    results = {}
    for line in output.splitlines():
        row = json.loads(line)
        results[names[row["work"]]] = statistics.median(row["seconds"])
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    tool = cross.build_tool()
    data = (cross.CORPORA / "twitter.json").read_bytes()
    runs: list[dict[str, float]] = []
    for run in range(args.runs):
        # Python first in even runs, Bindery first in odd ones.
        sides = [lambda: python_run(data, args.rounds), lambda: bindery_run(tool, args.rounds)]
        if run % 2:
            sides.reverse()
        merged: dict[str, float] = {}
        for side in sides:
            merged.update(side())
        runs.append(merged)

    def cell(name: str) -> str:
        values = sorted(r[name] * 1000 for r in runs)
        return f"{statistics.median(values):.3f} ({values[0]:.3f}–{values[-1]:.3f})"

    def cost(plain: str, checked: str) -> str:
        values = sorted(r[checked] / r[plain] - 1 for r in runs)
        return (f"{statistics.median(values) * 100:+.1f} % "
                f"({values[0] * 100:+.1f} to {values[-1] * 100:+.1f})")

    print(f"twitter.json, {args.runs} runs of {args.rounds} rounds; ms per call, median (range)")
    print()
    print("| library | without constraints | with constraints | cost |")
    print("| --- | ---: | ---: | ---: |")
    for library in ("Bindery", "msgspec", "pydantic"):
        checked = library + ", constrained"
        print(f"| {library} | {cell(library)} | {cell(checked)} | {cost(library, checked)} |")
    print()
    for peer in ("msgspec", "pydantic"):
        values = sorted(r[peer + ", constrained"] / r["Bindery, constrained"] for r in runs)
        print(f"Bindery constrained is {statistics.median(values):.2f}× {peer} constrained "
              f"({values[0]:.2f}–{values[-1]:.2f}; above 1 is faster)")


if __name__ == "__main__":
    main()
