import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiFoundResponse, ApiOkResponse, ApiResponse, type OpenAPIObject, type ReferenceObject, type SchemaObject } from '@nestjs/swagger';
import { MetaSchema } from '@zhengai/contracts';
import { z } from 'zod';

// The OpenAPI answers of the routes, derived from the contract's zod schemas (@zhengai/contracts), so the document
// describes what the controllers return without a second copy of any wire type.

const COMPONENTS = '#/components/schemas/';
type Schema = SchemaObject | ReferenceObject;

/**
 * Documents the 200 answer `{ meta: { success, message }, data, code }` of a route. `data` is a `$ref` to the
 * schema's meta id (a contract shape), or the schema inlined when it has none (z.boolean(), a small object);
 * `page` wraps it in `{ records, total, current, pages }`, `array` in a list; a null schema means data is null.
 */
export function ApiEnvelope(schema: z.ZodType | null, options: { page?: boolean; array?: boolean } = {}): MethodDecorator {
  let data: Schema = schema ? schemaOf(schema) : { type: 'object', nullable: true, description: 'always null' };
  if (options.array) data = { type: 'array', items: data };
  if (options.page) data = pageOf(data);
  return applyDecorators(
    ApiResponse({ status: 200, description: 'The envelope; data as described', schema: envelopeOf(data) }),
    SetMetadata(ANSWER_CONTRACT, answerSchema(schema, options)),
  );
}

/** Metadata key of the zod schema a route's `data` answers (the e2e suites parse every answer with it). */
export const ANSWER_CONTRACT = 'zhengai:answer-contract';

/** The zod schema of `data` as ApiEnvelope documents it. */
export function answerSchema(schema: z.ZodType | null, options: { page?: boolean; array?: boolean } = {}): z.ZodType {
  let data: z.ZodType = schema ?? z.null();
  if (options.array) data = z.array(data);
  if (options.page) data = z.object({ records: z.array(data), total: z.number().int(), current: z.number().int(), pages: z.number().int() });
  return data;
}

/** Documents a binary download (the file itself, not an envelope; a refusal still answers the JSON envelope). */
export function ApiFileResponse(contentType = 'application/octet-stream'): MethodDecorator {
  return applyDecorators(
    ApiOkResponse({
      description: 'The file; a refusal answers the JSON envelope instead',
      content: { [contentType]: { schema: { type: 'string', format: 'binary' } } },
    }),
  );
}

/** Documents a browser redirect (the CAS routes): 302 with a Location header, no body. */
export function ApiRedirect(description: string): MethodDecorator {
  return applyDecorators(ApiFoundResponse({ description, headers: { Location: { schema: { type: 'string' } } } }));
}

/**
 * Every contract schema with a meta id, as OpenAPI 3.0 components (for `components.schemas` of the document).
 * Reads zod's global registry, so it holds what the loaded contract defines.
 */
export function contractSchemas(): Record<string, SchemaObject> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, { target: 'openapi-3.0', unrepresentable: 'any', uri: (id) => COMPONENTS + id });
  const out: Record<string, SchemaObject> = {};
  for (const [id, json] of Object.entries(schemas)) {
    const { $id: _id, $schema: _schema, ...rest } = json as Record<string, unknown>;
    out[id] = rest as SchemaObject;
  }
  return out;
}

/** Adds the contract schemas to a document built by SwaggerModule (they win over a DTO class of the same name). */
export function withContractSchemas(document: OpenAPIObject): OpenAPIObject {
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...contractSchemas() } };
  return document;
}

function schemaOf(schema: z.ZodType): Schema {
  const id = z.globalRegistry.get(schema)?.id;
  if (typeof id === 'string') return { $ref: COMPONENTS + id };
  // Inline; shapes with an id inside it are referenced, as components (openapi-3.0 target writes #/definitions/).
  const { $schema: _schema, definitions: _defs, $defs: _defs2, ...json } = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return JSON.parse(JSON.stringify(json).replace(/"#\/(?:definitions|\$defs)\//g, `"${COMPONENTS}`)) as Schema;
}

function pageOf(item: Schema): SchemaObject {
  return {
    type: 'object',
    properties: {
      records: { type: 'array', items: item },
      total: { type: 'integer' },
      current: { type: 'integer', description: '1-based page number' },
      pages: { type: 'integer' },
    },
    required: ['records', 'total', 'current', 'pages'],
  };
}

function envelopeOf(data: Schema): SchemaObject {
  return {
    type: 'object',
    properties: {
      meta: schemaOf(MetaSchema),
      data,
      code: { type: 'integer', description: '0 on success, otherwise an eight-digit error code' },
    },
    required: ['meta', 'data', 'code'],
  };
}
