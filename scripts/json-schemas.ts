// The JSON Schema files of loopkit's JSON output, generated from the zod schemas that type it.
// Used at build time (scripts/build.mjs writes schemas/) and by the test that they are current;
// never part of dist/: the CLI and the hook carry no JSON Schema code.
import { z } from "zod";
import { AutoLoopStatusSchema } from "../src/auto-loop/core/status.js";
import { CheckpointRecordSchema } from "../src/checkpoint/record.js";
import { RunDetailJsonSchema, RunListJsonSchema } from "../src/history/runs.js";
import { LoopEventSchema } from "../src/notify/event-schema.js";
import { RepeatStatusSchema } from "../src/repeat/status.js";

const OUTPUTS: Record<string, { title: string; schema: z.ZodType }> = {
  "repeat-status": { title: "loopkit repeat --status --json", schema: RepeatStatusSchema },
  "auto-loop-status": { title: "loopkit auto-loop --status --json", schema: AutoLoopStatusSchema },
  history: { title: "loopkit history --json", schema: RunListJsonSchema },
  "history-run": { title: "loopkit history <id> --json", schema: RunDetailJsonSchema },
  checkpoints: { title: "loopkit checkpoints --json", schema: CheckpointRecordSchema },
  notify: { title: "stdin of the notify command (userConfig notify_command)", schema: LoopEventSchema },
};

/** File name (under schemas/) to its text. */
export function jsonSchemaFiles(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(OUTPUTS).map(([name, { title, schema }]) => [
      `${name}.schema.json`,
      `${JSON.stringify({ title, ...z.toJSONSchema(schema, { target: "draft-2020-12", io: "output" }) }, null, 2)}\n`,
    ]),
  );
}
