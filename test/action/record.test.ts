import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeRecord, type RecordSources } from "../../src/action/record.js";
import { AutoLoopStateSchema } from "../../src/auto-loop/core/state.js";
import { loopFiles } from "../../src/auto-loop/data/store.js";
import { writeJson } from "../../src/state/json-store.js";
import { at, makeState } from "../auto-loop/fixtures.js";

let root: string;
let project: string;
let data: string;
let out: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "loopkit record "));
  project = path.join(root, "my project");
  data = path.join(root, "data");
  out = path.join(root, "artifact", "loopkit-run");
  mkdirSync(path.join(project, ".auto-loop", "logs"), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const sources = (overrides: Partial<RecordSources> = {}): RecordSources => ({
  projectDir: project,
  dataDir: data,
  summary: null,
  now: at(10_000),
  staleMs: 60_000,
  ...overrides,
});

async function recordLoop(): Promise<void> {
  const files = loopFiles(data, project);
  await writeJson(
    files.state,
    AutoLoopStateSchema,
    makeState({ project_dir: project, status: "achieved", status_reason: "proven", ended_at: at(5_000).toISOString() }),
  );
  mkdirSync(path.join(files.dir, "phases"), { recursive: true });
  writeFileSync(path.join(files.dir, "phases", "phase-0001.log"), "phase one\n");
  writeFileSync(files.history, "{}\n");
}

describe("writeRecord", () => {
  it("gathers .auto-loop/, loopkit's own copy with the phase logs, the status and the summary this run appended; says why there are no checkpoints", async () => {
    await recordLoop();
    writeFileSync(path.join(project, ".auto-loop", "goal-state.json"), "{}");
    writeFileSync(path.join(project, ".auto-loop", "logs", "verifier-0001-1.log"), "FAIL");
    const summary = path.join(root, "summary");
    writeFileSync(summary, "an earlier step's summary\n## this run\n");
    const skipped = await writeRecord(out, sources({ summary: { file: summary, from: "an earlier step's summary\n".length } }));
    expect(skipped).toEqual([]);
    expect(readFileSync(path.join(out, "auto-loop", "logs", "verifier-0001-1.log"), "utf8")).toBe("FAIL");
    expect(readFileSync(path.join(out, "record", "phases", "phase-0001.log"), "utf8")).toBe("phase one\n");
    expect(existsSync(path.join(out, "record", "state.json"))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(out, "status.json"), "utf8"))).toMatchObject({
      status: "achieved",
      reason: "proven",
      loop_id: "loop-1",
    });
    expect(readFileSync(path.join(out, "summary.md"), "utf8")).toBe("## this run\n");
    expect(readFileSync(path.join(out, "checkpoints.txt"), "utf8")).toBe(
      "no checkpoints of loop loop-1: checkpoints are taken at each iteration\n",
    );
    expect(existsSync(path.join(out, "skipped.txt"))).toBe(false);
    // The loop's page (loopkit report), which the job summary links to.
    expect(readFileSync(path.join(out, "report.html"), "utf8")).toContain("<title>loopkit auto-loop loop-1: achieved</title>");
  });

  it("leaves out what the agent could plant in .auto-loop/: a symlink (to a file outside) and an oversized file, and names them", async () => {
    await recordLoop();
    const secret = path.join(root, "outside.txt");
    writeFileSync(secret, "not for the artifact");
    symlinkSync(secret, path.join(project, ".auto-loop", "link.txt"));
    symlinkSync(root, path.join(project, ".auto-loop", "linked-dir"));
    writeFileSync(path.join(project, ".auto-loop", "big.bin"), "");
    truncateSync(path.join(project, ".auto-loop", "big.bin"), 11 * 1024 * 1024);
    const skipped = await writeRecord(out, sources());
    for (const name of ["link.txt", "linked-dir", "big.bin"]) expect(existsSync(path.join(out, "auto-loop", name)), name).toBe(false);
    expect(skipped.map((line) => path.basename(line.split(" (")[0]!)).sort()).toEqual(["big.bin", "link.txt", "linked-dir"]);
    const listed = readFileSync(path.join(out, "skipped.txt"), "utf8");
    expect(listed).toMatch(/link\.txt \(not a regular file\)/);
    expect(listed).toMatch(/big\.bin \(over 10485760 bytes\)/);
    expect(JSON.stringify(readdirSync(out, { recursive: true }))).not.toContain("outside");
  });

  it("with no loop at all still writes the status (none), and no checkpoints", async () => {
    await writeRecord(out, sources());
    expect(JSON.parse(readFileSync(path.join(out, "status.json"), "utf8"))).toMatchObject({ status: "none" });
    expect(readdirSync(out).filter((name) => name.startsWith("checkpoints"))).toEqual([]);
  });
});
