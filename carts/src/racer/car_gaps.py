#!/usr/bin/env python3
# Counts the gaps between the pieces of carts/racer.p8's cars. Runs a copy of the cart with
# car_gaps.lua appended as a last tab: it walks the cart's own car_pieces() over depths
# 0.6-150, yaws -2..2, three lateral places, three pitches and three places on the track,
# and prints the floored sspr arguments of the front, cabin and rear. This script draws
# each case's opaque pixels as mote8 does (source column floor(i*sw/dw), mirrored when
# flipped; colour 0 transparent; the sprite sheet from the cart's __gfx__) and counts:
#   split   cases whose opaque pixels are not one 8-connected shape (a piece floats free)
#   seam    cases where the cabin's lowest row does not reach into the rear's top row
#   notch   cases with a column where empty pixels lie between two different pieces
#           (a piece seen above another with background between them)
# It first checks its model against a few cases the cart draws with mote8 itself.
# --shots DIR also writes screenshots of an opponent beside the player (car_scene.lua).
# Usage: python3 carts/src/racer/car_gaps.py [--mote8 PATH] [--cart PATH] [--show N]
#        [--shots DIR]   (exit 1 on a gap)
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
CART = os.path.join(ROOT, "carts", "racer.p8")
NAMES = ("front", "cabin", "rear")
# screenshot scenes: the opponent's distance ahead of the player, its offset to the side
# in pixels and its yaw
SCENES = ((-0.5, -40, 0.6), (-0.2, 44, -1.0), (0.3, -42, 1.2), (1.2, 30, -0.3),
          (3, -30, 1), (8, 20, -1.2))


def shots(mote8, lua, rest, tmp, out):
    """Screenshots out/car_scene<N>.png of the scenes above."""
    os.makedirs(out, exist_ok=True)
    tab = open(os.path.join(HERE, "car_scene.lua")).read()
    for n, scene in enumerate(SCENES):
        copy = os.path.join(tmp, "racer_scene.p8")
        with open(copy, "w") as f:
            f.write(lua + "\n-->8\nscene_dz,scene_dx,scene_turn=%s,%s,%s\n" % scene + tab
                    + "\n__gfx__\n" + rest)
        png = os.path.join(out, "car_scene%d.png" % n)
        subprocess.run([mote8, "--headless", "--frames", "2", "--screenshot", png, copy],
                       check=True, capture_output=True)
        print("wrote", png)


def sheet(text):
    """The sprite sheet as rows of colour indices."""
    gfx = text.split("\n__gfx__\n", 1)[1].split("\n__", 1)[0].split("\n")
    return [[int(c, 16) for c in row] for row in gfx if row]


def pixels(gfx, piece):
    """Opaque screen pixels of one sspr call with integer arguments."""
    sx, sy, sw, sh, dx, dy, dw, dh, fl = piece
    out = set()
    if dw <= 0 or dh <= 0:
        return out
    for j in range(dh):
        row = sy + j * sh // dh
        for i in range(dw):
            col = sx + (dw - 1 - i if fl else i) * sw // dw
            if row < len(gfx) and gfx[row][col]:
                out.add((dx + i, dy + j))
    return out


def shapes(points):
    """Number of 8-connected shapes in a set of pixels."""
    left, n = set(points), 0
    while left:
        n += 1
        todo = [left.pop()]
        while todo:
            x, y = todo.pop()
            for ny in (y - 1, y, y + 1):
                for nx in (x - 1, x, x + 1):
                    if (nx, ny) in left:
                        left.remove((nx, ny))
                        todo.append((nx, ny))
    return n


def notched(drawn):
    """True if some column has background between pixels of two different pieces."""
    seen = {}
    for n, points in enumerate(drawn):      # drawing order: later pieces cover earlier
        for p in points:
            seen[p] = n
    columns = {}
    for (x, y), n in seen.items():
        columns.setdefault(x, []).append((y, n))
    for col in columns.values():
        col.sort()
        for (y0, n0), (y1, n1) in zip(col, col[1:]):
            if y1 > y0 + 1 and n0 != n1:
                return True
    return False


