// The thread that lstats ahead of a walk, on real files: it answers as lstat does, says a folder
// stands whole only when every record below it stands, leaves to the walk what it cannot answer for
// the walk's own path, and its program still runs once bundled the way dist/ is.
import { execFileSync } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AHEAD_FROM_RECORDS, LstatAhead, type EntryStat } from "../../src/evidence/lstat-ahead.js";
import { takeSnapshot } from "../../src/evidence/snapshot.js";
import { RACY_MARGIN_MS, type StatTable } from "../../src/evidence/stat-cache.js";
import { deadlineIn } from "../../src/shared/deadline.js";
import { makeProject, snap } from "./fixture.js";

const root = path.resolve(import.meta.dirname, "../..");
const outOfRacyWindow = () => new Promise((resolve) => setTimeout(resolve, RACY_MARGIN_MS + 100));
const helped = { from: 1, first: true };

const seen = (stat: EntryStat | undefined) =>
  stat && {
    dev: stat.dev,
    ino: stat.ino,
    size: stat.size,
    mtimeMs: stat.mtimeMs,
    ctimeMs: stat.ctimeMs,
    mode: stat.mode,
    kinds: [stat.isFile(), stat.isDirectory(), stat.isSymbolicLink(), stat.isFIFO(), stat.isSocket()],
  };

/** The record of `key` in `table`. */
function recordOf(table: StatTable, key: string): number {
  const at = table.find(key);
  if (at < 0) throw new Error(`no record of ${key}`);
  return at;
}

/** A project of a few packages, its files' and folders' times old, recorded after the racy window. */
async function settledPackages(
  files = [
    "node_modules/pkg/a/x.js",
    "node_modules/pkg/a/y.js",
    "node_modules/pkg/b/z.js",
    "node_modules/other/w.js",
    "node_modules/top.txt",
  ],
) {
  const fixture = makeProject();
  const old = new Date("2020-01-01T00:00:00Z");
  for (const file of files) {
    fixture.write(file, `${file}\n`);
    for (let at = file; at !== "."; at = path.dirname(at)) utimesSync(path.join(fixture.project, at), old, old);
  }
  await snap(fixture.data, fixture.project);
  await outOfRacyWindow();
  return { ...fixture, before: await snap(fixture.data, fixture.project) };
}

let opened: LstatAhead[] = [];
const open = async (table: StatTable, project: string, options = helped) => {
  const ahead = await LstatAhead.open(table, project, options);
  if (ahead) opened.push(ahead);
  return ahead;
};
afterEach(() => {
  for (const ahead of opened) ahead.stop();
  opened = [];
  vi.restoreAllMocks();
});

