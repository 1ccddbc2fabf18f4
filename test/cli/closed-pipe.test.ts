// A reader that closed its end of loopkit's output (`loopkit -h | head -3`) ends loopkit quietly:
// exit 0, no stack trace. A loop the command runs stays as Ctrl-C would leave it (loopkit run: pursuing).
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { builtPlugin } from "../support/built-plugin.js";
import { baseEnv, runCli, useTempProject } from "../support/bundle-driver.js";

const temp = useTempProject("loopkit closed pipe");

/** `loopkit <args>` whose stdout's reader is gone before it writes a byte. */
function withClosedStdout(args: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [builtPlugin().cli, ...args], { cwd: temp.project, env });
  child.stdout.destroy();
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stderr })));
}

it
  .skipIf(process.platform === "win32")
  .each([
    [["-h"]],
    [["history"]],
    [["repeat", "--help"]],
    [["run", "--no-sandbox", "fix it", "--verify", "true"]],
    [["repeat", "1m", "check the build"]],
  ])("loopkit %j into a closed pipe exits 0 without a stack trace", async (args) => {
  const claude = path.join(temp.tmp, "claude");
  writeFileSync(claude, "#!/bin/sh\nexec sleep 60\n", { mode: 0o755 });
  const env = { ...baseEnv(temp.tmp), LOOPKIT_DATA_DIR: temp.data, LOOPKIT_CLAUDE_BIN: claude };
  const { code, stderr } = await withClosedStdout(args, env);
  expect(code).toBe(0);
  expect(stderr).not.toMatch(/EPIPE|\n\s+at /);
  // A loop it runs stays as a closed terminal leaves it, to go on with (loopkit run --takeover, loopkit repeat --resume).
  const kept = { run: ["auto-loop", "pursuing"], repeat: ["repeat", "paused"] }[args[0] as "run" | "repeat"];
  if (kept && args[1] !== "--help") {
    const shown = runCli([kept[0]!, "--status", "--json", "--project", temp.project], { env });
    expect(JSON.parse(shown.stdout)).toMatchObject({ status: kept[1] });
  }
});
