// The agent's sandbox as loopkit records it: the one rule that turns the skill command's probe (or its
// absence) into the record, and the Stop's side that takes the probe in.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { measuringSandbox, sandboxLine, settleSandbox, type SandboxProbe } from "../../src/auto-loop/core/agent-sandbox.js";
import { dataInProject, probeFile, settleFromProbe, writeProbe } from "../../src/auto-loop/data/sandbox-probe.js";
import { makeState, T0 } from "./fixtures.js";

const loop = { loop_id: "loop-1", session_id: "s-1" };
const probe = (extra: Partial<SandboxProbe> = {}): SandboxProbe => ({
  version: 1,
  ...loop,
  written_at: T0.toISOString(),
  sandbox_runtime: false,
  ...extra,
});
const measuring = measuringSandbox(true);

describe("settleSandbox", () => {
  it.each([
    ["no probe: the skill's command could not write the data folder", undefined, false, "sandboxed"],
    ["a probe for another loop (left over)", probe({ loop_id: "loop-0" }), false, "sandboxed"],
    ["a probe from another session (the loop was taken over)", probe({ session_id: "s-0" }), false, "sandboxed"],
    [
      "a probe written under SANDBOX_RUNTIME=1 (a sandbox that allows the data folder)",
      probe({ sandbox_runtime: true }),
      false,
      "sandboxed",
    ],
    ["this loop's probe", probe(), false, "unsandboxed"],
    ["this loop's probe, but the data folder is inside the project", probe(), true, "unknown"],
    ["no probe, data folder inside the project", undefined, true, "unknown"],
  ] as const)("%s: %s", (_name, found, inProject, agent) => {
    const settled = settleSandbox(measuring, found, loop, inProject);
    expect(settled).toMatchObject({ agent, fail_if_unavailable: true });
    expect(settled.measuring).toBeUndefined();
    expect(settled.how).not.toBe(measuring.how);
  });

  it("leaves a record that is no longer being measured as it is (a probe cannot change it later)", () => {
    const done = { agent: "sandboxed" as const, how: "measured", fail_if_unavailable: false };
    expect(settleSandbox(done, probe(), loop, false)).toBe(done);
  });

  it("says where the agent runs and what that means for the verdict", () => {
    expect(sandboxLine(settleSandbox(measuring, undefined, loop, false))).toMatch(
      /^the agent runs in Claude Code's sandbox \(.*\): the verifier runs under the same sandbox policy.*not run \(failIfUnavailable\)$/,
    );
    expect(sandboxLine(settleSandbox(measuringSandbox(false), probe(), loop, false))).toMatch(
      /^the agent runs in no sandbox \(.*wrote to loopkit's data folder at 2026-01-01T00:00:00.000Z.*\): the verifier runs with your rights/,
    );
    expect(sandboxLine(measuring)).toMatch(/^the agent's sandbox is being measured \(.*\): until then it counts as sandboxed$/);
    expect(sandboxLine({ agent: "unknown", how: "not measured", fail_if_unavailable: false })).toMatch(
      /treated as sandboxed.*runs unsandboxed, and says so$/,
    );
  });
});

describe("the probe on disk", () => {
  let tmp: string;
  let stateFile: string;
  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), "loopkit probe "));
    stateFile = path.join(tmp, "data", "auto-loop", "p-1", "state.json");
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  const measuredState = () =>
    makeState({ project_dir: path.join(tmp, "project"), launch: { ...makeState().launch, agent_sandbox: measuring } });

  it("written by an unconfined process, settles the loop as unsandboxed at its first Stop, and is gone then", async () => {
    expect(await writeProbe(probeFile(stateFile), loop, {}, T0)).toMatchObject({ loop_id: "loop-1", sandbox_runtime: false });
    const settled = await settleFromProbe(measuredState(), stateFile);
    expect(settled.launch.agent_sandbox).toMatchObject({ agent: "unsandboxed", fail_if_unavailable: true });
    expect(existsSync(probeFile(stateFile))).toBe(false);
  });

  it("that cannot be written (here: a folder in its place) counts as confined: the loop settles as sandboxed", async () => {
    mkdirSync(probeFile(stateFile), { recursive: true });
    expect(await writeProbe(probeFile(stateFile), loop, {}, T0)).toBeUndefined();
    rmSync(probeFile(stateFile), { recursive: true });
    expect((await settleFromProbe(measuredState(), stateFile)).launch.agent_sandbox.agent).toBe("sandboxed");
  });

  it("is not read for a loop that is not being measured", async () => {
    await writeProbe(probeFile(stateFile), loop, {}, T0);
    const state = makeState();
    expect(await settleFromProbe(state, stateFile)).toBe(state);
    expect(existsSync(probeFile(stateFile))).toBe(true);
  });

  it("tells a data folder inside the project from one outside it", () => {
    mkdirSync(path.join(tmp, "project", ".data"), { recursive: true });
    expect(dataInProject(path.join(tmp, "project", ".data", "state.json"), path.join(tmp, "project"))).toBe(true);
    expect(dataInProject(stateFile, path.join(tmp, "project"))).toBe(false);
  });
});
