// What loopkit's sandbox launcher (dist/sandbox-exec.js) is asked and what it answers. The request
// goes in as its one argument; the answer is one JSON line on fd 3, written before the command runs
// (or instead of it), so the command's own output on stdout and stderr stays the command's.
import * as z from "zod";

export const ExecRequestSchema = z.object({
  version: z.literal(1),
  /** The person's command line, run by /bin/sh inside the sandbox. */
  command: z.string().min(1),
  /** The folder the command runs in (the project root). */
  cwd: z.string(),
  /** The command's own temp folder: its TMPDIR inside the sandbox. */
  tempDir: z.string(),
  /** The library's configuration (src/sandbox/policy.ts). */
  policy: z.record(z.string(), z.unknown()),
});
export type ExecRequest = z.infer<typeof ExecRequestSchema>;

export const ExecAnswerSchema = z.union([
  z.object({ status: z.literal("started") }),
  z.object({ status: z.literal("unavailable"), reason: z.string() }),
]);
export type ExecAnswer = z.infer<typeof ExecAnswerSchema>;

/** The file descriptor the launcher answers on. */
export const ANSWER_FD = 3;

/** Carries NODE_OPTIONS past the launcher to the command: the launcher runs unsandboxed and must load nothing it names. */
export const NODE_OPTIONS_CARRIER = "LOOPKIT_SANDBOX_NODE_OPTIONS";

/** The launcher's exit code when no sandbox could start (the command did not run). */
export const UNAVAILABLE_EXIT = 125;
