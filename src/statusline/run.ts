// `loopkit statusline`: for Claude Code's statusLine setting. Reads the status-line JSON on stdin and
// prints one short line about the loop that session owns, or nothing at all. It never fails loudly:
// a status line is no place for a stack trace, and it must never slow a session down.
import { promises as fs } from "node:fs";
import { findMarker, sessionOf } from "./find.js";

export interface StatuslineIo {
  readStdin(): Promise<string>;
  stdout(text: string): void;
  env: NodeJS.ProcessEnv;
  now(): Date;
}

type DescribeModule = typeof import("./describe.js");

/**
 * `loadDescribe` loads the schemas and the formatting, only for a session that owns a loop: the small
 * CommonJS entry (dist/statusline.cjs) imports dist/statusline-active.js by URL, the CLI ./describe.js.
 */
export async function runStatusline(io: StatuslineIo, loadDescribe: () => Promise<DescribeModule>): Promise<number> {
  const sessionId = sessionOf(await io.readStdin().catch(() => ""));
  const found = sessionId && findMarker(io.env, sessionId);
  if (!sessionId || !found) return 0;
  const { describeLoop } = await loadDescribe();
  const line = await describeLoop(await fs.readFile(found.file, "utf8").catch(() => ""), sessionId, io.now());
  if (line) io.stdout(`${line}\n`);
  return 0;
}
