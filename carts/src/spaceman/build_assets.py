#!/usr/bin/env python3
"""build_assets.py - writes the sprite, flag, sound and music sections of carts/spaceman.p8.

The art is the ASCII below (one hex colour digit per pixel, '.' = 0), the 16 cave edge
tiles are composed from a rock texture and the mask rules, and sounds are written in a small
note notation (see `note_word`). The cart's __lua__ section is kept as it is; everything
after it is regenerated.

Regenerate:  python3 carts/src/spaceman/build_assets.py   (from the repository root)
"""
import os
import re

CART = os.path.join(os.path.dirname(__file__), "..", "..", "spaceman.p8")

# ---------------------------------------------------------------- sprites (8x8, hex colours)
SPRITES = {
    # hero facing right: white suit, blue visor, grey backpack
    1: """
...777..
..77cc7.
..7cc1c7
.6677777
.6677776
.667777.
..77.77.
..66.66.
""",
    # hero thrusting, two flame frames under the backpack
    2: """
...777..
..77cc7.
..7cc1c7
.6677777
.6677776
.667777.
.a77.77.
.966.66.
""",
    3: """
...777..
..77cc7.
..7cc1c7
.6677777
.6677776
.667777.
9a77.77.
a.66.66.
""",
    # crystal, plain and glinting
    5: """
...c....
..c7c...
.cc7cc..
.c7ccdc.
.ccccdc.
..ccdc..
...cd...
........
""",
    6: """
...c..7.
..c7c.a.
.cc77c..
.c7ccdc.
.ccccdc.
..ccdc..
...cd...
........
""",
    # exit hatch: closed, then two frames of the open swirl
    7: """
.555555.
56666665
56d55d65
56555565
56555565
56d55d65
56666665
.555555.
""",
    8: """
.555555.
56666665
56b33b65
563bb365
563bb365
56b33b65
56666665
.555555.
""",
    9: """
.555555.
56666665
563bb365
56b33b65
56b33b65
563bb365
56666665
.555555.
""",
    # alien blob, two tentacle frames
    10: """
..2222..
.2eeee2.
2e7ee7e2
2e0ee0e2
2eeeeee2
.2e88e2.
2.2..2.2
........
""",
    11: """
..2222..
.2eeee2.
2e7ee7e2
2e0ee0e2
2eeeeee2
.2eeee2.
.2.22.2.
........
""",
    # landing pod marking the start
    12: """
...66...
..6cc6..
.66cc66.
.677776.
.6d77d6.
.666666.
.5.55.5.
5..55..5
""",
    # status bar icons: life heart, oxygen tank
    13: """
........
.88.88..
8878888.
8888888.
.88888..
..888...
...8....
........
""",
    14: """
...55...
..5665..
.c6666c.
.cc66cc.
.cc66cc.
.cc66cc.
.cccccc.
........
""",
    # solid rock with pebbles and cracks (variants of the all-closed tile): rock colours
    # only (1, 5, d, 0), never the crystals' blue or the aliens' pink
    32: """
11111111
11155111
1156d511
11555111
11111111
1111d111
11111111
11111111
""",
    33: """
11111111
11101111
11110111
11110011
1111d101
1d11110d
111111d1
11111111
""",
    34: """
11111111
11111111
11d11111
1111111d
11115511
1115dd51
11115511
11111111
""",
    35: """
11111111
1d111111
11111111
11111551
11111d51
11111111
11d11111
11111111
""",
    # background scenery in open cave (no collision): dust, a pebble, a crack, two
    # pebbles; dark blue and grey only, small and low contrast, so they never read as a
    # crystal (bright blue) or an alien (pink)
    36: """
........
.....1..
........
..1.....
........
......1.
...1....
........
""",
    37: """
........
........
........
...55...
..5551..
...11...
........
........
""",
    38: """
........
.1......
..1.....
..11....
....1...
....11..
......1.
........
""",
    39: """
........
........
.51.....
.11.....
........
.....5..
....51..
........
""",
}

# rock texture for the inside of a cave wall tile
ROCK = """
11111111
11511111
11111d11
11111111
1d111151
11111111
11151111
11111111
"""

EDGE0 = 16            # tile for mask m is EDGE0 + m (closed neighbours: n=1, e=2, s=4, w=8)
SOLID_TILES = list(range(16, 36))   # flag 0 = rock


def rows(art):
    lines = [l for l in art.strip("\n").split("\n")]
    assert len(lines) == 8 and all(len(l) == 8 for l in lines), art
    return [[0 if ch == "." else int(ch, 16) for ch in l] for l in lines]


