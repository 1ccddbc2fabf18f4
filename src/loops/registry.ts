// The registry of loop kinds: each kind's parts (session/loop-kind.ts) under its name. The hook's
// active path, notify, the status line, history and the checkpoint commands read a kind from here
// instead of asking which kind it is. Its entry half is entry.ts (what dist/hook.cjs bundles); this
// half loads only behind the entry's dynamic import, and each kind's handlers only when called.
import { autoLoopKind } from "../auto-loop/kind.js";
import { repeatKind } from "../repeat/kind.js";
import type { LoopIdentity, LoopKindParts } from "../session/loop-kind.js";
import { LOOP_KINDS, type LoopKind } from "../shared/loop-kinds.js";

/** A kind's parts, its state as every kind's state: what it is read with is its own `stateSchema`. */
export type AnyLoopKind = LoopKindParts<LoopIdentity>;

/** One line per kind: adding a kind is its folder (hook-events.ts, kind.ts) and a line here and in entry.ts. */
const PARTS: { readonly [K in LoopKind]: AnyLoopKind } = {
  repeat: repeatKind,
  "auto-loop": autoLoopKind,
};

export function loopKind(kind: LoopKind): AnyLoopKind {
  return PARTS[kind];
}

/** Every kind, in LOOP_KINDS order. */
export const ALL_LOOP_KINDS: readonly AnyLoopKind[] = LOOP_KINDS.map(loopKind);
