// SessionStart on real files: the loop context after a compaction, for the owning session only;
// nothing on a corrupt state (the Stop hook reports it).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { restoreLoopContext } from "../../src/auto-loop/hooks/session-start.js";
import { loopFiles, persist } from "../../src/auto-loop/data/store.js";
import type { SessionMarker } from "../../src/session/marker.js";
import { at, makeState } from "./fixtures.js";

let tmp: string;
let data: string;
let project: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "loopkit resume "));
  data = path.join(tmp, "data");
  project = path.join(tmp, "project");
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

async function seed(overrides = {}) {
  const files = loopFiles(data, project);
  await persist(files, makeState({ project_dir: project, session_id: "owner", handoff_note: "next: printer", ...overrides }), [], at(0));
  const marker: SessionMarker = {
    version: 1,
    kind: "auto-loop",
    loop_id: "loop-1",
    project_dir: project,
    state_file: files.state,
    created_at: at(0).toISOString(),
  };
  return { files, marker };
}

const ctx = <I>(marker: SessionMarker, input: I, now = at(3_600_000)) => ({ input, marker, dataDir: data, env: {}, now: () => now });
const start = (session: string, source: string) => ({ session_id: session, hook_event_name: "SessionStart" as const, source });

describe("SessionStart(compact)", () => {
  it("gives the owner the loop context and writes nothing", async () => {
    const { files, marker } = await seed();
    const before = readFileSync(files.state, "utf8");
    const decision = await restoreLoopContext(ctx(marker, start("owner", "compact")));
    expect(decision).toMatchObject({
      kind: "context",
      eventName: "SessionStart",
      context: expect.stringMatching(/just compacted[\s\S]*next: printer/),
    });
    expect(readFileSync(files.state, "utf8")).toBe(before);
  });

  it.each([
    ["a session that no longer owns the loop (taken over)", { session_id: "new-owner" }],
    ["an ended loop", { status: "achieved", ended_at: at(0).toISOString() }],
  ])("says nothing to %s", async (_, overrides) => {
    const { marker } = await seed(overrides);
    expect(await restoreLoopContext(ctx(marker, start("owner", "compact")))).toBeUndefined();
  });

  it("says nothing on a corrupt state and leaves the file for the Stop hook to report", async () => {
    const { files, marker } = await seed();
    writeFileSync(files.state, "{ not json");
    expect(await restoreLoopContext(ctx(marker, start("owner", "compact")))).toBeUndefined();
    expect(readFileSync(files.state, "utf8")).toBe("{ not json");
  });

  it.each(["startup", "clear", ""])("ignores source %j", async (source) => {
    const { marker } = await seed();
    expect(await restoreLoopContext(ctx(marker, start("owner", source)))).toBeUndefined();
  });
});
