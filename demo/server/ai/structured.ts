/**
 * `llm_response_format` (a one-shot JSON schema): the simulated model fills the schema from what
 * it would have said. Supports object, array, string (with enum), number, integer, boolean.
 */
export interface StructuredFacts {
  answer: string;
  title: string;
  lang: string;
  confidence: number;
  inScope: boolean;
  intent: string | null;
  sources: string[];
}

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  required?: string[];
};

export function fillSchema(format: Record<string, unknown>, facts: StructuredFacts): unknown {
  // Accept both the bare schema and the `{type: 'json_schema', json_schema: {schema}}` envelope.
  const envelope = format.json_schema as { schema?: Schema } | undefined;
  const schema = (envelope?.schema ?? (format.schema as Schema | undefined) ?? format) as Schema;
  return fill(schema, '', facts);
}

function fill(schema: Schema, name: string, facts: StructuredFacts): unknown {
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : (schema.type ?? (schema.properties ? 'object' : 'string'));
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, fill(s, k, facts)]));
    case 'array':
      return /source|fonti|link/i.test(name) ? facts.sources : [fill(schema.items ?? { type: 'string' }, name, facts)];
    case 'number':
      return facts.confidence;
    case 'integer':
      return Math.round(facts.confidence * 100);
    case 'boolean':
      return facts.inScope;
    case 'null':
      return null;
    default:
      if (/title|titolo|subject/i.test(name)) return facts.title;
      if (/lang/i.test(name)) return facts.lang;
      if (/intent/i.test(name)) return facts.intent ?? 'unknown';
      return facts.answer;
  }
}
