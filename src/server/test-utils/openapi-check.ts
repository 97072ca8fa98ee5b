/** What the tests read from the document; every access is checked before use. */
export type Json = Record<string, unknown>;
export type JsonSchema = Json | boolean;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const PARAMETER_LOCATIONS = ['query', 'header', 'path', 'cookie'];
const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema a local `$ref` points to (`#/components/schemas/Name`), or the schema itself when it is no $ref. */
export function resolveRef(doc: Json, schema: unknown): Json {
  if (!isObject(schema) || typeof schema.$ref !== 'string') return schema as Json;
  let target: unknown = doc;
  for (const part of schema.$ref.replace(/^#\//, '').split('/')) target = isObject(target) ? target[part] : undefined;
  if (!isObject(target)) throw new Error(`$ref ${schema.$ref} does not resolve`);
  return resolveRef(doc, target);
}

/** `/secret/{id}/exist` → ['id'] */
export const templateParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

/** The types a JSON schema admits at its top level (`type`, or the types of its anyOf/oneOf branches). */
export function typesOf(schema: unknown): string[] {
  if (!isObject(schema)) return [];
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type as string[];
  const branches = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  return branches ? branches.flatMap(typesOf) : [];
}

/** A small structural check of JSON Schema 2020-12 as OpenAPI 3.1 uses it: returns the problems found. */
function schemaProblems(schema: unknown, where: string, root: Json): string[] {
  if (typeof schema === 'boolean') return [];
  if (!isObject(schema)) return [`${where}: a schema must be an object or a boolean`];
  const problems: string[] = [];
  if (schema.$ref !== undefined) {
    const ref = schema.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) problems.push(`${where}: $ref ${String(ref)} is not local`);
    else {
      let target: unknown = root;
      for (const part of ref.slice(2).split('/')) target = isObject(target) ? target[part] : undefined;
      if (target === undefined) problems.push(`${where}: $ref ${ref} does not resolve`);
    }
  }
  for (const type of Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type]) {
    if (!JSON_TYPES.includes(type as string)) problems.push(`${where}: unknown type ${String(type)}`);
  }
  if (schema.properties !== undefined) {
    if (!isObject(schema.properties)) problems.push(`${where}: properties must be an object`);
    else {
      for (const [name, property] of Object.entries(schema.properties)) {
        problems.push(...schemaProblems(property, `${where}.properties.${name}`, root));
      }
    }
  }
  if (schema.required !== undefined) {
    const names = isObject(schema.properties) ? Object.keys(schema.properties) : [];
    if (!Array.isArray(schema.required)) problems.push(`${where}: required must be an array`);
    else {
      for (const name of schema.required) {
        if (!names.includes(name as string)) problems.push(`${where}: required ${String(name)} is not a property`);
      }
      if (new Set(schema.required).size !== schema.required.length) problems.push(`${where}: required has duplicates`);
    }
  }
  for (const keyword of ['items', 'not', 'additionalProperties'] as const) {
    if (schema[keyword] !== undefined) problems.push(...schemaProblems(schema[keyword], `${where}.${keyword}`, root));
  }
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = schema[keyword];
    if (branches === undefined) continue;
    if (!Array.isArray(branches) || branches.length === 0)
      problems.push(`${where}: ${keyword} must be a non-empty array`);
    else branches.forEach((branch, i) => problems.push(...schemaProblems(branch, `${where}.${keyword}[${i}]`, root)));
  }
  for (const keyword of ['pattern'] as const) {
    if (schema[keyword] === undefined) continue;
    try {
      new RegExp(schema[keyword] as string, 'u');
    } catch {
      problems.push(`${where}: pattern ${String(schema[keyword])} is not a valid regular expression`);
    }
  }
  return problems;
}

