import type { OpenAPIV3 } from 'openapi-types';

/** The data-residency regions, as the document's server variable lists them. */
export function regionsOf(doc: OpenAPIV3.Document): string[] {
  for (const server of doc.servers ?? []) {
    const values = server.variables?.region?.enum;
    if (values) return values.map(String);
  }
  throw new Error('openapi.yaml names no region server variable');
}
