// Bits written most significant first, the order of H.264 (demoVideo.ts) and of JPEG's entropy-coded
// data (pictures/jpeg.ts). Pure (arrays only), for the server and the msw handlers alike.

export class MsbBits {
  /** The whole bytes written so far. */
  protected readonly written: number[] = [];
  #current = 0;
  #used = 0;

  /** The lowest `width` bits of `value` (up to 32), the highest first. */
  u(width: number, value: number): void {
    // At most 16 at a time, so that the bits held never pass 24.
    for (let left = width; left > 0;) {
      const take = Math.min(left, 16);
      left -= take;
      this.#current = (this.#current << take) | ((value >>> left) & ((1 << take) - 1));
      this.#used += take;
      while (this.#used >= 8) {
        this.#used -= 8;
        this.byte((this.#current >>> this.#used) & 0xff);
      }
      this.#current &= (1 << this.#used) - 1;
    }
  }

  bit(b: number): void {
    this.u(1, b);
  }

  get aligned(): boolean {
    return this.#used === 0;
  }

  /** Fills the last byte with `fill` bits. */
  align(fill: 0 | 1 = 0): void {
    if (!this.aligned) this.u(8 - this.#used, fill ? 0xff : 0);
  }

  /** Where each whole byte goes: a format that escapes some bytes does it here. */
  protected byte(value: number): void {
    this.written.push(value);
  }
}
