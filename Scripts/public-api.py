#!/usr/bin/env python3
"""Lists the public API of each library product, one declaration per line, into API/*.txt, so
that a change of surface shows in review.

    Scripts/public-api.py                # rewrite API/*.txt from the build
    Scripts/public-api.py --check        # fail when the build's API differs from API/*.txt

The declarations come from the symbol graphs of the debug build with every package trait, in
`.build-traits` (`swift package dump-symbol-graph`, which builds what is missing): every public
symbol, those hidden from the documentation and extensions to other modules' types included.
"""
import json
import subprocess
import sys
from pathlib import Path

MODULES = [
    "BinderyJSON", "Bindery", "BinderyRemote", "BinderyAsyncHTTPClient", "BinderyNIO",
    "BinderyHummingbird", "BinderyVapor",
]
ROOT = Path(__file__).resolve().parent.parent
SCRATCH = ROOT / ".build-traits"


def symbol_graphs() -> Path:
    subprocess.run(
        # Private as the minimum, so that public symbols hidden from the documentation
        # (`@_documentation(visibility: private)`) are listed too; the rest is filtered below.
        # The traits build the adapters, which are empty without them; in the build folder
        # that CI keeps for the traits, so that the one without them is not rebuilt.
        ["swift", "package", "--enable-all-traits", "--scratch-path", str(SCRATCH),
         "dump-symbol-graph",
         "--minimum-access-level", "private",
         "--skip-synthesized-members"],
        cwd=ROOT, check=True, capture_output=True, text=True)
    found = sorted(SCRATCH.glob("*/symbolgraph"))
    if not found:
        raise SystemExit("public-api: swift package dump-symbol-graph wrote no symbol graphs")
    return found[0]


def declarations(module: str, graphs: Path) -> list[str]:
    lines = set()
    for graph in sorted(graphs.glob(f"{module}.symbols.json")) + sorted(
            graphs.glob(f"{module}@*.symbols.json")):
        extended = graph.name.split("@")[1].split(".")[0] if "@" in graph.name else None
        data = json.loads(graph.read_text())
        for symbol in data["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            fragments = symbol.get("declarationFragments", [])
            declaration = " ".join("".join(f["spelling"] for f in fragments).split())
            path = ".".join(symbol["pathComponents"])
            if extended:
                path = f"{extended}.{path}"
            lines.add(f"{path}: {declaration}")
    return sorted(lines)


def main() -> int:
    check = "--check" in sys.argv
    graphs = symbol_graphs()
    api_dir = ROOT / "API"
    api_dir.mkdir(exist_ok=True)
    changed = []
    for module in MODULES:
        text = "\n".join(declarations(module, graphs)) + "\n"
        listing = api_dir / f"{module}.txt"
        if check:
            if not listing.exists() or listing.read_text() != text:
                changed.append(module)
                old = listing.read_text().splitlines() if listing.exists() else []
                new = text.splitlines()
                for line in sorted(set(old) - set(new))[:20]:
                    print(f"  - {module}: {line}")
                for line in sorted(set(new) - set(old))[:20]:
                    print(f"  + {module}: {line}")
        else:
            listing.write_text(text)
    if changed:
        print(
            "public-api: the public API of " + ", ".join(changed) + " differs from API/*.txt; "
            "if the change is meant, run Scripts/public-api.py and commit API/.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
