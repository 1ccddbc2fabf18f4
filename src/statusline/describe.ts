// The status line of a session that owns a loop: its marker, then the loop's state, both validated.
import { AutoLoopStateSchema } from "../auto-loop/state.js";
import { RepeatStateSchema } from "../repeat/state.js";
import { SessionMarkerSchema } from "../session/marker.js";
import { readJson } from "../state/json-store.js";
import { autoLoopLine, repeatLine } from "./line.js";

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
    const { kind, state_file: file, loop_id: loopId } = marker.data;
    if (kind === "repeat") {
      const read = await readJson(file, RepeatStateSchema);
      return read.exists && read.value.session_id === sessionId && read.value.loop_id === loopId ? repeatLine(read.value, now) : undefined;
    }
    const read = await readJson(file, AutoLoopStateSchema);
    return read.exists && read.value.session_id === sessionId && read.value.loop_id === loopId ? autoLoopLine(read.value, now) : undefined;
  } catch {
    return `loopkit ${marker.data.kind}: state unreadable (see /loopkit:${marker.data.kind} --status)`;
  }
}
