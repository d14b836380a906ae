/* overlay.js - the web player's F1 cost overlay, the page's side (the engine's is
 * web_overlay.c; the window's is window/overlay.c). F1 steps off -> figures -> heatmap ->
 * off, as in the window:
 *  - figures: a panel at the page's foot (<div id="mote8-overlay">, made here; the screen
 *    shrinks above it, body.mote8-overlay-on and --mote8-band in index.html) with the
 *    CPU bar of the last displayed frame (Lua blue, system orange, up to twice the budget,
 *    a white mark at 100%), the frame rate, and the last frames' costliest lines (tab:line,
 *    cycles a frame, the source), draws (cycles, % of the budget, off-screen share, what and
 *    who) and functions (inclusive cycles, % of the budget, own share);
 *  - heatmap: a translucent 128x128 canvas (<canvas id="mote8-heat">) laid exactly over the
 *    screen and scaled the same way, each pixel tinted by the draw cost that landed on it in
 *    the colour of its cause; the panel holds the CPU bar and the legend.
 * The engine's live profiler runs outside the counted code: the cart's numbers (stat(1),
 * the pacing) are the same with the overlay shown. mote8_web.js calls:
 *   mote8Overlay.attach(M, screen)   M: the engine, screen: <canvas id="mote8-screen">;
 *   mote8Overlay.key(code)           F1: the next view; true when the key was the overlay's;
 *   mote8Overlay.show(view)          0 off, 1 figures, 2 heatmap (the test hook's overlay=V);
 *   mote8Overlay.frame()             after the screen is drawn: the panel and the tint;
 *   mote8Overlay.figures()           the engine's figures (m8web_overlay_figures) as an
 *                                    object, or null when off.
 * Depends on: the engine's m8web_overlay_* functions (web_overlay.c); the page's
 * #mote8-player. */
'use strict';

