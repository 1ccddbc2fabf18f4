// bindPhase on real files: the next phase's session becomes the owner only while the runner still
// holds the loop; a takeover or a new loop in between is left alone.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bindPhase } from "../../src/run/handover.js";
import { loadState, loopFiles, persist, writeMarker } from "../../src/auto-loop/data/store.js";
import { sessionMarkerPath } from "../../src/state/paths.js";
import { at, makeState } from "../auto-loop/fixtures.js";

let tmp: string;
let project: string;
let data: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "loopkit handover "));
  project = path.join(tmp, "project");
  data = path.join(tmp, "data");
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

async function seed(overrides = {}) {
  const files = loopFiles(data, project);
  const state = makeState({
    project_dir: project,
    session_id: "phase-1",
    transcript: { ...makeState().transcript, path: "/t1.jsonl", offset: 500, context_tokens: 150_000 },
    ...overrides,
  });
  const saved = await persist(files, state, [], at(0));
  await writeMarker(data, saved, files, at(0), "run");
  return files;
}

describe("bindPhase", () => {
  it("makes the new session the owner with a run marker, forgets the old transcript, and records the phase", async () => {
    const files = await seed({ iteration: 4 });
    const handover = await bindPhase(data, files, { loopId: "loop-1", previousSession: "phase-1" }, "phase-2", 2, at(60_000));
    expect(handover.kind).toBe("bound");
    const state = (await loadState(files.state, at(60_000)))!;
    expect(state).toMatchObject({ session_id: "phase-2", iteration: 4, heartbeat_at: at(60_000).toISOString() });
    expect(state.transcript).toMatchObject({ path: null, since: at(60_000).toISOString(), context_tokens: 0 });
    expect(existsSync(sessionMarkerPath(data, "phase-1"))).toBe(false);
    expect(JSON.parse(readFileSync(sessionMarkerPath(data, "phase-2"), "utf8"))).toMatchObject({ loop_id: "loop-1", driver: "run" });
    const history = readFileSync(files.history, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(history.at(-1)).toMatchObject({ event: "phase", session_id: "phase-2", detail: "phase 2: fresh session phase-2 (loopkit run)" });
  });

  it.each([
    ["another session took it over", { session_id: "someone-else" }, { kind: "lost", owner: "someone-else" }],
    ["a new loop replaced it", { loop_id: "loop-2", session_id: "someone-else" }, { kind: "lost", owner: "someone-else" }],
  ])("leaves the loop alone when %s", async (_, overrides, expected) => {
    const files = await seed(overrides);
    expect(await bindPhase(data, files, { loopId: "loop-1", previousSession: "phase-1" }, "phase-2", 2, at(1))).toEqual(expected);
    expect(existsSync(sessionMarkerPath(data, "phase-2"))).toBe(false);
  });

  it("reports an ended loop (e.g. --cancel between phases) without binding anything", async () => {
    const files = await seed({ status: "cancelled", status_reason: "cancelled with --cancel", ended_at: at(0).toISOString() });
    const handover = await bindPhase(data, files, { loopId: "loop-1", previousSession: "phase-1" }, "phase-2", 2, at(1));
    expect(handover).toMatchObject({ kind: "ended", state: { status: "cancelled" } });
    expect(existsSync(sessionMarkerPath(data, "phase-2"))).toBe(false);
  });
});
