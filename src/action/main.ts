// dist/action.js: the composite action's run step. Turns the inputs into a `loopkit run` in the
// checkout (the step's working directory), then gathers the loop's record for the artifact.
import { randomUUID } from "node:crypto";
import { statSync } from "node:fs";
import { appendFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { readSettings } from "../auto-loop/core/settings.js";
import { renderOutputs } from "./actions-report.js";
import { formatError, isLoopkitError } from "../shared/errors.js";
import { checkCredentials, RUN_INPUTS, inputVariable, runArguments } from "./inputs.js";
import { writeRecord } from "./record.js";

const pluginDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cli = path.join(pluginDir, "dist", "cli.js");

async function main(env: NodeJS.ProcessEnv): Promise<number> {
  const projectDir = process.cwd();
  const { args, apiKey, warnings } = runArguments(env, { project: projectDir, pluginDir });
  for (const warning of warnings) process.stdout.write(`::warning::${warning}\n`);
  const dataDir = env.LOOPKIT_DATA_DIR || path.join(env.RUNNER_TEMP || os.tmpdir(), "loopkit-data");
  const runEnv: NodeJS.ProcessEnv = { ...env, LOOPKIT_DATA_DIR: dataDir, ...(apiKey ? { ANTHROPIC_API_KEY: apiKey } : {}) };
  for (const name of RUN_INPUTS) delete runEnv[inputVariable(name)];
  checkCredentials(runEnv);

  const summaryFile = env.GITHUB_STEP_SUMMARY || null;
  const summary = summaryFile ? { file: summaryFile, from: sizeOf(summaryFile) } : null;
  const child = execa(process.execPath, [cli, "run", ...args], { env: runEnv, extendEnv: false, stdio: "inherit", reject: false });
  // A cancelled or timed-out job signals this process alone: loopkit run is told, writes its report
  // and exits, and the record is still gathered (the runner kills the tree 10 s after the first signal).
  const forward = (signal: NodeJS.Signals) => void child.kill(signal);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  const run = await child;
  const code = run.exitCode ?? (run.signal === "SIGTERM" ? 143 : 130);

  if (env.LOOPKIT_ARTIFACT_DIR) {
    const skipped = await writeRecord(env.LOOPKIT_ARTIFACT_DIR, {
      projectDir,
      dataDir,
      summary,
      now: new Date(),
      staleMs: readSettings(env).staleMs,
    });
    for (const file of skipped) process.stdout.write(`loopkit action: left out of the artifact: ${file}\n`);
    if (env.GITHUB_OUTPUT)
      await appendFile(env.GITHUB_OUTPUT, renderOutputs({ record_dir: env.LOOPKIT_ARTIFACT_DIR }, `loopkit_${randomUUID()}`));
  }
  return code;
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

try {
  process.exitCode = await main(process.env);
} catch (error) {
  process.stderr.write(`loopkit action: ${formatError(error)}\n`);
  process.exitCode = isLoopkitError(error, "USAGE") ? 2 : 1;
}