(function () {
  let M = null, screen = null, view = 0, panel = null, heat = null;

  const HEADING = '#ffec27', BODY = '#c2c3c7', DIM = '#83769c', ALERT = '#ff004d', WHITE = '#fff1e8';

  function el(tag, style, text) {
    const e = document.createElement(tag);
    if (style) e.style.cssText = style;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function fixed(v, w) { return String(Math.round(v)).padStart(w, ' '); }
  function share(f, cycles) { return f.budget ? 100 * cycles / f.budget : 0; }

  function make() {
    const player = document.getElementById('mote8-player') || document.body;
    panel = document.getElementById('mote8-overlay');
    if (!panel) {
      panel = el('div');
      panel.id = 'mote8-overlay';
      player.appendChild(panel);
    }
    heat = document.getElementById('mote8-heat');
    if (!heat) {
      heat = el('canvas');
      heat.id = 'mote8-heat';
      heat.width = 128; heat.height = 128;
      player.appendChild(heat);
    }
    panel.hidden = heat.hidden = true;
  }

  // the tint canvas over the screen: the same box, wherever the page or the touch controls put it
  function placeHeat() {
    const s = screen.getBoundingClientRect(), p = heat.offsetParent
      ? heat.offsetParent.getBoundingClientRect() : { left: 0, top: 0 };
    Object.assign(heat.style, { left: (s.left - p.left) + 'px', top: (s.top - p.top) + 'px',
                                width: s.width + 'px', height: s.height + 'px' });
  }

  function cpuBar(f) {
    const lua = f.lua / f.budget, sys = f.system / f.budget, full = 2;
    const row = el('div', 'display:flex;align-items:center;gap:8px');
    const bar = el('div', 'position:relative;width:160px;height:8px;background:#3c3c50');
    const wl = Math.min(lua, full) / full * 100, ws = Math.min(sys, full - Math.min(lua, full)) / full * 100;
    bar.appendChild(el('div', `position:absolute;left:0;top:0;height:100%;width:${wl}%;background:#29adff`));
    bar.appendChild(el('div', `position:absolute;left:${wl}%;top:0;height:100%;width:${ws}%;background:#ffa300`));
    bar.appendChild(el('div', `position:absolute;left:50%;top:-2px;height:12px;width:2px;background:${WHITE}`));
    bar.className = 'mote8-cpu-bar';
    row.appendChild(bar);
    row.appendChild(el('span', `color:${f.dropped ? ALERT : WHITE}`, f.display_fps + ' fps' + (f.dropped ? ' halved' : '')));
    const pct = el('div', `color:${WHITE}`, `cpu ${fixed(100 * (lua + sys), 3)}% lua ${fixed(100 * lua, 3)}% sys ${fixed(100 * sys, 3)}%`);
    pct.className = 'mote8-cpu';
    return [row, pct];
  }

  function column(title, rows) {
    const c = el('div', 'min-width:0');
    c.appendChild(el('div', `color:${HEADING}`, title));
    for (const r of rows) c.appendChild(r);
    return c;
  }
  function line(parts) {
    const d = el('div', 'white-space:pre;overflow:hidden;text-overflow:ellipsis');
    for (const [text, colour] of parts) d.appendChild(el('span', `color:${colour || BODY}`, text));
    return d;
  }

  function render(f) {
    panel.textContent = '';
    const head = el('div');
    for (const e of cpuBar(f)) head.appendChild(e);
    panel.appendChild(head);
    const cols = el('div', 'display:flex;flex-wrap:wrap;gap:4px 24px;margin-top:4px');
    if (f.view === 2) {
      const legend = [];
      const rgb = (slot) => {
        const p = M._m8web_overlay_slot_rgb(slot);
        return `rgb(${M.HEAPU8[p]},${M.HEAPU8[p + 1]},${M.HEAPU8[p + 2]})`;
      };
      const entry = (slot, cycles, label) => {
        const d = line([[`${fixed(cycles, 6)} ${fixed(share(f, cycles), 3)}% ${label}`]]);
        d.prepend(el('span', `display:inline-block;width:10px;height:8px;margin-right:6px;background:${rgb(slot)}`));
        return d;
      };
      for (const c of f.causes || []) legend.push(entry(c.slot, c.cycles, c.label));
      legend.push(entry(6, f.other || 0, 'other causes'));
      cols.appendChild(column('heatmap: draw cost on screen by cause', [
        line([[`hottest pixel ${(f.hottest || 0).toFixed(1)} cyc/f`]]), line([['f1: hide', DIM]])]));
      cols.appendChild(column('    cyc/f cpu% cause: call path, last frames', legend));
    } else {
      cols.appendChild(column('costliest lines', (f.lines || []).map((l) =>
        line([[`${l.tab}:${String(l.line).padEnd(4)} ${fixed(l.cycles, 6)} ${l.source}`]]))));
      cols.appendChild(column(' cyc/f cpu% off% costliest draws', (f.draws || []).map((d) => {
        const off = d.cycles > 0 ? 100 * d.offscreen / d.cycles : 0;
        return line([[`${fixed(d.cycles, 6)} ${fixed(share(f, d.cycles), 3)}%`],
                     [` ${fixed(off, 3)}%`, off >= 25 ? ALERT : BODY], [` ${d.label}`]]);
      })));
      cols.appendChild(column(' cyc/f cpu% self costliest functions', (f.functions || []).map((fn) =>
        line([[`${fixed(fn.inclusive, 6)} ${fixed(share(f, fn.inclusive), 3)}% ${fixed(share(f, fn.exclusive), 3)}% ${fn.name}`]]))));
      cols.appendChild(line([['cyc/f: cycles a frame (last frames)  cpu%: of the budget  f1: heatmap', DIM]]));
    }
    panel.appendChild(cols);
  }

  function figures() {
    if (!M || !view) return null;
    return JSON.parse(M.UTF8ToString(M._m8web_overlay_figures()));
  }

  function frame() {
    if (!M) return;
    const f = figures();
    panel.hidden = !f;
    heat.hidden = !(f && f.view === 2);
    document.body.classList.toggle('mote8-overlay-on', !!f);
    if (!f) return;
    render(f);
    document.body.style.setProperty('--mote8-band', panel.offsetHeight + 'px');
    const at = M._m8web_overlay_heatmap();
    if (f.view === 2 && at) {
      const ctx = heat.getContext('2d'), img = ctx.createImageData(128, 128);
      img.data.set(M.HEAPU8.subarray(at, at + 128 * 128 * 4));
      ctx.putImageData(img, 0, 0);
    }
    if (!heat.hidden) placeHeat();
  }

  function show(v) {
    if (!M) return;
    view = M._m8web_overlay_view(v);
    frame();
  }

  window.mote8Overlay = {
    attach(engine, screenCanvas) {
      M = engine;
      screen = screenCanvas;
      make();
      // the tint follows the screen when the window resizes or the touch controls move it
      const follow = () => { if (!heat.hidden) placeHeat(); };
      window.addEventListener('resize', follow);
      if (window.ResizeObserver) new ResizeObserver(follow).observe(screen);
    },
    key(code) {
      if (code !== 'F1' || !M) return false;
      show((view + 1) % 3);
      return true;
    },
    show,
    frame,
    figures,
  };
})();
