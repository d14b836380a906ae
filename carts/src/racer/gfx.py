# racer sprite sheet: ASCII art and small generators for the 128x128 sheet of carts/racer.p8.
# Imported by build_assets.py; `python3 carts/src/racer/gfx.py out.ppm` writes a preview.
# One character per pixel: 0-9 a-f are PICO-8 colours, '.' is colour 0 (transparent).

W = H = 128


def blank():
    return [['0'] * W for _ in range(H)]


def put(sheet, x, y, rows):
    for j, row in enumerate(rows):
        for i, ch in enumerate(row):
            sheet[y + j][x + i] = '0' if ch == '.' else ch


def mirror(half_rows):
    """Symmetric art: each row is the left half; the right half is its mirror image."""
    return [r + r[::-1] for r in half_rows]


def turned(rows, side='2'):
    """Angle variant of a car part: the body seen a little from the side. The part moves
    right by three pixels and a side panel appears on its left edge where the body is."""
    out = []
    for r in rows:
        edge = next((i for i, c in enumerate(r) if c != '.'), None)
        body = '.' * 3 + r[:-3]
        if edge is not None:
            body = body[:edge] + side * 3 + body[edge + 3:]
        out.append(body)
    return out


# --- car parts, seen from behind (32 wide). Body colour 8, shade 2, highlight e.
# Opponents recolour 8/2/e with pal(). Tail light spots are 2 here: the lights are drawn on
# top with their own sprite, outside the night fade.
CAR_REAR = mirror([
    "....222222222222",
    "...28eeeeeeeeeee",
    "..11888888888888",
    ".111822228888888",
    ".111822228888888",
    ".111888888886666",
    ".111222222226776",
    ".111155555555555",
    ".111156666666666",
    ".111115555555555",
    ".1111.......1111",
    "..11............",
])
CAR_MID = mirror([
    "........22222222",
    ".......28eeeeeee",
    "......2811111111",
    ".....28111111ccc",
    ".....2811111cc11",
    "....28111ccc1111",
    "....288888888888",
    "...2888888888888",
    "..28eeeeeeeeeeee",
    "..22222222222222",
])
CAR_FRONT = mirror([
    "................",
    "..555...........",
    ".11111...8888888",
    ".11111.288888888",
    ".111112888888888",
    ".11111..22222222",
    "..111...........",
])
TAIL_LIGHT = ["8ee8",
              "8888"]
LAMP_GLOW = ["..aaaa..",
             ".a7777a.",
             "..aaaa.."]

PALM = [
    "...3b...........",
    "..3bb3....bb....",
    ".3b..bb.bbbb3...",
    "3b....bbb33.b3..",
    "b...bbbbbb...b3.",
    "...b3bb4bbb...3.",
    "..b3.b.44.bb....",
    ".b3..b.4.b.3b...",
    ".3..3..4..b..3..",
    "......49.....3..",
    "......44........",
    "......49........",
    "......44........",
    ".....494........",
    ".....44.........",
    ".....49.........",
    ".....44.........",
    ".....494........",
    "......44........",
    "......49........",
    "......44........",
    "......494.......",
    ".......44.......",
    ".......49.......",
    ".......44.......",
    ".......494......",
    ".......44.......",
    ".......49.......",
    "......4494......",
    ".....344443.....",
    "....33333333....",
    "................",
]
BUSH = [
    "................",
    "................",
    ".....3b3b.......",
    "...3bbbbbb3.b...",
    "..3bbb3bbbbbbb3.",
    ".3bb3bbbbb3bbb3.",
    "3bbbbbb3bbbbbbb3",
    "3b3bbbbbbbb3bbb3",
    "33bbb3bbbbbbb333",
    "333b333b3b33333.",
    ".3333333333333..",
    "................",
]
SIGN = [  # chevron board pointing right; the cart flips it for left curves
    "5555555555555555",
    "5777777777777775",
    "5788777887777775",
    "5778877788777775",
    "5777887778877775",
    "5777788777887775",
    "5777887778877775",
    "5778877788777775",
    "5788777887777775",
    "5777777777777775",
    "5555555555555555",
    ".......55.......",
    ".......56.......",
    ".......55.......",
    ".......56.......",
    ".......55.......",
]
LAMP = [
    "6666666.",
    "5.....aa",
    "5.....55",
    "5.......",
    "5.......",
] + ["56......" if i % 2 else "55......" for i in range(24)] + [
    "556.....",
    "5556....",
    "5555....",
]
PINE = [
    ".......33.......",
    ".......3b.......",
    "......33b3......",
    "......3bb3......",
    ".....33b3b3.....",
    ".....3bbbb3.....",
    "....333bb3b3....",
    "......3bb3......",
    ".....33b3b3.....",
    "....33bbbbb3....",
    "...333b3bb3b3...",
    ".....3bbbb3.....",
    "....33b3bb3b....",
    "...333bbbbbb3...",
    "..3333bb3bbbb3..",
    "....33bbbb3b....",
    "...33bbb3bbb33..",
    "..333b3bbbbbb3..",
    ".3333bbbbb3bbb3.",
    "...33bbbbbbbb3..",
    "..333bb3bbb3bb3.",
    ".333bbbbbbbbbbb3",
    "3333bbb3bbbb3bb3",
    "..3333333333333.",
    "......4444......",
    "......4424......",
    "......4444......",
    "......4424......",
    ".....444444.....",
    "................",
    "................",
    "................",
]
BILLBOARD = [
    "55555555555555555555555555555555",
    "5999999999999999999999999999999d",
    "5999aaa99a9a99aa999aa999aaa9999d",
    "59999a999a9a99a9a99a9a99a9a9999d",
    "59999a999a9a99aa999aa999a9a9999d",
    "59999a999a9a99a9a99a9a99a9a9999d",
    "59999a999aaa99a9a99aa999aaa9999d",
    "5999999999999999999999999999999d",
    "59888888888888888888888888888889",
    "5dddddddddddddddddddddddddddddd9",
    "...55...................55......",
    "...56...................56......",
    "...55...................55......",
    "...56...................56......",
    "...55...................55......",
    "...56...................56......",
    "...55...................55......",
    "...56...................56......",
    "..5555.................5555.....",
    "................................",
]