/** A hand check of the OpenAPI 3.1 document structure (no validator dependency): returns the problems found. */
export function openApiProblems(doc: unknown): string[] {
  if (!isObject(doc)) return ['the document is not an object'];
  const problems: string[] = [];
  if (doc.openapi !== '3.1.0') problems.push(`openapi is ${String(doc.openapi)}, not 3.1.0`);
  if (!isObject(doc.info) || typeof doc.info.title !== 'string' || typeof doc.info.version !== 'string') {
    problems.push('info needs a string title and version');
  }
  if (doc.servers !== undefined) {
    if (!Array.isArray(doc.servers)) problems.push('servers must be an array');
    else
      for (const server of doc.servers)
        if (!isObject(server) || typeof server.url !== 'string') problems.push('a server needs a url');
  }
  if (!isObject(doc.paths)) return [...problems, 'paths must be an object'];
  const components = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  for (const [name, schema] of Object.entries(components)) {
    problems.push(...schemaProblems(schema, `components.schemas.${name}`, doc));
  }
  const operationIds = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/')) problems.push(`path ${path} must start with /`);
    if (!isObject(item)) {
      problems.push(`path ${path} must be an object`);
      continue;
    }
    for (const [method, operation] of Object.entries(item)) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!HTTP_METHODS.includes(method)) {
        problems.push(`${where}: ${method} is not an HTTP method`);
        continue;
      }
      if (!isObject(operation)) {
        problems.push(`${where}: the operation must be an object`);
        continue;
      }
      if (typeof operation.operationId === 'string') {
        if (operationIds.has(operation.operationId)) problems.push(`${where}: duplicate operationId`);
        operationIds.add(operation.operationId);
      }
      if (
        operation.tags !== undefined &&
        !(Array.isArray(operation.tags) && operation.tags.every((tag) => typeof tag === 'string'))
      ) {
        problems.push(`${where}: tags must be strings`);
      }
      const parameters = (operation.parameters ?? []) as unknown[];
      if (!Array.isArray(parameters)) problems.push(`${where}: parameters must be an array`);
      const seen = new Set<string>();
      for (const parameter of Array.isArray(parameters) ? parameters : []) {
        if (
          !isObject(parameter) ||
          typeof parameter.name !== 'string' ||
          !PARAMETER_LOCATIONS.includes(parameter.in as string)
        ) {
          problems.push(`${where}: a parameter needs a name and a valid "in"`);
          continue;
        }
        const key = `${parameter.in as string}:${parameter.name}`;
        if (seen.has(key)) problems.push(`${where}: parameter ${key} is duplicated`);
        seen.add(key);
        if (parameter.in === 'path' && parameter.required !== true)
          problems.push(`${where}: path parameter ${parameter.name} must be required`);
        if ((parameter.schema === undefined) === (parameter.content === undefined)) {
          problems.push(`${where}: parameter ${parameter.name} needs exactly one of schema and content`);
        }
        if (parameter.schema !== undefined) problems.push(...schemaProblems(parameter.schema, `${where} ${key}`, doc));
      }
      for (const name of templateParams(path)) {
        if (!seen.has(`path:${name}`)) problems.push(`${where}: the path template {${name}} has no path parameter`);
      }
      for (const key of seen) {
        const [location, name] = key.split(':');
        if (location === 'path' && !templateParams(path).includes(name!))
          problems.push(`${where}: path parameter ${name} is not in the path`);
      }
      if (operation.requestBody !== undefined) {
        const body = operation.requestBody;
        if (!isObject(body) || !isObject(body.content) || Object.keys(body.content).length === 0) {
          problems.push(`${where}: requestBody needs content`);
        } else {
          for (const [type, media] of Object.entries(body.content)) {
            if (isObject(media) && media.schema !== undefined)
              problems.push(...schemaProblems(media.schema, `${where} body ${type}`, doc));
          }
        }
      }
      if (!isObject(operation.responses) || Object.keys(operation.responses).length === 0) {
        problems.push(`${where}: responses must be a non-empty object`);
        continue;
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!/^([1-5]\d\d|[1-5]XX|default)$/.test(status)) problems.push(`${where}: ${status} is not a status code`);
        if (!isObject(response) || typeof response.description !== 'string') {
          problems.push(`${where} ${status}: a response needs a description`);
          continue;
        }
        if (response.content === undefined) continue;
        if (!isObject(response.content)) problems.push(`${where} ${status}: content must be an object`);
        else {
          for (const [type, media] of Object.entries(response.content)) {
            if (!isObject(media)) problems.push(`${where} ${status} ${type}: media type must be an object`);
            else if (media.schema !== undefined)
              problems.push(...schemaProblems(media.schema, `${where} ${status} ${type}`, doc));
          }
        }
      }
    }
  }
  return problems;
}
