// Parses what the person typed after /loopkit:auto-loop into one request. Nothing is executed here.
import { LoopkitError } from "../shared/errors.js";
import { formatDuration, parseDuration } from "../shared/duration.js";
import type { Caps } from "./core/state.js";
import { splitArguments, type Word } from "../shared/split-words.js";

export type AutoLoopRequest =
  | { mode: "usage" }
  | { mode: "help" }
  | { mode: "status"; json: boolean }
  | { mode: "cancel" }
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
    };

type Flag =
  | "--verify"
  | "--goal-file"
  | "--max-iterations"
  | "--max-tokens"
  | "--max-wallclock"
  | "--restart-pct"
  | "--protect"
  | "--status"
  | "--json"
  | "--cancel"
  | "--codex"
  | "--takeover"
  | "--help";

const VALUE_FLAGS = new Set<Flag>([
  "--verify",
  "--goal-file",
  "--max-iterations",
  "--max-tokens",
  "--max-wallclock",
  "--restart-pct",
  "--protect",
]);
const SWITCHES = new Set<Flag>(["--status", "--json", "--cancel", "--codex", "--takeover", "--help"]);
const MODES = ["--status", "--cancel"] as const;

const isFlag = (text: string): text is Flag => VALUE_FLAGS.has(text as Flag) || SWITCHES.has(text as Flag);

function usage(message: string, value?: unknown): LoopkitError {
  return new LoopkitError("USAGE", message, { value, hint: "run /loopkit:auto-loop --help for usage" });
}

/** Parses the argument text a skill received (as typed, quotes and all). */
export function parseAutoLoopArgs(text: string): AutoLoopRequest {
  return parseWords(splitArguments(text));
}

/** A start from the project's goal.md with nothing typed: what bare /loopkit:auto-loop asks for when the project has one. */
export function startFromGoalFile(): Extract<AutoLoopRequest, { mode: "start" }> {
  return { mode: "start", goal: null, goalFile: null, verify: null, caps: {}, protect: [], takeover: false, codex: false };
}

export function parseWords(words: Word[]): AutoLoopRequest {
  if (words.length === 0) return { mode: "usage" };
  const goalWords: string[] = [];
  const values = new Map<Flag, string>();
  const switches = new Set<Flag>();
  /** Every goal word so far is an unquoted -x: the goal is a mistyped option, not a goal. */
  let flagLike = true;
  const protect: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!;
    const raw = word.value;
    const eq = word.option ? raw.indexOf("=") : -1;
    const name = eq === -1 ? raw : raw.slice(0, eq);
    if (raw === "-h" && word.raw === "-h") {
      switches.add("--help");
      continue;
    }
    if (!word.option || raw === "--") {
      goalWords.push(raw);
      flagLike &&= raw.startsWith("-") && words[i]!.raw === raw;
      continue;
    }
    if (!isFlag(name)) throw usage(`unknown option ${name}`, name);
    if ((values.has(name) && name !== "--protect") || switches.has(name)) throw usage(`${name} is given twice`, name);
    if (SWITCHES.has(name)) {
      if (eq !== -1) throw usage(`${name} takes no value`, raw);
      switches.add(name);
      continue;
    }
    if (name === "--verify") {
      // The command runs to the next loopkit option, so `--verify npm test` needs no quotes. One word is
      // the command line itself (quotes removed); several are kept exactly as typed, quotes and all.
      const parts: Word[] = eq === -1 ? [] : [{ value: raw.slice(eq + 1), raw: word.raw.slice(word.raw.indexOf("=") + 1), option: false }];
      while (i + 1 < words.length && !isLoopkitOption(words[i + 1]!)) parts.push(words[++i]!);
      const command = (parts.length === 1 ? parts[0]!.value : parts.map((part) => part.raw).join(" ")).trim();
      if (command === "") throw usage('--verify needs a command, e.g. --verify "npm test"');
      values.set(name, checkVerifyCommand(command, "--verify"));
      continue;
    }
    const next = eq === -1 ? words[++i] : undefined;
    const value = eq === -1 ? next?.value : raw.slice(eq + 1);
    if (value === undefined || value === "" || (next && isLoopkitOption(next))) throw usage(`${name} needs a value`, name);
    if (name === "--protect") protect.push(checkProtectGlob(value, "--protect"));
    else values.set(name, value);
  }

  const modes = MODES.filter((mode) => switches.has(mode));
  const hasGoalArgs =
    goalWords.length > 0 || values.size > 0 || protect.length > 0 || switches.has("--takeover") || switches.has("--codex");
  if (switches.has("--help")) {
    if (words.length > 1) throw usage("--help takes no other arguments");
    return { mode: "help" };
  }
  if (modes.length > 1) throw usage(`${modes.join(" and ")} exclude each other`);
  if (switches.has("--json") && !switches.has("--status")) throw usage("--json goes with --status only");
  const mode = modes[0];
  if (mode) {
    if (hasGoalArgs) throw usage(`${mode} takes no goal, --verify, caps, --protect, --takeover or --codex`);
    return mode === "--status" ? { mode: "status", json: switches.has("--json") } : { mode: "cancel" };
  }
  if (switches.has("--codex") && switches.has("--takeover"))
    throw usage("--codex starts a new loop run by Codex; --takeover does not apply");
  if (switches.has("--takeover") && goalWords.length === 0 && values.size === 0 && protect.length === 0) return { mode: "takeover" };
  if (goalWords.length > 0 && flagLike) throw usage(`${goalWords.join(" ")} is not a goal (to use it as text, quote it)`, goalWords[0]);
  const goal = goalWords.join(" ").trim();
  if (goal && values.has("--goal-file")) throw usage("give the goal inline or with --goal-file, not both");
  if (Buffer.byteLength(goal) > MAX_GOAL_BYTES) {
    throw usage(
      `the goal is ${Buffer.byteLength(goal)} bytes; an inline goal holds at most ${MAX_GOAL_BYTES / 1024} KB (put a longer one in a goal file)`,
    );
  }
  return {
    mode: "start",
    goal: goal || null,
    goalFile: values.get("--goal-file") ?? null,
    verify: values.get("--verify") ?? null,
    caps: parseCaps((flag) => values.get(flag)),
    protect,
    takeover: switches.has("--takeover"),
    codex: switches.has("--codex"),
  };
}

/** One of loopkit's own options (`--json`, `--max-tokens=5`), where a --verify command ends. */
function isLoopkitOption(word: Word): boolean {
  const eq = word.value.indexOf("=");
  return word.option && isFlag(eq === -1 ? word.value : word.value.slice(0, eq));
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
