// Collects a child's output without ever holding more than a head and a tail of it in memory.

export class BoundedOutput {
  private head = Buffer.alloc(0);
  private tail: Buffer[] = [];
  private tailBytes = 0;
  total = 0;

  constructor(
    private readonly headLimit: number,
    private readonly tailLimit: number,
  ) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    if (this.head.length < this.headLimit) {
      const take = Math.min(this.headLimit - this.head.length, chunk.length);
      this.head = Buffer.concat([this.head, chunk.subarray(0, take)]);
      chunk = chunk.subarray(take);
    }
    if (chunk.length === 0) return;
    this.tail.push(chunk);
    this.tailBytes += chunk.length;
    while (this.tail.length > 1 && this.tailBytes - this.tail[0]!.length >= this.tailLimit) {
      this.tailBytes -= this.tail.shift()!.length;
    }
  }

  /** Head and tail joined, with a marker saying how much was left out in between. */
  text(): string {
    const tail = Buffer.concat(this.tail);
    const kept = tail.subarray(Math.max(0, tail.length - this.tailLimit));
    const omitted = this.total - this.head.length - kept.length;
    const middle = omitted > 0 ? `\n[... ${omitted} bytes of output omitted ...]\n` : "";
    return `${this.head.toString("utf8")}${middle}${kept.toString("utf8")}`;
  }

  /** The last `bytes` of the output (from the tail, or the head when the output was short). */
  last(bytes: number): string {
    const all = this.total <= this.headLimit ? this.head : Buffer.concat(this.tail);
    const slice = all.subarray(Math.max(0, all.length - bytes)).toString("utf8");
    return all.length > bytes || this.total > all.length ? `[...]${slice}` : slice;
  }
}
