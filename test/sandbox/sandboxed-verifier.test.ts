// The verifier under the real sandbox (bubblewrap here, through loopkit's built launcher): what it may
// write and reach, that a timeout still ends its whole tree, that its output stays bounded, and what
// happens where no sandbox can start. The policy's expected table is Claude Code's own, measured with
// the same probe in the agent's Bash (2.1.197 and 2.1.332; test/e2e/sandbox.test.ts compares them live).
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  chmodSync,
} from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { watchMountFolders } from "../../src/auto-loop/hooks/turn-record.js";
import { runVerifier, type VerifierOptions } from "../../src/auto-loop/runners/verifier.js";
import { changesSince } from "../../src/evidence/changes-since.js";
import { takeSnapshot } from "../../src/evidence/snapshot.js";
import { judgeVerification } from "../../src/evidence/verification.js";
import { deadlineIn } from "../../src/shared/deadline.js";
import { checkSandbox } from "../../src/sandbox/availability.js";
import type { AgentSandbox } from "../../src/sandbox/choice.js";
import { builtPlugin } from "../support/built-plugin.js";
import { runCli } from "../support/bundle-driver.js";
import { CLAUDE_CODE_SANDBOX, SANDBOX_PROBE } from "../fixtures/claude-code-sandbox.js";
import { requireSystemTools } from "../support/system-tools.js";

const PROBE = SANDBOX_PROBE;

const SANDBOXED: AgentSandbox = { agent: "sandboxed", how: "test", fail_if_unavailable: false };
const linux = process.platform === "linux";
/** The real sandbox here is bubblewrap, with socat and ripgrep (what @anthropic-ai/sandbox-runtime runs). */
const tools = linux ? requireSystemTools(["bwrap", "socat", "rg"]) : { skip: true };

let server: http.Server;
let port: number;
beforeAll(async () => {
  server = http.createServer((_req, res) => res.end("hello from the host"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

let root: string;
let home: string;
let project: string;
beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "loopkit sandboxed ")));
  home = path.join(root, "home");
  project = path.join(root, "my project");
  mkdirSync(home);
  mkdirSync(path.join(project, ".claude"), { recursive: true });
  execFileSync("git", ["init", "-q", project]);
  writeFileSync(path.join(project, ".claude", "settings.json"), "{}");
  writeFileSync(path.join(project, ".claude", "settings.local.json"), "{}");
  writeFileSync(path.join(home, ".probe-readable"), "x");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const launcher = () => path.join(builtPlugin().dir, "dist", "sandbox-exec.js");
const env = (extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH ?? "",
  HOME: home,
  LANG: "C.UTF-8",
  PROBE_PORT: String(port),
  ...extra,
});
const verify = (command: string, options: Partial<VerifierOptions> & { env?: Record<string, string>; timeoutMs?: number } = {}) =>
  runVerifier(command, project, options.timeoutMs ?? 60_000, options.env ?? env(), {
    sandbox: options.sandbox ?? SANDBOXED,
    launcher: launcher(),
  });

/** A PATH folder with every program of this PATH but `names` (node, git, sh stay reachable). */
function pathWithout(names: string[]): string {
  const dir = path.join(root, `path-without-${names.join("-")}`);
  mkdirSync(dir);
  for (const source of (process.env.PATH ?? "").split(path.delimiter)) {
    let entries: string[] = [];
    try {
      entries = readdirSync(source);
    } catch {
      continue;
    }
    for (const name of entries) {
      if (names.includes(name) || existsSync(path.join(dir, name))) continue;
      symlinkSync(path.join(source, name), path.join(dir, name));
    }
  }
  return dir;
}

