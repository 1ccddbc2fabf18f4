import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sha256 } from "../../src/auto-loop/project/mirror.js";
import { loadState, loopFiles, persist } from "../../src/auto-loop/data/store.js";
import { historyEntry } from "../../src/auto-loop/core/history.js";
import { makeState, T0 } from "./fixtures.js";

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "loopkit store "));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe("store", () => {
  it("saves the true state with the sha256 of the mirror it writes, and the history in both places", async () => {
    const project = path.join(tmp, "project");
    const files = loopFiles(path.join(tmp, "data"), project);
    const state = makeState({ project_dir: project });
    const saved = await persist(files, state, [historyEntry(state, T0, "start", "go")], T0);
    const mirror = readFileSync(path.join(project, ".auto-loop", "goal-state.json"), "utf8");
    expect(saved.mirror_sha256).toBe(sha256(mirror));
    expect(await loadState(files.state, T0)).toEqual(saved);
    expect(JSON.parse(mirror)).toEqual({ ...saved, mirror_sha256: null });
    for (const file of [files.history, path.join(project, ".auto-loop", "gate-history.jsonl")]) {
      expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ event: "start", detail: "go" });
    }
    expect(readFileSync(path.join(project, ".auto-loop", ".gitignore"), "utf8")).toMatch(/^\*$/m);
  });

  it.each([
    ["not JSON", "{ nope"],
    ["a wrong schema", JSON.stringify({ version: 2 })],
    ["an unknown status", JSON.stringify({ ...makeState(), status: "done" })],
  ])("keeps a state file that is %s aside and says where", async (_name, content) => {
    const files = loopFiles(path.join(tmp, "data"), "/p");
    await persist({ ...files }, makeState({ project_dir: path.join(tmp, "p") }), [], T0);
    writeFileSync(files.state, content);
    await expect(loadState(files.state, T0)).rejects.toThrow(/kept it as .*state\.json\.corrupt-/);
    expect(readdirSync(files.dir).filter((name) => name.startsWith("state.json.corrupt-"))).toHaveLength(1);
    expect(await loadState(files.state, T0)).toBeUndefined();
  });

  it("leaves the previous valid state when the writer is killed mid-write", async () => {
    // A child that saves ever larger states in a loop, killed at varying moments.
    const script = path.join(tmp, "writer.mjs");
    await build({
      stdin: {
        contents: `import { persist, loopFiles } from ${JSON.stringify(path.resolve("src/auto-loop/data/store.ts"))};
import { makeState } from ${JSON.stringify(path.resolve("test/auto-loop/fixtures.ts"))};
const [data, project] = process.argv.slice(2);
const files = loopFiles(data, project);
for (let i = 1; ; i += 1) {
  await persist(files, makeState({ project_dir: project, iteration: i, evidence: Array(200).fill("x".repeat(i % 500)) }), [], new Date());
  if (i === 1) process.stdout.write("ready\\n");
}`,
        resolveDir: process.cwd(),
        loader: "ts",
      },
      bundle: true,
      platform: "node",
      format: "esm",
      outfile: script,
      define: { __filename: "__loopkitFilename" },
      banner: {
        js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;',
      },
      logLevel: "silent",
    });
    const data = path.join(tmp, "data");
    const project = path.join(tmp, "project");
    const files = loopFiles(data, project);
    for (const delay of [5, 23, 41, 67, 113]) {
      const child = spawn(process.execPath, [script, data, project], { stdio: ["ignore", "pipe", "inherit"] });
      await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
      await new Promise((resolve) => setTimeout(resolve, delay));
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
      const state = await loadState(files.state, new Date());
      expect(state?.iteration).toBeGreaterThan(0);
    }
    expect(readdirSync(files.dir).filter((name) => name.includes("corrupt"))).toEqual([]);
  }, 60_000);
});