def edge_tile(mask):
    """Rock texture with a lit rim on every open side and rounded outer corners."""
    tex = rows(ROCK)
    open_n, open_e = not mask & 1, not mask & 2
    open_s, open_w = not mask & 4, not mask & 8
    out = []
    for y in range(8):
        row = []
        for x in range(8):
            d = []   # distances to the open sides
            if open_n: d.append(("n", y))
            if open_s: d.append(("s", 7 - y))
            if open_w: d.append(("w", x))
            if open_e: d.append(("e", 7 - x))
            near = [s for s, v in d if v == 0]
            dist = min([v for s, v in d], default=9)
            if len(near) >= 2:
                c = 0                      # rounded corner between two open sides
            elif dist == 0:
                c = 6 if near[0] == "n" else 13
            elif dist == 1:
                c = 13 if any(s == "n" and v == 1 for s, v in d) else 5
            else:
                c = tex[y][x]
            row.append(c)
        out.append(row)
    # soften corners: the pixel diagonal-in from a rounded corner
    for (cx, cy, a, b) in ((0, 0, "n", "w"), (7, 0, "n", "e"), (0, 7, "s", "w"), (7, 7, "s", "e")):
        sides = {"n": open_n, "s": open_s, "w": open_w, "e": open_e}
        if sides[a] and sides[b]:
            ix, iy = (1 if cx == 0 else 6), (1 if cy == 0 else 6)
            out[iy][ix] = 13
    return out


