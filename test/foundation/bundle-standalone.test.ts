// A marketplace install copies the plugin folder without running a build or an install: the bundle must
// run from a copy of plugins/loopkit that has no node_modules anywhere above it.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const plugin = path.join(root, "plugins", "loopkit");
const scratch = mkdtempSync(path.join(os.tmpdir(), "loopkit copy "));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const copy = path.join(scratch, "plugin");
cpSync(plugin, copy, { recursive: true });
// The same copy below a folder whose package.json says "type": "module" (a person's home can have one).
const underModule = path.join(scratch, "module scope", "plugin");
cpSync(plugin, underModule, { recursive: true });
writeFileSync(path.join(scratch, "module scope", "package.json"), JSON.stringify({ type: "module" }));
const home = path.join(scratch, "home");
mkdirSync(home);
const version = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version as string;

describe("the bundle in a copy without node_modules", () => {
  it("has no node_modules to lean on", () => {
    expect(readdirSync(copy)).not.toContain("node_modules");
  });

  it("runs the CLI", () => {
    const result = spawnSync(process.execPath, [path.join(copy, "dist", "cli.js"), "--help"], { encoding: "utf8" });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Usage: loopkit/);
  });

  it("runs the CLI as ES modules without Node's syntax detection (Node before 20.19): dist/package.json says so", () => {
    const result = spawnSync(process.execPath, ["--no-experimental-detect-module", path.join(copy, "dist", "cli.js"), "--version"], {
      encoding: "utf8",
    });
    expect(result).toMatchObject({ status: 0, stdout: `${version}\n`, stderr: "" });
  });

  // bin/ holds no package.json (2.1.332's validate lists every file there as a command), so what types
  // bin/loopkit is whatever lies above the plugin folder: nothing in the plugin cache, plugins/package.json
  // in a checkout, or a "type": "module" package.json of someone else's.
  it.each([
    ["in a copy with no package.json above it", copy],
    ["in this checkout", plugin],
    ["below a package.json that says type module", underModule],
  ])("runs bin/loopkit %s, the status line included", (_where, dir) => {
    const loopkit = (args: string[], input = "") =>
      spawnSync(process.execPath, [path.join(dir, "bin", "loopkit"), ...args], {
        input,
        encoding: "utf8",
        env: { PATH: process.env.PATH ?? "", HOME: home },
      });
    expect(loopkit(["--version"])).toMatchObject({ status: 0, stdout: `${version}\n`, stderr: "" });
    expect(loopkit(["statusline"], JSON.stringify({ session_id: "s-1", cwd: home }))).toMatchObject({ status: 0, stdout: "", stderr: "" });
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
