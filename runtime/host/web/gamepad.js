/* gamepad.js - the web player's gamepads (a player module of mote8_web.js): up to 8 pads of
 * the Gamepad API are players 0-7 in the order they are connected (a pad takes the first free
 * player; unplugging frees its player, the others keep theirs), read with
 * navigator.getGamepads() every animation frame. A pad of the browser's "standard" mapping,
 * as the window host's defaults (runtime/host/common/settings.c, input_map.c):
 *   d-pad (buttons 14 15 12 13) and the left stick past the dead zone  left right up down
 *   A (0) and Y (3)                                                    O
 *   B (1) and X (2)                                                    X
 *   Start (9)                                                          pause (on press)
 * A pad without the standard mapping is read the same way (its buttons may then be others:
 * the console says so once). Its buttons are ORed with the keys' and touch's for its player
 * (host.setPadButtons). window.mote8Gamepad.players() lists the pads' ids by player, for a
 * page or a test.
 * Depends on: mote8_web.js (window.mote8Modules, loaded after this file), the Gamepad API. */
'use strict';

(function () {
  const PLAYERS = 8;
  const DEAD_ZONE = 12000 / 32768;      // the window's default (settings.c: pad_deadzone)
  const DPAD = [[14, 0], [15, 1], [12, 2], [13, 3]];   // [standard button, PICO-8 bit]
  const O_BUTTONS = [0, 3], X_BUTTONS = [1, 2], START = 9;

  const slots = new Array(PLAYERS).fill(null);   // per player: the pad's Gamepad.index
  const startHeld = new Array(PLAYERS).fill(false);
  const warned = new Set();
  let host = null;

  function pressed(pad, i) {
    const b = pad.buttons[i];
    if (b === undefined || b === null) return false;
    return typeof b === 'object' ? !!b.pressed || b.value > 0.5 : b > 0.5;
  }

  // a pad's PICO-8 buttons (bits 0-5)
  function padMask(pad) {
    let mask = 0;
    for (const [button, bit] of DPAD) if (pressed(pad, button)) mask |= 1 << bit;
    for (const b of O_BUTTONS) if (pressed(pad, b)) mask |= 16;
    for (const b of X_BUTTONS) if (pressed(pad, b)) mask |= 32;
    const x = pad.axes[0] || 0, y = pad.axes[1] || 0;
    if (x < -DEAD_ZONE) mask |= 1;
    if (x > DEAD_ZONE) mask |= 2;
    if (y < -DEAD_ZONE) mask |= 4;
    if (y > DEAD_ZONE) mask |= 8;
    return mask;
  }

  function connect(pad) {
    if (!pad || slots.includes(pad.index)) return;
    const player = slots.indexOf(null);
    if (player < 0) return;                          // 8 pads already: this one is not read
    slots[player] = pad.index;
    startHeld[player] = pressed(pad, START);         // a Start held while plugging in is no press
    console.log('gamepad "' + pad.id + '" is player ' + player);
    if (pad.mapping !== 'standard' && !warned.has(pad.id)) {
      warned.add(pad.id);
      console.log('gamepad "' + pad.id + '" has no standard mapping: its buttons may differ');
    }
  }

  function disconnect(index) {
    const player = slots.indexOf(index);
    if (player < 0) return;
    slots[player] = null;
    startHeld[player] = false;
    if (host) host.setPadButtons(player, 0);
    console.log('gamepad of player ' + player + ' unplugged');
  }

  function currentPads() {
    let list = [];
    try { list = navigator.getGamepads ? navigator.getGamepads() : []; } catch (e) { list = []; }
    const pads = new Map();
    for (const pad of list || []) if (pad && pad.connected !== false) pads.set(pad.index, pad);
    return pads;
  }

  // every animation frame: pads that came or went without an event, then each pad's buttons
  function poll() {
    const pads = currentPads();
    for (const index of slots) if (index !== null && !pads.has(index)) disconnect(index);
    for (const pad of [...pads.values()].sort((a, b) => a.index - b.index)) connect(pad);
    for (let player = 0; player < PLAYERS; player++) {
      const pad = slots[player] === null ? null : pads.get(slots[player]);
      if (!pad) continue;
      host.setPadButtons(player, padMask(pad));
      const start = pressed(pad, START);
      if (start && !startHeld[player]) host.pause();
      startHeld[player] = start;
    }
  }

  window.addEventListener('gamepadconnected', (e) => connect(e.gamepad));
  window.addEventListener('gamepaddisconnected', (e) => { if (e.gamepad) disconnect(e.gamepad.index); });

  window.mote8Gamepad = {
    players: () => slots.map((index) => {
      const pad = index === null ? null : currentPads().get(index);
      return pad ? pad.id : null;
    }),
  };
  (window.mote8Modules = window.mote8Modules || []).push({
    name: 'gamepad',
    start(h) { host = h; },
    frame() { if (host) poll(); },
  });
})();
