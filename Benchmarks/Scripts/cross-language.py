#!/usr/bin/env python3
"""Bindery against Python's fastest JSON libraries, msgspec and orjson, on the standard files.

msgspec decodes into typed structs with the same fields as Bindery's benchmark models
(Benchmarks/Sources/Models/Models.swift) and encodes them back: the work of a `@JSONModel`
decode and `jsonBytes()`. orjson parses to Python objects and writes them back. Bindery's side
is the `throughput` tool (release build), which times the model API and the Codable coders
(`BinderyDecoder`/`BinderyEncoder` on the synthesized-Codable twins) on the same files.

The two sides alternate over three repetitions (Python, Bindery, Bindery, Python, Python,
Bindery); each repetition times every file in 7 rounds of at least 50 ms. The table gives MB/s
of input: the median of the three repetitions' medians, with their lowest and highest, and the
ratio of Bindery's speed to msgspec's. Python runs with its garbage collector on, as users run
it, and no decoded value is kept between calls.

    python3 Benchmarks/Scripts/cross-language.py [--rounds N] [--repetitions N] [--corpus NAME]
    python3 Benchmarks/Scripts/cross-language.py --memory

`--memory` prints instead how far one decode of each large file grows the peak resident memory
(VmHWM) of a fresh process that holds the input already: Bindery's model and Codable decodes,
Foundation's `JSONDecoder`, and msgspec's typed decode.

Installs msgspec and orjson with pip when they are missing; builds the `throughput` tool with
`swift build -c release --package-path Benchmarks --product throughput`.
"""

from __future__ import annotations

import argparse
import json
import importlib
import pathlib
import statistics
import subprocess
import sys
import time
from typing import Optional

for module in ("msgspec", "orjson"):
    try:
        importlib.import_module(module)
    except ImportError:
        subprocess.check_call(
            [sys.executable, "-m", "pip", "install", "--quiet", "msgspec", "orjson"])
        break

import msgspec  # noqa: E402
import orjson  # noqa: E402

BENCHMARKS = pathlib.Path(__file__).resolve().parent.parent
CORPORA = BENCHMARKS / "Corpora"


class SearchMetadata(msgspec.Struct):
    completed_in: float
    max_id: int
    max_id_str: str
    next_results: str
    query: str
    refresh_url: str
    count: int
    since_id: int
    since_id_str: str


class Metadata(msgspec.Struct):
    result_type: str
    iso_language_code: str


class URLEntity(msgspec.Struct):
    url: str
    expanded_url: str
    display_url: str
    indices: list[int]


class URLList(msgspec.Struct):
    urls: list[URLEntity]


class UserEntities(msgspec.Struct):
    description: URLList
    url: Optional[URLList] = None


class User(msgspec.Struct):
    id: int
    id_str: str
    name: str
    screen_name: str
    location: str
    description: str
    entities: UserEntities
    protected: bool
    followers_count: int
    friends_count: int
    listed_count: int
    created_at: str
    favourites_count: int
    geo_enabled: bool
    verified: bool
    statuses_count: int
    lang: str
    contributors_enabled: bool
    is_translator: bool
    is_translation_enabled: bool
    profile_background_color: str
    profile_background_image_url: str
    profile_background_image_url_https: str
    profile_background_tile: bool
    profile_image_url: str
    profile_image_url_https: str
    profile_link_color: str
    profile_sidebar_border_color: str
    profile_sidebar_fill_color: str
    profile_text_color: str
    profile_use_background_image: bool
    default_profile: bool
    default_profile_image: bool
    following: bool
    follow_request_sent: bool
    notifications: bool
    url: Optional[str] = None
    utc_offset: Optional[int] = None
    time_zone: Optional[str] = None
    profile_banner_url: Optional[str] = None


class Hashtag(msgspec.Struct):
    text: str
    indices: list[int]


class Mention(msgspec.Struct):
    screen_name: str
    name: str
    id: int
    id_str: str
    indices: list[int]


class MediaSize(msgspec.Struct):
    w: int
    h: int
    resize: str


class MediaSizes(msgspec.Struct):
    medium: MediaSize
    small: MediaSize
    thumb: MediaSize
    large: MediaSize


class Media(msgspec.Struct):
    id: int
    id_str: str
    indices: list[int]
    media_url: str
    media_url_https: str
    url: str
    display_url: str
    expanded_url: str
    type: str
    sizes: MediaSizes
    source_status_id: Optional[int] = None
    source_status_id_str: Optional[str] = None


class Entities(msgspec.Struct):
    hashtags: list[Hashtag]
    symbols: list[Hashtag]
    urls: list[URLEntity]
    user_mentions: list[Mention]
    media: Optional[list[Media]] = None


