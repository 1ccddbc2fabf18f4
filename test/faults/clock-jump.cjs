// Preloaded into a loopkit process (NODE_OPTIONS=--require): sets its wall clock by CLOCK_JUMP_MS
// once CLOCK_JUMP_AFTER_MS have passed, as `date -s` would, while its monotonic clock runs on.
const jump = Number(process.env.CLOCK_JUMP_MS ?? 0);
const after = Number(process.env.CLOCK_JUMP_AFTER_MS ?? 0);
const RealDate = Date;
const start = performance.now();
const offset = () => (performance.now() - start >= after ? jump : 0);
globalThis.Date = class extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset());
    else super(...args);
  }
  static now() {
    return RealDate.now() + offset();
  }
};
