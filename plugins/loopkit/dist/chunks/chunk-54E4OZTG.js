import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  findRepo,
  runGit,
  sandboxLine,
  sandboxMeaning
} from "./chunk-X27W5W25.js";
import {
  allRecords,
  loadRecord,
  recordFile
} from "./chunk-MGBIV2WO.js";
import {
  elapsedMs,
  trendLine
} from "./chunk-J52WRLV5.js";
import {
  formatDuration
} from "./chunk-F3ILKG56.js";
import {
  LOOP_STATUSES,
  tokensUsed
} from "./chunk-5AUT7LJL.js";
import {
  decodeTree,
  openStore
} from "./chunk-UPOQHDOL.js";
import {
  LoopkitError
} from "./chunk-32X6X3F3.js";
import {
  TestCountsSchema,
  countsOf,
  describeTests
} from "./chunk-54WWAJ57.js";
import {
  _enum,
  array,
  boolean,
  int,
  literal,
  object,
  string
} from "./chunk-PGQLL66H.js";

// src/action/actions-report.ts
var NOTE_EVENTS = {
  tamper: () => "tampering undone",
  protected: (entry) => entry.detail,
  "blocked-report": (entry) => `blocker: ${entry.detail}`,
  "wrap-up": (entry) => `cap reached: ${entry.detail}`,
  end: (entry) => `ended ${entry.status}`
};
function iterationRows(history, loopId) {
  const rows = /* @__PURE__ */ new Map();
  let total = 0;
  for (const entry of history) {
    if (entry.loop_id !== loopId) continue;
    const note = NOTE_EVENTS[entry.event];
    if (entry.iteration > 0 && (entry.event === "gate" || note)) {
      const row = rows.get(entry.iteration) ?? {
        iteration: entry.iteration,
        verdict: null,
        exitCode: null,
        vote: null,
        tokens: 0,
        total,
        notes: []
      };
      if (entry.event === "gate") Object.assign(row, { verdict: entry.verdict, exitCode: entry.exit_code, vote: entry.vote });
      if (note) row.notes.push(note(entry));
      row.tokens += Math.max(0, entry.tokens - row.total);
      row.total = Math.max(row.total, entry.tokens);
      rows.set(entry.iteration, row);
    }
    total = Math.max(total, entry.tokens);
  }
  return [...rows.values()];
}
var STATUS_MARK = {
  achieved: "\u2705",
  pursuing: "\u23F8\uFE0F",
  unmet: "\u274C",
  blocked: "\u26D4",
  "budget-limited": "\u23F1\uFE0F",
  cancelled: "\u{1F6AB}",
  "no-progress": "\u{1F4C9}",
  none: "\u2754"
};
function renderSummary(report) {
  const s = report.status;
  const outcome = s.active ? `the runner stopped${report.stoppedBy ? ` (${report.stoppedBy})` : ""} with the loop still pursuing (exit ${report.exitCode}); \`loopkit run --takeover\` continues it` : `${s.status}${s.reason ? `: ${s.reason}` : ""}`;
  const exit = report.budgetLimitedOk && s.status === "budget-limited" ? `${report.exitCode} (budget-limited counts as success: --budget-limited-ok)` : `${report.exitCode}`;
  const lines = [
    `## ${STATUS_MARK[s.status]} loopkit run: ${s.status}`,
    "",
    ...fenced(s.goal ?? "(no goal recorded)"),
    "",
    "| | |",
    "| --- | --- |",
    `| Verifier | ${code(s.verify_command ?? "-")} |`,
    `| Final status | ${cell(outcome)} |`,
    `| Iterations | ${s.iteration} of ${s.max_iterations ?? "-"} |`,
    ...s.tests?.trend ? [`| Tests | ${cell(`${s.tests.trend}${s.tests.last ? ` (last run: ${describeTests(s.tests.last)})` : ""}`)} |`] : [],
    `| Tokens | ${s.tokens_used} of ${s.max_tokens ?? "-"} |`,
    `| Total time | ${formatDuration(s.elapsed_ms)} of ${formatDuration(s.max_wallclock_ms ?? 0)} |`,
    `| Exit code | ${cell(exit)} |`,
    ...s.protected_globs.length ? [`| Protected | ${s.protected_globs.map(code).join(" ")} |`] : [],
    `| Loop id | ${code(s.loop_id ?? "-")} |`,
    "",
    "### Iterations",
    "",
    ...iterationTable(iterationRows(report.history, s.loop_id ?? "")),
    ...s.last_audit_vote ? ["", `**Last audit: ${s.last_audit_vote}**`, "", ...s.last_audit_reasons.map((reason) => `- ${inline(reason)}`)] : [],
    ...s.handoff_note ? ["", "**Hand-off note**", "", ...fenced(s.handoff_note)] : []
  ];
  return `${lines.join("\n")}
`;
}
function iterationTable(rows) {
  if (rows.length === 0) return ["No iteration was judged."];
  return [
    "| Iteration | Verifier | Audit | Tokens | Total tokens | Notes |",
    "| ---: | --- | --- | ---: | ---: | --- |",
    ...rows.map((r) => {
      const verifier = r.verdict ? `${r.verdict}${r.exitCode !== null ? ` (exit ${r.exitCode})` : ""}` : "-";
      return `| ${r.iteration} | ${verifier} | ${r.vote ?? "-"} | ${r.tokens} | ${r.total} | ${cell(r.notes.join("; "))} |`;
    })
  ];
}
function runOutputs(report) {
  const s = report.status;
  return {
    status: s.status,
    reason: s.reason ?? "",
    iterations: String(s.iteration),
    tokens: String(s.tokens_used),
    loop_id: s.loop_id ?? "",
    exit_code: String(report.exitCode)
  };
}
function renderOutputs(values, delimiter) {
  return Object.entries(values).map(([name, value]) => {
    if (value.split(/\r?\n/).includes(delimiter)) throw new Error(`output ${name} contains the delimiter`);
    return `${name}<<${delimiter}
${value}
${delimiter}
`;
  }).join("");
}
function inertLog(text, token) {
  const body = text.endsWith("\n") || text === "" ? text : `${text}
`;
  return `::stop-commands::${token}
${body}::${token}::
`;
}
function cell(text) {
  return inline(text).replace(/\|/g, "\\|");
}
var oneLine = (text) => text.replace(/\s*\r?\n\s*/g, " ");
function inline(text) {
  return oneLine(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
function code(text) {
  const one = oneLine(text);
  const ticks = "`".repeat(longestRun(one, "`") + 1);
  const pad = one.startsWith("`") || one.endsWith("`") ? " " : "";
  return `${ticks}${pad}${one.replace(/\|/g, "\\|")}${pad}${ticks}`;
}
function fenced(text) {
  const fence = "`".repeat(Math.max(3, longestRun(text, "`") + 1));
  return [`${fence}text`, text, fence];
}
function longestRun(text, ch) {
  let best = 0;
  let run = 0;
  for (const c of text) {
    run = c === ch ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

// src/shared/exit-codes.ts
var EXIT = {
  /** Done: the command did its job; as a loop's status, it ended in success (achieved, COMPLETED, EARLY_SUCCESS). */
  ok: 0,
  /** An error: a corrupt or locked file, a process that could not start, ... */
  error: 1,
  /** A usage error: an unknown command or flag, a missing or bad value. Nothing was started or changed. */
  usage: 2,
  /** The loop is still running (pursuing; repeat running or waiting). */
  running: 3,
  /** It ended without success (unmet; repeat MAX_ITERATIONS or CIRCUIT_BREAKER). */
  unmet: 4,
  /** It is stuck and needs a person (blocked; a paused repeat loop). */
  blocked: 5,
  /** A cap ended it (budget-limited). */
  budgetLimited: 6,
  /** --cancel ended it. */
  cancelled: 7,
  /** The failing tests stopped going down for --no-progress-limit turns (auto-loop no-progress). */
  noProgress: 9,
  /** There is nothing to act on: no loop (to show or to cancel), no run or checkpoint with that id. */
  noLoop: 8
};

// src/checkpoint/summary.ts
var CheckpointSummaryShape = {
  /** How many checkpoints the loop holds (see `loopkit checkpoints`). */
  checkpoints: int(),
  /** The loop's checkpoint record in loopkit's data folder, once it holds one. */
  checkpoint_record: string().nullable(),
  /** The latest failure to take a checkpoint, while none has succeeded since. */
  checkpoint_failure: string().nullable()
};
function summarize(record, file = null) {
  return {
    checkpoints: record?.checkpoints.length ?? 0,
    checkpoint_record: record?.checkpoints.length ? file : null,
    checkpoint_failure: record?.failure ? `iteration ${record.failure.iteration}: ${record.failure.message}` : null
  };
}
async function loadSummary(data, projectDir, loopId, now) {
  if (!loopId || data === null) return summarize(void 0);
  const file = recordFile(data, projectDir, loopId);
  return summarize(await loadRecord(file, now).catch(() => void 0), file);
}
function summaryLines(s, loopId) {
  const lines = s.checkpoints ? [`  checkpoints: ${s.checkpoints} (loopkit checkpoints ${loopId})`] : [];
  return s.checkpoint_failure ? [...lines, `  checkpoint failed: ${s.checkpoint_failure}`] : lines;
}
async function checkpointCounts(data) {
  return new Map((await allRecords(data)).map((record) => [record.loop_id, record.checkpoints.length]));
}

// src/auto-loop/core/status.ts
var STATUS_EXIT_CODES = {
  achieved: EXIT.ok,
  pursuing: EXIT.running,
  unmet: EXIT.unmet,
  blocked: EXIT.blocked,
  "budget-limited": EXIT.budgetLimited,
  cancelled: EXIT.cancelled,
  "no-progress": EXIT.noProgress,
  none: EXIT.noLoop
};
var AutoLoopStatusSchema = object({
  version: literal(1),
  status: _enum([...LOOP_STATUSES, "none"]),
  active: boolean(),
  /** The exit code of `--status` from a terminal (usage.md, "Exit codes"). */
  exit_code: int(),
  reason: string().nullable(),
  project_dir: string(),
  loop_id: string().nullable(),
  session_id: string().nullable(),
  goal: string().nullable(),
  verify_command: string().nullable(),
  iteration: int(),
  max_iterations: int().nullable(),
  /** Iterations --max-iterations does not count: their audit could not run (auto-loop state audit_not_run). */
  iterations_not_counted: int(),
  tokens_used: int(),
  max_tokens: int().nullable(),
  elapsed_ms: int(),
  max_wallclock_ms: int().nullable(),
  started_at: string().nullable(),
  heartbeat_at: string().nullable(),
  heartbeat_stale: boolean(),
  last_verifier: _enum(["pass", "flaky", "fail"]).nullable(),
  last_verifier_exit_code: int().nullable(),
  /** The last audit's vote, or "could not run" when it did not get to one. */
  last_audit_vote: string().nullable(),
  last_audit_reasons: array(string()),
  next_action: string().nullable(),
  blocker: string().nullable(),
  tamper_count: int(),
  flaky_count: int(),
  handoff_note: string().nullable(),
  /** --protect / protect: globs, and the protected files that differed from the start at the last Stop. */
  protected_globs: array(string()),
  protected_changed: array(string()),
  /** Whether the loop's agent runs in Claude Code's sandbox, as measured (agent-sandbox.ts); null with no loop. */
  agent_sandbox: object({
    agent: _enum(["sandboxed", "unsandboxed", "unknown"]),
    how: string(),
    fail_if_unavailable: boolean(),
    measuring: boolean(),
    meaning: string()
  }).nullable(),
  /** The verifier's tests (src/test-results/): at the start, at the last judged run, and the trend; null with no loop. */
  tests: object({
    baseline: TestCountsSchema.nullable(),
    /** Why there is no baseline, or null. */
    baseline_note: string().nullable(),
    last: TestCountsSchema.nullable(),
    /** "7 -> 3 failing", or null before any reading. */
    trend: string().nullable(),
    no_progress_limit: int()
  }).nullable(),
  ...CheckpointSummaryShape
});
function loopStatus(projectDir, state, now, staleMs, checkpoints = summarize(void 0)) {
  if (!state) {
    return {
      version: 1,
      status: "none",
      active: false,
      exit_code: STATUS_EXIT_CODES.none,
      reason: "no auto-loop was started in this project on this machine",
      project_dir: projectDir,
      loop_id: null,
      session_id: null,
      goal: null,
      verify_command: null,
      iteration: 0,
      max_iterations: null,
      iterations_not_counted: 0,
      tokens_used: 0,
      max_tokens: null,
      elapsed_ms: 0,
      max_wallclock_ms: null,
      started_at: null,
      heartbeat_at: null,
      heartbeat_stale: false,
      last_verifier: null,
      last_verifier_exit_code: null,
      last_audit_vote: null,
      last_audit_reasons: [],
      next_action: null,
      blocker: null,
      tamper_count: 0,
      flaky_count: 0,
      handoff_note: null,
      protected_globs: [],
      protected_changed: [],
      agent_sandbox: null,
      tests: null,
      ...checkpoints
    };
  }
  const lastRun = state.last_verifier?.runs[state.last_verifier.runs.length - 1];
  const end = state.ended_at ? new Date(state.ended_at) : now;
  return {
    version: 1,
    status: state.status,
    active: state.status === "pursuing",
    exit_code: STATUS_EXIT_CODES[state.status],
    reason: state.status_reason,
    project_dir: state.project_dir,
    loop_id: state.loop_id,
    session_id: state.session_id,
    goal: state.goal,
    verify_command: state.verify_command,
    iteration: state.iteration,
    max_iterations: state.caps.max_iterations,
    iterations_not_counted: state.audit_not_run.turns,
    tokens_used: tokensUsed(state),
    max_tokens: state.caps.max_tokens,
    elapsed_ms: elapsedMs(state, end),
    max_wallclock_ms: state.caps.max_wallclock_ms,
    started_at: state.started_at,
    heartbeat_at: state.heartbeat_at,
    heartbeat_stale: state.status === "pursuing" && now.getTime() - Date.parse(state.heartbeat_at) > staleMs,
    last_verifier: state.last_verifier?.verdict ?? null,
    last_verifier_exit_code: lastRun?.exit_code ?? null,
    last_audit_vote: state.last_audit ? state.last_audit.ran ? state.last_audit.vote : "could not run" : null,
    last_audit_reasons: state.last_audit?.reasons ?? [],
    next_action: state.status === "pursuing" ? state.next_action : null,
    blocker: state.blocker?.reason ?? null,
    tamper_count: state.tamper_count,
    flaky_count: state.flaky_count,
    handoff_note: state.handoff_note,
    protected_globs: state.protect.globs,
    protected_changed: state.protect.changed,
    agent_sandbox: {
      ...state.launch.agent_sandbox,
      measuring: state.launch.agent_sandbox.measuring === true,
      meaning: sandboxMeaning(state.launch.agent_sandbox)
    },
    tests: {
      baseline: state.test_results.baseline ? countsOf(state.test_results.baseline) : null,
      baseline_note: state.test_results.baseline_note,
      last: lastRun?.tests ?? null,
      trend: trendLine(state.test_results),
      no_progress_limit: state.test_results.no_progress_limit
    },
    ...checkpoints
  };
}
function testsLines(tests) {
  const start = tests.baseline ? describeTests(tests.baseline) : `not read (${tests.baseline_note ?? "no results"})`;
  return [
    `  tests:      at the start ${start}`,
    ...tests.last ? [`              last run ${describeTests(tests.last)}${tests.trend ? `; ${tests.trend}` : ""}`] : []
  ];
}
function formatStatus(s) {
  if (s.status === "none") return `auto-loop: no loop in ${s.project_dir} (${s.reason}).
`;
  const lines = [
    `auto-loop ${s.status}${s.reason ? `: ${s.reason}` : ""}`,
    `  goal:       ${s.goal.split("\n")[0]}${s.goal.includes("\n") ? " ..." : ""}`,
    `  verifier:   ${s.verify_command}`,
    `  iteration:  ${s.iteration} of ${s.max_iterations}${s.iterations_not_counted ? ` (${s.iterations_not_counted} not counted: the audit could not run)` : ""}`,
    `  tokens:     ${s.tokens_used} of ${s.max_tokens}`,
    `  elapsed:    ${formatDuration(s.elapsed_ms)} of ${formatDuration(s.max_wallclock_ms)}`,
    `  session:    ${s.session_id}${s.heartbeat_stale ? " (heartbeat stale: --takeover possible)" : ""}`,
    `  sandbox:    ${sandboxLine({ ...s.agent_sandbox, measuring: s.agent_sandbox.measuring || void 0 })}`,
    `  last check: verifier ${s.last_verifier ?? "not run yet"}${s.last_verifier_exit_code !== null ? ` (exit ${s.last_verifier_exit_code})` : ""}, audit ${s.last_audit_vote ?? "not run yet"}`,
    ...s.last_audit_reasons.map((reason) => `    - ${reason}`),
    ...testsLines(s.tests),
    ...s.blocker ? [`  blocker:    ${s.blocker}`] : [],
    ...s.protected_globs.length ? [`  protected:  ${s.protected_globs.join(", ")}${s.protected_changed.length ? "" : " (unchanged)"}`] : [],
    ...s.protected_changed.map((file) => `    - ${file}`),
    ...s.tamper_count ? [`  tampering:  ${s.tamper_count} time(s) detected and undone`] : [],
    ...s.next_action ? [`  next:       ${s.next_action}`] : [],
    ...summaryLines(s, s.loop_id),
    ...s.handoff_note ? ["  hand-off note:", ...s.handoff_note.split("\n").map((line) => `    ${line}`)] : []
  ];
  return `${lines.join("\n")}
`;
}

// src/checkpoint/export.ts
import path from "node:path";

// src/checkpoint/message.ts
function checkpointMessage(record, facts) {
  const tokens = facts.tokens === null ? "tokens not counted" : `${facts.tokens} tokens`;
  const subject = facts.kind === "iteration" ? `loopkit: iteration ${facts.iteration} of ${record.loop_kind} ${record.loop_id}: ${facts.verdict}, ${tokens}` : `loopkit: the tree before restoring checkpoint ${facts.restored} of ${record.loop_kind} ${record.loop_id}`;
  return [
    subject,
    "",
    `Loop: ${record.loop_id}`,
    `Kind: ${record.loop_kind}`,
    `Checkpoint: ${facts.id}`,
    `Iteration: ${facts.iteration}`,
    `Verdict: ${facts.verdict}`,
    `Tokens: ${facts.tokens ?? "not counted"}`,
    ...facts.restored ? [`Restored: ${facts.restored}`] : [],
    ""
  ].join("\n");
}

// src/checkpoint/export.ts
async function exportToBranch(data, record, upTo, branch, now) {
  const repo = findRepo(record.project_dir);
  if (!repo)
    throw new LoopkitError("USAGE", `${record.project_dir} is not in a git repository`, {
      value: record.project_dir,
      hint: "run git init there first, or restore the checkpoint with loopkit restore"
    });
  const git = (args, input) => runGit(repo, args, { input, maxBytes: 16 * 1024 * 1024, timeoutMs: 3e5 });
  if (!(await git(["check-ref-format", "--branch", branch])).ok)
    throw new LoopkitError("USAGE", `"${branch}" is not a branch name git takes`, { value: branch });
  if ((await git(["rev-parse", "--verify", "--quiet", `refs/heads/${branch}`])).ok) {
    throw new LoopkitError("USAGE", `the branch ${branch} exists already`, {
      value: branch,
      hint: "name a new branch; loopkit never moves one of yours"
    });
  }
  const head = await git(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]);
  const base = head.ok ? head.stdout.trim() : null;
  const prefix = path.relative(repo.workTree, record.project_dir).split(path.sep).join("/");
  const chain = record.checkpoints.slice(0, record.checkpoints.indexOf(upTo) + 1);
  const store = openStore(data, record.project_dir);
  try {
    const unkept = /* @__PURE__ */ new Set();
    const trees = chain.map(
      (c) => listFiles(store, Buffer.from(c.snapshot.root, "hex"), prefix ? Buffer.from(`${prefix}/`) : Buffer.alloc(0), unkept)
    );
    const ignored = await ignoredPaths(repo, [...new Set(trees.flat().map((f) => f.path.toString("latin1")))]);
    const stream = [Buffer.from("feature done\n")];
    const marks = /* @__PURE__ */ new Map();
    let mark = 0;
    const date = `${Math.floor(now.getTime() / 1e3)} +0000`;
    chain.forEach((checkpoint, i) => {
      const files = trees[i].filter((f) => !ignored.has(f.path.toString("latin1")));
      for (const file of files) {
        if (marks.has(file.hash)) continue;
        marks.set(file.hash, ++mark);
        const content = file.content();
        stream.push(Buffer.from(`blob
mark :${mark}
data ${content.length}
`), content, Buffer.from("\n"));
      }
      const message = Buffer.from(checkpointMessage(record, checkpoint));
      stream.push(
        Buffer.from(`commit refs/heads/${branch}
mark :c${i}
committer loopkit <loopkit@localhost> ${date}
data ${message.length}
`),
        message,
        Buffer.from("\n")
      );
      if (i === 0 && base) stream.push(Buffer.from(`from ${base}
`));
      stream.push(Buffer.from(prefix ? `D ${quote(Buffer.from(prefix))}
` : "deleteall\n"));
      for (const file of files) stream.push(Buffer.from(`M ${file.mode} :${marks.get(file.hash)} `), quote(file.path), Buffer.from("\n"));
      stream.push(Buffer.from("\n"));
    });
    stream.push(Buffer.from("done\n"));
    const imported = await git(["fast-import", "--quiet", "--done"], Buffer.concat(stream));
    if (!imported.ok)
      throw new LoopkitError("CHECKPOINT_FAILED", `git fast-import failed: ${imported.stderr.trim().split("\n").slice(-3).join(" ")}`, {
        value: branch
      });
    const commit = (await git(["rev-parse", `refs/heads/${branch}`])).stdout.trim();
    const lines = [
      `Exported checkpoint${chain.length > 1 ? `s ${chain[0].id} to ${upTo.id}` : ` ${upTo.id}`} of ${record.loop_kind} ${record.loop_id} to the branch ${branch} (commit ${commit.slice(0, 12)}${base ? `, on ${base.slice(0, 12)}` : ""}).`,
      ...ignored.size ? [`${ignored.size} file(s) git ignores were left out, as a commit would leave them.`] : [],
      ...unkept.size ? [
        `${unkept.size} file(s) over 1 MB could not be exported (loopkit keeps their hash only): ${[...unkept].slice(0, 5).join(", ")}${unkept.size > 5 ? ", ..." : ""}`
      ] : [],
      `See it with: git log --stat ${branch}`
    ];
    return { commit, lines };
  } finally {
    store.close();
  }
}
function listFiles(store, tree, prefix, unkept) {
  const files = [];
  for (const entry of decodeTree(store.get(tree, "tree"))) {
    const at = Buffer.concat([prefix, entry.name]);
    if (entry.kind === "dir") files.push(...listFiles(store, entry.hash, Buffer.concat([at, Buffer.from("/")]), unkept));
    else if (entry.kind === "link")
      files.push({ path: at, mode: "120000", hash: `link ${entry.hash.toString("hex")}`, content: () => entry.target });
    else if (entry.kind === "file" && !entry.kept) unkept.add(at.toString("utf8"));
    else if (entry.kind === "file")
      files.push({
        path: at,
        mode: entry.mode & 73 ? "100755" : "100644",
        hash: entry.hash.toString("hex"),
        content: () => store.get(entry.hash, "blob")
      });
  }
  return files;
}
async function ignoredPaths(repo, paths) {
  if (paths.length === 0) return /* @__PURE__ */ new Set();
  const input = Buffer.concat(paths.map((p) => Buffer.concat([Buffer.from(p, "latin1"), Buffer.from([0])])));
  const result = await runGit(repo, ["check-ignore", "--stdin", "-z"], { input, maxBytes: 64 * 1024 * 1024, timeoutMs: 3e5 });
  if (!result.ok && result.exitCode !== 1) throw new LoopkitError("CHECKPOINT_FAILED", `git check-ignore failed: ${result.stderr.trim()}`);
  return new Set(Buffer.from(result.stdout, "utf8").toString("latin1").split("\0").filter(Boolean));
}
function quote(p) {
  if (!p.includes(10) && p[0] !== 34) return p;
  const out = ['"'];
  for (const byte of p) {
    if (byte === 34 || byte === 92) out.push(`\\${String.fromCharCode(byte)}`);
    else if (byte === 10) out.push("\\n");
    else if (byte < 32 || byte >= 127) out.push(`\\${byte.toString(8).padStart(3, "0")}`);
    else out.push(String.fromCharCode(byte));
  }
  out.push('"');
  return Buffer.from(out.join(""), "latin1");
}

export {
  EXIT,
  CheckpointSummaryShape,
  summarize,
  loadSummary,
  summaryLines,
  checkpointCounts,
  STATUS_EXIT_CODES,
  loopStatus,
  formatStatus,
  exportToBranch,
  renderSummary,
  runOutputs,
  renderOutputs,
  inertLog
};
