import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  SnapshotSchema
} from "./chunk-V6TZZYS2.js";
import {
  readOrKeepAside,
  writeJson
} from "./chunk-IEMDV4IA.js";
import {
  literal,
  object,
  string
} from "./chunk-QVVTBSN3.js";

// src/auto-loop/data/evidence-start.ts
import path from "node:path";
var StartEvidenceSchema = object({
  version: literal(1),
  loop_id: string().min(1),
  snapshot: SnapshotSchema
});
var startEvidenceFile = (loopDir) => path.join(loopDir, "evidence-start.json");
function saveStartEvidence(loopDir, loopId, snapshot) {
  return writeJson(startEvidenceFile(loopDir), StartEvidenceSchema, { version: 1, loop_id: loopId, snapshot });
}
async function loadStartEvidence(loopDir, loopId, now) {
  const read = await readOrKeepAside(
    startEvidenceFile(loopDir),
    StartEvidenceSchema,
    now,
    "the loop cannot be judged achieved without it; start a new loop"
  );
  return read?.loop_id === loopId ? read.snapshot : null;
}

export {
  saveStartEvidence,
  loadStartEvidence
};
