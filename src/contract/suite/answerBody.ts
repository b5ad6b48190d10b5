// How a check reads an answer: the body a schema is checked against, or the text a failure shows.

/** The body parsed when the answer says it is JSON and it parses; otherwise its text as it came. */
export async function readAnswer(res: Response): Promise<{ contentType: string | null; body: unknown }> {
  const contentType = res.headers.get('content-type');
  const text = await res.text();
  if (contentType?.includes('json') && text !== '') {
    try {
      return { contentType, body: JSON.parse(text) as unknown };
    } catch {
      return { contentType, body: text };
    }
  }
  return { contentType, body: text };
}
