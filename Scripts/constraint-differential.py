#!/usr/bin/env python3
"""Writes Tests/BinderyModelTests/Fixtures/constraint-cases.json: twitter.json's statuses
(Benchmarks/Corpora), mutated in several places at once, with pydantic's verdict on the same
constraints and Python jsonschema's verdict on the schema the Swift model exports.

The constraints are those of `ConstrainedStatus` in
Tests/BinderyModelTests/ConstraintDifferentialTests.swift, written here as pydantic models
(strict mode, so that a value of another JSON type is not coerced; the Swift model does not
coerce either). Each case names a status, the values set (a path of keys and indices, the new
value), every error pydantic reports (location and type), and whether jsonschema accepts the
mutated status against Tests/BinderyModelTests/Fixtures/constrained-status.schema.json, which
a test checks is the schema the model exports.

Run from the repository root: python3 Scripts/constraint-differential.py. It installs the
pinned pydantic and jsonschema into a scratch folder.
"""
import copy
import importlib.metadata
import json
import os
import random
import subprocess
import sys
import tempfile

scratch = os.path.join(tempfile.gettempdir(), "bindery-constraint-differential")
if not os.path.isdir(os.path.join(scratch, "pydantic")):
    subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", "--target",
                           scratch, "pydantic==2.13.4", "jsonschema==4.26.0"])
sys.path.insert(0, scratch)

from typing import Annotated, Literal  # noqa: E402

import jsonschema  # noqa: E402
import pydantic  # noqa: E402
from pydantic import BaseModel, ConfigDict, Field  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "BinderyModelTests", "Fixtures")


class Strict(BaseModel):
    model_config = ConfigDict(strict=True)


class Hashtag(Strict):
    text: Annotated[str, Field(min_length=1)]


class Entities(Strict):
    hashtags: Annotated[list[Hashtag], Field(max_length=10)]


class User(Strict):
    id: Annotated[int, Field(gt=0)]
    screen_name: Annotated[str, Field(pattern=r"^[A-Za-z0-9_]{1,15}$")]
    name: Annotated[str, Field(max_length=50)]
    followers_count: Annotated[int, Field(ge=0)]


class Status(Strict):
    id: Annotated[int, Field(gt=0)]
    id_str: Annotated[str, Field(pattern=r"^[0-9]+$")]
    text: Annotated[str, Field(min_length=1, max_length=140)]
    lang: Literal["ja", "zh", "en", "ko", "es"]
    retweet_count: Annotated[int, Field(ge=0)]
    favorite_count: Annotated[int, Field(ge=0)]
    user: User
    entities: Entities


def hashtags(count):
    return [{"text": f"tag{n}", "indices": [n, n + 4]} for n in range(count)]


# Each mutation: a name, then a function of (status, rng) giving the values to set.
MUTATIONS = [
    ("id", lambda s, r: [(["id"], r.choice([0, -1, -r.randrange(1, 10**12)]))]),
    ("id_str", lambda s, r: [(["id_str"], r.choice(["12a4", "", " 1", "٣٤٥"]))]),
    ("text", lambda s, r: [(["text"], r.choice([
        "",
        "x" * 141,
        "x" * 140,  # at the limit: valid
        "e\u0301" * 71,  # 142 scalars, 71 characters
        "é" * 140,  # 140 scalars: valid
        "😀" * 141,
    ]))]),
    ("lang", lambda s, r: [(["lang"], r.choice(["xx", "JA", "en", ""]))]),
    ("retweet_count", lambda s, r: [(["retweet_count"], r.choice([-1, 0, -500]))]),
    ("favorite_count", lambda s, r: [(["favorite_count"], r.choice([-3, 0]))]),
    ("user.id", lambda s, r: [(["user", "id"], r.choice([0, -7]))]),
    ("user.screen_name", lambda s, r: [(["user", "screen_name"], r.choice([
        "bad name!", "a" * 16, "", "a" * 15, "ünï",
    ]))]),
    ("user.name", lambda s, r: [(["user", "name"], r.choice(["n" * 51, "😀" * 50, "😀" * 51]))]),
    ("user.followers_count", lambda s, r: [(["user", "followers_count"], -1)]),
    ("hashtags", lambda s, r: [(["entities", "hashtags"], hashtags(r.choice([10, 11, 30])))]),
    ("hashtag.text", lambda s, r: hashtag_text(s, r)),
]


def hashtag_text(status, rng):
    tags = status["entities"]["hashtags"]
    if tags:
        return [(["entities", "hashtags", rng.randrange(len(tags)), "text"], "")]
    return [(["entities", "hashtags"], [{"text": "ok", "indices": [0, 2]},
                                        {"text": "", "indices": [3, 3]}])]


def set_path(value, path, new):
    for key in path[:-1]:
        value = value[key]
    value[path[-1]] = new


def main():
    with open(os.path.join(ROOT, "Benchmarks", "Corpora", "twitter.json"), encoding="utf-8") as f:
        statuses = json.load(f)["statuses"]
    with open(os.path.join(FIXTURES, "constrained-status.schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    validator = jsonschema.Draft202012Validator(schema)
    rng = random.Random(49)
    cases = []
    for round_ in range(3):
        for index, original in enumerate(statuses):
            count = 0 if round_ == 0 and index % 10 == 0 else rng.randrange(1, 4)
            names = rng.sample([m[0] for m in MUTATIONS], count)
            # A too-long list and an empty element of it are not mixed: pydantic stops at the
            # length, the Swift model reports both (see the test).
            if "hashtags" in names and "hashtag.text" in names:
                names.remove("hashtag.text")
            status = copy.deepcopy(original)
            sets = []
            for name in names:
                mutate = dict(MUTATIONS)[name]
                for path, value in mutate(status, rng):
                    set_path(status, path, value)
                    sets.append([path, value])
            try:
                Status.model_validate(status)
                errors = []
            except pydantic.ValidationError as error:
                errors = [[list(e["loc"]), e["type"]] for e in error.errors()]
            cases.append({
                "status": index,
                "set": sets,
                "pydantic": errors,
                "jsonschema": validator.is_valid(status),
            })
    out = {
        "about": "twitter.json statuses mutated, with pydantic " + pydantic.VERSION
        + " (strict) and jsonschema " + importlib.metadata.version("jsonschema")
        + "; written by Scripts/constraint-differential.py",
        "cases": cases,
    }
    with open(os.path.join(FIXTURES, "constraint-cases.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=0)
        f.write("\n")
    invalid = sum(1 for c in cases if c["pydantic"])
    print(f"{len(cases)} cases, {invalid} rejected by pydantic, "
          f"{sum(1 for c in cases if not c['jsonschema'])} by jsonschema")


main()
