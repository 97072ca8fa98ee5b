import { describe, expect, it } from 'vitest';
import { resolveRefs } from './resolve-refs';

const document = {
  paths: {
    '/secret/{id}': {
      post: {
        requestBody: {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Read', default: {} } } },
        },
        responses: {
          '200': {
            content: {
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Item' } } },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Read: { type: 'object', properties: { keyProof: { type: 'string' } } },
      Item: { type: 'object', properties: { id: { type: 'string' }, owner: { $ref: '#/components/schemas/User' } } },
      User: { type: 'object', properties: { name: { type: 'string' } } },
      Tree: {
        type: 'object',
        properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } },
      },
    },
  },
};

describe('resolveRefs', () => {
  it('puts each named schema where it is used, nested ones too, keeping the keywords beside the $ref', () => {
    const post = resolveRefs(document).paths['/secret/{id}'].post;
    expect(post.requestBody.content['application/json'].schema).toEqual({
      type: 'object',
      properties: { keyProof: { type: 'string' } },
      default: {},
    });
    expect(post.responses['200'].content['application/json'].schema.items).toEqual({
      type: 'object',
      properties: { id: { type: 'string' }, owner: { type: 'object', properties: { name: { type: 'string' } } } },
    });
  });

  it('leaves a schema that refers to itself as a $ref inside its own copy, and unknown references as they are', () => {
    const resolved = resolveRefs({ ...document, extra: { $ref: '#/components/schemas/Nope' } });
    expect(resolved.components.schemas.Tree.properties.children.items).toMatchObject({
      properties: { children: { items: { $ref: '#/components/schemas/Tree' } } },
    });
    expect(resolved.extra).toEqual({ $ref: '#/components/schemas/Nope' });
  });
});
