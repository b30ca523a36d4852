import fc from 'fast-check';

/**
 * Property-based requests for every operation of the served OpenAPI document (issue 16, item 4):
 * values drawn from each operation's own schemas, mixed with the inputs clients get wrong (NUL,
 * lone surrogates, broken escapes, huge numbers, wrong types, broken bodies). Used by
 * tests/api/fuzz.test.ts (a few thousand requests) and bench/api-fuzz.bench.ts (>= 10,000).
 */

type Schema = { [key: string]: any };
type OpenApiDoc = { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, Schema> } };

export interface Operation {
  id: string;
  method: string;
  path: string;
  parameters: Array<{ in: 'path' | 'query' | 'header'; name: string; schema: Schema; required?: boolean }>;
  body: { contentType: string; schema: Schema } | null;
}

export interface FuzzRequest {
  op: string;
  method: string;
  /** Path and query, to append to the server's origin. */
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
}

/** Ids (by parameter name) and tokens that exist on the server under test, so requests also reach real rows. */
export interface FuzzContext {
  ids: Record<string, string[]>;
  tokens: string[];
}

/**
 * Every operation of the document, plus the web app's pages (any other path answers with the
 * built app or a 404, through the static files).
 */
export function operationsOf(doc: OpenApiDoc, prefix = '/api/v1'): Operation[] {
  const ops: Operation[] = [
    { id: 'GET /{page} (web app)', method: 'GET', path: '/{page}', parameters: [{ in: 'path', name: 'page', schema: { type: 'string' } }], body: null },
    { id: 'GET /assets/{file} (web app)', method: 'GET', path: '/assets/{file}', parameters: [{ in: 'path', name: 'file', schema: { type: 'string' } }], body: null },
  ];
  for (const [p, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      const contentType = Object.keys(content)[0];
      ops.push({
        id: `${method.toUpperCase()} ${p}`,
        method: method.toUpperCase(),
        path: prefix + p,
        parameters: op.parameters ?? [],
        body: contentType ? { contentType, schema: content[contentType].schema } : null,
      });
    }
  }
  // Deletions and logouts last, so the users, profiles and sessions they end serve the others first.
  const ending = (o: Operation) => o.method === 'DELETE' || o.path.endsWith('/logout');
  return [...ops.filter((o) => !ending(o)), ...ops.filter(ending)];
}

const NASTY_TEXT = [
  '', ' ', '\u0000', 'a\u0000b', '\ud800', '\udfff', '%zz', '%', '%00', '../../etc/passwd', '..%2f..%2fsecret', "' OR 1=1 --",
  '<script>alert(1)</script>', 'null', 'NaN', '-1', '1e309', '9'.repeat(40), '\u202e', '💥', '\r\n', 'a'.repeat(5000),
];
const NASTY_NUMBERS = [-1, 0, 0.5, -0.0, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2];

const junkText = fc.oneof(fc.constantFrom(...NASTY_TEXT), fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ maxLength: 200 }));
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  junkText,
  fc.constantFrom(...NASTY_NUMBERS),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

