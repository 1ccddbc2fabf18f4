import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  literal,
  object,
  record,
  string,
  union,
  unknown
} from "./chunk-CW3O4QTE.js";

// src/sandbox/exec-protocol.ts
var ExecRequestSchema = object({
  version: literal(1),
  /** The person's command line, run by /bin/sh inside the sandbox. */
  command: string().min(1),
  /** The folder the command runs in (the project root). */
  cwd: string(),
  /** The command's own temp folder: its TMPDIR inside the sandbox. */
  tempDir: string(),
  /** The library's configuration (src/sandbox/policy.ts). */
  policy: record(string(), unknown())
});
var ExecAnswerSchema = union([
  object({ status: literal("started") }),
  object({ status: literal("unavailable"), reason: string() })
]);
var ANSWER_FD = 3;
var NODE_OPTIONS_CARRIER = "LOOPKIT_SANDBOX_NODE_OPTIONS";
var UNAVAILABLE_EXIT = 125;

export {
  ExecRequestSchema,
  ExecAnswerSchema,
  ANSWER_FD,
  NODE_OPTIONS_CARRIER,
  UNAVAILABLE_EXIT
};
