# web_serve.sh - sourced by the web test scripts (web_frames.sh, web_live.sh): serve_site DIR
# LOG [PORT] serves DIR with `python3 -m http.server` on 127.0.0.1 (PORT, else a free one),
# sets $port, stops the server when the script exits, and returns once it answers for
# index.html (at most 5 s).
serve_site() {
  port=${3:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')}
  python3 -m http.server "$port" --bind 127.0.0.1 --directory "$1" >"$2" 2>&1 &
  web_server_pid=$!
  trap 'kill "$web_server_pid" 2>/dev/null' EXIT
  for _ in $(seq 50); do
    python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/index.html')" \
      2>/dev/null && return 0
    sleep 0.1
  done
}
