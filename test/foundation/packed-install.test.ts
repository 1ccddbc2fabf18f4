// loopkit as a person installs it: `npm pack`, then `npm i -g <tarball>` into a scratch prefix, offline,
// and the `loopkit` command that gives, run from a folder far from this repository.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(path.join(os.tmpdir(), "loopkit packed "));
const prefix = path.join(scratch, "prefix");
const home = path.join(scratch, "home");
const isWindows = process.platform === "win32";
const bin = isWindows ? path.join(prefix, "loopkit.cmd") : path.join(prefix, "bin", "loopkit");
const npm = (args: string[], cwd: string) =>
  execFileSync(isWindows ? "npm.cmd" : "npm", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, npm_config_update_notifier: "false" },
    shell: isWindows,
  });

beforeAll(() => {
  mkdirSync(home);
  const packed = JSON.parse(npm(["pack", "--json", "--pack-destination", scratch], root)) as { filename: string }[];
  npm(
    ["install", "--global", "--prefix", prefix, "--offline", "--no-audit", "--no-fund", path.join(scratch, packed[0]!.filename)],
    scratch,
  );
}, 120_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The installed command, in a clean environment: no LOOPKIT_* or CLAUDE_* variable, a fresh HOME. */
function loopkit(args: string[], input = "") {
  const result = spawnSync(bin, args, {
    cwd: home,
    input,
    encoding: "utf8",
    shell: isWindows,
    env: { PATH: process.env.PATH ?? "", HOME: home, USERPROFILE: home },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("the packed, installed loopkit command", () => {
  it("ships the plugin folder (bundle, skills, hooks, schemas), and no sources or tests", () => {
    const installed = path.join(prefix, isWindows ? "" : "lib", "node_modules", "loopkit");
    expect(readdirSync(installed).sort()).toEqual(["LICENSE", "README.md", "package.json", "plugins"]);
    expect(readdirSync(path.join(installed, "plugins", "loopkit")).sort()).toEqual(
      readdirSync(path.join(root, "plugins", "loopkit")).sort(),
    );
  });

  it("prints its help and version", () => {
    const help = loopkit(["--help"]);
    expect(help).toMatchObject({ code: 0, stderr: "" });
    expect(help.stdout).toMatch(/Usage: loopkit/);
    const version = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version as string;
    expect(loopkit(["--version"]).stdout.trim()).toBe(version);
  });

  it("answers a read-only command with its exit code and leaves HOME as it was", () => {
    expect(loopkit(["repeat", "--status"])).toMatchObject({ code: 8 });
    expect(loopkit(["auto-loop", "--status", "--json"]).code).toBe(8);
    expect(readdirSync(home)).toEqual([]);
  });

  it("lists no history and prints no status line on a machine where no loop ran", () => {
    expect(loopkit(["history", "--json"])).toMatchObject({ code: 0, stdout: `${JSON.stringify({ version: 1, runs: [] }, null, 2)}\n` });
    expect(loopkit(["statusline"], JSON.stringify({ session_id: "s-1", cwd: home }))).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(readdirSync(home)).toEqual([]);
  });

  it("exits 2 for a usage error", () => {
    expect(loopkit(["no-such-command"]).code).toBe(2);
    expect(loopkit(["repeat", "--iterations"]).code).toBe(2);
  });

  it("runs every `loopkit <command>` the docs show, at least as far as its help", () => {
    const docs = [
      "README.md",
      ...["repeat", "auto-loop"].flatMap((skill) =>
        readdirSync(path.join(root, "plugins", "loopkit", "skills", skill, "references")).map((name) =>
          path.join("plugins", "loopkit", "skills", skill, "references", name),
        ),
      ),
    ];
    const commands = new Set<string>();
    for (const doc of docs) {
      // Commands as the docs show them: in inline code (`loopkit run ...`) or on a line of a code block.
      const parts = readFileSync(path.join(root, doc), "utf8").split(/^```.*$/m);
      parts.forEach((part, index) => {
        const pattern = index % 2 === 1 ? /^loopkit ([a-z][a-z-]*)/gm : /`loopkit ([a-z][a-z-]*)/g;
        for (const match of part.matchAll(pattern)) commands.add(match[1]!);
      });
    }
    expect(commands).toContain("run");
    // An unknown command exits 2 (commander: "unknown command"), so each of these is a real one.
    for (const name of commands)
      expect(loopkit([name, "--help"]), `the docs show \`loopkit ${name}\``).toMatchObject({ code: 0, stderr: "" });
  });
});
