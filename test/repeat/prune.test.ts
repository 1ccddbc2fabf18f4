// Ended repeat loops' state files are pruned to the newest few; nothing else is touched.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { pruneEndedLoops } from "../../src/repeat/prune.js";
import { repeatStateFile } from "../../src/repeat/state.js";
import { loopState } from "./fixtures.js";

let data: string;
beforeEach(() => {
  data = mkdtempSync(path.join(os.tmpdir(), "loopkit prune "));
  mkdirSync(path.join(data, "repeat"));
});
afterEach(() => rmSync(data, { recursive: true, force: true }));

const put = (session: string, text: string) => writeFileSync(repeatStateFile(data, session), text);
const ended = (session: string, minute: number) =>
  put(
    session,
    JSON.stringify(
      loopState({
        session_id: session,
        phase: "ended",
        final_status: "COMPLETED",
        ended_at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
      }),
    ),
  );

it("keeps the newest ended loops and every active, paused or unreadable one", async () => {
  for (let minute = 0; minute < 6; minute += 1) ended(`old-${minute}`, minute);
  put("active", JSON.stringify(loopState({ session_id: "active", phase: "waiting" })));
  put("paused", JSON.stringify(loopState({ session_id: "paused", phase: "paused" })));
  put("torn", "{ not json");
  expect(await pruneEndedLoops(data, 2)).toBe(4);
  expect(readdirSync(path.join(data, "repeat")).sort()).toEqual(["active.json", "old-4.json", "old-5.json", "paused.json", "torn.json"]);
  expect(await pruneEndedLoops(data, 2)).toBe(0);
});

it("does nothing where there is no folder", async () => {
  expect(await pruneEndedLoops(path.join(data, "missing"))).toBe(0);
});
