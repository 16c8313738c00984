/** A growable list of latencies without per-sample allocation. */
export class LatencyRecorder {
  private values = new Float64Array(1 << 16);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  toArray(): Float64Array {
    return this.values.subarray(0, this.length);
  }
}
