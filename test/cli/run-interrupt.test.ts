// Ctrl-C on `loopkit run` in a terminal: it says what became of the loop and how it goes on (it used to
// print nothing), exits 130, and the loop stays pursuing for `loopkit run --takeover`.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { builtPlugin } from "../support/built-plugin.js";
import { baseEnv, runCli, useTempProject } from "../support/bundle-driver.js";

const temp = useTempProject("loopkit run interrupt");

it.skipIf(process.platform === "win32")(
  "says on Ctrl-C that the loop stays pursuing and how to continue or end it, and exits 130",
  async () => {
    // A phase's claude that works for a long time: the person presses Ctrl-C meanwhile.
    const claude = path.join(temp.tmp, "claude");
    writeFileSync(claude, "#!/bin/sh\nexec sleep 60\n", { mode: 0o755 });
    const env = { ...baseEnv(temp.tmp), LOOPKIT_DATA_DIR: temp.data, LOOPKIT_CLAUDE_BIN: claude };
    const child = spawn(process.execPath, [builtPlugin().cli, "run", "--no-sandbox", "fix it", "--verify", "true"], {
      cwd: temp.project,
      env,
    });
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    await new Promise<void>((resolve) =>
      child.stdout.on("data", (chunk) => {
        stdout += chunk;
        if (/phase 1 starting/.test(stdout)) resolve();
      }),
    );
    child.kill("SIGINT");
    expect(await exited).toBe(130);
    expect(stderr).toMatch(/loopkit run: stopped by SIGINT \(Ctrl-C\); .*the loop stays pursuing: `loopkit run --takeover` continues it/);
    const status = runCli(["auto-loop", "--status", "--json", "--project", temp.project], { env });
    expect(JSON.parse(status.stdout)).toMatchObject({ status: "pursuing" });
  },
);
