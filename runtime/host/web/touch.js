/* touch.js - mote8's touch controls for phones: a d-pad that follows the thumb, the O and X
 * buttons and the system buttons (pause, mute, fullscreen), drawn around the 128x128 screen
 * (below it in portrait, at its sides in landscape) and hidden until the first touch.
 * Plain browser JavaScript, no build step, no dependencies; the web shell calls it through
 * the small interface below (docs/web.md, "Touch controls"):
 *
 *   const touch = mote8Touch.attach(container, {
 *       setButton(player, button, down),  // 0 left 1 right 2 up 3 down 4 O 5 X, player 0
 *       pause(),                          // once, on release over the pause button
 *       toggleMute(),                     // once, on press
 *       toggleFullscreen(),               // once, on release (browsers grant fullscreen then)
 *       shown() });                       // optional: the controls appeared (first touch)
 *   touch.layout(screenRect, orientation) // on every resize: the screen's rect in the
 *                                         // container, 'portrait' or 'landscape'
 *   mote8Touch.screenRect(width, height)  // optional: where the screen fits beside them
 *
 * Each touch owns the control it landed on until it lifts; a button is down while any touch
 * holds it, so lifting one finger never releases a button another finger holds. */
(function (global) {
    'use strict';

    const BTN_LEFT = 0, BTN_RIGHT = 1, BTN_UP = 2, BTN_DOWN = 3, BTN_O = 4, BTN_X = 5;
    const PLAYER = 0;
    /* thumb sizes, CSS pixels: a d-pad of 96-168 across, buttons of 52-80 across, system
     * buttons of 40 (the smallest target phone guidelines advise is 44 with its margin) */
    const DPAD_MIN_R = 48, DPAD_MAX_R = 84;
    const BUTTON_MIN_R = 26, BUTTON_MAX_R = 40;
    const SYSTEM_R = 20;
    const DEADZONE = 0.22;      /* of the d-pad radius: no direction closer to the centre */
    const FOLLOW = 0.9;         /* of the d-pad radius: farther, the centre follows the thumb */
    const BUTTON_HIT = 1.35;    /* of a button's radius: its target (O and X meet between) */
    const SYSTEM_HIT = 1.3;
    /* the room the controls want beside the screen (screenRect keeps it free) */
    const PORTRAIT_ROOM = 300, LANDSCAPE_ROOM = 190;

    /* the project's palette (runtime/core/palette.c) */
    const COL = { navy: '29,43,83', grey: '95,87,79', light: '194,195,199', white: '255,241,232',
                  red: '255,0,77', blue: '41,173,255' };

    const STYLE = `
.m8t-layer { position: absolute; left: 0; top: 0; right: 0; bottom: 0; pointer-events: none;
  touch-action: none; user-select: none; -webkit-user-select: none; -webkit-touch-callout: none;
  -webkit-tap-highlight-color: transparent; overflow: hidden; z-index: 10; }
.m8t-layer.m8t-hidden { display: none; }
.m8t-zone { position: absolute; pointer-events: auto; touch-action: none; }
.m8t-dpad, .m8t-button { position: absolute; pointer-events: none; }
.m8t-system { position: absolute; pointer-events: auto; touch-action: none; }
.m8t-dpad { transition: left 0.12s ease-out, top 0.12s ease-out; }
.m8t-dpad.m8t-held { transition: none; }
.m8t-dpad svg, .m8t-button svg, .m8t-system svg { width: 100%; height: 100%; display: block; }
.m8t-arm { fill: rgba(${COL.grey},0.8); }
.m8t-arm.m8t-on { fill: rgba(${COL.blue},0.95); }
.m8t-arrow { fill: rgba(${COL.light},0.85); }
.m8t-button { border-radius: 50%; transition: transform 0.05s; }
.m8t-button.m8t-on { transform: scale(0.92); }
.m8t-o { background: rgba(${COL.red},0.32); box-shadow: inset 0 0 0 3px rgba(${COL.red},0.85); }
.m8t-o.m8t-on { background: rgba(${COL.red},0.8); }
.m8t-x { background: rgba(${COL.blue},0.32); box-shadow: inset 0 0 0 3px rgba(${COL.blue},0.85); }
.m8t-x.m8t-on { background: rgba(${COL.blue},0.8); }
.m8t-glyph { fill: none; stroke: rgba(${COL.white},0.95); stroke-width: 14; stroke-linecap: round; }
.m8t-system { border-radius: 50%; background: rgba(${COL.navy},0.6);
  box-shadow: inset 0 0 0 2px rgba(${COL.light},0.55); }
.m8t-system.m8t-on { background: rgba(${COL.light},0.6); }
.m8t-icon { fill: rgba(${COL.light},0.95); stroke: none; }
.m8t-icon-line { fill: none; stroke: rgba(${COL.light},0.95); stroke-width: 9; stroke-linecap: round; }
.m8t-system .m8t-when-on { display: none; }
.m8t-system.m8t-state-on .m8t-when-on { display: inline; }
.m8t-system.m8t-state-on .m8t-when-off { display: none; }
`;

    const SVG_NS = 'http://www.w3.org/2000/svg';

    function svg(markup, viewBox) {
        const el = document.createElementNS(SVG_NS, 'svg');
        el.setAttribute('viewBox', viewBox || '-100 -100 200 200');
        el.innerHTML = markup;
        return el;
    }

    /* the d-pad's picture: a round base, a cross of four arms (each lights while held) and
     * an arrow on each arm; the centre square stays unlit */
    function dpadPicture() {
        const arm = (cls, x, y, w, h, arrow) =>
            `<rect class="m8t-arm ${cls}" x="${x}" y="${y}" width="${w}" height="${h}" rx="12"/>` +
            `<path class="m8t-arrow" d="${arrow}"/>`;
        return svg(
            `<circle cx="0" cy="0" r="96" fill="rgba(${COL.navy},0.5)" stroke="rgba(${COL.light},0.5)" stroke-width="4"/>` +
            arm('m8t-arm-up', -28, -84, 56, 70, 'M0,-74 L-14,-54 L14,-54 Z') +
            arm('m8t-arm-down', -28, 14, 56, 70, 'M0,74 L-14,54 L14,54 Z') +
            arm('m8t-arm-left', -84, -28, 70, 56, 'M-74,0 L-54,-14 L-54,14 Z') +
            arm('m8t-arm-right', 14, -28, 70, 56, 'M74,0 L54,-14 L54,14 Z') +
            `<rect x="-30" y="-30" width="60" height="60" rx="6" fill="rgba(${COL.grey},0.8)"/>` +
            `<circle cx="0" cy="0" r="12" fill="rgba(${COL.navy},0.7)"/>`);
    }

    const GLYPH_O = '<circle class="m8t-glyph" cx="0" cy="0" r="34"/>';
    const GLYPH_X = '<path class="m8t-glyph" d="M-30,-30 L30,30 M30,-30 L-30,30"/>';
    const ICON_PAUSE = '<rect class="m8t-icon" x="-30" y="-36" width="20" height="72" rx="5"/>' +
                       '<rect class="m8t-icon" x="10" y="-36" width="20" height="72" rx="5"/>';
    const ICON_MUTE = '<path class="m8t-icon" d="M-44,-18 L-22,-18 L4,-42 L4,42 L-22,18 L-44,18 Z"/>' +
                      '<g class="m8t-when-off"><path class="m8t-icon-line" d="M20,-20 Q34,0 20,20 M32,-36 Q56,0 32,36"/></g>' +
                      '<g class="m8t-when-on"><path class="m8t-icon-line" d="M18,-18 L46,18 M46,-18 L18,18"/></g>';
    const ICON_FULLSCREEN =
        '<g class="m8t-when-off"><path class="m8t-icon-line" d="M-40,-14 L-40,-40 L-14,-40 M14,-40 L40,-40 L40,-14 M40,14 L40,40 L14,40 M-14,40 L-40,40 L-40,14"/></g>' +
        '<g class="m8t-when-on"><path class="m8t-icon-line" d="M-40,-14 L-14,-14 L-14,-40 M14,-40 L14,-14 L40,-14 M40,14 L14,14 L14,40 M-14,40 L-14,14 L-40,14"/></g>';

    function clamp(v, lo, hi) { return v < lo ? lo : v > hi ? hi : v; }

    function rect(x, y, width, height) { return { x, y, width, height }; }

    function inRect(r, x, y) { return x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height; }

    function near(c, x, y, scale) {
        const dx = x - c.x, dy = y - c.y, r = c.radius * scale;
        return dx * dx + dy * dy <= r * r;
    }

    /* The screen's rect in a width x height container that leaves the controls their room:
     * in portrait at the top with the room below, in landscape centred with room at both
     * sides; an integer multiple of 128 where one fits (crisp pixels), else the largest size. */
    function screenRect(width, height, orientation) {
        const landscape = (orientation || (width > height ? 'landscape' : 'portrait')) === 'landscape';
        const availW = landscape ? width - 2 * LANDSCAPE_ROOM : width;
        const availH = landscape ? height : height - PORTRAIT_ROOM;
        let size = Math.max(Math.min(availW, availH), Math.min(width, height) * 0.5);
        size = Math.min(size, width, height);
        if (size >= 128) size = Math.floor(size / 128) * 128;
        const x = Math.floor((width - size) / 2);
        const y = landscape ? Math.floor((height - size) / 2)
                            : Math.max(0, Math.floor((height - PORTRAIT_ROOM - size) / 2));
        return rect(x, y, size, size);
    }

    /* Where everything goes, in container pixels, for the screen at `screen`. */
    function computeLayout(width, height, screen, orientation) {
        const landscape = orientation === 'landscape';
        let dpadZone, buttonZone, systemRow;
        if (!landscape) {
            /* below the screen; when there is too little room, the controls overlap it */
            const top = Math.min(screen.y + screen.height, height - Math.min(height, PORTRAIT_ROOM * 0.75));
            const rowH = 2 * SYSTEM_R + 16;
            systemRow = { x: width / 2, y: top + 8 + SYSTEM_R, vertical: false };
            dpadZone = rect(0, top + rowH, width / 2, height - top - rowH);
            buttonZone = rect(width / 2, top + rowH, width / 2, height - top - rowH);
        } else {
            /* at the sides: the d-pad left of the screen, the buttons right of it */
            const leftW = Math.max(screen.x, Math.min(width / 2, LANDSCAPE_ROOM * 0.75));
            const rightX = Math.min(screen.x + screen.width, width - Math.min(width / 2, LANDSCAPE_ROOM * 0.75));
            const rowH = 2 * SYSTEM_R + 16;
            systemRow = { x: rightX + (width - rightX) / 2, y: 8 + SYSTEM_R, vertical: false };
            dpadZone = rect(0, 0, leftW, height);
            buttonZone = rect(rightX, rowH, width - rightX, height - rowH);
        }
        const dpadR = clamp(Math.min(dpadZone.width * 0.4, dpadZone.height * 0.34), DPAD_MIN_R, DPAD_MAX_R);
        const buttonR = clamp(dpadR * 0.48, BUTTON_MIN_R, BUTTON_MAX_R);
        /* thumbs rest a little below the middle of their zone */
        const restY = (z) => z.y + z.height * (landscape ? 0.6 : 0.48);
        const dpadRest = { x: dpadZone.x + dpadZone.width / 2, y: restY(dpadZone) };
        const bx = buttonZone.x + buttonZone.width / 2, by = restY(buttonZone);
        /* O low and left, X high and right, as a pad's two face buttons */
        const o = { x: bx - 1.15 * buttonR, y: by + 0.6 * buttonR, radius: buttonR };
        const x = { x: bx + 1.15 * buttonR, y: by - 0.6 * buttonR, radius: buttonR };
        return { width, height, orientation: landscape ? 'landscape' : 'portrait', screen,
                 dpadZone, buttonZone, dpadRest, dpadR, o, x, systemRow };
    }

    function attach(container, handlers) {
        if (!container || typeof container.appendChild !== 'function')
            throw new TypeError('mote8Touch.attach: the first argument must be the element to draw the controls in');
        handlers = handlers || {};
        if (typeof handlers.setButton !== 'function')
            throw new TypeError('mote8Touch.attach: handlers.setButton(player, button, down) is required');
        /* a handler that throws is reported and does not stop the controls mid-event (a
         * button left down would stay down) */
        const call = (name, ...args) => {
            if (typeof handlers[name] !== 'function') return;
            try {
                handlers[name](...args);
            } catch (e) {
                console.error(`mote8Touch: the ${name} handler threw:`, e);
            }
        };

        if (!document.getElementById('m8t-style')) {
            const style = document.createElement('style');
            style.id = 'm8t-style';
            style.textContent = STYLE;
            document.head.appendChild(style);
        }
        if (getComputedStyle(container).position === 'static') container.style.position = 'relative';
        container.style.touchAction = 'none';

        const layer = document.createElement('div');
        layer.className = 'm8t-layer m8t-hidden';
        layer.setAttribute('aria-hidden', 'true');  /* the keys reach the same buttons */
        const dpadZoneEl = document.createElement('div');
        dpadZoneEl.className = 'm8t-zone m8t-zone-dpad';
        const buttonZoneEl = document.createElement('div');
        buttonZoneEl.className = 'm8t-zone m8t-zone-buttons';
        const dpadEl = document.createElement('div');
        dpadEl.className = 'm8t-dpad';
        dpadEl.appendChild(dpadPicture());
        const arms = {};
        for (const [name, b] of [['left', BTN_LEFT], ['right', BTN_RIGHT], ['up', BTN_UP], ['down', BTN_DOWN]])
            arms[b] = dpadEl.querySelector('.m8t-arm-' + name);
        const makeButton = (cls, glyph) => {
            const el = document.createElement('div');
            el.className = 'm8t-button ' + cls;
            el.appendChild(svg(glyph));
            return el;
        };
        const buttonEls = { [BTN_O]: makeButton('m8t-o', GLYPH_O), [BTN_X]: makeButton('m8t-x', GLYPH_X) };
        /* the system buttons drawn are those the shell handles */
        const systemDefs = [['pause', ICON_PAUSE, 'pause'], ['mute', ICON_MUTE, 'toggleMute'],
                            ['fullscreen', ICON_FULLSCREEN, 'toggleFullscreen']]
            .filter(([, , handler]) => typeof handlers[handler] === 'function');
        const systemEls = {};
        for (const [name, icon] of systemDefs) {
            const el = document.createElement('div');
            el.className = 'm8t-system m8t-system-' + name;
            el.appendChild(svg(icon));
            systemEls[name] = el;
        }
        layer.append(dpadZoneEl, buttonZoneEl, dpadEl, buttonEls[BTN_O], buttonEls[BTN_X],
                     ...Object.values(systemEls));
        container.appendChild(layer);

        let geo = null;
        let visible = false;
        const touches = new Map();          /* identifier -> what that touch holds */
        const holders = [0, 0, 0, 0, 0, 0]; /* how many touches hold each button */
        let dpadShown = null;               /* the d-pad touch the picture follows */

        function place(el, cx, cy, r) {
            el.style.left = (cx - r) + 'px';
            el.style.top = (cy - r) + 'px';
            el.style.width = el.style.height = (2 * r) + 'px';
        }

        function placeRect(el, r) {
            el.style.left = r.x + 'px';
            el.style.top = r.y + 'px';
            el.style.width = Math.max(0, r.width) + 'px';
            el.style.height = Math.max(0, r.height) + 'px';
        }

        function systemCentre(i) {
            const row = geo.systemRow, n = systemDefs.length, step = 2 * SYSTEM_R + 14;
            return { x: row.x + (i - (n - 1) / 2) * step, y: row.y, radius: SYSTEM_R };
        }

        function drawDpad() {
            const at = dpadShown ? dpadShown.anchor : geo.dpadRest;
            place(dpadEl, at.x, at.y, geo.dpadR);
            dpadEl.classList.toggle('m8t-held', !!dpadShown);
        }

        function layout(screen, orientation) {
            const w = container.clientWidth, h = container.clientHeight;
            orientation = orientation === 'landscape' || orientation === 'portrait' ? orientation
                        : (w > h ? 'landscape' : 'portrait');
            if (!screen || !(screen.width > 0) || !(screen.height > 0)) screen = screenRect(w, h, orientation);
            geo = computeLayout(w, h, rect(+screen.x || 0, +screen.y || 0, +screen.width, +screen.height), orientation);
            placeRect(dpadZoneEl, geo.dpadZone);
            placeRect(buttonZoneEl, geo.buttonZone);
            place(buttonEls[BTN_O], geo.o.x, geo.o.y, geo.o.radius);
            place(buttonEls[BTN_X], geo.x.x, geo.x.y, geo.x.radius);
            systemDefs.forEach(([name], i) => {
                const c = systemCentre(i);
                place(systemEls[name], c.x, c.y, c.radius);
            });
            drawDpad();
        }

        /* hold and release through the per-button count: down on the first holder, up on the last */
        function hold(record, buttons) {
            const before = record.held;
            for (const b of before) if (!buttons.has(b) && --holders[b] === 0) {
                call('setButton', PLAYER, b, false);
                lit(b, false);
            }
            for (const b of buttons) if (!before.has(b) && ++holders[b] === 1) {
                call('setButton', PLAYER, b, true);
                lit(b, true);
            }
            record.held = buttons;
        }

        function lit(b, on) {
            const el = b >= BTN_O ? buttonEls[b] : arms[b];
            el.classList.toggle('m8t-on', on);
        }

        function dpadButtons(record, x, y) {
            let dx = x - record.anchor.x, dy = y - record.anchor.y;
            const dist = Math.hypot(dx, dy), follow = FOLLOW * geo.dpadR;
            if (dist > follow) {
                /* the centre follows the thumb: a reversal never needs a long way back */
                record.anchor.x = x - dx * follow / dist;
                record.anchor.y = y - dy * follow / dist;
                dx = x - record.anchor.x;
                dy = y - record.anchor.y;
            }
            const set = new Set();
            if (dist < DEADZONE * geo.dpadR) return set;
            /* eight sectors of 45 degrees, centred on the four directions and the diagonals */
            const sector = (Math.round(Math.atan2(dy, dx) / (Math.PI / 4)) + 8) % 8;
            if (sector === 7 || sector === 0 || sector === 1) set.add(BTN_RIGHT);
            if (sector >= 3 && sector <= 5) set.add(BTN_LEFT);
            if (sector >= 1 && sector <= 3) set.add(BTN_DOWN);
            if (sector >= 5 && sector <= 7) set.add(BTN_UP);
            return set;
        }

        function faceButtons(x, y) {
            const set = new Set();
            if (near(geo.o, x, y, BUTTON_HIT)) set.add(BTN_O);
            if (near(geo.x, x, y, BUTTON_HIT)) set.add(BTN_X);
            return set;
        }

        function systemAt(x, y) {
            for (let i = 0; i < systemDefs.length; i++)
                if (near(systemCentre(i), x, y, SYSTEM_HIT)) return i;
            return -1;
        }

        function local(t) {
            const box = container.getBoundingClientRect();
            return { x: t.clientX - box.left - container.clientLeft, y: t.clientY - box.top - container.clientTop };
        }

        function start(t) {
            /* an identifier still held (its end never came): release what it held first */
            if (touches.has(t.identifier)) end(t, true);
            const p = local(t);
            const record = { kind: null, held: new Set(), anchor: null, system: -1 };
            touches.set(t.identifier, record);
            const sys = systemAt(p.x, p.y);
            if (sys >= 0) {
                record.kind = 'system';
                record.system = sys;
                const [name] = systemDefs[sys];
                systemEls[name].classList.add('m8t-on');
                if (name === 'mute') call('toggleMute');
            } else if (inRect(geo.dpadZone, p.x, p.y)) {
                /* the d-pad's centre comes to where the thumb lands */
                record.kind = 'dpad';
                record.anchor = { x: p.x, y: p.y };
                dpadShown = record;
                drawDpad();
            } else if (inRect(geo.buttonZone, p.x, p.y)) {
                record.kind = 'face';
                hold(record, faceButtons(p.x, p.y));
            }
        }

        function move(t) {
            const record = touches.get(t.identifier);
            if (!record) return;
            const p = local(t);
            if (record.kind === 'dpad') {
                hold(record, dpadButtons(record, p.x, p.y));
                if (record === dpadShown) drawDpad();
            } else if (record.kind === 'face') {
                hold(record, faceButtons(p.x, p.y));  /* sliding off a button releases it */
            } else if (record.kind === 'system') {
                const [name] = systemDefs[record.system];
                systemEls[name].classList.toggle('m8t-on', systemAt(p.x, p.y) === record.system);
            }
        }

        function end(t, cancelled) {
            const record = touches.get(t.identifier);
            if (!record) return;
            touches.delete(t.identifier);
            hold(record, new Set());
            if (record.kind === 'system') {
                const [name] = systemDefs[record.system];
                systemEls[name].classList.remove('m8t-on');
                const p = local(t);
                if (!cancelled && systemAt(p.x, p.y) === record.system) {
                    if (name === 'pause') call('pause');
                    else if (name === 'fullscreen') call('toggleFullscreen');
                }
            }
            if (record === dpadShown) {
                /* another finger still on the d-pad takes the picture, else it goes home */
                dpadShown = null;
                for (const other of touches.values()) if (other.kind === 'dpad') dpadShown = other;
                drawDpad();
            }
        }

        function onTouch(e) {
            if (e.cancelable) e.preventDefault();  /* no scrolling, zooming or mouse emulation */
            if (!geo) layout();
            for (const t of e.changedTouches) {
                if (e.type === 'touchstart') start(t);
                else if (e.type === 'touchmove') move(t);
                else end(t, e.type === 'touchcancel');
            }
        }

        function releaseAll() {
            for (const [id, record] of touches) {
                touches.delete(id);
                hold(record, new Set());
                if (record.kind === 'system') systemEls[systemDefs[record.system][0]].classList.remove('m8t-on');
            }
            dpadShown = null;
            if (geo) drawDpad();
        }

        function show() {
            if (visible) return;
            visible = true;
            layer.classList.remove('m8t-hidden');
            if (!geo) layout();
            call('shown');
        }

        function hide() {
            releaseAll();
            visible = false;
            layer.classList.add('m8t-hidden');
        }

        /* the first touch anywhere reveals the controls (and only reveals them) */
        const onFirstTouch = () => show();
        const onHidden = () => { if (document.hidden) releaseAll(); };
        const noGesture = (e) => e.preventDefault();  /* Safari's pinch zoom */
        const events = ['touchstart', 'touchmove', 'touchend', 'touchcancel'];
        for (const type of events) layer.addEventListener(type, onTouch, { passive: false });
        window.addEventListener('touchstart', onFirstTouch, { passive: true, capture: true });
        window.addEventListener('blur', releaseAll);
        document.addEventListener('visibilitychange', onHidden);
        container.addEventListener('gesturestart', noGesture, { passive: false });
        layer.addEventListener('contextmenu', noGesture);

        return {
            layout,
            show,
            hide,
            releaseAll,
            get visible() { return visible; },
            /* the icons' state: setState({ muted: true, fullscreen: false }) */
            setState(state) {
                state = state || {};
                if (systemEls.mute && 'muted' in state)
                    systemEls.mute.classList.toggle('m8t-state-on', !!state.muted);
                if (systemEls.fullscreen && 'fullscreen' in state)
                    systemEls.fullscreen.classList.toggle('m8t-state-on', !!state.fullscreen);
            },
            /* where the controls are, in container pixels (for tests and shells) */
            geometry() {
                if (!geo) layout();
                const system = {};
                systemDefs.forEach(([name], i) => { system[name] = systemCentre(i); });
                return {
                    orientation: geo.orientation, screen: { ...geo.screen },
                    dpad: { rest: { ...geo.dpadRest }, radius: geo.dpadR, zone: { ...geo.dpadZone },
                            centre: dpadShown ? { ...dpadShown.anchor } : { ...geo.dpadRest } },
                    buttons: { o: { ...geo.o }, x: { ...geo.x }, zone: { ...geo.buttonZone } },
                    system };
            },
            detach() {
                releaseAll();
                for (const type of events) layer.removeEventListener(type, onTouch);
                window.removeEventListener('touchstart', onFirstTouch, { capture: true });
                window.removeEventListener('blur', releaseAll);
                document.removeEventListener('visibilitychange', onHidden);
                container.removeEventListener('gesturestart', noGesture);
                layer.remove();
            },
        };
    }

    global.mote8Touch = { attach, screenRect, BUTTONS: { LEFT: BTN_LEFT, RIGHT: BTN_RIGHT, UP: BTN_UP,
                                                         DOWN: BTN_DOWN, O: BTN_O, X: BTN_X } };
})(typeof window !== 'undefined' ? window : this);
