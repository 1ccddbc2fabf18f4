// A stats log kept aside as corrupt still gives up the loop records it holds whole.
import { expect, it } from "vitest";
import { recordsIn } from "../../src/repeat/stats-history.js";

const record = (id: string) => ({
  id,
  command: '/test "{x}"',
  interval: "5m",
  max_iterations: 3,
  started_at: "2026-11-30T12:00:00.000Z",
  iterations: [{ number: 1, timestamp: "2026-11-30T12:00:00.000Z", result: "pass", exit_code: 0, summary: "ok }" }],
  final_status: "COMPLETED",
  ended_at: "2026-11-30T12:05:00.000Z",
});
const log = JSON.stringify({ other: { loop_runs: 1 }, loop_runs: [record("loop-1"), { id: "other-tool" }, record("loop-2")] }, null, 2);

it.each([
  ["a log that parses", log, ["loop-1", "loop-2"]],
  ["a log torn inside its last record", log.slice(0, log.lastIndexOf("COMPLETED")), ["loop-1"]],
  ["a log torn at its start", log.slice(20), ["loop-1", "loop-2"]],
  [
    "a log with garbage between its records",
    log.replace('"id": "other-tool"', '"id": "other-tool" }}}]]] garbage {'),
    ["loop-1", "loop-2"],
  ],
  ["nothing of loopkit's", '{"loop_runs": [{"id": "loop-x"}]}', []],
  ["no JSON at all", "\u0000\u0000\u0000", []],
])("%s", (_name, text, ids) => {
  expect(recordsIn(text).map((run) => run.id)).toEqual(ids);
});
