#!/usr/bin/env bash
# web_frames.sh - the web player's frames for test_web_player.c: serves WEB_DIR with
# `python3 -m http.server` on 127.0.0.1 (wasm is not fetched from file://), opens
# index.html?cart=CART#test:frames=N,seed=S in headless Chromium for each cart (the test hook
# of runtime/host/web/mote8_web.js; tests/web_page_run.py waits for its title in real time,
# over the DevTools pipe) and writes what the page published into OUT_DIR: CART.idx (the
# 16384 colour indices, one byte each), CART.pal (the 32 display colours, 96 bytes RGB),
# CART.audio ("SAMPLES FNV1A": the ticks' samples, counted and hashed) and CART.json (the
# page's whole record). A CART with a slash is a cart file, served with its folder (its
# load() of other carts reads them there): index.html?url=carts/N/FILE. Exit 1 with a message
# when the page does not finish or reports a failure. The server is stopped by its own
# process id.
# With --input SCRIPT (mote8 --headless --input's `FRAME MASK` lines) the hook gets the same
# input: ,input=FRAME:MASK;... with the changes before FRAMES.
# With --cartdata browser the page keeps cartdata in the browser's storage (the hook's
# ,cartdata=browser; --cartdata full: a storage whose writes fail as a full one's), in
# Chromium's profile OUT_DIR/profile: a second run with the same
# OUT_DIR and the same $WEB_PORT (the storage belongs to the origin, port included; else a
# free port is picked) sees what the first saved.
# With --export MOTE8_CART each cart (carts/CART.p8) is first exported by `MOTE8_CART
# export-html` (MOTE8_WEB_DIR=WEB_DIR) into OUT_DIR/CART.export.html, which is opened from
# disk (file://, no server): the one-file page must run on its own. There a CART with a
# slash is a cart file (its name: the file name without .p8), and the carts of
# $EXPORT_EXTRA (paths, space-separated) are packed in after it for load().
# $HOOK_EXTRA is appended to the hook (e.g. ",pause=5;12,overlay=2": the pause menu toggled
# before those steps, the cost overlay shown); then OUT_DIR also gets CART.shown (the 16384
# RGB pixels the page showed, menu included, 49152 bytes), CART.menu ("STATE SELECTED
# TICKS_RUN", then the menu's lines, one a line) and, with an overlay, CART.overlay (its
# figures as "key value" lines: lua, system, budget, frames, heat_pixels, heat_box, lines,
# draws, functions, causes, then the first draw's label, the first cause's label and the
# panel's text, each on a line of its own after its key).
# A served .p8.png cart's outputs are named NAME-png (CART.idx and so on).
# Usage: tests/web_frames.sh [--cartdata browser|full] [--input SCRIPT] [--export MOTE8_CART] WEB_DIR OUT_DIR FRAMES SEED CART...
set -uo pipefail
script=""
exporter=""
cartdata=""
if [ "${1:-}" = --cartdata ]; then cartdata=",cartdata=${2:?}"; shift 2; fi
if [ "${1:-}" = --input ]; then script=${2:?}; shift 2; fi
if [ "${1:-}" = --export ]; then exporter=${2:?}; shift 2; fi
web=${1:?usage: web_frames.sh [--input SCRIPT] WEB_DIR OUT_DIR FRAMES SEED CART...}
out=${2:?}; frames=${3:?}; seed=${4:?}
shift 4
mkdir -p "$out"
hook_input=""
if [ -n "$script" ]; then
  hook_input=$(python3 - "$script" "$frames" <<'PY'
import sys
changes = []
for line in open(sys.argv[1]):
    line = line.split('#')[0].split()
    if not line:
        continue
    if len(line) != 2:
        sys.exit(f"{sys.argv[1]}: expected 'FRAME BUTTONMASK' lines")
    frame, mask = int(line[0], 0), int(line[1], 0)
    if frame < int(sys.argv[2]):
        changes.append(f"{frame}:{mask}")
print(",input=" + ";".join(changes) if changes else "")
PY
) || exit 1
fi
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/web_serve.sh"
out=$(cd "$out" && pwd)
if [ -z "$exporter" ]; then
# the served site: WEB_DIR's files, and the folder of each cart file as carts/N/ (N the
# cart's position among the arguments)
site="$out/site"
rm -rf "$site" && mkdir -p "$site/carts" || exit 1
for f in "$web"/*; do ln -s "$(cd "$(dirname "$f")" && pwd)/$(basename "$f")" "$site/"; done
n=0
for cart_arg in "$@"; do
  n=$((n + 1))
  case $cart_arg in */*) ln -s "$(cd "$(dirname "$cart_arg")" && pwd)" "$site/carts/$n" ;; esac
