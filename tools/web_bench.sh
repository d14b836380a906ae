#!/usr/bin/env bash
# web_bench.sh - `make web-bench`: the web player's speed against the native build, a bench
# (figures printed, nothing asserted). For racer and three heavy real carts of ../shared
# (rgbplasma, tunnel, aasteroids; newleste_city too): each cart is exported with
# `mote8-cart export-html` (its size is printed) and opened from disk in headless Chromium
# on the page's test hook (#test:frames=N,seed=1), which times the second half of its loop
# of N ticks with performance.now() (the first half warms the engine up: the browser
# compiles hot wasm a second time, optimised, while it runs). That is real time: Chromium
# runs without virtual time here, driven by tests/web_page_run.py, and the page is one busy
# thread, so it is the page's CPU time; each tick includes the host's RGB screen and colour
# indices and the samples pulled and hashed. The native figure is the CPU time of `mote8
# --headless --seed 1 --wav F --frames N` less that of --frames N/2, over N/2 (the same
# ticks, samples made too). Medians of RUNS runs, alternated. Needs build/bin (make build),
# build/web (make web) and chromium.
# Usage: tools/web_bench.sh [BUILD_DIR] [TICKS] [RUNS]
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$top/build}" && pwd)
ticks=${2:-1200}
runs=${3:-3}
shared=$top/../shared/carts/real
for need in "$build/bin/mote8" "$build/bin/mote8-cart" "$build/web/mote8_single.js"; do
  [ -e "$need" ] || { echo "web-bench: $need is missing (make build web)" >&2; exit 1; }
done
command -v chromium >/dev/null || { echo "web-bench: chromium is missing (tools/deps.sh web)" >&2; exit 1; }
work=$(mktemp -d /tmp/mote8_web_bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
python3 - "$top" "$build" "$work" "$ticks" "$runs" "$shared" <<'PY'
import html, json, os, re, resource, statistics, subprocess, sys
top, build, work, ticks, runs, shared = sys.argv[1:7]
ticks, runs = int(ticks), int(runs)
carts = [("racer", f"{top}/carts/racer.p8")] + [
    (n, f"{shared}/{n}.p8") for n in ("rgbplasma", "tunnel", "aasteroids", "newleste_city")]
env = dict(os.environ, MOTE8_WEB_DIR=f"{build}/web", HOME=work, XDG_DATA_HOME="", XDG_CONFIG_HOME="")

def cpu_of(args):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

half = ticks // 2

def native_ms(path):
    base = [f"{build}/bin/mote8", "--headless", "--seed", "1", "--wav", f"{work}/native.wav", "--frames"]
    return (cpu_of(base + [str(ticks), path]) - cpu_of(base + [str(ticks - half), path])) * 1000 / half

def page_ms(page):
    os.makedirs(f"{work}/profile", exist_ok=True)
    subprocess.run(
        [sys.executable, f"{top}/tests/web_page_run.py", "--limit", "600", "--profile",
         f"{work}/profile", f"file://{page}#test:frames={ticks},seed=1", "test (done|failed)",
         f"{work}/page.html"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    out = open(f"{work}/page.html", encoding="utf-8", errors="replace").read() \
        if os.path.exists(f"{work}/page.html") else ""
    m = re.compile(r'<pre id="mote8-test"[^>]*>(.*?)</pre>', re.S).search(
        out, max(out.rfind('<pre id="mote8-test"'), 0))
    if not m:
        sys.exit(f"web-bench: {page}: the page did not finish its run")
    rec = json.loads(html.unescape(m.group(1)))
    if rec["error"] or rec["ticks"] != ticks:
        sys.exit(f"web-bench: {page}: {rec['error'] or 'stopped after %d ticks' % rec['ticks']}")
    return rec["loop_ms_second_half"] / half

print(f"web-bench: the last {half} of {ticks} ticks, medians of {runs} runs (CPU ms per tick)")
print(f"| cart | native | Chromium | Chromium / native | exported page (bytes) |")
print(f"|---|---:|---:|---:|---:|")
for name, path in carts:
    if not os.path.exists(path):
        print(f"| {name} | (missing: {path}) | | | |")
        continue
    page = f"{work}/{name}.html"
    subprocess.run([f"{build}/bin/mote8-cart", "export-html", path, page], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    nat, web = [], []
    for _ in range(runs):
        nat.append(native_ms(path))
        web.append(page_ms(page))
    n, w = statistics.median(nat), statistics.median(web)
    print(f"| {name} | {n:.3f} | {w:.3f} | {w / n:.2f} | {os.path.getsize(page)} |", flush=True)
PY
