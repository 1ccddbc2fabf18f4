// The commit message of a checkpoint: a subject that `git log --oneline` shows in full, then the
// same facts as trailer lines.
import type { Checkpoint, CheckpointRecord } from "./record.js";

type Facts = Pick<Checkpoint, "id" | "kind" | "iteration" | "verdict" | "tokens" | "restored">;

export function checkpointMessage(record: Pick<CheckpointRecord, "loop_id" | "loop_kind">, facts: Facts): string {
  const tokens = facts.tokens === null ? "tokens not counted" : `${facts.tokens} tokens`;
  const subject =
    facts.kind === "iteration"
      ? `loopkit: iteration ${facts.iteration} of ${record.loop_kind} ${record.loop_id}: ${facts.verdict}, ${tokens}`
      : `loopkit: the tree before restoring checkpoint ${facts.restored} of ${record.loop_kind} ${record.loop_id}`;
  return [
    subject,
    "",
    `Loop: ${record.loop_id}`,
    `Kind: ${record.loop_kind}`,
    `Checkpoint: ${facts.id}`,
    `Iteration: ${facts.iteration}`,
    `Verdict: ${facts.verdict}`,
    `Tokens: ${facts.tokens ?? "not counted"}`,
    ...(facts.restored ? [`Restored: ${facts.restored}`] : []),
    "",
  ].join("\n");
}
