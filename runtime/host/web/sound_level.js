/* sound_level.js - the web player's mute and volume (a player module of mote8_web.js), as the
 * window host's (runtime/host/window/sound_level.c): 8 volume steps, - and = (or the keypad's
 * - and +) step it down and up (a step unmutes), F10 or Ctrl+M toggle mute; each change is
 * shown for 1.5 s (notice.js: "volume 5/8", "muted (volume 5/8)") and kept in the browser's
 * localStorage as "mote8.sound" ({"level":0-8,"muted":bool}; a damaged value gives the
 * defaults, full volume and sound on; a storage that cannot be used keeps them for the page).
 * The gain (level/8, 0 when muted) goes to the page's samples (host.setGain).
 * window.mote8ToggleMute() toggles mute and returns the new state (touch_shell.js draws the
 * touch controls' mute button when it exists, and the icon follows the keys too);
 * window.mote8Sound.state() gives {level, muted, gain}.
 * Depends on: mote8_web.js (window.mote8Modules, loaded after this file), notice.js. */
'use strict';

(function () {
  const LEVELS = 8, KEY = 'mote8.sound';
  let level = LEVELS, muted = false, host = null;

  function load() {
    let text = null;
    try { text = window.localStorage.getItem(KEY); } catch (e) { return; }
    if (text === null) return;
    try {
      const v = JSON.parse(text);
      if (Number.isInteger(v.level) && v.level >= 0 && v.level <= LEVELS && typeof v.muted === 'boolean') {
        level = v.level;
        muted = v.muted;
        return;
      }
    } catch (e) { /* damaged: the defaults */ }
    console.warn('mote8: the saved sound level "' + text + '" is damaged: full volume, sound on');
  }
  function save() {
    try { window.localStorage.setItem(KEY, JSON.stringify({ level, muted })); }
    catch (e) { console.warn('mote8: the sound level cannot be kept in the browser\'s storage'); }
  }
  const gain = () => (muted ? 0 : level / LEVELS);
  function text() { return (muted ? 'muted (' : '') + 'volume ' + level + '/' + LEVELS + (muted ? ')' : ''); }

  function changed() {
    save();
    if (host) host.setGain(gain());
    if (window.mote8Notice) window.mote8Notice(text());
    const touch = window.mote8TouchControls;
    if (touch && typeof touch.setState === 'function') touch.setState({ muted });
  }
  function toggleMute() { muted = !muted; changed(); return muted; }
  function step(delta) {
    level = Math.max(0, Math.min(LEVELS, level + delta));
    muted = false;
    changed();
  }

  function onKey(e) {
    if (e.repeat || e.altKey || e.metaKey) return;
    if (e.code === 'F10' || (e.ctrlKey && e.code === 'KeyM')) toggleMute();
    else if (e.ctrlKey) return;                       // Ctrl+- / Ctrl+= zoom the page
    else if (e.key === '-' || e.code === 'NumpadSubtract') step(-1);
    else if (e.key === '=' || e.key === '+' || e.code === 'NumpadAdd') step(1);
    else return;
    e.preventDefault();
    if (e.ctrlKey) e.stopImmediatePropagation();    // Ctrl+M is no X for the game
  }

  load();
  window.mote8ToggleMute = toggleMute;
  window.mote8Sound = { state: () => ({ level, muted, gain: gain() }) };
  (window.mote8Modules = window.mote8Modules || []).push({
    name: 'sound_level',
    start(h) {
      host = h;
      host.setGain(gain());
      window.addEventListener('keydown', onKey, { capture: true });
      const touch = window.mote8TouchControls;
      if (muted && touch && typeof touch.setState === 'function') touch.setState({ muted });
      if (muted && window.mote8Notice) window.mote8Notice(text());   // say so, as the window does
    },
  });
})();
