// A process that holds a file through a shared writable memory mapping, for the tests of what loopkit
// vouches for by metadata. Node cannot mmap, so python3's mmap module does it. The first write dirties
// the page (the kernel stamps a new mtime then); later writes into that same dirty page change the
// content with no new mtime or ctime, until the page is written back (30 s by default).
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { once } from "node:events";

/** Why the mmap tests cannot run here, or null when they can. */
export const noMmapWriter: string | null = (() => {
  try {
    execFileSync("python3", ["-c", "import mmap"], { stdio: "ignore" });
    return null;
  } catch {
    return "python3 with its mmap module is not installed: a shared writable mapping cannot be made from Node";
  }
})();

const PROGRAM = `
import mmap, sys
f = open(sys.argv[1], "r+b")
m = mmap.mmap(f.fileno(), 0)
for line in sys.stdin:
    at, text = line.rstrip("\\n").split(" ", 1)
    data = text.encode()
    m[int(at):int(at) + len(data)] = data
    print("ok", flush=True)
`;

export interface MmapWriter {
  child: ChildProcessWithoutNullStreams;
  /** Writes `text` at `offset` through the mapping, without msync (the page stays dirty). */
  write(offset: number, text: string): Promise<void>;
  /** Ends the process (its writes stay in the page cache, as the file's content). */
  close(): Promise<void>;
}

/** Maps `file` shared and writable in a python3 process (see noMmapWriter). */
export function mmapWriter(file: string, options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): MmapWriter {
  const child = spawn("python3", ["-u", "-c", PROGRAM, file], { cwd: options.cwd, env: options.env, stdio: "pipe" });
  let answered = "";
  const waiters: (() => void)[] = [];
  child.stdout.on("data", (chunk: Buffer) => {
    answered += chunk.toString();
    while (answered.includes("ok\n")) {
      answered = answered.slice(answered.indexOf("ok\n") + 3);
      waiters.shift()?.();
    }
  });
  return {
    child,
    write(offset, text) {
      return new Promise((resolve, reject) => {
        child.once("exit", () => reject(new Error(`the mmap writer ended: ${child.stderr.read()?.toString() ?? ""}`)));
        waiters.push(resolve);
        child.stdin.write(`${offset} ${text}\n`);
      });
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin.end();
      await once(child, "exit");
    },
  };
}
