// Globs as --protect takes them (git's `:(glob)` rules): `*` and `?` within one path component,
// `[...]` classes, `**` across components (`**/x`, `x/**`, `a/**/b`). Matched against whole paths.

/** A matcher for one glob, or an error message when it cannot be a glob. */
export function globMatcher(glob: string): (path: string) => boolean {
  const regex = new RegExp(`^${globSource(glob.replace(/^\.\//, ""))}$`, "s");
  return (path) => regex.test(path);
}

function globSource(glob: string): string {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "*" && glob[i + 1] === "*") {
      const atStart = i === 0 || glob[i - 1] === "/";
      const atEnd = i + 2 === glob.length || glob[i + 2] === "/";
      if (atStart && atEnd) {
        // "**/" matches any number of folders (none too); a final "/**" everything below.
        if (i + 2 === glob.length) out += ".*";
        else {
          out += "(?:[^/]*/)*";
          i++;
        }
        i++;
        continue;
      }
      out += "[^/]*";
      i++;
      continue;
    }
    if (c === "*") out += "[^/]*";
    else if (c === "?") out += "[^/]";
    else if (c === "[") {
      const close = glob.indexOf("]", i + 2);
      if (close < 0) out += "\\[";
      else {
        const body = glob
          .slice(i + 1, close)
          .replace(/^!/, "^")
          .replace(/\\/g, "\\\\");
        out += `[${body}]`;
        i = close;
      }
    } else if (c === "\\" && i + 1 < glob.length) out += `\\${glob[++i]}`;
    else out += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  return out;
}
