/* pause_menu.js - the web player's pause menu, the page's side: the menu itself (its lines,
 * what a key does, its drawing over the dimmed screen) lives in the engine (web_menu.c, over
 * the window's model common/pause_menu.c); this binds the page's keys to it and carries out
 * "exit to carts". mote8_web.js calls:
 *   mote8PauseMenu.attach(M, {launcher, onExit})  M: the engine; launcher: an "exit to carts"
 *                                     line (the bundled carts' page, not an exported one);
 *                                     onExit(): the page goes back to the carts' grid;
 *   mote8PauseMenu.toggle()           open, or close as "continue" (mote8Pause(): the touch
 *                                     pause button, a pad's Start);
 *   mote8PauseMenu.key(code)          a key pressed (KeyboardEvent.code): while closed Enter,
 *                                     P or Escape open it; while open Enter confirms, Escape
 *                                     or P close it; true when the key was the menu's. The
 *                                     arrows, Z/X (and the touch d-pad, O, X, a pad's d-pad,
 *                                     A/B) reach it as player 0's held buttons: the engine
 *                                     takes each new press as a move or a confirm;
 *   mote8PauseMenu.isOpen()           the machine is not ticked while it is;
 *   mote8PauseMenu.check()            after input: "exit to carts" chosen -> onExit().
 * Depends on: the engine's m8web_menu_* functions (web_menu.c). */
'use strict';

(function () {
  const KEY = { up: 0, down: 1, left: 2, right: 3, confirm: 4, back: 5 };
  const OPENERS = { Enter: 1, KeyP: 1, Escape: 1 };
  let M = null, onExit = null;

  function isOpen() { return !!M && M._m8web_menu_state() === 1; }
  function check() {
    if (M && M._m8web_menu_state() === 2 && onExit) onExit();
  }
  window.mote8PauseMenu = {
    attach(engine, options) {
      M = engine;
      onExit = options && options.onExit;
      M._m8web_menu_set_exits(options && options.launcher ? 1 : 0);
    },
    toggle() {
      if (!M) return;
      M._m8web_menu_toggle();
      check();
    },
    key(code) {
      if (!M || !OPENERS[code]) return false;
      if (!isOpen()) M._m8web_menu_toggle();
      else M._m8web_menu_key(code === 'Enter' ? KEY.confirm : KEY.back);
      check();
      return true;
    },
    isOpen,
    check,
    // the menu's lines and selection (the test hook publishes them)
    describe() {
      const lines = [];
      for (let i = 0; i < M._m8web_menu_count(); i++) lines.push(M.UTF8ToString(M._m8web_menu_label(i)));
      return { state: M._m8web_menu_state(), selected: M._m8web_menu_selected(), lines };
    },
  };
})();
