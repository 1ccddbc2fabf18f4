// Entry point of every loopkit hook (dist/hook.js). It must cost next to nothing in a session that
// runs no loop: it parses stdin, checks one marker file, and only then loads the rest of loopkit.
// It never throws and never blocks a session because of its own failure: problems go to stderr, exit 0.
import { existsSync } from "node:fs";
import { dataDir, SESSION_ID_PATTERN, sessionMarkerPath } from "../state/paths.js";
import { readStdin } from "./stdin.js";

function warn(line: string): void {
  process.stderr.write(`loopkit: ${line.replace(/\s+/g, " ").trim()}\n`);
}

async function main(): Promise<void> {
  // A nested Claude Code run started by loopkit itself (the audit) must never drive a loop.
  if (process.env.VD_AUTOLOOP_DEPTH) return;
  let payload: unknown;
  try {
    payload = JSON.parse(await readStdin());
  } catch (error) {
    warn(`ignoring hook input that is not valid JSON (${(error as Error).message})`);
    return;
  }
  const sessionId = (payload as { session_id?: unknown } | null)?.session_id;
  if (typeof sessionId !== "string" || !SESSION_ID_PATTERN.test(sessionId)) {
    warn("ignoring hook input without a usable session_id; no loop acts in a session it cannot identify");
    return;
  }
  const data = dataDir();
  if (!existsSync(sessionMarkerPath(data, sessionId))) return;
  const { dispatchHook } = await import("./dispatch.js");
  const output = await dispatchHook(payload, data);
  if (output) process.stdout.write(`${JSON.stringify(output)}\n`);
}

main().then(
  () => {
    process.exitCode = 0;
  },
  (error: unknown) => {
    warn(`hook failed, letting the session go on: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 0;
  },
);
