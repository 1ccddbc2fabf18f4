// The status line of a session that owns a loop: its marker, then the loop's state, both validated,
// then the line its kind makes of it (src/loops/). An auto-loop ended from outside its session
// (--cancel from a terminal, a takeover) keeps the marker until the session's next Stop, which may
// never come: its kind shows it for a minute after it ended, then no more. (A repeat loop's marker
// goes as it ends, --cancel included.)
import { loadLoopKind } from "../loops/load.js";
import { SessionMarkerSchema } from "../session/marker.js";
import { readJson } from "../state/json-store.js";

/** The line for the loop `markerText` points at, if it is still this session's; a short note when unreadable. */
export async function describeLoop(markerText: string, sessionId: string, now: Date): Promise<string | undefined> {
  let raw: unknown;
  try {
    raw = JSON.parse(markerText);
  } catch {
    return undefined;
  }
  const marker = SessionMarkerSchema.safeParse(raw);
  if (!marker.success) return undefined;
  try {
    const { kind: name, state_file: file, loop_id: loopId } = marker.data;
    const kind = await loadLoopKind(name);
    const read = await readJson(file, kind.stateSchema);
    return read.exists && read.value.session_id === sessionId && read.value.loop_id === loopId
      ? kind.statusLine(read.value, now)
      : undefined;
  } catch {
    return `loopkit ${marker.data.kind}: state unreadable (see /loopkit:${marker.data.kind} --status)`;
  }
}
