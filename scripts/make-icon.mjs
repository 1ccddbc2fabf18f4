// Draws plugins/loopkit/.claude-plugin/icon.png (512x512): a ring with a gap, an arrowhead (a loop) and
// a check mark (proven done). Plain Node, no image library: run `node scripts/make-icon.mjs` after changing it.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const SIZE = 512;
const BG = [24, 28, 38];
const RING = [94, 180, 255];
const CHECK = [120, 220, 140];

/** Distance from point p to segment a-b. */
function segment(px, py, ax, ay, bx, by) {
  const t = Math.max(0, Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return Math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay)));
}

/** Coverage 0..1 of a shape edge at signed distance d (negative = inside), over about one pixel. */
const cover = (d) => Math.max(0, Math.min(1, 0.5 - d));

function pixel(x, y) {
  const cx = SIZE / 2;
  const cy = SIZE / 2;
  const r = Math.hypot(x - cx, y - cy);
  const angle = (Math.atan2(y - cy, x - cx) * 180) / Math.PI; // -180..180, 0 = right, 90 = down
  // The ring, open between -70 and -20 degrees (upper right), 28 px thick at radius 170.
  const inGap = angle > -70 && angle < -20;
  let ring = inGap ? 0 : cover(Math.abs(r - 170) - 14);
  // The arrowhead at the ring's end (-20 degrees), pointing along the ring (clockwise).
  const end = (-20 * Math.PI) / 180;
  const tipX = cx + 170 * Math.cos(end);
  const tipY = cy + 170 * Math.sin(end);
  const along = [-Math.sin(end), Math.cos(end)];
  const across = [Math.cos(end), Math.sin(end)];
  const u = (x - tipX) * along[0] + (y - tipY) * along[1];
  const v = (x - tipX) * across[0] + (y - tipY) * across[1];
  if (u < 0 && u > -60 && Math.abs(v) < (u + 60) * 0.75) ring = 1;
  const check = Math.max(cover(segment(x, y, 175, 265, 235, 325) - 18), cover(segment(x, y, 235, 325, 345, 200) - 18));
  return BG.map((bg, i) => {
    const withRing = bg + (RING[i] - bg) * ring;
    return Math.round(withRing + (CHECK[i] - withRing) * check);
  });
}

const raw = Buffer.alloc((SIZE * 3 + 1) * SIZE);
for (let y = 0; y < SIZE; y += 1) {
  raw[y * (SIZE * 3 + 1)] = 0;
  for (let x = 0; x < SIZE; x += 1) {
    const [r, g, b] = pixel(x + 0.5, y + 0.5);
    const at = y * (SIZE * 3 + 1) + 1 + x * 3;
    raw[at] = r;
    raw[at + 1] = g;
    raw[at + 2] = b;
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 2; // RGB
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk("IHDR", header),
  chunk("IDAT", deflateSync(raw, { level: 9 })),
  chunk("IEND", Buffer.alloc(0)),
]);
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../plugins/loopkit/.claude-plugin/icon.png");
writeFileSync(out, png);
console.log(`wrote ${out} (${png.length} bytes)`);
