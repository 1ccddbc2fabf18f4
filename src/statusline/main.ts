// dist/statusline.cjs, what `loopkit statusline` runs (bin/loopkit hands it over): Claude Code runs the
// status line every few seconds, so like the hook's entry this is one small CommonJS file (CommonJS
// starts measurably faster than ESM) that loads dist/statusline-active.js only for a loop-owning session.
import { readPipedInput } from "../shared/read-piped-input.js";
import { runStatusline } from "./run.js";

type DescribeModule = typeof import("./describe.js");

// Not a literal specifier on purpose: the bundler must leave the loop-owning path in its own file.
const activePath = new URL("./statusline-active.js", import.meta.url).href;

runStatusline(
  { readStdin: readPipedInput, stdout: (text) => process.stdout.write(text), env: process.env, now: () => new Date() },
  () => import(activePath) as Promise<DescribeModule>,
).then(
  () => undefined,
  () => undefined,
);