describe.skipIf(tools.skip)("the verifier under the sandbox", () => {
  it("may do exactly what Claude Code's sandbox lets the agent do", async () => {
    const result = await verify(`node "${PROBE}" probe.json`);
    expect(result).toMatchObject({ exitCode: 0, passed: true, sandbox: "sandboxed" });
    const probe = JSON.parse(readFileSync(path.join(project, "probe.json"), "utf8"));
    const { TMPDIR: tmp, seccomp, ...policy } = probe;
    expect(policy).toEqual(CLAUDE_CODE_SANDBOX);
    expect(seccomp).toMatch(/Seccomp:\s+2/);
    expect(tmp).toMatch(/loopkit-sandbox-/);
    expect(existsSync(tmp)).toBe(false);
  });

  it("cannot write outside the project; the refusal is in its output, captured by loopkit", async () => {
    const config = readFileSync(path.join(project, ".git", "config"), "utf8");
    const result = await verify(`echo x > "$HOME/escape"; echo planted > .git/config; echo z > inside.txt && echo wrote-inside`);
    expect(existsSync(path.join(home, "escape"))).toBe(false);
    expect(readFileSync(path.join(project, ".git", "config"), "utf8")).toBe(config);
    expect(readFileSync(path.join(project, "inside.txt"), "utf8")).toBe("z\n");
    expect(result.output).toMatch(/escape: Read-only file system/);
    expect(result.output).toContain("wrote-inside");
  });

  it("leaves no mount point behind in the project for a denied path that was absent", async () => {
    rmSync(path.join(project, ".claude"), { recursive: true });
    await verify("true");
    expect(existsSync(path.join(project, ".claude"))).toBe(false);
  });

  it("does not void an honest pass by the mount points it makes and removes, but still sees an entry the verifier makes and removes beside them", async () => {
    const data = path.join(root, "data");
    mkdirSync(data);
    writeFileSync(path.join(project, "test.js"), "process.exit(0);\n");
    const judge = async (command: string, watched = true) => {
      const turn = await takeSnapshot({ dataDir: data, projectDir: project, deadline: deadlineIn(60_000) });
      const watch = watchMountFolders(turn, project);
      for (let run = 0; run < 2; run++) expect((await verify(command)).exitCode).toBe(0);
      const mounts = await watch.stop();
      const found = await changesSince(turn, { dataDir: data, projectDir: project, deadline: deadlineIn(60_000) });
      return judgeVerification(found, {
        projectDir: project,
        verifyCommand: command,
        protect: [],
        git: turn.snapshot.git,
        ...(watched ? { mounts } : {}),
      });
    };
    expect((await judge("node test.js")).voided).toBeNull();
    // Without knowing the sandbox made them, the project's top changed its times while listing the same entries.
    expect((await judge("node test.js", false)).voided).toMatch(/\.\/: its times changed but it lists the same entries/);
    // An entry the verifier makes and removes where the mount points are (an extension-less `answer` loaded before answer.js).
    expect((await judge("touch answer && rm answer && node test.js")).voided).toMatch(/\.\/: its times changed/);
    // And where they are not.
    mkdirSync(path.join(project, "src"));
    expect((await judge("touch src/parser && rm src/parser && node test.js")).voided).toMatch(/src\/: its times changed/);
    // A file it writes and keeps is judged as that file.
    expect((await judge("node test.js > out.log")).voided).toBeNull();
  }, 180_000);

  it("reaches the network only where the person's own settings allow it, never by the project's", async () => {
    const viaProxy = `node -e '
      const u = new URL(process.env.HTTP_PROXY);
      const auth = "Basic " + Buffer.from(decodeURIComponent(u.username) + ":" + decodeURIComponent(u.password)).toString("base64");
      require("http").get({ host: u.hostname, port: u.port, path: "http://127.0.0.1:${port}/", headers: { "proxy-authorization": auth } }, (r) => { let b = ""; r.on("data", (c) => (b += c)); r.on("end", () => console.log("status", r.statusCode, b)); }).on("error", (e) => console.log("error", e.code));'`;
    writeFileSync(
      path.join(project, ".claude", "settings.json"),
      JSON.stringify({ sandbox: { network: { allowedDomains: [`127.0.0.1:${port}`] } } }),
    );
    expect((await verify(viaProxy)).output).not.toContain("hello from the host");
    mkdirSync(path.join(home, ".claude"));
    writeFileSync(
      path.join(home, ".claude", "settings.json"),
      JSON.stringify({ sandbox: { network: { allowedDomains: [`127.0.0.1:${port}`] } } }),
    );
    expect((await verify(viaProxy)).output).toContain("status 200 hello from the host");
  });

  it("keeps what the person's settings deny reading out of its reach", async () => {
    mkdirSync(path.join(home, ".claude"));
    mkdirSync(path.join(home, "secrets"));
    writeFileSync(path.join(home, "secrets", "key"), "s3cret");
    writeFileSync(path.join(home, ".claude", "settings.json"), JSON.stringify({ sandbox: { filesystem: { denyRead: ["~/secrets"] } } }));
    const result = await verify(`cat "$HOME/secrets/key"; echo done`);
    expect(result.output).not.toContain("s3cret");
    expect(result.output).toContain("done");
  });

  it("still ends its whole tree on timeout, sandboxed processes included", async () => {
    const sleep = `sleep ${300 + (process.pid % 997) / 1000 + 0.0001}`;
    const result = await verify(`${sleep} & (setsid ${sleep} &); ${sleep}`, { timeoutMs: 1_500 });
    expect(result).toMatchObject({ passed: false, timedOut: true, sandbox: "sandboxed" });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const alive = readdirSync("/proc")
      .filter((pid) => /^\d+$/.test(pid))
      .filter((pid) => {
        try {
          return (
            readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").includes(sleep) &&
            !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"))
          );
        } catch {
          return false;
        }
      });
    expect(alive).toEqual([]);
    expect(existsSync(path.join(project, ".claude", "settings.json"))).toBe(true);
  }, 30_000);

  it("keeps only a bounded head and tail of 100 MB of output", async () => {
    const result = await verify("head -c 100000000 /dev/zero | tr '\\0' 'a'; echo; echo the-end");
    expect(result).toMatchObject({ exitCode: 0, sandbox: "sandboxed" });
    expect(result.outputBytes).toBeGreaterThanOrEqual(100_000_000);
    expect(result.output.length).toBeLessThan(70_000);
    expect(result.output).toMatch(/the-end\n$/);
  }, 60_000);

  it("runs as before, unsandboxed, when the loop's agent is not sandboxed", async () => {
    const result = await verify(`echo x > "$HOME/escape"`, { sandbox: { agent: "unsandboxed", how: "test", fail_if_unavailable: true } });
    expect(result).toMatchObject({ exitCode: 0, sandbox: "unsandboxed" });
    expect(existsSync(path.join(home, "escape"))).toBe(true);
  });

  it("does not load what NODE_OPTIONS names in the unsandboxed launcher; the command still gets it, sandboxed", async () => {
    const evil = path.join(project, "evil.cjs");
    writeFileSync(
      evil,
      `try { require("fs").writeFileSync(${JSON.stringify(path.join(home, "pwned"))}, "x") } catch {} require("fs").appendFileSync(${JSON.stringify(path.join(project, "loaded"))}, "1")`,
    );
    const result = await verify("node -e 0", { env: env({ NODE_OPTIONS: `--require "${evil}"` }) });
    expect(result).toMatchObject({ exitCode: 0, sandbox: "sandboxed" });
    expect(existsSync(path.join(home, "pwned"))).toBe(false);
    expect(readFileSync(path.join(project, "loaded"), "utf8")).toBe("1");
  });

  it("never takes bubblewrap from a PATH entry inside the project", async () => {
    const planted = path.join(project, "node_modules", ".bin");
    mkdirSync(planted, { recursive: true });
    writeFileSync(path.join(planted, "bwrap"), `#!/bin/sh\necho pwned > "${path.join(home, "pwned")}"\n`);
    chmodSync(path.join(planted, "bwrap"), 0o755);
    const result = await verify(`echo x > "$HOME/escape"`, { env: env({ PATH: `${planted}:${process.env.PATH}` }) });
    expect(result.sandbox).toBe("sandboxed");
    expect(existsSync(path.join(home, "pwned"))).toBe(false);
    expect(existsSync(path.join(home, "escape"))).toBe(false);
  });
});

