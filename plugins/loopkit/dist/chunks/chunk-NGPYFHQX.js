import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  SnapshotSchema
} from "./chunk-5F52TF2U.js";
import {
  LOOP_STATUSES
} from "./chunk-HALTCE3W.js";
import {
  iso_exports,
  readOrKeepAside,
  writeJson
} from "./chunk-W3MJS3SN.js";
import {
  _enum,
  literal,
  object,
  string,
  union
} from "./chunk-CW3O4QTE.js";

// src/auto-loop/data/evidence-start.ts
import path from "node:path";
var JudgedFromSchema = object({
  loop_id: string().min(1),
  started_at: iso_exports.datetime(),
  /** The end of the loop just before this one (never `achieved`, never `pursuing`). */
  last_end: object({ loop_id: string().min(1), status: _enum(LOOP_STATUSES) }),
  snapshot: SnapshotSchema
});
var StartEvidenceSchema = union([
  object({ version: literal(1), loop_id: string().min(1), snapshot: SnapshotSchema }),
  object({
    version: literal(2),
    loop_id: string().min(1),
    started_at: iso_exports.datetime(),
    /** This loop's own start. */
    snapshot: SnapshotSchema,
    /** The earlier start its audit judges from, or null: its own. */
    judged_from: JudgedFromSchema.nullable()
  })
]);
var startEvidenceFile = (loopDir) => path.join(loopDir, "evidence-start.json");
var HINT = "the loop cannot be judged achieved without it; start a new loop";
function saveStartEvidence(loopDir, start) {
  return writeJson(startEvidenceFile(loopDir), StartEvidenceSchema, {
    version: 2,
    loop_id: start.loopId,
    started_at: start.startedAt,
    snapshot: start.snapshot,
    judged_from: start.judgedFrom
  });
}
var readStart = (loopDir, now) => readOrKeepAside(startEvidenceFile(loopDir), StartEvidenceSchema, now, HINT);
async function loadStartEvidence(loopDir, loopId, now) {
  const read = await readStart(loopDir, now);
  return read?.loop_id === loopId ? read.snapshot : null;
}
async function loadJudgingBaseline(loopDir, loopId, now) {
  const read = await readStart(loopDir, now);
  if (read?.loop_id !== loopId) return null;
  return (read.version === 2 ? read.judged_from?.snapshot : null) ?? read.snapshot;
}
function decideBaseline(previous, previousStart, newBaseline) {
  const own = "The audit judges from the project as it is now (this loop's start).";
  if (newBaseline) return { judgedFrom: null, line: `${own.slice(0, -1)}: --new-baseline was given.` };
  if (!previous || previous.status === "achieved") return { judgedFrom: null, line: own };
  const lastEnd = { loop_id: previous.loop_id, status: previous.status === "pursuing" ? "cancelled" : previous.status };
  if (previousStart === "unreadable" || previousStart === null || previousStart.loop_id !== previous.loop_id)
    return {
      judgedFrom: null,
      line: `${own.slice(0, -1)}: the earlier loop ${previous.loop_id} ended ${lastEnd.status}, but loopkit's record of its start is lost, so what it left cannot be told apart; give --new-baseline to say you accept the project as it is, or review it yourself.`
    };
  const inherited = previousStart.version === 2 ? previousStart.judged_from : null;
  const judgedFrom = inherited ? { ...inherited, last_end: lastEnd } : { loop_id: previous.loop_id, started_at: previous.started_at, last_end: lastEnd, snapshot: previousStart.snapshot };
  const since = judgedFrom.loop_id === lastEnd.loop_id ? `which ended ${lastEnd.status}` : `the first of the loops since the last achieved one (the latest, ${lastEnd.loop_id}, ended ${lastEnd.status})`;
  return {
    judgedFrom,
    line: `The audit judges from the baseline of loop ${judgedFrom.loop_id}, started ${judgedFrom.started_at}, ${since}: every change since then is in its diff, this loop's and what earlier loops left. (Give --new-baseline to judge from now instead.)`
  };
}
async function loadPreviousStart(loopDir, now) {
  try {
    return await readStart(loopDir, now) ?? null;
  } catch {
    return "unreadable";
  }
}

export {
  saveStartEvidence,
  loadStartEvidence,
  loadJudgingBaseline,
  decideBaseline,
  loadPreviousStart
};