describe("the thread that lstats ahead of a walk", () => {
  it("answers each record's path as lstat does (files, folders, links, FIFOs, the project itself), and what is gone as gone", async () => {
    const { project, data, write } = makeProject();
    write("src/a.ts", "a\n");
    write("src/deep/b.ts", "bb\n");
    symlinkSync("src/a.ts", path.join(project, "link"));
    execFileSync("mkfifo", [path.join(project, "pipe")]);
    const table = (await snap(data, project)).stats;
    rmSync(path.join(project, "src/deep/b.ts"));
    const ahead = (await open(table, project))!;
    const plain = table.starts().filter((at) => !table.keyAt(at).includes("\u0000"));
    for (const at of plain) {
      const key = table.keyAt(at);
      const abs = key === "" ? project : path.join(project, key);
      expect(seen(ahead.lstat(abs, at)), key).toEqual(seen(lstatSync(abs, { throwIfNoEntry: false })));
    }
    expect(ahead.lstat(path.join(project, "src/deep/b.ts"), recordOf(table, "src/deep/b.ts"))).toBeUndefined();
    expect(ahead.taken).toBe(plain.length + 1);
  });

  it("leaves to the walk a name that is not UTF-8 and git metadata: the walk's path is not the record's key there", async () => {
    const { project, data, write } = makeProject();
    write("a.txt", "a\n");
    const odd = Buffer.concat([Buffer.from(`${project}/test`), Buffer.from([0xff]), Buffer.from(".js")]);
    writeFileSync(odd, "odd\n");
    execFileSync("git", ["init", "-q"], { cwd: project });
    const table = (await snap(data, project)).stats;
    const ahead = (await open(table, project))!;
    const oddAt = table.starts().find((at) => table.keyAt(at).startsWith("test\u0000") || /^\u0000/.test(table.keyAt(at)))!;
    expect(oddAt).toBeDefined();
    const metaAt = table.starts().find((at) => table.keyAt(at).startsWith("\u0000git/"))!;
    expect(metaAt).toBeDefined();
    const before = ahead.taken;
    expect(seen(ahead.lstat(odd, oddAt))).toEqual(seen(lstatSync(odd)));
    const config = path.join(project, ".git", "config");
    expect(seen(ahead.lstat(config, recordOf(table, "\u0000git/config")))).toEqual(seen(lstatSync(config)));
    expect(ahead.taken).toBe(before);
  });

  it("says a folder stands whole only when its record and every record below it stand", async () => {
    const { project, before } = await settledPackages();
    const table = before.stats;
    let ahead = (await open(table, project))!;
    for (const key of ["node_modules/pkg", "node_modules/pkg/a", "node_modules/pkg/b", "node_modules/other"])
      expect(ahead.standsWhole(recordOf(table, key)), key).not.toBeNull();
    // Same size, mtime put back: the ctime still moves.
    const y = path.join(project, "node_modules/pkg/a/y.js");
    const { mtime } = lstatSync(y);
    writeFileSync(y, "node_modules/pkg/a/Y.js\n");
    utimesSync(y, mtime, mtime);
    ahead = (await open(table, project))!;
    expect(ahead.standsWhole(recordOf(table, "node_modules/pkg/a"))).toBeNull();
    expect(ahead.standsWhole(recordOf(table, "node_modules/pkg"))).toBeNull();
    expect(ahead.standsWhole(recordOf(table, ""))).toBeNull();
    expect(ahead.standsWhole(recordOf(table, "node_modules/pkg/b"))).not.toBeNull();
    expect(ahead.standsWhole(recordOf(table, "node_modules/other"))).not.toBeNull();
    // A file is no folder, whatever it is.
    expect(ahead.standsWhole(recordOf(table, "node_modules/top.txt"))).toBeNull();
    rmSync(path.join(project, "node_modules/other/w.js"));
    ahead = (await open(table, project))!;
    expect(ahead.standsWhole(recordOf(table, "node_modules/other"))).toBeNull();
    expect(ahead.standsWhole(recordOf(table, "node_modules/pkg/b"))).not.toBeNull();
  });

  it("never says a folder stands whole when it holds a file outside dependency, build and cache folders (read every time)", async () => {
    const { project, before } = await settledPackages(["src/a.js", "node_modules/p/i.js", "dist/out.js"]);
    const ahead = (await open(before.stats, project))!;
    expect(ahead.standsWhole(recordOf(before.stats, "src"))).toBeNull();
    expect(ahead.standsWhole(recordOf(before.stats, ""))).toBeNull();
    expect(ahead.standsWhole(recordOf(before.stats, "node_modules/p"))).not.toBeNull();
    expect(ahead.standsWhole(recordOf(before.stats, "dist"))).not.toBeNull();
  });

  it("never says a folder stands whole when a record below it is racy (written just before its snapshot)", async () => {
    const { project, data, write } = makeProject();
    write("node_modules/pkg/a/x.js", "x\n");
    const table = (await snap(data, project)).stats;
    const ahead = (await open(table, project))!;
    expect(ahead.lstat(path.join(project, "node_modules/pkg/a/x.js"), recordOf(table, "node_modules/pkg/a/x.js"))).toBeDefined();
    expect(ahead.standsWhole(recordOf(table, "node_modules/pkg/a"))).toBeNull();
    expect(ahead.standsWhole(recordOf(table, "node_modules/pkg"))).toBeNull();
  });

  it("is not started for a table smaller than AHEAD_FROM_RECORDS: the walk lstats alone", async () => {
    const { project, data, write } = makeProject();
    write("a.txt", "a\n");
    const table = (await snap(data, project)).stats;
    expect(table.size).toBeLessThan(AHEAD_FROM_RECORDS);
    expect(await LstatAhead.open(table, project)).toBeNull();
    expect(await LstatAhead.open(null, project, helped)).toBeNull();
  });

  it("gives a snapshot the same tree and counts as a walk that reads every file, folders taken whole included", async () => {
    const { project, data, root: tmp } = await settledPackages();
    writeFileSync(path.join(project, "node_modules/pkg/a/x.js"), "changed\n");
    writeFileSync(path.join(project, "new.txt"), "new\n");
    const whole = vi.spyOn(LstatAhead.prototype, "standsWhole");
    const withHelp = await takeSnapshot({ dataDir: data, projectDir: project, deadline: deadlineIn(60_000), ahead: helped });
    expect(whole.mock.results.some((r) => r.value !== null)).toBe(true);
    const fresh = await takeSnapshot({ dataDir: path.join(tmp, "fresh data"), projectDir: project, deadline: deadlineIn(60_000) });
    expect(fresh.read.files).toBe(6);
    expect(withHelp.snapshot.root).toBe(fresh.snapshot.root);
    expect(withHelp.snapshot.counts).toEqual(fresh.snapshot.counts);
    expect(withHelp.stats.starts().map((at) => withHelp.stats.keyAt(at))).toEqual(fresh.stats.starts().map((at) => fresh.stats.keyAt(at)));
    expect(withHelp.read.files).toBeLessThan(fresh.read.files);
  });

  it("runs from its source text once bundled as dist/ is (nothing of the module around it)", async () => {
    mkdirSync(path.join(root, "node_modules", ".cache"), { recursive: true });
    const dir = mkdtempSync(path.join(root, "node_modules", ".cache", "loopkit-lstat-ahead-"));
    try {
      const out = path.join(dir, "lstat-ahead.mjs");
      await build({
        absWorkingDir: root,
        entryPoints: ["src/evidence/lstat-ahead.ts"],
        outfile: out,
        bundle: true,
        platform: "node",
        target: "node20",
        format: "esm",
        packages: "external",
        logLevel: "warning",
      });
      const bundled = (await import(pathToFileURL(out).href)) as typeof import("../../src/evidence/lstat-ahead.js");
      const { project, data, write } = makeProject();
      write("a/b.txt", "b\n");
      const table = (await snap(data, project)).stats;
      const ahead = (await bundled.LstatAhead.open(table, project, helped))!;
      try {
        const abs = path.join(project, "a/b.txt");
        expect(seen(ahead.lstat(abs, recordOf(table, "a/b.txt")))).toEqual(seen(lstatSync(abs)));
        expect(ahead.taken).toBe(1);
      } finally {
        ahead.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
