#!/usr/bin/env python3
# Rebuilds the __gfx__, __sfx__ and __music__ sections of carts/racer.p8 from gfx.py (the
# sprite art) and the sound notation below, keeping the cart's __lua__ code as it is.
# Regenerate: python3 carts/src/racer/build_assets.py   (from the repository root or anywhere)
#
# Sound notation: one token per note step, separated by spaces ('|' is ignored, for bars).
#   c3, c#3 ... d#5   a note (c0 = pitch 0)        -   silence
#   .                 hold: the previous note goes on (same pitch, no new attack)
#   suffixes w<n> waveform, v<n> volume, e<n> effect, e.g. c2w0v6e3 (triangle, loud, drop)
# Drum lines use letters: k kick, s snare, h hat, o open hat.
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gfx  # noqa: E402

CART = os.path.join(HERE, "..", "..", "racer.p8")
NAMES = {"c": 0, "c#": 1, "d": 2, "d#": 3, "e": 4, "f": 5, "f#": 6, "g": 7, "g#": 8,
         "a": 9, "a#": 10, "b": 11}
DRUMS = {"k": "c3w0v7e3", "s": "d3w6v5e5", "h": "c5w6v2e5", "o": "c5w6v3e0", "-": "-"}


def parse(tokens, wave, vol, eff):
    notes, prev = [], None
    for tok in tokens.replace("|", " ").split():
        if tok == "-":
            notes.append((0, 0, 0, 0))
            prev = None
            continue
        if tok == ".":
            if prev is None:
                notes.append((0, 0, 0, 0))
            else:
                notes.append((prev[0], prev[1], prev[2], 0))
            continue
        i = 2 if len(tok) > 1 and tok[1] == "#" else 1
        name = tok[:i]
        j = i
        while j < len(tok) and tok[j].isdigit():
            j += 1
        pitch = NAMES[name] + 12 * int(tok[i:j])
        w, v, e = wave, vol, eff
        rest = tok[j:]
        while rest:
            k, val = rest[0], int(rest[1])
            if k == "w":
                w = val
            elif k == "v":
                v = val
            elif k == "e":
                e = val
            else:
                raise ValueError("bad suffix in " + tok)
            rest = rest[2:]
        assert 0 <= pitch <= 63, tok
        prev = (pitch, w, v, e)
        notes.append(prev)
    assert len(notes) <= 32, (len(notes), tokens)
    return notes + [(0, 0, 0, 0)] * (32 - len(notes))


def sfx_line(notes, speed, loop=(0, 0), flags=0):
    head = "%02x%02x%02x%02x" % (flags, speed, loop[0], loop[1])
    return head + "".join("%02x%x%x%x" % n for n in notes)


def drums(pattern):
    return " ".join(DRUMS[c] for c in pattern.replace(" ", ""))


