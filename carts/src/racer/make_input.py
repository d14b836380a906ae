#!/usr/bin/env python3
# Writes tests/bundled/racer.input, the scripted input of a full session of carts/racer.p8
# (title with the difficulty picked, both stages of three laps, results), by running a copy
# of the cart with autopilot.lua appended as a last tab and keeping the button masks it
# prints. The autopilot picks DIFFICULTY on the title with left/right, as a player would.
# Then it replays the input on the real cart and checks both runs end on the same frame.
# Regenerate: python3 carts/src/racer/make_input.py [path/to/mote8]   (after a cart change)
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
CART = os.path.join(ROOT, "carts", "racer.p8")
OUT = os.path.join(ROOT, "tests", "bundled", "racer.input")
FRAMES = "5400"
DIFFICULTY = 3  # hard: two presses of right from easy


def main():
    mote8 = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "bin", "mote8")
    text = open(CART).read()
    lua, rest = text.split("\n__gfx__\n", 1)
    pilot = open(os.path.join(HERE, "autopilot.lua")).read()
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, "racer_autopilot.p8")
        with open(copy, "w") as f:
            f.write(lua + "\n-->8\npick_difficulty=%d\n" % DIFFICULTY + pilot + "\n__gfx__\n" + rest)
        shot_a, shot_b = os.path.join(tmp, "a.png"), os.path.join(tmp, "b.png")
        run = subprocess.run([mote8, "--headless", "--frames", FRAMES, "--seed", "1",
                              "--screenshot", shot_a, copy],
                             capture_output=True, text=True)
        if run.returncode:
            sys.exit(run.stderr)
        lines = [l for l in run.stdout.splitlines() if l and l.split()[0].isdigit()]
        with open(OUT, "w") as f:
            f.write("\n".join(lines) + "\n")
        subprocess.run([mote8, "--headless", "--frames", FRAMES, "--seed", "1", "--input", OUT,
                        "--screenshot", shot_b, CART], check=True, capture_output=True)
        same = open(shot_a, "rb").read() == open(shot_b, "rb").read()
    for l in run.stdout.splitlines():
        if l.startswith("#") or l.startswith("racer:"):
            print(l)
    print("%d input lines written to %s; replay %s" % (len(lines), OUT,
          "matches the autopilot run" if same else "DIFFERS from the autopilot run"))
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