def check(gfx, pieces):
    """(split, seam, notch) for one case's three pieces."""
    drawn = [pixels(gfx, p) for p in pieces]
    union = set().union(*drawn)
    split = bool(union) and shapes(union) > 1
    cabin, rear = drawn[1], drawn[2]
    seam = bool(cabin and rear) and max(y for _, y in cabin) < min(y for _, y in rear)
    return split, seam, notched(drawn)


def main():
    ap = argparse.ArgumentParser(description="count gaps between the racer's car pieces")
    ap.add_argument("--mote8", default=os.path.join(ROOT, "build", "bin", "mote8"))
    ap.add_argument("--cart", default=CART, help="another copy of the racer (default: %(default)s)")
    ap.add_argument("--show", type=int, default=3, help="print this many failing cases")
    ap.add_argument("--shots", metavar="DIR", help="also write screenshots of the scenes")
    args = ap.parse_args()
    if not os.access(args.mote8, os.X_OK):
        sys.exit("no mote8 at %s (build it, or pass --mote8 PATH)" % args.mote8)
    text = open(args.cart).read()
    lua, rest = text.split("\n__gfx__\n", 1)
    walk = open(os.path.join(HERE, "car_gaps.lua")).read()
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, "racer_car_gaps.p8")
        with open(copy, "w") as f:
            f.write(lua + "\n-->8\n" + walk + "\n__gfx__\n" + rest)
        run = subprocess.run([args.mote8, "--headless", "--frames", "4000", copy],
                             capture_output=True, text=True)
        if args.shots:
            shots(args.mote8, lua, rest, tmp, args.shots)
    if run.returncode:
        sys.exit("mote8 failed: " + run.stderr)
    lines = run.stdout.splitlines()
    if "done" not in lines:
        sys.exit("the walk did not finish (raise --frames in car_gaps.py)")
    gfx = sheet(text)
    samples = lines[lines.index("done") + 1:]
    lines = lines[:lines.index("done") + 1]
    drawn_ok = 0
    for head, got in zip(samples[0::2], samples[1::2]):
        nums = [int(v) for v in head.split()[1:]]
        want = set().union(*(pixels(gfx, nums[k:k + 9]) for k in (0, 9, 18)))
        want = {(x, y) for x, y in want if 0 <= x < 128 and 0 <= y < 128}
        have = {tuple(int(v) for v in p.split(",")) for p in got.split()[1:]}
        if want != have:
            sys.exit("the model of sspr differs from mote8 on %s: %d pixels differ"
                     % (head, len(want ^ have)))
        drawn_ok += 1
    if drawn_ok < 6:
        sys.exit("the model check got %d drawn cases, not 6" % drawn_ok)
    print("model check: %d cases drawn by mote8 have the pixels this script predicts"
          % drawn_ok)
    cache, cases, split, seam, notch, shown = {}, 0, 0, 0, 0, 0
    for line in lines[:-1]:
        f = line.split()
        case, nums = f[:5], [int(float(v)) for v in f[5:]]
        if not nums:            # too small to draw
            cases += 1
            continue
        pieces = [nums[k:k + 9] for k in (0, 9, 18)]
        # gaps do not depend on where the car is: key the cache on the car moved to 0,0
        ox, oy = pieces[2][4], pieces[2][5]
        key = tuple(v - (ox if k % 9 == 4 else oy if k % 9 == 5 else 0)
                    for k, v in enumerate(nums))
        if key not in cache:
            moved = [list(key[k:k + 9]) for k in (0, 9, 18)]
            cache[key] = check(gfx, moved)
        a, b, c = cache[key]
        cases += 1
        split += a
        seam += b
        notch += c
        if (a or b or c) and shown < args.show:
            shown += 1
            print("gap at z=%s turn=%s lat=%s pitch=%s pd=%s:" % tuple(case),
                  "; ".join("%s %s" % (n, p) for n, p in zip(NAMES, pieces)))
    print("%d cases (%d distinct): %d split (a piece floats free), %d with the cabin above "
          "the rear's top row, %d notched (background between two pieces in a column)"
          % (cases, len(cache), split, seam, notch))
    return 1 if split or seam or notch else 0


if __name__ == "__main__":
    sys.exit(main())
