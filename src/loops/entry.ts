// The registry's entry half: each loop kind's entry part (session/loop-kind.ts), for dist/hook.cjs.
// Only the kinds' dependency-free hook-events.ts files are imported here, so the entry stays small;
// the rest of each kind is in registry.ts, which only the active paths load.
import { autoLoopEntry } from "../auto-loop/hook-events.js";
import { repeatEntry } from "../repeat/hook-events.js";
import type { LoopKindEntry } from "../session/loop-kind.js";
import type { LoopKind } from "../shared/loop-kinds.js";

/** Keyed by the kind each entry names (the type checks that they agree, and that every kind has one). */
export const LOOP_KIND_ENTRIES: { readonly [K in LoopKind]: LoopKindEntry & { kind: K } } = {
  repeat: repeatEntry,
  "auto-loop": autoLoopEntry,
};

/** The entry part of the kind a marker names, or undefined for a kind loopkit does not know. */
export function entryOf(kind: unknown): LoopKindEntry | undefined {
  return typeof kind === "string" && Object.hasOwn(LOOP_KIND_ENTRIES, kind) ? LOOP_KIND_ENTRIES[kind as LoopKind] : undefined;
}

/** The kind whose skill Claude Code reports as `command` ("loopkit:repeat"), or undefined. */
export function kindOfCommand(command: unknown): LoopKind | undefined {
  return Object.values(LOOP_KIND_ENTRIES).find((entry) => entry.command === command)?.kind;
}
