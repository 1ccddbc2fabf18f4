// In a skill (--args-stdin), asking for status or cancelling with nothing to cancel is an answer
// with exit code 0; from a terminal the documented exit codes stay; usage errors fail in both.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createProgram } from "../../src/cli/program.js";
import type { CliIo } from "../../src/cli/io.js";

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "loopkit skill answer "));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

async function run(args: string[], stdin = "") {
  let stdout = "";
  const io: CliIo = {
    stdout: (text) => void (stdout += text),
    stderr: () => undefined,
    readStdin: async () => stdin,
    env: { HOME: tmp, LOOPKIT_DATA_DIR: path.join(tmp, "data") },
    cwd: tmp,
    now: () => new Date("2026-11-30T12:00:00Z"),
    exitCode: 0,
  };
  try {
    await createProgram(io).parseAsync(["node", "loopkit", ...args]);
    return { code: io.exitCode, stdout, error: null as null | { code?: string } };
  } catch (error) {
    return { code: io.exitCode, stdout, error: error as { code?: string } };
  }
}

describe.each(["repeat", "auto-loop"])("loopkit %s", (command) => {
  const skill = (text: string) => run([command, "--session", "s-1", "--project", tmp, "--args-stdin"], text);

  it("--status from a skill answers with exit code 0 even with no loop", async () => {
    const result = await skill("--status");
    expect(result).toMatchObject({ code: 0, error: null });
    expect(result.stdout).toMatch(/no loop/);
  });

  it("--cancel from a skill with nothing to cancel says so on stdout, exit code 0", async () => {
    const result = await skill("--cancel");
    expect(result).toMatchObject({ code: 0, error: null });
    expect(result.stdout).toMatch(/^loopkit: no (active|running) .*loop/);
  });

  it("--cancel from a terminal with nothing to cancel is still an error", async () => {
    const result = await run([command, "--project", tmp, "--cancel"]);
    expect(result.error?.code).toBe("NO_LOOP");
  });

  it("a usage error from a skill still fails", async () => {
    const result = await skill("--bogus");
    expect(result.error?.code).toBe("USAGE");
  });
});

it("auto-loop --status from a terminal keeps its documented exit code (8: no loop)", async () => {
  expect((await run(["auto-loop", "--project", tmp, "--status"])).code).toBe(8);
});
