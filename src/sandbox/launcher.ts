// Starting loopkit's sandbox launcher (dist/sandbox-exec.js, src/sandbox/exec-main.ts) for one
// command: where it is, the request it gets (the policy for this project, a temp folder of the
// command's own), the environment it runs with, and reading its answer.
import { existsSync, promises as fs, realpathSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ExecAnswerSchema, NODE_OPTIONS_CARRIER, type ExecAnswer, type ExecRequest } from "./exec-protocol.js";
import { personSandbox } from "./person-settings.js";
import { verifierPolicy } from "./policy.js";

/**
 * The launcher of the running loopkit: beside its entry point (dist/hook.cjs, dist/cli.js,
 * dist/action.js are all in dist/), or in ../dist for the `loopkit` command (bin/loopkit, also
 * through the link `npm i -g` makes), so a file in the project can never stand in for it. Null when
 * it is not there (loopkit run from source, where callers name the built one).
 */
export function launcherBesideEntry(entry = process.argv[1]): string | null {
  if (!entry) return null;
  const dir = path.dirname(realEntry(path.resolve(entry)));
  const beside = path.join(dir, "sandbox-exec.js");
  if (existsSync(beside)) return beside;
  const fromBin = path.join(dir, "..", "dist", "sandbox-exec.js");
  return path.basename(dir) === "bin" && existsSync(fromBin) ? fromBin : null;
}

/** The entry through any links (`npm i -g` links bin/loopkit into a folder of its own); as given when it cannot be resolved. */
function realEntry(entry: string): string {
  try {
    return realpathSync(entry);
  } catch {
    return entry;
  }
}

export interface LauncherSpawn {
  file: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Removes the command's temp folder; call it once the launcher has exited. */
  cleanup(): Promise<void>;
}

/**
 * The launcher's argv and environment to run `command` in `cwd` with the environment `env`: the
 * policy from the person's own settings in `env`'s HOME, and a fresh temp folder (TMPDIR, TMP, TEMP).
 */
export async function launcherSpawn(launcher: string, command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<LauncherSpawn> {
  const projectDir = realpathSync(cwd);
  const tempDir = await fs.mkdtemp(path.join(realpathSync(os.tmpdir()), "loopkit-sandbox-"));
  const cleanup = () => fs.rm(tempDir, { recursive: true, force: true }).catch(() => undefined);
  try {
    const policy = verifierPolicy({ projectDir, tempDir, person: await personSandbox(env) });
    const request: ExecRequest = { version: 1, command, cwd: projectDir, tempDir, policy: { ...policy } };
    // The launcher runs unsandboxed: it must load nothing NODE_OPTIONS names; the command gets it back.
    const { NODE_OPTIONS: nodeOptions, ...rest }: NodeJS.ProcessEnv = { ...env, TMPDIR: tempDir, TMP: tempDir, TEMP: tempDir };
    return {
      file: process.execPath,
      args: [launcher, JSON.stringify(request)],
      env: nodeOptions === undefined ? rest : { ...rest, [NODE_OPTIONS_CARRIER]: nodeOptions },
      cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** The launcher's answer in what it wrote on fd 3; null when it wrote none (it died first). */
export function readAnswer(text: string): ExecAnswer | null {
  const line = text.split("\n")[0] ?? "";
  try {
    const parsed = ExecAnswerSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Why the launcher gave no usable answer, for a person. */
export function noAnswerReason(exit: string, output: string): string {
  return `loopkit's sandbox launcher stopped before it answered (${exit}): ${output.trim().split("\n").slice(-3).join(" ") || "no output"}`;
}
