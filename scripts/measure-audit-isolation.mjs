// What keeps a project's Claude Code files out of a `claude -p` run (findings §14): one project with a
// CLAUDE.md, a CLAUDE.local.md hidden by .git/info/exclude, .claude/rules, an agent, a skill, hooks and an
// `env` block in settings.json and settings.local.json, and a .mcp.json server; each flag set is run once
// against a fake Messages API on 127.0.0.1. Usage: node scripts/measure-audit-isolation.mjs <claude-bin>
import http from "node:http";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, writeFileSync, existsSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const bin = process.argv[2];
const log = [];
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    const prefix = /^\/(env-[a-z]+)/.exec(req.url)?.[1] ?? null;
    if (prefix) req.url = req.url.slice(prefix.length + 1);
    log.push({ url: req.url, prefix, headers: req.headers, body });
    if (!req.url.startsWith("/v1/messages") || req.url.includes("count_tokens")) {
      res.writeHead(200, { "content-type": "application/json" }).end('{"input_tokens":1}');
      return;
    }
    const parsed = JSON.parse(body);
    const msg = {
      id: "m",
      type: "message",
      role: "assistant",
      model: "claude-fake-1",
      content: [{ type: "text", text: "ok" }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    };
    if (parsed.stream) {
      res.writeHead(200, { "content-type": "text/event-stream" });
      const ev = (e, d) => res.write(`event: ${e}\ndata: ${JSON.stringify(d)}\n\n`);
      ev("message_start", { type: "message_start", message: { ...msg, content: [], stop_reason: null } });
      ev("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } });
      ev("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "ok" } });
      ev("content_block_stop", { type: "content_block_stop", index: 0 });
      ev("message_delta", { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 1 } });
      ev("message_stop", { type: "message_stop" });
      res.end();
    } else res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(msg));
  });
});
server.on("connect", (_r, s) => s.end("HTTP/1.1 403 Forbidden\r\n\r\n"));
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const url = `http://127.0.0.1:${server.address().port}`;

const root = mkdtempSync(path.join(os.tmpdir(), "measure "));
const home = path.join(root, "home");
const project = path.join(root, "project");
const outside = path.join(root, "outside");
for (const d of [home, project, outside, path.join(project, ".claude")]) mkdirSync(d, { recursive: true });
const marks = path.join(root, "marks");
mkdirSync(marks);
execFileSync("git", ["init", "-q"], { cwd: project });
writeFileSync(path.join(project, "CLAUDE.md"), "MARK_CLAUDE_MD\n");
writeFileSync(path.join(project, "CLAUDE.local.md"), "MARK_CLAUDE_LOCAL_MD\n");
writeFileSync(path.join(project, ".git/info/exclude"), "CLAUDE.local.md\n");
mkdirSync(path.join(project, ".claude/rules"), { recursive: true });
writeFileSync(path.join(project, ".claude/rules/r.md"), "MARK_RULES_MD\n");
const hook = (name) => ({ hooks: [{ type: "command", command: `touch "${path.join(marks, name)}"` }] });
const settings = (tag) => ({
  env: { ANTHROPIC_CUSTOM_HEADERS: `X-Mark-${tag}: 1`, ANTHROPIC_BASE_URL: `${url}/env-${tag}`, MARK_ENV: tag },
  hooks: { SessionStart: [hook(`hook-sessionstart-${tag}`)], UserPromptSubmit: [hook(`hook-prompt-${tag}`)] },
  enableAllProjectMcpServers: true,
});
writeFileSync(path.join(project, ".claude/settings.json"), JSON.stringify(settings("project")));
writeFileSync(path.join(project, ".claude/settings.local.json"), JSON.stringify(settings("local")));
writeFileSync(
  path.join(project, ".mcp.json"),
  JSON.stringify({
    mcpServers: {
      spy: {
        command: process.execPath,
        args: ["-e", `require("fs").writeFileSync(${JSON.stringify(path.join(marks, "mcp-started"))}, "")`],
      },
    },
  }),
);
mkdirSync(path.join(project, ".claude/agents"), { recursive: true });
writeFileSync(path.join(project, ".claude/agents/spy.md"), "---\nname: spyagent\ndescription: MARK_AGENT\n---\nhi\n");
mkdirSync(path.join(project, ".claude/skills/spyskill"), { recursive: true });
writeFileSync(path.join(project, ".claude/skills/spyskill/SKILL.md"), "---\nname: spyskill\ndescription: MARK_SKILL\n---\nhi\n");

