// Whether a sandbox can start here, found by trying: loopkit's launcher runs `true` under the policy
// for this project (src/sandbox/exec-main.ts checks the programs, starts the library and makes a
// trial run). For `loopkit doctor` and for `loopkit run`, which starts its phases sandboxed.
import type { Readable } from "node:stream";
import { ANSWER_FD } from "./exec-protocol.js";
import { launcherBesideEntry, launcherSpawn, noAnswerReason, readAnswer } from "./launcher.js";

export type SandboxCheck = { ok: true } | { ok: false; reason: string };

const CHECK_TIMEOUT_MS = 60_000;

export async function checkSandbox(projectDir: string, env: NodeJS.ProcessEnv, launcher = launcherBesideEntry()): Promise<SandboxCheck> {
  if (!launcher) return { ok: false, reason: "loopkit's sandbox launcher (dist/sandbox-exec.js) is not installed beside it" };
  const spawn = await launcherSpawn(launcher, "true", projectDir, env);
  try {
    // execa (and its dependencies) load only when a process is spawned.
    const { execa } = await import("execa");
    const child = execa(spawn.file, spawn.args, {
      cwd: projectDir,
      env: spawn.env,
      extendEnv: false,
      stdio: ["ignore", "pipe", "pipe", "pipe"],
      all: true,
      reject: false,
      timeout: CHECK_TIMEOUT_MS,
    });
    let said = "";
    (child.stdio as unknown as Array<Readable | null>)[ANSWER_FD]?.on("data", (chunk: Buffer) => (said += chunk.toString("utf8")));
    const result = await child;
    const answer = readAnswer(said);
    if (answer?.status === "started")
      return result.exitCode === 0
        ? { ok: true }
        : {
            ok: false,
            reason: `\`true\` under the sandbox exited ${result.exitCode ?? "by a signal"}: ${String(result.all ?? "").trim()}`,
          };
    if (answer?.status === "unavailable") return { ok: false, reason: answer.reason };
    return {
      ok: false,
      reason: noAnswerReason(result.timedOut ? "timed out" : `exit ${result.exitCode ?? "none"}`, String(result.all ?? "")),
    };
  } finally {
    await spawn.cleanup();
  }
}
