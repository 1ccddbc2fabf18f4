import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  LoopkitError
} from "./chunk-QE76SXA6.js";

// src/shared/split-words.ts
function splitArguments(text) {
  return splitWords(text.replace(/(^|\s)\\!/g, "$1!"));
}
function argvWords(values) {
  return values.map((value) => ({ value, raw: quoteForShell(value), option: value.startsWith("--") }));
}
var SPACE = /[ \t\r\n]/;
function splitWords(text) {
  const words = [];
  let current;
  let i = 0;
  const finish = (end) => {
    if (current) {
      const raw = text.slice(current.start, end);
      words.push({ value: current.value, raw, option: raw.startsWith("--") });
    }
    current = void 0;
  };
  const canOpenQuote = () => current === void 0 || current.value === "" || current.value.startsWith("--") && current.value.endsWith("=");
  while (i < text.length) {
    const ch = text[i];
    if (SPACE.test(ch)) {
      finish(i);
      i += 1;
      continue;
    }
    current ??= { value: "", start: i };
    if ((ch === "'" || ch === '"') && canOpenQuote()) {
      const end = ch === "'" ? readSingle(text, i) : readDouble(text, i);
      current.value += end.value;
      i = end.next;
      continue;
    }
    if (ch === "\\" && i + 1 < text.length) {
      const next = text[i + 1];
      if (next !== "\n") current.value += next;
      i += 2;
      continue;
    }
    current.value += ch;
    i += 1;
  }
  finish(text.length);
  return words;
}
function readSingle(text, start) {
  const end = text.indexOf("'", start + 1);
  if (end === -1) throw unterminated("'", start);
  return { value: text.slice(start + 1, end), next: end + 1 };
}
function readDouble(text, start) {
  let value = "";
  for (let i = start + 1; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '"') return { value, next: i + 1 };
    if (ch === "\\" && i + 1 < text.length && '"\\$`\n'.includes(text[i + 1])) {
      if (text[i + 1] !== "\n") value += text[i + 1];
      i += 1;
      continue;
    }
    value += ch;
  }
  throw unterminated('"', start);
}
function unterminated(quote, at) {
  return new LoopkitError("USAGE", `unterminated ${quote} quote starting at character ${at + 1}`, {
    value: quote,
    hint: "close the quote, or escape it with a backslash"
  });
}
function quoteForShell(value) {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

export {
  splitArguments,
  argvWords,
  splitWords
};
