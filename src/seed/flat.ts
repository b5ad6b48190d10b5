/**
 * The value as one flat string. V8 keeps a string built with + or a template as a tree of its parts
 * (32 bytes a node, every part kept alive), and the first read that flattens it adds a flat copy
 * beside the tree. Strings built once per product and kept for the life of the server are stored
 * flat instead (docs/performance.md, "Generated catalogs: shared values and flat strings").
 * normalize() returns a flat copy; the value is kept as it was where normalizing would change it.
 */
export function flat(value: string): string {
  const copy = value.normalize();
  return copy === value ? copy : value;
}
