// The charset of a JSON body, by every adapter alike: the express one and the fetch one of msw.
// JSON between systems is UTF-8 (RFC 8259). express's parser read any "utf-" charset, so a UTF-8
// body sent as charset=utf-16 was answered "Malformed JSON body" in garbled characters, while msw's
// adapter read every body as UTF-8 whatever its charset said; both now refuse any other charset.
import { CatalogError } from '../domain/errors.js';

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)"?/i;

/** The refusal for a Content-Type whose charset is not UTF-8; undefined when it names none or UTF-8. */
export function foreignCharset(contentType: string | undefined): CatalogError | undefined {
  const charset = CHARSET.exec(contentType ?? '')?.[1];
  if (charset === undefined || charset.toLowerCase() === 'utf-8') return undefined;
  return new CatalogError(
    'unsupported-media-type',
    `Content-Type charset ${charset || '(empty)'} is not accepted: send the JSON body in UTF-8 (charset=utf-8, or none)`,
  );
}
