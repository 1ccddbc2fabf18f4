import { execFileSync } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GuardedFolder, readRegularFile } from "../../src/shared/guarded-files.js";

let root: string;
let outside: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "loopkit guarded "));
  outside = mkdtempSync(path.join(os.tmpdir(), "loopkit outside "));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe.skipIf(process.platform === "win32")("GuardedFolder", () => {
  it("never writes through a linked parent folder: the link is moved aside and a real folder made", async () => {
    mkdirSync(path.join(root, "a"));
    symlinkSync(outside, path.join(root, "a", "logs"));
    const folder = new GuardedFolder(root);
    await folder.writeFile("a/logs/x.log", "chosen content");
    await folder.append("a/logs/y.log", "more");
    expect(readdirSync(outside)).toEqual([]);
    expect(lstatSync(path.join(root, "a", "logs")).isDirectory()).toBe(true);
    expect(readFileSync(path.join(root, "a", "logs", "x.log"), "utf8")).toBe("chosen content");
    expect(folder.planted).toEqual([{ path: "a/logs", found: "a symbolic link", keptAs: expect.stringMatching(/^a\/logs-foreign-/) }]);
  });

  it("reads nothing through a linked parent, a link, a FIFO or a folder, and caps what it reads", async () => {
    writeFileSync(path.join(outside, "secret"), "secret");
    symlinkSync(outside, path.join(root, "linked"));
    symlinkSync(path.join(outside, "secret"), path.join(root, "link"));
    execFileSync("mkfifo", [path.join(root, "fifo")]);
    mkdirSync(path.join(root, "dir"));
    writeFileSync(path.join(root, "big"), "x".repeat(10_000));
    const folder = new GuardedFolder(root);
    for (const name of ["linked/secret", "link", "fifo", "dir", "missing"]) expect(await folder.read(name, 100), name).toBeNull();
    expect(await folder.read("big", 100)).toMatchObject({ size: 10_000, truncated: true });
    expect(await readRegularFile(path.join(root, "fifo"), 100)).toBeNull();
    expect(folder.planted).toEqual([]);
  });

  it("refuses a path that climbs out of the root", async () => {
    await expect(new GuardedFolder(root).writeFile("../escape", "x")).rejects.toThrow(/not a path below/);
  });
});
