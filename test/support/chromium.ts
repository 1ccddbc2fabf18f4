// A page rendered by headless Chromium (Debian's package `chromium`): its screenshot and every console
// message, and a PNG decoder to tell a blank screenshot from a page. The tests that need it skip,
// naming the package, where it is missing.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inflateSync } from "node:zlib";
import { execa } from "execa";

/** The chromium binary, or null. */
export function chromiumBin(): string | null {
  for (const dir of ["/usr/bin", ...(process.env.PATH ?? "").split(path.delimiter)]) {
    for (const name of ["chromium", "chromium-browser"]) {
      const file = path.join(dir, name);
      if (dir && existsSync(file)) return file;
    }
  }
  return null;
}

/** Why a browser test skips, in one line. */
export const NO_CHROMIUM = "chromium is not installed (apt-get install chromium): the report is not rendered in a browser";

export interface Rendered {
  png: Buffer;
  /** The page's console messages (CSP violations included), one per line. */
  console: string[];
}

/** Renders `file` at `width`x`height` and takes a screenshot; no network, a fresh profile. */
export async function renderPage(bin: string, file: string, width: number, height: number): Promise<Rendered> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "loopkit chromium "));
  const png = path.join(dir, "shot.png");
  try {
    const run = await execa(
      bin,
      [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--hide-scrollbars",
        `--user-data-dir=${path.join(dir, "profile")}`,
        "--enable-logging=stderr",
        "--v=0",
        `--window-size=${width},${height}`,
        `--screenshot=${png}`,
        `file://${file}`,
      ],
      { reject: false, timeout: 120_000, env: { HOME: dir, PATH: process.env.PATH ?? "" }, extendEnv: false },
    );
    if (!existsSync(png)) throw new Error(`chromium took no screenshot (exit ${run.exitCode}):\n${run.stderr}`);
    return { png: readFileSync(png), console: run.stderr.split("\n").filter((line) => line.includes(":CONSOLE")) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface PngStats {
  width: number;
  height: number;
  /** Distinct RGB colours. */
  colours: number;
  /** Share of pixels that are not white. */
  inked: number;
}

/** Decodes an 8-bit RGB or RGBA PNG (what Chromium writes) and counts its colours. */
export function pngStats(png: Buffer): PngStats {
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || (body[9] !== 2 && body[9] !== 6) || body[12] !== 0)
        throw new Error(`unsupported PNG: depth ${body[8]}, colour type ${body[9]}, interlace ${body[12]}`);
      channels = body[9] === 6 ? 4 : 3;
    } else if (type === "IDAT") data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const upLeft = y > 0 && x >= channels ? pixels[(y - 1) * stride + x - channels]! : 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter]!;
      pixels[y * stride + x] = (line[x]! + predicted) & 0xff;
    }
  }
  const colours = new Set<number>();
  let inked = 0;
  for (let i = 0; i < pixels.length; i += channels) {
    const rgb = (pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!;
    colours.add(rgb);
    if (rgb !== 0xffffff) inked++;
  }
  return { width, height, colours: colours.size, inked: inked / (width * height) };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}
