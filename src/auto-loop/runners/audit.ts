// The audit: a fresh, read-only `claude -p` that judges whether the goal is achieved. Its reply counts
// only with exactly one vote object, on its final line; anything else counts as "unmet". An audit that
// could not run or finish (it did not start, timed out, exited non-zero, ended in an error) is marked
// so (`ran: false`): that says nothing about the agent's work, and the gate does not charge it.
import { randomBytes } from "node:crypto";
import { mkdirSync, promises as fs, rmSync } from "node:fs";
import path from "node:path";
import { compareSnapshots } from "../../evidence/compare.js";
import { readRecordedContent } from "../../evidence/compare.js";
import { writeOwnFileSync } from "../../evidence/read-file.js";
import { changeReport, type ChangeReport, type ReadCheck } from "../../evidence/report.js";
import { openStore, takeSnapshot, type Snapshot } from "../../evidence/snapshot.js";
import { auditWorkDir } from "../../state/paths.js";
import { within, type Deadline } from "../../shared/deadline.js";
import { formatError, LoopkitError } from "../../shared/errors.js";
import { findRepo, guardedGitEnv } from "../../shared/git.js";
import { RECURSION_GUARD } from "../../shared/recursion-guard.js";
import { endGroupOnSignal, killGroup, killGroupAfter, runTagEnv } from "../../shared/process-group.js";
import { parseAuditVote, unreadParts } from "./audit-vote.js";
import { BoundedOutput } from "../../shared/bounded-output.js";
import { usageTokens } from "../../session/usage.js";
import { loadJudgingBaseline } from "../data/evidence-start.js";
import { loopFiles } from "../data/store.js";
import { auditTestsNote } from "./test-run.js";
import { testEditsNote } from "./contract-run.js";
import { launchEnv } from "./launch.js";
import { auditPrompt } from "../core/prompts.js";
import { auditUnmet, refusedByLoopkit, type AuditOutcome } from "../core/gate.js";
import type { AutoLoopState } from "../core/state.js";
import { monotonicMs } from "../../shared/monotonic.js";

export type { AuditOutcome };

const READ_ONLY_TOOLS = ["Read", "Grep", "Glob"];
const DENIED_TOOLS = ["Bash", "Edit", "Write", "MultiEdit", "NotebookEdit", "WebFetch", "WebSearch", "Task", "Agent"];

/**
 * The argv of the audit run (the prompt goes on stdin, so its size never hits an argv limit). It runs
 * in a folder outside the project with the project added, and takes the person's own settings only
 * (`--setting-sources user`): measured on 2.1.197 and 2.1.332 (docs/claude-code-findings.md §14), no
 * project settings, hooks, `env`, MCP servers, skills, agents, CLAUDE.md or CLAUDE.local.md reach it.
 */
function auditArgs(projectDir: string): string[] {
  return [
    "-p",
    "--output-format",
    "json",
    "--no-session-persistence",
    "--setting-sources",
    "user",
    "--strict-mcp-config",
    "--add-dir",
    projectDir,
    "--tools",
    READ_ONLY_TOOLS.join(","),
    "--allowedTools",
    READ_ONLY_TOOLS.join(","),
    "--disallowedTools",
    DENIED_TOOLS.join(","),
  ];
}

/** What the gate knows of the turn: the tree the verifier passed on, and what changed while it ran. */
export interface AuditEvidence {
  /** The Stop's snapshot, taken before the verifier's first run. */
  now: Snapshot;
  /** What changed while the verifier ran, one line each (src/evidence/verification.ts). */
  duringVerification: string[];
}

/**
 * Audits the loop's work now: the prompt from the true state and loopkit's own record, run as the
 * loop's launch says, within `deadline`. Without the record of what changed (none kept at the start, a
 * damaged store, no time) there is no audit: the vote is unmet, saying why.
 */
