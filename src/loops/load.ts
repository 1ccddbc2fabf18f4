// The one table of loop kinds' parts, each loaded only when asked for: the paths that run at every
// hook event and status-line refresh (dispatch, notify, the status line) load the parts of the
// session's own kind and nothing of the others. registry.ts loads them all for the rooms that list
// every kind (history, checkpoints, the JSON schemas).
import type { LoopIdentity, LoopKindParts } from "../session/loop-kind.js";
import type { LoopKind } from "../shared/loop-kinds.js";

/** A kind's parts, its state as every kind's state: what it is read with is its own `stateSchema`. */
export type AnyLoopKind = LoopKindParts<LoopIdentity>;

/** One line per kind: adding a kind is its folder (hook-events.ts, kind.ts) and a line here and in entry.ts. */
const LOADERS: { readonly [K in LoopKind]: () => Promise<AnyLoopKind> } = {
  repeat: async () => (await import("../repeat/kind.js")).repeatKind,
  "auto-loop": async () => (await import("../auto-loop/kind.js")).autoLoopKind,
};

export function loadLoopKind(kind: LoopKind): Promise<AnyLoopKind> {
  return LOADERS[kind]();
}
