// The one owner check both loop kinds' Stop hooks go through: the same behaviour for repeat and auto-loop.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeSessionMarker, type SessionMarker } from "../../src/session/marker.js";
import { loadOwned } from "../../src/session/owner.js";
import { LoopkitError } from "../../src/shared/errors.js";
import { sessionMarkerPath } from "../../src/state/paths.js";

let data: string;
beforeEach(() => {
  data = mkdtempSync(path.join(os.tmpdir(), "loopkit owner "));
});
afterEach(() => rmSync(data, { recursive: true, force: true }));

const marker: SessionMarker = {
  version: 1,
  kind: "repeat",
  loop_id: "loop-1",
  project_dir: "/p",
  state_file: "/s.json",
  created_at: new Date(0).toISOString(),
};
const ctx = () => ({ input: { session_id: "s-1" }, marker, dataDir: data, env: {}, now: () => new Date(0) });
const markerLeft = () => existsSync(sessionMarkerPath(data, "s-1"));

describe.each(["repeat", "auto-loop"] as const)("loadOwned (%s)", (kind) => {
  beforeEach(() =>
    writeSessionMarker(data, "s-1", { kind: marker.kind, loop_id: "loop-1", project_dir: "/p", state_file: "/s.json" }, new Date(0)),
  );

  it("hands over the state of the session's own loop and keeps the marker", async () => {
    const state = { session_id: "s-1", loop_id: "loop-1", extra: 1 };
    expect(await loadOwned(ctx(), kind, async () => state)).toEqual({ state });
    expect(markerLeft()).toBe(true);
  });

  it.each([
    ["another session's loop", { session_id: "s-2", loop_id: "loop-1" }],
    ["another loop than the marker names", { session_id: "s-1", loop_id: "loop-2" }],
  ])("lets the session go silently and drops the marker for %s", async (_name, state) => {
    expect(await loadOwned(ctx(), kind, async () => state)).toEqual({ decision: { kind: "allow" } });
    expect(markerLeft()).toBe(false);
  });

  it("says the loop stopped when its state is gone, and drops the marker", async () => {
    expect(await loadOwned(ctx(), kind, async () => undefined)).toEqual({
      decision: { kind: "allow", message: `loopkit ${kind} stopped: its state is gone from loopkit's data folder.` },
    });
    expect(markerLeft()).toBe(false);
  });

  it("says the loop stopped on a corrupt state, naming the error, and drops the marker", async () => {
    const corrupt = async () => {
      throw new LoopkitError("STATE_CORRUPT", "state file is not valid JSON", { hint: "kept aside" });
    };
    const result = await loadOwned(ctx(), kind, corrupt);
    expect(result).toMatchObject({
      decision: { kind: "allow", message: expect.stringMatching(new RegExp(`^loopkit ${kind} stopped: .*not valid JSON`)) },
    });
    expect(markerLeft()).toBe(false);
  });

  it("lets any other error through", async () => {
    await expect(loadOwned(ctx(), kind, async () => Promise.reject(new Error("disk on fire")))).rejects.toThrow("disk on fire");
    expect(markerLeft()).toBe(true);
  });
});
