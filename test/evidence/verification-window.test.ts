// The verification window is closed, on real files: an entry that came and went while the verifier
// ran voids the pass; build-output exemptions never cover a file recorded before it ran, nor tsc's
// output when the verifier runs no tsc; and a write through a shared memory mapping (no new mtime or
// ctime) is seen, by the snapshot and by the check after the verifier.
import { renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { changesSince } from "../../src/evidence/changes-since.js";
import type { TakenSnapshot } from "../../src/evidence/snapshot.js";
import { RACY_MARGIN_MS } from "../../src/evidence/stat-cache.js";
import { judgeVerification, runsTsc } from "../../src/evidence/verification.js";
import { deadlineIn } from "../../src/shared/deadline.js";
import { mmapWriter, noMmapWriter } from "../support/mmap-writer.js";
import { changesOf, lines, makeProject, snap } from "./fixture.js";

const outOfRacyWindow = () => new Promise((resolve) => setTimeout(resolve, RACY_MARGIN_MS + 100));

/** A project whose records are all old enough to be trusted by metadata where that is allowed. */
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

async function judged(
  before: TakenSnapshot,
  data: string,
  project: string,
  verifyCommand = "node test.js",
  scripts: Record<string, string> | null = null,
) {
  return judgeVerification(await changesSince(before, { dataDir: data, projectDir: project, deadline: deadlineIn(60_000) }), {
    projectDir: project,
    verifyCommand,
    protect: [],
    git: before.snapshot.git,
    scripts,
  });
}

const PARSER = {
  "test.js": 'if (require("./src/parser").parse("2") !== 2) process.exit(1);\n',
  "src/parser.js": "exports.parse = Number;\n",
};

describe("an entry that appears and vanishes while the verifier runs", () => {
  it("voids the pass: an extension-less parser, loaded before parser.js, leaves only its folder's times", async () => {
    const { project, data, before } = await settled(PARSER);
    const transient = path.join(project, "src/parser");
    writeFileSync(transient, "exports.parse = () => 2;\n");
    rmSync(transient);
    const verification = await judged(before, data, project);
    expect(verification.voided).toMatch(/src\/: its times changed but it lists the same entries: an entry appeared and vanished/);
  });

  it("voids the pass for a transient entry at the project's top too", async () => {
    const { project, data, before } = await settled(PARSER);
    writeFileSync(path.join(project, "parser"), "x\n");
    rmSync(path.join(project, "parser"));
    expect((await judged(before, data, project)).voided).toMatch(/\.\/: its times changed/);
  });

  it("lets the verifier come and go in build output, caches and dependencies, and in loopkit's .auto-loop/", async () => {
    const { project, data, before } = await settled({
      ...PARSER,
      "dist/x.js": "1\n",
      "node_modules/p/i.js": "1\n",
      ".auto-loop/goal-state.json": "{}",
    });
    for (const folder of ["dist", "node_modules/p", ".auto-loop"]) {
      writeFileSync(path.join(project, folder, "tmp-123"), "t\n");
      rmSync(path.join(project, folder, "tmp-123"));
    }
    expect((await judged(before, data, project)).voided).toBeNull();
  });

  it("does not void a pass when nothing came and went (a folder whose listing changed is explained by what appeared)", async () => {
    const { project, data, before } = await settled(PARSER);
    expect((await judged(before, data, project)).voided).toBeNull();
    writeFileSync(path.join(project, "src/new.js"), "1\n");
    expect((await judged(before, data, project)).voided).toMatch(/^1 file\(s\) changed while the verifier ran \(src\/new\.js: appeared\)/);
  });
});

describe("exemptions for what a verifier writes", () => {
  it("never counts a swapped parser.js as tsc output when the verifier runs no tsc, though the agent added parser.ts", async () => {
    const { project, data, before } = await settled({ ...PARSER, "src/parser.ts": "export const parse = Number;\n" });
    const js = path.join(project, "src/parser.js");
    writeFileSync(`${js}.new`, "exports.parse = () => 2;\n");
    renameSync(`${js}.new`, js);
    expect((await judged(before, data, project)).voided).toMatch(/src\/parser\.js: content changed/);
    // Even when the command runs tsc: the file was recorded before the verifier ran.
    expect((await judged(before, data, project, "tsc && node test.js")).voided).toMatch(/src\/parser\.js: content changed/);
  });

  it("counts a new .js beside a .ts as tsc output only when the command, or the script it runs, runs tsc", async () => {
    const { project, data, before } = await settled({ "test.js": "1\n", "src/lib.ts": "export const a = 1;\n" });
    writeFileSync(path.join(project, "src/lib.js"), "exports.a = 1;\n");
    expect((await judged(before, data, project)).voided).toMatch(/src\/lib\.js: appeared/);
    expect((await judged(before, data, project, "npx tsc && node test.js")).voided).toBeNull();
    expect((await judged(before, data, project, "npm test", { test: "tsc -p . && node test.js" })).voided).toBeNull();
    expect((await judged(before, data, project, "npm test", { test: "node test.js" })).voided).toMatch(/src\/lib\.js: appeared/);
  });

  it("lets a build rewrite what it recorded in dist/ with the same content, not with other content", async () => {
    const { project, data, before } = await settled({ ...PARSER, "dist/parser.js": "exports.parse = Number;\n" });
    const out = path.join(project, "dist/parser.js");
    writeFileSync(out, "exports.parse = Number;\n");
    const rebuilt = await judged(before, data, project);
    expect(rebuilt.voided).toBeNull();
    expect(rebuilt.lines.join("\n")).toMatch(/dist\/parser\.js: rewritten .*written by the verifier/);
    writeFileSync(out, "exports.parse = () => 2;\n");
    expect((await judged(before, data, project)).voided).toMatch(/dist\/parser\.js: content changed/);
  });

  it.each([
    ["tsc", null, true],
    ["npx tsc --noEmit && vitest run", null, true],
    ['"/repo/node_modules/.bin/tsc" && node test.js', null, true],
    ["vue-tsc -b", null, true],
    ["node test.js", null, false],
    ["tscx && node test.js", null, false],
    ["npm test", { test: "node build.js && tsc" }, true],
    ["npm t", { test: "tsc" }, true],
    ["pnpm run build && node test.js", { build: "tsc" }, true],
    ["yarn build", { prebuild: "tsc" }, true],
    ["npm test", { test: "npm run compile", compile: "tsc" }, true],
    ["npm test", { test: "npm test" }, false],
    ["npm test", { build: "tsc" }, false],
    ["npm test", null, false],
  ] as const)("runsTsc(%j, %j) is %s", (command, scripts, expected) => {
    expect(runsTsc(command, scripts)).toBe(expected);
  });
});

describe.skipIf(noMmapWriter !== null)("a write through a shared writable memory mapping", () => {
  /** src/answer.js mapped by a python3 process that already dirtied its page, the project recorded after the racy window. */
  async function mapped() {
    const fixture = makeProject();
    const file = fixture.write("src/answer.js", "module.exports = compute();\n");
    const writer = mmapWriter(file);
    await writer.write(0, "m");
    await outOfRacyWindow();
    await snap(fixture.data, fixture.project);
    return { ...fixture, file, writer, before: await snap(fixture.data, fixture.project) };
  }

  it("is seen by the next snapshot though the file's times and size are as recorded", async () => {
    const { project, data, file, writer, before } = await mapped();
    try {
      const stamp = statSync(file);
      await writer.write(0, "module.exports = 4; //   ");
      const after = statSync(file);
      // The case itself: a write into an already dirty page leaves no new mtime or ctime.
      expect([after.mtimeMs, after.ctimeMs, after.size]).toEqual([stamp.mtimeMs, stamp.ctimeMs, stamp.size]);
      expect(lines(changesOf(data, project, before, await snap(data, project)))).toEqual(["changed src/answer.js"]);
    } finally {
      await writer.close();
    }
  });

  it("is seen by the check after the verifier, and voids the pass", async () => {
    const { project, data, writer, before } = await mapped();
    try {
      await writer.write(0, "module.exports = 4; //   ");
      expect((await judged(before, data, project)).voided).toMatch(/src\/answer\.js: content changed/);
    } finally {
      await writer.close();
    }
  });
});
