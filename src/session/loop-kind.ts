// The contract every loop kind fulfils, in two parts. The entry's part (<kind>/hook-events.ts) is
// what dist/hook.cjs needs before it loads anything: which events the kind acts on and which typed
// command is its own; it must stay free of dependencies. The rest (<kind>/kind.ts) is what the
// active paths and the other rooms need: its state's schema, its hook handlers (loaded only when
// called: they bring the runners), and what the status line, notify, history and checkpoints show of it.
import type { LoopKind } from "../shared/loop-kinds.js";
import type { ActsOn } from "./handlers.js";

/** The part of a kind bundled into the hook entry. */
export interface LoopKindEntry {
  /** The marker's `kind` that routes a session's hooks to a loop of this kind. */
  kind: LoopKind;
  /** Its skill's command name as Claude Code reports it in UserPromptExpansion ("loopkit:repeat"). */
  command: string;
  actsOn: ActsOn;
}
