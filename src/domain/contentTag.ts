/**
 * A 64-bit FNV-1a digest of a text, as 16 hex digits: an opaque tag that changes when the text does
 * (an upsert's eTag). Plain arithmetic rather than a node:crypto hash: the domain runs anywhere.
 */
export function contentTag(text: string): string {
  // Two 32-bit FNV-1a lanes with different offset bases: 64 bits without BigInt.
  let a = 0x811c9dc5;
  let b = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (a >>> 15);
  }
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return hex(a) + hex(b);
}
