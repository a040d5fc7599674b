import zlib from 'node:zlib';

// The one PNG encoder of the tests and benchmarks (e2e specs, server tests, bench):
// real truecolour files that sniff as image/png and render, without an image library.

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([len, typed, crc]);
}

/** A w x h PNG whose pixel (x, y) is `pixel(x, y)` as [r, g, b]. */
export function encodePng(
  w: number,
  h: number,
  pixel: (x: number, y: number) => [number, number, number],
): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const stride = w * 3 + 1; // each row starts with filter type 0
  const raw = Buffer.alloc(stride * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const [r, g, b] = pixel(x, y);
      const i = y * stride + 1 + x * 3;
      raw[i] = r & 255;
      raw[i + 1] = g & 255;
      raw[i + 2] = b & 255;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A w x h PNG in one colour (indigo unless given). */
export const pngBytes = (w = 8, h = 8, rgb: [number, number, number] = [79, 70, 229]): Buffer =>
  encodePng(w, h, () => rgb);
