// Reads the test results out of a runner's own console output, line by line as it streams: node:test
// (TAP or spec), vitest, jest, mocha, pytest, go test and cargo test, and TAP from any other runner.
// Each reader knows its runner's lines, keeps only what it needs (counts, names, the first failures)
// and answers null when its summary never came; the first that knows the output wins. A reader names
// every test only where its runner printed every test and the names agree with the runner's own counts.
import type { TestResults } from "./results.js";
import { TapReader } from "./tap.js";
import { CargoReader } from "./output/cargo.js";
import { GoTestReader } from "./output/go-test.js";
import { JestReader } from "./output/jest.js";
import type { LineReader } from "./output/line-reader.js";
import { MochaReader } from "./output/mocha.js";
import { NodeTestReader } from "./output/node-test.js";
import { PytestReader } from "./output/pytest.js";
import { VitestReader } from "./output/vitest.js";

/** The results in a whole verifier output, or null when no runner loopkit knows wrote it. */
export function parseTestOutput(text: string): TestResults | null {
  const reader = new TestOutputReader();
  reader.push(Buffer.from(text));
  return reader.end();
}

/** The longest line kept; the rest of a longer one is dropped (memory stays bounded whatever the output). */
const MAX_LINE = 64 * 1024;

/** Reads a verifier's output as it arrives, in chunks, every reader fed every line; nothing else is kept. */
export class TestOutputReader {
  private readonly decoder = new TextDecoder("utf-8");
  private partial = "";
  private readonly readers: LineReader[] = [
    new NodeTestReader(),
    new VitestReader(),
    new JestReader(),
    new MochaReader(),
    new PytestReader(),
    new CargoReader(),
    new GoTestReader(),
    new TapReader("TAP"),
  ];

  push(chunk: Buffer): void {
    const lines = (this.partial + this.decoder.decode(chunk, { stream: true })).split("\n");
    this.partial = lines.pop()!.slice(0, MAX_LINE);
    for (const line of lines) this.feed(line);
  }

  end(): TestResults | null {
    this.feed(this.partial + this.decoder.decode());
    this.partial = "";
    for (const reader of this.readers) {
      const results = reader.end();
      if (results) return results;
    }
    return null;
  }

  private feed(raw: string): void {
    const line = stripAnsi(raw.slice(0, MAX_LINE)).replace(/\r$/, "");
    for (const reader of this.readers) reader.line(line);
  }
}

// eslint-disable-next-line no-control-regex
const stripAnsi = (text: string) => text.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, "");