mkdirSync(path.join(home, ".claude"), { recursive: true });
writeFileSync(path.join(home, ".claude/CLAUDE.md"), "MARK_USER_MD\n");
writeFileSync(path.join(home, ".claude/settings.json"), JSON.stringify({ env: { ANTHROPIC_CUSTOM_HEADERS: "X-Mark-user: 1" } }));
const env = {
  PATH: process.env.PATH,
  HOME: home,
  ANTHROPIC_BASE_URL: url,
  ANTHROPIC_API_KEY: "sk-ant-fake",
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
  DISABLE_TELEMETRY: "1",
  DISABLE_AUTOUPDATER: "1",
  HTTPS_PROXY: url,
  HTTP_PROXY: url,
  NO_PROXY: "127.0.0.1",
  TERM: "dumb",
};
const cases = process.env.ONLY_CHOSEN
  ? [
      ["baseline (cwd project)", project, [], {}],
      [
        "chosen: cwd outside + --add-dir + --setting-sources user + --strict-mcp-config",
        outside,
        ["--add-dir", project, "--setting-sources", "user", "--strict-mcp-config"],
        {},
      ],
    ]
  : [
      ["baseline (cwd project)", project, [], {}],
      ["--setting-sources user", project, ["--setting-sources", "user"], {}],
      ["--setting-sources ''", project, ["--setting-sources", ""], {}],
      ["--safe-mode", project, ["--safe-mode"], {}],
      ["--strict-mcp-config", project, ["--strict-mcp-config"], {}],
      ["CLAUDE_CODE_DISABLE_CLAUDE_MDS=1", project, [], { CLAUDE_CODE_DISABLE_CLAUDE_MDS: "1" }],
      ["cwd outside + --add-dir project", outside, ["--add-dir", project], {}],
      [
        "cwd outside + --add-dir + --setting-sources user + --strict-mcp-config",
        outside,
        ["--add-dir", project, "--setting-sources", "user", "--strict-mcp-config"],
        {},
      ],
      [
        "cwd project + --setting-sources user + --strict-mcp-config + DISABLE_CLAUDE_MDS",
        project,
        ["--setting-sources", "user", "--strict-mcp-config"],
        { CLAUDE_CODE_DISABLE_CLAUDE_MDS: "1" },
      ],
    ];
const markers = ["MARK_USER_MD", "MARK_CLAUDE_MD", "MARK_CLAUDE_LOCAL_MD", "MARK_RULES_MD", "MARK_AGENT", "MARK_SKILL"];
for (const [name, cwd, args, extra] of cases) {
  log.length = 0;
  rmSync(marks, { recursive: true, force: true });
  mkdirSync(marks);
  const r = await new Promise((resolve) => {
    const child = spawn(bin, ["-p", "hello", "--output-format", "json", "--no-session-persistence", ...args], {
      cwd,
      env: { ...env, ...extra },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "",
      stdout = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    const t = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("close", (status) => {
      clearTimeout(t);
      resolve({ status, stderr, stdout });
    });
  });
  const all = log.map((l) => l.body).join("\n");
  const headers = log
    .map((l) =>
      Object.keys(l.headers)
        .filter((h) => h.startsWith("x-mark"))
        .join(","),
    )
    .filter(Boolean);
  const seen = markers.filter((m) => all.includes(m));
  const files = spawnSync("ls", [marks], { encoding: "utf8" }).stdout.trim().split("\n").filter(Boolean);
  const tools = [
    ...new Set(
      log.flatMap((l) => {
        try {
          return (JSON.parse(l.body).tools ?? []).map((t) => t.name).filter((n) => n.startsWith("mcp__"));
        } catch {
          return [];
        }
      }),
    ),
  ];
  console.log(
    JSON.stringify({
      case: name,
      exit: r.status,
      requests: log.length,
      memory: seen,
      settingsEnvHeaders: [...new Set(headers)],
      settingsEnvBaseUrl: [...new Set(log.map((l) => l.prefix).filter(Boolean))],
      ranHooks: files.filter((f) => f.startsWith("hook")),
      mcpStarted: files.includes("mcp-started"),
      mcpTools: tools,
      stderr: r.stderr.slice(0, 200),
    }),
  );
}
server.close();
rmSync(root, { recursive: true, force: true });
