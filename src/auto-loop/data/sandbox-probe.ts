// The sandbox probe in loopkit's data folder (core/agent-sandbox.ts says what it measures and how its
// presence settles the record): where it lies, the skill command's write, the Stop's read.
import { promises as fs, realpathSync } from "node:fs";
import path from "node:path";
import { readJson, writeJson } from "../../state/json-store.js";
import { ProbeSchema, settleSandbox, type SandboxProbe } from "../core/agent-sandbox.js";
import type { AutoLoopState } from "../core/state.js";

/** Where the skill's command leaves its probe: beside the loop's state, outside the project. */
export const probeFile = (stateFile: string) => path.join(path.dirname(stateFile), "sandbox-probe.json");

/**
 * The skill's command: tries to write the probe for `loop` at `file`, and returns it when it could,
 * i.e. when this process is not confined to the project. Any failure (a read-only folder, a full
 * disk) counts as confined.
 */
export async function writeProbe(
  file: string,
  loop: { loop_id: string; session_id: string },
  env: NodeJS.ProcessEnv,
  now: Date,
): Promise<SandboxProbe | undefined> {
  const probe: SandboxProbe = {
    version: 1,
    loop_id: loop.loop_id,
    session_id: loop.session_id,
    written_at: now.toISOString(),
    sandbox_runtime: env.SANDBOX_RUNTIME === "1",
  };
  try {
    await writeJson(file, ProbeSchema, probe);
    return probe;
  } catch {
    return undefined;
  }
}

/** The Stop's side: a loop still being measured takes the probe in (and removes it); any other is returned as it is. */
export async function settleFromProbe(state: AutoLoopState, stateFile: string): Promise<AutoLoopState> {
  if (!state.launch.agent_sandbox.measuring) return state;
  const file = probeFile(stateFile);
  const probe = await readJson(file, ProbeSchema).then(
    (read) => (read.exists ? read.value : undefined),
    () => undefined,
  );
  await fs.rm(file, { force: true });
  return {
    ...state,
    launch: {
      ...state.launch,
      agent_sandbox: settleSandbox(state.launch.agent_sandbox, probe, state, dataInProject(stateFile, state.project_dir)),
    },
  };
}

/** Drops a probe left for an earlier measurement (a start or takeover measures anew). */
export const removeProbe = (file: string) => fs.rm(file, { force: true });

/** True when loopkit's data folder (the state's folder) lies inside the project, where the agent can write. */
export function dataInProject(stateFile: string, projectDir: string): boolean {
  const real = (file: string) => {
    try {
      return realpathSync(file);
    } catch {
      return path.resolve(file);
    }
  };
  const inside = path.relative(real(projectDir), real(path.dirname(stateFile)));
  return inside === "" || (!inside.startsWith("..") && !path.isAbsolute(inside));
}
