// A line diff for the audit: Myers' O(ND) algorithm after the common head and tail are cut, bounded
// at MAX_EDITS per stretch. Past the bound the two texts are cut at lines that occur once in each, in
// the same order (patience diff's anchors), and each stretch between anchors is diffed on its own; a
// stretch still past the bound shows as removed, then added, whole. No recursion and no spread of a
// long array: a 150,000-line rewrite costs linear memory and never hits the call stack. Written here
// rather than taken from jsdiff (`diff`, whose maxEditLength gives up with no answer) or Jest's
// `diff-sequences` (linear space but unbounded O(ND) time: hours on a rewrite): the bound, byte lines
// and the hunk format are loopkit's own needs, in ~150 lines.

export type Op = { kind: "same" | "del" | "add"; line: number };

/** Edits per stretch beyond which a stretch counts as replaced whole (the diff stays quick and small). */
export const MAX_EDITS = 2_000;

/** Lines (both sides) past which the middle is not tried as one stretch. */
const WHOLE_LINES = 50_000;

/** The edit script from `a` to `b` (lines compared as strings): each line of either, in order, with what happened to it. */
export function diffLines(a: readonly string[], b: readonly string[]): Op[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const ops: Op[] = [];
  for (let i = 0; i < head; i++) ops.push({ kind: "same", line: i });
  const a1 = a.length - tail;
  const b1 = b.length - tail;
  // A long middle goes straight to the anchors: Myers' snakes over it could take seconds.
  if (a1 + b1 - 2 * head > WHOLE_LINES || !myers(a, b, head, a1, head, b1, ops)) {
    // Too many edits for one stretch: diff between the anchors instead.
    let x = head;
    let y = head;
    for (const [ax, by] of [...anchors(a, b, head, a1, head, b1), [a1, b1] as const]) {
      if (!myers(a, b, x, ax, y, by, ops)) whole(x, ax, y, by, ops);
      if (ax < a1) ops.push({ kind: "same", line: ax });
      x = ax + 1;
      y = by + 1;
    }
  }
  for (let i = 0; i < tail; i++) ops.push({ kind: "same", line: a.length - tail + i });
  return ops;
}

function whole(a0: number, a1: number, b0: number, b1: number, out: Op[]): void {
  for (let line = a0; line < a1; line++) out.push({ kind: "del", line });
  for (let line = b0; line < b1; line++) out.push({ kind: "add", line });
}

/**
 * Myers on a[a0, a1) and b[b0, b1), its script appended to `out`; false (nothing appended) past
 * MAX_EDITS. `line` is the line number in a (same, del) or b (add).
 */
function myers(a: readonly string[], b: readonly string[], a0: number, a1: number, b0: number, b1: number, out: Op[]): boolean {
  const n = a1 - a0;
  const m = b1 - b0;
  if (n === 0 || m === 0) {
    whole(a0, a1, b0, b1, out);
    return true;
  }
  if (n + m > MAX_EDITS && Math.abs(n - m) > MAX_EDITS) return false;
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
      if (x >= n && y >= m) {
        backtrack(trace, d, n, m, a0, b0, out);
        return true;
      }
    }
  }
  return false;
}

/** Walks the saved frontiers back from (n, m) to (0, 0) and appends the script, in order, to `out`. */
function backtrack(trace: Int32Array[], last: number, n: number, m: number, a0: number, b0: number, out: Op[]): void {
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
  for (let i = ops.length - 1; i >= 0; i--) out.push(ops[i]!);
}

/**
 * Lines that occur exactly once in a[a0, a1) and once in b[b0, b1), kept in the longest run that is
 * in the same order on both sides (patience sorting): pairs [line in a, line in b], ascending.
 */
function anchors(a: readonly string[], b: readonly string[], a0: number, a1: number, b0: number, b1: number): [number, number][] {
  const seen = new Map<string, { inA: number; inB: number; count: number }>();
  for (let i = a0; i < a1; i++) {
    const s = seen.get(a[i]!);
    if (s) s.count = 2;
    else seen.set(a[i]!, { inA: i, inB: -1, count: 1 });
  }
  for (let j = b0; j < b1; j++) {
    const s = seen.get(b[j]!);
    if (!s || s.count !== 1) continue;
    if (s.inB >= 0) s.count = 2;
    else s.inB = j;
  }
  const pairs: [number, number][] = [];
  for (const s of seen.values()) if (s.count === 1 && s.inB >= 0) pairs.push([s.inA, s.inB]);
  pairs.sort((p, q) => p[0] - q[0]);
  // Longest increasing run of b positions: tails[k] ends the best run of length k + 1.
  const tails: number[] = [];
  const back = new Int32Array(pairs.length).fill(-1);
  for (let i = 0; i < pairs.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tails[mid]!]![1] < pairs[i]![1]) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) back[i] = tails[lo - 1]!;
    tails[lo] = i;
  }
  const run: [number, number][] = [];
  for (let i = tails.length ? tails[tails.length - 1]! : -1; i >= 0; i = back[i]!) run.push(pairs[i]!);
  return run.reverse();
}

/** Unified hunks (`@@ -a,b +c,d @@`, then " ", "-", "+" lines) with `context` lines around each change. */
export function hunks(a: readonly string[], b: readonly string[], ops: readonly Op[], context = 3): string[] {
  const out: string[] = [];
  // Positions in a and b before each op.
  const posA = new Int32Array(ops.length);
  const posB = new Int32Array(ops.length);
  let ia = 0;
  let ib = 0;
  for (let i = 0; i < ops.length; i++) {
    posA[i] = ia;
    posB[i] = ib;
    if (ops[i]!.kind !== "add") ia++;
    if (ops[i]!.kind !== "del") ib++;
  }
  let i = 0;
  while (i < ops.length) {
    while (i < ops.length && ops[i]!.kind === "same") i++;
    if (i >= ops.length) break;
    const start = Math.max(0, i - context);
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
    let countA = 0;
    let countB = 0;
    for (let j = start; j < stop; j++) {
      if (ops[j]!.kind !== "add") countA++;
      if (ops[j]!.kind !== "del") countB++;
    }
    out.push(`@@ -${posA[start]! + (countA ? 1 : 0)},${countA} +${posB[start]! + (countB ? 1 : 0)},${countB} @@`);
    for (let j = start; j < stop; j++) {
      const op = ops[j]!;
      out.push(`${op.kind === "same" ? " " : op.kind === "del" ? "-" : "+"}${op.kind === "add" ? b[op.line] : a[op.line]}`);
    }
    i = stop;
  }
  return out;
}