def skyline_day(sheet, x0, y0):
    """Mountains for the day stage: two ridges drawn from a fixed recipe of peaks."""
    peaks_far = [(6, 9), (22, 4), (40, 8), (58, 2), (75, 7), (93, 3), (111, 8), (124, 5)]
    peaks_near = [(0, 12), (15, 8), (33, 11), (50, 7), (69, 12), (86, 9), (104, 6), (120, 11)]

    def ridge(peaks, x):
        best = 16
        for px, py in peaks:
            for k in (-128, 0, 128):
                best = min(best, py + abs(x - px - k) * 0.8)
        return int(best)

    for x in range(128):
        hf, hn = ridge(peaks_far, x), ridge(peaks_near, x)
        for y in range(16):
            c = '0'
            if y >= hf:
                c = 'd' if y > hf else '6'
            if y >= hn:
                c = '3' if (x + y) % 3 else 'b' if y == hn else '3'
            if y >= 14:
                c = '3'
            sheet[y0 + y][x0 + x] = c


def skyline_night(sheet, x0, y0):
    """City blocks for the night stage: towers of fixed widths and heights, lit windows."""
    towers = [(0, 7, 10), (7, 5, 4), (12, 9, 14), (21, 6, 7), (27, 11, 18), (38, 6, 9),
              (44, 8, 5), (52, 10, 15), (62, 5, 11), (67, 12, 20), (79, 7, 8), (86, 9, 13),
              (95, 6, 6), (101, 10, 17), (111, 8, 10), (119, 9, 13)]
    for x, w, h in towers:
        for i in range(w):
            for j in range(h):
                y = 23 - j
                c = '1' if i in (0, w - 1) else '2'
                if 0 < i < w - 1 and j % 3 == 1 and i % 2 == 1 and (x * 7 + i * 3 + j) % 5 != 0:
                    c = 'a' if (x + i + j) % 4 else '9'
                sheet[y0 + y][x0 + x + i] = c
        if h > 15:  # antenna with a red beacon
            sheet[y0 + 23 - h][x0 + x + w // 2] = '5'
            sheet[y0 + 22 - h][x0 + x + w // 2] = '8'


def road_textures(sheet, y0):
    """One-pixel road strips, 64 wide, edges and surface in one row. Row y0+level: level 0
    near, 1 mid, 2 far (lighter asphalt, wider and blended lines so they do not strobe).
    Left half stripe A, right half stripe B. Row y0+3: the start line (checkers)."""
    def strip(level, stripe):
        rumble = ['8', '7'][stripe]
        if level == 2:
            rumble = '8e'  # blended, no alternation far away
        asphalt = ['5', '5d', 'd'][level]
        edge = ['7', '6', '6'][level]
        line_w = [1, 2, 3][level]
        half = []
        for i in range(32):
            if i < 5:
                c = rumble[i % len(rumble)]
            elif i < 5 + max(1, line_w):
                c = edge
            elif i >= 32 - line_w and (stripe == 0 or level == 2):
                c = '7' if level < 2 else ('7' if i % 2 == 0 else '6')
            else:
                c = asphalt[i % len(asphalt)]
            half.append(c)
        return ''.join(half) + ''.join(reversed(half))

    for level in range(3):
        for stripe in range(2):
            row = strip(level, stripe)
            if level == 2 and stripe == 1:  # the second far variant is shifted one pixel
                row = row[1:] + row[0]
            for i, c in enumerate(row):
                sheet[y0 + level][stripe * 64 + i] = c
    for stripe in range(2):
        for i in range(64):
            c = '7' if (i // 4 + stripe) % 2 else '1'
            if i < 5:
                c = '8' if stripe == 0 else '7'
            if i >= 59:
                c = '8' if stripe == 0 else '7'
            sheet[y0 + 3][stripe * 64 + i] = c


def build():
    s = blank()
    put(s, 0, 0, CAR_REAR)
    put(s, 32, 0, turned(CAR_REAR, '2'))
    put(s, 64, 0, CAR_MID)
    put(s, 96, 0, turned(CAR_MID, '2'))
    put(s, 0, 12, CAR_FRONT)
    put(s, 32, 12, turned(CAR_FRONT, '1'))
    put(s, 64, 12, TAIL_LIGHT)
    put(s, 72, 12, LAMP_GLOW)
    put(s, 0, 32, PALM)
    put(s, 16, 32, BUSH)
    put(s, 32, 32, SIGN)
    put(s, 48, 32, LAMP)
    put(s, 56, 32, PINE)
    put(s, 72, 32, BILLBOARD)
    skyline_day(s, 0, 64)
    skyline_night(s, 0, 80)
    road_textures(s, 120)
    return s


PAL = ["000000", "1d2b53", "7e2553", "008751", "ab5236", "5f574f", "c2c3c7", "fff1e8",
       "ff004d", "ffa300", "ffec27", "00e436", "29adff", "83769c", "ff77a8", "ffccaa"]

if __name__ == "__main__":
    import sys
    sheet = build()
    with open(sys.argv[1], "wb") as f:
        f.write(b"P6 128 128 255\n")
        for row in sheet:
            for c in row:
                f.write(bytes.fromhex(PAL[int(c, 16)]))