const isoDate = fc.date({ min: new Date('1890-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const password = fc.string({ minLength: 8, maxLength: 24 });
const fullName = fc.string({ minLength: 3, maxLength: 30 });
const demoData = fc
  .record({ age: fc.integer({ min: 10, max: 120 }), description: fc.string({ maxLength: 60 }), screening_location: fc.constantFrom('karolinska', 'skanes', 'akademiska', 'other') })
  .map((v) => JSON.stringify(v));

/** Values a field of this name holds, where the schema alone says only "string". */
const BY_NAME: Record<string, fc.Arbitrary<unknown>> = {
  email: tainted(fc.emailAddress()),
  username: tainted(fc.emailAddress()),
  full_name: tainted(fullName),
  name: tainted(fullName),
  birthdate: tainted(isoDate),
  password: tainted(password),
  new_password: tainted(password),
  current_password: tainted(password),
  confirm_password: tainted(password),
  data: tainted(demoData),
};

function resolve(schema: Schema, doc: OpenApiDoc): Schema {
  let s = schema;
  while (s?.$ref) s = doc.components?.schemas?.[String(s.$ref).split('/').pop()!] ?? {};
  return s ?? {};
}

/** A value valid for the schema as far as the schema says, or (one time in ten, at every level) junk. */
function valueFor(schema: Schema, doc: OpenApiDoc, ctx: FuzzContext, name?: string, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 9, arbitrary: validFor(resolve(schema, doc), doc, ctx, name, depth) }, { weight: 1, arbitrary: junkValue });
}

/** Valid text with one character clients get wrong put in at a random place. */
function tainted(arb: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const bad = fc.constantFrom('\u0000', '\u0000', '\ud800', '\udc00', '%zz', '\u202e', '\uffff');
  const taint = fc.tuple(arb, bad, fc.nat()).map(([v, c, i]) => v.slice(0, i % (v.length + 1)) + c + v.slice(i % (v.length + 1)));
  return fc.oneof({ weight: 5, arbitrary: arb }, { weight: 1, arbitrary: taint });
}

/** Integers in the schema's range, or just past it and past the database's integer types. */
function integers(min: number, max: number): fc.Arbitrary<number> {
  const edges = fc.constantFrom(min - 1, max + 1, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 63, 1e300);
  return fc.oneof({ weight: 2, arbitrary: fc.integer({ min, max }) }, { weight: 1, arbitrary: edges });
}

function validFor(s: Schema, doc: OpenApiDoc, ctx: FuzzContext, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
  const options = s.anyOf ?? s.oneOf;
  if (options) return fc.oneof(...options.map((o: Schema) => validFor(resolve(o, doc), doc, ctx, name, depth)));
  if (s.enum) return fc.constantFrom(...s.enum);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((t: string) => validFor({ ...s, type: t }, doc, ctx, name, depth)));
  switch (s.type) {
    case 'string':
      if (s.format === 'uuid') {
        const known = (name && ctx.ids[name]) || [];
        return known.length ? fc.oneof({ weight: 1, arbitrary: fc.uuid() }, { weight: 3, arbitrary: fc.constantFrom(...known) }) : fc.uuid();
      }
      if (name && BY_NAME[name]) return BY_NAME[name];
      return tainted(fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 80) }));
    case 'integer':
      return integers(s.minimum ?? -1000, Math.min(s.maximum ?? 1000, 1_000_000));
    case 'number':
      return fc.double({ min: s.minimum ?? -1000, max: s.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(valueFor(s.items ?? {}, doc, ctx, name, depth + 1), { maxLength: 3 });
    case 'object': {
      if (depth > 3) return fc.constant({});
      const props: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries<Schema>(s.properties ?? {})) props[k] = valueFor(v, doc, ctx, k, depth + 1);
      return fc.record(props, { requiredKeys: (s.required ?? []).filter((k: string) => k in props) });
    }
    default:
      return junkValue;
  }
}

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '');
/** Header values must be visible ASCII, or fetch refuses to send them. */
const headerSafe = (v: string) => v.replace(/[^\x20-\x7e]/g, '').trim();

/** Percent-encodes the UTF-8 of `v` (a lone surrogate becomes U+FFFD, as a browser sends it). */
const escape = (v: string) => [...Buffer.from(v, 'utf8')].map((b) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

/** A path segment: the value escaped, or an escape that is broken or hostile on purpose. */
function segment(arb: fc.Arbitrary<unknown>) {
  return fc.oneof(
    { weight: 5, arbitrary: arb.map((v) => escape(asText(v))) },
    { weight: 1, arbitrary: fc.constantFrom('%zz', '%', '%C0%AF', '%E0%A4%A', '%2e%2e', '..%2f..', '%00', '%ff%fe') },
  );
}

function bodyFor(op: Operation, doc: OpenApiDoc, ctx: FuzzContext): fc.Arbitrary<{ headers: Record<string, string>; body?: string | FormData }> {
  if (!op.body) return fc.constant({ headers: {} });
  const { contentType, schema } = op.body;
  const fields = valueFor(schema, doc, ctx);
  const brokenJson = fc.constantFrom('', '{', '{"a":', 'null', '[]', '"x"', '\u0000', '['.repeat(10_000), '{"__proto__":{"x":1}}');
  const wrongType = fc.constantFrom('text/plain', 'application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=B', 'application/xml');
  if (contentType === 'application/json') {
    return fc.oneof(
      { weight: 6, arbitrary: fields.map((v) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(v) ?? '' })) },
      { weight: 1, arbitrary: fc.tuple(brokenJson, wrongType).map(([body, type]) => ({ headers: { 'content-type': type }, body })) },
    );
  }
  const asRecord = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v });
  if (contentType === 'application/x-www-form-urlencoded') {
    return fc.oneof(
      {
        weight: 6,
        arbitrary: fields.map((v) => ({
          headers: { 'content-type': contentType },
          body: new URLSearchParams(Object.entries(asRecord(v)).map(([k, x]) => [k, asText(x)])).toString(),
        })),
      },
      { weight: 1, arbitrary: fc.tuple(junkText, wrongType).map(([body, type]) => ({ headers: { 'content-type': type }, body })) },
    );
  }
  // multipart/form-data: text fields and small files under the schema's names, or a broken body.
  const props = Object.entries<Schema>(resolve(schema, doc).properties ?? {});
  const files = fc.array(fc.tuple(fc.constantFrom(...props.map(([k]) => k), 'unknown', ''), fc.uint8Array({ maxLength: 2048 })), { maxLength: 5 });
  const brokenMultipart = fc.constantFrom(
    '--B\r\nContent-Disposition: form-data; name="r_cc"; filename="a.dcm"\r\n\r\nxx\r\n',
    '--B\r\nContent-Disposition: form-data; name="name"\r\n\r\nx',
    '--B--\r\n',
    '--C\r\n\r\n',
    '',
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.tuple(fields, files).map(([v, parts]) => {
        const form = new FormData();
        for (const [k, x] of Object.entries(asRecord(v))) if (resolve(props.find(([p]) => p === k)?.[1] ?? {}, doc).format !== 'binary') form.append(k, asText(x));
        for (const [k, bytes] of parts) form.append(k, new Blob([bytes]), `${k || 'file'}.dcm`);
        return { headers: {}, body: form };
      }),
    },
    { weight: 1, arbitrary: brokenMultipart.map((body) => ({ headers: { 'content-type': 'multipart/form-data; boundary=B' }, body })) },
  );
}

