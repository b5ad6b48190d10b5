// The request validator refuses, at start-up, every OpenAPI feature it does not implement.
import { describe, expect, it } from 'vitest';
import type { OpenAPIV3 } from 'openapi-types';
import { OperationTable } from '../../src/openapi/operations.js';
import { requestValidator } from '../../src/openapi/validator.js';
import { loadApiDocument } from '../../src/openapi/apiDocument.js';

type Parameter = OpenAPIV3.ParameterObject;

/** A small document the validator implements all of: one read with path and query parameters, one write with a JSON body. */
function fixture(): OpenAPIV3.Document {
  return {
    openapi: '3.0.3',
    info: { title: 'fixture', version: '1' },
    paths: {
      '/things/{id}': {
        get: {
          operationId: 'getThing',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'limit', in: 'query', schema: { type: 'integer', default: 10 } },
          ],
          responses: { '200': { description: 'ok' } },
        },
      },
      '/things': {
        post: {
          operationId: 'putThings',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { name: { type: 'string' }, default: { type: 'boolean' } },
                },
              },
            },
          },
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  };
}

const getThing = (doc: OpenAPIV3.Document) => doc.paths['/things/{id}']!.get!;
const putThings = (doc: OpenAPIV3.Document) => doc.paths['/things']!.post!;
const bodySchema = (doc: OpenAPIV3.Document) =>
  (putThings(doc).requestBody as OpenAPIV3.RequestBodyObject).content['application/json']!
    .schema as OpenAPIV3.SchemaObject;

