// The loop kinds loopkit knows, declared once: every schema that names a kind builds its enum from
// this list, and src/loops/ registers each kind's parts under these names. Dependency-free: the hook
// entry bundles it. Each kind keeps its records in a data folder of its name (<data>/repeat, <data>/auto-loop).
export const LOOP_KINDS = ["repeat", "auto-loop"] as const;
export type LoopKind = (typeof LOOP_KINDS)[number];
