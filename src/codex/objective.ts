// The text loopkit hands to Codex as the goal's objective: the goal, how loopkit will check it, the
// caps, and (after a failed check) why it came back. Codex refuses objectives over 4000 characters.
import { formatDuration } from "../shared/duration.js";
import { LoopkitError } from "../shared/errors.js";

export const MAX_OBJECTIVE_CHARS = 4000;

export interface ObjectiveInput {
  goal: string;
  verifyCommand: string;
  iteration: number;
  maxIterations: number;
  maxTokens: number;
  maxWallclockMs: number;
  /** Why the goal is set again: the verifier's verdict on the last claim of completion. */
  retryReason?: string;
}

/** Room kept for a retry reason when the goal itself is long. */
const REASON_RESERVE = 1200;
const MAX_VERIFY_COMMAND_CHARS = 1000;
const MARK = "\n[…cut to fit Codex's objective limit…]\n";

/** Builds the objective; a long goal loses its end, a long retry reason its middle, to fit MAX_OBJECTIVE_CHARS. */
export function buildObjective(input: ObjectiveInput): string {
  if (input.verifyCommand.length > MAX_VERIFY_COMMAND_CHARS) {
    throw new LoopkitError("USAGE", `the verifier command is too long to hand to Codex (over ${MAX_VERIFY_COMMAND_CHARS} characters)`, {
      hint: "put it in a script and verify with that script",
    });
  }
  const rules = [
    `Done means: the command \`${input.verifyCommand}\` exits 0 in the project folder. When you mark this goal complete,`,
    "loopkit runs that command itself, twice; a claim of completion that it does not confirm comes back to you.",
    `Caps: iteration ${input.iteration} of ${input.maxIterations}, ${input.maxTokens} tokens, ${formatDuration(input.maxWallclockMs)} of wall-clock time.`,
  ].join("\n");
  const reasonHeader = "\n\nPrevious attempt:\n";
  const frame = "Goal:\n".length + "\n\n".length + rules.length;
  const reason = input.retryReason?.trim() ?? "";
  const reasonCost = reason ? reasonHeader.length + Math.min(reason.length, REASON_RESERVE) : 0;
  const goal = clipEnd(input.goal.trim(), MAX_OBJECTIVE_CHARS - frame - reasonCost);
  const reasonRoom = MAX_OBJECTIVE_CHARS - frame - goal.length - reasonHeader.length;
  const reasonBlock = reason ? `${reasonHeader}${clipMiddle(reason, reasonRoom)}` : "";
  return `Goal:\n${goal}\n\n${rules}${reasonBlock}`;
}

function clipEnd(text: string, max: number): string {
  return text.length <= max ? text : `${wholeChars(text.slice(0, Math.max(0, max - MARK.length)))}${MARK}`;
}

// The start of a reason says what went wrong and the end of a verifier's output its summary: keep both.
function clipMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const keep = Math.max(0, max - MARK.length);
  const head = Math.floor(keep / 3);
  return `${wholeChars(text.slice(0, head))}${MARK}${wholeChars(text.slice(text.length - (keep - head)))}`;
}

// A cut may split a surrogate pair; a lone half is not valid Unicode for Codex's JSON parser.
function wholeChars(text: string): string {
  return text.replace(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/g, "");
}