def sheet():
    grid = [[0] * 128 for _ in range(64)]
    def put(n, px):
        sx, sy = (n % 16) * 8, (n // 16) * 8
        for y in range(8):
            for x in range(8):
                grid[sy + y][sx + x] = px[y][x]
    for n, art in SPRITES.items():
        put(n, rows(art))
    for m in range(16):
        put(EDGE0 + m, edge_tile(m))
    return grid


# ---------------------------------------------------------------- sounds
# A note is  PITCH[OCTAVE][wW][vV][fF]  e.g. "c3", "d#4v3", "a2w6f5";  "." is a rest,
# "-" repeats the previous note (a held note), "-f5" the same with an effect. Waves: 0 sine 1 triangle-saw 2 saw 3 square
# 4 pulse 5 organ 6 noise 7 phaser. Effects: 1 slide 2 vibrato 3 drop 4 fade in 5 fade out.
NAMES = {"c": 0, "c#": 1, "d": 2, "d#": 3, "e": 4, "f": 5, "f#": 6, "g": 7, "g#": 8,
         "a": 9, "a#": 10, "b": 11}
NOTE = re.compile(r"^([a-g]#?)(\d)(?:w(\d))?(?:v(\d))?(?:f(\d))?$")


def sfx_line(speed, notes, wave, vol, fx=0, loop=(0, 0)):
    toks = notes.split()
    assert len(toks) <= 32, notes
    out, prev = [], None
    for t in toks:
        if t == ".":
            prev_rest = (0, 0, 0, 0)
            out.append(prev_rest)
            prev = None
            continue
        if t[0] == "-":
            assert prev and re.match(r"^-(f\d)?$", t), notes
            out.append((prev[0], prev[1], prev[2], int(t[2]) if len(t) > 1 else 0))
            continue
        m = NOTE.match(t)
        assert m, t
        pitch = NAMES[m.group(1)] + 12 * int(m.group(2))
        assert 0 <= pitch <= 63, t
        w = int(m.group(3)) if m.group(3) else wave
        v = int(m.group(4)) if m.group(4) else vol
        f = int(m.group(5)) if m.group(5) else fx
        prev = (pitch, w, v, f)
        out.append(prev)
    out += [(0, 0, 0, 0)] * (32 - len(out))
    head = "%02x%02x%02x%02x" % (0, speed, loop[0], loop[1])
    return head + "".join("%02x%x%x%x" % n for n in out)


# sound effects 0-7 and 18 (named in the cart's main tab)
SFX = {
    0: (4, "c3 e3 g3 c4 e4 g4 c5f5", 4, 5),                      # crystal
    1: (5, "c4w2f1 a3w2 f3w2 d3w6 c3w6 a2w6 f2w6f5", 2, 6),    # crash / life lost
    2: (7, "e3 g#3 b3 e4 g#4 b4 e4f5 -f5", 5, 5),              # exit opens
    3: (8, "c4 . e4 . g4 . c5 - - . g4 . c5 - - -f5", 4, 5),   # level clear
    4: (16, "g3 f3 e3 d#3 - - d3f5 -", 1, 5),                  # game over
    5: (5, "a4 . a4 .", 3, 3),                                 # oxygen low
    6: (5, "c4 g4 c5f5", 4, 5),                                # start
    7: (3, "c2w6v4 c1w6v2f5", 6, 4),                           # bump into rock
    18: (2, "d#1 f1 d#1 f1 d#1 f1 d#1 f1", 6, 2),              # jetpack hiss (repeated)
}

# music sfx: title tune (8-11) and cave loop (12-17)
TITLE_SPEED, CAVE_SPEED = 15, 22
MUSIC_SFX = {
    # title melody A, B (square lead)
    8: (TITLE_SPEED, "a3 . c4 . e4 . d4 c4 b3 . g3 . a3 - - . e4 . g4 . a4 . g4 e4 d4 . e4 . c4 - - .", 3, 4),
    9: (TITLE_SPEED, "c4 . e4 . a4 . g4 e4 f4 . e4 . d4 - c4 . b3 . c4 . d4 . e4 g4 a4 - - - a4f5 . . .", 3, 4),
    # title bass A, B (triangle-saw)
    10: (TITLE_SPEED, "a1 . a1 a2 . a1 . a2 g1 . g1 g2 . g1 . g2 f1 . f1 f2 . f1 . f2 e1 . e1 e2 . e1 g1 g#1", 1, 5),
    11: (TITLE_SPEED, "f1 . f1 f2 . f1 . f2 c2 . c2 c3 . c2 . c3 g1 . g1 g2 . g1 . g2 a1 . a1 a2 . a1 e1 a1", 1, 5),
    # title ticks (noise), same for both patterns
    12: (TITLE_SPEED, "c5v2f5 . c5v1f5 . a4v3f5 . c5v1f5 . " * 4, 6, 2),
    # cave loop: slow sine bass, organ motif, sparse noise drips
    13: (CAVE_SPEED, "a1 - - - . . e2 - a1 - - - . . c2 - f1 - - - . . c2 - e1 - - - . . b1 -", 0, 5),
    14: (CAVE_SPEED, "d2 - - - . . a2 - d2 - - - . . f2 - e1 - - - . . b1 - a1 - - - . . e2 -", 0, 5),
    15: (CAVE_SPEED, ". . e4 . . . a4 g4 e4 . . . . . . . . . c4 . . . d4 e4 b3 . . . . . . .", 5, 3, 2),
    16: (CAVE_SPEED, ". . f4 . . . a4 c5 a4 . . . . . . . . . e4 . . . g#4 b4 a4 - - . . . . .", 5, 3, 2),
    17: (CAVE_SPEED, "c5v1f5 . . . . . . . . . . . a4v1f5 . . . . . . . c5v1f5 . . . . . . . . . . .", 6, 1),
}

# music patterns: (flags, [sfx or None per channel]); flags 1 = loop start, 2 = loop back
MUSIC = [
    (1, [8, 10, 12, None]),    # 0 title A
    (2, [9, 11, 12, None]),    # 1 title B
    (1, [13, 15, 17, None]),   # 2 cave A
    (0, [14, 16, 17, None]),   # 3 cave B
    (0, [13, 16, 17, None]),   # 4 cave C
    (2, [14, 15, 17, None]),   # 5 cave D
]


def main():
    with open(CART) as f:
        text = f.read()
    code = text.split("\n__gfx__\n")[0].rstrip("\n")
    out = [code, "__gfx__"]
    g = sheet()
    # only the first 64 lines: map rows 32-63 share the second half of the sheet
    for row in g:
        out.append("".join("%x" % p for p in row))
    out.append("__gff__")
    flags = [0] * 256
    for n in SOLID_TILES:
        flags[n] = 1
    out.append("".join("%02x" % f for f in flags[:128]))
    out.append("__sfx__")
    lines = {}
    for n, spec in SFX.items():
        lines[n] = sfx_line(*spec)
    for n, spec in MUSIC_SFX.items():
        lines[n] = sfx_line(*spec)
    for n in range(max(lines) + 1):
        out.append(lines.get(n, "00" + "10" + "0000" + "0" * 160))
    out.append("__music__")
    for flags_, chans in MUSIC:
        out.append("%02x %s" % (flags_, "".join("%02x" % (c if c is not None else 0x41 + i)
                                               for i, c in enumerate(chans))))
    with open(CART, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
