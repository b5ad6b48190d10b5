// What a required body looks like, for the 400 of a request sent without one: "a JSON body is
// required" told a person to send something, not what. Read from the operation's schema in
// openapi.yaml, so it follows the document.

interface Schema {
  type?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
}

/** A value of the schema's type, as the message sketches it. */
function sketch(schema: Schema | undefined): string {
  // An item of a batch is described by an allOf of objects (VariantUpdateFields): an object too.
  const type = schema?.type ?? (schema?.allOf || schema?.properties ? 'object' : undefined);
  switch (type) {
    case 'array':
      return `[${sketch(schema?.items)}, ...]`;
    case 'object':
      return '{...}';
    case 'string':
      return '"..."';
    case 'boolean':
      return 'true';
    case 'number':
    case 'integer':
      return '0';
    default:
      return '...';
  }
}

/** `{ "data": [{...}, ...] }`: the body's required fields, each sketched by its type. */
export function bodyShape(schema: Schema): string {
  const parts = [schema, ...(schema.allOf ?? [])];
  const required = [...new Set(parts.flatMap((p) => p.required ?? []))];
  const fieldOf = (name: string) => parts.map((p) => p.properties?.[name]).find((s) => s !== undefined);
  // Every field optional: the empty object is a body.
  if (required.length === 0) return '{}';
  return `{ ${required.map((name) => `"${name}": ${sketch(fieldOf(name))}`).join(', ')} }`;
}
