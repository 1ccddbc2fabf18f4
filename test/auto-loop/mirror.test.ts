import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  appendJsonl,
  appendMirrorHistory,
  inspectMirror,
  keepForeignAside,
  mirrorText,
  readHandoff,
  sha256,
  writeMirror,
  writeVerifierLog,
} from "../../src/auto-loop/project/mirror.js";
import { historyEntry } from "../../src/auto-loop/core/history.js";
import { makeState, T0 } from "./fixtures.js";

let project: string;
let outside: string;
beforeEach(() => {
  project = mkdtempSync(path.join(os.tmpdir(), "loopkit mirror "));
  outside = mkdtempSync(path.join(os.tmpdir(), "loopkit outside "));
});
afterEach(() => {
  rmSync(project, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const goalState = () => path.join(project, ".auto-loop", "goal-state.json");

describe("mirror", () => {
  it("sees no tampering in what it wrote, an edit (kept aside) and a deletion", async () => {
    const state = makeState({ project_dir: project });
    const text = mirrorText(state);
    await writeMirror(project, state, text, T0);
    expect(await inspectMirror(project, sha256(text), T0)).toEqual([]);
    writeFileSync(goalState(), text.replace('"npm test"', '"true"'));
    const [edited] = await inspectMirror(project, sha256(text), T0);
    const keptAs = /kept as (\S+)\)/.exec(edited!)![1]!;
    expect(keptAs).toMatch(/^\.auto-loop\/tampered\/goal-state-.*\.json$/);
    expect(readFileSync(path.join(project, keptAs), "utf8")).toContain('"true"');
    expect(await inspectMirror(project, sha256(text), T0)).toEqual([".auto-loop/goal-state.json was deleted"]);
  });

  it("moves a planted symlink at .auto-loop aside instead of writing through it", async () => {
    symlinkSync(outside, path.join(project, ".auto-loop"));
    const state = makeState({ project_dir: project });
    await writeMirror(project, state, mirrorText(state), T0);
    expect(readdirSync(outside)).toEqual([]);
    expect(lstatSync(path.join(project, ".auto-loop")).isDirectory()).toBe(true);
  });

  it("does not append history through a symlink planted in place of the data folder's file", async () => {
    const target = path.join(outside, "victim");
    writeFileSync(target, "keep\n");
    symlinkSync(target, path.join(project, "gate-history.jsonl"));
    await expect(appendJsonl(path.join(project, "gate-history.jsonl"), [historyEntry(makeState(), T0, "start", "x")])).rejects.toThrow(
      /ELOOP|symbolic/,
    );
    expect(readFileSync(target, "utf8")).toBe("keep\n");
  });

  it.skipIf(process.platform === "win32")(
    "moves every planted shape aside at the next Stop, reports each, and writes nothing outside",
    async () => {
      const state = makeState({ project_dir: project });
      const text = mirrorText(state);
      await writeMirror(project, state, text, T0);
      const dir = path.join(project, ".auto-loop");
      const victim = path.join(outside, "victim");
      writeFileSync(victim, "keep\n");
      rmSync(path.join(dir, "heartbeat.json"));
      symlinkSync(victim, path.join(dir, "heartbeat.json"));
      rmSync(path.join(dir, ".gitignore"));
      mkdirSync(path.join(dir, ".gitignore"));
      rmSync(path.join(dir, "logs"), { recursive: true, force: true });
      writeFileSync(path.join(dir, "logs"), "a file at logs");
      execFileSync("mkfifo", [path.join(dir, "goal-state.json.fifo")]);
      rmSync(goalState());
      execFileSync("mv", [path.join(dir, "goal-state.json.fifo"), goalState()]);
      symlinkSync(victim, path.join(dir, "gate-history.jsonl"));
      const found = await inspectMirror(project, sha256(text), T0);
      expect(found).toHaveLength(5);
      expect(found.join("\n")).toMatch(/heartbeat\.json was a symbolic link/);
      expect(found.join("\n")).toMatch(/\.gitignore was a folder/);
      expect(found.join("\n")).toMatch(/logs was a file/);
      expect(found.join("\n")).toMatch(/goal-state\.json was a named pipe/);
      expect(found.join("\n")).toMatch(/gate-history\.jsonl was a symbolic link/);
      await writeMirror(project, state, text, T0);
      await writeVerifierLog(project, 1, 1, "out", T0);
      await appendMirrorHistory(project, [historyEntry(state, T0, "start", "x")], T0);
      expect(readFileSync(victim, "utf8")).toBe("keep\n");
      expect(readdirSync(outside)).toEqual(["victim"]);
      expect(await inspectMirror(project, sha256(text), T0)).toEqual([]);
    },
  );

  it("a planted link at any file of the mirror is moved aside by the write itself, never followed", async () => {
    const state = makeState({ project_dir: project });
    mkdirSync(path.join(project, ".auto-loop", "logs"), { recursive: true });
    const victim = path.join(outside, "victim");
    writeFileSync(victim, "keep\n");
    for (const name of ["goal-state.json", "heartbeat.json", ".gitignore", "logs/verifier-0001-1.log"])
      symlinkSync(victim, path.join(project, ".auto-loop", name));
    const planted = await writeMirror(project, state, mirrorText(state), T0);
    await writeVerifierLog(project, 1, 1, "chosen content", T0);
    expect(planted.map((p) => p.path).sort()).toEqual([".auto-loop/.gitignore", ".auto-loop/goal-state.json", ".auto-loop/heartbeat.json"]);
    expect(readFileSync(victim, "utf8")).toBe("keep\n");
    expect(lstatSync(path.join(project, ".auto-loop", "logs", "verifier-0001-1.log")).isFile()).toBe(true);
  });

  it("keeps only the newest 20 verifier logs", async () => {
    for (let i = 1; i <= 23; i += 1) await writeVerifierLog(project, i, 1, `run ${i}`, T0);
    const logs = readdirSync(path.join(project, ".auto-loop", "logs")).sort();
    expect(logs).toHaveLength(20);
    expect(logs[0]).toBe("verifier-0004-1.log");
  });

  it("moves a foreign .auto-loop/ aside whole", async () => {
    mkdirSync(path.join(project, ".auto-loop"));
    writeFileSync(goalState(), "planted");
    const aside = await keepForeignAside(project, T0);
    expect(aside).toMatch(/^\.auto-loop-foreign-/);
    expect(readFileSync(path.join(project, aside!, "goal-state.json"), "utf8")).toBe("planted");
    expect(existsSync(path.join(project, ".auto-loop"))).toBe(false);
    expect(await keepForeignAside(project, T0)).toBeNull();
  });

  it("reads the hand-off note bounded, and nothing from an empty file, a folder or a symlink", async () => {
    mkdirSync(path.join(project, ".auto-loop"));
    const file = path.join(project, ".auto-loop", "handoff.md");
    expect(await readHandoff(project)).toBeNull();
    writeFileSync(file, "  \n");
    expect(await readHandoff(project)).toBeNull();
    writeFileSync(file, "x".repeat(100_000));
    expect((await readHandoff(project))!.length).toBe(32 * 1024);
    rmSync(file);
    writeFileSync(path.join(outside, "secret"), "secret");
    symlinkSync(path.join(outside, "secret"), file);
    expect(await readHandoff(project)).toBeNull();
  });
});
