/* mote8_web.js - the web player's page side: loads mote8.js/mote8.wasm (web_host.c), then
 * either shows the bundled carts (index.html without a cart: their labels in a grid; a click
 * runs one) or runs a cart:
 *   index.html?cart=NAME            a bundled cart (hello, racer, spaceman ...)
 *   index.html?url=PATH.p8          a .p8, .p8.png or .p8.rom file from the same web
 *                                   server; its load() of another cart reads that cart's
 *                                   folder (window.mote8CartFolder: never outside it)
 *   an exported page                window.mote8Export = {carts: [{name, p8}, ...]} (set by
 *                                   `mote8-cart export-html`, p8: the cart's bytes as
 *                                   base64): the first cart runs, all of them are packed in
 *                                   for load() (m8web_pack_cart), <img id="mote8-loading">
 *                                   (the label) shows until it starts; ?cart= and ?url= are
 *                                   ignored and the pause menu has no "exit to carts"
 *   #seed=S                         the seed (default: the clock; always set explicitly)
 *   #test:frames=N,seed=S[,input=FRAME:MASK;...][,pause=STEP;...][,overlay=V]
 *        [,cartdata=browser|full]
 *                                   the test hook: run N ticks at once with that seed and
 *                                   cartdata in memory only (in the browser's storage, as a
 *                                   played page keeps it, with cartdata=browser; in a storage
 *                                   whose every write fails as a full one's, with
 *                                   cartdata=full), show that frame and stop; input
 *                                   as `mote8 --headless --input` reads it (from FRAME on,
 *                                   MASK: player 0 in bits 0-6, player 1 in bits 8-14), else none;
 *                                   pause: mote8Pause() before each STEP (the menu opens or
 *                                   closes; while it is open a step is not a tick, and player
 *                                   0's presses move in it); overlay: the cost overlay's view
 *                                   V (0-2) from the start;
 *                                   then window.mote8Frame holds the frame's 16384 colour
 *                                   indices (0-15, 128-143; 255 = none), window.mote8Palette
 *                                   the 32 display colours as [r,g,b], <pre id="mote8-test">
 *                                   (with the samples of the N ticks: their count and the
 *                                   FNV-1a of their little-endian bytes, as a WAV holds them;
 *                                   the loop's milliseconds, loop_ms, and those of its
 *                                   second half, loop_ms_second_half (the engine warmed up:
 *                                   tools/web_bench.sh); the host's notices)
 *                                   the same as JSON (indices as hex; also ticks_run, the
 *                                   ticks the machine ran; menu: {state, selected, lines} of
 *                                   the menu last open; shown: the RGB the page showed, menu
 *                                   included, as hex; overlay: its figures with heat_pixels,
 *                                   heat_box and the panel's text) and document.title ends
 *                                   "test done" (or "test failed: MESSAGE").
 * Each animation frame runs the ticks due at the cart's rate (30 or 60 a second; at most 4
 * at once after a stall; window.mote8Ticks and the canvas's data-ticks count them), draws the screen into the canvas (scaled crisply by CSS to fit the
 * window) and queues each tick's samples in WebAudio, which starts on the first key, click
 * or touch as browsers require. Keys: the window host's defaults (player 0 arrows, Z C N = O,
 * X V M = X; player 1 S F E D, Left Shift = O, Tab W Q A = X); Enter, P or Escape open the
 * pause menu (pause_menu.js over the engine's web_menu.c: the window's menu, drawn into the
 * screen; "exit to carts" goes back to the carts' page); F1 steps the cost overlay
 * (overlay.js over web_overlay.c: figures, heatmap, off).
 *
 * Touch controls (touch.js, a separate module) hook in through two functions:
 *   mote8SetButton(player, button, down)  player 0-7, button 0-5 (left right up down O X)
 *                                         or 6 (pause); held buttons stay down until set up
 *   mote8Pause()                          opens or closes the pause menu (fires once: on
 *                                         the pause button's release; a pad's Start too)
 * and find the player's area in <div id="mote8-touch"> (empty here) around the screen.
 *
 * Player modules (gamepad.js: pads; devkit_input.js: the devkit mouse and keyboard;
 * sound_level.js: mute and volume; capture.js: screenshots and GIFs; each loaded before this
 * file) push an object on window.mote8Modules; when a cart runs (not on the test hook) each
 * gets start(host), then frame(now) every animation frame before its ticks, and
 * beforeTick() / afterTick() around every tick, all optional. `host` is
 *   {M, canvas, cartName,             the engine (m8web_*), the screen, the cart's file name
 *    setPadButtons(player, mask),     the pads' buttons of player 0-7 (ORed with keys and
 *                                     touch; bit 6 would be pause)
 *    pause(), isPaused(),             the pause toggle and its state
 *    setGain(g)}                      the samples' gain from now on (0 silent, 1 full)
 * Their keys, as the window host's (docs/web.md): F6/F12 screenshot, F8/F9 GIF, F10 or
 * Ctrl+M mute, - and = volume; pads 0-7 as players 0-7 in connection order, Start pauses.
 * While the menu is open, player 0's held buttons drive it: each new press of a direction
 * moves, of O or X confirms (so touch, keys and pads need nothing of their own).
 * Depends on: mote8.js (createMote8), index.html; pause_menu.js and overlay.js when present. */
