// What passes between loopkit's UserPromptExpansion hook and the CLI it runs (`loopkit <kind>
// --from-hook`) when a typed command is answered in full by its text (help, status, cancel): one JSON
// line on the CLI's stdout. The hook then blocks the prompt with that text as the reason, which Claude
// Code shows to the person and sends to no model (docs/claude-code-findings.md §21, §22).
// Dependency-free: bundled into hook.cjs.

const KEY = "loopkit_answer";

/** The line the CLI prints for an answer the hook shows itself. */
export function typedAnswerLine(answer: string): string {
  return `${JSON.stringify({ [KEY]: answer.trimEnd() })}\n`;
}

/** The answer in the CLI's stdout, or null when it printed none (or anything else): the typed command then goes the skill's way. */
export function typedAnswerOf(stdout: string): string | null {
  const line = stdout.trim();
  if (!line.startsWith("{") || line.includes("\n")) return null;
  try {
    const value: unknown = JSON.parse(line);
    const answer = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[KEY] : undefined;
    return typeof answer === "string" && answer.trim() !== "" ? answer : null;
  } catch {
    return null;
  }
}
