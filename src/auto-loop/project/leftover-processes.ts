// Processes the agent left running, found before a Stop is recorded and judged. A process alive while
// loopkit records the project and runs the verifier can change what the verifier sees and put it back
// (an entry that comes and goes, a write through a shared memory mapping that leaves no new times).
// On Linux /proc is read: every process of this user but loopkit's hook and its ancestors (Claude Code,
// the person's terminal), started since the loop did, that holds the project (its cwd, an open file, a
// memory-mapped file there, or a shared writable mapping of a file that may be one). One the agent
// started is ended: SIGTERM, then SIGKILL. The agent's are what its Bash tool calls left: Claude Code
// starts each call's shell (bash, or the sandbox's launcher) as the leader of a session of its own, so
// a process below a child of Claude Code that leads another session than Claude Code's is the agent's,
// as is an orphan carrying this session's Claude Code environment. A child of Claude Code in Claude
// Code's own session is Claude Code's (its sandbox's network bridges, MCP and language servers, hooks;
// seen on 2.1.197 and 2.1.332) and is never ended: no process can join another session, so the agent's
// cannot pass for one. What is not the agent's (Claude Code's, the person's editor or dev server,
// something that hid where it came from) is never ended: when it holds a shared writable mapping of a
// project file, or hides what it holds, the turn is not judged; a plain cwd or open file does nothing
// the check after the verifier would not see. Elsewhere nothing is scanned (docs/evidence.md).
import { promises as fs, realpathSync, statSync } from "node:fs";

export interface SeenProcess {
  pid: number;
  ppid: number;
  /** Its session id (setsid): Claude Code starts each Bash tool call in a session of its own. */
  sid: number;
  /** When it started (epoch ms, to about 10 ms), from /proc/PID/stat and the boot time. */
  startedMs: number;
  /** Its start in clock ticks since boot: the same pid with another start is another process. */
  startTicks: string;
  command: string;
  /** How it holds the project: "shared" (a shared writable mapping of a project file, or one that may be), "hidden" (/proc will not say), "plain" (cwd, open file, mapping), or null. */
  holds: "shared" | "hidden" | "plain" | null;
  /** Where: the first path found. */
  where: string;
  /** Its environment says Claude Code started it: CLAUDECODE=1 and this session's id (or none, as 2.1.197 sets). */
  marked: boolean;
  /** Its environment has CLAUDE_PROJECT_DIR, which Claude Code hands every hook and no Bash tool call (seen on 2.1.197 and 2.1.332). */
  hookEnv: boolean;
}

export interface LeftoverPlan {
  /** The agent's: ended before the turn is recorded. */
  end: SeenProcess[];
  /** Not known to be the agent's, yet able to change the project unseen: the turn is not judged. */
  refuse: SeenProcess[];
}

/** Processes started more than this before the loop are left alone (the clocks compared differ by about that). */
const START_SLACK_MS = 2_000;

/** Claude Code's children started this close before the hook are the other hooks of this Stop (they start together). */
const HOOKS_TOGETHER_MS = 1_000;

export interface PlanContext {
  /** Claude Code's pid: the hook's parent. */
  session: number;
  /** Claude Code's own session id: its children there are its own machinery, not the agent's commands. */
  claudeSid: number;
  loopStartMs: number;
  /** When this hook process started. */
  hookStartMs: number;
}

/** Whose a process is: the agent's (its Bash tool calls), Claude Code's own, or unknown. */
export type Lineage = "agent" | "claude-code" | null;

/**
 * Pure: which processes to end and which keep the turn from being judged. Left alone: what started
 * before the loop, what holds nothing of the project, and Claude Code's own processes with what they
 * run (unless they hold a shared writable mapping or hide what they hold).
 */
export function planLeftovers(seen: readonly SeenProcess[], context: PlanContext): LeftoverPlan {
  const byPid = new Map(seen.map((p) => [p.pid, p]));
  const plan: LeftoverPlan = { end: [], refuse: [] };
  for (const p of seen) {
    if (!p.holds || p.startedMs < context.loopStartMs - START_SLACK_MS) continue;
    const from = lineageOf(p, byPid, context);
    if (from === "agent" || (from === null && p.marked)) plan.end.push(p);
    else if (p.holds !== "plain") plan.refuse.push(p);
  }
  return plan;
}

