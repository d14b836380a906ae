#!/usr/bin/env python3
"""font_preview.py - render mote8's built-in font to a PNG for eyeballing.

Reads the glyph bytes from runtime/core/font_data.c (so it shows exactly what the runtime
will draw), lays out all 256 glyphs in a 16x16 grid of 8x6 cells (pixel grid drawn in light
grey, 3x5 / 7x5 glyph box shaded), and below it a few sample lines printed with the real
advances (4 px for codes < 128, 8 px above) and 6 px line height.

Usage: tools/font_preview.py [--src runtime/core/font_data.c] [--out /tmp/font_preview.png]
                             [--scale 4] [--text "extra sample line" ...]
Depends on: Python 3 standard library only (zlib + struct PNG writer).
"""
import argparse
import os
import re
import struct
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

BG = (255, 255, 255)
BOX = (232, 236, 248)      # the 3x5 / 7x5 area a glyph may use
GRID = (210, 210, 210)
CELL = (120, 120, 140)
INK = (20, 20, 30)
TEXT_BG = (29, 43, 83)     # sample text: light ink on dark blue, like a cart screen
TEXT_INK = (255, 241, 232)

SAMPLES = [
    "the quick brown fox jumps over the lazy dog",
    "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG",
    "0123456789 !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
    "score: 12,345  lives x3  hi-score 99999",
    "press \x97 to start, \x8e to jump",
    "\x8b\x94\x83\x91 \x87\x92\x80\x81\x84\x98\x99 \x8c\x82\x89\x8d\x8a",
    "Mote8 Puny Text: Hello, World!",
]


def load_glyphs(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    rows = re.findall(r"\{((?:\s*0x[0-9a-fA-F]{2}\s*,?){8})\}", text)
    if len(rows) != 256:
        sys.exit("font_preview: expected 256 glyph rows in %s, found %d" % (path, len(rows)))
    return [[int(v, 16) for v in re.findall(r"0x[0-9a-fA-F]{2}", r)] for r in rows]


class Canvas:
    def __init__(self, w, h, color):
        self.w, self.h = w, h
        self.px = [bytearray(bytes(color) * w) for _ in range(h)]

    def rect(self, x, y, w, h, color):
        c = bytes(color)
        for yy in range(max(0, y), min(self.h, y + h)):
            row = self.px[yy]
            x0, x1 = max(0, x), min(self.w, x + w)
            if x1 > x0:
                row[x0 * 3:x1 * 3] = c * (x1 - x0)

    def png(self, path):
        raw = b"".join(b"\x00" + bytes(r) for r in self.px)

        def chunk(tag, data):
            body = tag + data
            return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xffffffff)

        with open(path, "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n")
            f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", self.w, self.h, 8, 2, 0, 0, 0)))
            f.write(chunk(b"IDAT", zlib.compress(raw, 9)))
            f.write(chunk(b"IEND", b""))


def draw_glyph(cv, glyph, ox, oy, s, ink, wide):
    for y in range(8):
        for x in range(8 if wide else 4):
            if glyph[y] >> x & 1:
                cv.rect(ox + x * s, oy + y * s, s, s, ink)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", default=os.path.join(ROOT, "runtime", "core", "font_data.c"))
    ap.add_argument("--out", default="/tmp/font_preview.png")
    ap.add_argument("--scale", type=int, default=4)
    ap.add_argument("--text", action="append", default=[])
    ap.add_argument("--codes", default="0-255", help="code range to draw, e.g. 154-203")
    ap.add_argument("--cols", type=int, default=16, help="glyphs per grid row")
    ap.add_argument("--no-samples", action="store_true")
    args = ap.parse_args(argv)
    glyphs = load_glyphs(args.src)
    s = args.scale
    pitch = s + 1                       # one screen pixel + 1 grid line
    cw, ch = 8 * pitch + 3, 6 * pitch + 3   # cell incl. a thicker separator
    c0, c1 = (int(v, 0) for v in args.codes.split("-"))
    cols = args.cols
    nrows = (c1 - c0) // cols + 1
    grid_w, grid_h = cols * cw + 3, nrows * ch + 3

    samples = [] if args.no_samples else SAMPLES
    samples = samples + [t.encode("latin-1", "replace").decode("latin-1") for t in args.text]
    ts = s                              # sample text scale (no grid)
    text_w = max([sum(4 if ord(c) < 128 else 8 for c in line) for line in samples] + [0]) * ts + 4 * ts
    text_h = (len(samples) * 6 + 3) * ts if samples else 0
    W = max(grid_w, text_w) + 6
    H = grid_h + 6 + text_h + 6
    cv = Canvas(W, H, BG)

    cv.rect(0, 0, grid_w, grid_h, CELL)
    for code in range(c0, c1 + 1):
        cx = 3 + ((code - c0) % cols) * cw
        cy = 3 + ((code - c0) // cols) * ch
        wide = code >= 128
        cv.rect(cx, cy, cw - 3, ch - 3, GRID)
        for y in range(6):
            for x in range(8):
                inbox = y < 5 and x < (7 if wide else 3)
                if x >= 4 and not wide:
                    color = GRID
                else:
                    color = BOX if inbox else BG
                cv.rect(cx + x * pitch, cy + y * pitch, s, s, color)
        g = glyphs[code]
        for y in range(8):
            for x in range(8):
                if g[y] >> x & 1:
                    cv.rect(cx + x * pitch, cy + y * pitch, s, s, INK)

    ty = grid_h + 6
    cv.rect(0, ty, text_w, text_h, TEXT_BG)
    for i, line in enumerate(samples):
        x = 2 * ts
        y = ty + (1 + i * 6) * ts
        for c in line:
            code = ord(c) & 0xff
            draw_glyph(cv, glyphs[code], x, y, ts, TEXT_INK, code >= 128)
            x += (4 if code < 128 else 8) * ts
    cv.png(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
