// The Stop's evidence from loopkit's own record: the snapshot of the project taken before the verifier
// runs (the turn's tree, its checkpoint, the thrash fingerprint, the protected files), and, after the
// verifier's second pass, the check that nothing moved while it ran. Nothing here judges the turn.
import path from "node:path";
import { pendingCheckpoint, iterationChangesText, type LoopRef, type PendingCheckpoint } from "../../checkpoint/take.js";
import { changesSince } from "../../evidence/changes-since.js";
import { snapshotFingerprint, takeSnapshot, type TakenSnapshot } from "../../evidence/snapshot.js";
import { judgeVerification, sandboxMountPoints, type Verification, type VerificationContext } from "../../evidence/verification.js";
import { watchFolders } from "../../evidence/folder-watch.js";
import { SANDBOX_READ_ONLY_IN_PROJECT } from "../../sandbox/policy.js";
import { readRegularFileSync } from "../../shared/safe-read.js";
import type { Deadline } from "../../shared/deadline.js";
import { formatError } from "../../shared/errors.js";
import { loadStartEvidence } from "../data/evidence-start.js";
import { protectedFiles } from "../project/protect.js";
import type { AutoLoopState } from "../core/state.js";
import { loopFiles } from "../data/store.js";

/** A snapshot of a Stop may take this long, whatever the loop's deadline leaves. */
export const SNAPSHOT_MS = 120_000;

export interface TurnRecord {
  /** The snapshot before the verifier's first run, or null when it could not be taken (`failure` says why). */
  taken: TakenSnapshot | null;
  failure: string | null;
  pending: PendingCheckpoint;
  /** What the agent and the audit hear changed in this iteration. */
  iterationChanges: string | null;
}

/** The deadline of one snapshot: SNAPSHOT_MS from now, or the event's deadline if sooner. */
const snapshotDeadline = (deadline: Deadline): Deadline => ({ at: Math.min(deadline.at, Date.now() + SNAPSHOT_MS) });

/** Records the project as the turn left it; never throws (a failure is the turn's `failure`). */
export async function recordTurn(loop: LoopRef, state: AutoLoopState | undefined, deadline: Deadline): Promise<TurnRecord> {
  let taken: TakenSnapshot;
  try {
    taken = await takeSnapshot({ dataDir: loop.dataDir, projectDir: loop.projectDir, deadline: snapshotDeadline(deadline) });
  } catch (error) {
    const failure = formatError(error);
    return { taken: null, failure, pending: { kind: "failed", message: failure }, iterationChanges: null };
  }
  const start = state
    ? await loadStartEvidence(loopFiles(loop.dataDir, loop.projectDir).dir, state.loop_id, new Date()).catch(() => null)
    : null;
  const pending = await pendingCheckpoint(loop, taken.snapshot, start);
  return { taken, failure: null, pending, iterationChanges: iterationChangesText(pending) };
}

/** What the first half of the Stop needs of the record: the tree's fingerprint, the protected files (null: no record). */
export function turnObservation(
  turn: TurnRecord,
  state: AutoLoopState,
): { treeHash: string | null; protectedFiles: Record<string, string> | null } {
  if (!turn.taken) return { treeHash: null, protectedFiles: null };
  return { treeHash: snapshotFingerprint(turn.taken.snapshot), protectedFiles: protectedFiles(turn.taken.stats, state.protect.globs) };
}

/** After two passes: the project compared with the turn's record, entry by entry. */
export async function checkVerification(
  state: AutoLoopState,
  dataDir: string,
  turn: TakenSnapshot,
  deadline: Deadline,
  mounts: VerificationContext["mounts"],
): Promise<Verification> {
  const found = await changesSince(turn, { dataDir, projectDir: state.project_dir, deadline: snapshotDeadline(deadline) });
  return judgeVerification(found, {
    projectDir: state.project_dir,
    verifyCommand: state.verify_command,
    protect: state.protect.globs,
    git: turn.snapshot.git,
    scripts: packageScripts(state.project_dir),
    reports: state.test_results.report ? [state.test_results.report] : [],
    ...(mounts ? { mounts } : {}),
  });
}

/** The project's package.json scripts (where `npm test` may run tsc), or null when there are none to read. */
function packageScripts(projectDir: string): Record<string, string> | null {
  // The agent's file: no link followed, no FIFO waited on, no size unbounded (a larger one is not read).
  const MAX = 1024 * 1024;
  let bytes: Buffer | null;
  try {
    bytes = readRegularFileSync(path.join(projectDir, "package.json"), MAX + 1);
  } catch {
    return null;
  }
  if (!bytes || bytes.length > MAX) return null;
  const text = bytes.toString("utf8");
  try {
    const scripts: unknown = JSON.parse(text).scripts;
    if (!scripts || typeof scripts !== "object") return null;
    return Object.fromEntries(Object.entries(scripts).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return null;
  }
}

/**
 * Watches the folders where a sandboxed verifier's mount points would come and go, from before its
 * first run: `stop()` says where they are and what came and went there (for judgeVerification).
 */
export function watchMountFolders(
  turn: TakenSnapshot,
  projectDir: string,
): { stop(): Promise<NonNullable<VerificationContext["mounts"]>> } {
  const points = sandboxMountPoints(mountedReadOnly(turn), (key) => turn.stats.find(key) >= 0);
  const dirs = new Map<string, string>();
  for (const folder of points.keys()) {
    const [root, ...rest] = folder.split("/");
    const base = root?.startsWith("\u0000") ? turn.snapshot.git.find((g) => g.key === root)?.dir : projectDir;
    if (base) dirs.set(folder, path.join(base, ...(root?.startsWith("\u0000") ? rest : folder ? folder.split("/") : [])));
  }
  const watch = watchFolders(dirs);
  return { stop: async () => ({ points, seen: await watch.stop() }) };
}

/** What the sandbox keeps read-only in the project, as record keys (.git/... under the git folder's key when it is a folder). */
function mountedReadOnly(turn: TakenSnapshot): string[] {
  const gitFolder = turn.snapshot.git.find((g) => g.key === "\u0000git");
  return SANDBOX_READ_ONLY_IN_PROJECT.map((entry) => (entry.startsWith(".git/") && gitFolder ? `\u0000git/${entry.slice(5)}` : entry));
}
