// Placeholder wiring, replaced by the repeat feature: lets the session end.
import type { LoopHookHandlers } from "../hook/handlers.js";

export const repeatHookHandlers: LoopHookHandlers = {
  async stop() {
    return { kind: "allow" };
  },
};