/**
 * The rule that tells the agent's processes from Claude Code's: go up to the child of Claude Code it
 * descends from; that child is the agent's when it leads a session other than Claude Code's (a Bash
 * tool call's shell) and is not one of this Stop's hooks (they lead sessions of their own as well, but
 * start together with this one and carry the environment Claude Code hands hooks; an honest background
 * task started a moment before the turn ended carries none of it).
 */
export function lineageOf(p: SeenProcess, byPid: ReadonlyMap<number, SeenProcess>, context: PlanContext): Lineage {
  for (let at: SeenProcess | undefined = p, hops = 0; at && hops < 64; at = byPid.get(at.ppid), hops++) {
    if (at.ppid !== context.session) continue;
    // Hooks lead sessions of their own too: one of this Stop's hooks started with this one and carries a hook's environment.
    const isHook = at.hookEnv && at.startedMs >= context.hookStartMs - HOOKS_TOGETHER_MS;
    return at.sid !== context.claudeSid && !isHook ? "agent" : "claude-code";
  }
  return null;
}

export interface LeftoverOutcome {
  /** For the next prompt and the person: what was ended, or why the turn is not judged; null when nothing was found. */
  note: string | null;
  /** Why the turn is not judged, or null. */
  refused: string | null;
}

const NOTHING: LeftoverOutcome = { note: null, refused: null };

/** Finds and ends the agent's leftover processes (Linux); what could not be ended keeps the turn from being judged. */
export async function endLeftoverProcesses(input: {
  projectDir: string;
  sessionId: string;
  loopStartMs: number;
}): Promise<LeftoverOutcome> {
  if (process.platform !== "linux") return NOTHING;
  const seen = await scanProcesses(input.projectDir, input.sessionId, input.loopStartMs - START_SLACK_MS);
  const self = seen && (await readProcessStart(process.pid));
  const claudeSid = seen && (await readSessionId(process.ppid));
  if (!seen || self === null || claudeSid === null) return NOTHING;
  const plan = planLeftovers(seen, { session: process.ppid, claudeSid, loopStartMs: input.loopStartMs, hookStartMs: self });
  const survivors = await endProcesses(plan.end);
  const refuse = [...plan.refuse, ...survivors];
  const name = (p: SeenProcess) => `${p.pid} (${p.command}; ${p.holds === "hidden" ? "/proc hides what it holds" : shown(p.where)})`;
  const ended = plan.end.filter((p) => !survivors.includes(p));
  const lines: string[] = [];
  if (ended.length)
    lines.push(
      `loopkit ended ${ended.length} process(es) your commands left running in the project before it recorded this turn: ${mostTelling(ended, name)}. loopkit's rule: nothing your Bash commands started may run while the verifier runs (it could change what the verifier sees); Claude Code's own processes (its sandbox's bridges, MCP servers) are never ended. Stop background tasks and servers you start before you end a turn; a server the tests need belongs in the verifier's command.`,
    );
  const refused = refuse.length
    ? `${refuse.length} process(es) that loopkit may not end could change the project unseen while the verifier runs: ${refuse.map(name).join("; ")}. This turn is not judged until they are gone (end them, or ask the person to close them)`
    : null;
  if (refused) lines.push(`${refused}.`);
  return { note: lines.length ? lines.join("\n") : null, refused };
}

/** The session id of `pid`, or null. */
async function readSessionId(pid: number): Promise<number | null> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  return stat ? Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[3]) : null;
}

/** At most 3 of `list`, named: deepest first, so what the agent ran comes before the shells and launchers above it. */
function mostTelling(list: readonly SeenProcess[], name: (p: SeenProcess) => string): string {
  const byPid = new Map(list.map((p) => [p.pid, p]));
  const depth = (p: SeenProcess) => {
    let n = 0;
    for (let at = byPid.get(p.ppid); at && n < 64; at = byPid.get(at.ppid)) n++;
    return n;
  };
  const ordered = [...list].sort((a, b) => depth(b) - depth(a));
  const more = ordered.length > 3 ? `; and ${ordered.length - 3} more below or above them` : "";
  return `${ordered.slice(0, 3).map(name).join("; ")}${more}`;
}

/** When `pid` started (epoch ms), or null. */
async function readProcessStart(pid: number): Promise<number | null> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  const boot = await bootTimeMs();
  if (!stat || boot === null) return null;
  return boot + (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]) * 1000) / TICKS_PER_SECOND;
}

/**
 * This user's processes but this one and its ancestors, each with how it holds the project (looked at
 * only for those started since `sinceMs`); null when /proc cannot be read.
 */