done
serve_site "$site" "$out/server.log" "${WEB_PORT:-}"
fi
status=0
n=0
for cart_arg in "$@"; do
  n=$((n + 1))
  cart=$cart_arg
  src="$top/carts/$cart.p8"
  page="cart=$cart"
  case $cart_arg in
    */*.p8.png) src=$cart_arg; cart=$(basename "$cart_arg" .p8.png)-png
                page="url=carts/$n/$(basename "$cart_arg")" ;;
    */*) src=$cart_arg; cart=$(basename "$cart_arg" .p8); page="url=carts/$n/$(basename "$cart_arg")" ;;
  esac
  url="http://127.0.0.1:${port:-}/index.html?$page#test:frames=$frames,seed=$seed$hook_input${HOOK_EXTRA:-}$cartdata"
  if [ -n "$exporter" ]; then
    MOTE8_WEB_DIR="$web" "$exporter" export-html "$src" "$out/$cart.export.html" ${EXPORT_EXTRA:-} \
      || { echo "web: $cart: export-html failed" >&2; status=1; continue; }
    url="file://$out/$cart.export.html#test:frames=$frames,seed=$seed$hook_input${HOOK_EXTRA:-}$cartdata"
  fi
  # in real time (tests/web_page_run.py: Chromium over the DevTools pipe, the title read a
  # few times a second), not --dump-dom with a virtual time budget: that clock ran ahead
  # while the engine's wasm compiled, and on a loaded machine the DOM was dumped before the
  # test run began. A page not finished in 240 s (a hung page) is left as it was.
  python3 "$top/tests/web_page_run.py" --limit 240 --profile "$out/profile" "$url" \
    'mote8 test (done|failed)' "$out/$cart.html" 2>"$out/$cart.chromium.log" \
    || echo "web: $cart: the page did not finish its test run ($out/$cart.chromium.log)" >&2
  python3 - "$out" "$cart" <<'PY' || status=1
import html, json, re, sys
out, cart = sys.argv[1], sys.argv[2]
page = open(f"{out}/{cart}.html", encoding="utf-8", errors="replace").read()
# the last one: an exported page inlines mote8_web.js, whose banner names the element too
m = re.compile(r'<pre id="mote8-test"[^>]*>(.*?)</pre>', re.S).search(
    page, max(page.rfind('<pre id="mote8-test"'), 0))
if not m:
    title = re.search(r"<title>(.*?)</title>", page, re.S)
    sys.exit(f"web: {cart}: the page did not finish its test run (title: "
             f"{title.group(1) if title else 'none'}; {out}/{cart}.html)")
rec = json.loads(html.unescape(m.group(1)))
open(f"{out}/{cart}.json", "w").write(json.dumps(rec))
if rec["error"]:
    sys.exit(f"web: {cart}: the cart failed in the page: {rec['error']}")
open(f"{out}/{cart}.idx", "wb").write(bytes.fromhex(rec["indices"]))
open(f"{out}/{cart}.pal", "wb").write(bytes(c for rgb in rec["palette"] for c in rgb))
open(f"{out}/{cart}.audio", "w").write(f"{rec['samples']} {rec['samples_fnv1a']}\n")
if "shown" in rec:
    open(f"{out}/{cart}.shown", "wb").write(bytes.fromhex(rec["shown"]))
menu = rec.get("menu")
if menu:
    open(f"{out}/{cart}.menu", "w").write(
        f"{menu['state']} {menu['selected']} {rec['ticks_run']}\n" + "".join(l + "\n" for l in menu["lines"]))
ov = rec.get("overlay")
if ov:
    box = ov.get("heat_box") or [-1, -1, -1, -1]
    text = [f"{k} {ov[k]}" for k in ("lua", "system", "budget", "frames", "heat_pixels")]
    text.append("heat_box " + " ".join(str(v) for v in box))
    text += [f"{k} {len(ov.get(k) or [])}" for k in ("lines", "draws", "functions", "causes")]
    text.append("draw\n" + (ov["draws"][0]["label"] if ov.get("draws") else ""))
    text.append("cause\n" + (ov["causes"][0]["label"] if ov.get("causes") else ""))
    text.append("panel\n" + ov.get("panel", "").replace("\n", " "))
    open(f"{out}/{cart}.overlay", "w").write("\n".join(text) + "\n")
PY
done
exit $status
