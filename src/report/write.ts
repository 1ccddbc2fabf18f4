// Where a report goes, writing it, and opening it in the person's browser.
import { spawn } from "node:child_process";
import { accessSync, constants, promises as fs } from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../shared/atomic-write.js";
import { formatError, isLoopkitError, LoopkitError } from "../shared/errors.js";

/** `<data>/reports/<loop id>.html`: beside the loop's own records, out of the project (the agent's to write). */
export function defaultReportPath(dataDir: string, loopId: string): string {
  return path.join(dataDir, "reports", `${loopId.replace(/[^A-Za-z0-9._-]/g, "_")}.html`);
}

/** Writes the page atomically (a half-written page never replaces a whole one), creating its folder. */
export async function writeReport(file: string, text: string): Promise<void> {
  try {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, text);
  } catch (cause) {
    // A full disk says so in its own words (shared/atomic-write.ts).
    if (isLoopkitError(cause, "NO_SPACE")) throw cause;
    throw new LoopkitError("READ_ONLY", `cannot write the report to ${file}: ${formatError(cause)}`, {
      value: file,
      cause,
      hint: "name a file you can write with --output <file>",
    });
  }
}

/** The program that opens a file in the default browser here, or null when it is not installed. */
export function opener(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): Opener | null {
  // cmd's start takes the first quoted word as a window title, hence the empty one.
  if (platform === "win32")
    return { command: env.ComSpec || "cmd.exe", args: (file) => ["/d", "/s", "/c", `start "" "${file}"`], verbatim: true };
  const command = platform === "darwin" ? "open" : "xdg-open";
  return onPath(command, env) ? { command, args: (file) => [file], verbatim: false } : null;
}

export interface Opener {
  command: string;
  args: (file: string) => string[];
  /** Windows: the arguments as written (cmd parses its own line). */
  verbatim: boolean;
}

/** The name of the opener tried (or of the one missing, to say so). */
export const openerName = (platform: NodeJS.Platform) => (platform === "win32" ? "start" : platform === "darwin" ? "open" : "xdg-open");

function onPath(command: string, env: NodeJS.ProcessEnv): boolean {
  return (env.PATH ?? "").split(path.delimiter).some((dir) => {
    if (!dir) return false;
    try {
      accessSync(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Starts the opener on `file` and leaves it (a browser may outlive this command): node's spawn, not
 * execa, for a child that is detached and never awaited. Resolves once it started, or rejects.
 */
export function openFile(open: Opener, file: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(open.command, open.args(file), { detached: true, stdio: "ignore", env, windowsVerbatimArguments: open.verbatim });
    child.once("error", reject);
    child.once("spawn", () => {
      child.unref();
      resolve();
    });
  });
}
