// A marketplace install copies the plugin without running a build or an install: the bundle must run
// from a copy of the repository that has no node_modules anywhere above it.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const copy = mkdtempSync(path.join(os.tmpdir(), "loopkit copy "));
afterAll(() => rmSync(copy, { recursive: true, force: true }));
for (const part of [".claude-plugin", "hooks", "skills", "dist"]) cpSync(path.join(root, part), path.join(copy, part), { recursive: true });

describe("the bundle in a copy without node_modules", () => {
  it("has no node_modules to lean on", () => {
    expect(readdirSync(copy)).not.toContain("node_modules");
  });

  it("runs the CLI", () => {
    const result = spawnSync(process.execPath, [path.join(copy, "dist", "cli.js"), "--help"], { encoding: "utf8" });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Usage: loopkit/);
  });

  it("runs the hook's active path (which loads zod, the state store and the loop handlers)", () => {
    const data = path.join(copy, "data");
    mkdirSync(path.join(data, "sessions"), { recursive: true });
    writeFileSync(path.join(data, "sessions", "s1.json"), "not json");
    const result = spawnSync(process.execPath, [path.join(copy, "dist", "hook.cjs")], {
      input: JSON.stringify({ session_id: "s1", hook_event_name: "Stop", last_assistant_message: "x" }),
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", LOOPKIT_DATA_DIR: data },
    });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout).systemMessage).toMatch(/kept it as/);
  });
});
