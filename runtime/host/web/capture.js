/* capture.js - the web player's captures as downloads (a player module of mote8_web.js), with
 * the window host's keys and behaviour (runtime/host/window/capture.c):
 *   F6 or F12  a screenshot: CART_N.png, the screen 4x (512x512), crisp
 *   F7         the same picture as CART_label.png
 *   F8         starts a GIF; F9 saves it as CART_N.gif: the frames since F8 (or since the
 *              cart started), at most the last 8 seconds, 30 frames a second (a 60 fps cart
 *              gives every other tick), each pixel 2x2 (256x256), looped; saving starts the
 *              next GIF there
 * and the cart's extcmd("screen"), extcmd("label"), extcmd("rec") and extcmd("video") do the
 * same (web_host.c hands the page each tick's requests: m8web_host_request). CART is the
 * cart's file name without .p8; N counts up per cart and kind, kept in localStorage
 * ("mote8.capture.CART.png" / ".gif") as the browser cannot say which files exist. Each
 * capture is said over the screen (notice.js) and announced to the page as a "mote8-capture"
 * event on window (detail: {name, kind: "png" or "gif", blob}) and kept among the last 8 in
 * window.mote8Capture.recent (for a page or a test), then downloaded.
 * The GIF is made by gif_encoder.js from the frames' colour indices (m8web_indices) and the
 * 32 display colours (m8web_palette).
 * Depends on: mote8_web.js (window.mote8Modules, loaded after this file), gif_encoder.js,
 * notice.js, web_host.c. */
'use strict';

(function () {
  const W = 128, H = 128, PIXELS = W * H;
  const GIF_SECONDS = 8, GIF_FPS = 30, GIF_SCALE = 2, PNG_SCALE = 4;
  const CAPACITY = GIF_SECONDS * GIF_FPS;
  let host = null, base = 'cart', ring = null, palette = null;
  let pushed = 0, recStart = 0, ticks = 0;
  const counters = {}, recent = [], RECENT = 8;

  function say(text) {
    console.log(text);
    if (window.mote8Notice) window.mote8Notice(text, 3000);
  }

  // CART_N.EXT with the next N of this cart and kind
  function nextName(ext) {
    const key = 'mote8.capture.' + base + '.' + ext;
    let n = counters[key] || 0;
    try { n = Math.max(n, parseInt(window.localStorage.getItem(key), 10) || 0); } catch (e) { /* in memory */ }
    counters[key] = n + 1;
    try { window.localStorage.setItem(key, String(n + 1)); } catch (e) { /* in memory */ }
    return base + '_' + n + '.' + ext;
  }

  function deliver(name, kind, blob, what) {
    recent.push({ name, kind, blob });
    if (recent.length > RECENT) recent.shift();
    window.dispatchEvent(new CustomEvent('mote8-capture', { detail: { name, kind, blob } }));
    const url = URL.createObjectURL(blob), a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.hidden = true;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
    say(what + ': ' + name);
  }

  // the machine's screen now (its RGB), scaled crisply into a PNG
  function screenshot(label) {
    const M = host.M, at = M._m8web_rgb();
    const small = document.createElement('canvas');
    small.width = W; small.height = H;
    const img = small.getContext('2d').createImageData(W, H);
    for (let i = 0, j = 0; i < PIXELS * 3; i += 3, j += 4) {
      img.data[j] = M.HEAPU8[at + i]; img.data[j + 1] = M.HEAPU8[at + i + 1];
      img.data[j + 2] = M.HEAPU8[at + i + 2]; img.data[j + 3] = 255;
    }
    small.getContext('2d').putImageData(img, 0, 0);
    const big = document.createElement('canvas');
    big.width = W * PNG_SCALE; big.height = H * PNG_SCALE;
    const ctx = big.getContext('2d');
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(small, 0, 0, big.width, big.height);
    const name = label ? base + '_label.png' : nextName('png');
    big.toBlob((blob) => {
      if (blob) deliver(name, 'png', blob, label ? 'label' : 'screenshot');
      else say('screenshot not saved: the browser made no PNG');
    }, 'image/png');
  }

  function startGif() {
    recStart = pushed;
    say('recording a gif (f9 saves)');
  }

  function saveGif() {
    const count = Math.min(pushed - recStart, CAPACITY);
    if (count < 1) { say('no frames to save yet'); return; }
    const frames = [];
    for (let f = pushed - count; f < pushed; f++) frames.push(ring.subarray((f % CAPACITY) * PIXELS, (f % CAPACITY + 1) * PIXELS));
    const rate = Math.min(host.M._m8web_fps(), GIF_FPS);
    let bytes;
    try {
      bytes = mote8GifEncoder.encode({ width: W, height: H, palette, frames, scale: GIF_SCALE, fps: rate });
    } catch (e) {
      say('gif not saved: ' + e.message);
      return;
    }
    recStart = pushed;
    deliver(nextName('gif'), 'gif', new Blob([bytes], { type: 'image/gif' }),
            'gif (' + (count / rate).toFixed(1) + ' s)');
  }

  function command(cmd) {
    if (cmd === 'screen') screenshot(false);
    else if (cmd === 'label') screenshot(true);
    else if (cmd === 'rec') startGif();
    else if (cmd === 'video') saveGif();
  }

  // the tick's frame into the ring (colour indices 0-15 and 128-143 as 0-31), then its requests
  function afterTick() {
    const M = host.M;
    ticks++;
    const fps = M._m8web_fps(), every = fps > GIF_FPS ? Math.floor(fps / GIF_FPS) : 1;
    if (ticks % every === 0) {
      const at = M._m8web_indices(), slot = (pushed % CAPACITY) * PIXELS;
      for (let i = 0; i < PIXELS; i++) {
        const v = M.HEAPU8[at + i];
        ring[slot + i] = v < 16 ? v : v >= 128 && v < 144 ? v - 112 : 0;
      }
      pushed++;
    }
    for (let i = 0; ; i++) {
      const p = M._m8web_host_request(i);
      if (!p) break;
      command(M.UTF8ToString(p));
    }
  }

  function onKey(e) {
    if (e.repeat || e.ctrlKey || e.altKey || e.metaKey) return;
    const cmd = { F6: 'screen', F12: 'screen', F7: 'label', F8: 'rec', F9: 'video' }[e.code];
    if (!cmd) return;
    e.preventDefault();
    command(cmd);
  }

  window.mote8Capture = { command, recent };
  (window.mote8Modules = window.mote8Modules || []).push({
    name: 'capture',
    start(h) {
      host = h;
      base = (h.cartName.split('/').pop().replace(/\.p8(\.png|\.rom)?$/, '') || 'cart');
      ring = new Uint8Array(CAPACITY * PIXELS);
      const M = h.M, at = M._m8web_palette();
      palette = [];
      for (let i = 0; i < 32; i++) palette.push([M.HEAPU8[at + i * 3], M.HEAPU8[at + i * 3 + 1], M.HEAPU8[at + i * 3 + 2]]);
      window.addEventListener('keydown', onKey);
    },
    afterTick,
  });
})();
