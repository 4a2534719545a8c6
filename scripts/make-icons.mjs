// Draws the toolbar icon (a speech bubble with two lines of text) as PNGs at every size the
// manifests need. Run once after changing the design: `node scripts/make-icons.mjs`.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

function png(size) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = [0];
    for (let x = 0; x < size; x++) {
      const u = (x + 0.5) / size;
      const v = (y + 0.5) / size;
      // Rounded bubble body plus a tail at the bottom left.
      const inBody = roundedRect(u, v, 0.06, 0.08, 0.94, 0.74, 0.16);
      const inTail = v >= 0.7 && v <= 0.94 && u >= 0.2 && u <= 0.42 && u - 0.2 <= (0.94 - v) * 0.9;
      const inLine1 = v >= 0.28 && v <= 0.36 && u >= 0.24 && u <= 0.76;
      const inLine2 = v >= 0.46 && v <= 0.54 && u >= 0.24 && u <= 0.6;
      if ((inBody || inTail) && !(inLine1 || inLine2)) row.push(0x1f, 0x5f, 0xbf, 0xff);
      else if (inLine1 || inLine2) row.push(0xff, 0xff, 0xff, 0xff);
      else row.push(0, 0, 0, 0);
    }
    rows.push(Buffer.from(row));
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function roundedRect(u, v, x0, y0, x1, y1, r) {
  if (u < x0 || u > x1 || v < y0 || v > y1) return false;
  const cx = Math.min(Math.max(u, x0 + r), x1 - r);
  const cy = Math.min(Math.max(v, y0 + r), y1 - r);
  return (u - cx) ** 2 + (v - cy) ** 2 <= r * r;
}

for (const size of [16, 32, 48, 96, 128]) writeFileSync(`public/icon/${size}.png`, png(size));