export async function auditLoop(input: {
  state: AutoLoopState;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  verifierTail: string;
  deadline: Deadline;
  iterationChanges?: string | null;
  /** Absent (a run delegated to Codex): the tree is recorded now. */
  evidence?: AuditEvidence;
}): Promise<AuditOutcome> {
  const { state } = input;
  const cwd = auditWorkDir(input.dataDir);
  let changes: DescribedChanges;
  try {
    changes = await describeChanges(input, path.join(cwd, state.loop_id));
  } catch (error) {
    return auditUnmet(
      `loopkit could not compute its record of what changed since the loop started (${formatError(error)}); no turn is judged achieved without it`,
      false,
    );
  }
  // Changed content the audit cannot be shown: no audit can judge the turn achieved.
  if (changes.unseen.length)
    return refusedByLoopkit(
      "unseen",
      `the audit cannot be shown every changed line, so the turn is not judged achieved: ${changes.unseen.join("; ")}`,
    );
  const timeoutMs = within(input.deadline, state.launch.audit_timeout_ms);
  if (timeoutMs <= 0) return auditUnmet("no time was left for the audit within the loop's wall clock", false);
  const prompt = auditPrompt({
    projectDir: state.project_dir,
    goal: state.goal,
    verifyCommand: state.verify_command,
    verifierTail: input.verifierTail,
    changes: changes.excerpt,
    duringVerification: input.evidence?.duringVerification ?? [],
    nonce: randomBytes(16).toString("hex"),
    iterationChanges: input.iterationChanges ?? null,
    reading: { index: changes.index, required: [...new Set(changes.required.map((c) => c.file))], optional: changes.optional },
    tests: [auditTestsNote(state.test_results), testEditsNote(state.test_results)].filter(Boolean).join("\n") || null,
  });
  await fs.mkdir(cwd, { recursive: true });
  const env: Record<string, string> = { ...launchEnv(state.launch, input.env), [RECURSION_GUARD]: "1" };
  // Would let the project's CLAUDE.md in through --add-dir.
  delete env.CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD;
  return runAudit({ prompt, bin: state.launch.claude_bin, projectDir: state.project_dir, cwd, env, timeoutMs, required: changes.required });
}

interface DescribedChanges {
  excerpt: string;
  /** changes.txt's path. */
  index: string;
  required: ReadCheck[];
  optional: ChangeReport["optional"];
  unseen: string[];
}

/**
 * The changes from the loop's start snapshot to the turn's, as the prompt shows them; the complete
 * list (changes.txt) and every line the prompt does not hold (changes-N.txt, with read checks drawn
 * now) written to `dir`, in the audit's working folder, which its Read reaches.
 */
async function describeChanges(
  input: { state: AutoLoopState; dataDir: string; deadline: Deadline; evidence?: AuditEvidence },
  dir: string,
): Promise<DescribedChanges> {
  const { state } = input;
  // This loop's start, or an unfinished earlier loop's baseline it carries on (evidence-start.ts).
  const start = await loadJudgingBaseline(loopFiles(input.dataDir, state.project_dir).dir, state.loop_id, new Date());
  if (!start)
    throw new LoopkitError(
      "EVIDENCE_FAILED",
      "there is no record of the project from the loop's start (a loop started by an earlier loopkit, or its record was lost); start a new loop",
    );
  const now =
    input.evidence?.now ??
    (await takeSnapshot({ dataDir: input.dataDir, projectDir: state.project_dir, deadline: input.deadline })).snapshot;
  const store = openStore(input.dataDir, state.project_dir);
  try {
    const files = { index: path.join(dir, "changes.txt"), part: (n: number) => path.join(dir, `changes-${n}.txt`) };
    const report = changeReport({
      store,
      changes: compareSnapshots(store, state.project_dir, start, now),
      context: { verifyCommand: state.verify_command, protect: state.protect.globs },
      files,
      checkWord: () => randomBytes(5).toString("hex"),
      readLarge: (change) => readRecordedContent(state.project_dir, change),
    });
    // A fresh folder each audit: no part of an earlier one is left to be read in its place.
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    // Not synced: written anew for each audit, and read at once.
    writeOwnFileSync(files.index, [Buffer.from(report.index)], false);
    report.parts.forEach((text, i) => writeOwnFileSync(files.part(i + 1), [Buffer.from(text)], false));
    return { excerpt: report.excerpt, index: files.index, required: report.required, optional: report.optional, unseen: report.unseen };
  } finally {
    store.close();
  }
}

