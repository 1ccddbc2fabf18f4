// Early success: a passing iteration whose final message says DONE, COMPLETE, ALL PASS, ALL TESTS
// PASSED or SUCCESS (whole words, any case). Lines that merely repeat loopkit's own prompt (which
// names these words) do not count, and neither does a marker negated just before it ("not done yet").

const MARKERS = /\b(?:all tests passed|all pass|done|complete|success)\b/gi;
const NEGATED = /\b(?:not|never|no|nothing|isn't|aren't|wasn't|weren't|hasn't|haven't|won't)\s+(?:(?:yet|quite|fully|really|been|a)\s+)?$/i;

const normalize = (line: string) =>
  line
    .replace(/^[\s>*_`#-]+/, "")
    .replace(/[\s*_`]+$/, "")
    .replace(/\s+/g, " ")
    .toLowerCase();

/** The marker found in `message` (outside lines copied from `prompt`), or null. */
export function findSuccessMarker(message: string, prompt: string): string | null {
  const promptLines = new Set(prompt.split(/\r?\n/).map(normalize).filter(Boolean));
  for (const line of message.split(/\r?\n/)) {
    const normalized = normalize(line);
    if (!normalized || promptLines.has(normalized)) continue;
    for (const match of line.matchAll(MARKERS)) {
      if (!NEGATED.test(line.slice(0, match.index))) return match[0];
    }
  }
  return null;
}
