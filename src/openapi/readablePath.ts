/** "/body/data/0/productName" -> "body.data[0].productName": a JSON-pointer-like path as a person reads it. */
export function readablePath(path: string): string {
  return path
    .split('/')
    .filter((part) => part.length > 0)
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
}
