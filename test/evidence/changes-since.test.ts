// The check after the verifier on real files: the project compared with the records of the snapshot
// taken before it, one lstat per entry. What an agent can restore (size, mtime, the content put back)
// never hides a change; links are never followed; only what changed (or is racy) is read.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { changesSince } from "../../src/evidence/changes-since.js";
import type { TakenSnapshot } from "../../src/evidence/snapshot.js";
import { RACY_MARGIN_MS, StatTableBuilder } from "../../src/evidence/stat-cache.js";
import { judgeVerification } from "../../src/evidence/verification.js";
import { deadlineIn } from "../../src/shared/deadline.js";
import { aheadNow, bothWays, makeProject, snap } from "./fixture.js";

const since = (before: TakenSnapshot, data: string, project: string, ms = 60_000) =>
  changesSince(before, { dataDir: data, projectDir: project, deadline: deadlineIn(ms), ahead: aheadNow() });

/** What the gate would say changed while the verifier ran, one "path: how" line each. */
async function moved(before: TakenSnapshot, data: string, project: string): Promise<string[]> {
  const verification = judgeVerification(await since(before, data, project), {
    projectDir: project,
    verifyCommand: "true",
    protect: [],
    git: before.snapshot.git,
  });
  return verification.lines.map((line) => line.trim().replace(/ \(written by the verifier.*$/, "")).sort();
}

const outOfRacyWindow = () => new Promise((resolve) => setTimeout(resolve, RACY_MARGIN_MS + 100));

/** A project whose records are all trusted (taken after the racy window), its files' and folders' mtimes whole seconds (so utimes can put them back exactly). */
async function settled(files: Record<string, string>) {
  const fixture = makeProject();
  const old = new Date("2020-01-01T00:00:00Z");
  for (const [file, text] of Object.entries(files)) {
    fixture.write(file, text);
    for (let at = file; at !== "."; at = path.dirname(at)) utimesSync(path.join(fixture.project, at), old, old);
  }
  await snap(fixture.data, fixture.project);
  await outOfRacyWindow();
  return { ...fixture, before: await snap(fixture.data, fixture.project) };
}

bothWays(() =>
  describe("the project since the snapshot before the verifier", () => {
    it("finds nothing to look at when nothing changed: every record stands for its entry", async () => {
      const { project, data, before } = await settled({ "src/a.ts": "a\n", "test/a.test.ts": "t\n", "node_modules/x/index.js": "x\n" });
      expect((await since(before, data, project)).changes).toEqual([]);
    });

    it("reads again an entry whose record is racy, and finds it unchanged", async () => {
      const { project, data, write } = makeProject();
      write("fresh.txt", "just written\n");
      const before = await snap(data, project);
      const found = await since(before, data, project);
      const fresh = found.changes.find((c) => c.key === "fresh.txt");
      expect(fresh?.after?.hash?.equals(fresh.before!.hash!)).toBe(true);
      expect(await moved(before, data, project)).toEqual([]);
    });

    it("sees a test swapped and put back by rename, its mtime restored: another file (inode and ctime) with the same content", async () => {
      const { project, data, before } = await settled({ "test.js": "assert(f() === 3)\n", "src/f.js": "f\n" });
      const test = path.join(project, "test.js");
      const stamp = statSync(test);
      // The copy put back is made while the original still exists, so it cannot reuse its inode number.
      writeFileSync(`${test}.honest`, readFileSync(test));
      writeFileSync(`${test}.cheat`, "process.exit(0)\n");
      renameSync(`${test}.cheat`, test);
      renameSync(`${test}.honest`, test);
      utimesSync(test, stamp.atime, stamp.mtime);
      expect(await moved(before, data, project)).toEqual(["test.js: replaced by another file with the same content"]);
    });

    it("sees content rewritten and put back in place, and content changed with size and mtime restored: ctime cannot be restored", async () => {
      const { project, data, before } = await settled({ "src/answer.js": "answer = compute()\n", "src/other.js": "other = 1\n" });
      const answer = path.join(project, "src/answer.js");
      const other = path.join(project, "src/other.js");
      const stamps = { answer: statSync(answer), other: statSync(other) };
      writeFileSync(answer, "answer = 42\n");
      writeFileSync(answer, "answer = compute()\n");
      writeFileSync(other, "other = 2\n");
      utimesSync(answer, stamps.answer.atime, stamps.answer.mtime);
      utimesSync(other, stamps.other.atime, stamps.other.mtime);
      expect(statSync(other).size).toBe(stamps.other.size);
      expect(await moved(before, data, project)).toEqual([
        "src/answer.js: rewritten (or its mode or links changed), content the same at the end",
        "src/other.js: content changed",
      ]);
    });

    it("lists what is new, deeply, and what is gone, a folder's mtime restored or not", async () => {
      const { project, data, write, before } = await settled({ "deep/a/keep.txt": "k\n", "deep/b/gone.txt": "g\n" });
      const stamp = statSync(path.join(project, "deep/a"));
      write("deep/a/new.test.js", "process.exit(0)\n");
      utimesSync(path.join(project, "deep/a"), stamp.atime, stamp.mtime);
      write("fresh/nested/more/cheat.js", "module.exports = 4;\n");
      rmSync(path.join(project, "deep/b/gone.txt"));
      expect(await moved(before, data, project)).toEqual([
        "deep/a/new.test.js: appeared [test]",
        "deep/b/gone.txt: disappeared",
        "fresh/nested/more/cheat.js: appeared",
      ]);
    });

    it("never looks through a folder replaced by a link, even to a folder with the same names", async () => {
      const { root, project, data, before } = await settled({ "t/test.js": "assert(f() === 3)\n" });
      mkdirSync(path.join(root, "elsewhere"));
      writeFileSync(path.join(root, "elsewhere/test.js"), "process.exit(0)\n");
      rmSync(path.join(project, "t"), { recursive: true });
      symlinkSync(path.join(root, "elsewhere"), path.join(project, "t"));
      expect(await moved(before, data, project)).toEqual(["t/test.js: disappeared", "t: was a dir, now a link"]);
    });

    it("sees a repository created while the verifier ran (its config is git's metadata)", async () => {
      const { project, data, before } = await settled({ "a.txt": "a\n" });
      execFileSync("git", ["init", "-q"], { cwd: project });
      const verification = judgeVerification(await since(before, data, project), {
        projectDir: project,
        verifyCommand: "true",
        protect: [],
        git: before.snapshot.git,
      });
      expect(verification.voided).toMatch(/config: appeared/);
    });

    it("leaves only the files loopkit rewrites in .auto-loop/ out, and sees anything else put there", async () => {
      const { project, data, write, before } = await settled({ "a.txt": "a\n", ".auto-loop/goal-state.json": "{}" });
      write(".auto-loop/goal-state.json", '{"x":1}');
      write(".auto-loop/heartbeat.json", "{}");
      expect(await moved(before, data, project)).toEqual([]);
      write(".auto-loop/.impl.js.0123456789ab.tmp", "module.exports = () => 4;\n");
      write(".auto-loop/tampered/impl.js", "module.exports = () => 4;\n");
      expect(await moved(before, data, project)).toEqual([
        ".auto-loop/.impl.js.0123456789ab.tmp: appeared",
        ".auto-loop/tampered/impl.js: appeared",
      ]);
    });

    it("sees a change to a file whose name is not UTF-8", async () => {
      const name = Buffer.concat([Buffer.from("test"), Buffer.from([0xff]), Buffer.from(".js")]);
      const { project, data } = makeProject();
      writeFileSync(Buffer.concat([Buffer.from(`${project}/`), name]), "assert(false)\n");
      await snap(data, project);
      await outOfRacyWindow();
      const before = await snap(data, project);
      writeFileSync(Buffer.concat([Buffer.from(`${project}/`), name]), "process.exit(0)\n");
      expect(await moved(before, data, project)).toEqual(['"test\\\\xff.js": content changed']);
    });

    it("fails (closed) when time runs out or the record is out of order, never with a partial answer", async () => {
      const { project, data, before } = await settled({ "a.txt": "a\n" });
      await expect(since(before, data, project, -1)).rejects.toMatchObject({ code: "DEADLINE" });
      const record = before.stats.get("a.txt")!;
      const disordered = new StatTableBuilder(before.stats.startMs);
      disordered.add("nowhere/a.txt", record);
      await expect(since({ ...before, stats: disordered.table() }, data, project)).rejects.toThrow(/out of order/);
    });
  }),
);
