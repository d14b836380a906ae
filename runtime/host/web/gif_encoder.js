/* gif_encoder.js - animated GIF89a files from frames of colour indices, for the web player's
 * captures (capture.js); plain JavaScript, no dependencies, written for this project:
 *   mote8GifEncoder.encode({width, height, palette, frames, scale, fps}) -> Uint8Array
 *     width, height  a frame's size in pixels (each frame: width*height indices, 0-255)
 *     palette        [[r,g,b], ...] up to 256 colours, indexed by the frames' values
 *     scale          each pixel drawn scale x scale (1-8)
 *     fps            the frames' rate: delays in hundredths kept in step with it (30 fps
 *                    gives 3, 3, 4, 3, 3, 4 hundredths), played in a loop forever
 * One global colour table (the palette padded to a power of two); the first frame whole,
 * each later one as the rectangle that changed since the frame before (the rest left as it
 * was: disposal "do not dispose"); codes by LZW (variable width up to 12 bits, a clear code
 * when the table is full), in sub-blocks of at most 255 bytes.
 * Bad arguments throw an Error that says which.
 * Depends on: nothing. */
'use strict';

(function (root) {
  // a growable byte buffer
  function Bytes() {
    let buf = new Uint8Array(1 << 16), n = 0;
    function room(k) {
      if (n + k <= buf.length) return;
      let size = buf.length * 2;
      while (size < n + k) size *= 2;
      const bigger = new Uint8Array(size);
      bigger.set(buf.subarray(0, n));
      buf = bigger;
    }
    return {
      byte(v) { room(1); buf[n++] = v & 255; },
      word(v) { room(2); buf[n++] = v & 255; buf[n++] = (v >> 8) & 255; },
      text(s) { room(s.length); for (let i = 0; i < s.length; i++) buf[n++] = s.charCodeAt(i) & 255; },
      bytes(a, count) { room(count); buf.set(a.subarray(0, count), n); n += count; },
      done: () => buf.slice(0, n),
    };
  }

  // LZW codes of `pixels` (values < 2^minBits) into out, as image data sub-blocks
  function lzw(out, pixels, minBits) {
    const clear = 1 << minBits, end = clear + 1, alphabet = 1 << minBits;
    // (prefix code, pixel) -> code, valid where its stamp is the current table's (a clear
    // starts a new table by counting up instead of wiping it)
    const table = new Int16Array(4096 * alphabet), stamp = new Int32Array(4096 * alphabet);
    let generation = 1;
    const block = new Uint8Array(255);
    let blockLen = 0, bits = 0, acc = 0, width = minBits + 1, next = end + 1;
    function put(code) {
      acc |= code << bits;
      bits += width;
      while (bits >= 8) {
        block[blockLen++] = acc & 255;
        acc >>>= 8;
        bits -= 8;
        if (blockLen === 255) { out.byte(255); out.bytes(block, 255); blockLen = 0; }
      }
    }
    out.byte(minBits);
    put(clear);
    let prefix = pixels[0];
    for (let i = 1; i < pixels.length; i++) {
      const p = pixels[i], key = prefix * alphabet + p;
      if (stamp[key] === generation) { prefix = table[key]; continue; }
      put(prefix);
      if (next < 4096) {
        table[key] = next;
        stamp[key] = generation;
        // the decoder widens its codes once the table reaches the current width's limit
        if (next === (1 << width) && width < 12) width++;
        next++;
      } else {
        put(clear);
        generation++;
        width = minBits + 1;
        next = end + 1;
      }
      prefix = p;
    }
    put(prefix);
    put(end);
    if (bits > 0) { block[blockLen++] = acc & 255; if (blockLen === 255) { out.byte(255); out.bytes(block, 255); blockLen = 0; } }
    if (blockLen > 0) { out.byte(blockLen); out.bytes(block, blockLen); }
    out.byte(0);
  }

  // the smallest box holding every pixel where a differs from b (a whole frame when b is null);
  // null when nothing changed
  function changedBox(a, b, w, h) {
    if (!b) return { x: 0, y: 0, w, h };
    let x0 = w, y0 = h, x1 = -1, y1 = -1;
    for (let y = 0; y < h; y++) {
      const row = y * w;
      for (let x = 0; x < w; x++) {
        if (a[row + x] === b[row + x]) continue;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        y1 = y;
      }
    }
    return x1 < 0 ? null : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
  }

  function encode(opt) {
    const { width, height, palette, frames } = opt || {};
    const scale = opt && opt.scale !== undefined ? opt.scale : 1, fps = opt && opt.fps !== undefined ? opt.fps : 30;
    if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0))
      throw new Error('gif: width and height must be positive whole numbers');
    if (!(Number.isInteger(scale) && scale >= 1 && scale <= 8)) throw new Error('gif: scale must be 1 to 8');
    if (!(width * scale <= 65535 && height * scale <= 65535)) throw new Error('gif: the picture is too large');
    if (!(fps > 0 && fps <= 100)) throw new Error('gif: fps must be above 0 and at most 100');
    if (!Array.isArray(palette) || palette.length < 1 || palette.length > 256)
      throw new Error('gif: the palette must hold 1 to 256 colours');
    if (!frames || !frames.length) throw new Error('gif: no frames');
    let tableBits = 1;
    while ((1 << tableBits) < palette.length) tableBits++;
    for (let f = 0; f < frames.length; f++) {
      if (!frames[f] || frames[f].length !== width * height) throw new Error('gif: frame ' + f + ' is not ' + width + 'x' + height);
      for (let i = 0; i < frames[f].length; i++)
        if (!(frames[f][i] < palette.length)) throw new Error('gif: frame ' + f + ' uses colour ' + frames[f][i] + ', past the palette');
    }
    const out = Bytes();
    out.text('GIF89a');
    out.word(width * scale);
    out.word(height * scale);
    out.byte(0x80 | ((tableBits - 1) << 4) | (tableBits - 1));   // global table, its size
    out.byte(0);                                                  // background colour
    out.byte(0);                                                  // no aspect ratio
    for (let i = 0; i < (1 << tableBits); i++) {
      const c = palette[i] || [0, 0, 0];
      out.byte(c[0]); out.byte(c[1]); out.byte(c[2]);
    }
    out.byte(0x21); out.byte(0xff); out.byte(11); out.text('NETSCAPE2.0');   // loop forever
    out.byte(3); out.byte(1); out.word(0); out.byte(0);
    const minBits = Math.max(2, tableBits);
    let prev = null;
    for (let f = 0; f < frames.length; f++) {
      const frame = frames[f];
      const box = changedBox(frame, prev, width, height) || { x: 0, y: 0, w: 1, h: 1 };
      const delay = Math.floor((f + 1) * 100 / fps) - Math.floor(f * 100 / fps);
      out.byte(0x21); out.byte(0xf9); out.byte(4);
      out.byte(1 << 2);                         // disposal: leave the frame in place
      out.word(delay);
      out.byte(0); out.byte(0);                 // no transparent colour; block end
      out.byte(0x2c);
      out.word(box.x * scale); out.word(box.y * scale);
      out.word(box.w * scale); out.word(box.h * scale);
      out.byte(0);                              // no local table, not interlaced
      const pixels = new Uint8Array(box.w * scale * box.h * scale);
      let k = 0;
      for (let y = 0; y < box.h; y++) {
        const rowStart = k;
        for (let x = 0; x < box.w; x++) {
          const v = frame[(box.y + y) * width + box.x + x];
          for (let s = 0; s < scale; s++) pixels[k++] = v;
        }
        for (let s = 1; s < scale; s++) { pixels.copyWithin(k, rowStart, rowStart + box.w * scale); k += box.w * scale; }
      }
      lzw(out, pixels, minBits);
      prev = frame;
    }
    out.byte(0x3b);
    return out.done();
  }

  root.mote8GifEncoder = { encode };
  if (typeof module !== 'undefined' && module.exports) module.exports = root.mote8GifEncoder;
})(typeof window !== 'undefined' ? window : globalThis);
