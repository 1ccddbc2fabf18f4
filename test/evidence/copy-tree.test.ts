// A copy of a snapshot's tree from loopkit's record: files from the store, links as links, dependency
// folders as folders of links (caches left out), caches and git metadata left out, and a file the
// record did not keep copied only while it is still the recorded one.
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { copyTree, listFiles } from "../../src/evidence/copy-tree.js";
import { openStore, takeSnapshot } from "../../src/evidence/snapshot.js";
import { deadlineIn } from "../../src/shared/deadline.js";
import { makeProject } from "./fixture.js";

let p: ReturnType<typeof makeProject>;
let dest: string;
beforeEach(() => {
  p = makeProject();
  dest = mkdtempSync(path.join(p.root, "copy-"));
});
afterEach(() => rmSync(p.root, { recursive: true, force: true }));

async function copy(): Promise<void> {
  const { snapshot } = await takeSnapshot({ dataDir: p.data, projectDir: p.project, deadline: deadlineIn(60_000) });
  const store = openStore(p.data, p.project);
  try {
    copyTree(store, p.project, Buffer.from(snapshot.root, "hex"), dest, deadlineIn(60_000));
  } finally {
    store.close();
  }
}

describe("a copy of the tree from loopkit's record", () => {
  it("writes files with their modes and links as links; links dependency folders entry by entry; leaves out caches and .git", async () => {
    p.write("src/a.js", "a");
    const script = p.write("bin/run.sh", "#!/bin/sh\n");
    p.write("node_modules/dep/index.js", "dep");
    p.write("node_modules/.vite/results.json", "{}");
    p.write("node_modules/.cache/x", "x");
    p.write(".git/HEAD", "ref: refs/heads/main\n");
    p.write("__pycache__/a.pyc", "pyc");
    p.write(".auto-loop/logs/verifier.log", "log");
    p.write("dist/out.js", "built");
    chmodSync(script, 0o755);
    symlinkSync("src/a.js", path.join(p.project, "link.js"));
    await copy();
    expect(readFileSync(path.join(dest, "src/a.js"), "utf8")).toBe("a");
    expect(statSync(path.join(dest, "bin/run.sh")).mode & 0o777).toBe(0o755);
    expect(readlinkSync(path.join(dest, "link.js"))).toBe("src/a.js");
    expect(readFileSync(path.join(dest, "dist/out.js"), "utf8")).toBe("built");
    expect(lstatSync(path.join(dest, "node_modules")).isDirectory()).toBe(true);
    expect(readlinkSync(path.join(dest, "node_modules/dep"))).toBe(path.join(p.project, "node_modules/dep"));
    for (const gone of ["node_modules/.vite", "node_modules/.cache", ".git", "__pycache__", ".auto-loop"])
      expect(existsSync(path.join(dest, gone)), gone).toBe(false);
  });

  it("lists the files outside dependency folders and caches", async () => {
    p.write("src/a.js", "a");
    p.write("test/a.test.js", "t");
    p.write("node_modules/dep/index.test.js", "dep");
    p.write("packages/x/vendor/y_test.go", "v");
    const { snapshot } = await takeSnapshot({ dataDir: p.data, projectDir: p.project, deadline: deadlineIn(60_000) });
    const store = openStore(p.data, p.project);
    try {
      expect(listFiles(store, Buffer.from(snapshot.root, "hex")).map((file) => file.path)).toEqual(["src/a.js", "test/a.test.js"]);
    } finally {
      store.close();
    }
  });

  it("copies a file the record did not keep (over 1 MiB) only while it is the recorded one", async () => {
    const big = p.write("fixtures/big.bin", Buffer.alloc(2 * 1024 * 1024, 7));
    await copy();
    expect(statSync(path.join(dest, "fixtures/big.bin")).size).toBe(2 * 1024 * 1024);
    const { snapshot } = await takeSnapshot({ dataDir: p.data, projectDir: p.project, deadline: deadlineIn(60_000) });
    writeFileSync(big, Buffer.alloc(2 * 1024 * 1024, 8));
    const store = openStore(p.data, p.project);
    const again = path.join(p.root, "again");
    mkdirSync(again);
    try {
      expect(() => copyTree(store, p.project, Buffer.from(snapshot.root, "hex"), again, deadlineIn(60_000))).toThrow(
        /no longer what loopkit recorded/,
      );
    } finally {
      store.close();
    }
  });
});
