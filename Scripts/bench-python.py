#!/usr/bin/env python3
"""Throughput of Python's fastest JSON libraries on the standard files in Benchmarks/Corpora.

msgspec decodes into typed structs with the same fields as Bindery's benchmark models
(Benchmarks/Sources/Models/Models.swift) and encodes them back; orjson parses to Python
objects. Prints a markdown table of medians in MB/s, to set beside `compare`'s table.

    python3 Scripts/bench-python.py [--rounds N]

Installs msgspec and orjson with pip when they are missing.
"""

from __future__ import annotations

import argparse
import gc
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

CORPORA = pathlib.Path(__file__).resolve().parent.parent / "Benchmarks" / "Corpora"


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


def median_seconds(work, rounds: int, minimum: float = 0.05) -> float:
    """Median seconds per call of `work`, each round running long enough to time.

    The cycle collector is off while timing: with the decoded trees of earlier files alive it
    would otherwise scan them again and again, timing the collector rather than the library.
    """
    gc.collect()
    gc.disable()
    try:
        return _median_seconds(work, rounds, minimum)
    finally:
        gc.enable()


def _median_seconds(work, rounds: int, minimum: float) -> float:
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
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=11)
    rounds = parser.parse_args().rounds
    print(f"Python {sys.version.split()[0]}, msgspec {msgspec.__version__}, "
          f"orjson {orjson.__version__}; medians of {rounds} rounds, MB/s, "
          "cycle collector off while timing.\n")
    print("| file | msgspec typed decode | msgspec encode | orjson parse | orjson write |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, file, model in FILES:
        data = (CORPORA / file).read_bytes()
        decoder = msgspec.json.Decoder(model)
        encoder = msgspec.json.Encoder()
        value = decoder.decode(data)
        parsed = orjson.loads(data)
        megabytes = len(data) / 1e6
        cells = [
            median_seconds(lambda: decoder.decode(data), rounds),
            median_seconds(lambda: encoder.encode(value), rounds),
            median_seconds(lambda: orjson.loads(data), rounds),
            median_seconds(lambda: orjson.dumps(parsed), rounds),
        ]
        size = f"{megabytes:.1f} MB" if len(data) >= 100_000 else f"{len(data)} B"
        print(f"| {name} ({size}) | " + " | ".join(f"{megabytes / t:.0f}" for t in cells) + " |")


if __name__ == "__main__":
    main()
