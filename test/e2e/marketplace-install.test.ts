// loopkit installed as a person installs it, into a fresh HOME, offline: `claude plugin marketplace add`
// then `claude plugin install loopkit@loopkit`, from the checkout's folder and from a git repository of
// it (as `owner/repo` is from GitHub: a clone, here over smart HTTP on 127.0.0.1), then a loop run with
// no --plugin-dir. Claude Code runs `npm ci` (or bun) in the plugin cache when the plugin root holds a
// package.json and a lockfile (seen with the old top-level layout: 1.2 GB online): every package
// manager on PATH is a stand-in that logs its call and fails, npm's cache and registry point into the
// sandbox, and the fake model logs any request that is not the Messages API.
import { execFileSync } from "node:child_process";
import {
  appendFileSync,
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeModel } from "./harness/fake-model.js";
import { startGitServer, type GitServer } from "./harness/git-http.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import {
  CLAUDE_VERSION,
  claudeCommand,
  claudeEnv,
  PLUGIN_DIR,
  REPO_ROOT,
  runClaude,
  traceNodeProcesses,
  type ClaudeRun,
  type Sandbox,
} from "./harness/run-claude.js";
import { iterationScript, readStats, repeatEnv, result, type IterationSeen } from "./repeat-helpers.js";

/** What the plugin cache may hold after the install (issue 18: at most 5 MB; the bundle is about 1 MB). */
const CACHE_LIMIT_BYTES = 5 * 1024 * 1024;
const PACKAGE_MANAGERS = ["npm", "npx", "bun", "yarn", "pnpm"];

let model: FakeModel;
let sandbox: Sandbox;
let env: Record<string, string>;
let managerLog: string;
/** The model and a fresh HOME for each install, with every package manager a stand-in that logs its call and fails. */
const useModelAndHome = () =>
  useModelAndSandbox(
    {
      sandbox: "file",
      setUp: ({ sandbox: world, model: fake }) => {
        const shims = path.join(world.root, "package managers");
        managerLog = path.join(world.root, "package-manager-calls.log");
        mkdirSync(shims);
        for (const name of PACKAGE_MANAGERS) {
          writeFileSync(path.join(shims, name), `#!/bin/sh\necho "${name} $* (in $PWD)" >> '${managerLog}'\nexit 1\n`);
          chmodSync(path.join(shims, name), 0o755);
        }
        env = {
          PATH: `${shims}${path.delimiter}${claudeEnv(fake, world).PATH}`,
          npm_config_cache: path.join(world.root, "npm cache"),
          npm_config_registry: fake.url,
        };
      },
    },
    (world) => ({ model, sandbox } = world),
  );

/** The checkout as a fresh clone has it (no node_modules, no .git), in a folder whose path has a space. */
function copyCheckout(): string {
  const checkout = path.join(sandbox.root, "loopkit checkout");
  const skip = new Set(["node_modules", ".git", ".tmp", "coverage"].map((name) => path.join(REPO_ROOT, name)));
  cpSync(REPO_ROOT, checkout, { recursive: true, filter: (source) => !skip.has(source) });
  return checkout;
}

/** Bytes of every file under a folder, links not followed (what the install put on disk). */
function sizeOf(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => {
    const stat = lstatSync(path.join(dir, name));
    return sum + (stat.isDirectory() ? sizeOf(path.join(dir, name)) : stat.size);
  }, 0);
}

function foldersNamed(dir: string, name: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory()) return [];
    const full = path.join(dir, entry.name);
    return entry.name === name ? [full] : foldersNamed(full, name);
  });
}

const claude = (args: string[]) => claudeCommand({ model, sandbox, args, env });
const plugins = () => path.join(sandbox.home, ".claude", "plugins");
const managerCalls = () => (existsSync(managerLog) ? readFileSync(managerLog, "utf8") : "");

let gitServer: GitServer;
let gitRoot: string;
beforeAll(async () => {
  gitRoot = mkdtempSync(path.join(os.tmpdir(), "loopkit git "));
  gitServer = await startGitServer(gitRoot);
});
afterAll(async () => {
  await gitServer?.close();
  rmSync(gitRoot, { recursive: true, force: true });
});

/** A bare repository of the checkout copy, committed as a clone of the repository would have it. */
function publish(checkout: string): string {
  const git = (cwd: string, ...args: string[]) =>
    execFileSync("git", args, { cwd, env: { PATH: process.env.PATH ?? "", HOME: sandbox.home, GIT_CONFIG_NOSYSTEM: "1" }, stdio: "pipe" });
  git(checkout, "init", "-q", "-b", "main");
  git(checkout, "add", "-A");
  git(
    checkout,
    "-c",
    "user.name=loopkit test",
    "-c",
    "user.email=test@loopkit.invalid",
    "-c",
    "commit.gpgsign=false",
    "commit",
    "-q",
    "-m",
    "loopkit",
  );
  const name = `loopkit-${path.basename(sandbox.root).replace(/\W/g, "")}.git`;
  git(gitRoot, "clone", "-q", "--bare", checkout, name);
  return `${gitServer.url}/${name}`;
}

