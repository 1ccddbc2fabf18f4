// Reads the audit's vote from its reply. It counts only when the reply's final line is exactly one
// vote object {"vote": ..., "reasons": [...], "read": [...]} and no other vote object (or anything
// shaped like one, even quoted, escaped or in a code fence) appears anywhere in the reply: an
// ambiguous reply is no vote. An "achieved" vote counts only when its "read" list carries every read
// check of the parts of loopkit's record the audit was required to read (src/evidence/report.ts).
import * as z from "zod";
import { AUDIT_VOTES, type AuditVote } from "../core/state.js";

const reasons = z.array(z.string().max(4000)).max(50);
/** Version 2: the read checks of the parts the audit read. */
const VoteV2Schema = z.strictObject({ vote: z.enum(AUDIT_VOTES), reasons, read: z.array(z.string().max(200)).max(500) });
/** Version 1 (no parts to read): a vote without "read" is a version 2 vote that read none. */
const VoteV1Schema = z.strictObject({ vote: z.enum(AUDIT_VOTES), reasons });
const VoteSchema = z.union([VoteV2Schema, VoteV1Schema]).transform((v) => ({ read: [] as string[], ...v }));

export type Vote = { vote: AuditVote; reasons: string[]; read: string[] };

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

/**
 * Why an "achieved" vote does not count: the parts whose read checks it lacks (null: it counts, or
 * it is no "achieved" vote). A check counts when its word is in "read", alone or as a word of an entry.
 */
export function unreadParts(vote: Vote, required: readonly { file: string; word: string }[]): string | null {
  if (vote.vote !== "achieved") return null;
  const words = new Set(vote.read.flatMap((entry) => entry.split(/[^0-9a-z]+/i)));
  const lacking = [...new Set(required.filter((c) => !words.has(c.word)).map((c) => c.file))];
  if (lacking.length === 0) return null;
  return `the audit voted achieved without the read checks of ${lacking.length} part(s) of loopkit's record it was required to read whole (${lacking.join(", ")}); a turn is judged achieved only when the audit read every changed line`;
}
