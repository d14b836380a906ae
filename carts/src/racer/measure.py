#!/usr/bin/env python3
# Measures how hard carts/racer.p8 is: runs a copy of the cart with a driver appended as a
# last tab (lanekeeper.lua by default: full throttle, follows the road centre; novice.lua,
# the lane-keeper reacting late and lifting off now and then, a stand-in for a first try; or
# autopilot.lua, which takes the inside of bends and steers round cars) on each difficulty
# and several seeds, headless, and prints the places the cart reports with printh
# ("racer: stage S finished, place P of 8, time T").
# Usage: python3 carts/src/racer/measure.py [--mote8 PATH] [--seeds N] [--pilot autopilot|novice]
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
CART = os.path.join(ROOT, "carts", "racer.p8")
NAMES = {1: "easy", 2: "normal", 3: "hard"}
FINISH = re.compile(r"^racer: stage (\d+) finished, place (\d+) of 8, time (\S+)$")


def run(mote8, tmp, pilot, diff, seed):
    """Places and times of one session: {stage: (place, time)}."""
    lua, rest = open(CART).read().split("\n__gfx__\n", 1)
    tabs = ["lanekeeper", "novice"] if pilot == "novice" else [pilot]
    driver = "\n".join(open(os.path.join(HERE, t + ".lua")).read() for t in tabs)
    copy = os.path.join(tmp, "racer_measure.p8")
    with open(copy, "w") as f:
        f.write(lua + "\n-->8\npick_difficulty=%d\n" % diff + driver + "\n__gfx__\n" + rest)
    out = subprocess.run([mote8, "--headless", "--frames", "4800", "--seed", str(seed), copy],
                         capture_output=True, text=True)
    if out.returncode:
        sys.exit("mote8 failed on %s: %s" % (copy, out.stderr))
    places = {}
    for line in out.stdout.splitlines():
        m = FINISH.match(line)
        if m:
            places[int(m.group(1))] = (int(m.group(2)), m.group(3))
    return places


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mote8", default=os.path.join(ROOT, "build", "bin", "mote8"))
    ap.add_argument("--seeds", type=int, default=8)
    ap.add_argument("--pilot", choices=("lanekeeper", "novice", "autopilot"), default="lanekeeper")
    args = ap.parse_args()
    if not os.access(args.mote8, os.X_OK):
        sys.exit("no mote8 at %s (build it, or pass --mote8 PATH)" % args.mote8)
    print("%s, seeds 1-%d" % (args.pilot, args.seeds))
    with tempfile.TemporaryDirectory() as tmp:
        for diff in (1, 2, 3):
            runs = [run(args.mote8, tmp, args.pilot, diff, s) for s in range(1, args.seeds + 1)]
            for stage in (1, 2):
                row = [r[stage][0] if stage in r else None for r in runs]
                done = [p for p in row if p is not None]
                mean = sum(done) / len(done) if done else float("nan")
                print("%-6s stage %d: places %s  mean %.1f  wins %d/%d" % (
                    NAMES[diff], stage, " ".join(str(p or "-") for p in row), mean,
                    row.count(1), len(row)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
