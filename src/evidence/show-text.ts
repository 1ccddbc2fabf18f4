// File content as text for the audit, whatever git would call it: UTF-8 is shown as itself; NUL and
// other control characters, invisible and bidirectional formatting characters (which can make code
// read other than it runs), and bytes that are not UTF-8 are shown as visible escapes (\x00, \u{202e}).
import { isUtf8 } from "node:buffer";

/** Characters shown escaped: C0 controls but tab and newline, DEL and C1, zero-width and bidi controls, BOM. */
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

const escape = (char: string) => {
  const code = char.codePointAt(0)!;
  if (code >= 0xdc80 && code <= 0xdcff) return `\\x${(code - 0xdc00).toString(16)}`;
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
};

/** `bytes` as visible text (see the file's head). */
export function showText(bytes: Buffer): string {
  if (isUtf8(bytes)) return bytes.toString("utf8").replace(HIDDEN, escape);
  return decodeLoose(bytes)
    .replace(HIDDEN, escape)
    .replace(/[\udc80-\udcff]/g, (c) => `\\x${(c.charCodeAt(0) - 0xdc00).toString(16)}`);
}

/** The bytes as text, each byte that is not part of a UTF-8 character as a lone surrogate U+DC80..U+DCFF (Python's "surrogateescape"). */
function decodeLoose(bytes: Buffer): string {
  let out = "";
  let run = 0;
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    const n = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (n === 1 || (n > 1 && i + n <= bytes.length && isUtf8(bytes.subarray(i, i + n)))) {
      i += n;
      continue;
    }
    if (i > run) out += bytes.toString("utf8", run, i);
    out += String.fromCharCode(0xdc00 + lead);
    i += 1;
    run = i;
  }
  if (bytes.length > run) out += bytes.toString("utf8", run, bytes.length);
  return out;
}

/** True when the bytes hold anything `showText` escapes (said once in the audit's header of that file). */
export function hasHidden(bytes: Buffer): boolean {
  if (!isUtf8(bytes)) return true;
  HIDDEN.lastIndex = 0;
  return HIDDEN.test(bytes.toString("utf8"));
}

/** Characters a name is never printed with as they are: every control character (tab and newline too), the hidden ones above, quotes, backslash. */
const NAME_UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb\udc80-\udcff"\\]/;
const NAME_UNSAFE_ALL = new RegExp(NAME_UNSAFE.source, "g");
const NAME_ESCAPES: Record<string, string> = { "\n": "\\n", "\t": "\\t", "\r": "\\r", '"': '\\"', "\\": "\\\\" };

/**
 * A file name or path as loopkit prints it to the audit, to changes.txt and to people: as it is when
 * plain, else in double quotes with C-style escapes (git's quoting: \n, \t, \", \\, \xNN for other
 * controls and for bytes that are not UTF-8, \u{NNNN} for invisible and bidirectional characters),
 * so no name can print a line, a quote or a header of loopkit's own. Given as components (bytes), each
 * is shown exactly; given as text (loopkit's path text, where a byte that is not UTF-8 already reads
 * \xNN), that text is quoted as it is. `prefix` (a git folder's path) is shown the same way.
 */
export function showPath(path: string | readonly Buffer[], prefix = ""): string {
  const text = `${prefix}${typeof path === "string" ? path : path.map(decodeLoose).join("/")}`;
  if (!NAME_UNSAFE.test(text)) return text;
  return `"${text.replace(NAME_UNSAFE_ALL, (c) => NAME_ESCAPES[c] ?? escape(c))}"`;
}
