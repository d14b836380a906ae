#!/usr/bin/env bash
# web_live.sh - runs a test page of tests/web against the live web player: makes OUT_DIR/site
# (links to WEB_DIR's files, the web player's page, and to tests/web's pages and carts, so the
# test page and the player it opens in an iframe share one origin), serves it with
# `python3 -m http.server` on 127.0.0.1, opens http://127.0.0.1:PORT/PAGE in headless Chromium
# with tests/web_page_run.py (the page runs in real time, animation frames at the display's
# pace, until its <title> holds "ok N/N" or "failed") and writes the page's DOM to
# OUT_DIR/dom.html. Exit non-zero with a message when it did not finish; the page's verdict
# is the caller's to read. The server is stopped by its own process id.
# Usage: tests/web_live.sh WEB_DIR OUT_DIR PAGE
set -uo pipefail
web=${1:?usage: web_live.sh WEB_DIR OUT_DIR PAGE}
out=${2:?}; page=${3:?}
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/web_serve.sh"
mkdir -p "$out/site" "$out/home"
out=$(cd "$out" && pwd)
web=$(cd "$web" && pwd)
[ -f "$web/index.html" ] || { echo "web_live: no web player in $web (make web)" >&2; exit 1; }
for f in "$web"/* "$top"/tests/web/*; do ln -sf "$f" "$out/site/$(basename "$f")"; done
serve_site "$out/site" "$out/server.log"
# a page not finished in 240 s (a backstop: a hung page) fails with the DOM as it was
HOME="$out/home" python3 "$top/tests/web_page_run.py" --limit 240 --profile "$out/profile" \
  "http://127.0.0.1:$port/$page" '(ok [0-9]+/[0-9]+|failed)' "$out/dom.html"
rc=$?
[ $rc -eq 0 ] || echo "web_live: $page did not finish ($out/dom.html, $out/profile/chromium.log)" >&2
exit $rc