class RetweetedStatus(msgspec.Struct):
    metadata: Metadata
    created_at: str
    id: int
    id_str: str
    text: str
    source: str
    truncated: bool
    user: User
    retweet_count: int
    favorite_count: int
    entities: Entities
    favorited: bool
    retweeted: bool
    lang: str
    in_reply_to_status_id: Optional[int] = None
    in_reply_to_status_id_str: Optional[str] = None
    in_reply_to_user_id: Optional[int] = None
    in_reply_to_user_id_str: Optional[str] = None
    in_reply_to_screen_name: Optional[str] = None
    geo: Optional[str] = None
    coordinates: Optional[str] = None
    place: Optional[str] = None
    contributors: Optional[str] = None
    possibly_sensitive: Optional[bool] = None


class Status(RetweetedStatus):
    retweeted_status: Optional[RetweetedStatus] = None


class TwitterResponse(msgspec.Struct):
    statuses: list[Status]
    search_metadata: SearchMetadata


class Event(msgspec.Struct):
    id: int
    name: str
    subTopicIds: list[int]
    topicIds: list[int]
    description: Optional[str] = None
    logo: Optional[str] = None
    subjectCode: Optional[str] = None
    subtitle: Optional[str] = None


class Price(msgspec.Struct):
    amount: int
    audienceSubCategoryId: int
    seatCategoryId: int


class Area(msgspec.Struct):
    areaId: int
    blockIds: list[int]


class SeatCategory(msgspec.Struct):
    areas: list[Area]
    seatCategoryId: int


class Performance(msgspec.Struct):
    eventId: int
    id: int
    prices: list[Price]
    seatCategories: list[SeatCategory]
    start: int
    venueCode: str
    logo: Optional[str] = None
    name: Optional[str] = None
    seatMapImage: Optional[str] = None


class Catalog(msgspec.Struct):
    areaNames: dict[str, str]
    audienceSubCategoryNames: dict[str, str]
    blockNames: dict[str, str]
    events: dict[str, Event]
    performances: list[Performance]
    seatCategoryNames: dict[str, str]
    subTopicNames: dict[str, str]
    subjectNames: dict[str, str]
    topicNames: dict[str, str]
    topicSubTopics: dict[str, list[int]]
    venueNames: dict[str, str]


class Properties(msgspec.Struct):
    name: str


class Geometry(msgspec.Struct):
    type: str
    coordinates: list[list[list[float]]]


class Feature(msgspec.Struct):
    type: str
    properties: Properties
    geometry: Geometry


class FeatureCollection(msgspec.Struct):
    type: str
    features: list[Feature]


FILES = [
    ("twitter", "twitter.json", TwitterResponse),
    ("citm", "citm_catalog.json", Catalog),
    ("canada", "canada.json", FeatureCollection),
    ("status", "twitter_status.json", Status),
    ("search_metadata", "twitter_search_metadata.json", SearchMetadata),
]


def seconds_per_call(work, rounds: int, minimum: float = 0.05) -> list[float]:
    """Seconds per call of `work` in each round, each round running at least `minimum` s."""
    work()
    start = time.perf_counter()
    work()
    once = time.perf_counter() - start
    count = max(1, int(minimum / max(once, 1e-9)))
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(count):
            work()
        times.append((time.perf_counter() - start) / count)
    return times


def python_side(rounds: int, only: Optional[str]) -> dict[tuple[str, str], float]:
    """Median seconds per call of each library's work on each file."""
    results = {}
    for name, file, model in FILES:
        if only and name != only:
            continue
        data = (CORPORA / file).read_bytes()
        decoder = msgspec.json.Decoder(model)
        encoder = msgspec.json.Encoder()
        value = decoder.decode(data)
        parsed = orjson.loads(data)
        works = {
            "msgspec-decode": lambda: decoder.decode(data),
            "msgspec-encode": lambda: encoder.encode(value),
            "orjson-parse": lambda: orjson.loads(data),
            "orjson-write": lambda: orjson.dumps(parsed),
        }
        for work, call in works.items():
            results[(name, work)] = statistics.median(seconds_per_call(call, rounds))
    return results


def bindery_side(tool: pathlib.Path, rounds: int, only: Optional[str]) -> dict:
    """Median seconds per call of Bindery's work on each file, from the `throughput` tool."""
    command = [str(tool), "--rounds", str(rounds)] + (["--corpus", only] if only else [])
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    results = {}
    for line in output.splitlines():
        row = json.loads(line)
        results[(row["file"], row["work"])] = statistics.median(row["seconds"])
    return results


def peak_resident() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return 0


def memory_child(name: str) -> None:
    """Decodes one file once with msgspec in this fresh process; prints the peak's growth."""
    file, model = next((f, m) for n, f, m in FILES if n == name)
    data = (CORPORA / file).read_bytes()
    decoder = msgspec.json.Decoder(model)
    before = peak_resident()
    value = decoder.decode(data)
    print(json.dumps({"file": name, "bytes": len(data), "work": "msgspec-decode",
                      "peakGrowth": peak_resident() - before}))
    del value


