// The person-readable copy of the loop in `<project>/.auto-loop/`. loopkit writes it and only ever
// compares it with what it last wrote (by sha256): it never reads a decision from it.
import { createHash } from "node:crypto";
import { constants, promises as fs } from "node:fs";
import path from "node:path";
import writeFileAtomic from "write-file-atomic";
import { HistoryEntrySchema, type HistoryEntry } from "./history.js";
import type { AutoLoopState } from "./state.js";

export const MIRROR_DIR = ".auto-loop";
const KEEP_LOGS = 20;
const MAX_HANDOFF_BYTES = 32 * 1024;

const dirOf = (projectDir: string) => path.join(projectDir, MIRROR_DIR);
const stamp = (now: Date) => now.toISOString().replace(/[:.]/g, "-");

/** The exact bytes of goal-state.json for `state` (its own sha field is always null in the copy). */
export function mirrorText(state: AutoLoopState): string {
  return `${JSON.stringify({ ...state, mirror_sha256: null }, null, 2)}\n`;
}

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Makes `.auto-loop/` a real folder (a symlink or file planted there is moved aside first). */
async function ensureDir(projectDir: string, now: Date): Promise<string> {
  const dir = dirOf(projectDir);
  const info = await fs.lstat(dir).catch(() => null);
  if (info && !info.isDirectory()) await fs.rename(dir, `${dir}-foreign-${stamp(now)}`);
  await fs.mkdir(path.join(dir, "logs"), { recursive: true });
  await writeFileAtomic(path.join(dir, ".gitignore"), "# written by loopkit: keep the loop's records out of git\n*\n");
  return dir;
}

/** Writes goal-state.json (the given text) and heartbeat.json. */
export async function writeMirror(projectDir: string, state: AutoLoopState, text: string, now: Date): Promise<void> {
  const dir = await ensureDir(projectDir, now);
  await writeFileAtomic(path.join(dir, "goal-state.json"), text);
  const heartbeat = { version: 1, loop_id: state.loop_id, session_id: state.session_id, status: state.status, iteration: state.iteration, at: state.heartbeat_at };
  await writeFileAtomic(path.join(dir, "heartbeat.json"), `${JSON.stringify(heartbeat, null, 2)}\n`);
}

/** Appends validated history lines to a JSONL file without following a symlink planted in its place. */
export async function appendJsonl(file: string, entries: HistoryEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await fs.mkdir(path.dirname(file), { recursive: true });
  const handle = await fs.open(file, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, 0o644);
  try {
    await handle.write(entries.map((e) => `${JSON.stringify(HistoryEntrySchema.parse(e))}\n`).join(""));
  } finally {
    await handle.close();
  }
}

export const mirrorHistoryFile = (projectDir: string) => path.join(dirOf(projectDir), "gate-history.jsonl");

/** Null when goal-state.json is what loopkit last wrote; else what happened, with the edited copy kept aside. */
export async function checkMirror(projectDir: string, expectedSha: string | null, now: Date): Promise<{ kind: "edited" | "deleted"; keptAs: string | null } | null> {
  if (expectedSha === null) return null;
  const file = path.join(dirOf(projectDir), "goal-state.json");
  const text = await fs.readFile(file, "utf8").catch(() => null);
  if (text === null) return { kind: "deleted", keptAs: null };
  if (sha256(text) === expectedSha) return null;
  const aside = path.join(dirOf(projectDir), "tampered", `goal-state-${stamp(now)}.json`);
  await fs.mkdir(path.dirname(aside), { recursive: true });
  await fs.rename(file, aside);
  return { kind: "edited", keptAs: path.relative(projectDir, aside) };
}

/** True when `.auto-loop/goal-state.json` is exactly what loopkit last wrote for `sha`. */
export async function mirrorIsOurs(projectDir: string, expectedSha: string | null): Promise<boolean> {
  const text = await fs.readFile(path.join(dirOf(projectDir), "goal-state.json"), "utf8").catch(() => null);
  return text !== null && expectedSha !== null && sha256(text) === expectedSha;
}

/** Moves a `.auto-loop/` this machine did not write (e.g. one that came with a clone) out of the way. */
export async function keepForeignAside(projectDir: string, now: Date): Promise<string | null> {
  const dir = dirOf(projectDir);
  if (!(await fs.lstat(dir).catch(() => null))) return null;
  const aside = `${dir}-foreign-${stamp(now)}`;
  await fs.rename(dir, aside);
  return path.relative(projectDir, aside);
}

/** Saves one verifier run's bounded output; keeps the newest logs only. Returns the project-relative path. */
export async function writeVerifierLog(projectDir: string, iteration: number, run: number, output: string, now: Date): Promise<string> {
  const dir = path.join(await ensureDir(projectDir, now), "logs");
  const name = `verifier-${String(iteration).padStart(4, "0")}-${run}.log`;
  await writeFileAtomic(path.join(dir, name), output);
  const logs = (await fs.readdir(dir)).filter((file) => /^verifier-\d+-\d\.log$/.test(file)).sort();
  await Promise.all(logs.slice(0, Math.max(0, logs.length - KEEP_LOGS)).map((file) => fs.rm(path.join(dir, file), { force: true })));
  return path.join(MIRROR_DIR, "logs", name);
}

/** The hand-off note the agent wrote to .auto-loop/handoff.md, bounded; null when absent or empty. */
export async function readHandoff(projectDir: string): Promise<string | null> {
  const file = path.join(dirOf(projectDir), "handoff.md");
  const info = await fs.lstat(file).catch(() => null);
  if (!info?.isFile()) return null;
  const handle = await fs.open(file, "r");
  try {
    const buffer = Buffer.alloc(Math.min(info.size, MAX_HANDOFF_BYTES));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer.subarray(0, bytesRead).toString("utf8").replace(/\uFFFD+$/, "").trim();
    return text === "" ? null : text;
  } finally {
    await handle.close();
  }
}