async function runAudit(options: {
  prompt: string;
  bin: string;
  projectDir: string;
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  required: readonly ReadCheck[];
}): Promise<AuditOutcome> {
  const { bin } = options;
  const stdout = new BoundedOutput(1024 * 1024, 1024 * 1024);
  const started = monotonicMs();
  // The audit's Claude Code runs git in the project by itself: that git must run nothing the project configures.
  const repo = findRepo(options.projectDir);
  const env = repo ? await guardedGitEnv(repo, options.env, options.timeoutMs) : options.env;
  const timeoutMs = options.timeoutMs - (monotonicMs() - started);
  if (timeoutMs <= 0) return auditUnmet("no time was left for the audit within the loop's wall clock", false);
  // execa (and its dependencies) load only when a process is spawned, not with every hook or command.
  const { execa } = await import("execa");
  const tag = randomBytes(16).toString("hex");
  const child = execa(bin, auditArgs(options.projectDir), {
    cwd: options.cwd,
    env: { ...env, ...runTagEnv(tag) },
    extendEnv: false,
    input: options.prompt,
    buffer: false,
    stderr: "ignore",
    reject: false,
    // The audit may start tools of its own: its whole process group is ended by a timeout, when
    // loopkit is signalled (execa's `cleanup` skips a detached child), and once it is done.
    detached: true,
  });
  const deadline = killGroupAfter(child, timeoutMs);
  const untrack = endGroupOnSignal(child, tag);
  child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
  const result = await child;
  deadline.clear();
  killGroup(child, "SIGKILL");
  untrack();
  if (deadline.timedOut()) return auditUnmet(`the audit timed out after ${Math.round(timeoutMs / 1000)} s`, false);
  if (result.failed && result.exitCode === undefined) return auditUnmet(`the audit could not run ${bin}: ${result.shortMessage}`, false);
  return readAuditReply(stdout.text(), result.exitCode ?? null, options.required);
}

/**
 * Reads `claude -p --output-format json` output: the result text and its usage. An "achieved" vote
 * lacking a `required` read check counts as unmet, saying which parts went unread.
 */
export function readAuditReply(stdout: string, exitCode: number | null, required: readonly ReadCheck[] = []): AuditOutcome {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    return auditUnmet(`the audit's output is not JSON (exit code ${exitCode ?? "none"})`, false);
  }
  // Some builds print an array of events; the result event is the last one.
  const result = (
    Array.isArray(parsed)
      ? [...(parsed as unknown[])].reverse().find((event) => (event as { type?: unknown } | null)?.type === "result")
      : parsed
  ) as { result?: unknown; usage?: Parameters<typeof usageTokens>[0]; is_error?: unknown; subtype?: unknown } | undefined;
  const tokens = usageTokens(result?.usage);
  if (typeof result?.result !== "string")
    return auditUnmet(`the audit's output has no result text (exit code ${exitCode ?? "none"})`, false, tokens);
  if (result.is_error !== false || (result.subtype !== undefined && result.subtype !== "success")) {
    // The result text of an error is Claude Code's own ("Not logged in · Please run /login", "API Error: ...").
    const said = result.result.split("\n")[0]!.trim().slice(0, 300);
    return auditUnmet(`the audit ended with an error${said ? `: ${said}` : ""}`, false, tokens);
  }
  if (exitCode !== 0) return auditUnmet(`the audit exited with code ${exitCode ?? "none"}`, false, tokens);
  const read = parseAuditVote(result.result);
  // A reply without a valid vote did run: the audit found no proof.
  if ("problem" in read) return auditUnmet(read.problem, true, tokens);
  const unread = unreadParts(read.vote, required);
  if (unread) return { ...auditUnmet(unread, true, tokens), reasons: [unread, ...read.vote.reasons] };
  return { vote: read.vote.vote, reasons: read.vote.reasons, failure: null, tokens, ran: true };
}
