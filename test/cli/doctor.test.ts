// `loopkit doctor` on a made-up machine: a claude of a tested version, loopkit installed as a plugin
// from this repository, and no codex.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { runLoopkit } from "./cli-io.js";

const plugin = path.resolve(import.meta.dirname, "../../plugins/loopkit");
let home: string;
beforeEach(() => {
  home = mkdtempSync(path.join(os.tmpdir(), "loopkit doctor "));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

function fakeClaude(version: string): string {
  const file = path.join(home, "claude");
  writeFileSync(file, `#!/bin/sh\necho "${version} (Claude Code)"\n`);
  chmodSync(file, 0o755);
  return file;
}

/** A copy of the plugin's hooks.json, changed by `edit`, with an empty dist/hook.cjs beside it. */
function pluginWith(edit: (hooks: Record<string, { matcher?: string }[]>) => void): string {
  const dir = path.join(home, "plugin copy");
  mkdirSync(path.join(dir, "hooks"), { recursive: true });
  mkdirSync(path.join(dir, "dist"), { recursive: true });
  writeFileSync(path.join(dir, "dist", "hook.cjs"), "");
  const json = JSON.parse(readFileSync(path.join(plugin, "hooks", "hooks.json"), "utf8"));
  edit(json.hooks);
  writeFileSync(path.join(dir, "hooks", "hooks.json"), JSON.stringify(json));
  return dir;
}

function install(enabled: boolean, installPath = plugin) {
  mkdirSync(path.join(home, ".claude", "plugins"), { recursive: true });
  writeFileSync(
    path.join(home, ".claude", "plugins", "installed_plugins.json"),
    JSON.stringify({ version: 2, plugins: { "loopkit@loopkit": [{ scope: "user", installPath }] } }),
  );
  writeFileSync(path.join(home, ".claude", "settings.json"), JSON.stringify({ enabledPlugins: { "loopkit@loopkit": enabled } }));
}

const doctor = (claude: string, codex = path.join(home, "no-codex")) =>
  runLoopkit(["doctor"], {
    env: {
      HOME: home,
      PATH: process.env.PATH ?? "",
      LOOPKIT_CLAUDE_BIN: claude,
      LOOPKIT_CODEX_BIN: codex,
      LOOPKIT_STATS_FILE: path.join(home, "stats.json"),
    },
    cwd: home,
  });

/** A codex that answers what the preflight asks: its version, the goals feature on, and `login status` (exit 1: logged out). */
function fakeCodex(loggedIn: boolean): string {
  const file = path.join(home, "codex");
  writeFileSync(
    file,
    `#!/bin/sh\ncase "$1" in\n  --version) echo "codex-cli 0.171.0" ;;\n  features) echo "goals experimental true" ;;\n  login) ${loggedIn ? 'echo "Logged in using ChatGPT"' : 'echo "Not logged in"; exit 1'} ;;\nesac\n`,
  );
  chmodSync(file, 0o755);
  return file;
}

it.skipIf(process.platform === "win32")("a logged-out Codex is worth knowing, not fine; a logged-in one is", async () => {
  install(true);
  const out = await doctor(fakeClaude("2.1.332"), fakeCodex(false));
  expect(out.stdout).toMatch(/^! codex \(--codex\)\s+.*0\.171\.0, goals on, NOT logged in: --codex needs `codex login`/m);
  expect(out.code).toBe(0);
  const logged = await doctor(fakeClaude("2.1.332"), fakeCodex(true));
  expect(logged.stdout).toMatch(/^✓ codex \(--codex\)\s+.*goals on, logged in$/m);
});

it.skipIf(process.platform === "win32")("reports each part, tested versions and the plugin's hooks, and changes nothing", async () => {
  install(true);
  const claude = fakeClaude("2.1.197");
  const before = readdirSync(home).sort();
  const result = await doctor(claude);
  expect(result.code).toBe(0);
  expect(result.stdout).toMatch(/^✓ Claude Code\s+2\.1\.197 .*a version loopkit is tested with$/m);
  expect(result.stdout).toMatch(/^✓ loopkit data\s+none yet/m);
  expect(result.stdout).toMatch(
    /^✓ plugin hooks\s+loopkit@loopkit enabled, hooks Stop, SessionStart, UserPromptSubmit, UserPromptExpansion, StopFailure, SessionEnd \(/m,
  );
  expect(result.stdout).toMatch(/^! codex \(--codex\)\s+not usable: the Codex CLI could not be run/m);
  expect(readdirSync(home).sort()).toEqual(before);
});

it.skipIf(process.platform === "win32").each([
  ["no UserPromptExpansion hook", (hooks: Record<string, { matcher?: string }[]>) => delete hooks.UserPromptExpansion],
  [
    "a matcher that leaves out auto-loop",
    (hooks: Record<string, { matcher?: string }[]>) => (hooks.UserPromptExpansion![0]!.matcher = "^loopkit:repeat$"),
  ],
])("flags a plugin whose typed commands would do nothing: %s", async (_name, edit) => {
  install(true, pluginWith(edit));
  const result = await doctor(fakeClaude("2.1.332"));
  expect(result.stdout).toMatch(
    /^✗ plugin hooks\s+loopkit@loopkit enabled, hooks .*, MISSING UserPromptExpansion \(typed \/loopkit:repeat and \/loopkit:auto-loop do nothing without it\)/m,
  );
  expect(result.code).toBe(1);
});

it.skipIf(process.platform === "win32")(
  "flags an untested version, one older than the oldest tested, a disabled plugin and a missing claude",
  async () => {
    install(false);
    const untested = await doctor(fakeClaude("2.1.250"));
    expect(untested.stdout).toMatch(/^! Claude Code\s+2\.1\.250 .*loopkit is tested with 2\.1\.197 and 2\.1\.332$/m);
    expect(untested.stdout).toMatch(/^✗ plugin hooks\s+loopkit@loopkit NOT enabled/m);
    expect(untested.code).toBe(1);
    install(true);
    for (const old of ["2.1.99", "2.0.1"]) {
      const older = await doctor(fakeClaude(old));
      expect(older.stdout).toMatch(
        new RegExp(
          `^✗ Claude Code\\s+${old.replaceAll(".", "\\.")} .*older than 2\\.1\\.197, the oldest version loopkit is tested with`,
          "m",
        ),
      );
      expect(older.code).toBe(1);
    }
    expect((await doctor(fakeClaude("2.1.400"))).code).toBe(0);
    const missing = await doctor(path.join(home, "no-claude"));
    expect(missing.stdout).toMatch(/^✗ Claude Code\s+".*no-claude" could not be run/m);
    expect(missing.code).toBe(1);
  },
);

it.skipIf(process.platform === "win32")(
  "finds the sandbox launcher when run as the loopkit command (bin/loopkit) and through a link to it",
  async () => {
    const link = path.join(home, "global-bin", "loopkit");
    mkdirSync(path.dirname(link));
    symlinkSync(path.join(plugin, "bin", "loopkit"), link);
    for (const command of [path.join(plugin, "bin", "loopkit"), link]) {
      const result = spawnSync(process.execPath, [command, "doctor"], {
        cwd: home,
        env: {
          HOME: home,
          PATH: process.env.PATH ?? "",
          LOOPKIT_CLAUDE_BIN: fakeClaude("2.1.197"),
          LOOPKIT_CODEX_BIN: path.join(home, "none"),
        },
        encoding: "utf8",
      });
      expect(result.stdout).toMatch(/^. sandbox /m);
      // Whether a sandbox starts depends on the machine; that loopkit finds its own launcher does not.
      expect(result.stdout).not.toMatch(/sandbox launcher \(dist\/sandbox-exec\.js\) is not installed/);
    }
  },
);

it.skipIf(process.platform === "win32")("names the data folder terminal commands use, and the others that hold state", async () => {
  install(true);
  const inline = path.join(home, ".claude", "plugins", "data", "loopkit-inline");
  const market = path.join(home, ".claude", "plugins", "data", "loopkit-loopkit");
  for (const [dir, seconds] of [
    [inline, 1_000],
    [market, 2_000],
  ] as const) {
    mkdirSync(path.join(dir, "sessions"), { recursive: true });
    utimesSync(path.join(dir, "sessions"), seconds, seconds);
  }
  const result = await doctor(fakeClaude("2.1.332"));
  expect(result.stdout).toContain(
    `✓ loopkit data     ${market} (written to last; ${inline} holds state too: --plugin-data <dir> or LOOPKIT_DATA_DIR picks it), holding`,
  );
});
