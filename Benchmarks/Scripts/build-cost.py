#!/usr/bin/env python3
"""What `@JSONModel` costs a consumer's build, next to the same structs as plain `Codable`.

    python3 Benchmarks/Scripts/build-cost.py                    # 100 models, debug and release
    python3 Benchmarks/Scripts/build-cost.py --models 20 --configurations debug
    python3 Benchmarks/Scripts/build-cost.py --bindery ../other-checkout --work /tmp/cost
    python3 Benchmarks/Scripts/build-cost.py --first-build      # also a consumer's first build
    python3 Benchmarks/Scripts/build-cost.py --configurations debug \
        --plugin .build/release/BinderyMacros-tool              # the plugin's share of a debug build

It writes a consumer package (in `--work`, a temporary folder by default) that depends on the
Bindery checkout by path, with two library targets of N files each: `JSONModels`, N
ten-property structs marked `@JSONModel(keyStrategy: .snakeCase)`, and `CodableModels`, the
same structs as `Codable` with a `CodingKeys` enum naming the same snake-case keys. Then, for
each configuration, after one build of everything:

- the clean build of each module alone (every source touched, dependencies built), the median
  of `--runs` builds;
- an incremental build after touching one model's file;
- the size of the module's object files;

and, once, the lines the macro expands each model to (`-dump-macro-expansions`), and with
`--first-build` the time of a consumer's first debug build from nothing (resolution, the
dependencies, both modules). Times are wall-clock seconds on a shared machine: compare the
two modules of one run.

With `--plugin PATH` (a `BinderyMacros-tool` built in release, as SwiftPM's prebuilt
swift-syntax makes it), it also times each module's debug compile command, as `swift build
-v` shows it, run by hand: the `@JSONModel` module once with the build's own plugin and once
with the one at PATH, so that a debug build's cost is split between the plugin and the
compiler.
"""
import argparse
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent

PROPERTIES = [
    ("id", "Int", "id"),
    ("displayName", "String", "display_name"),
    ("emailAddress", "String?", "email_address"),
    ("score", "Double", "score"),
    ("isActive", "Bool", "is_active"),
    ("tags", "[String]", "tags"),
    ("createdAt", "String", "created_at"),
    ("followerCount", "Int64", "follower_count"),
    ("ratio", "Double?", "ratio"),
    ("note", "String?", "note"),
]

MANIFEST = """// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "BuildCost",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "Bindery", path: "{bindery}")],
  targets: [
    .target(name: "JSONModels", dependencies: [.product(name: "Bindery", package: "Bindery")]),
    .target(name: "CodableModels"),
  ]
)
"""


def model_source(index: int) -> str:
    members = "\n".join(f"  public var {name}: {kind}" for name, kind, _ in PROPERTIES)
    return (f"public import Bindery\n\n@JSONModel(keyStrategy: .snakeCase)\n"
            f"public struct Model{index}: Sendable {{\n{members}\n}}\n")


def codable_source(index: int) -> str:
    members = "\n".join(f"  public var {name}: {kind}" for name, kind, _ in PROPERTIES)
    cases = "\n".join(f'    case {name} = "{key}"' for name, _, key in PROPERTIES)
    return (f"public struct Model{index}: Codable, Sendable {{\n{members}\n\n"
            f"  enum CodingKeys: String, CodingKey {{\n{cases}\n  }}\n}}\n")


def run(command: list, cwd: Path, quiet: bool = True) -> float:
    started = time.monotonic()
    result = subprocess.run(command, cwd=cwd, capture_output=quiet, text=True)
    elapsed = time.monotonic() - started
    if result.returncode != 0:
        raise SystemExit(f"build-cost: {' '.join(command)} failed:\n"
                         f"{(result.stdout or '')[-3000:]}{(result.stderr or '')[-3000:]}")
    return elapsed


def touch(paths: list) -> None:
    now = time.time()
    for path in paths:
        path.touch()
        # A second later than the last build, whatever the file system's time resolution.
        import os
        os.utime(path, (now + 2, now + 2))


def object_size(work: Path, configuration: str, module: str) -> int:
    folders = list((work / ".build").glob(f"*/{configuration}/{module}.build"))
    return sum(f.stat().st_size for folder in folders for f in folder.glob("*.o"))


def expanded_lines(work: Path, models: int) -> float:
    """Lines of the macro's expansions per model, from the compiler's dump of them."""
    result = subprocess.run(
        ["swift", "build", "--target", "JSONModels", "-Xswiftc", "-Xfrontend", "-Xswiftc",
         "-dump-macro-expansions", "--scratch-path", str(work / ".build-dump")],
        cwd=work, capture_output=True, text=True)
    text = result.stdout + result.stderr
    if result.returncode != 0:
        raise SystemExit(f"build-cost: the expansion dump failed:\n{text[-3000:]}")
    # The dump prints each expansion between lines of `---` after a line naming its buffer;
    # a buffer is printed by every compiler job that expands it, so each is counted once.
    blocks = dict(re.findall(r"(@__swiftmacro_\w+\.swift)\n-+\n(.*?)\n-+", text, flags=re.S))
    lines = sum(len(block.splitlines()) for block in blocks.values() if block.strip())
    return lines / models if blocks else float("nan")


