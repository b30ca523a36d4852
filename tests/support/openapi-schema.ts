/**
 * Checks a value against a JSON Schema of an OpenAPI 3.1 document: the subset the generated
 * document uses ($ref, type, properties, required, additionalProperties, items, anyOf/oneOf/allOf,
 * enum, const). Returns the mismatches, each with the path of the value; none means it conforms.
 */
type Schema = Record<string, any>;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

export function schemaMismatches(doc: Schema, schema: Schema, value: unknown, at = '$'): string[] {
  if (schema.$ref) {
    const name = String(schema.$ref).replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    if (!target) return [`${at}: unresolved ${schema.$ref}`];
    return schemaMismatches(doc, target, value, at);
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (schema[key]) {
      const branches = (schema[key] as Schema[]).map((s) => schemaMismatches(doc, s, value, at));
      if (!branches.some((b) => b.length === 0)) return [`${at}: matches none of ${key}: ${branches.flat().join('; ')}`];
    }
  }
  const out: string[] = [];
  for (const s of (schema.allOf ?? []) as Schema[]) out.push(...schemaMismatches(doc, s, value, at));
  if ('const' in schema && value !== schema.const) out.push(`${at}: is not ${JSON.stringify(schema.const)}`);
  if (schema.enum && !(schema.enum as unknown[]).includes(value)) out.push(`${at}: not one of ${JSON.stringify(schema.enum)}`);
  if (schema.type) {
    const types = ([] as string[]).concat(schema.type);
    const actual = typeOf(value);
    if (!types.includes(actual) && !(actual === 'integer' && types.includes('number'))) return [...out, `${at}: is ${actual}, documented ${types.join('|')}`];
  }
  if (typeOf(value) === 'object') {
    const obj = value as Record<string, unknown>;
    for (const key of (schema.required ?? []) as string[]) if (!(key in obj)) out.push(`${at}: lacks the required "${key}"`);
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    for (const [key, v] of Object.entries(obj)) {
      if (props[key]) out.push(...schemaMismatches(doc, props[key], v, `${at}.${key}`));
      else if (schema.additionalProperties === false) out.push(`${at}: has the undocumented "${key}"`);
      else if (typeof schema.additionalProperties === 'object') out.push(...schemaMismatches(doc, schema.additionalProperties, v, `${at}.${key}`));
    }
  }
  if (Array.isArray(value) && schema.items) value.forEach((v, i) => out.push(...schemaMismatches(doc, schema.items, v, `${at}[${i}]`)));
  return out;
}

/** The JSON schema the document gives for `status` of `method path`, or null when undocumented. */
export function documentedSchema(doc: Schema, method: string, path: string, status: number): Schema | null {
  return doc.paths?.[path]?.[method.toLowerCase()]?.responses?.[String(status)]?.content?.['application/json']?.schema ?? null;
}
