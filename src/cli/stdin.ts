// Reads all of stdin for the CLI (the skills pass the user's argument text this way, never through a shell).
import { LoopkitError } from "../shared/errors.js";

const MAX_BYTES = 64 * 1024 * 1024;

/** All of stdin as UTF-8, or a USAGE error when it is larger than any real payload or never ends. */
export function readStdin(timeoutMs = 10_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(
      () =>
        reject(
          new LoopkitError("USAGE", `no end of input after ${timeoutMs} ms`, {
            hint: "--args-stdin reads the arguments from stdin: pipe them in, or pass them as words",
          }),
        ),
      timeoutMs,
    );
    timer.unref();
    process.stdin.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BYTES) {
        clearTimeout(timer);
        reject(
          new LoopkitError("USAGE", `input larger than ${MAX_BYTES} bytes`, {
            hint: "arguments this large are no prompt; put the text in a file and name the file instead",
          }),
        );
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
