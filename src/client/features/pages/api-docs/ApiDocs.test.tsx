// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../test-utils/i18n';
import { ApiDocs } from './ApiDocs';
import type { OpenApiDocument } from './openapi.types';

const errorBody = {
  type: 'object',
  properties: { code: { type: 'string' }, message: { type: 'string' } },
  required: ['code', 'message'],
};

const openApi: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Test API', version: '1.2.3', description: 'Errors are `{code, message}`. Use a Bearer token.' },
  servers: [{ url: '/api/v1' }],
  paths: {
    '/secret': {
      post: {
        tags: ['secrets'],
        summary: 'Create a secret',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  text: { type: 'string', minLength: 1, description: 'The envelope' },
                  ttl: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
                  title: { anyOf: [{ type: 'string', maxLength: 100, description: 'A title' }, { type: 'null' }] },
                  maxViews: { type: 'integer', default: 1, minimum: 1, maximum: 999 },
                },
                required: ['text', 'ttl'],
              },
            },
          },
        },
        responses: {
          '201': {
            description: 'Created',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { id: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } },
                  required: ['id', 'expiresAt'],
                },
              },
            },
          },
          '400': { description: 'A field is invalid', content: { 'application/json': { schema: errorBody } } },
        },
      },
    },
    '/secret/{id}': {
      parameters: [],
      get: {
        tags: ['secrets'],
        summary: 'Open a secret',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 64 } },
          { name: 'password', in: 'query', required: false, schema: { type: 'string' } },
        ],
        responses: { '404': { description: 'Not found', content: { 'application/json': { schema: errorBody } } } },
      },
    },
    '/settings/public': {
      get: {
        tags: ['settings'],
        summary: 'Public settings',
        responses: { '200': { description: 'The settings' } },
      },
    },
  },
};

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

const renderDocs = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <ApiDocs document={openApi} documentUrl="/api/v1/openapi.json" />
    </I18nextProvider>,
  );

const operation = (id: string) => {
  const section = document.getElementById(id);
  if (!section) throw new Error(`no section #${id}`);
  return section;
};
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('ApiDocs', () => {
  it('introduces the API with the description of the document, inline code included', () => {
    renderDocs();
    expect(screen.getByRole('heading', { name: /Test API/ }).textContent).toContain('version 1.2.3');
    expect(screen.getByText('{code, message}').tagName).toBe('CODE');
    expect(screen.getByText('/api/v1')).toBeTruthy();
  });

  it('groups operations by tag, each with an anchor and a link from the contents', () => {
    renderDocs();
    const tagHeadings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(tagHeadings).toEqual(expect.arrayContaining(['secrets', 'settings']));
    const secrets = screen.getByRole('region', { name: 'secrets' });
    expect(
      within(secrets)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['POST/secret', 'GET/secret/{id}']);
    expect(operation('post-secret').textContent).toContain('Create a secret');
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    expect(
      within(contents)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#post-secret', '#get-secret-id', '#get-settings-public']);
    expect(within(operation('get-secret-id')).getByRole('link', { name: 'Link to GET /secret/{id}' })).toBeTruthy();
  });

  it('shows the request body as a table of name, type, required and description', () => {
    renderDocs();
    const table = within(operation('post-secret')).getByRole('table', { name: 'Request body of POST /secret' });
    expect(rowsOf(table)).toEqual([
      ['text', 'string', 'required', 'The envelopeMin. length 1'],
      ['ttl', 'integer', 'required', ''],
      ['title', 'string | null', 'optional', 'A titleMax. length 100'],
      ['maxViews', 'integer', 'optional', 'Default 1Minimum 1Maximum 999'],
    ]);
  });

  it('shows path and query parameters', () => {
    renderDocs();
    const table = within(operation('get-secret-id')).getByRole('table', { name: 'Parameters of GET /secret/{id}' });
    expect(rowsOf(table)).toEqual([
      ['idpath', 'string', 'required', 'Max. length 64'],
      ['passwordquery', 'string', 'optional', ''],
    ]);
  });

  it('lists every response status with its description and a compact schema', () => {
    renderDocs();
    const responses = within(within(operation('post-secret')).getByRole('list', { name: 'Responses' })).getAllByRole(
      'listitem',
    );
    expect(responses.map((item) => item.querySelector('p')?.textContent)).toEqual([
      '201Created',
      '400A field is invalid',
    ]);
    expect(responses[0]?.querySelector('code')?.textContent).toBe('{ id: string; expiresAt: string(date-time) }');
    expect(responses[1]?.querySelector('code')?.textContent).toBe('{ code: string; message: string }');
    const settings = within(operation('get-settings-public')).getAllByRole('listitem');
    expect(settings).toHaveLength(1);
    expect(settings[0]?.querySelector('code')).toBeNull();
  });

  it('lists the other base URL and the older paths as aliases, in the overview and on their operation', () => {
    const withAliases: OpenApiDocument = {
      ...openApi,
      servers: [{ url: '/api/v1' }, { url: '/api' }],
      paths: {
        ...openApi.paths,
        '/public-secrets': {
          get: {
            tags: ['secrets'],
            operationId: 'listPublicSecrets',
            summary: 'Public secrets',
            'x-aliases': ['/secret/public/'],
            responses: { '200': { description: 'The list' } },
          },
        },
      },
    };
    render(
      <I18nextProvider i18n={i18n}>
        <ApiDocs document={withAliases} documentUrl="/api/v1/openapi.json" />
      </I18nextProvider>,
    );
    const overview = screen.getByRole('region', { name: /Test API/ });
    const aliases = within(overview)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(aliases).toEqual(['/api answers like /api/v1', 'GET /secret/public/ answers like GET /public-secrets']);
    expect(operation('listpublicsecrets').textContent).toContain('Also answers at GET /secret/public/');
  });
});