/** Every request this operation may get: its parameters, body and credentials, valid or not. */
export function requestsFor(op: Operation, doc: OpenApiDoc, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const headerParams = op.parameters.filter((p) => p.in === 'header');
  const path = fc.tuple(...pathParams.map((p) => segment(valueFor(p.schema, doc, ctx, p.name)))).map((values) =>
    pathParams.reduce((acc, p, i) => acc.replace(`{${p.name}}`, values[i]), op.path),
  );
  const query = fc.tuple(...queryParams.map((p) => fc.option(segment(valueFor(p.schema, doc, ctx, p.name)), { nil: undefined }))).map((values) => {
    const pairs = queryParams.flatMap((p, i) => (values[i] === undefined ? [] : [`${p.name}=${values[i]}`]));
    return pairs.length ? `?${pairs.join('&')}` : '';
  });
  const headers = fc.tuple(...headerParams.map((p) => fc.option(valueFor(p.schema, doc, ctx, p.name), { nil: undefined }))).map((values) => {
    const out: Record<string, string> = {};
    headerParams.forEach((p, i) => {
      if (values[i] !== undefined) out[p.name] = headerSafe(asText(values[i]));
    });
    return out;
  });
  const auth = fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    ...(ctx.tokens.length ? [{ weight: 6, arbitrary: fc.constantFrom(...ctx.tokens).map((t) => `Bearer ${t}`) }] : []),
    { weight: 1, arbitrary: junkText.map((t) => headerSafe(`Bearer ${t}`)) },
    { weight: 1, arbitrary: fc.constantFrom('Basic YTpi', 'Bearer', 'bearer eyJhbGciOiJub25lIn0.e30.', '') },
  );
  return fc.tuple(path, query, headers, auth, bodyFor(op, doc, ctx)).map(([p, q, h, a, b]) => ({
    op: op.id,
    method: op.method,
    url: p + q,
    headers: { ...h, ...b.headers, ...(a ? { authorization: a } : {}) },
    body: b.body,
  }));
}

export type Outcome = { status: number } | { status: 'unanswered'; error: string };

/** Sends one request to a real server; no answer within `timeoutMs` (or a dropped connection) is "unanswered". */
export async function send(base: string, req: FuzzRequest, timeoutMs = 15_000): Promise<Outcome> {
  try {
    const res = await fetch(base + req.url, { method: req.method, headers: req.headers, body: req.body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return { status: res.status };
  } catch (err) {
    return { status: 'unanswered', error: String((err as Error).cause ?? err) };
  }
}

export class FuzzCounts {
  requests = 0;
  serverErrors = 0;
  unanswered = 0;
  byStatus = new Map<number, number>();
  samples: string[] = [];
  add(req: FuzzRequest, out: Outcome) {
    this.requests++;
    if (out.status === 'unanswered') {
      this.unanswered++;
      if (this.samples.length < 20) this.samples.push(`${req.method} ${req.url}: no answer (${out.error})`);
      return;
    }
    this.byStatus.set(out.status, (this.byStatus.get(out.status) ?? 0) + 1);
    if (out.status >= 500) {
      this.serverErrors++;
      if (this.samples.length < 20) this.samples.push(`${req.method} ${req.url}: ${out.status}`);
    }
  }
}
