// Reads an iteration's verdict from the turn's final message: the last `REPEAT-RESULT: pass|fail[ - summary]` line.

export interface IterationResult {
  result: "pass" | "fail";
  /** 0 pass, 1 the model reported fail, 2 no or malformed REPEAT-RESULT line (counted as a failure). */
  exit_code: 0 | 1 | 2;
  /** The model's one-line summary, or why the iteration counts as failed without one. */
  summary: string | null;
}

const MAX_SUMMARY = 300;
const MARKER = /^repeat-result\b/i;
const LINE = /^REPEAT-RESULT:[ \t]*(pass|fail)[ \t]*(?:[-–—:][ \t]*(.*))?$/i;

/** Strips the decoration a model may put around the line: markdown emphasis, code ticks, quote marks. */
function undecorate(line: string): string {
  return line
    .trim()
    .replace(/^[>*_`\s]+/, "")
    .replace(/[*_`\s]+$/, "");
}

export function readResultLine(message: string | null | undefined): IterationResult {
  if (message === null || message === undefined || message.trim() === "") {
    return { result: "fail", exit_code: 2, summary: "no final message from this turn, so no REPEAT-RESULT line" };
  }
  const lines = message
    .split(/\r?\n/)
    .map(undecorate)
    .filter((line) => MARKER.test(line));
  const last = lines[lines.length - 1];
  if (last === undefined) return { result: "fail", exit_code: 2, summary: "no REPEAT-RESULT line in the final message" };
  const match = LINE.exec(last);
  if (!match) return { result: "fail", exit_code: 2, summary: `malformed REPEAT-RESULT line: ${clip(last)}` };
  const result = match[1]!.toLowerCase() === "pass" ? "pass" : "fail";
  const summary = match[2]?.trim() ? clip(match[2].trim()) : null;
  return { result, exit_code: result === "pass" ? 0 : 1, summary };
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > MAX_SUMMARY ? `${flat.slice(0, MAX_SUMMARY - 3)}...` : flat;
}
