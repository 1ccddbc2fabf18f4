// How the prompt of a turn loopkit wakes after an API error begins (api-errors.ts builds it). Its own
// file, with no imports: the hook entry (hook-events.ts) tells that turn from the person's prompts by it.
export const RETRY_TAG = "loopkit auto-loop: your last turn was cut off by an API error";
