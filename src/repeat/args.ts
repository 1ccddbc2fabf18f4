// Parses what the person typed after /loopkit:repeat into one request. Nothing is executed here:
// quotes only group words, and `;`, `$(...)` and backticks stay plain text.
import { splitArguments, type Word } from "../shared/split-words.js";
import { formatDuration, isDuration, parseDuration } from "../shared/duration.js";
import { noInputError, parseOptions, usageError, valueOf, type OptionTable } from "../shared/option-grammar.js";

export const DEFAULT_INTERVAL_MS = 10 * 60_000;
export const MIN_INTERVAL_MS = 60_000;
/** The Stop hook's timeout in hooks.json is 25h: a wait never outlives it. */
export const MAX_INTERVAL_MS = 24 * 3_600_000;
export const DEFAULT_ITERATIONS = 5;
export const MAX_ITERATIONS = 1000;

export type RepeatRequest =
  | { mode: "help" }
  | { mode: "status"; json: boolean }
  | { mode: "cancel" }
  | { mode: "resume" }
  | {
      mode: "start";
      /** The prompt or slash command, as typed (quotes kept when it spans several words). */
      command: string;
      intervalMs: number;
      /** The interval as the person will read it back, e.g. "5m". */
      interval: string;
      maxIterations: number;
      /** Lines for the person, e.g. an interval raised to the minimum. */
      warnings: string[];
    };

/** /loopkit:repeat's options, in the one grammar of both kinds (src/shared/option-grammar.ts). */
export const REPEAT_OPTIONS: OptionTable = {
  command: "/loopkit:repeat",
  options: [
    {
      name: "--iterations",
      value: "word",
      default: String(DEFAULT_ITERATIONS),
      needs: `a value: a whole number from 1 to ${MAX_ITERATIONS}`,
    },
    { name: "--status", value: "none" },
    { name: "--json", value: "none", with: "--status" },
    { name: "--cancel", value: "none" },
    { name: "--resume", value: "none" },
  ],
  unknownHint: "(to pass options to the repeated command, quote it or put it after --)",
  // A terminal's options (commander takes them there): in a session the iterations are the session's own turns.
  elsewhere: Object.fromEntries(
    ["--fresh", "--detach", "--timeout"].map((flag) => [
      flag,
      "is for loopkit repeat typed in a terminal, a loop of its own (loopkit repeat --help); here the iterations are this session's own turns",
    ]),
  ),
  noInput: 'no command: give a prompt or a slash command, e.g. /loopkit:repeat 5m /test or /loopkit:repeat 10m "check deploy status"',
};

const CONTROLS = ["--status", "--cancel", "--resume"] as const;

const usage = (message: string, value?: unknown) => usageError(REPEAT_OPTIONS, message, value);

/** Parses the raw argument text. `minIntervalMs` is the floor intervals are raised to (1 minute outside tests). */
export function parseRepeatArgs(text: string, minIntervalMs = MIN_INTERVAL_MS): RepeatRequest {
  return parseRepeatWords(splitArguments(text), minIntervalMs);
}

/** `alsoKnown`: the terminal command's own options, named when one is mistyped. */
export function parseRepeatWords(words: Word[], minIntervalMs = MIN_INTERVAL_MS, alsoKnown: readonly string[] = []): RepeatRequest {
  const parsed = parseOptions(words, REPEAT_OPTIONS, alsoKnown);
  if (parsed.kind === "help") return { mode: "help" };
  if (parsed.kind === "empty") throw noInputError(REPEAT_OPTIONS);
  const positional = [...parsed.text];
  const iterations = valueOf(parsed, "--iterations");
  const given = CONTROLS.filter((control) => parsed.given.has(control));
  if (given.length > 1) throw usage(`${given.join(" and ")} exclude each other`);
  const control = given[0];
  if (control) {
    if (positional.length > 0 || iterations !== undefined) throw usage(`${control} takes no interval, command or --iterations`);
    if (control === "--status") return { mode: "status", json: parsed.given.has("--json") };
    return { mode: control === "--cancel" ? "cancel" : "resume" };
  }

  const warnings: string[] = [];
  let intervalMs = DEFAULT_INTERVAL_MS;
  // A leading bare number or number-with-letters ("5", "5x", "-3", "10min") is a mistyped interval,
  // not the start of a prompt: say so rather than loop on the wrong text every 10 minutes.
  const first = positional[0];
  if (first && first.raw === first.value && !isDuration(first.value) && /^-?\d[\w.]*$/.test(first.value)) {
    throw usage(
      `invalid interval "${first.value}": use units h, m, s, e.g. 90s, 5m, 1h30m (quote the prompt if it starts with a number)`,
      first.value,
    );
  }
  if (first && first.raw === first.value && isDuration(first.value)) {
    const typed = positional.shift()!.value;
    intervalMs = parseDuration(typed, "interval");
    if (intervalMs > MAX_INTERVAL_MS) throw usage(`interval ${typed} is longer than the 24h maximum`, typed);
    if (intervalMs < minIntervalMs) {
      warnings.push(
        `The interval ${formatDuration(intervalMs)} is under the ${formatDuration(minIntervalMs)} minimum; loopkit raised it to ${formatDuration(minIntervalMs)}.`,
      );
      intervalMs = minIntervalMs;
    }
  }
  if (positional.length > 0 && positional.every((word) => word.raw === word.value && word.value.startsWith("-"))) {
    throw usage(
      `${positional.map((word) => word.value).join(" ")} is not a prompt or a command (to repeat it as text, quote it)`,
      positional[0]!.value,
    );
  }
  const command = (positional.length === 1 ? positional[0]!.value : positional.map((word) => word.raw).join(" ")).trim();
  if (command === "") throw noInputError(REPEAT_OPTIONS);
  if (/^\/(?:loopkit:)?repeat(?:\s|$)/.test(command)) throw usage("a repeat loop cannot repeat /loopkit:repeat itself", command);
  return {
    mode: "start",
    command,
    intervalMs,
    interval: formatDuration(intervalMs),
    maxIterations: iterations === undefined ? DEFAULT_ITERATIONS : parseIterations(iterations),
    warnings,
  };
}

function parseIterations(text: string): number {
  const value = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= 1 && value <= MAX_ITERATIONS))
    throw usage(`invalid --iterations "${text}": expected a whole number from 1 to ${MAX_ITERATIONS}`, text);
  return value;
}

/** A slash command's name and arguments (`/review src --deep` -> review, "src --deep"), or null for a prompt. */
export function splitSlashCommand(command: string): { name: string; args: string } | null {
  const match = /^\/([A-Za-z0-9][\w.:-]*)(?:\s+([\s\S]*))?$/.exec(command.trim());
  return match ? { name: match[1]!, args: (match[2] ?? "").trim() } : null;
}
