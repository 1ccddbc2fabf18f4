// Every loop kind's parts at once (load.ts's table, loaded whole), for the rooms that list every kind
// or build a schema naming all of them: history, the checkpoint commands, the JSON schemas. The paths
// that run at every hook event load only their own kind's parts through load.ts instead.
import { LOOP_KINDS, type LoopKind } from "../shared/loop-kinds.js";
import { loadLoopKind, type AnyLoopKind } from "./load.js";

export type { AnyLoopKind } from "./load.js";

const PARTS = new Map<LoopKind, AnyLoopKind>(await Promise.all(LOOP_KINDS.map(async (kind) => [kind, await loadLoopKind(kind)] as const)));

export function loopKind(kind: LoopKind): AnyLoopKind {
  return PARTS.get(kind)!;
}

/** Every kind, in LOOP_KINDS order. */
export const ALL_LOOP_KINDS: readonly AnyLoopKind[] = LOOP_KINDS.map(loopKind);
