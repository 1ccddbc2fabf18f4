// What was verified is what was audited, measured with real verifiers: tsc's output and vitest-like
// caches do not void a pass; a file swapped while the verifier ran does, even when put back.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { changesSince } from "../../src/evidence/changes-since.js";
import { judgeVerification } from "../../src/evidence/verification.js";
import { deadlineIn } from "../../src/shared/deadline.js";
import { makeProject, snap } from "./fixture.js";

const TSC = path.resolve(import.meta.dirname, "../../node_modules/.bin/tsc");

/** A TypeScript project whose verifier is `tsc && node test.js` (outDir: dist, or next to the sources). */
function tsProject(outDir: string | null) {
  const fixture = makeProject();
  const { write } = fixture;
  write(
    "tsconfig.json",
    JSON.stringify({
      compilerOptions: { target: "es2020", module: "commonjs", ...(outDir ? { outDir } : {}), incremental: true },
      include: ["src"],
    }),
  );
  write("src/answer.ts", "export function answer(x: number): number { return x * 2; }\n");
  write("test.js", `const { answer } = require("./${outDir ? `${outDir}/` : "src/"}answer.js");\nif (answer(2) !== 4) process.exit(1);\n`);
  write("node_modules/.vite/vitest/results.json", '{"version":"1","results":{}}');
  return fixture;
}

const VERIFY = `${JSON.stringify(TSC)} && node test.js`;
const runVerifier = (project: string) =>
  execFileSync("sh", ["-c", `${VERIFY} && echo "{\\"t\\":$(date +%s%N)}" > node_modules/.vite/vitest/results.json`], {
    cwd: project,
    stdio: "pipe",
  });

async function gate(project: string, data: string, during: () => Promise<void> | void = () => undefined) {
  const before = await snap(data, project);
  const background = during();
  runVerifier(project);
  runVerifier(project);
  await background;
  return judgeVerification(await changesSince(before, { dataDir: data, projectDir: project, deadline: deadlineIn(60_000) }), {
    projectDir: project,
    verifyCommand: "tsc && node test.js",
    protect: [],
    git: before.snapshot.git,
  });
}

