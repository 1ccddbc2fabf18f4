// Parses what the person typed after /loopkit:auto-loop into one request. Nothing is executed here.
import { noInputError, parseOptions, usageError, valueOf, type OptionTable } from "../shared/option-grammar.js";
import { formatDuration, parseDuration } from "../shared/duration.js";
import { DEFAULT_NO_PROGRESS_LIMIT, type Caps } from "./core/state.js";
import { splitArguments, typedText, type Word } from "../shared/split-words.js";

export type AutoLoopRequest =
  | { mode: "usage" }
  | { mode: "help" }
  | { mode: "status"; json: boolean }
  | { mode: "cancel" }
  /** --resume: a loop paused for the person goes on, their words in its next prompt (typed by the person only). */
  | { mode: "resume" }
  /** --takeover alone: adopt the stale loop of this project in this session. */
  | { mode: "takeover" }
  | {
      mode: "start";
      /** The goal typed inline, or null to read it from goalFile (default goal.md). */
      goal: string | null;
      goalFile: string | null;
      verify: string | null;
      caps: Partial<Caps>;
      /** --protect globs: files the agent must not change (added to a goal file's protect: lines). */
      protect: string[];
      takeover: boolean;
      /** --codex: the work is done by OpenAI Codex's goal mode, gated by the same verifier (src/codex/). */
      codex: boolean;
      /** --new-baseline: judge from the project as it is now, even after an unfinished loop (evidence-start.ts). */
      newBaseline?: boolean;
      /** --test-report: a JUnit XML or TAP file the verifier writes, read for its tests (else its output is). */
      testReport: string | null;
      /** --no-progress-limit: judged turns without fewer failing tests before the loop ends no-progress. */
      noProgressLimit: number | null;
    };

/** /loopkit:auto-loop's options, in the one grammar of both kinds (src/shared/option-grammar.ts). */
export const AUTO_LOOP_OPTIONS: OptionTable = {
  command: "/loopkit:auto-loop",
  options: [
    { name: "--verify", value: "command", needs: 'a command, e.g. --verify "npm test"' },
    { name: "--goal-file", value: "word", default: "goal.md" },
    { name: "--max-iterations", value: "word", default: "40" },
    { name: "--max-tokens", value: "word", default: "2000000" },
    { name: "--max-wallclock", value: "word", default: "4h" },
    { name: "--restart-pct", value: "word", default: "70" },
    { name: "--protect", value: "word", repeatable: true },
    { name: "--test-report", value: "word" },
    { name: "--no-progress-limit", value: "word", default: String(DEFAULT_NO_PROGRESS_LIMIT) },
    { name: "--takeover", value: "none" },
    { name: "--codex", value: "none" },
    { name: "--new-baseline", value: "none" },
    { name: "--status", value: "none" },
    { name: "--json", value: "none", with: "--status" },
    { name: "--cancel", value: "none" },
    { name: "--resume", value: "none" },
  ],
  unknownHint: "(to use it as goal text, quote it)",
  noInput:
    "no goal: give a goal and --verify <cmd>, or --goal-file <path>, or put a goal.md in the project, e.g. /loopkit:auto-loop make the tests pass --verify npm test",
};

const MODES = ["--status", "--cancel", "--resume"] as const;

const usage = (message: string, value?: unknown) => usageError(AUTO_LOOP_OPTIONS, message, value);

/** Parses the argument text a skill received (as typed, quotes and all). */
export function parseAutoLoopArgs(text: string): AutoLoopRequest {
  return parseWords(splitArguments(text));
}

/** A start from the project's goal.md with nothing typed: what bare /loopkit:auto-loop asks for when the project has one. */
export function startFromGoalFile(): Extract<AutoLoopRequest, { mode: "start" }> {
  return {
    mode: "start",
    goal: null,
    goalFile: null,
    verify: null,
    caps: {},
    protect: [],
    takeover: false,
    codex: false,
    testReport: null,
    noProgressLimit: null,
  };
}

/** What bare /loopkit:auto-loop answers when the project has no goal.md. */
export const noGoalError = () => noInputError(AUTO_LOOP_OPTIONS);

