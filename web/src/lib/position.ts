/**
 * Read-your-writes bookkeeping. Every command response may carry `X-Lectio-Position`; the client
 * keeps the highest position it has seen and sends it as `X-Lectio-Min-Position` on every GET.
 * Positions are decimal integers (compared as BigInt) but kept as strings on the wire.
 */
export function maxPosition(a: string | null, b: string | null | undefined): string | null {
  const bb = b?.trim();
  if (!bb || !/^\d+$/.test(bb)) return a;
  if (a === null) return bb;
  return BigInt(bb) > BigInt(a) ? bb : a;
}

export class PositionTracker {
  private highest: string | null = null;

  observe(value: string | null | undefined): void {
    this.highest = maxPosition(this.highest, value);
  }

  get current(): string | null {
    return this.highest;
  }

  reset(): void {
    this.highest = null;
  }
}
