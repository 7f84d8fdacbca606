#!/usr/bin/env python3
"""Checks what a package that depends on Bindery resolves: swift-syntax and nothing else.

    Scripts/check-dependents.py              # resolve a scratch dependent, fail on extra packages
    Scripts/check-dependents.py --keep DIR   # write the dependent into DIR and leave it there

The dependent is a one-target package that uses the products `Bindery`, `BinderyJSON` and
`BinderyRemote` of this repository (by path, without traits). SwiftPM resolves every package
that some product of a dependency needs, whichever products the dependent uses, so one
dependent covers every product that is not behind a trait. The script prints the packages it
resolved and the size of their checkouts.
"""
import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = {"swift-syntax"}

MANIFEST = """// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Dependent",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "Bindery", path: "{root}")],
  targets: [
    .executableTarget(
      name: "Dependent",
      dependencies: [
        .product(name: "Bindery", package: "Bindery"),
        .product(name: "BinderyJSON", package: "Bindery"),
        .product(name: "BinderyRemote", package: "Bindery"),
      ])
  ]
)
"""

MAIN = """import Bindery
import BinderyJSON
import BinderyRemote

@JSONModel
struct User {
  var login: String
  var id: Int
}

print(try User(json: #"{"login": "ada", "id": 1}"#).login)
"""


def directory_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="write the dependent here and keep it")
    arguments = parser.parse_args()

    folder = arguments.keep or Path(tempfile.mkdtemp(prefix="bindery-dependent-"))
    try:
        (folder / "Sources" / "Dependent").mkdir(parents=True, exist_ok=True)
        (folder / "Package.swift").write_text(MANIFEST.replace("{root}", str(ROOT)))
        (folder / "Sources" / "Dependent" / "main.swift").write_text(MAIN)
        result = subprocess.run(
            ["swift", "package", "resolve"], cwd=folder, capture_output=True, text=True)
        if result.returncode != 0:
            print(result.stdout + result.stderr, file=sys.stderr)
            print("error: the dependent did not resolve", file=sys.stderr)
            return 1
        checkouts = folder / ".build" / "checkouts"
        resolved = sorted(p.name for p in checkouts.iterdir()) if checkouts.exists() else []
        size = sum(directory_size(checkouts / name) for name in resolved)
        print(f"a dependent of Bindery resolves {len(resolved)} package(s), "
              f"{size / 1e6:.0f} MB of checkouts: {', '.join(resolved)}")
        extra = [name for name in resolved if name not in ALLOWED]
        if extra:
            print(f"error: a dependent of Bindery also resolves {', '.join(extra)}; put what "
                  "needs them behind a package trait", file=sys.stderr)
            return 1
        return 0
    finally:
        if arguments.keep is None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
