// Reads the audit's vote from its reply. It counts only when the reply's final line is exactly one
// vote object {"vote": ..., "reasons": [...]} and no other vote object (or anything shaped like one,
// even quoted, escaped or in a code fence) appears anywhere in the reply: an ambiguous reply is no vote.
import * as z from "zod";
import { AUDIT_VOTES, type AuditVote } from "../core/state.js";

const VoteSchema = z.strictObject({ vote: z.enum(AUDIT_VOTES), reasons: z.array(z.string().max(4000)).max(50) });
export type Vote = { vote: AuditVote; reasons: string[] };

/** A "vote" key in any spelling a JSON text or a quoted copy of one would use. */
const VOTE_KEY = /\\*["']vote\\*["']\s*:/gi;

/** The vote, or why the reply holds no vote that counts. */
export function parseAuditVote(reply: string): { vote: Vote } | { problem: string } {
  const lines = reply.trimEnd().split("\n");
  const last = lines[lines.length - 1]?.trim() ?? "";
  let raw: unknown;
  try {
    raw = JSON.parse(last);
  } catch {
    return { problem: "the audit's reply does not end with a vote object on its final line" };
  }
  const parsed = VoteSchema.safeParse(raw);
  if (!parsed.success) return { problem: "the final line of the audit's reply is not a valid vote object" };
  if ((last.match(VOTE_KEY)?.length ?? 0) !== 1) return { problem: "the final line of the audit's reply is not a plain vote object" };
  const keys = reply.match(VOTE_KEY)?.length ?? 0;
  if (keys !== 1) return { problem: `the audit's reply holds ${keys} vote objects; exactly one, on the final line, counts` };
  return { vote: parsed.data };
}