describe.each([
  // A folder marketplace is served in place: the session runs the plugin from the folder it lists,
  // and the cache copy is what an install writes (and where the old layout's `npm ci` ran).
  {
    source: "the checkout's folder",
    add: (checkout: string) => checkout,
    runsFrom: (checkout: string) => path.join(checkout, "plugins", "loopkit"),
  },
  // A git marketplace is cloned, and the session runs the installed copy in the cache.
  { source: "a git repository of the checkout", add: publish, runsFrom: (_checkout: string, installPath: string) => installPath },
])("loopkit installed from $source", ({ source, add, runsFrom }) => {
  // One install and one loop per source, in a fresh HOME; each test checks one thing of what they did.
  useModelAndHome();
  let checkout: string;
  let added: Awaited<ReturnType<typeof claude>>;
  let installed: Awaited<ReturnType<typeof claude>>;
  let installPath: string;
  let afterInstall: { managerCalls: string; npmCache: boolean; nodeModules: string[]; bytes: number };
  let strict: Awaited<ReturnType<typeof claude>>;
  let run: ClaudeRun;
  let seen: IterationSeen[];
  let scripts: string[];
  beforeAll(async () => {
    checkout = copyCheckout();
    added = await claude(["plugin", "marketplace", "add", add(checkout)]);
    installed = await claude(["plugin", "install", "loopkit@loopkit"]);
    const record = JSON.parse(readFileSync(path.join(plugins(), "installed_plugins.json"), "utf8"));
    installPath = record.plugins["loopkit@loopkit"][0].installPath;
    const bytes = sizeOf(path.join(plugins(), "cache"));
    afterInstall = {
      managerCalls: managerCalls(),
      npmCache: existsSync(env.npm_config_cache!),
      nodeModules: foldersNamed(plugins(), "node_modules"),
      bytes,
    };
    // For .ci/run's last lines: the figure itself, per version and source.
    appendFileSync(
      path.join(REPO_ROOT, ".tmp", `marketplace-install-${CLAUDE_VERSION}.txt`),
      `marketplace install on Claude Code ${CLAUDE_VERSION}, from ${source}: ${bytes} bytes in the plugin cache, no package manager run\n`,
    );
    strict = await claude(["plugin", "validate", "--strict", installPath]);

    const trace = await traceNodeProcesses(sandbox);
    const script = iterationScript([result("REPEAT-RESULT: pass - README.md is there"), result("REPEAT-RESULT: pass - still there")]);
    seen = script.seen;
    model.setScript(script.script);
    run = await runClaude({
      model,
      sandbox,
      pluginDir: null,
      prompt: '/loopkit:repeat 1s --iterations 2 "check that README.md exists"',
      env: { ...env, ...trace.env, ...repeatEnv(sandbox, { LOOPKIT_REPEAT_MIN_INTERVAL_MS: "1000" }) },
      timeoutMs: 120_000,
    });
    scripts = (await trace.read()).map((p) => p.argv[1]!);
  }, 240_000);

  it("adds the marketplace and installs the plugin into the plugin cache, the plugin folder as it is in the checkout", () => {
    expect(added.stdout + added.stderr, "marketplace add").toMatch(/Successfully added marketplace: loopkit/);
    expect(added.exitCode).toBe(0);
    expect(installed.stdout + installed.stderr, "plugin install").toMatch(/Successfully installed plugin: loopkit@loopkit/);
    expect(installed.exitCode).toBe(0);
    expect(installPath.startsWith(path.join(plugins(), "cache") + path.sep)).toBe(true);
    // The cache holds the plugin folder as it is in the checkout (and, from git, Claude Code's empty .in_use/).
    expect(
      readdirSync(installPath)
        .filter((name) => name !== ".in_use")
        .sort(),
    ).toEqual(readdirSync(PLUGIN_DIR).sort());
  });

  it("installs with nothing fetched: no package manager run, no npm cache, no node_modules anywhere", () => {
    expect(afterInstall.managerCalls, "package manager calls").toBe("");
    expect(afterInstall.npmCache, "npm's cache was created").toBe(false);
    expect(afterInstall.nodeModules).toEqual([]);
  });

  it("takes at most 5 MB in the plugin cache", () => {
    expect(afterInstall.bytes, `the plugin cache holds ${afterInstall.bytes} bytes`).toBeLessThanOrEqual(CACHE_LIMIT_BYTES);
  });

  it("passes validate --strict as installed", () => {
    expect(strict.stdout).toContain("Validation passed");
    expect(strict.stdout).not.toMatch(/warning/i);
    expect(strict.exitCode).toBe(0);
  });

  it("runs a repeat loop with no --plugin-dir", () => {
    expect(run.exitCode, run.stderr).toBe(0);
    expect(seen.map((s) => s.iteration)).toEqual([1, 2]);
    expect(readStats(sandbox).loop_runs).toEqual([
      expect.objectContaining({
        max_iterations: 2,
        final_status: "COMPLETED",
        iterations: [expect.objectContaining({ result: "pass" }), expect.objectContaining({ result: "pass" })],
      }),
    ]);
  });

  it("runs the installed plugin's bundle in every node process Claude Code starts (the skill's command, the hooks)", () => {
    const root = runsFrom(checkout, installPath);
    expect(scripts).toContain(path.join(root, "dist", "cli.js"));
    expect(scripts).toContain(path.join(root, "dist", "hook.cjs"));
    expect(scripts.filter((file) => !file.startsWith(root + path.sep))).toEqual([]);
  });

  it("keeps the loop's files in the installed plugin's own data folder (a --plugin-dir session's is loopkit-inline)", () => {
    expect(readdirSync(path.join(plugins(), "data"))).toEqual(["loopkit-loopkit"]);
    expect(readdirSync(path.join(plugins(), "data", "loopkit-loopkit"))).toContain("repeat");
  });

  it("fetches nothing while the loop runs either: no package manager, no request but the Messages API", () => {
    expect(managerCalls()).toBe("");
    expect(model.unexpected).toEqual([]);
  });
});
