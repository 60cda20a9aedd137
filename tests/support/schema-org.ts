// Checks structured data against schema.org's own vocabulary (tests/fixtures/schema-org-vocabulary.json:
// the classes a company page emits with their superclasses, and every property whose domain includes
// one of them, with its ranges, taken from schema.org's release file). Every property must be one the
// node's @type (or a superclass) may carry, and every value must fit one of the property's ranges: a
// node whose @type is a range or a subclass of one, a string where the range is text-like (Text, URL,
// Time, Date, DateTime, or an enumeration such as DayOfWeek), a number where it is numeric.
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface Vocabulary {
  classes: Record<string, string[]>;
  properties: Record<string, { domain: string[]; range: string[] }>;
}

const VOCABULARY = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'schema-org-vocabulary.json'), 'utf8'),
) as Vocabulary;

// DayOfWeek is an enumeration: its members are written by name ('Monday'), as search engines read them.
const TEXT_LIKE = new Set(['Text', 'URL', 'Time', 'Date', 'DateTime', 'DayOfWeek']);
const NUMERIC = new Set(['Number', 'Integer', 'Float', 'Distance', 'QuantitativeValue']);

/** The class and every class it inherits from. */
function lineage(type: string): Set<string> {
  const seen = new Set<string>([type]);
  const queue = [type];
  while (queue.length > 0) {
    for (const parent of VOCABULARY.classes[queue.pop() as string] ?? []) {
      if (!seen.has(parent)) {
        seen.add(parent);
        queue.push(parent);
      }
    }
  }
  return seen;
}

function fits(value: unknown, range: readonly string[]): boolean {
  if (typeof value === 'string') return range.some((type) => TEXT_LIKE.has(type));
  if (typeof value === 'number') return range.some((type) => NUMERIC.has(type) || type === 'Text');
  if (typeof value === 'boolean') return range.includes('Boolean');
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { '@type'?: unknown })['@type'] === 'string'
  ) {
    const own = lineage((value as { '@type': string })['@type']);
    return range.some((type) => own.has(type));
  }
  return false;
}

/** Every problem of a JSON-LD node and the nodes inside it, as 'Type.property: why'; [] when valid. */
export function schemaOrgProblems(node: Record<string, unknown>, where = ''): string[] {
  const type = node['@type'];
  if (typeof type !== 'string') return [`${where || 'node'}: no @type`];
  if (!(type in VOCABULARY.classes)) return [`${where || type}: ${type} is not a class this check knows`];
  const own = lineage(type);
  const problems: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@')) continue;
    const at = `${where || type}.${key}`;
    const property = VOCABULARY.properties[key];
    if (!property) {
      problems.push(`${at}: no such property for ${type}`);
      continue;
    }
    if (!property.domain.some((domain) => own.has(domain))) {
      problems.push(`${at}: ${type} may not carry ${key} (domain ${property.domain.join(', ')})`);
      continue;
    }
    for (const [index, item] of (Array.isArray(value) ? value : [value]).entries()) {
      const itemAt = Array.isArray(value) ? `${at}[${index}]` : at;
      if (!fits(item, property.range)) {
        problems.push(`${itemAt}: ${JSON.stringify(item)} fits none of ${property.range.join(', ')}`);
      } else if (item !== null && typeof item === 'object') {
        problems.push(...schemaOrgProblems(item as Record<string, unknown>, itemAt));
      }
    }
  }
  return problems;
}
