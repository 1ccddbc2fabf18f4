// The claude binary a loop runs, found once at its start: $LOOPKIT_CLAUDE_BIN, else `claude` on PATH,
// as a real absolute path outside the project (the agent could replace one inside it).
import { accessSync, constants, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { LoopkitError } from "./errors.js";

/** The claude binary for `purpose` (e.g. "the audit"), or a USAGE error saying what to do; nothing is started. */
export function resolveClaude(env: NodeJS.ProcessEnv, projectDir: string, purpose: string): string {
  const given = env.LOOPKIT_CLAUDE_BIN;
  const found = given ? (path.isAbsolute(given) ? given : findOnPath(given, env)) : findOnPath("claude", env);
  if (!found || !isExecutable(found)) {
    throw new LoopkitError(
      "USAGE",
      given ? `LOOPKIT_CLAUDE_BIN ${given} is not an executable file` : `${purpose} needs the claude CLI, and there is no claude on PATH`,
      {
        value: given ?? env.PATH,
        hint: "install Claude Code, or point LOOPKIT_CLAUDE_BIN at its claude binary (an absolute path); nothing was started",
      },
    );
  }
  const real = realpathSync(found);
  const inside = path.relative(realpathSync(projectDir), real);
  if (!inside.startsWith("..") && !path.isAbsolute(inside)) {
    throw new LoopkitError("USAGE", `the claude binary for ${purpose} (${real}) is inside the project, where the agent could replace it`, {
      value: real,
      hint: "use a claude installed outside the project (set LOOPKIT_CLAUDE_BIN to its absolute path); nothing was started",
    });
  }
  return real;
}

function findOnPath(name: string, env: NodeJS.ProcessEnv): string | null {
  const extensions = process.platform === "win32" ? ["", ...(env.PATHEXT ?? ".EXE;.CMD;.BAT").split(";")] : [""];
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir)) continue;
    for (const extension of extensions) {
      const candidate = path.join(dir, name + extension);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return null;
}

/** A regular file this user may execute. */
export function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