'use strict';

(function () {
  const W = 128, H = 128, RATE = 22050;
  // reference 10.3's layout, as the window host's defaults (runtime/host/common/settings.c)
  const KEYS = {
    ArrowLeft: [0, 0], ArrowRight: [0, 1], ArrowUp: [0, 2], ArrowDown: [0, 3],
    KeyZ: [0, 4], KeyC: [0, 4], KeyN: [0, 4], KeyX: [0, 5], KeyV: [0, 5], KeyM: [0, 5],
    KeyS: [1, 0], KeyF: [1, 1], KeyE: [1, 2], KeyD: [1, 3], ShiftLeft: [1, 4],
    Tab: [1, 5], KeyW: [1, 5], KeyQ: [1, 5], KeyA: [1, 5],
  };
  const PAUSE_KEYS = { Enter: 1, KeyP: 1, Escape: 1 };

  let M = null;                         // the emscripten module
  const touchHeld = new Uint8Array(8);   // per player: the buttons touch.js holds
  const padHeld = new Uint8Array(8);     // per player: the buttons its gamepad holds
  let gain = 1;                          // the samples' gain (sound_level.js)
  const modules = window.mote8Modules || (window.mote8Modules = []);
  const keysDown = new Set();            // the KEYS codes held now
  let audio = null, audioTime = 0;

  // a button is down while any of its keys, touch or its pad holds it (releasing C keeps Z's O)
  function sendButtons(player) {
    let mask = touchHeld[player] | padHeld[player];
    for (const code of keysDown) if (KEYS[code][0] === player) mask |= 1 << KEYS[code][1];
    if (M) M._m8web_set_buttons(player, mask);   // player 0's presses also move in the menu
  }
  function setButton(player, button, down) {
    if (!(player >= 0 && player <= 7 && button >= 0 && button <= 6)) return;
    if (down) touchHeld[player] |= 1 << button; else touchHeld[player] &= ~(1 << button);
    sendButtons(player);
  }
  // the pause menu (pause_menu.js over the engine's web_menu.c): paused while it is open
  function togglePause() {
    if (window.mote8PauseMenu) window.mote8PauseMenu.toggle();
  }
  // messages for the player (a cartdata save that failed, a capture, the volume ...):
  // notice.js shows them over the screen's foot; the test hook's record lists them all
  const notices = [];
  const showNotice = window.mote8Notice;
  window.mote8Notice = (text, ms) => {
    notices.push(text);
    if (showNotice) showNotice(text, ms); else status(text);
  };
  const paused = () => !!window.mote8PauseMenu && window.mote8PauseMenu.isOpen();
  window.mote8SetButton = setButton;
  window.mote8Pause = togglePause;

  function params() {
    const q = new URLSearchParams(location.search), h = location.hash.replace(/^#/, '');
    const p = { cart: q.get('cart'), url: q.get('url'), test: null, seed: null };
    const t = new RegExp('^test:frames=(\\d{1,7}),seed=(\\d{1,10})(,input=((\\d+:\\d+)(;\\d+:\\d+)*))?' +
                         '(,pause=(\\d+(;\\d+)*))?(,overlay=([012]))?(,cartdata=(browser|full))?$').exec(h);
    if (t) {
      p.test = { frames: +t[1], seed: +t[2] >>> 0, input: [], pause: [], overlay: t[11] ? +t[11] : 0,
                 storeCartdata: !!t[12], fullStorage: t[13] === 'full' };
      if (t[4]) p.test.input = t[4].split(';').map((e) => e.split(':').map(Number));
      if (t[8]) p.test.pause = t[8].split(';').map(Number);
      for (let i = 1; i < p.test.input.length; i++)
        if (p.test.input[i][0] < p.test.input[i - 1][0]) p.bad = 'the test hook\'s input goes back in frames';
      for (let i = 1; i < p.test.pause.length; i++)
        if (p.test.pause[i] < p.test.pause[i - 1]) p.bad = 'the test hook\'s pause steps go back';
    } else if (h.startsWith('test:')) {
      p.bad = 'the test hook is #test:frames=N,seed=S[,input=FRAME:MASK;...][,pause=STEP;...]' +
              '[,overlay=V][,cartdata=browser|full] (N up to 9999999, S up to 4294967295, V 0-2), not #' + h;
    }
    const s = /^seed=(\d+)$/.exec(h);
    if (s) p.seed = +s[1] >>> 0;
    return p;
  }

  function status(text) {
    const el = document.getElementById('mote8-status');
    if (el) el.textContent = text;
  }

  // --- the screen ---
  function drawScreen(canvas) {
    const ctx = canvas.getContext('2d');
    const img = ctx.createImageData(W, H);
    const rgb = M.HEAPU8.subarray(M._m8web_rgb(), M._m8web_rgb() + W * H * 3);
    for (let i = 0, j = 0; i < W * H * 3; i += 3, j += 4) {
      img.data[j] = rgb[i]; img.data[j + 1] = rgb[i + 1]; img.data[j + 2] = rgb[i + 2];
      img.data[j + 3] = 255;
    }
    ctx.putImageData(img, 0, 0);
  }

  // --- sound: each tick's samples as one buffer, queued back to back ---
  function startAudio() {
    if (audio) return;
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    try { audio = new Ctx({ sampleRate: RATE }); } catch (e) { audio = new Ctx(); }
    audio.resume();
    audioTime = 0;
  }
  function queueAudio() {
    const n = M._m8web_audio_count();
    if (!audio || n === 0 || audio.state !== 'running') return;
    const buf = audio.createBuffer(1, n, RATE);
    const out = buf.getChannelData(0), at = M._m8web_audio() >> 1;
    for (let i = 0; i < n; i++) out[i] = M.HEAP16[at + i] * gain / 32768;
    const src = audio.createBufferSource();
    src.buffer = buf;
    src.connect(audio.destination);
    if (audioTime < audio.currentTime + 0.02) audioTime = audio.currentTime + 0.05;
    src.start(audioTime);
    audioTime += n / RATE;
  }

  // --- input ---
  function listenKeys() {
    const key = (down) => (e) => {
      startAudio();
      // Enter, P, Escape: the pause menu (pause_menu.js); F1: the cost overlay (overlay.js)
      if (PAUSE_KEYS[e.code]) {
        if (down && !e.repeat && window.mote8PauseMenu) window.mote8PauseMenu.key(e.code);
        e.preventDefault();
        return;
      }
      if (e.code === 'F1') {
        if (down && !e.repeat && window.mote8Overlay) window.mote8Overlay.key(e.code);
        e.preventDefault();
        return;
      }
      const k = KEYS[e.code];
      if (!k) return;
      if (down) keysDown.add(e.code); else keysDown.delete(e.code);
      sendButtons(k[0]);
      if (window.mote8PauseMenu) window.mote8PauseMenu.check();   // "exit to carts"
      e.preventDefault();
    };
    window.addEventListener('keydown', key(true));
    window.addEventListener('keyup', key(false));
    window.addEventListener('blur', () => {    // keys released elsewhere never come back up
      keysDown.clear();
      for (let p = 0; p < 8; p++) sendButtons(p);
    });
    for (const ev of ['pointerdown', 'touchstart']) window.addEventListener(ev, startAudio, { passive: true });
  }

  // --- player modules (the banner): a module that throws is reported and skipped ---
  function eachModule(hook, arg) {
    for (const m of modules) {
      if (typeof m[hook] !== 'function') continue;
      try { m[hook](arg); } catch (e) { console.error('mote8 module ' + (m.name || '?') + ': ' + hook + ': ', e); }
    }
  }
  function startModules(canvas, name) {
    eachModule('start', {
      M, canvas, cartName: name,
      setPadButtons(player, mask) {
        if (!(player >= 0 && player <= 7) || padHeld[player] === (mask & 0x7f)) return;
        padHeld[player] = mask & 0x7f;
        sendButtons(player);
      },
      pause: () => togglePause(),
      isPaused: () => paused(),
      setGain(g) { gain = g >= 0 && g <= 1 ? g : 1; },
    });
  }

  // --- running a cart ---
  function withString(s, f) {
    const n = s.length * 3 + 1, p = M._malloc(n);
    M.stringToUTF8(s, p, n);
    try { return f(p); } finally { M._free(p); }
  }
  function startCart(bytes, name, seed, storeCartdata) {
    const p = M._malloc(bytes.length);
    M.HEAPU8.set(bytes, p);
    const r = withString(name, (np) => M._m8web_start(p, bytes.length, np, seed >>> 0, storeCartdata ? 1 : 0));
    M._free(p);
    return r;
  }
  function bundledBytes(name) {
    return withString(name, (np) => {
      const lenp = M._malloc(4);
      const p = M._m8web_bundled_cart(np, lenp);
      const len = M.HEAP32[lenp >> 2];
      M._free(lenp);
      if (!p) return null;
      const copy = M.HEAPU8.slice(p, p + len);
      M._free(p);
      return copy;
    });
  }
  function fromBase64(text) {
    const raw = atob(text), bytes = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }
  // an exported page's carts: every one packed in for load(), the first one run
  function exportedCart(ex) {
    if (!ex.carts || !ex.carts.length) throw new Error('the exported page holds no cart');
    let first = null;
    for (const c of ex.carts) {
      const bytes = fromBase64(c.p8);
      if (!first) first = [bytes, c.name];
      const p = M._malloc(bytes.length);
      M.HEAPU8.set(bytes, p);
      const r = withString(c.name, (np) => M._m8web_pack_cart(np, p, bytes.length));
      M._free(p);
      if (r !== 0) throw new Error('cannot pack cart ' + c.name);
    }
    return first;
  }
  async function cartBytes(p) {
    if (window.mote8Export) return exportedCart(window.mote8Export);
    if (p.cart) {
      const b = bundledBytes(p.cart);
      if (!b) throw new Error('no bundled cart named "' + p.cart + '"');
      return [b, p.cart + '.p8'];
    }
    // load() and reload() of other carts read this folder (web_host.c served_file_fetch)
    const cartUrl = new URL(p.url, location.href);
    window.mote8CartFolder = new URL('.', cartUrl).href;
    const r = await fetch(cartUrl.href);
    if (!r.ok) throw new Error(p.url + ': ' + r.status + ' ' + r.statusText);
    return [new Uint8Array(await r.arrayBuffer()), decodeURIComponent(cartUrl.pathname.split('/').pop())];
  }

  function runTest(canvas, p, bytes, name) {
    if (p.test.fullStorage) {   // every write to the storage fails as a full one does
      Storage.prototype.setItem = function () {
        throw new DOMException('the test hook\'s storage is full', 'QuotaExceededError');
      };
    }
    const r = startCart(bytes, name, p.test.seed, p.test.storeCartdata);
    const menu = window.mote8PauseMenu, overlay = window.mote8Overlay;
    if (overlay) overlay.show(p.test.overlay);          // from the start, as F1 would
    let ticks = 0, audioHash = 0, audioSamples = 0, ticksRun = 0, loopMs = 0, halfMs = 0;
    if (r === 0) {
      const t0 = performance.now();
      let next = 0, mask = 0, nextPause = 0;
      let hash = 2166136261, samples = 0;   // FNV-1a of the samples, little-endian bytes
      let tHalf = t0;
      for (; ticks < p.test.frames; ticks++) {
        if (ticks === p.test.frames >> 1) tHalf = performance.now();
        // pause=STEP: mote8Pause() before that step's buttons (the menu opens or closes)
        while (nextPause < p.test.pause.length && p.test.pause[nextPause] <= ticks) {
          nextPause++;
          if (menu) menu.toggle();
        }
        // the native --input script's rule: the last change at or before this tick
        while (next < p.test.input.length && p.test.input[next][0] <= ticks) mask = p.test.input[next++][1];
        M._m8web_set_buttons(0, mask & 0x7f);
        M._m8web_set_buttons(1, (mask >> 8) & 0x7f);
        if (!(menu && menu.isOpen())) ticksRun++;       // a step of the open menu is no tick
        const stop = M._m8web_tick() !== 0;
        const n = M._m8web_audio_count(), at = M._m8web_audio() >> 1;
        for (let i = 0; i < n; i++) {
          const v = M.HEAP16[at + i] & 0xffff;
          hash = Math.imul(hash ^ (v & 0xff), 16777619) >>> 0;
          hash = Math.imul(hash ^ (v >> 8), 16777619) >>> 0;
        }
        samples += n;
        if (stop) { ticks++; break; }
      }
      const tEnd = performance.now();
      loopMs = tEnd - t0;
      halfMs = tEnd - tHalf;
      audioHash = hash;
      audioSamples = samples;
    }
    drawScreen(canvas);
    const shown = M.HEAPU8.subarray(M._m8web_rgb(), M._m8web_rgb() + W * H * 3);
    const hex = (bytes) => Array.from(bytes, (v) => (v | 256).toString(16).slice(1)).join('');
    let ov = null;
    if (overlay && p.test.overlay) {
      overlay.frame();
      ov = overlay.figures();
      // the tint canvas: how many pixels it colours, and their bounding box
      const tint = document.getElementById('mote8-heat').getContext('2d').getImageData(0, 0, W, H).data;
      let count = 0, box = null;
      for (let y = 0; y < H; y++)
        for (let x = 0; x < W; x++) {
          if (!tint[(y * W + x) * 4 + 3]) continue;
          count++;
          box = box ? [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)] : [x, y, x, y];
        }
      ov.heat_pixels = count;
      ov.heat_box = box;
      ov.panel = document.getElementById('mote8-overlay').textContent;
    }
    const at = M._m8web_indices();
    const frame = Array.from(M.HEAPU8.subarray(at, at + W * H));
    const pal = M.HEAPU8.subarray(M._m8web_palette(), M._m8web_palette() + 96);
    const palette = [];
    for (let i = 0; i < 32; i++) palette.push([pal[i * 3], pal[i * 3 + 1], pal[i * 3 + 2]]);
    window.mote8Frame = frame;
    window.mote8Palette = palette;
    const error = M.UTF8ToString(M._m8web_error());
    const pre = document.createElement('pre');
    pre.id = 'mote8-test';
    pre.hidden = true;
    pre.textContent = JSON.stringify({
      cart: name, frames: p.test.frames, ticks: ticks, ticks_run: ticksRun, seed: p.test.seed,
      error: error, samples: audioSamples, samples_fnv1a: audioHash, loop_ms: loopMs,
      loop_ms_second_half: halfMs,
      notices: notices, menu: menu ? menu.describe() : null, overlay: ov, shown: hex(shown),
      palette: palette, indices: frame.map((v) => (v | 256).toString(16).slice(1)).join(''),
    });
    document.body.appendChild(pre);
    document.title = error ? 'mote8 test failed: ' + error : 'mote8 test done';
  }

  function runCart(canvas, p, bytes, name) {
    const seed = p.seed !== null ? p.seed : (Date.now() & 0x7fffffff);
    startCart(bytes, name, seed, true);
    drawScreen(canvas);
    document.title = name.replace(/\.p8(\.rom)?$/, '') + ' - mote8';
    listenKeys();
    startModules(canvas, name);
    let last = null, owed = 0;
    window.mote8Ticks = 0;
    function frame(now) {
      if (last === null) last = now;
      const fps = M._m8web_fps();
      owed = Math.min(owed + (now - last) * fps / 1000, 4);
      last = now;
      let ran = false;
      eachModule('frame', now);
      while (!paused() && owed >= 1) {
        owed -= 1;
        eachModule('beforeTick');
        M._m8web_tick();
        queueAudio();
        eachModule('afterTick');
        ran = true;
        window.mote8Ticks++;
      }
      if (paused()) owed = 0;
      if (ran || paused()) {                   // the menu is drawn into the screen
        drawScreen(canvas);
        canvas.dataset.ticks = window.mote8Ticks;
      }
      if (window.mote8PauseMenu) window.mote8PauseMenu.check();
      if (window.mote8Overlay) window.mote8Overlay.frame();
      requestAnimationFrame(frame);
    }
    requestAnimationFrame(frame);
  }

  // --- the bundled carts' page ---
  function showCarts() {
    const grid = document.getElementById('mote8-grid');
    document.getElementById('mote8-carts').hidden = false;
    document.getElementById('mote8-player').hidden = true;
    for (let i = 0; ; i++) {
      const np = M._m8web_bundled_name(i);
      if (!np) break;
      const name = M.UTF8ToString(np);
      const a = document.createElement('a');
      a.href = '?cart=' + encodeURIComponent(name);
      a.className = 'mote8-cart';
      const c = document.createElement('canvas');
      c.width = W; c.height = H;
      if (withString(name, (p) => M._m8web_bundled_label(p))) drawScreen(c);
      const label = document.createElement('span');
      label.textContent = name;
      a.appendChild(c);
      a.appendChild(label);
      grid.appendChild(a);
    }
    status('');
  }

  // the pause menu and the cost overlay, modules of their own (pause_menu.js, overlay.js)
  function attachModules(p) {
    if (window.mote8PauseMenu) {
      window.mote8PauseMenu.attach(M, {
        launcher: !window.mote8Export,            // an exported page has no carts' grid
        onExit: () => { if (!p.test) location.href = location.pathname; },
      });
    }
    if (window.mote8Overlay) window.mote8Overlay.attach(M, document.getElementById('mote8-screen'));
  }

  async function main() {
    const p = params();
    if (p.bad) {
      status('mote8: ' + p.bad);
      document.title = 'mote8 test failed: ' + p.bad;
      return;
    }
    try {
      M = await createMote8({ print: (t) => console.log(t), printErr: (t) => console.error(t) });
      attachModules(p);
      if (!p.cart && !p.url && !window.mote8Export) {
        if (p.test) p.cart = 'hello';
        else { showCarts(); return; }
      }
      const canvas = document.getElementById('mote8-screen');
      const [bytes, name] = await cartBytes(p);
      const loading = document.getElementById('mote8-loading');
      if (loading) loading.remove();
      status('');
      if (p.test) runTest(canvas, p, bytes, name);
      else runCart(canvas, p, bytes, name);
    } catch (e) {
      status('mote8: ' + e.message);
      if (p.test) document.title = 'mote8 test failed: ' + e.message;
    }
  }
  window.addEventListener('hashchange', () => location.reload());
  main();
})();
