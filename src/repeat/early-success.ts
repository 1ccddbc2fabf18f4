// Early success: a passing iteration whose final message says DONE, COMPLETE, ALL PASS, ALL TESTS
// PASSED or SUCCESS (whole words, any case). Lines that merely repeat loopkit's own prompt (which
// names these words) do not count.

const MARKERS = /\b(?:all tests passed|all pass|done|complete|success)\b/i;

const normalize = (line: string) => line.replace(/^[\s>*_`#-]+/, "").replace(/[\s*_`]+$/, "").replace(/\s+/g, " ").toLowerCase();

/** The marker found in `message` (outside lines copied from `prompt`), or null. */
export function findSuccessMarker(message: string, prompt: string): string | null {
  const promptLines = new Set(prompt.split(/\r?\n/).map(normalize).filter(Boolean));
  for (const line of message.split(/\r?\n/)) {
    const normalized = normalize(line);
    if (!normalized || promptLines.has(normalized)) continue;
    const match = MARKERS.exec(line);
    if (match) return match[0];
  }
  return null;
}
