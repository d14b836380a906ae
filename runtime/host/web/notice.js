/* notice.js - a line of text the web player shows over the foot of its screen for a moment
 * (1.5 s unless told), as the window host shows its volume bar and capture messages:
 * window.mote8Notice(text[, ms]). The line is <div id="mote8-notice"> in #mote8-player (made
 * on first use); a new text replaces the one shown. Depends on: the page's #mote8-player. */
'use strict';

(function () {
  let timer = null;
  window.mote8Notice = function (text, ms) {
    let el = document.getElementById('mote8-notice');
    if (!el) {
      const player = document.getElementById('mote8-player') || document.body;
      el = document.createElement('div');
      el.id = 'mote8-notice';
      el.setAttribute('role', 'status');
      Object.assign(el.style, {
        position: 'absolute', left: '50%', bottom: '16px', transform: 'translateX(-50%)',
        maxWidth: '90%', padding: '4px 12px', borderRadius: '4px', background: 'rgba(0,0,0,0.7)',
        color: '#fff', font: 'bold 15px/1.4 system-ui, sans-serif', textAlign: 'center',
        pointerEvents: 'none', zIndex: '10' });
      player.appendChild(el);
    }
    el.textContent = text;
    el.hidden = false;
    clearTimeout(timer);
    timer = setTimeout(() => { el.hidden = true; }, ms || 1500);
  };
})();
