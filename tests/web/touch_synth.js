/* touch_synth.js - synthesised touches for the web test pages: each finger lands on the
 * element under it (document.elementFromPoint) and keeps that target while it moves, as a
 * browser does; every event is a bubbling, cancelable TouchEvent listing all fingers down.
 *   const t = touchSynth(stage, onUnprevented)   coordinates are in stage pixels;
 *   t.start(id, {x, y}) / t.move / t.end / t.cancel, t.fire(type, [[id, x, y], ...]),
 *   t.fingers (the fingers down); onUnprevented(target) is called for every event whose
 *   default action was not prevented. */
'use strict';

function touchSynth(stage, onUnprevented) {
    const fingers = new Map();

    function makeTouch(f) {
        return new Touch({ identifier: f.id, target: f.target, clientX: f.x, clientY: f.y,
                           pageX: f.x, pageY: f.y, radiusX: 11, radiusY: 11, force: 1 });
    }

    /* one event for one or more fingers: list = [[id, x, y], ...] */
    function fire(type, list) {
        const box = stage.getBoundingClientRect();
        const changed = [];
        for (const [id, x, y] of list) {
            const cx = box.left + x, cy = box.top + y;
            let f = fingers.get(id);
            if (type === 'touchstart') {
                f = { id, x: cx, y: cy, target: document.elementFromPoint(cx, cy) || document.body };
                fingers.set(id, f);
            } else if (!f) {
                throw new Error(`${type} for finger ${id} that is not down`);
            }
            f.x = cx;
            f.y = cy;
            changed.push(f);
        }
        const changedTouches = changed.map(makeTouch);
        if (type === 'touchend' || type === 'touchcancel') for (const f of changed) fingers.delete(f.id);
        const touches = [...fingers.values()].map(makeTouch);
        const target = changed[0].target;
        const event = new TouchEvent(type, { bubbles: true, cancelable: true, composed: true, touches,
                                             targetTouches: touches.filter((t) => t.target === target),
                                             changedTouches });
        if (target.dispatchEvent(event) && onUnprevented) onUnprevented(target);
    }

    return {
        fingers, fire,
        start: (id, p) => fire('touchstart', [[id, p.x, p.y]]),
        move: (id, p) => fire('touchmove', [[id, p.x, p.y]]),
        end: (id, p) => fire('touchend', [[id, p.x, p.y]]),
        cancel: (id, p) => fire('touchcancel', [[id, p.x, p.y]]),
    };
}
