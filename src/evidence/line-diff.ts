// A line diff for the audit (Myers' O(ND) algorithm, after the common head and tail are cut), bounded:
// past MAX_EDITS the middle is shown as removed then added whole. Written here rather than taken from
// jsdiff: ~80 lines, and the bound, the byte lines and the hunk format are loopkit's own needs.

export type Op = { kind: "same" | "del" | "add"; line: number };

/** Edits beyond which the middle of two texts counts as replaced whole (the diff stays quick and small). */
export const MAX_EDITS = 2_000;

/** The edit script from `a` to `b` (lines compared as strings): each line of either, in order, with what happened to it. */
export function diffLines(a: readonly string[], b: readonly string[]): Op[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const ops: Op[] = [];
  for (let i = 0; i < head; i++) ops.push({ kind: "same", line: i });
  const middle = myers(a, b, head, a.length - tail, head, b.length - tail);
  ops.push(...middle);
  for (let i = 0; i < tail; i++) ops.push({ kind: "same", line: a.length - tail + i });
  return ops;
}

/** Myers on a[a0, a1) and b[b0, b1); `line` is the line number in a (same, del) or b (add). */
function myers(a: readonly string[], b: readonly string[], a0: number, a1: number, b0: number, b1: number): Op[] {
  const n = a1 - a0;
  const m = b1 - b0;
  const whole = (): Op[] => [
    ...range(a0, a1).map((line) => ({ kind: "del" as const, line })),
    ...range(b0, b1).map((line) => ({ kind: "add" as const, line })),
  ];
  if (n === 0 || m === 0) return whole();
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max;
  const v = new Int32Array(2 * max + 2);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(offset - d, offset + d + 1));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[a0 + x] === b[b0 + y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, d, n, m, a0, b0);
    }
  }
  return whole();
}

/** Walks the saved frontiers back from (n, m) to (0, 0) and returns the script in order. */
function backtrack(trace: Int32Array[], last: number, n: number, m: number, a0: number, b0: number): Op[] {
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = last; d > 0; d--) {
    const frontier = trace[d]!;
    const at = (k: number) => frontier[k + d]!;
    const k = x - y;
    const fromAbove = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = fromAbove ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) (ops.push({ kind: "same", line: a0 + --x }), y--);
    if (fromAbove) ops.push({ kind: "add", line: b0 + --y });
    else ops.push({ kind: "del", line: a0 + --x });
  }
  while (x > 0 && y > 0) (ops.push({ kind: "same", line: a0 + --x }), y--);
  return ops.reverse();
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/** Unified hunks (`@@ -a,b +c,d @@`, then " ", "-", "+" lines) with `context` lines around each change. */
export function hunks(a: readonly string[], b: readonly string[], ops: readonly Op[], context = 3): string[] {
  const out: string[] = [];
  // Positions in a and b before each op.
  const posA: number[] = [];
  const posB: number[] = [];
  let ia = 0;
  let ib = 0;
  for (const op of ops) {
    posA.push(ia);
    posB.push(ib);
    if (op.kind !== "add") ia++;
    if (op.kind !== "del") ib++;
  }
  let i = 0;
  while (i < ops.length) {
    while (i < ops.length && ops[i]!.kind === "same") i++;
    if (i >= ops.length) break;
    let start = Math.max(0, i - context);
    // Extend the hunk while the next change is within 2*context same lines.
    let end = i;
    for (;;) {
      while (end < ops.length && ops[end]!.kind !== "same") end++;
      let gap = end;
      while (gap < ops.length && ops[gap]!.kind === "same") gap++;
      if (gap < ops.length && gap - end <= 2 * context) end = gap;
      else break;
    }
    const stop = Math.min(ops.length, end + context);
    const slice = ops.slice(start, stop);
    const countA = slice.filter((o) => o.kind !== "add").length;
    const countB = slice.filter((o) => o.kind !== "del").length;
    out.push(`@@ -${posA[start]! + (countA ? 1 : 0)},${countA} +${posB[start]! + (countB ? 1 : 0)},${countB} @@`);
    for (const op of slice)
      out.push(`${op.kind === "same" ? " " : op.kind === "del" ? "-" : "+"}${op.kind === "add" ? b[op.line] : a[op.line]}`);
    i = stop;
    start = stop;
  }
  return out;
}