describe.skipIf(tools.skip)("where no sandbox can start (no ripgrep on PATH)", () => {
  it("with failIfUnavailable, does not run the verifier and says why; the turn cannot pass", async () => {
    const result = await verify(`echo x > "$HOME/escape"`, {
      env: env({ PATH: pathWithout(["rg"]) }),
      sandbox: { ...SANDBOXED, fail_if_unavailable: true },
    });
    expect(result).toMatchObject({ exitCode: null, passed: false, sandbox: "not run" });
    expect(result.output).toMatch(
      /^loopkit did not run the verifier: .*no sandbox can start here: rg not found on PATH outside the project/,
    );
    expect(existsSync(path.join(home, "escape"))).toBe(false);
  });

  it("without it, runs the verifier unsandboxed and says so first in its output", async () => {
    const result = await verify(`echo x > "$HOME/escape"`, {
      env: env({ PATH: pathWithout(["rg"]) }),
      sandbox: { agent: "unknown", how: "not measured", fail_if_unavailable: false },
    });
    expect(result).toMatchObject({ exitCode: 0, passed: true, sandbox: "unsandboxed" });
    expect(result.output).toMatch(/^loopkit: no sandbox can start here: rg not found .*ran unsandboxed, with your full rights/);
    expect(existsSync(path.join(home, "escape"))).toBe(true);
  });

  it("is what loopkit doctor says: ✓ where it starts, ! where not, ✗ where the person's settings require it", () => {
    const doctor = (extra: Record<string, string>) =>
      runCli(["doctor"], { cwd: project, env: env({ LOOPKIT_CLAUDE_BIN: path.join(root, "no-claude"), ...extra }) });
    expect(doctor({}).stdout).toMatch(/^✓ sandbox\s+starts here/m);
    const without = pathWithout(["bwrap"]);
    expect(doctor({ PATH: without }).stdout).toMatch(/^! sandbox\s+cannot start here: bwrap not found on PATH outside the project/m);
    mkdirSync(path.join(home, ".claude"));
    writeFileSync(path.join(home, ".claude", "settings.json"), JSON.stringify({ sandbox: { enabled: true, failIfUnavailable: true } }));
    const required = doctor({ PATH: without });
    expect(required.stdout).toMatch(/^✗ sandbox\s+cannot start here: .*Your settings require it/m);
    expect(required.code).toBe(1);
    expect(readdirSync(project).sort()).toEqual([".claude", ".git"]);
  });

  it("is what the sandbox check says, with and without bubblewrap", async () => {
    expect(await checkSandbox(project, env(), launcher())).toEqual({ ok: true });
    expect(await checkSandbox(project, env({ PATH: pathWithout(["bwrap"]) }), launcher())).toEqual({
      ok: false,
      reason: expect.stringMatching(/^bwrap not found on PATH outside the project/),
    });
    expect(await checkSandbox(project, env(), null)).toEqual({ ok: false, reason: expect.stringMatching(/launcher .* is not installed/) });
  });
});
