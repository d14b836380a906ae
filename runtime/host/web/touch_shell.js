/* touch_shell.js - binds the touch controls (touch.js) to the web player's page: attaches
 * them to <div id="mote8-touch">, reports their buttons through window.mote8SetButton and
 * the pause button through window.mote8Pause (mote8_web.js), draws a mute button when the
 * page has window.mote8ToggleMute, and a fullscreen button (the Fullscreen API). Once the
 * first touch reveals the controls, the screen (<canvas id="mote8-screen">) is moved to
 * mote8Touch.screenRect's place, leaving the controls their room, and again on every resize;
 * a page played with keys or a pad keeps its own layout. Load it after touch.js and
 * mote8_web.js. Depends on: touch.js; the page's #mote8-touch and #mote8-screen. */
(function () {
    'use strict';

    function fullscreenElement() {
        return document.fullscreenElement || document.webkitFullscreenElement || null;
    }

    function toggleFullscreen() {
        const root = document.documentElement;
        if (fullscreenElement()) {
            (document.exitFullscreen || document.webkitExitFullscreen).call(document);
        } else {
            const enter = root.requestFullscreen || root.webkitRequestFullscreen;
            /* a refusal (no user activation, an iframe without permission) leaves the page as it is */
            if (enter) Promise.resolve(enter.call(root)).catch(() => {});
        }
    }

    function bind() {
        const box = document.getElementById('mote8-touch');
        const screen = document.getElementById('mote8-screen');
        if (!box || !screen || typeof mote8Touch === 'undefined') {
            console.warn('touch_shell.js: no #mote8-touch, #mote8-screen or touch.js: no touch controls');
            return null;
        }
        let touch = null;
        function relayout() {
            const w = box.clientWidth, h = box.clientHeight;
            if (!w || !h) return;
            const orientation = w > h ? 'landscape' : 'portrait';
            const r = mote8Touch.screenRect(w, h, orientation);
            if (touch.visible) {
                /* the screen leaves the controls their room (placed in #mote8-touch's frame) */
                const boxRect = box.getBoundingClientRect(), parentRect = screen.offsetParent
                    ? screen.offsetParent.getBoundingClientRect() : { left: 0, top: 0 };
                Object.assign(screen.style, {
                    position: 'absolute', margin: '0',
                    left: (boxRect.left - parentRect.left + r.x) + 'px',
                    top: (boxRect.top - parentRect.top + r.y) + 'px',
                    width: r.width + 'px', height: r.height + 'px' });
            }
            touch.layout(r, orientation);
        }
        const handlers = {
            setButton(player, button, down) {
                if (typeof window.mote8SetButton === 'function') window.mote8SetButton(player, button, down);
            },
            pause() {
                if (typeof window.mote8Pause === 'function') window.mote8Pause();
            },
            toggleFullscreen,
            shown: () => relayout(),
        };
        if (typeof window.mote8ToggleMute === 'function') {
            handlers.toggleMute = () => {
                const muted = window.mote8ToggleMute();
                if (typeof muted === 'boolean') touch.setState({ muted });
            };
        }
        touch = mote8Touch.attach(box, handlers);
        window.addEventListener('resize', relayout);
        const onFullscreen = () => { touch.setState({ fullscreen: !!fullscreenElement() }); relayout(); };
        document.addEventListener('fullscreenchange', onFullscreen);
        document.addEventListener('webkitfullscreenchange', onFullscreen);
        relayout();
        return touch;
    }

    if (document.readyState === 'loading') {
        document.addEventListener('DOMContentLoaded', () => { window.mote8TouchControls = bind(); });
    } else {
        window.mote8TouchControls = bind();
    }
})();
