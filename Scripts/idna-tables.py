#!/usr/bin/env python3
"""Writes the IDNA data the schema validator's `hostname`, `idn-hostname` and `idn-email`
formats need and that the standard library's scalar properties do not carry, and the fixtures
the tests compare the validator with.

- Sources/Bindery/SchemaValidation/SchemaIDNATables.swift: the Bidi_Class (RFC 5893) and
  Joining_Type (RFC 5892 A.1) of the scalars IDNA2008 allows in a label, where they differ from
  what the general category implies (NSM / T for marks, L otherwise).
- Tests/BinderyTests/Fixtures/idna-derived-property.json: the `idna` package's PVALID,
  CONTEXTJ and CONTEXTO ranges (RFC 5892's derived property), which the validator computes
  from scalar properties instead of a table.
- Tests/BinderyTests/Fixtures/idna-label-cases.json: random labels over scripts with
  contextual and bidirectional rules, with the `idna` package's verdict on each.

Run from the repository root: python3 Scripts/idna-tables.py. It installs the pinned `idna`
and `unicodedata2` (Unicode 17.0, the standard library's version) into a scratch folder.
"""
import json
import os
import random
import subprocess
import sys
import tempfile

UNICODE = "17.0.0"
scratch = os.path.join(tempfile.gettempdir(), "bindery-idna-tables")
if not os.path.isdir(os.path.join(scratch, "unicodedata2")):
    subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", "--target",
                           scratch, "idna==3.13", f"unicodedata2=={UNICODE}"])
sys.path.insert(0, scratch)

import idna  # noqa: E402
import idna.core  # noqa: E402
import idna.idnadata as idnadata  # noqa: E402
import unicodedata  # noqa: E402
import unicodedata2  # noqa: E402

assert unicodedata2.unidata_version == UNICODE, unicodedata2.unidata_version
assert idnadata.__version__ == UNICODE, idnadata.__version__

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def ranges(table):
    for packed in table:
        yield packed >> 32, packed & 0xFFFFFFFF


classes = {name: list(ranges(idnadata.codepoint_classes[name]))
           for name in ("PVALID", "CONTEXTJ", "CONTEXTO")}
allowed = sorted({cp for spans in classes.values() for start, end in spans
                  for cp in range(start, end)})

BIDI = ["L", "R", "AL", "AN", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"]
JOINING = ["U", "L", "R", "D", "T", "C"]
DEFAULT = 0xFF


def is_mark(cp):
    return unicodedata2.category(chr(cp)) in ("Mn", "Me")


def runs(value):
    """(start, value) pairs over the allowed scalars above ASCII, `DEFAULT` where the value is
    the one the general category implies; a run lasts until the next one starts (scalars not
    allowed in a label fall in whichever run is open, as nothing asks for them)."""
    out = []
    for cp in allowed:
        if cp < 0x80:
            continue
        v = value(cp)
        if not out or out[-1][1] != v:
            out.append((cp, v))
    return out


def bidi(cp):
    found = unicodedata2.bidirectional(chr(cp))
    implied = "NSM" if is_mark(cp) else "L"
    return DEFAULT if found == implied else BIDI.index(found)


joining_types = idnadata.joining_types()


def joining(cp):
    found = chr(joining_types.get(cp, ord("U")))
    implied = "T" if is_mark(cp) else "U"
    return DEFAULT if found == implied else JOINING.index(found)


def swift_table(name, pairs):
    packed = [(start << 8) | value for start, value in pairs]
    words = [f"0x{word >> 16:04X}_{word & 0xFFFF:04X}" for word in packed]
    lines = []
    for i in range(0, len(words), 6):
        lines.append("    " + ", ".join(words[i:i + 6]) + ",")
    return f"  static let {name}: [UInt32] = [\n" + "\n".join(lines) + "\n  ]\n"


bidi_runs = runs(bidi)
joining_runs = runs(joining)
swift = f"""// Written by Scripts/idna-tables.py from Unicode {UNICODE}; do not edit.

/// Bidi_Class and Joining_Type runs of the scalars IDNA2008 allows in a label, above ASCII.
///
/// Each entry is `start << 8 | value`: the run lasts until the next entry's start. A value of
/// `0xFF` means the one the general category implies (a nonspacing or enclosing mark is NSM and
/// transparent, any other scalar L and non-joining); other values index `IDNA.BidiClass` and
/// `IDNA.JoiningType`. Scalars IDNA2008 disallows fall in whichever run is open.
enum IDNATables {{
{swift_table("bidiClasses", bidi_runs)}
{swift_table("joiningTypes", joining_runs)}}}
"""
with open(os.path.join(ROOT, "Sources/Bindery/SchemaValidation/SchemaIDNATables.swift"), "w") as f:
    f.write(swift)

fixtures = os.path.join(ROOT, "Tests/BinderyTests/Fixtures")
with open(os.path.join(fixtures, "idna-derived-property.json"), "w") as f:
    json.dump({"unicode": UNICODE,
               **{name: [[start, end - 1] for start, end in spans]
                  for name, spans in classes.items()}}, f, separators=(",", ":"))
    f.write("\n")

# Random labels. The `idna` package reads Bidi_Class and the general category from Python's own
# `unicodedata`, which may be an older Unicode: the pool keeps scalars on which both agree.
chosen = (
    "abcxyz019-l"
    "\u00b7\u0375\u03b1\u03b2\u05d0\u05d1\u05f3\u05f4\u30fb\u3041\u30a1\u4e08\uc2e4"
    "\u0628\u064a\u0627\u0644\u0645\u0660\u0661\u06f0\u06f1\u064b\u0651\u0670"
    "\u200c\u200d\u0915\u094d\u0937\u0930\u09cd\u0995\u0301\u0903\u0488"
    "\u00df\u03c2\u0f0b\u3007\u06fd\u06fe\u0640\u07fa\u302e\u3031"
    "\u0710\u0712\u0780\u07ca\ua872\u0882\u00e9\u0436\u05b0\u0666\u06f5\u0966"
)


def stable(cp):
    c = chr(cp)
    return (unicodedata.category(c) == unicodedata2.category(c)
            and unicodedata.bidirectional(c) == unicodedata2.bidirectional(c)
            and unicodedata.combining(c) == unicodedata2.combining(c))


rng = random.Random(5892)
pool = [ord(c) for c in chosen]
pool += [cp for cp in rng.sample(allowed, 120) if stable(cp)]
pool = [cp for cp in pool if stable(cp)]


def verdict(label):
    try:
        idna.core.check_label(label)
        return len(b"xn--" + label.encode("punycode")) <= 63
    except (idna.IDNAError, ValueError):
        return False


cases = []
seen = set()
while len(cases) < 3000:
    label = "".join(chr(rng.choice(pool)) for _ in range(rng.randint(1, 6)))
    if label.isascii() or label in seen:
        continue
    if unicodedata.normalize("NFC", label) != label:
        continue
    seen.add(label)
    valid = verdict(label)
    cases.append([label, valid])
    if rng.random() < 0.3:
        cases.append(["xn--" + label.encode("punycode").decode("ascii"), valid])

with open(os.path.join(fixtures, "idna-label-cases.json"), "w") as f:
    json.dump({"unicode": UNICODE, "idna": idna.__version__, "cases": cases}, f,
              ensure_ascii=False, indent=0)
    f.write("\n")
print(f"bidi runs {len(bidi_runs)}, joining runs {len(joining_runs)}, cases {len(cases)},",
      f"valid {sum(1 for _, v in cases if v)}")