/** `alsoKnown`: the terminal command's own options, named when one is mistyped. */
export function parseWords(words: Word[], alsoKnown: readonly string[] = []): AutoLoopRequest {
  const parsed = parseOptions(words, AUTO_LOOP_OPTIONS, alsoKnown);
  if (parsed.kind === "help") return { mode: "help" };
  if (parsed.kind === "empty") return { mode: "usage" };
  const has = (name: string) => parsed.given.has(name);
  const value = (name: string) => valueOf(parsed, name);
  const verify = value("--verify");
  if (verify !== undefined) checkVerifyCommand(verify, "--verify");
  const protect = (parsed.given.get("--protect") ?? []).map((glob) => checkProtectGlob(glob, "--protect"));
  const goalWords = parsed.text;
  const valueOptions = AUTO_LOOP_OPTIONS.options.filter((option) => option.value !== "none" && has(option.name));
  const modes = MODES.filter(has);
  if (modes.length > 1) throw usage(`${modes.join(" and ")} exclude each other`);
  const mode = modes[0];
  if (mode) {
    if (goalWords.length > 0 || valueOptions.length > 0 || has("--takeover") || has("--codex"))
      throw usage(`${mode} takes no goal, --verify, caps, --protect, --takeover or --codex`);
    if (has("--new-baseline")) throw usage(`${mode} takes no --new-baseline`);
    return mode === "--status" ? { mode: "status", json: has("--json") } : mode === "--cancel" ? { mode: "cancel" } : { mode: "resume" };
  }
  if (has("--codex") && has("--takeover")) throw usage("--codex starts a new loop run by Codex; --takeover does not apply");
  if (has("--takeover") && goalWords.length === 0 && valueOptions.length === 0) {
    if (has("--new-baseline"))
      throw usage("--takeover alone continues the running loop, which keeps its baseline; --new-baseline starts a new one");
    return { mode: "takeover" };
  }
  // Every goal word an unquoted -x: the goal is a mistyped option, not a goal.
  if (goalWords.length > 0 && goalWords.every((word) => word.raw === word.value && word.value.startsWith("-")))
    throw usage(`${goalWords.map((word) => word.value).join(" ")} is not a goal (to use it as text, quote it)`, goalWords[0]!.value);
  // Typed in a skill: as typed (quotes, newlines); split by a shell (loopkit run's argv), the words with spaces.
  const goal = (
    goalWords.every((word) => word.gap !== undefined) ? typedText(goalWords) : goalWords.map((word) => word.value).join(" ")
  ).trim();
  if (goal && has("--goal-file")) throw usage("give the goal inline or with --goal-file, not both");
  if (Buffer.byteLength(goal) > MAX_GOAL_BYTES) {
    throw usage(
      `the goal is ${Buffer.byteLength(goal)} bytes; an inline goal holds at most ${MAX_GOAL_BYTES / 1024} KB (put a longer one in a goal file)`,
    );
  }
  return {
    mode: "start",
    goal: goal || null,
    goalFile: value("--goal-file") ?? null,
    verify: verify ?? null,
    caps: parseCaps((flag) => value(flag)),
    protect,
    takeover: has("--takeover"),
    codex: has("--codex"),
    ...(has("--new-baseline") ? { newBaseline: true } : {}),
    testReport: checkTestReport(value("--test-report"), "--test-report"),
    noProgressLimit: parseNoProgressLimit(value("--no-progress-limit"), "--no-progress-limit"),
  };
}

/** A test report path, relative to the project root: no absolute path, no `..` (loopkit reads it, nothing else). */
export function checkTestReport(report: string | undefined, where: string): string | null {
  if (report === undefined) return null;
  const clean = report.trim().replaceAll("\\", "/");
  if (clean === "" || clean.includes("\0") || clean.startsWith("/") || /^[A-Za-z]:/.test(clean) || clean.split("/").includes(".."))
    throw usage(`${where} ${JSON.stringify(report)} is not a file inside the project (e.g. "reports/junit.xml")`, report);
  return clean.replace(/^\.\//, "");
}

/** --no-progress-limit / no-progress-limit: a whole number of turns, 1 to 1000. */
export function parseNoProgressLimit(text: string | undefined, where: string): number | null {
  if (text === undefined) return null;
  const value = /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!(value >= 1 && value <= 1000)) throw usage(`invalid ${where} "${text}": expected a whole number of turns from 1 to 1000`, text);
  return value;
}

