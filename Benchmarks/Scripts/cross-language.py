#!/usr/bin/env python3
"""Bindery against Python's fastest JSON libraries, msgspec and orjson, on the standard files.

msgspec decodes into typed structs with the same fields as Bindery's benchmark models
(Benchmarks/Sources/Models/Models.swift) and encodes them back: the work of a `@JSONModel`
decode and `jsonBytes()`. orjson parses to Python objects and writes them back. Bindery's side
is the `throughput` tool (release build), which times the model API and the Codable coders
(`BinderyDecoder`/`BinderyEncoder` on the synthesized-Codable twins) on the same files, and
the same twins through a coder that reads and writes no JSON at all: the floor that the
standard library's containers set for every Codable coder.

The two sides alternate over three repetitions (Python, Bindery, Bindery, Python, Python,
Bindery); each repetition times every file in 7 rounds of at least 50 ms. The table gives MB/s
of input: the median of the three repetitions' medians, with their lowest and highest, and the
ratio of Bindery's speed to msgspec's. Python runs with its garbage collector on, as users run
it; no decoded value is kept between calls, and each work is timed with nothing alive but what
its call needs (its input, and for an encode the value it writes). The machine's speed drifts between measurements:
`--runs N` repeats the whole measurement N times and gives each cell as the median of the runs'
figures and each ratio as the median of the runs' ratios, both with their lowest and highest.

    python3 Benchmarks/Scripts/cross-language.py [--rounds N] [--repetitions N] [--runs N]
                                                 [--corpus NAME]
    python3 Benchmarks/Scripts/cross-language.py --memory
    python3 Benchmarks/Scripts/cross-language.py --instructions

`--memory` prints instead how far one decode of each large file grows the peak resident memory
(VmHWM) of a fresh process that holds the input already: Bindery's model and Codable decodes,
Foundation's `JSONDecoder`, and msgspec's typed decode.

`--instructions` counts instead, with valgrind's callgrind, the instructions one call runs on
each side: the typed decode and the encode, msgspec's against the model API's and the Codable
coders'. Each count is the difference between a process making N calls and one making 3N,
divided by 2N, so start-up is left out; on the Python side the count of the same loop calling
`len` is taken off, so that msgspec is charged for its own work only. Counts are the same on a
busy machine, where timings are not; they weigh every instruction alike, which time does not.

Installs msgspec and orjson with pip when they are missing; builds the `throughput` tool with
`swift build -c release --package-path Benchmarks --product throughput`.
"""

from __future__ import annotations

import argparse
import gc
import json
import importlib
import pathlib
import re
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


def python_works(file: str, model) -> dict:
    """The Python side's works on one file, each a function that builds only what its call
    needs and returns the call; `empty` is the loop's own cost. Nothing else may be alive
    while a call is timed: the lists and structs a decode makes are tracked by Python's
    collector, and every collection also walks whatever the process still holds (a decoded
    canada.json held beside a decode slows it by about a third)."""
    data = (CORPORA / file).read_bytes()

    def msgspec_decode():
        decoder = msgspec.json.Decoder(model)
        return lambda: decoder.decode(data)

    def msgspec_encode():
        value = msgspec.json.Decoder(model).decode(data)
        encoder = msgspec.json.Encoder()
        return lambda: encoder.encode(value)

    def orjson_parse():
        return lambda: orjson.loads(data)

    def orjson_write():
        parsed = orjson.loads(data)
        return lambda: orjson.dumps(parsed)

    return {
        "msgspec-decode": msgspec_decode,
        "msgspec-encode": msgspec_encode,
        "orjson-parse": orjson_parse,
        "orjson-write": orjson_write,
        "empty": lambda: (lambda: len(data)),
    }


def python_side(rounds: int, only: Optional[str]) -> dict[tuple[str, str], float]:
    """Median seconds per call of each library's work on each file."""
    results = {}
    for name, file, model in FILES:
        if only and name != only:
            continue
        for work, make in python_works(file, model).items():
            if work != "empty":
                call = make()
                gc.collect()
                results[(name, work)] = statistics.median(seconds_per_call(call, rounds))
                # What the work held goes before the next work is timed.
                del call
                gc.collect()
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


