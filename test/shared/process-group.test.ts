import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { killGroupAfter } from "../../src/shared/process-group.js";
import { isAlive } from "../support/processes.js";

/** Running (a zombie waiting for its new parent to reap it counts as ended). */

describe("killGroupAfter", () => {
  it.skipIf(process.platform === "win32")("ends the child and the grandchild it started when the time is up", async () => {
    // The child prints its grandchild's pid, then waits on it.
    const child = spawn(
      process.execPath,
      [
        "-e",
        `const c = require("child_process").spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" }); console.log(c.pid); setTimeout(() => {}, 60000);`,
      ],
      { detached: true, stdio: ["ignore", "pipe", "ignore"] },
    );
    const [line] = (await once(child.stdout!, "data")) as [Buffer];
    const grandchild = Number(line.toString().trim());
    expect(isAlive(grandchild)).toBe(true);
    const deadline = killGroupAfter(child, 100);
    const [code, signal] = await once(child, "exit");
    deadline.clear();
    expect({ code, signal, timedOut: deadline.timedOut() }).toEqual({ code: null, signal: "SIGTERM", timedOut: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isAlive(grandchild)).toBe(false);
  });

  it("does nothing to a child that finished in time", async () => {
    const child = spawn(process.execPath, ["-e", "0"], { detached: true, stdio: "ignore" });
    const deadline = killGroupAfter(child, 5_000);
    const [code] = await once(child, "exit");
    deadline.clear();
    expect(code).toBe(0);
    expect(deadline.timedOut()).toBe(false);
  });
});
