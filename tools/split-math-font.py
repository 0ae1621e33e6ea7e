#!/usr/bin/env python3
"""Splits Latin Modern Math into faces by Unicode range, so that a page
downloads only the parts of the math font its formulas use.

The whole font is 391 KB, most of it mathematical alphanumerics (bold,
fraktur, double-struck and the rest) that few essays use; a page that waits
for all of it paints seconds later on a slow phone. Each face keeps the
font's MATH table for its glyphs; the core face holds the space, ASCII and
the operators that stretch, so it is the primary font MathML layout reads
its constants from. The rest face covers every other character the font
has, so nothing the whole font drew is lost.

Run from the repository's root with fontTools and brotli installed (Debian:
python3-fonttools python3-brotli), with the whole font at the path given:

    python3 tools/split-math-font.py latinmodern-math.woff2

It writes static/fonts/latinmodern-math-*.woff2 and prints the @font-face
rules for static/css/site.css.
"""

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

# Each face: a name and its ranges, inclusive. The first holds U+0020.
FACES = [
    ("core", [(0x0000, 0x00BF), (0x00D7, 0x00D7), (0x00F7, 0x00F7), (0x2000, 0x206F),
              (0x2200, 0x23FF), (0x25A0, 0x25FF), (0x27E8, 0x27EF), (0x2A00, 0x2AFF),
              (0xFE00, 0xFE0F)]),
    # Single letters in formulas are drawn from these italics (h from U+210E).
    ("italic", [(0x210E, 0x210E), (0x1D434, 0x1D467)]),
    ("greek", [(0x0370, 0x03FF), (0x1D6E2, 0x1D71B)]),
    # The alphabets essays name sets and games with (\mathcal, \mathbb,
    # \mathbf), each with the letters the letterlike block holds for it.
    ("script", [(0x1D49C, 0x1D4CF), (0x210A, 0x210C), (0x2110, 0x2113), (0x211B, 0x211C),
                (0x212C, 0x212D), (0x212F, 0x2131), (0x2133, 0x2134)]),
    ("double-struck", [(0x1D538, 0x1D56B), (0x2102, 0x2102), (0x2115, 0x2115),
                       (0x2119, 0x211A), (0x211D, 0x211D), (0x2124, 0x2124)]),
    ("bold", [(0x1D400, 0x1D433)]),
]
OUT = Path("static/fonts")


def ranges_css(points):
    """`U+…` ranges for a sorted list of code points, runs joined."""
    runs, start, prev = [], None, None
    for p in points:
        if start is None:
            start = prev = p
        elif p == prev + 1:
            prev = p
        else:
            runs.append((start, prev))
            start = prev = p
    if start is not None:
        runs.append((start, prev))
    return ", ".join(f"U+{a:04X}" if a == b else f"U+{a:04X}-{b:04X}" for a, b in runs)


def main(source):
    covered = sorted(TTFont(source).getBestCmap())
    taken = set()
    faces = []
    for name, ranges in FACES:
        points = [p for p in covered if any(a <= p <= b for a, b in ranges)]
        taken.update(points)
        faces.append((name, points))
    faces.append(("rest", [p for p in covered if p not in taken]))
    for name, points in faces:
        options = subset.Options()
        options.flavor = "woff2"
        options.layout_features = ["*"]
        options.drop_tables += ["FFTM"]
        font = TTFont(source, recalcTimestamp=False)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=points)
        subsetter.subset(font)
        out = OUT / f"latinmodern-math-{name}.woff2"
        font.flavor = "woff2"
        font.save(out)
        print(f"/* {name}: {len(points)} characters, {out.stat().st_size} bytes */")
        print("@font-face {")
        print('  font-family: "Latin Modern Math";')
        print(f'  src: url("../fonts/{out.name}") format("woff2");')
        print("  font-display: swap;")
        print(f"  unicode-range: {ranges_css(points)};")
        print("}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: split-math-font.py PATH-TO-latinmodern-math.woff2")
    main(sys.argv[1])