def count_child(name: str, work: str, calls: int) -> None:
    """Makes `calls` calls of one Python work on one file: the process callgrind counts."""
    file, model = next((f, m) for n, f, m in FILES if n == name)
    call = python_works(file, model)[work]()
    gc.collect()
    for _ in range(calls):
        call()


def instructions(command: list[str]) -> int:
    """The instructions `command` runs, counted by callgrind."""
    result = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + command,
        check=True, capture_output=True, text=True)
    return int(re.search(r"Collected : (\d+)", result.stderr).group(1))


def instructions_table(profile: pathlib.Path, only: Optional[str]) -> None:
    """Instructions per call of each side's decode and encode on each file."""
    def per_call(command: list[str], calls: int, per_round: int = 1) -> float:
        # Start-up cancels out between N and 3N rounds.
        once = instructions(command + [str(calls)])
        thrice = instructions(command + [str(3 * calls)])
        return (thrice - once) / (2 * calls * per_round)

    def python(name: str, work: str, calls: int) -> float:
        return per_call([sys.executable, __file__, "--count-child", name, work], calls)

    def bindery(name: str, work: str, calls: int) -> float:
        # `profile` writes three times per round.
        return per_call([str(profile), work, name], calls, 3 if "encode" in work else 1)

    print("Instructions per call, counted by callgrind; ratio = msgspec's count / "
          "Bindery's (above 1: Bindery runs fewer). msgspec's count leaves out the Python loop "
          "that calls it.\n")
    print("| file | `@JSONModel` decode | `BinderyDecoder` | msgspec decode | ratio | ratio "
          "(Codable) | `jsonBytes()` | `BinderyEncoder` | msgspec encode | ratio | ratio "
          "(Codable) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, file, _ in FILES:
        if only and name != only:
            continue
        # About 30 million instructions of work for N calls, whatever the file's size.
        calls = max(3, 3_000_000 // len((CORPORA / file).read_bytes()))
        loop = python(name, "empty", calls)
        counts = {work: bindery(name, work, calls)
                  for work in ["model-decode", "decode", "model-encode", "encode"]}
        for work in ["msgspec-decode", "msgspec-encode"]:
            counts[work] = python(name, work, calls) - loop
        cells = []
        for ours, codable, theirs in [("model-decode", "decode", "msgspec-decode"),
                                      ("model-encode", "encode", "msgspec-encode")]:
            cells += [f"{counts[ours]:,.0f}", f"{counts[codable]:,.0f}",
                      f"{counts[theirs]:,.0f}", f"{counts[theirs] / counts[ours]:.2f}×",
                      f"{counts[theirs] / counts[codable]:.2f}×"]
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)


def build_tool(product: str = "throughput") -> pathlib.Path:
    subprocess.run(
        ["swift", "build", "-c", "release", "--package-path", str(BENCHMARKS),
         "--product", product], check=True, stdout=subprocess.DEVNULL)
    path = subprocess.run(
        ["swift", "build", "-c", "release", "--package-path", str(BENCHMARKS),
         "--show-bin-path"], check=True, capture_output=True, text=True).stdout.strip()
    return pathlib.Path(path) / product


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--runs", type=int, default=1,
                        help="whole measurements to sum up (the machine drifts between them)")
    parser.add_argument("--corpus", help="one file: twitter, citm, canada, status, search_metadata")
    parser.add_argument("--memory", action="store_true", help="peak memory of one decode instead")
    parser.add_argument("--memory-child", help=argparse.SUPPRESS)
    parser.add_argument("--instructions", action="store_true",
                        help="instructions per call, counted by callgrind, instead")
    parser.add_argument("--count-child", nargs=3, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.memory_child:
        memory_child(arguments.memory_child)
        return
    if arguments.count_child:
        name, work, calls = arguments.count_child
        count_child(name, work, int(calls))
        return
    if arguments.instructions:
        instructions_table(build_tool("profile"), arguments.corpus)
        return
    tool = build_tool()
    if arguments.memory:
        memory_table(tool)
        return
    # One run alternates the two sides over the repetitions; its figure for a work is the
    # median of its repetitions. With several runs, each cell is the median of the runs'
    # figures and each ratio the median of the runs' ratios, both with their lowest and highest.
    sizes = {name: len((CORPORA / file).read_bytes()) / 1e6 for name, file, _ in FILES}
    runs: list[list[dict]] = []
    for _ in range(arguments.runs):
        repetitions: list[dict] = []
        for repetition in range(arguments.repetitions):
            sides = [lambda: python_side(arguments.rounds, arguments.corpus),
                     lambda: bindery_side(tool, arguments.rounds, arguments.corpus)]
            if repetition % 2 == 1:
                sides.reverse()
            merged = {}
            for side in sides:
                merged.update(side())
            repetitions.append(merged)
        runs.append(repetitions)

    def speeds(name: str, work: str, repetitions: list[dict]) -> list[float]:
        return sorted(sizes[name] / repetition[(name, work)] for repetition in repetitions)

    def figures(name: str, work: str) -> list[float]:
        """MB/s: each repetition's for one run, else each run's median."""
        if len(runs) == 1:
            return speeds(name, work, runs[0])
        return sorted(statistics.median(speeds(name, work, run)) for run in runs)

    def cell(name: str, work: str) -> str:
        values = figures(name, work)
        return f"{statistics.median(values):.0f} ({values[0]:.0f}–{values[-1]:.0f})"

    def ratio(name: str, ours: str, theirs: str) -> str:
        ratios = sorted(statistics.median(speeds(name, ours, run))
                        / statistics.median(speeds(name, theirs, run)) for run in runs)
        if len(ratios) == 1:
            return f"{ratios[0]:.2f}×"
        return f"{statistics.median(ratios):.2f}× ({ratios[0]:.2f}–{ratios[-1]:.2f})"

    summary = (f"median of {arguments.repetitions} repetitions (lowest–highest), each the median "
               f"of {arguments.rounds} rounds; ratio = Bindery's speed / msgspec's")
    if arguments.runs > 1:
        summary = (f"median of {arguments.runs} runs (lowest–highest), each the median of "
                   f"{arguments.repetitions} repetitions of {arguments.rounds} rounds; ratio = "
                   f"the median of the runs' ratios of Bindery's speed to msgspec's")
    print(f"Python {sys.version.split()[0]}, msgspec {msgspec.__version__}, "
          f"orjson {orjson.__version__}, garbage collector on. MB/s of input: {summary}.\n")
    print("| file | `@JSONModel` decode | msgspec decode | ratio | `jsonBytes()` "
          "| msgspec encode | ratio |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    names = [name for name, _, _ in FILES if not arguments.corpus or name == arguments.corpus]
    for name in names:
        print(f"| {name} | {cell(name, 'model-decode')} | {cell(name, 'msgspec-decode')} "
              f"| {ratio(name, 'model-decode', 'msgspec-decode')} "
              f"| {cell(name, 'model-encode')} | {cell(name, 'msgspec-encode')} "
              f"| {ratio(name, 'model-encode', 'msgspec-encode')} |")
    print("\n| file | `BinderyDecoder` | ratio to msgspec decode | `BinderyEncoder` "
          "| ratio to msgspec encode | orjson parse | orjson write |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name in names:
        print(f"| {name} | {cell(name, 'codable-decode')} "
              f"| {ratio(name, 'codable-decode', 'msgspec-decode')} "
              f"| {cell(name, 'codable-encode')} "
              f"| {ratio(name, 'codable-encode', 'msgspec-encode')} "
              f"| {cell(name, 'orjson-parse')} | {cell(name, 'orjson-write')} |")
    # The containers' share: the same twins through a coder that reads and writes no JSON.
    print("\nThe Codable twins through a coder that reads and writes no JSON "
          "(`Benchmarks/Sources/CodableFloor`), at the same MB/s of input:\n")
    print("| file | floor decode | ratio to msgspec decode | floor encode "
          "| ratio to msgspec encode |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name in names:
        print(f"| {name} | {cell(name, 'floor-decode')} "
              f"| {ratio(name, 'floor-decode', 'msgspec-decode')} "
              f"| {cell(name, 'floor-encode')} "
              f"| {ratio(name, 'floor-encode', 'msgspec-encode')} |")


if __name__ == "__main__":
    main()
