// File content as text for the audit, whatever git would call it: UTF-8 is shown as itself; NUL and
// other control characters, invisible and bidirectional formatting characters (which can make code
// read other than it runs), and bytes that are not UTF-8 are shown as visible escapes (\x00, \u{202e}).
import { isUtf8 } from "node:buffer";

/** Characters shown escaped: C0 controls but tab and newline, DEL and C1, zero-width and bidi controls, BOM. */
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

const escape = (char: string) => {
  const code = char.codePointAt(0)!;
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
};

/** `bytes` as visible text (see the file's head). */
export function showText(bytes: Buffer): string {
  if (isUtf8(bytes)) return bytes.toString("utf8").replace(HIDDEN, escape);
  let out = "";
  let run = 0;
  let i = 0;
  const flush = (end: number) => {
    if (end > run) out += bytes.toString("utf8", run, end).replace(HIDDEN, escape);
  };
  while (i < bytes.length) {
    const lead = bytes[i]!;
    const n = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (n === 1 || (n > 1 && i + n <= bytes.length && isUtf8(bytes.subarray(i, i + n)))) {
      i += n;
      continue;
    }
    flush(i);
    out += `\\x${lead.toString(16).padStart(2, "0")}`;
    i += 1;
    run = i;
  }
  flush(bytes.length);
  return out;
}

/** True when the bytes hold anything `showText` escapes (said once in the audit's header of that file). */
export function hasHidden(bytes: Buffer): boolean {
  if (!isUtf8(bytes)) return true;
  HIDDEN.lastIndex = 0;
  return HIDDEN.test(bytes.toString("utf8"));
}