/** Starts a validator over the fixture after `change`; the refusal it throws, or undefined. */
function refusal(change: (doc: OpenAPIV3.Document) => void): string | undefined {
  const doc = fixture();
  change(doc);
  try {
    requestValidator(new OperationTable(doc));
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

const addParameter = (parameter: Parameter) => (doc: OpenAPIV3.Document) => {
  getThing(doc).parameters!.push(parameter);
};

describe('request validator: what it refuses at start-up', () => {
  it('accepts the fixture and openapi.yaml, which use only what it implements', async () => {
    expect(refusal(() => undefined)).toBeUndefined();
    expect(() => requestValidator(new OperationTable(structuredClone(fixture())))).not.toThrow();
    const doc = await loadApiDocument();
    expect(new OperationTable(doc).operations.length).toBeGreaterThan(0);
    expect(() => requestValidator(new OperationTable(doc))).not.toThrow();
  });

  it('refuses a header parameter', () => {
    expect(refusal(addParameter({ name: 'x-trace', in: 'header', schema: { type: 'string' } }))).toContain(
      'getThing: header parameter "x-trace": header parameters are not read by this server',
    );
  });

  it('refuses a cookie parameter', () => {
    expect(refusal(addParameter({ name: 'session', in: 'cookie', schema: { type: 'string' } }))).toContain(
      'cookie parameter "session": cookie parameters are not read',
    );
  });

  it('takes a query parameter whose value is JSON text of a schema, and refuses content anywhere else or in another form', () => {
    const json = { 'application/json': { schema: { type: 'object' as const } } };
    expect(refusal(addParameter({ name: 'where', in: 'query', content: json }))).toBeUndefined();
    expect(refusal(addParameter({ name: 'where', in: 'path', required: true, content: json }))).toContain(
      'path parameter "where": "content" is supported only in a query parameter',
    );
    expect(
      refusal(addParameter({ name: 'where', in: 'query', content: { 'text/plain': { schema: {} } } })),
    ).toContain('query parameter "where": content type "text/plain" is not supported');
    expect(
      refusal(addParameter({ name: 'where', in: 'query', content: { 'application/json': {} } })),
    ).toContain('its application/json content needs a schema');
    expect(refusal(addParameter({ name: 'where', in: 'query', style: 'form', content: json }))).toContain(
      'style, explode and allowEmptyValue do not apply to "content"',
    );
    expect(
      refusal(
        addParameter({
          name: 'where',
          in: 'query',
          content: { 'application/json': { schema: { type: 'object', default: {} } } },
        }),
      ),
    ).toContain('schema keyword /default is not supported in "content"');
  });

  it('refuses a query style other than form', () => {
    const message = refusal(
      addParameter({ name: 'tags', in: 'query', style: 'pipeDelimited', schema: { type: 'string' } }),
    );
    expect(message).toContain('query parameter "tags": style "pipeDelimited" is not supported (only "form")');
  });

  it('refuses a path style other than simple', () => {
    const message = refusal((doc) => {
      (getThing(doc).parameters![0] as Parameter).style = 'label';
    });
    expect(message).toContain('path parameter "id": style "label" is not supported (only "simple")');
  });

  it('refuses explode other than the default of the location', () => {
    const message = refusal(
      addParameter({ name: 'tags', in: 'query', explode: false, schema: { type: 'string' } }),
    );
    expect(message).toContain('query parameter "tags": explode false is not supported (only true)');
  });

  it('refuses array and object parameters, whose serialisations it does not read', () => {
    const message = refusal(
      addParameter({ name: 'ids', in: 'query', schema: { type: 'array', items: { type: 'string' } } }),
    );
    expect(message).toContain('query parameter "ids": type "array" is not supported');
  });

  it('takes a query parameter given once or once per value, and refuses every other oneOf', () => {
    const repeated = (oneOf: OpenAPIV3.SchemaObject[], where: 'query' | 'path' = 'query') =>
      refusal(addParameter({ name: 'ids', in: where, required: where === 'path', schema: { oneOf } }));
    const one: OpenAPIV3.SchemaObject = { type: 'string' };
    const many: OpenAPIV3.SchemaObject = { type: 'array', items: { type: 'string' } };
    expect(repeated([one, many])).toBeUndefined();
    const refused = 'oneOf is supported only in a query parameter, as a string or a list of strings';
    expect(repeated([one, { type: 'integer' }])).toContain(`query parameter "ids": ${refused}`);
    expect(repeated([many, one])).toContain(refused);
    expect(repeated([one, { type: 'array', items: { type: 'object' } }])).toContain(refused);
    expect(repeated([one, many], 'path')).toContain(`path parameter "ids": ${refused}`);
  });

  it('refuses allowEmptyValue', () => {
    const message = refusal(
      addParameter({ name: 'flag', in: 'query', allowEmptyValue: true, schema: { type: 'string' } }),
    );
    expect(message).toContain('query parameter "flag": allowEmptyValue is not supported');
  });

  it('refuses a request body in a media type other than JSON', () => {
    const message = refusal((doc) => {
      (putThings(doc).requestBody as OpenAPIV3.RequestBodyObject).content['multipart/form-data'] = {
        schema: { type: 'object' },
      };
    });
    expect(message).toContain('putThings: request body: media type "multipart/form-data" is not supported');
  });

  it('refuses a default in a body schema, at any depth: it would be written over what a record holds', () => {
    const message = refusal((doc) => {
      bodySchema(doc).properties!.name = {
        type: 'object',
        properties: { x: { type: 'string', default: 'a' } },
      };
    });
    expect(message).toContain(
      'putThings: request body: schema keyword /properties/name/properties/x/default',
    );
    expect(message).toContain('over what the stored record holds');
  });

  it('fills body defaults in for a read marked x-safe (a query sent as a body)', () => {
    const message = refusal((doc) => {
      Object.assign(putThings(doc), { 'x-safe': true });
      bodySchema(doc).properties!.name = { type: 'string', default: 'a' };
    });
    expect(message).toBeUndefined();
  });

  it('refuses readOnly and writeOnly in a body schema, which Ajv ignores', () => {
    const message = refusal((doc) => {
      bodySchema(doc).properties!.name = { type: 'string', readOnly: true };
    });
    expect(message).toContain('schema keyword /properties/name/readOnly is not supported');
  });

  it('refuses a discriminator, which Ajv ignores without its own option', () => {
    const message = refusal((doc) => {
      bodySchema(doc).discriminator = { propertyName: 'name' };
    });
    expect(message).toContain('schema keyword /discriminator is not supported');
  });

  it('names every refusal at once', () => {
    const message = refusal((doc) => {
      addParameter({ name: 'a', in: 'header', schema: { type: 'string' } })(doc);
      addParameter({ name: 'b', in: 'query', style: 'spaceDelimited', schema: { type: 'string' } })(doc);
    });
    expect(message).toContain('header parameter "a"');
    expect(message).toContain('query parameter "b"');
  });
});
