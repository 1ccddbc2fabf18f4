// Durations as people type them: "90s", "5m", "1h30m", "2h", "1h30m15s". Whole units only.
import { LoopkitError } from "./errors.js";

const DURATION_HINT = "whole hours, minutes and seconds, e.g. 90s, 5m, 1h30m";

const UNIT_MS = { h: 3_600_000, m: 60_000, s: 1_000 } as const;
const DURATION = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;

/** Parses a duration into milliseconds; throws USAGE for anything else (including zero). */
export function parseDuration(text: string, what = "duration"): number {
  const match = DURATION.exec(text.trim().toLowerCase());
  if (!match || text.trim() === "" || match.slice(1).every((part) => part === undefined)) {
    throw new LoopkitError("USAGE", `invalid ${what} "${text}": use units h, m, s`, {
      value: text,
      hint: DURATION_HINT,
    });
  }
  const [, h = "0", m = "0", s = "0"] = match;
  const ms = Number(h) * UNIT_MS.h + Number(m) * UNIT_MS.m + Number(s) * UNIT_MS.s;
  if (ms === 0)
    throw new LoopkitError("USAGE", `invalid ${what} "${text}": must be longer than zero`, { value: text, hint: DURATION_HINT });
  return ms;
}

/** True when `text` looks like a duration (used to tell an interval from the start of a prompt). */
export function isDuration(text: string): boolean {
  const match = DURATION.exec(text.trim().toLowerCase());
  return match !== null && match.slice(1).some((part) => part !== undefined);
}

/** Formats milliseconds compactly: 5400000 -> "1h30m", 61000 -> "1m1s", 0 -> "0s". */
export function formatDuration(ms: number): string {
  let rest = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(rest / 3600);
  rest -= h * 3600;
  const m = Math.floor(rest / 60);
  const s = rest - m * 60;
  const text = `${h ? `${h}h` : ""}${m ? `${m}m` : ""}${s ? `${s}s` : ""}`;
  return text || "0s";
}
