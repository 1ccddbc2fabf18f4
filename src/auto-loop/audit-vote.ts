// Finds the audit's vote in its reply: the JSON object {"vote": ..., "reasons": [...]} that ends last
// in the text. Anything else (no such object, a bad vote, an escaped copy inside a string) is no vote.
import { z } from "zod";
import { AUDIT_VOTES, type AuditVote } from "./state.js";

const VoteSchema = z.object({ vote: z.enum(AUDIT_VOTES), reasons: z.array(z.string().max(4000)).max(50) });
export type Vote = { vote: AuditVote; reasons: string[] };

/** Only the end of a long reply is searched (the vote closes it), and only so many candidates. */
const SEARCH_WINDOW = 64 * 1024;
const MAX_CANDIDATES = 200;
const CANDIDATE = /\{\s*"(?:vote|reasons)"\s*:/g;

export function parseAuditVote(reply: string): Vote | null {
  const text = reply.slice(-SEARCH_WINDOW);
  const starts = [...text.matchAll(CANDIDATE)].map((match) => match.index).slice(-MAX_CANDIDATES);
  let best: { end: number; vote: Vote } | null = null;
  for (const start of starts) {
    const end = matchingBrace(text, start);
    if (end === -1 || (best && end <= best.end)) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(text.slice(start, end + 1));
    } catch {
      continue;
    }
    const parsed = VoteSchema.safeParse(raw);
    if (parsed.success) best = { end, vote: parsed.data };
  }
  return best?.vote ?? null;
}

/** Index of the `}` closing the object that opens at `start`, aware of JSON strings; -1 if none. */
function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i += 1) {
    const ch = text[i];
    if (inString) {
      if (ch === "\\") i += 1;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "{") depth += 1;
    else if (ch === "}") {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}
