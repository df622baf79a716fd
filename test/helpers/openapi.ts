/**
 * Checks real answers against the API document: the operation exists, the status is documented for
 * it, the documented headers are there and well-formed (and no undocumented X- header is sent), the
 * content type is one it lists, and the body matches its schema (Ajv, with the OpenAPI 3.0
 * `nullable` keyword and the formats). Every problem is named, so one run lists them all.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: its default export is the plugin function under ESM interop.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

type Json = Record<string, any>;

export interface Answer {
  method: string;
  url: string;
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  params: number;
}

/** Headers every answer carries that are not the API's own (helmet's, HTTP's). */
const GENERIC_X_HEADERS = new Set([
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

export class ResponseValidator {
  private readonly ajv: Ajv;
  private readonly coercing: Ajv;
  private readonly routes: Route[];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly doc: Json) {
    this.ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema(doc, 'openapi.json');
    // Header values are text: a documented integer is read from it.
    this.coercing = new Ajv({ strict: false, coerceTypes: true });
    addFormats(this.coercing);
    this.routes = Object.entries(doc.paths as Json).flatMap(([template, item]) =>
      Object.keys(item).map((method) => ({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        params: (template.match(/\{/g) ?? []).length,
      })),
    );
    // A literal path wins over a template that also matches (/api/public/seasons/current).
    this.routes.sort((a, b) => a.params - b.params);
  }

  /** The operation's documented path for a request, or undefined when the document has none. */
  operationOf(method: string, url: string): { template: string; operation: Json } | undefined {
    const path = url.split('?')[0] ?? '';
    const route = this.routes.find((r) => r.method === method && r.pattern.test(path));
    return route && { template: route.template, operation: this.doc.paths[route.template][method.toLowerCase()] };
  }

  /** The problems with one answer; none when it is what the document says. */
  check(answer: Answer): string[] {
    const label = `${answer.method} ${answer.url.slice(0, 100)} -> ${answer.status}`;
    const found = this.operationOf(answer.method, answer.url);
    if (!found) return [`${label}: no operation in the document`];
    const { template, operation } = found;
    const method = answer.method.toLowerCase();
    const declared = operation.responses[String(answer.status)];
    if (!declared) return [`${label}: status ${answer.status} is not documented (${Object.keys(operation.responses).join(', ')})`];
    const pointer = `#/paths/${escape(template)}/${method}/responses/${answer.status}`;
    const { value: response, pointer: responsePointer } = this.resolve(declared, pointer);
    const problems: string[] = [];
    const headers = Object.fromEntries(Object.entries(answer.headers).map(([name, value]) => [name.toLowerCase(), value]));

    const documented = new Set<string>();
    for (const [name, raw] of Object.entries((response.headers ?? {}) as Json)) {
      documented.add(name.toLowerCase());
      const { value: header } = this.resolve(raw, '');
      const value = headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required) problems.push(`${label}: header ${name} is documented as always sent but is missing`);
        continue;
      }
      if (name.toLowerCase() === 'set-cookie') continue;
      const check = this.coercing.compile({ type: 'object', properties: { v: header.schema ?? {} } });
      if (!check({ v: Array.isArray(value) ? value.join(', ') : String(value) }))
        problems.push(`${label}: header ${name}=${String(value)}: ${this.coercing.errorsText(check.errors)}`);
    }
    for (const name of Object.keys(headers)) {
      if (name.startsWith('x-') && !GENERIC_X_HEADERS.has(name) && !documented.has(name)) problems.push(`${label}: header ${name} is sent but not documented`);
    }

    const type = String(headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim();
    const content = response.content as Json | undefined;
    if (!content) {
      if (answer.body.length) problems.push(`${label}: documented without a body, but one was sent (${answer.body.slice(0, 80)})`);
      return problems;
    }
    if (!type || !content[type]) {
      problems.push(`${label}: content type ${type || '(none)'} is not documented (${Object.keys(content).join(', ')})`);
      return problems;
    }
    if (type !== 'application/json') return problems;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return [...problems, `${label}: the body is not JSON: ${answer.body.slice(0, 80)}`];
    }
    const validate = this.validator(`${responsePointer}/content/${escape(type)}/schema`);
    if (!validate(body)) problems.push(`${label}: body ${JSON.stringify(body).slice(0, 200)}: ${this.ajv.errorsText(validate.errors, { separator: '; ' })}`);
    return problems;
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi.json${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }

  /** Follows a $ref within the document; answers the object and where it lives. */
  private resolve(node: Json, pointer: string): { value: Json; pointer: string } {
    if (!node.$ref) return { value: node, pointer };
    const ref = String(node.$ref);
    const value = ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<Json>((at, part) => at?.[part], this.doc);
    if (!value) throw new Error(`unresolved ${ref}`);
    return this.resolve(value, ref);
  }
}

function escape(part: string): string {
  return part.replaceAll('~', '~0').replaceAll('/', '~1');
}