def compile_command(work: Path, module: str, files: list) -> list:
    """The compiler command `swift build -v` runs for `module`'s debug build, made to compile
    every file again when run by hand."""
    touch(files)
    result = subprocess.run(["swift", "build", "--target", module, "-v"], cwd=work,
                            capture_output=True, text=True)
    for line in (result.stdout + result.stderr).splitlines():
        # Only the command itself is split: other output may hold unbalanced quotes.
        if f"-module-name {module}" not in line or "swiftc" not in line:
            continue
        words = shlex.split(line)
        if words[0].endswith("swiftc"):
            return [word for word in words if word != "-incremental"]
    raise SystemExit(f"build-cost: no compile command for {module} in `swift build -v`")


def time_commands(work: Path, files: dict, plugin: Path, runs: int) -> None:
    codable = compile_command(work, "CodableModels", files["CodableModels"])
    own = compile_command(work, "JSONModels", files["JSONModels"])
    marker = "BinderyMacros-tool#BinderyMacros"
    swapped = [f"{plugin.resolve()}#BinderyMacros" if word.endswith(marker) else word
               for word in own]
    if swapped == own:
        raise SystemExit("build-cost: the JSONModels command loads no BinderyMacros plugin")
    commands = [("Codable + CodingKeys", codable), ("@JSONModel, the build's plugin", own),
                (f"@JSONModel, {plugin.name} given", swapped)]
    times = {name: [] for name, _ in commands}
    for _ in range(runs):
        for name, command in commands:  # alternated, so that load falls on each alike
            times[name].append(run(command, work))
    print("\n| debug compile command | median (min–max) | × Codable |")
    print("| --- | ---: | ---: |")
    base = statistics.median(times[commands[0][0]])
    for name, _ in commands:
        median = statistics.median(times[name])
        print(f"| {name} | {median:.1f} s ({min(times[name]):.1f}–{max(times[name]):.1f}) | "
              f"{median / base:.2f}× |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--bindery", type=Path, default=ROOT, help="the Bindery checkout")
    parser.add_argument("--work", type=Path, help="where to write the consumer (kept)")
    parser.add_argument("--configurations", default="debug,release")
    parser.add_argument("--first-build", action="store_true")
    parser.add_argument("--plugin", type=Path,
                        help="a release-built BinderyMacros-tool to time the debug compile with")
    arguments = parser.parse_args()

    work = arguments.work or Path(tempfile.mkdtemp(prefix="bindery-build-cost-"))
    work.mkdir(parents=True, exist_ok=True)
    (work / "Package.swift").write_text(
        MANIFEST.replace("{bindery}", str(arguments.bindery.resolve())))
    files = {"JSONModels": [], "CodableModels": []}
    for module, source in (("JSONModels", model_source), ("CodableModels", codable_source)):
        folder = work / "Sources" / module
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
        for index in range(arguments.models):
            path = folder / f"Model{index}.swift"
            path.write_text(source(index))
            files[module].append(path)

    print(f"{arguments.models} ten-property models; Bindery at {arguments.bindery.resolve()}")
    if arguments.first_build:
        shutil.rmtree(work / ".build", ignore_errors=True)
        seconds = run(["swift", "build"], work)
        print(f"first debug build from nothing (resolve, swift-syntax, Bindery, both modules): "
              f"{seconds:.0f} s")

    rows = []
    for configuration in arguments.configurations.split(","):
        run(["swift", "build", "-c", configuration], work)
        row = {"configuration": configuration}
        for module in ("CodableModels", "JSONModels"):
            clean = []
            for _ in range(arguments.runs):
                touch(files[module])
                clean.append(run(["swift", "build", "-c", configuration, "--target", module],
                                 work))
            touch(files[module][:1])
            incremental = run(
                ["swift", "build", "-c", configuration, "--target", module], work)
            row[module] = {
                "clean": statistics.median(clean), "spread": (min(clean), max(clean)),
                "incremental": incremental,
                "objects": object_size(work, configuration, module),
            }
        rows.append(row)

    print("\n| build | module | clean, median (min–max) | per model | touch one model | objects |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for row in rows:
        for module in ("CodableModels", "JSONModels"):
            cell = row[module]
            print(f"| {row['configuration']} | {module} | {cell['clean']:.1f} s "
                  f"({cell['spread'][0]:.1f}–{cell['spread'][1]:.1f}) | "
                  f"{cell['clean'] / arguments.models * 1000:.0f} ms | "
                  f"{cell['incremental']:.1f} s | {cell['objects'] / 1024:.0f} KiB |")
        ratio = row["JSONModels"]["clean"] / row["CodableModels"]["clean"]
        size = row["JSONModels"]["objects"] / max(row["CodableModels"]["objects"], 1)
        print(f"| {row['configuration']} | ratio | {ratio:.2f}× | | | {size:.2f}× |")
    print(f"\nexpanded lines per model: {expanded_lines(work, arguments.models):.0f}")
    if arguments.plugin:
        time_commands(work, files, arguments.plugin, arguments.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
