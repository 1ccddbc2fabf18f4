// The programs the sandbox library runs outside the sandbox (bubblewrap, socat, ripgrep), found on
// PATH as absolute paths outside the project: a PATH entry inside the project (./node_modules/.bin,
// a relative entry) would let the agent's files stand in for bubblewrap and run unsandboxed.
import { accessSync, constants, realpathSync, statSync } from "node:fs";
import path from "node:path";

/** What the library needs on this platform, by the name it is installed under. */
export const SANDBOX_TOOLS: Partial<Record<NodeJS.Platform, readonly string[]>> = { linux: ["bwrap", "socat", "rg"], darwin: ["rg"] };

/** `name` on `pathVariable`, as a real absolute path outside `projectDir`; null when there is none. */
export function findTool(name: string, pathVariable: string, projectDir: string): string | null {
  const project = realpathSync(projectDir);
  for (const dir of pathVariable.split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir)) continue;
    const candidate = path.join(dir, name);
    let real: string;
    try {
      real = realpathSync(candidate);
      if (!statSync(real).isFile()) continue;
      accessSync(real, constants.X_OK);
    } catch {
      continue;
    }
    if (isInside(project, real) || isInside(project, realpathSync(dir))) continue;
    return real;
  }
  return null;
}

function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}
