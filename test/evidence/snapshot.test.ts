// The snapshot on real files: everything under the project (the top .git as a root of its own, all but
// loopkit's three rewritten mirror files and git's own index), links as links,
// FIFOs by kind, content by hash; the stat cache never trusts what an agent can restore.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { evidenceFiles } from "../../src/evidence/paths.js";
import { loadStatTable, RACY_MARGIN_MS } from "../../src/evidence/stat-cache.js";
import { openStore } from "../../src/evidence/snapshot.js";
import { snapshotFingerprint } from "../../src/evidence/snapshot.js";
import { KEEP_BYTES } from "../../src/evidence/walk.js";
import { bothWays, changesOf, lines, makeProject, snap } from "./fixture.js";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd, stdio: "pipe" });

bothWays(() => {
  describe("a snapshot of the project", () => {
    it("records every file but the top .git and .auto-loop, ignored ones, nested repositories and submodule-like folders included, with no repository at all", async () => {
      const { project, data, write } = makeProject();
      write("src/a.ts", "one\n");
      write("node_modules/dep/index.js", "module.exports = 1;\n");
      write(".auto-loop/goal-state.json", "{}");
      write("nested/repo/file.txt", "nested\n");
      git(path.join(project, "nested/repo"), "init", "-q");
      const a = await snap(data, project);
      expect(a.snapshot.counts.files).toBeGreaterThan(3);
      expect(a.snapshot.git).toEqual([]);
      write("src/a.ts", "two\n");
      write("node_modules/dep/index.js", "module.exports = 42; // cheat\n");
      write("nested/repo/file.txt", "cheat\n");
      write(".auto-loop/goal-state.json", '{"x":1}');
      const b = await snap(data, project);
      expect(lines(changesOf(data, project, a, b))).toEqual([
        "changed nested/repo/file.txt",
        "changed node_modules/dep/index.js",
        "changed src/a.ts",
      ]);
    });

    it("records the top .git folder whole as a root of its own: metadata, refs, objects and a file planted there", async () => {
      const { project, data, write } = makeProject();
      git(project, "init", "-q");
      write("a.txt", "a\n");
      git(project, "add", "a.txt");
      const a = await snap(data, project);
      expect(a.snapshot.git.map((g) => [g.key, path.basename(g.dir)])).toEqual([["\u0000git", ".git"]]);
      writeFileSync(path.join(project, ".git/info/attributes"), "* binary\n");
      git(project, "config", "alias.x", "status");
      writeFileSync(path.join(project, ".git/commondir"), "../elsewhere\n");
      writeFileSync(path.join(project, ".git/answer.js"), "module.exports = () => 42;\n");
      const b = await snap(data, project);
      expect(lines(changesOf(data, project, a, b))).toEqual([
        "added .git/answer.js",
        "added .git/commondir",
        "added .git/info/attributes",
        "changed .git/config",
      ]);
    });

    it("leaves git's own index out, but records a file at its name that is not git's index", async () => {
      const { project, data, write } = makeProject();
      git(project, "init", "-q");
      write("a.txt", "a\n");
      const a = await snap(data, project);
      git(project, "add", "a.txt");
      const b = await snap(data, project);
      // The staged blob is a git object (listed with the bulk); the index that names it is git's own.
      const staged = changesOf(data, project, a, b);
      expect(staged.map((c) => [c.path.replace(/[0-9a-f]{38}$/, "…"), c.gitObject])).toEqual([[".git/objects/78/…", true]]);
      writeFileSync(path.join(project, ".git/index"), "module.exports = () => 42;\n");
      const c = await snap(data, project);
      expect(lines(changesOf(data, project, b, c))).toEqual(["added .git/index"]);
    });

    it("does not take a file at a git object's name for one unless it is that object", async () => {
      const { project, data, write } = makeProject();
      git(project, "init", "-q");
      const a = await snap(data, project);
      write(".git/objects/ab/" + "c".repeat(38), "module.exports = () => 42;\n");
      const b = await snap(data, project);
      expect(changesOf(data, project, a, b).map((c) => [c.path, c.gitObject ?? false])).toEqual([
        [".git/objects/ab/" + "c".repeat(38), false],
      ]);
    });

    it("records links as links and FIFOs by kind, never following or opening them; hard links are plain files", async () => {
      const { root, project, data, write } = makeProject();
      writeFileSync(path.join(root, "outside.txt"), "secret outside\n");
      symlinkSync(path.join(root, "outside.txt"), path.join(project, "link"));
      symlinkSync(root, path.join(project, "dirlink"));
      execFileSync("mkfifo", [path.join(project, "pipe")]);
      write("real.txt", "real\n");
      linkSync(path.join(project, "real.txt"), path.join(project, "hard.txt"));
      const a = await snap(data, project);
      expect(a.snapshot.counts).toMatchObject({ files: 2, links: 2, special: 1 });
      const store = openStore(data, project);
      try {
        const { decodeTree } = await import("../../src/evidence/tree.js");
        const entries = decodeTree(store.get(Buffer.from(a.snapshot.root, "hex"), "tree"));
        expect(entries.map((e) => [e.name.toString(), e.kind, e.target?.toString() ?? null])).toEqual([
          ["dirlink", "link", root],
          ["hard.txt", "file", null],
          ["link", "link", path.join(root, "outside.txt")],
          ["pipe", "fifo", null],
          ["real.txt", "file", null],
        ]);
      } finally {
        store.close();
      }
      // Writing through the hard link changes both names.
      writeFileSync(path.join(project, "hard.txt"), "changed\n");
      rmSync(path.join(project, "link"));
      symlinkSync("/etc/passwd", path.join(project, "link"));
      const b = await snap(data, project);
      expect(lines(changesOf(data, project, a, b))).toEqual(["changed hard.txt", "changed link", "changed real.txt"]);
    });

    it("sees content changed with size and mtime restored (utimes), a file over 1 MB included: ctime cannot be restored", async () => {
      const { project, data, write } = makeProject();
      const small = write("small.txt", "answer = compute()\n");
      const big = write("node_modules/big.js", Buffer.alloc(KEEP_BYTES + 300_000, 0x61));
      const old = new Date("2020-01-01T00:00:00Z");
      utimesSync(small, old, old);
      utimesSync(big, old, old);
      const a = await snap(data, project);
      expect(a.snapshot.counts.unkept).toBe(1);
      // Wait out the racy window so the records are trusted, then snapshot again: only the source is read (never vouched for by metadata).
      await new Promise((resolve) => setTimeout(resolve, RACY_MARGIN_MS + 100));
      const warm = await snap(data, project);
      const again = await snap(data, project);
      expect(again.read.files).toBe(1);
      expect(snapshotFingerprint(again.snapshot)).toBe(snapshotFingerprint(a.snapshot));
      expect(warm.snapshot.root).toBe(a.snapshot.root);
      const before = { small: statSync(small), big: statSync(big) };
      writeFileSync(small, "answer = 42 // ok!\n");
      const content = Buffer.alloc(KEEP_BYTES + 300_000, 0x61);
      content.write("CHEAT", 700_000);
      writeFileSync(big, content);
      utimesSync(small, before.small.atime, before.small.mtime);
      utimesSync(big, before.big.atime, before.big.mtime);
      expect(statSync(small).size).toBe(before.small.size);
      expect(statSync(big).mtimeMs).toBe(before.big.mtimeMs);
      const b = await snap(data, project);
      expect(lines(changesOf(data, project, a, b))).toEqual(["changed node_modules/big.js", "changed small.txt"]);
    });

    it("rehashes an entry whose times are within the racy window of the snapshot that recorded it", async () => {
      const { project, data, write } = makeProject();
      write("a.txt", "one\n");
      const first = await snap(data, project);
      // Written just now: racy in the first snapshot, read again in the next one.
      const second = await snap(data, project);
      expect(first.read.files).toBe(1);
      expect(second.read.files).toBe(1);
    });

    // Root reads anything, so only another user can see this.
    it.skipIf(process.getuid?.() === 0)("shows a file loopkit may not read as unreadable, and a change to it", async () => {
      const { project, data, write } = makeProject();
      const file = write("secret.txt", "x\n");
      chmodSync(file, 0);
      const a = await snap(data, project);
      expect(a.snapshot.counts.unreadable).toBe(1);
      chmodSync(file, 0o600);
      writeFileSync(file, "y\n");
      chmodSync(file, 0);
      const b = await snap(data, project);
      expect(lines(changesOf(data, project, a, b))).toEqual(["changed secret.txt"]);
    });

    it("keeps names that are not UTF-8 (a file the verifier could run that a string listing would miss)", async () => {
      const { project, data } = makeProject();
      const a = await snap(data, project);
      writeFileSync(Buffer.concat([Buffer.from(`${project}/test`), Buffer.from([0xff]), Buffer.from(".js")]), "process.exit(0)\n");
      const b = await snap(data, project);
      expect(lines(changesOf(data, project, a, b))).toEqual(["added test\\xff.js"]);
    });

    it("sees a file replaced by a rename of another one, and a folder replaced by a file", async () => {
      const { project, data, write } = makeProject();
      write("t/test.js", "assert(f() === 3)\n");
      write("t/other.js", "x\n");
      write("dir/inner.txt", "i\n");
      const a = await snap(data, project);
      write("t/cheat.js", "process.exit(0)\n");
      renameSync(path.join(project, "t/cheat.js"), path.join(project, "t/test.js"));
      rmSync(path.join(project, "dir"), { recursive: true });
      write("dir", "now a file\n");
      mkdirSync(path.join(project, "empty"));
      const b = await snap(data, project);
      expect(lines(changesOf(data, project, a, b))).toEqual(["added dir", "added empty", "changed t/test.js", "deleted dir/inner.txt"]);
    });

    it("fails with EVIDENCE_FAILED or DEADLINE, never a partial record, when time runs out", async () => {
      const { project, data, write } = makeProject();
      for (let i = 0; i < 600; i++) write(`f/${i}.txt`, `${i}\n`);
      await expect(snap(data, project, 0)).rejects.toMatchObject({ code: "DEADLINE" });
      // The next snapshot works.
      expect((await snap(data, project)).snapshot.counts.files).toBe(600);
    });

    it("keeps a damaged index and stat cache aside, starts a new record and says so; a damaged object fails, never shows other content", async () => {
      const { project, data, write } = makeProject();
      write("a.txt", "a\n");
      const a = await snap(data, project);
      const files = evidenceFiles(data, project);
      writeFileSync(files.statCache, "garbage");
      const b = await snap(data, project);
      expect(b.notes.join("\n")).toMatch(/stat cache was damaged .*kept aside as .*stat-cache\.bin\.corrupt-/);
      // A byte of the pack flipped: reading that object fails closed.
      const pack = path.join(files.dir, "objects.pack");
      const bytes = readFileSync(pack);
      bytes[bytes.length - 1]! ^= 0xff;
      writeFileSync(pack, bytes);
      write("a.txt", "b\n");
      const c = await snap(data, project);
      expect(() => changesOf(data, project, a, c)).toThrow(/does not match its hash/);
      writeFileSync(files.index, "garbage");
      const d = await snap(data, project);
      expect(d.notes.join("\n")).toMatch(/record of this project was damaged .*kept aside/);
      expect(() => changesOf(data, project, a, d)).toThrow(/lacks object/);
      truncateSync(pack, 3);
      await expect(snap(data, project)).resolves.toMatchObject({ notes: [expect.stringMatching(/damaged/)] });
    });
  });

  describe("the stat cache", () => {
    const resealed = (body: Buffer) => Buffer.concat([body, createHash("sha256").update(body).digest()]);

    it("keeps a cache whose checksum holds but whose records do not nest (a folder's span past its parent's) aside, and reads every file again", async () => {
      const { project, data, write } = makeProject();
      write("d/a.txt", "a\n");
      write("d/b.txt", "b\n");
      await snap(data, project);
      const file = evidenceFiles(data, project).statCache;
      const body = readFileSync(file).subarray(0, -32);
      // The last record's span (its last 4 bytes) now runs past the end.
      body.writeUInt32LE(1_000_000, body.length - 4);
      writeFileSync(file, resealed(body));
      const again = await snap(data, project);
      expect(again.notes.join("\n")).toMatch(/stat cache was damaged .*span is out of bounds.*kept aside as .*stat-cache\.bin\.corrupt-/);
      expect(again.read.files).toBe(2);
    });

    it("finds any entry's record however it is asked, in order or not, and answers none for what is not recorded", async () => {
      const { project, data, write } = makeProject();
      git(project, "init", "-q");
      for (const file of ["a.txt", "a-b/c.txt", "a/b/c.txt", "a/b/d/e.txt", "a/bb.txt", "z/y/x/w.txt", "node_modules/p/index.js"])
        write(file, `${file}\n`);
      writeFileSync(Buffer.concat([Buffer.from(`${project}/a/`), Buffer.from([0xff])]), "not UTF-8\n");
      const taken = await snap(data, project);
      const loaded = loadStatTable(evidenceFiles(data, project).statCache)!;
      for (const table of [taken.stats, loaded]) {
        // First: the first lookups the cursor misses are found down the spans, before any key index.
        for (const absent of ["a/b/c", "a/b/d/e.txt/f", "b", "a-b/c.txtx", "\u0000git/nothing", "\u0000other", "a/b/"])
          expect(table.find(absent)).toBe(-1);
        const starts = table.starts();
        const keys = starts.map((at) => table.keyAt(at));
        expect(keys).toEqual(expect.arrayContaining(["", "a/b/d/e.txt", "\u0000git", "\u0000git/HEAD", "a/\u0000ff"]));
        // Backwards, so the walk order's cursor answers none of them.
        const found = [...keys].reverse().map((key) => table.find(key));
        expect(found).toEqual([...starts].reverse());
      }
    });

    it("starts again from a cache of an earlier format without calling it damaged", async () => {
      const { project, data, write } = makeProject();
      write("a.txt", "a\n");
      await snap(data, project);
      const file = evidenceFiles(data, project).statCache;
      const bytes = readFileSync(file);
      bytes[7] = 1;
      writeFileSync(file, bytes);
      const again = await snap(data, project);
      expect(again.notes).toEqual([]);
      expect(again.read.files).toBe(1);
      expect(readFileSync(file)[7]).toBe(2);
    });
  });

  describe("loopkit's own data folder inside the project", () => {
    it("is never recorded (a project that holds the person's home), so a snapshot never records the last one", async () => {
      const { project, write } = makeProject();
      const data = path.join(project, ".loopkit");
      write("a.txt", "a\n");
      const a = await snap(data, project);
      const b = await snap(data, project);
      expect(b.snapshot.root).toBe(a.snapshot.root);
      expect(lines(changesOf(data, project, a, b))).toEqual([]);
    });
  });

  describe(".auto-loop/", () => {
    it("leaves out only the three files loopkit rewrites before each verifier run, and records everything else there", async () => {
      const { project, data, write } = makeProject();
      write("a.txt", "a\n");
      const a = await snap(data, project);
      write(".auto-loop/goal-state.json", "{}");
      write(".auto-loop/heartbeat.json", "{}");
      write(".auto-loop/.gitignore", "*\n");
      const b = await snap(data, project);
      expect(b.snapshot.root).toBe(a.snapshot.root);
      const cheat = "module.exports = () => 4;\n";
      for (const file of [
        "logs/verifier-0001-1.log",
        "logs/impl.js",
        "tampered/impl.js",
        ".impl.js.0123456789ab.tmp",
        "gate-history.jsonl",
        "handoff.md",
        "codex.log",
      ])
        write(`.auto-loop/${file}`, cheat);
      const c = await snap(data, project);
      expect(lines(changesOf(data, project, a, c))).toEqual([
        "added .auto-loop/.impl.js.0123456789ab.tmp",
        "added .auto-loop/codex.log",
        "added .auto-loop/gate-history.jsonl",
        "added .auto-loop/handoff.md",
        "added .auto-loop/logs/impl.js",
        "added .auto-loop/logs/verifier-0001-1.log",
        "added .auto-loop/tampered/impl.js",
      ]);
    });

    it("leaves .auto-loop/ out of the fingerprint that tells a turn that changed nothing (thrash), not out of the record", async () => {
      const { project, data, write } = makeProject();
      write("a.txt", "a\n");
      const a = await snap(data, project);
      write(".auto-loop/logs/verifier-0001-1.log", "ok\n");
      const b = await snap(data, project);
      expect(b.snapshot.root).not.toBe(a.snapshot.root);
      expect(snapshotFingerprint(b.snapshot)).toBe(snapshotFingerprint(a.snapshot));
      write("a.txt", "b\n");
      expect(snapshotFingerprint((await snap(data, project)).snapshot)).not.toBe(snapshotFingerprint(b.snapshot));
    });

    it("records what a link in the project points at in .auto-loop/ or .git/ (the link as a link, the cheat as a file)", async () => {
      const { project, data, write } = makeProject();
      git(project, "init", "-q");
      write("a.txt", "a\n");
      const a = await snap(data, project);
      write(".auto-loop/logs/answer.js", "module.exports = () => 4;\n");
      write(".git/answer.js", "module.exports = () => 42;\n");
      symlinkSync(".auto-loop/logs/answer.js", path.join(project, "answer.js"));
      symlinkSync(".git/answer.js", path.join(project, "other.js"));
      const b = await snap(data, project);
      const found = changesOf(data, project, a, b);
      expect(lines(found)).toEqual(["added .auto-loop/logs/answer.js", "added .git/answer.js", "added answer.js", "added other.js"]);
      const store = openStore(data, project);
      try {
        const cheats = found.filter((c) => c.after?.kind === "file").map((c) => store.get(c.after!.hash!, "blob").toString());
        expect(cheats).toEqual(["module.exports = () => 4;\n", "module.exports = () => 42;\n"]);
      } finally {
        store.close();
      }
    });
  });

  describe("a folder the stat cache stands for", () => {
    it("is listed again when an entry is added, removed or replaced, its mtime restored or not (its ctime changes)", async () => {
      const { project, data, write } = makeProject();
      write("deep/a/keep.txt", "k\n");
      write("deep/b/gone.txt", "g\n");
      write("deep/c/swap.txt", "s\n");
      await snap(data, project);
      await new Promise((resolve) => setTimeout(resolve, RACY_MARGIN_MS + 100));
      const a = await snap(data, project);
      const stamp = statSync(path.join(project, "deep/a"));
      write("deep/a/new.test.js", "process.exit(0)\n");
      utimesSync(path.join(project, "deep/a"), stamp.atime, stamp.mtime);
      rmSync(path.join(project, "deep/b/gone.txt"));
      rmSync(path.join(project, "deep/c/swap.txt"));
      symlinkSync("/etc/passwd", path.join(project, "deep/c/swap.txt"));
      const b = await snap(data, project);
      expect(lines(changesOf(data, project, a, b))).toEqual([
        "added deep/a/new.test.js",
        "changed deep/c/swap.txt",
        "deleted deep/b/gone.txt",
      ]);
      // Unchanged again: the same tree, its two files read again (sources are never vouched for by metadata), no folder listed.
      await new Promise((resolve) => setTimeout(resolve, RACY_MARGIN_MS + 100));
      const c = await snap(data, project);
      const d = await snap(data, project);
      expect(d.read.files).toBe(2);
      expect(d.snapshot.root).toBe(c.snapshot.root);
    });
  });
});