def memory_table(tool: pathlib.Path) -> None:
    print("Peak resident memory growth of one decode in a fresh process holding the input, "
          "MB (× the input's size).\n")
    print("| file | input MB | `@JSONModel` | `BinderyDecoder` | `JSONDecoder` | msgspec |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name in ["twitter", "citm", "canada"]:
        cells = []
        size = 0
        for work in ["model-decode", "codable-decode", "foundation-decode", "msgspec-decode"]:
            if work == "msgspec-decode":
                command = [sys.executable, __file__, "--memory-child", name]
            else:
                command = [str(tool), "--memory", work, "--corpus", name]
            row = json.loads(subprocess.run(
                command, check=True, capture_output=True, text=True).stdout.splitlines()[-1])
            size = row["bytes"]
            cells.append(f"{row['peakGrowth'] / 1e6:.1f} ({row['peakGrowth'] / size:.1f}×)")
        print(f"| {name} | {size / 1e6:.2f} | " + " | ".join(cells) + " |")


def build_tool() -> pathlib.Path:
    subprocess.run(
        ["swift", "build", "-c", "release", "--package-path", str(BENCHMARKS),
         "--product", "throughput"], check=True, stdout=subprocess.DEVNULL)
    path = subprocess.run(
        ["swift", "build", "-c", "release", "--package-path", str(BENCHMARKS),
         "--show-bin-path"], check=True, capture_output=True, text=True).stdout.strip()
    return pathlib.Path(path) / "throughput"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--corpus", help="one file: twitter, citm, canada, status, search_metadata")
    parser.add_argument("--memory", action="store_true", help="peak memory of one decode instead")
    parser.add_argument("--memory-child", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.memory_child:
        memory_child(arguments.memory_child)
        return
    tool = build_tool()
    if arguments.memory:
        memory_table(tool)
        return
    runs: list[dict] = []
    for repetition in range(arguments.repetitions):
        sides = [lambda: python_side(arguments.rounds, arguments.corpus),
                 lambda: bindery_side(tool, arguments.rounds, arguments.corpus)]
        if repetition % 2 == 1:
            sides.reverse()
        merged = {}
        for side in sides:
            merged.update(side())
        runs.append(merged)

    def megabytes_per_second(name: str, work: str) -> list[float]:
        size = len((CORPORA / dict((n, f) for n, f, _ in FILES)[name]).read_bytes()) / 1e6
        return sorted(size / run[(name, work)] for run in runs)

    def cell(speeds: list[float]) -> str:
        median = statistics.median(speeds)
        return f"{median:.0f} ({speeds[0]:.0f}–{speeds[-1]:.0f})"

    def ratio(ours: list[float], theirs: list[float]) -> str:
        return f"{statistics.median(ours) / statistics.median(theirs):.2f}×"

    print(f"Python {sys.version.split()[0]}, msgspec {msgspec.__version__}, "
          f"orjson {orjson.__version__}, garbage collector on. MB/s of input: median of "
          f"{arguments.repetitions} repetitions (lowest–highest), each the median of "
          f"{arguments.rounds} rounds; ratio = Bindery's speed / msgspec's.\n")
    print("| file | `@JSONModel` decode | msgspec decode | ratio | `jsonBytes()` "
          "| msgspec encode | ratio |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    names = [name for name, _, _ in FILES if not arguments.corpus or name == arguments.corpus]
    for name in names:
        decode, theirs_decode = (megabytes_per_second(name, "model-decode"),
                                 megabytes_per_second(name, "msgspec-decode"))
        encode, theirs_encode = (megabytes_per_second(name, "model-encode"),
                                 megabytes_per_second(name, "msgspec-encode"))
        print(f"| {name} | {cell(decode)} | {cell(theirs_decode)} | {ratio(decode, theirs_decode)} "
              f"| {cell(encode)} | {cell(theirs_encode)} | {ratio(encode, theirs_encode)} |")
    print("\n| file | `BinderyDecoder` | ratio to msgspec decode | `BinderyEncoder` "
          "| ratio to msgspec encode | orjson parse | orjson write |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name in names:
        decode, encode = (megabytes_per_second(name, "codable-decode"),
                          megabytes_per_second(name, "codable-encode"))
        print(f"| {name} | {cell(decode)} "
              f"| {ratio(decode, megabytes_per_second(name, 'msgspec-decode'))} "
              f"| {cell(encode)} | {ratio(encode, megabytes_per_second(name, 'msgspec-encode'))} "
              f"| {cell(megabytes_per_second(name, 'orjson-parse'))} "
              f"| {cell(megabytes_per_second(name, 'orjson-write'))} |")


if __name__ == "__main__":
    main()
