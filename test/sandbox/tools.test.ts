import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findTool } from "../../src/sandbox/tools.js";

let root: string;
beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "loopkit tools ")));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function tool(dir: string, name = "bwrap"): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, "#!/bin/sh\n");
  chmodSync(file, 0o755);
  return file;
}

describe.skipIf(process.platform === "win32")("findTool", () => {
  it("skips PATH entries inside the project, relative entries and non-executables, and gives the real path", () => {
    const project = path.join(root, "project");
    tool(path.join(project, "node_modules", ".bin"));
    const plain = path.join(root, "plain");
    mkdirSync(plain);
    writeFileSync(path.join(plain, "bwrap"), "not executable");
    const real = tool(path.join(root, "system"));
    const linked = path.join(root, "linked");
    mkdirSync(linked);
    symlinkSync(real, path.join(linked, "bwrap"));
    const PATH = [path.join(project, "node_modules", ".bin"), "node_modules/.bin", plain, linked].join(path.delimiter);
    expect(findTool("bwrap", PATH, project)).toBe(real);
  });

  it("skips a link outside the project that leads into it, and a folder outside that is a link into it", () => {
    const project = path.join(root, "project");
    const planted = tool(path.join(project, "bin"));
    const outside = path.join(root, "outside");
    mkdirSync(outside);
    symlinkSync(planted, path.join(outside, "bwrap"));
    symlinkSync(path.join(project, "bin"), path.join(root, "dir-link"));
    expect(findTool("bwrap", [outside, path.join(root, "dir-link")].join(path.delimiter), project)).toBeNull();
  });
});
