#!/usr/bin/env python3
"""font_gen.py - turn tools/font_art.txt (mote8's hand-drawn font) into runtime/core/font_data.c.

The art file holds one block per character 16-255:
    @ <code> <name...>      header: decimal or 0x-hex code, then a free-form name
    five rows of '#' (ink) and '.' (blank); 3 columns for codes < 128, 7 for codes >= 128
Lines starting with ';' and blank lines are ignored. Codes 0-15 are control codes and stay zero.

Output: a const-initialised `m8_font_glyphs[256][8]` (font.h): 8 bytes per glyph, one per
row top to bottom, bit 0 = leftmost pixel; rows 5-7 are zero.

Usage: tools/font_gen.py [--art FILE] [--out FILE] [--check]
  --check  do not write; exit 1 if the output file is not what the art would generate.
Depends on: Python 3 standard library only.
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_ART = os.path.join(ROOT, "tools", "font_art.txt")
DEFAULT_OUT = os.path.join(ROOT, "runtime", "core", "font_data.c")

ROWS = 5
HEADER = re.compile(r"^@\s*(0[xX][0-9a-fA-F]+|\d+)\s*(.*)$")


class ArtError(Exception):
    pass


def width_for(code):
    return 3 if code < 128 else 7


def load_art(path):
    """Return {code: (name, [row strings])} for every code 16-255; raise ArtError on bad art."""
    glyphs = {}
    cur = None
    with open(path, encoding="utf-8") as f:
        for lineno, raw in enumerate(f, 1):
            line = raw.rstrip("\r\n").rstrip()
            where = "%s:%d" % (path, lineno)
            if not line or line.startswith(";"):
                continue
            m = HEADER.match(line)
            if m:
                code = int(m.group(1), 0)
                if not 16 <= code <= 255:
                    raise ArtError("%s: code %d outside 16-255" % (where, code))
                if code in glyphs:
                    raise ArtError("%s: code %d defined twice" % (where, code))
                cur = code
                glyphs[code] = (m.group(2).strip(), [])
                continue
            if cur is None:
                raise ArtError("%s: pixel row before any '@' header" % where)
            rows = glyphs[cur][1]
            w = width_for(cur)
            if len(rows) >= ROWS:
                raise ArtError("%s: code %d has more than %d rows" % (where, cur, ROWS))
            if len(line) != w or set(line) - set("#."):
                raise ArtError("%s: code %d row must be exactly %d of '#'/'.', got %r"
                               % (where, cur, w, line))
            rows.append(line)
    missing = [c for c in range(16, 256) if c not in glyphs]
    if missing:
        raise ArtError("%s: missing codes %s" % (path, missing))
    short = [c for c, (_, rows) in glyphs.items() if len(rows) != ROWS]
    if short:
        raise ArtError("%s: codes with fewer than %d rows: %s" % (path, ROWS, short))
    return glyphs


def glyph_bytes(rows):
    out = []
    for row in rows:
        b = 0
        for x, ch in enumerate(row):
            if ch == "#":
                b |= 1 << x
        out.append(b)
    return out + [0] * (8 - len(out))


def all_glyph_bytes(glyphs):
    """256 lists of 8 ints; entries 0-15 are zero."""
    return [glyph_bytes(glyphs[c][1]) if c in glyphs else [0] * 8 for c in range(256)]


def comment_name(code, name):
    if code < 16:
        return "control"
    text = name if name else chr(code)
    return text.replace("*/", "* /").replace("/*", "/ *").replace("\\", "backslash")


def render_c(glyphs):
    data = all_glyph_bytes(glyphs)
    out = [
        "/* font_data.c - mote8's built-in font as C data (see font.h for the layout).",
        " *",
        " * GENERATED FILE - do not edit. Generated from tools/font_art.txt by tools/font_gen.py;",
        " * edit the art and re-run `python3 tools/font_gen.py`. The glyphs are mote8's own",
        " * drawings (docs/font.md), not a copy of PICO-8's or any emulator's font.",
        " * Depends on: font.h. */",
        '#include "font.h"',
        "",
        "const uint8_t m8_font_glyphs[256][8] = {",
    ]
    for code in range(256):
        hexes = ",".join("0x%02x" % b for b in data[code])
        name = comment_name(code, glyphs[code][0] if code in glyphs else "")
        out.append("    /* 0x%02x %s */ {%s}," % (code, name, hexes))
    out.append("};")
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--art", default=DEFAULT_ART)
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    try:
        glyphs = load_art(args.art)
    except (ArtError, OSError) as e:
        print("font_gen: %s" % e, file=sys.stderr)
        return 1
    text = render_c(glyphs)
    if args.check:
        try:
            with open(args.out, encoding="utf-8") as f:
                same = f.read() == text
        except OSError:
            same = False
        if not same:
            print("font_gen: %s is out of date; run tools/font_gen.py" % args.out, file=sys.stderr)
            return 1
        return 0
    tmp = args.out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