/** The most text a goal may hold, inline or in a goal file. */
export const MAX_GOAL_BYTES = 64 * 1024;

/** Ceilings of the caps: past these a cap is no cap, and a typo (an extra 0) would run for weeks. */
export const CAP_LIMITS = { max_iterations: 10_000, max_tokens: 1_000_000_000, max_wallclock_ms: 30 * 24 * 3_600_000 } as const;

/** A verifier command line, checked where it is given (flag or goal file): the shell cannot take a NUL byte. */
export function checkVerifyCommand(command: string, where: string): string {
  if (command.includes("\0")) throw usage(`${where} holds a NUL byte, which no shell command line can carry`, command);
  return command;
}

/** The most --protect globs a loop takes, and files they may name. */
export const PROTECT_LIMITS = { globs: 100, files: 10_000 } as const;

/** A protect glob, relative to the project root: no absolute path, no `..`, no git pathspec magic. */
export function checkProtectGlob(glob: string, where: string): string {
  const clean = glob.trim().replaceAll("\\", "/");
  const bad =
    clean === "" ||
    clean.includes("\0") ||
    clean.startsWith("/") ||
    /^[A-Za-z]:/.test(clean) ||
    clean.startsWith(":") ||
    clean.split("/").includes("..");
  if (bad) throw usage(`${where} ${JSON.stringify(glob)} is not a glob inside the project (e.g. "test/**", "scripts/verify.sh")`, glob);
  return clean.replace(/^\.\//, "");
}

/** Caps given as text (from flags or a goal file's front matter); absent ones stay absent. */
export function parseCaps(
  get: (flag: "--max-iterations" | "--max-tokens" | "--max-wallclock" | "--restart-pct") => string | undefined,
): Partial<Caps> {
  const caps: Partial<Caps> = {};
  const iterations = get("--max-iterations");
  if (iterations !== undefined) caps.max_iterations = parseCount(iterations, "--max-iterations", 1, CAP_LIMITS.max_iterations, false);
  const tokens = get("--max-tokens");
  if (tokens !== undefined) caps.max_tokens = parseCount(tokens, "--max-tokens", 1, CAP_LIMITS.max_tokens, true);
  const wallclock = get("--max-wallclock");
  if (wallclock !== undefined) {
    caps.max_wallclock_ms = parseDuration(wallclock, "--max-wallclock");
    if (caps.max_wallclock_ms > CAP_LIMITS.max_wallclock_ms) {
      throw usage(
        `invalid --max-wallclock "${wallclock}": the most is ${formatDuration(CAP_LIMITS.max_wallclock_ms)} (30 days)`,
        wallclock,
      );
    }
  }
  const pct = get("--restart-pct");
  if (pct !== undefined) caps.restart_pct = parseCount(pct, "--restart-pct", 1, 100, false);
  return caps;
}

const COUNT = /^(\d{1,13})([km]?)$/i;

/** A whole number; token counts may use k (thousand) or M (million): 500k, 2M. */
function parseCount(text: string, flag: string, min: number, max: number, suffixes: boolean): number {
  const match = COUNT.exec(text.trim().replaceAll("_", ""));
  if (match?.[2] && !suffixes) throw usage(`invalid ${flag} "${text}": expected a whole number from ${min} to ${max}`, text);
  const factor = match?.[2]?.toLowerCase() === "k" ? 1_000 : match?.[2]?.toLowerCase() === "m" ? 1_000_000 : 1;
  const value = match ? Number(match[1]) * factor : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw usage(
      `invalid ${flag} "${text}": expected a whole number from ${min} to ${max}${suffixes ? " (k and M suffixes allowed)" : ""}`,
      text,
    );
  }
  return value;
}
