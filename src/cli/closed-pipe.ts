// A reader that goes away (`loopkit history | head -1`) ends loopkit as it ends any Unix tool: quietly,
// with exit 0, no stack trace. A loop this terminal runs (loopkit run, loopkit repeat) is first stopped
// as a closed terminal stops it (its SIGHUP handlers: the phase's claude is ended, the loop can go on).

/** Listens once, for the whole process, for EPIPE on `streams` (stdout and stderr). */
export function endQuietlyOnClosedPipe(streams: NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  let closed = false;
  const onError = (error: NodeJS.ErrnoException) => {
    // After the first EPIPE every write fails (EPIPE again, or a destroyed stream): nobody reads them.
    if (closed) return;
    if (error.code !== "EPIPE") throw error;
    closed = true;
    process.on("exit", () => void (process.exitCode = 0));
    // A SIGHUP handler of loopkit's own stops its loop; one that re-raises the signal must not end the process by it.
    process.on("SIGHUP", () => undefined);
    if (process.listenerCount("SIGHUP") > 1) process.emit("SIGHUP", "SIGHUP");
    else process.exit(0);
  };
  for (const stream of streams) stream.on("error", onError);
}
