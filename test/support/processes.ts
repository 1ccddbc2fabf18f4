// Whether a process still runs: one that was killed but not yet reaped by its parent (a zombie,
// Linux's /proc/<pid>/stat state Z) has ended, though `kill(pid, 0)` still finds it.
import { readFileSync } from "node:fs";

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return process.platform !== "linux";
  }
}
