// The person-readable copy of the loop in `<project>/.auto-loop/`. loopkit writes it and only ever
// compares it with what it last wrote (by sha256): it never reads a decision from it. The folder is
// the agent's to write, so every write and read goes through a GuardedFolder (no links, no FIFOs).
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { appendWholeSync } from "../../shared/atomic-write.js";
import { GuardedFolder, type Planted } from "../../shared/guarded-files.js";
import { MIRROR_DIR, MIRROR_FILES as FILES, MIRROR_FOLDERS as FOLDERS, VERIFIER_LOG } from "../../shared/mirror-layout.js";
import { HistoryEntrySchema, type HistoryEntry } from "../core/history.js";
import type { AutoLoopState } from "../core/state.js";

export { MIRROR_DIR };
const KEEP_LOGS = 20;
const MAX_HANDOFF_BYTES = 32 * 1024;
/** A mirror larger than this is not what loopkit wrote: it is not read, only reported. */
const MAX_MIRROR_BYTES = 4 * 1024 * 1024;

const GITIGNORE = "# written by loopkit: keep the loop's records out of git\n*\n";
const rel = (...parts: string[]) => path.join(MIRROR_DIR, ...parts);
const stamp = (now: Date) => now.toISOString().replace(/[:.]/g, "-");
const guard = (projectDir: string, now: Date) => new GuardedFolder(projectDir, () => now);

/** The exact bytes of goal-state.json for `state` (its own sha field is always null in the copy). */
export function mirrorText(state: AutoLoopState): string {
  return `${JSON.stringify({ ...state, mirror_sha256: null }, null, 2)}\n`;
}

export const sha256 = (text: string | Buffer) => createHash("sha256").update(text).digest("hex");

/** Writes goal-state.json (the given text), heartbeat.json and the folder's .gitignore. */
export async function writeMirror(projectDir: string, state: AutoLoopState, text: string, now: Date): Promise<Planted[]> {
  const folder = guard(projectDir, now);
  await folder.writeFile(rel(".gitignore"), GITIGNORE);
  await folder.writeFile(rel("goal-state.json"), text);
  const heartbeat = {
    version: 1,
    loop_id: state.loop_id,
    session_id: state.session_id,
    status: state.status,
    iteration: state.iteration,
    at: state.heartbeat_at,
  };
  await folder.writeFile(rel("heartbeat.json"), `${JSON.stringify(heartbeat, null, 2)}\n`);
  return folder.planted;
}

/** Appends validated history lines to a JSONL file in loopkit's data folder, never through a link. */
export async function appendJsonl(file: string, entries: HistoryEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await fs.mkdir(path.dirname(file), { recursive: true });
  appendWholeSync(file, historyLines(entries));
}

/** Appends history lines to the mirror's gate-history.jsonl. */
export async function appendMirrorHistory(projectDir: string, entries: HistoryEntry[], now: Date): Promise<Planted[]> {
  if (entries.length === 0) return [];
  const folder = guard(projectDir, now);
  await folder.append(rel("gate-history.jsonl"), historyLines(entries));
  return folder.planted;
}

const historyLines = (entries: HistoryEntry[]) => entries.map((e) => `${JSON.stringify(HistoryEntrySchema.parse(e))}\n`).join("");

/**
 * What the agent did to `.auto-loop/` since loopkit last wrote it, each as a sentence: goal-state.json
 * edited (kept aside in tampered/) or deleted, and anything planted in place of loopkit's files or
 * folders (moved aside without following it). Empty when all is as loopkit left it.
 */
export async function inspectMirror(projectDir: string, expectedSha: string | null, now: Date): Promise<string[]> {
  if (expectedSha === null) return [];
  const folder = guard(projectDir, now);
  const found: string[] = [];
  await folder.checkDir(MIRROR_DIR);
  for (const name of FOLDERS) await folder.checkDir(rel(name));
  for (const name of FILES) await folder.checkFile(rel(name));
  const logs = await fs.readdir(path.join(projectDir, MIRROR_DIR, "logs")).catch(() => [] as string[]);
  // What loopkit already moved aside stays where it is, reported once.
  for (const name of logs.filter((n) => !n.includes("-foreign-"))) await folder.checkFile(rel("logs", name));
  const mirror = await folder.read(rel("goal-state.json"), MAX_MIRROR_BYTES);
  if (mirror === null) {
    if (!folder.planted.some((p) => p.path === rel("goal-state.json"))) found.push(".auto-loop/goal-state.json was deleted");
  } else if (mirror.truncated || sha256(mirror.bytes) !== expectedSha) {
    const keptAs = await folder.keepAside(rel("goal-state.json"), rel("tampered"), `goal-state-${stamp(now)}.json`);
    found.push(`.auto-loop/goal-state.json was edited${keptAs ? ` (the edited copy is kept as ${keptAs})` : ""}`);
  }
  for (const p of folder.planted)
    found.unshift(`${p.path} was ${p.found}, not loopkit's; it was moved to ${p.keptAs} without following it`);
  return found;
}

/** True when `.auto-loop/goal-state.json` is exactly what loopkit last wrote for `sha`. */
export async function mirrorIsOurs(projectDir: string, expectedSha: string | null): Promise<boolean> {
  if (expectedSha === null) return false;
  const mirror = await new GuardedFolder(projectDir).read(rel("goal-state.json"), MAX_MIRROR_BYTES);
  return mirror !== null && !mirror.truncated && sha256(mirror.bytes) === expectedSha;
}

/** Moves a `.auto-loop/` this machine did not write (e.g. one that came with a clone) out of the way, whatever it is. */
export async function keepForeignAside(projectDir: string, now: Date): Promise<string | null> {
  return (await guard(projectDir, now).moveAsideIfPresent(MIRROR_DIR))?.keptAs ?? null;
}

/** Saves one verifier run's bounded output; keeps the newest logs only. Returns the project-relative path. */
export async function writeVerifierLog(projectDir: string, iteration: number, run: number, output: string, now: Date): Promise<string> {
  const folder = guard(projectDir, now);
  const name = `verifier-${String(iteration).padStart(4, "0")}-${run}.log`;
  await folder.writeFile(rel("logs", name), output);
  const dir = path.join(projectDir, MIRROR_DIR, "logs");
  const logs = (await fs.readdir(dir)).filter((file) => VERIFIER_LOG.test(file)).sort();
  // rm removes a link itself, never its target.
  await Promise.all(logs.slice(0, Math.max(0, logs.length - KEEP_LOGS)).map((file) => fs.rm(path.join(dir, file), { force: true })));
  return rel("logs", name);
}

/** Opens `.auto-loop/<name>` for a background child's output, as a regular file below a real folder. */
export function openMirrorLog(projectDir: string, name: string, now: Date): Promise<fs.FileHandle> {
  return guard(projectDir, now).openForAppend(rel(name));
}

/** The hand-off note the agent wrote to .auto-loop/handoff.md, bounded; null when absent, empty or not a regular file. */
export async function readHandoff(projectDir: string): Promise<string | null> {
  const read = await new GuardedFolder(projectDir).read(rel("handoff.md"), MAX_HANDOFF_BYTES);
  if (!read) return null;
  const text = read.bytes
    .toString("utf8")
    .replace(/\uFFFD+$/, "")
    .trim();
  return text === "" ? null : text;
}
