/* devkit_input.js - the devkit mouse and keyboard of the web player (a player module of
 * mote8_web.js), as the window host fills mote8_input (runtime/host/window/window.c,
 * mouse_input) for a cart's stat(30)-stat(39) (reference 10.5; the machine reports them once
 * the cart did poke(0x5f2d, 1)):
 *   position  the pointer over the screen canvas in screen pixels (the canvas is scaled by
 *             CSS: its page rect is mapped to 0-127, outside it clamped);
 *   buttons   bit 0 left, 1 right, 2 middle: a mouse pressed anywhere on the page, a touch or
 *             pen on the screen (a touch on the touch controls is no click); the right
 *             button's context menu is kept off the screen;
 *   movement  since the last tick, in screen pixels (what remains of a pixel is kept);
 *   wheel     steps since the last tick, up positive (one per wheel event);
 *   typed     printable ASCII, lower case, repeated while held; Backspace as "\b" (once per
 *             press); Enter and P pause, as in the window, and are not typed. Typed keys still
 *             work as game keys (the window does the same). While the cart enabled the devkit
 *             keyboard the browser's own use of those keys (a space scrolling) is prevented.
 * Pointer lock: while the cart's devkit flags hold 16 (poke(0x5f2d, 17)) the screen canvas
 * asks for it (canvas.requestPointerLock: browsers grant it only in a user's gesture, so a
 * refused request is asked again on the next press on the screen), and only movement counts;
 * the position moves with it, kept on the screen. The pause and a cart that drops flag 16
 * release it. Nothing is typed or moved while paused.
 * Depends on: mote8_web.js (window.mote8Modules, loaded after this file), web_host.c
 * (m8web_set_mouse, m8web_set_keys, m8web_devkit_flags). */
'use strict';

(function () {
  const W = 128, H = 128, KEYS_PER_TICK = 15, QUEUE_MAX = 64;
  const DEVKIT_INPUT = 1, POINTER_LOCK = 16;
  let host = null, canvas = null, keysBuf = 0;
  let x = 0, y = 0, moveX = 0, moveY = 0, wheel = 0, typed = '';
  const pressedBy = new Map();     // pointerId -> its buttons (bits 0-2)
  let lockWanted = false, lockRefused = false;

  const flags = () => host.M._m8web_devkit_flags();
  const locked = () => document.pointerLockElement === canvas;
  const scale = () => { const r = canvas.getBoundingClientRect(); return r.width > 0 ? r.width / W : 1; };

  function place(e) {
    const r = canvas.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return;
    x = Math.floor((e.clientX - r.left) * W / r.width);
    y = Math.floor((e.clientY - r.top) * H / r.height);
  }
  function buttons() {
    let b = 0;
    for (const v of pressedBy.values()) b |= v;
    return b & 7;
  }

  function onMove(e) {
    if (e.pointerType === 'mouse' || !e.pointerType) {
      moveX += e.movementX || 0;
      moveY += e.movementY || 0;
    }
    if (locked()) {
      const s = scale();
      x = Math.max(0, Math.min(W - 1, x + (e.movementX || 0) / s));
      y = Math.max(0, Math.min(H - 1, y + (e.movementY || 0) / s));
    } else if (e.pointerType === 'mouse' || !e.pointerType || pressedBy.has(e.pointerId)) {
      place(e);
    }
    if (pressedBy.has(e.pointerId) && e.pointerType === 'mouse') pressedBy.set(e.pointerId, e.buttons & 7);
  }
  function onDown(e) {
    const onScreen = e.target === canvas;
    if (e.pointerType !== 'mouse' && !onScreen) return;      // touch controls are no clicks
    if (!locked()) place(e);
    pressedBy.set(e.pointerId, e.pointerType === 'mouse' ? (e.buttons & 7) : 1);
    if (onScreen && lockWanted && !locked()) requestLock();  // a gesture: ask again
  }
  function onUp(e) {
    if (!pressedBy.has(e.pointerId)) return;
    if (e.pointerType === 'mouse' && (e.buttons & 7)) pressedBy.set(e.pointerId, e.buttons & 7);
    else pressedBy.delete(e.pointerId);
  }
  function onWheel(e) {
    if (!e.deltaY) return;
    wheel += e.deltaY < 0 ? 1 : -1;
    if (host && (flags() & DEVKIT_INPUT)) e.preventDefault();
  }
  function onKey(e) {
    if (!host || host.isPaused() || e.ctrlKey || e.metaKey || e.altKey) return;
    let c = null;
    if (e.key === 'Backspace') c = e.repeat ? null : '\b';
    else if (e.key.length === 1 && e.key >= ' ' && e.key <= '~') c = e.key.toLowerCase();
    if (c === null) return;
    if (typed.length < QUEUE_MAX) typed += c;
    if (flags() & DEVKIT_INPUT) e.preventDefault();
  }

  function requestLock() {
    if (!canvas.requestPointerLock) return;
    lockRefused = false;
    try {
      const p = canvas.requestPointerLock();
      if (p && typeof p.catch === 'function') p.catch(() => { lockRefused = true; });
    } catch (e) { lockRefused = true; }
  }
  // after each tick and each frame: the lock follows the cart's flag 16 (and the pause)
  function followLock() {
    const want = !host.isPaused() && (flags() & POINTER_LOCK) !== 0;
    if (want && !lockWanted) requestLock();
    if (!want && locked() && document.exitPointerLock) document.exitPointerLock();
    lockWanted = want;
  }

  function beforeTick() {
    const s = scale();
    const dx = Math.trunc(moveX / s), dy = Math.trunc(moveY / s);
    moveX -= dx * s;
    moveY -= dy * s;
    host.M._m8web_set_mouse(Math.floor(x), Math.floor(y), buttons(), dx, dy, wheel);
    wheel = 0;
    host.M.stringToUTF8(typed.slice(0, KEYS_PER_TICK), keysBuf, KEYS_PER_TICK + 1);
    host.M._m8web_set_keys(keysBuf);
    typed = typed.slice(KEYS_PER_TICK);
  }

  window.mote8Devkit = { pointerLockRefused: () => lockRefused };
  (window.mote8Modules = window.mote8Modules || []).push({
    name: 'devkit_input',
    start(h) {
      host = h;
      canvas = h.canvas;
      keysBuf = h.M._malloc(KEYS_PER_TICK + 1);
      window.addEventListener('pointermove', onMove);
      window.addEventListener('pointerdown', onDown);
      window.addEventListener('pointerup', onUp);
      window.addEventListener('pointercancel', onUp);
      window.addEventListener('wheel', onWheel, { passive: false });
      window.addEventListener('keydown', onKey);
      window.addEventListener('blur', () => pressedBy.clear());
      canvas.addEventListener('contextmenu', (e) => e.preventDefault());
      document.addEventListener('pointerlockerror', () => { lockRefused = true; });
    },
    frame() {
      if (host.isPaused()) { moveX = moveY = wheel = 0; typed = ''; }
      followLock();
    },
    beforeTick,
    afterTick: followLock,
  });
})();
