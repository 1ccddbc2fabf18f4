// A turn that ended in an API error, as Claude Code reports it to hooks: the StopFailure payload
// (`error` class and the "API Error: ..." text), or, at SessionEnd, the transcript's last assistant
// record (`isApiErrorMessage`). Both loop kinds record such a turn as an outcome, never as the agent's
// work, and a usage limit with a known reset waits for the reset.
import { recordText, transcriptTail } from "./transcript.js";

export interface ApiError {
  /** Claude Code's class of the error: server_error, rate_limit, overloaded, authentication_failed, billing_error, ... */
  kind: string;
  /** The first line of Claude Code's text ("API Error: 529 ..."), clipped. */
  message: string;
  /** A usage limit of the person's plan (not a momentary rate limit). */
  usageLimit: boolean;
  /** When a usage limit lifts, if the text says so; null when unknown. */
  resetAt: Date | null;
  /** The credentials were refused (401, 403, not logged in): trying again cannot help until the person logs in. */
  credentialsRefused: boolean;
}

/** What the person does about refused credentials, in both loop kinds' words. */
export const LOG_IN_AGAIN = "Log in (run claude, then /login) or fix ANTHROPIC_API_KEY, then start the loop again.";

const MAX_MESSAGE = 200;
/** A reset further away than this is not believed (a misread date): the error then counts as a failure. */
const MAX_RESET_MS = 7 * 24 * 3_600_000;
const USAGE_LIMIT = /usage limit|hit your [\w -]*limit|limit reached/i;
/** Claude Code's texts for refused credentials, for a report that names no class (measured: 401, 403 and no login are `authentication_failed`). */
const REFUSED = /not logged in|invalid api key|failed to authenticate|oauth token (?:has expired|revoked)/i;

export function apiErrorOf(kind: string | null | undefined, text: string | null | undefined, now: Date): ApiError {
  const first =
    (text ?? "")
      .split(/\r?\n/)
      .find((line) => line.trim() !== "")
      ?.trim() ?? "";
  const message = first.length > MAX_MESSAGE ? `${first.slice(0, MAX_MESSAGE - 3)}...` : first || "no message";
  const cls = kind?.trim() || "unknown";
  const usageLimit = (cls === "rate_limit" || cls === "billing_error" || cls === "unknown") && USAGE_LIMIT.test(text ?? "");
  const credentialsRefused = cls === "authentication_failed" || (cls === "unknown" && REFUSED.test(text ?? ""));
  return { kind: cls, message, usageLimit, resetAt: usageLimit ? usageLimitReset(text ?? "", now) : null, credentialsRefused };
}

/** The summary an iteration or verifier record carries for an API-error turn. */
export function apiErrorSummary(error: ApiError): string {
  return `API error (${error.kind}): ${error.message}`;
}

/**
 * When a usage limit lifts, from the forms Claude Code prints: `...usage limit reached|<epoch seconds>`
 * and `... resets 3pm`, `resets 3:30pm (Europe/Berlin)`. A time of day already past means tomorrow.
 */
export function usageLimitReset(text: string, now: Date): Date | null {
  const epoch = /limit reached\|(\d{9,11})\b/i.exec(text);
  if (epoch) return believable(new Date(Number(epoch[1]) * 1000), now);
  const clock = /resets (?:at )?(\d{1,2})(?::(\d{2}))?\s*(am|pm)?(?:\s*\(([A-Za-z_]+(?:\/[A-Za-z_+-]+)*)\))?/i.exec(text);
  if (!clock) return null;
  let hour = Number(clock[1]);
  const minute = Number(clock[2] ?? "0");
  const meridiem = clock[3]?.toLowerCase();
  if (meridiem === "pm" && hour < 12) hour += 12;
  if (meridiem === "am" && hour === 12) hour = 0;
  if (hour > 23 || minute > 59 || (!meridiem && !clock[2])) return null;
  const offset = zoneOffsetMs(clock[4], now);
  if (offset === null) return null;
  // The wall clock of `now` in that zone, moved to the reset time, then back to UTC.
  const wall = new Date(now.getTime() + offset);
  let target = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), hour, minute) - offset;
  if (target <= now.getTime()) target += 24 * 3_600_000;
  return believable(new Date(target), now);
}

function believable(date: Date, now: Date): Date | null {
  const ahead = date.getTime() - now.getTime();
  return Number.isFinite(ahead) && ahead > 0 && ahead <= MAX_RESET_MS ? date : null;
}

/** The zone's offset from UTC at `now` (the local zone when none is named); null for an unknown zone. */
function zoneOffsetMs(zone: string | undefined, now: Date): number | null {
  if (!zone) return -now.getTimezoneOffset() * 60_000;
  try {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      })
        .formatToParts(now)
        .map((part) => [part.type, part.value]),
    );
    const wall = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    );
    return wall - Math.floor(now.getTime() / 1000) * 1000;
  } catch {
    return null;
  }
}

/** The API error that ended the transcript's last main-chain turn, or null (none, or no readable transcript). */
export async function lastTurnApiError(transcriptPath: string | undefined, now: Date): Promise<ApiError | null> {
  const records = await transcriptTail(transcriptPath);
  for (let i = records.length - 1; i >= 0; i--) {
    const record = records[i]!;
    if (record.type !== "assistant" || record.isSidechain === true) continue;
    if (record.isApiErrorMessage !== true) return null;
    return apiErrorOf(typeof record.error === "string" ? record.error : undefined, recordText(record), now);
  }
  return null;
}
