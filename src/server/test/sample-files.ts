// Small files built in memory for the upload tests: valid images, the first bytes of
// each type the sniffer knows, and a multipart body to carry one.

/** A valid 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A valid 1x1 GIF. */
export const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A multipart/form-data body with one file part. */
export function multipartFile(opts: {
  filename: string;
  contentType: string;
  bytes: Buffer;
  field?: string;
}) {
  const boundary = `----rallytest${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.filename}"\r\n` +
      `Content-Type: ${opts.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, opts.bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** An ISO-BMFF `ftyp` box with the given brand: enough for the sniffer (mp4, qt, M4A...). */
function ftyp(brand: string): Buffer {
  const b = Buffer.alloc(32);
  b.writeUInt32BE(32, 0);
  b.write('ftyp', 4);
  b.write(brand, 8);
  b.write(brand, 16);
  return b;
}

/** The first bytes of each allowed type, and of some refused ones, as the sniffer sees them. */
export const SAMPLE_HEADERS = {
  jpeg: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
    Buffer.from('JFIF\0'),
    Buffer.alloc(20),
  ]),
  webp: Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0x24, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    Buffer.alloc(24),
  ]),
  mp4: ftyp('isom'),
  mov: ftyp('qt  '),
  webm: Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102', 'hex'),
  m4a: ftyp('M4A '),
};
