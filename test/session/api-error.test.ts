// What loopkit makes of an API error turn: the class and text Claude Code reports, whether it is a
// usage limit, when such a limit lifts, and the last turn of a transcript.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { apiErrorOf, apiErrorSummary, lastTurnApiError, usageLimitReset } from "../../src/session/api-error.js";

const NOW = new Date("2026-03-01T10:00:00.000Z");

describe("apiErrorOf", () => {
  it("names the class and the first line of the text, clipped", () => {
    const error = apiErrorOf("server_error", "API Error: 529 overloaded_error. Try again.\nmore", NOW);
    expect(error).toEqual({
      kind: "server_error",
      message: "API Error: 529 overloaded_error. Try again.",
      usageLimit: false,
      resetAt: null,
      credentialsRefused: false,
    });
    expect(apiErrorSummary(error)).toBe("API error (server_error): API Error: 529 overloaded_error. Try again.");
    expect(apiErrorOf(undefined, "x".repeat(500), NOW).message).toHaveLength(200);
    expect(apiErrorOf(null, "", NOW)).toMatchObject({ kind: "unknown", message: "no message" });
  });

  it.each([
    ["a rate limit is no usage limit", "rate_limit", "API Error: Request rejected (429) · rate_limit_error", false, null],
    ["a usage limit with a reset time", "rate_limit", "You've hit your session limit · resets 3pm (UTC)", true, "2026-03-01T15:00:00.000Z"],
    [
      "a usage limit past its time today lifts tomorrow",
      "rate_limit",
      "You've hit your weekly limit · resets 9:30am (UTC)",
      true,
      "2026-03-02T09:30:00.000Z",
    ],
    ["the older epoch form", "rate_limit", "Claude AI usage limit reached|1772380800", true, "2026-03-01T16:00:00.000Z"],
    ["a usage limit without a time", "billing_error", "usage limit reached — check plan", true, null],
    ["an overload never is one", "server_error", "usage limit reached", false, null],
  ])("%s", (_name, kind, text, usageLimit, resetAt) => {
    const error = apiErrorOf(kind, text, NOW);
    expect(error.usageLimit).toBe(usageLimit);
    expect(error.resetAt?.toISOString() ?? null).toBe(resetAt);
  });
});

describe("refused credentials", () => {
  it.each([
    // What 2.1.197 and 2.1.332 wrote (transcript `error` and text) for a 401, a 403 and no login.
    ["authentication_failed", "Invalid API key · Fix external API key", true],
    ["authentication_failed", "Failed to authenticate. API Error: 403 Your API key does not have permission", true],
    ["authentication_failed", "Not logged in · Please run /login", true],
    [undefined, "Not logged in · Please run /login", true],
    ["server_error", "API Error: 529 overloaded_error", false],
    ["rate_limit", "API Error: Request rejected (429) · rate_limit_error", false],
    [undefined, "API Error: 500", false],
  ])("%s %j: %s", (kind, text, refused) => {
    expect(apiErrorOf(kind, text, NOW).credentialsRefused).toBe(refused);
  });
});

describe("usageLimitReset", () => {
  it.each([
    ["a named zone", "resets 3pm (Europe/Berlin)", "2026-03-01T14:00:00.000Z"],
    ["a 24-hour time", "resets 17:45 (UTC)", "2026-03-01T17:45:00.000Z"],
    ["an unknown zone", "resets 3pm (Mars/Olympus)", null],
    ["a bare number", "resets 3", null],
    ["an impossible time", "resets 27:00", null],
    ["an epoch far away", "limit reached|1999999999", null],
    ["an epoch in the past", "limit reached|1700000000", null],
    ["nothing", "try again later", null],
  ])("%s", (_name, text, expected) => {
    expect(usageLimitReset(text, NOW)?.toISOString() ?? null).toBe(expected);
  });
});

describe("lastTurnApiError", () => {
  let tmp: string;
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));
  const transcript = (...lines: (object | string)[]) => {
    tmp = mkdtempSync(path.join(os.tmpdir(), "loopkit api error "));
    const file = path.join(tmp, "t.jsonl");
    writeFileSync(file, lines.map((line) => (typeof line === "string" ? line : JSON.stringify(line))).join("\n") + "\n");
    return file;
  };
  const failed = {
    type: "assistant",
    isApiErrorMessage: true,
    error: "rate_limit",
    message: { model: "<synthetic>", content: [{ type: "text", text: "API Error: Request rejected (429)" }] },
  };

  it("finds the API error that ended the last main-chain turn, past the bookkeeping records after it", async () => {
    const file = transcript(
      { type: "user" },
      failed,
      { type: "last-prompt" },
      { type: "assistant", isSidechain: true, message: { content: [] } },
      "{ half a line",
    );
    expect(await lastTurnApiError(file, NOW)).toMatchObject({ kind: "rate_limit", message: "API Error: Request rejected (429)" });
  });

  it("is null when the last turn ended normally, and for a missing or unreadable transcript", async () => {
    expect(
      await lastTurnApiError(transcript(failed, { type: "assistant", message: { content: [{ type: "text", text: "fine" }] } }), NOW),
    ).toBeNull();
    expect(await lastTurnApiError(path.join(tmp, "missing.jsonl"), NOW)).toBeNull();
    expect(await lastTurnApiError(undefined, NOW)).toBeNull();
  });
});
