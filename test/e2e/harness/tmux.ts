// tmux, for the tests that need a real terminal (the interactive UI, a shell that starts a detached
// loop and then closes). .ci/run installs it; where it is missing, those tests are skipped.
import { execFileSync } from "node:child_process";

export const hasTmux = (() => {
  try {
    execFileSync("tmux", ["-V"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
