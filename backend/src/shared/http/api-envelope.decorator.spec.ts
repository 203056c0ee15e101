import 'reflect-metadata';
import { DECORATORS } from '@nestjs/swagger';
import { LoginUserSchema, RoleSchema } from '@zhengai/contracts';
import { z } from 'zod';
import { ApiEnvelope, ApiFileResponse, contractSchemas } from './api-envelope.decorator.js';

/** The responses a decorator wrote on a method, as @nestjs/swagger keeps them. */
function responsesOf(decorator: MethodDecorator): Record<string, { schema?: Record<string, unknown>; content?: Record<string, unknown> }> {
  class Probe {
    route(): void {}
  }
  const descriptor = Object.getOwnPropertyDescriptor(Probe.prototype, 'route')!;
  decorator(Probe.prototype, 'route', descriptor);
  return Reflect.getMetadata(DECORATORS.API_RESPONSE, descriptor.value) as never;
}
const dataOf = (decorator: MethodDecorator) => (responsesOf(decorator)['200'].schema as { properties: Record<string, unknown> }).properties.data;

describe('ApiEnvelope', () => {
  it('wraps a contract shape in the envelope by reference to its meta id', () => {
    const schema = responsesOf(ApiEnvelope(LoginUserSchema))['200'].schema;
    expect(schema).toMatchObject({
      properties: { meta: { $ref: '#/components/schemas/Meta' }, data: { $ref: '#/components/schemas/LoginUser' }, code: { type: 'integer' } },
      required: ['meta', 'data', 'code'],
    });
  });

  it('writes pages, arrays and null data', () => {
    expect(dataOf(ApiEnvelope(RoleSchema, { page: true }))).toMatchObject({
      properties: { records: { type: 'array', items: { $ref: '#/components/schemas/Role' } }, total: { type: 'integer' } },
    });
    expect(dataOf(ApiEnvelope(RoleSchema, { array: true }))).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Role' } });
    expect(dataOf(ApiEnvelope(null))).toMatchObject({ nullable: true });
  });

  it('documents the answer as 200, the status of every route (writes included)', () => {
    expect(Object.keys(responsesOf(ApiEnvelope(RoleSchema)))).toEqual(['200']);
  });

  it('inlines a schema without an id, referring to the contract shapes inside it as components', () => {
    expect(dataOf(ApiEnvelope(z.boolean()))).toEqual({ type: 'boolean' });
    const inline = dataOf(ApiEnvelope(z.object({ roles: z.array(RoleSchema) }))) as Record<string, unknown>;
    expect(inline).toMatchObject({ type: 'object', properties: { roles: { items: { $ref: '#/components/schemas/Role' } } } });
    expect(inline).not.toHaveProperty('definitions');
  });
});

describe('ApiFileResponse', () => {
  it('documents a binary body of the content type', () => {
    expect(responsesOf(ApiFileResponse('application/zip'))['200'].content).toEqual({ 'application/zip': { schema: { type: 'string', format: 'binary' } } });
  });
});

describe('contractSchemas', () => {
  it('holds every contract shape as an OpenAPI component, recursive ones by reference', () => {
    const schemas = contractSchemas();
    expect(schemas.DepartmentNode).toMatchObject({ properties: { departmentId: { type: 'string' }, childrens: { items: { $ref: '#/components/schemas/DepartmentNode' } } } });
    expect(schemas.LoginUser).toMatchObject({ type: 'object', properties: { userName: { type: 'string' }, roles: { items: { $ref: '#/components/schemas/Role' } } } });
    expect(schemas.LoginUser).not.toHaveProperty('$id');
    expect(schemas.MenuNode).toMatchObject({ properties: { children: { items: { $ref: '#/components/schemas/MenuNode' } } } });
    expect(schemas.Meta).toBeDefined();
  });
});
