// All of a piped stdin, for the small CommonJS entries (the hook's, the status line's): a synchronous
// read is the cheapest way; where the pipe is non-blocking (EAGAIN) it falls back to the stream.
import { readFileSync } from "node:fs";

export async function readPipedInput(): Promise<string> {
  try {
    return readFileSync(0, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }
}