def bass(roots, style):
    """Eight-note bass over two bars, one root per bar (note names like 'a2')."""
    out = []
    for r in roots:
        n, o = r[:-1], int(r[-1])
        lo, hi = "%s%d" % (n, o), "%s%d" % (n, o + 1)
        fifth_p = NAMES[n] + 7
        fifth = "%s%d" % ([k for k, v in NAMES.items() if v == fifth_p % 12][0],
                          o + fifth_p // 12)
        if style == "pulse":
            out += [lo, ".", lo, "-", hi, "-", lo, "-", lo, ".", lo, "-", hi, "-", fifth, "-"]
        else:
            out += [lo, lo, hi, lo, lo, lo, hi, lo, lo, lo, hi, lo, fifth, lo, hi, fifth]
    return " ".join(out)


# --- sound effects (index: speed, notation, wave, vol, effect, loop)
EFFECTS = {
    0: (1, "c1 c#1 c1 c#1", 2, 3, 0, (0, 4)),          # engine: pitch poked every frame
    1: (6, "a3 a3 a3 a3 -", 4, 5, 0, (0, 0)),          # countdown beep
    2: (6, "a4 a4 a4 a4 a4 a4 a4 a4 a4v3 a4v2 a4v1", 4, 5, 0, (0, 0)),  # go!
    3: (3, "c2w6v7 a1w6 f1w6v6 d1w6v5 c1w6v4 c1w6v2 c1w6v1", 6, 7, 0, (0, 0)),  # bump
    4: (2, "f#1 g1 f#1 e1 f#1 g1 f#1 e1", 6, 3, 0, (0, 0)),  # rumble strip / grass
    5: (4, "c4 e4 g4 c5 g4 c5 c5v4 c5v2", 0, 5, 0, (0, 0)),  # new lap
    6: (3, "e4 g4 c5", 4, 4, 0, (0, 0)),               # menu select
    7: (8, "c4 e4 g4 c5 . . g4 c5 . . . . - - - -", 3, 5, 0, (0, 0)),  # finish fanfare
    8: (3, "g3 c4", 0, 4, 0, (0, 0)),                  # overtake blip
}

# --- music: title (patterns 0-3), day race (8-11), night race (16-19)
TITLE_MELODY = [
    "a3 . . . e3 . a3 . c4 . . b3 a3 . g3 . | f3 . . . a3 . c4 . f4 . e4 . c4 . a3 .",
    "g3 . . . c4 . e4 . g4 . . . e4 . c4 . | d4 . . . b3 . g3 . d4 . . . e4 . d4 .",
    "a3 . . . c4 . e4 . a4 . . . g4 . e4 . | f4 . . . e4 . c4 . a3 . c4 . f4 . e4 .",
    "d4 . . . f4 . a4 . f4 . d4 . a3 . d4 . | e4 . . . g#3 . b3 . e4 . . . d4 . b3 .",
]
TITLE_ROOTS = [("a2", "f2"), ("c2", "g2"), ("a2", "f2"), ("d2", "e2")]
DAY_MELODY = [
    "e4 . e4 . a4 . e4 . d4 . c4 . b3 . c4 . | d4 . d4 . g4 . d4 . c4 . b3 . a3 . b3 .",
    "c4 . c4 . f4 . c4 . a3 . c4 . f4 . a4 . | g4 . . . d4 . b3 . g3 . b3 . d4 . g4 .",
    "a4 . g4 . e4 . g4 . a4 . . . c4 . e4 . | g4 . f4 . d4 . f4 . g4 . . . b3 . d4 .",
    "f4 . e4 . c4 . e4 . f4 . a4 . c4 . f4 . | e4 . . . g#3 . b3 . e4 . . . e4 . e4 .",
]
DAY_ROOTS = [("a1", "g1"), ("f1", "g1"), ("a1", "g1"), ("f1", "e1")]
NIGHT_MELODY = [
    "c4 . . d#4 . . g4 . f4 . d#4 . d4 . d#4 . | c4 . . . g3 . . . a#3 . c4 . d4 . a#3 .",
    "g#3 . . c4 . . d#4 . g4 . f4 . d#4 . c4 . | a#3 . . d4 . . f4 . a#4 . g#4 . g4 . f4 .",
    "c4 . d#4 . g4 . d#4 . c5 . a#4 . g4 . d#4 . | f4 . g#4 . c5 . g#4 . f4 . d#4 . d4 . c4 .",
    "g#3 . c4 . d#4 . g#4 . g4 . . . d4 . b3 . | g3 . b3 . d4 . g4 . b3 . . . d4 . g4 .",
]
NIGHT_ROOTS = [("c2", "c2"), ("g#1", "a#1"), ("c2", "f1"), ("g#1", "g1")]

DRUM_TITLE = "k-h-s-h-k-k-s-h- k-h-s-h-k-h-s-so"
DRUM_RACE = "k-hhs-hhk-khs-hh k-hhs-hhk-khs-ss"


def build_sound():
    sfx = {}
    for n, (speed, notes, w, v, e, loop) in EFFECTS.items():
        sfx[n] = sfx_line(parse(notes, w, v, e), speed, loop)
    music = {}
    songs = [  # first pattern, first sfx, melody, roots, speed, lead wave, bass style
        (0, 10, TITLE_MELODY, TITLE_ROOTS, 14, 4, "pulse"),
        (8, 20, DAY_MELODY, DAY_ROOTS, 11, 3, "drive"),
        (16, 30, NIGHT_MELODY, NIGHT_ROOTS, 11, 5, "drive"),
    ]
    for first_pat, first_sfx, melody, roots, speed, lead, style in songs:
        drum_sfx = first_sfx + 8
        drum = DRUM_TITLE if first_pat == 0 else DRUM_RACE
        sfx[drum_sfx] = sfx_line(parse(drums(drum), 6, 4, 0), speed)
        for i in range(4):
            mel_sfx, bass_sfx = first_sfx + i, first_sfx + 4 + i
            sfx[mel_sfx] = sfx_line(parse(melody[i], lead, 4, 0), speed)
            sfx[bass_sfx] = sfx_line(parse(bass(roots[i], style), 1 if style == "drive" else 0,
                                           5, 0), speed)
            flags = 1 if i == 0 else 2 if i == 3 else 0
            music[first_pat + i] = "%02x %02x%02x%02x41" % (flags, mel_sfx, bass_sfx, drum_sfx)
    return sfx, music


def main():
    with open(CART) as f:
        text = f.read()
    lua = text.split("__gfx__")[0].rstrip("\n")
    sheet = gfx.build()
    gfx_lines = ["".join(row) for row in sheet]
    sfx, music = build_sound()
    sfx_lines = [sfx.get(i, sfx_line([(0, 0, 0, 0)] * 32, 16)) for i in range(max(sfx) + 1)]
    music_lines = [music.get(i, "00 41424344") for i in range(max(music) + 1)]
    out = (lua + "\n__gfx__\n" + "\n".join(gfx_lines) + "\n__sfx__\n" + "\n".join(sfx_lines)
           + "\n__music__\n" + "\n".join(music_lines) + "\n")
    with open(CART, "w") as f:
        f.write(out)


if __name__ == "__main__":
    main()
