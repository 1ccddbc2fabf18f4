// Drives the loopkit CLI in-process, as `runCli` does for the real process, with captured output.
import { runCli } from "../../src/cli/run-cli.js";
import type { CliIo } from "../../src/cli/io.js";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runLoopkit(
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd: string; stdin?: string; now?: Date; userHome?: string },
): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    readStdin: async () => options.stdin ?? "",
    env: options.env,
    cwd: options.cwd,
    now: () => options.now ?? new Date("2026-11-30T12:00:00Z"),
    ...(options.userHome ? { userHome: () => options.userHome! } : {}),
    exitCode: 0,
  };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}
