// kill -9 at every write of a start and of a Stop (state, store, stat cache, checkpoints, gate steps,
// history, session marker): LOOPKIT_FAULT_WRITE="<n>:<stage>" SIGKILLs loopkit at its n-th atomic
// write, halfway through the temp file or just before the rename (src/shared/atomic-write.ts).
// After each kill: nothing kept aside as corrupt, every history line whole, --status answers, no
// `achieved` without a passing verifier and an achieved vote, and the loop goes on to its true end.
import { rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useLoopWorld } from "./loop-world.js";

const loop = useLoopWorld("loopkit kill -9");
/** Just before each rename by default; LOOPKIT_FAULTS_ALL_STAGES=1 adds halfway through each temp file (twice the runs). */
const STAGES = process.env.LOOPKIT_FAULTS_ALL_STAGES === "1" ? (["temp", "rename"] as const) : (["rename"] as const);
const GOAL = "goal --verify true";

/** How many atomic writes `run` makes, read from the trace fault point. */
const writesOf = (stderr: string) => stderr.split("\n").filter((line) => line.startsWith("loopkit-fault: write ")).length;

function freshLoop(): void {
  rmSync(loop.world.data, { recursive: true, force: true });
  rmSync(path.join(loop.world.project, ".auto-loop"), { recursive: true, force: true });
}

type Figures = { points: number; recovered: number; corrupt: number; falseAchieved: number; notKilled: number; failed: string[] };

/** After a kill: what the records say, then the loop driven to its end with no fault. */
function judgeAndRecover(figures: Figures, point: string, killed: { code: number | null }): void {
  figures.points += 1;
  if (killed.code !== null) figures.notKilled += 1;
  const corrupt = loop.corrupt().length > 0;
  let history = true;
  try {
    loop.history();
  } catch {
    history = false;
  }
  if (corrupt || !history) figures.corrupt += 1;
  const now = loop.status();
  if (now.json?.status === "achieved" && !(now.json.last_verifier === "pass" && now.json.last_audit_vote === "achieved"))
    figures.falseAchieved += 1;
  if (now.json?.status === "none") loop.start(GOAL);
  if (loop.status().json?.status === "pursuing") {
    loop.unsandboxed();
    // A start killed before its session marker leaves a loop the session's Stop does not reach: the person starts again.
    if (loop.stop().output === undefined && loop.start(GOAL).code === 0) {
      loop.unsandboxed();
      loop.stop();
    }
  }
  const end = loop.status();
  if (!corrupt && history && end.json?.status === "achieved" && loop.corrupt().length === 0) figures.recovered += 1;
  else figures.failed.push(`${point}: ${String(end.json?.status)}`);
}

const report = (what: string, f: Figures) =>
  `kill -9 at ${f.points} points of ${what}: ${f.recovered} recovered, ${f.corrupt} corrupt, ${f.falseAchieved} false achieved${f.notKilled ? `, ${f.notKilled} not killed` : ""}${f.failed.length ? ` (not recovered: ${f.failed.join(", ")})` : ""}`;

describe.skipIf(process.platform === "win32")("kill -9 at each write", () => {
  it("of a start: every point recovers, none corrupt", { timeout: 1_800_000 }, () => {
    const writes = writesOf(loop.start(GOAL, { LOOPKIT_FAULT_WRITE: "trace" }).stderr);
    expect(writes).toBeGreaterThan(2);
    const figures: Figures = { points: 0, recovered: 0, corrupt: 0, falseAchieved: 0, notKilled: 0, failed: [] };
    for (let n = 1; n <= writes; n++)
      for (const stage of STAGES) {
        freshLoop();
        judgeAndRecover(figures, `${n}:${stage}`, loop.start(GOAL, { LOOPKIT_FAULT_WRITE: `${n}:${stage}` }));
      }
    console.log(report("a start", figures));
    expect(figures).toEqual({
      points: writes * STAGES.length,
      recovered: writes * STAGES.length,
      corrupt: 0,
      falseAchieved: 0,
      notKilled: 0,
      failed: [],
    });
  });

  it("of a Stop: every point recovers, none corrupt, none falsely achieved", { timeout: 1_800_000 }, () => {
    loop.start(GOAL);
    loop.unsandboxed();
    const writes = writesOf(loop.stop({ LOOPKIT_FAULT_WRITE: "trace" }).stderr);
    expect(writes).toBeGreaterThan(4);
    const figures: Figures = { points: 0, recovered: 0, corrupt: 0, falseAchieved: 0, notKilled: 0, failed: [] };
    for (let n = 1; n <= writes; n++)
      for (const stage of STAGES) {
        freshLoop();
        loop.start(GOAL);
        loop.unsandboxed();
        judgeAndRecover(figures, `${n}:${stage}`, loop.stop({ LOOPKIT_FAULT_WRITE: `${n}:${stage}` }));
      }
    console.log(report("a Stop", figures));
    expect(figures).toEqual({
      points: writes * STAGES.length,
      recovered: writes * STAGES.length,
      corrupt: 0,
      falseAchieved: 0,
      notKilled: 0,
      failed: [],
    });
  });
});
