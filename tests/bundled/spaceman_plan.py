#!/usr/bin/env python3
"""spaceman_plan.py - writes tests/bundled/spaceman.input, the scripted input with which
carts/spaceman.p8 passes the title and completes several levels in 5400 frames (--seed 1).

It appends tests/bundled/spaceman_autopilot.lua to the cart's code as a last tab, runs the
result headless with the same seed (the autopilot never calls rnd(), so the cart's random
numbers match a real run), and keeps the autopilot's printed "FRAME MASK" lines and notes.

Regenerate (from the repository root, after building):
    python3 tests/bundled/spaceman_plan.py [build/bin/mote8]
A longer plan for screenshots of later levels (not committed):
    python3 tests/bundled/spaceman_plan.py build/bin/mote8 20000 /tmp/long.input
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
CART = os.path.join(ROOT, "carts", "spaceman.p8")
PILOT = os.path.join(ROOT, "tests", "bundled", "spaceman_autopilot.lua")
OUT = os.path.join(ROOT, "tests", "bundled", "spaceman.input")
FRAMES, SEED = 5400, 1


def main():
    mote8 = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "bin", "mote8")
    frames = int(sys.argv[2]) if len(sys.argv) > 2 else FRAMES
    out = sys.argv[3] if len(sys.argv) > 3 else OUT
    cart = open(CART).read()
    code, rest = cart.split("\n__gfx__\n", 1)
    pilot = open(PILOT).read()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "spaceman_autopilot.p8")
        with open(path, "w") as f:
            f.write(code + "\n-->8\n" + pilot + "\n__gfx__\n" + rest)
        run = subprocess.run([mote8, "--headless", "--frames", str(frames), "--seed", str(SEED),
                              path], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("autopilot run failed:\n" + run.stderr)
    lines = ["# spaceman.input - scripted input for carts/spaceman.p8, --seed %d, %d frames." % (SEED, frames),
             "# Written by tests/bundled/spaceman_plan.py (autopilot: spaceman_autopilot.lua);",
             "# regenerate with: python3 tests/bundled/spaceman_plan.py",
             "0 0"]
    # the autopilot prints "FRAME MASK" and "#" notes; the cart's own progress lines
    # ("spaceman: level N cleared", "spaceman: life lost") become notes too
    for l in run.stdout.splitlines():
        if re.fullmatch(r"\d+ \d+|#.*", l):
            lines.append(l)
        elif l.startswith("spaceman: "):
            lines.append("# " + l)
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    notes = [l for l in lines[4:] if l.startswith("#")]
    print("\n".join(notes))


if __name__ == "__main__":
    main()
