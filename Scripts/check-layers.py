#!/usr/bin/env python3
"""Checks that the folders of each module depend one way: no folder uses a type or global
function declared in a folder that uses it back, directly or through others.

    Scripts/check-layers.py            # prints each module's folder order, fails on a cycle
    Scripts/check-layers.py --graph    # also prints every dependency between folders

A folder depends on another when one of its files names a type, protocol, type alias or global
function declared in the other (comments and string literals are ignored). Members added in an
extension are not tracked: an extension lives with the folder whose feature it is.
"""
import re
import sys
from pathlib import Path

MODULES = ["Sources/BinderyJSON", "Sources/Bindery"]
DECLARATION = re.compile(
    r"^(?:@[\w()., :\"]+\s+)*(?:(?:public|package|internal|private|fileprivate|open|final|"
    r"indirect|nonisolated|@usableFromInline|@inlinable)\s+)*"
    r"(?:struct|class|enum|protocol|actor|typealias|func)\s+([A-Za-z_][A-Za-z0-9_]*)",
    re.M,
)
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def code_only(text: str) -> str:
    """The text without comments and string literals."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r'#+"""(?:.|\n)*?"""#+', '""', text)
    text = re.sub(r'"""(?:.|\n)*?"""', '""', text)
    text = re.sub(r'#+"(?:[^"\n])*"#+', '""', text)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    return text


def folder_of(module: Path, file: Path) -> str:
    relative = file.relative_to(module)
    return relative.parts[0] if len(relative.parts) > 1 else "."


def check(module: Path, show_graph: bool) -> bool:
    files = [f for f in module.rglob("*.swift")]
    declared: dict[str, str] = {}
    texts: dict[Path, str] = {}
    for file in files:
        text = code_only(file.read_text())
        texts[file] = text
        # Only top-level declarations (at the start of a line, not indented) are a folder's:
        # members and nested types share names across folders.
        for match in DECLARATION.finditer(text):
            declared.setdefault(match.group(1), folder_of(module, file))
    edges: dict[str, dict[str, set[str]]] = {}
    for file, text in texts.items():
        folder = folder_of(module, file)
        for name in set(IDENTIFIER.findall(text)):
            other = declared.get(name)
            if other and other != folder:
                edges.setdefault(folder, {}).setdefault(other, set()).add(
                    f"{file.relative_to(module)} uses {name}")
    folders = sorted({folder_of(module, f) for f in files})
    # Order folders so that each comes after what it uses; a cycle stops the order.
    order: list[str] = []
    remaining = set(folders)
    while remaining:
        ready = sorted(f for f in remaining if not (set(edges.get(f, {})) & remaining))
        if not ready:
            break
        order.extend(ready)
        remaining -= set(ready)
    print(f"{module}: " + " -> ".join(order))
    if show_graph:
        for folder in folders:
            for other, reasons in sorted(edges.get(folder, {}).items()):
                print(f"  {folder} uses {other}: {', '.join(sorted(reasons)[:3])}")
    if remaining:
        print(f"  folders that use each other: {', '.join(sorted(remaining))}")
        for folder in sorted(remaining):
            for other, reasons in sorted(edges.get(folder, {}).items()):
                if other in remaining:
                    print(f"    {folder} uses {other}: {', '.join(sorted(reasons)[:4])}")
        return False
    return True


def main() -> int:
    root = Path(__file__).resolve().parent.parent
    show_graph = "--graph" in sys.argv
    ok = all([check(root / module, show_graph) for module in MODULES])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
