// Which entries came or went in a few folders while the verifier ran, as the kernel reports them
// (inotify on Linux, through fs.watch). Used only where a folder's times cannot be evidence: the
// folders the sandbox makes and removes its mount points in (verification.ts, sandboxMountPoints).
import { watch, type FSWatcher } from "node:fs";

export interface FolderWatch {
  /** Stops watching: per folder key, the names that were created, removed or renamed in it, or null where it could not be watched throughout. */
  stop(): Promise<Map<string, ReadonlySet<string> | null>>;
}

/** Watches each folder (key → absolute path) until `stop()`. A folder that cannot be watched is reported null, never empty. */
export function watchFolders(folders: ReadonlyMap<string, string>): FolderWatch {
  const seen = new Map<string, Set<string> | null>();
  const watchers: FSWatcher[] = [];
  for (const [key, dir] of folders) {
    const names = new Set<string>();
    seen.set(key, names);
    try {
      const watcher = watch(dir, { persistent: false, encoding: "utf8" }, (event, name) => {
        if (event !== "rename") return;
        // No name: the kernel did not say which entry (an overflowed queue); nothing is known of the folder.
        if (name === null) seen.set(key, null);
        else seen.get(key)?.add(name);
      });
      watcher.on("error", () => seen.set(key, null));
      watchers.push(watcher);
    } catch {
      seen.set(key, null);
    }
  }
  return {
    async stop() {
      // Events the kernel queued before the last run ended are read on the next turn of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 50));
      for (const watcher of watchers) watcher.close();
      return seen;
    },
  };
}
