// "did you mean --verify?": the known name nearest a mistyped one, as commander suggests for its own options.

/** Edits (insert, delete, change, swap two neighbours) that turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** The name in `names` nearest `typed` (at most 2 edits, and fewer than a third of its letters), or undefined. */
export function nearestName(typed: string, names: readonly string[]): string | undefined {
  const bare = (name: string) => name.replace(/^-+/, "").toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(bare(typed), bare(name));
    if (distance <= 2 && distance < bare(name).length / 3 && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}
