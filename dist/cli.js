import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  LoopkitError
} from "./chunks/chunk-X5LLZUM3.js";
import "./chunks/chunk-JXA4W5PX.js";

// src/cli/stdin.ts
var MAX_BYTES = 64 * 1024 * 1024;
function readStdin(timeoutMs = 1e4) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    const timer = setTimeout(() => reject(new LoopkitError("USAGE", `no end of input after ${timeoutMs} ms`, { hint: "--args-stdin reads the arguments from stdin: pipe them in, or pass them as words" })), timeoutMs);
    timer.unref();
    process.stdin.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BYTES) {
        clearTimeout(timer);
        reject(new LoopkitError("USAGE", `input larger than ${MAX_BYTES} bytes`, { hint: "arguments this large are no prompt; put the text in a file and name the file instead" }));
        process.stdin.destroy();
        return;
      }
      chunks.push(chunk);
    });
    process.stdin.on("end", () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString("utf8"));
    });
    process.stdin.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

// src/cli/main.ts
var io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin: () => readStdin(),
  env: process.env,
  cwd: process.cwd(),
  now: () => /* @__PURE__ */ new Date(),
  exitCode: 0
};
var args = process.argv.slice(2);
process.exitCode = args.length === 1 && args[0] === "statusline" ? await (await import("./chunks/run-SC7AZ5BJ.js")).runStatusline(io) : await (await import("./chunks/run-cli-QYYNSOE3.js")).runCli(args, io);
