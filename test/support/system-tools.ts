// The one rule for tests that need a program npm cannot install (bubblewrap, socat, ripgrep, tmux,
// chromium): where one is missing they skip, with one line naming what to install, so `npm test`
// passes on a fresh machine; CI (.ci/run sets LOOPKIT_REQUIRE_SYSTEM_TOOLS=1) installs them, and
// there a missing one fails the file instead of skipping it.
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";

/** The package that brings each program (Debian/Ubuntu names; the same on most distributions). */
const PACKAGE_OF: Record<string, string> = { bwrap: "bubblewrap", rg: "ripgrep", socat: "socat", tmux: "tmux", chromium: "chromium" };

/** Whether the tests that need `tools` run here: skip (with the line that says why) or not. */
export interface SystemTools {
  skip: boolean;
  reason?: string;
}

const printed = new Set<string>();

/** `tools` looked up on PATH; missing ones skip the caller's tests, or throw where LOOPKIT_REQUIRE_SYSTEM_TOOLS=1. */
export function requireSystemTools(tools: string[], env: NodeJS.ProcessEnv = process.env): SystemTools {
  const missing = tools.filter((tool) => !onPath(tool, env.PATH ?? ""));
  if (missing.length === 0) return { skip: false };
  const packages = [...new Set(missing.map((tool) => PACKAGE_OF[tool] ?? tool))];
  const needs = `needs ${packages.join(", ")} (apt-get install ${packages.join(" ")})`;
  if (env.LOOPKIT_REQUIRE_SYSTEM_TOOLS === "1")
    throw new Error(`${missing.join(", ")} not on PATH, and LOOPKIT_REQUIRE_SYSTEM_TOOLS=1 (CI) forbids skipping: ${needs}`);
  const reason = `skipped: ${needs}`;
  if (env === process.env && !printed.has(reason)) {
    printed.add(reason);
    console.warn(reason);
  }
  return { skip: true, reason };
}

function onPath(tool: string, pathVariable: string): boolean {
  return pathVariable.split(path.delimiter).some((dir) => {
    if (!dir) return false;
    try {
      const file = path.join(dir, tool);
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });
}