export async function scanProcesses(projectDir: string, sessionId: string, sinceMs: number): Promise<SeenProcess[] | null> {
  const names = await fs.readdir("/proc").catch(() => null);
  const boot = await bootTimeMs();
  if (!names || boot === null) return null;
  const root = realpathSync(projectDir);
  const rootDev = statSync(root).dev;
  const uid = process.getuid?.() ?? -1;
  const skip = await ancestors(process.pid);
  const seen = await Promise.all(
    names
      .filter((name) => /^\d+$/.test(name) && !skip.has(Number(name)))
      .map((name) => readProcess(Number(name), { uid, boot, root, rootDev, sessionId, sinceMs })),
  );
  return seen.filter((p): p is SeenProcess => p !== null);
}

interface ScanContext {
  uid: number;
  boot: number;
  root: string;
  rootDev: number;
  sessionId: string;
  sinceMs: number;
}

/** Clock ticks per second of /proc/PID/stat's start time (USER_HZ: 100 on every Linux Node runs on). */
const TICKS_PER_SECOND = 100;

async function readProcess(pid: number, context: ScanContext): Promise<SeenProcess | null> {
  const status = await fs.readFile(`/proc/${pid}/status`, "utf8").catch(() => null);
  const stat = await fs.readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  if (!status || !stat) return null;
  const uids = /^Uid:\s+(\d+)\s+(\d+)/m.exec(status);
  if (!uids || (Number(uids[1]) !== context.uid && Number(uids[2]) !== context.uid)) return null;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // A zombie holds nothing; a kernel thread is no one's.
  if (fields[0] === "Z" || fields[0] === "X") return null;
  const startTicks = fields[19] ?? "0";
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`).catch(() => Buffer.alloc(0));
  const command = shown(
    cmdline.toString("utf8").split("\0").filter(Boolean).join(" ") || stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
  );
  const startedMs = context.boot + (Number(startTicks) * 1000) / TICKS_PER_SECOND;
  const holding = startedMs < context.sinceMs ? { holds: null, where: "" } : await holdsProject(pid, context);
  const environ = await fs.readFile(`/proc/${pid}/environ`).catch(() => null);
  return {
    pid,
    ppid: Number(fields[1]),
    sid: Number(fields[3]),
    startedMs,
    startTicks,
    command,
    holds: holding.holds,
    where: holding.where,
    marked: environ !== null && markedByClaudeCode(environ, context.sessionId),
    hookEnv:
      environ !== null &&
      environ
        .toString("utf8")
        .split("\0")
        .some((v) => v.startsWith("CLAUDE_PROJECT_DIR=")),
  };
}

/** CLAUDECODE=1, and CLAUDE_CODE_SESSION_ID this session's or absent: what Claude Code puts in its Bash tool's environment. */
export function markedByClaudeCode(environ: Buffer, sessionId: string): boolean {
  const vars = environ.toString("utf8").split("\0");
  if (!vars.includes("CLAUDECODE=1")) return false;
  const session = vars.find((v) => v.startsWith("CLAUDE_CODE_SESSION_ID="));
  return session === undefined || session === `CLAUDE_CODE_SESSION_ID=${sessionId}`;
}

/** A command line or path as the agent wrote it, shown on one line of loopkit's text: control characters escaped, cut at 120. */
const shown = (text: string): string => {
  const escaped = JSON.stringify(text).slice(1, -1);
  return escaped.length > 120 ? `${escaped.slice(0, 120)}...` : escaped;
};

const inside = (file: string, root: string) => file === root || file.startsWith(`${root}/`);
const DELETED = " (deleted)";

/** How `pid` holds the project, by its cwd, open files and memory mappings. */
async function holdsProject(pid: number, context: ScanContext): Promise<{ holds: SeenProcess["holds"]; where: string }> {
  const base = `/proc/${pid}`;
  const maps = await fs.readFile(`${base}/maps`, "utf8").catch((error: NodeJS.ErrnoException) => error);
  const cwd = await fs.readlink(`${base}/cwd`).catch((error: NodeJS.ErrnoException) => error);
  if (maps instanceof Error || cwd instanceof Error) {
    const hidden = [maps, cwd].some((e) => e instanceof Error && (e.code === "EACCES" || e.code === "EPERM"));
    return { holds: hidden ? "hidden" : null, where: "" };
  }
  const shared = sharedMapping(maps, context);
  if (shared) return { holds: "shared", where: `a shared writable mapping of ${shared}` };
  if (inside(cwd, context.root)) return { holds: "plain", where: `its folder ${cwd}` };
  for (const line of maps.split("\n")) {
    const file = mappedPath(line);
    if (file && inside(file, context.root)) return { holds: "plain", where: `a mapping of ${file}` };
  }
  const fds = await fs.readdir(`${base}/fd`).catch(() => [] as string[]);
  for (const fd of fds) {
    const target = await fs.readlink(`${base}/fd/${fd}`).catch(() => "");
    const file = target.endsWith(DELETED) ? target.slice(0, -DELETED.length) : target;
    if (file && inside(file, context.root)) return { holds: "plain", where: `an open file ${file}` };
  }
  return { holds: null, where: "" };
}

/** The path of a mapping line of /proc/PID/maps (without " (deleted)"), or null for an anonymous one. */
function mappedPath(line: string): string | null {
  const at = line.indexOf("/");
  if (at < 0) return null;
  const file = line.slice(at);
  return file.endsWith(DELETED) ? file.slice(0, -DELETED.length) : file;
}

/**
 * A shared writable mapping of a file that is, or may be, in the project: inside it by path, or on its
 * device by a path outside it that is gone or has other links (a hard link into the project).
 */
function sharedMapping(maps: string, context: ScanContext): string | null {
  for (const line of maps.split("\n")) {
    const [, perms, , dev, inode] = line.split(/\s+/, 5);
    if (!perms || perms[1] !== "w" || perms[3] !== "s" || !inode || inode === "0") continue;
    const file = mappedPath(line);
    if (!file) continue;
    if (inside(file, context.root)) return file;
    if (deviceNumber(dev ?? "") !== context.rootDev) continue;
    if (line.endsWith(DELETED)) return file;
    try {
      const stat = statSync(file);
      if (stat.nlink > 1 || String(stat.ino) !== inode) return file;
    } catch {
      return file;
    }
  }
  return null;
}

/** A maps line's "major:minor" (hex) as stat's dev (glibc's makedev). */
export function deviceNumber(text: string): number {
  const [major, minor] = text.split(":").map((part) => parseInt(part, 16));
  if (major === undefined || minor === undefined || Number.isNaN(major) || Number.isNaN(minor)) return -1;
  return (major & 0xfff) * 256 + (minor & 0xff) + (minor & ~0xff) * 4096 + Math.floor(major / 4096) * 2 ** 44;
}

/** This process and its ancestors (the hook, Claude Code, the person's shell and terminal). */
async function ancestors(pid: number): Promise<Set<number>> {
  const found = new Set<number>();
  for (let at = pid; at > 1 && !found.has(at);) {
    found.add(at);
    const status = await fs.readFile(`/proc/${at}/status`, "utf8").catch(() => "");
    at = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  }
  return found;
}

async function bootTimeMs(): Promise<number | null> {
  const stat = await fs.readFile("/proc/stat", "utf8").catch(() => "");
  const btime = /^btime\s+(\d+)/m.exec(stat);
  return btime ? Number(btime[1]) * 1000 : null;
}

const TERM_WAIT_MS = 2_000;
const KILL_WAIT_MS = 1_000;

/** SIGTERM, then SIGKILL after a grace period; returns those still alive after both (or whose pid now names another process). */
export async function endProcesses(list: readonly SeenProcess[]): Promise<SeenProcess[]> {
  let alive = await stillAlive(list);
  for (const [signal, wait] of [
    ["SIGTERM", TERM_WAIT_MS],
    ["SIGKILL", KILL_WAIT_MS],
  ] as const) {
    if (!alive.length) return [];
    for (const p of alive) {
      try {
        process.kill(p.pid, signal);
      } catch {
        // Gone meanwhile.
      }
    }
    for (const until = Date.now() + wait; alive.length && Date.now() < until;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      alive = await stillAlive(alive);
    }
  }
  return alive;
}

/** Those of `list` that still run as the very process seen (same start), zombies counted gone. */
async function stillAlive(list: readonly SeenProcess[]): Promise<SeenProcess[]> {
  const alive: SeenProcess[] = [];
  for (const p of list) {
    const stat = await fs.readFile(`/proc/${p.pid}/stat`, "utf8").catch(() => null);
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields[0] !== "Z" && fields[0] !== "X" && fields[19] === p.startTicks) alive.push(p);
  }
  return alive;
}