describe("judgeVerification with a real tsc && node test.js", () => {
  it.each([["dist"], [null]])(
    "lets build output (outDir %s), tsbuildinfo and cache results be written without voiding the pass",
    async (outDir) => {
      const { project, data } = tsProject(outDir);
      runVerifier(project);
      // Second and later Stops: tsc rewrites what it emits, the cache gets new results.
      const verification = await gate(project, data);
      expect(verification.voided).toBeNull();
      expect(verification.lines.every((line) => line.includes("written by the verifier"))).toBe(true);
      expect(verification.lines.join("\n")).toContain("node_modules/.vite/vitest/results.json: content changed");
    },
    60_000,
  );

  it("voids the pass when the test was swapped while the verifier ran, though it is back at the end", async () => {
    const { project, data } = tsProject("dist");
    runVerifier(project);
    const test = path.join(project, "test.js");
    const honest = readFileSync(test);
    const verification = await gate(project, data, () => {
      writeFileSync(`${test}.cheat`, "process.exit(0)\n");
      renameSync(`${test}.cheat`, test);
      // Put back after the verifier's runs (which run synchronously before this resolves).
      return new Promise<void>((resolve) =>
        setImmediate(() => {
          writeFileSync(`${test}.honest`, honest);
          renameSync(`${test}.honest`, test);
          resolve();
        }),
      );
    });
    expect(readFileSync(test)).toEqual(honest);
    expect(verification.voided).toMatch(
      /1 file\(s\) changed while the verifier ran \(test\.js: replaced by another file with the same content \[named by the verifier command\]\)/,
    );
  }, 60_000);

  it("voids the pass when a source was replaced and put back (not a goalpost): the final tree would not show it", async () => {
    const { project, data } = tsProject("dist");
    runVerifier(project);
    const source = path.join(project, "src/answer.ts");
    const honest = readFileSync(source);
    const verification = await gate(project, data, () => {
      writeFileSync(source, "export function answer(x: number): number { return 4; }\n");
      return new Promise<void>((resolve) => setImmediate(() => (writeFileSync(source, honest), resolve())));
    });
    expect(verification.voided).toMatch(/src\/answer\.ts: rewritten \(or its mode or links changed\), content the same at the end/);
  }, 60_000);

  it("voids the pass when a background process leaves a change behind in a source during verification", async () => {
    const { project, data } = tsProject("dist");
    runVerifier(project);
    // Started once the snapshot is taken, as a process left running would act during the verifier.
    const during = () =>
      new Promise<void>((resolve) =>
        spawn("sh", ["-c", "sleep 0.2; echo 'export const extra = 1;' > src/extra.ts"], { cwd: project }).on("exit", () => resolve()),
      );
    const verification = await gate(project, data, during);
    expect(existsSync(path.join(project, "src/extra.ts"))).toBe(true);
    expect(verification.voided).toMatch(/src\/extra\.ts: appeared/);
  }, 60_000);

  it("lets a report the verifier command names appear (--outputFile results.json), but not change a file it names that was there", async () => {
    const { project, data, write } = tsProject("dist");
    write("fixtures.json", "[1]\n");
    runVerifier(project);
    const before = await snap(data, project);
    writeFileSync(path.join(project, "results.json"), '{"passed":true}\n');
    writeFileSync(path.join(project, "fixtures.json"), "[2]\n");
    const verification = judgeVerification(
      await changesSince(before, { dataDir: data, projectDir: project, deadline: deadlineIn(60_000) }),
      {
        projectDir: project,
        verifyCommand: "node test.js --outputFile results.json fixtures.json",
        protect: [],
        git: before.snapshot.git,
      },
    );
    expect(verification.lines.some((line) => /results\.json: appeared .*written by the verifier/.test(line))).toBe(true);
    expect(verification.voided).toMatch(/fixtures\.json: content changed \[named by the verifier command\]/);
    expect(verification.voided).not.toMatch(/results\.json/);
  }, 60_000);

  it("lets the report the person named (--test-report) be rewritten anywhere, the project's top too, unless protected", async () => {
    const { project, data, write } = tsProject("dist");
    write("report.tap", "TAP version 13\nok 1 - old\n");
    write("results.xml", "<testsuites/>\n");
    runVerifier(project);
    const before = await snap(data, project);
    writeFileSync(path.join(project, "report.tap"), "TAP version 13\nok 1 - new\n");
    writeFileSync(path.join(project, "results.xml"), "<testsuites tests='1'/>\n");
    const found = await changesSince(before, { dataDir: data, projectDir: project, deadline: deadlineIn(60_000) });
    const judge = (reports: string[], protect: string[] = []) =>
      judgeVerification(found, { projectDir: project, verifyCommand: "node test.js", protect, git: before.snapshot.git, reports });
    expect(judge(["./report.tap"]).voided).toMatch(/^1 file\(s\) changed while the verifier ran \(results\.xml: content changed\)/);
    expect(judge(["report.tap", "results.xml"]).voided).toBeNull();
    expect(judge(["report.tap", "results.xml"]).lines).toContain(
      "  report.tap: content changed (written by the verifier, as build output, caches and dependencies are)",
    );
    expect(judge(["report.tap", "results.xml"], ["report.tap"]).voided).toMatch(/report\.tap: content changed \[protected\]/);
  }, 60_000);

  it("lets a report the command names be rewritten where reports go (test-results/, *.log), not elsewhere", async () => {
    const { project, data, write } = tsProject("dist");
    write("test-results/report.json", '{"run":1}\n');
    write("run.log", "run 1\n");
    write("expected.json", "[1]\n");
    runVerifier(project);
    const before = await snap(data, project);
    for (const [file, text] of [
      ["test-results/report.json", '{"run":2}\n'],
      ["run.log", "run 2\n"],
      ["expected.json", "[2]\n"],
    ])
      writeFileSync(path.join(project, file!), text!);
    const verification = judgeVerification(
      await changesSince(before, { dataDir: data, projectDir: project, deadline: deadlineIn(60_000) }),
      {
        projectDir: project,
        verifyCommand: "node test.js test-results/report.json run.log expected.json",
        protect: [],
        git: before.snapshot.git,
      },
    );
    expect(verification.lines.some((line) => /test-results\/report\.json: content changed .*written by the verifier/.test(line))).toBe(
      true,
    );
    expect(verification.lines.some((line) => /run\.log: content changed .*written by the verifier/.test(line))).toBe(true);
    expect(verification.voided).toMatch(/^1 file\(s\) changed .*expected\.json: content changed \[named by the verifier command\]/);
  }, 60_000);
});
