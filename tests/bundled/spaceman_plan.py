#!/usr/bin/env python3
"""spaceman_plan.py - writes tests/bundled/spaceman.input, the scripted input with which
carts/spaceman.p8 passes the title and clears as many levels as it can without losing a
life in 5400 frames (--seed 1).

It appends tests/bundled/spaceman_autopilot.lua to the cart's code as a last tab and runs
the result headless with the same seed (the autopilot never calls rnd(), so the cart's
random numbers match a real run). The autopilot's "FRAME MASK" lines are the input.

The plan is made one level at a time: the button changes of the levels already planned are
replayed as a prefix (ap_prefix), and each flying style of STYLES plays on from there; the
style that clears the next level earliest without losing a life is kept up to that clear.
When no style clears the next level in time, a style that loses no life before the last
frame plays the rest. The written input is then replayed by the cart alone, and the plan
fails if the replay's "spaceman: level N cleared" / "spaceman: life lost" lines differ.

Regenerate (from the repository root, after building):
    python3 tests/bundled/spaceman_plan.py [build/bin/mote8]
A longer plan (not committed; slow: every style plays to the last frame):
    python3 tests/bundled/spaceman_plan.py build/bin/mote8 24000 /tmp/long.input
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CART = os.path.join(ROOT, "carts", "spaceman.p8")
PILOT = os.path.join(ROOT, "tests", "bundled", "spaceman_autopilot.lua")
OUT = os.path.join(ROOT, "tests", "bundled", "spaceman.input")
FRAMES, SEED = 5400, 1

# flying styles tried for each level (fields of ap_opt in spaceman_autopilot.lua)
STYLES = [
    {"penalty": 10},
    {"penalty": 30},
    {"penalty": 30, "horizon": 24},
    {"penalty": 5},
    {"penalty": 15, "gain": 0.2},
    {"penalty": 10, "near": 32},
    {"penalty": 20, "near": 80},
    {"penalty": 10, "greedy": "true"},
    {"penalty": 50},
    {"penalty": 10, "top": 1.6},
    {"penalty": 20, "gain": 0.18, "top": 1.6},
    {},
    {"near": 0},
]

STATE = re.compile(r"# frame (\d+): (\w+)(?: level (\d+))?$")
MASK = re.compile(r"(\d+) (\d+)$")


def lua_style(style):
    return "{" + ",".join("%s=%s" % kv for kv in sorted(style.items())) + "}"


class Run:
    """One autopilot run: its button changes, notes and state changes (frame, state, level)."""

    def __init__(self, stdout):
        self.masks, self.notes, self.states = [], [], []
        for line in stdout.splitlines():
            if MASK.fullmatch(line):
                f, m = map(int, line.split())
                self.masks.append((f, m))
                self.notes.append(line)
            elif line.startswith("#"):
                self.notes.append(line)
                s = STATE.match(line)
                if s:
                    self.states.append((int(s.group(1)), s.group(2), int(s.group(3) or 0)))
            elif line.startswith("spaceman: "):
                self.notes.append("# " + line)

    def after(self, frame):
        """(clear frame or None, first death frame or None) of the first level after frame."""
        death = None
        for f, state, _ in self.states:
            if f <= frame:
                continue
            if state == "dead" and death is None:
                death = f
            if state == "clear":
                return f, death
        return None, death


def run_pilot(mote8, cart_code, cart_rest, pilot, frames, prefix, prefix_end, style):
    head = "ap_prefix={%s}\nap_prefix_end=%d\nap_opt=%s\n" % (
        ",".join("{%d,%d}" % fm for fm in prefix), prefix_end, lua_style(style))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "spaceman_autopilot.p8")
        with open(path, "w") as f:
            f.write(cart_code + "\n-->8\n" + head + pilot + "\n__gfx__\n" + cart_rest)
        run = subprocess.run([mote8, "--headless", "--frames", str(frames), "--seed", str(SEED),
                              path], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("autopilot run failed:\n" + run.stderr)
    return Run(run.stdout)


def replay(mote8, frames, path):
    """The cart alone with the written input: its printed progress lines."""
    run = subprocess.run([mote8, "--headless", "--frames", str(frames), "--seed", str(SEED),
                          "--input", path, CART], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("replay failed:\n" + run.stderr)
    return [l for l in run.stdout.splitlines() if l.startswith("spaceman: ")]


def main():
    mote8 = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "bin", "mote8")
    frames = int(sys.argv[2]) if len(sys.argv) > 2 else FRAMES
    out = sys.argv[3] if len(sys.argv) > 3 else OUT
    code, rest = open(CART).read().split("\n__gfx__\n", 1)
    pilot = open(PILOT).read()

    prefix, prefix_end, level, chosen = [(0, 0)], -1, 1, None
    while True:
        best, safe = None, None
        for style in STYLES:
            r = run_pilot(mote8, code, rest, pilot, frames, prefix, prefix_end, style)
            clear, death = r.after(prefix_end)
            print("  level %d, style %s: %s" % (level, lua_style(style), "life lost at %d" % death
                  if death is not None else "cleared at %d" % clear if clear is not None
                  else "not cleared"), flush=True)
            if clear is not None and death is None:
                if best is None or clear < best[0]:
                    best = (clear, style, r)
            elif clear is None and death is None and safe is None:
                safe = (style, r)
        if best is None:
            if safe is None:
                sys.exit("no style finishes the run without losing a life on level %d" % level)
            print("level %d: not cleared in time; style %s plays on" % (level, lua_style(safe[0])))
            chosen = safe[1]
            break
        clear, style, r = best
        print("level %d: cleared at frame %d, style %s" % (level, clear, lua_style(style)), flush=True)
        prefix = [(f, m) for f, m in r.masks if f <= clear]
        if prefix[0][0] != 0:
            prefix.insert(0, (0, 0))
        prefix_end, level, chosen = clear, level + 1, r

    lines = ["# spaceman.input - scripted input for carts/spaceman.p8, --seed %d, %d frames." % (SEED, frames),
             "# Written by tests/bundled/spaceman_plan.py (autopilot: spaceman_autopilot.lua);",
             "# regenerate with: python3 tests/bundled/spaceman_plan.py",
             "0 0"]
    lines += [l for l in chosen.notes if l != "0 0"]
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")

    planned = [l[2:] for l in chosen.notes if l.startswith("# spaceman: ")]
    got = replay(mote8, frames, out)
    if got != planned:
        sys.exit("%s: the replay printed %s, the plan %s" % (out, got, planned))
    cleared = sum(1 for l in got if l.endswith(" cleared"))
    lost = sum(1 for l in got if l == "spaceman: life lost")
    print("%s: clears %d levels in %d frames, %d lives lost (replay checked)" % (out, cleared, frames, lost))


if __name__ == "__main__":
    main()
