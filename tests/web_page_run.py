#!/usr/bin/env python3
"""web_page_run.py - opens a page in headless Chromium and waits, in real time, until its
<title> says it finished, then writes the page's DOM to a file. For pages that run the live
web player (requestAnimationFrame at the display's pace), which Chromium's --dump-dom with a
virtual time budget cannot wait for: its virtual time runs far ahead of the animation frames.

Chromium is driven over the DevTools protocol on a pipe (--remote-debugging-pipe: JSON
messages ending in a NUL byte, commands on the child's fd 3, answers on its fd 4), so nothing
listens on a port. The page's title is read a few times a second; the wait gives up after
--limit seconds (a backstop against a hung page, not a measure: exit 2 then, with the DOM as
it was). Exit 0 when the title matched DONE (a regular expression), 1 when Chromium failed.

Usage: web_page_run.py [--limit SECONDS] [--profile DIR] URL DONE OUT_HTML
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time


class Browser:
    def __init__(self, url, profile):
        to_child_r, self.to_child = os.pipe()
        self.from_child, from_child_w = os.pipe()

        def pipes():                    # the child's fd 3 reads commands, fd 4 answers
            r, w = os.dup(to_child_r), os.dup(from_child_w)   # clear of 3 and 4 first
            os.dup2(r, 3)
            os.dup2(w, 4)

        self.proc = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--no-first-run", "--remote-debugging-pipe", "--window-size=800,900",
             "--autoplay-policy=no-user-gesture-required", f"--user-data-dir={profile}", url],
            preexec_fn=pipes, pass_fds=(3, 4),
            stdout=subprocess.DEVNULL, stderr=open(os.path.join(profile, "chromium.log"), "w"))
        os.close(to_child_r)
        os.close(from_child_w)
        self.next_id = 0
        self.buffer = b""

    def call(self, method, params=None, session=None):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.to_child, json.dumps(msg).encode() + b"\0")
        while True:
            while b"\0" not in self.buffer:
                chunk = os.read(self.from_child, 1 << 16)
                if not chunk:
                    raise RuntimeError("chromium closed the DevTools pipe")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            answer = json.loads(raw)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})

    def close(self):
        try:
            self.call("Browser.close")
        except (RuntimeError, OSError):
            pass
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=float, default=240)
    ap.add_argument("--profile", default=None)
    ap.add_argument("url")
    ap.add_argument("done")
    ap.add_argument("out")
    a = ap.parse_args()
    profile = a.profile or os.path.join(os.path.dirname(os.path.abspath(a.out)), "profile")
    os.makedirs(profile, exist_ok=True)
    done = re.compile(a.done)
    b = Browser(a.url, profile)
    try:
        page = None
        for _ in range(100):
            pages = [t for t in b.call("Target.getTargets")["targetInfos"] if t["type"] == "page"]
            if pages:
                page = pages[0]
                break
            time.sleep(0.1)
        if not page:
            print("web_page_run: chromium opened no page", file=sys.stderr)
            return 1
        session = b.call("Target.attachToTarget", {"targetId": page["targetId"], "flatten": True})["sessionId"]

        def evaluate(expr):
            r = b.call("Runtime.evaluate", {"expression": expr, "returnByValue": True}, session)
            return r.get("result", {}).get("value")

        deadline = time.monotonic() + a.limit
        title = ""
        while time.monotonic() < deadline:
            title = evaluate("document.title") or ""
            if done.search(title):
                break
            time.sleep(0.25)
        dom = evaluate("document.documentElement.outerHTML") or ""
        with open(a.out, "w", encoding="utf-8") as f:
            f.write(dom)
        if not done.search(title):
            print(f"web_page_run: {a.url}: not finished after {a.limit:.0f} s (title: {title})", file=sys.stderr)
            return 2
        return 0
    except (RuntimeError, OSError) as e:
        print(f"web_page_run: {e}", file=sys.stderr)
        return 1
    finally:
        b.close()


if __name__ == "__main__":
    sys.exit(main())
