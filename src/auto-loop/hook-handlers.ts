// Placeholder wiring, replaced by the auto-loop feature: lets the session end.
import type { LoopHookHandlers } from "../hook/handlers.js";

export const autoLoopHookHandlers: LoopHookHandlers = {
  async stop() {
    return { kind: "allow" };
  },
};
