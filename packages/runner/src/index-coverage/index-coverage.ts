/**
 * Whether an index serves each query shape the services sent (the query log, packages/service-kit
 * src/infra/query-log.ts), decided as MongoDB's planner would choose an index scan over a
 * collection scan (docs/adr/0027-index-coverage.md):
 * - an index serves a filter whose condition on the index's first field bounds its keys: an
 *   equality (null included), `$eq`, `$in`, `$gt`, `$gte`, `$lt`, `$lte`, or a regular expression
 *   anchored at the start (`^...`, case-sensitive). `$ne`, `$nin`, `$exists`, `$not`, an unanchored
 *   regex and a condition on a later field of the index bound nothing;
 * - failing that, an index serves a query whose sort is a prefix of its keys, in either direction;
 * - `$and` is served when any of its branches is, `$or` only when every branch is;
 * - `_id` always has its index; a sparse index holds no key for a missing field, so it serves
 *   neither a condition that matches null nor a sort;
 * - an index led by `deletedAt` serves nothing: every query through the outbox plugin adds
 *   `deletedAt: null`, which nearly every document matches, so such an index narrows nothing.
 * Partial indexes are taken as whole ones: the shapes hold no values to compare with their filter.
 */
import type {
  FilteringCommand,
  FilterShape,
  QueryRecord,
  Shape,
  SortShape,
} from '../../../service-kit/src/infra/query-shapes';

/** An index as `listIndexes` describes it: the fields the planner reads. */
export interface IndexSpec {
  key: Record<string, unknown>;
  sparse?: boolean;
}

/** Each collection's indexes, by `<database>.<collection>`; a collection not listed has only `_id`'s. */
export type IndexCatalog = ReadonlyMap<string, readonly IndexSpec[]>;

/** A query shape no index serves, kept on purpose, with the reason. */
export interface Exemption {
  /** Unset: in any collection (a shape the kit sends to each collection it serves). */
  collection?: string;
  filter: FilterShape;
  reason: string;
}

/** A query shape no index serves: where, what, how it was sent and how many times. */
export interface UnservedQuery {
  database: string;
  collection: string;
  filter: FilterShape;
  sort?: SortShape;
  commands: FilteringCommand[];
  count: number;
}

export const namespaceOf = (query: { database: string; collection: string }) =>
  `${query.database}.${query.collection}`;

const ID_INDEX: IndexSpec = { key: { _id: 1 } };

/** The field every outboxed query sets to null (outbox.plugin.ts): an index it leads narrows nothing. */
const SOFT_DELETE_FIELD = 'deletedAt';

/** The operators that give an index on their field bounds to scan. */
const BOUNDING_OPERATORS = new Set(['$eq', '$in', '$gt', '$gte', '$lt', '$lte']);
/** The operators whose bounds take in null, which is also the key of a missing field. */
const NULL_INCLUSIVE_OPERATORS = ['$eq', '$gte', '$lte'];

const isFilter = (shape: Shape): shape is FilterShape =>
  typeof shape === 'object' && !Array.isArray(shape);

const leadingField = (index: IndexSpec): string | undefined => Object.keys(index.key)[0];

const isOrdered = (index: IndexSpec) =>
  Object.values(index.key).every((direction) => direction === 1 || direction === -1);

/** The indexes the planner may choose from, `_id`'s always among them. */
function candidateIndexes(indexes: readonly IndexSpec[]): IndexSpec[] {
  return [ID_INDEX, ...indexes].filter(
    (index) => isOrdered(index) && leadingField(index) !== SOFT_DELETE_FIELD,
  );
}

/** Whether a field's condition bounds the keys of an index on that field. */
function boundsKeys(condition: Shape): boolean {
  if (typeof condition === 'string') return condition !== 'regex';
  if (!isFilter(condition)) return false;
  return Object.entries(condition).some(
    ([operator, operand]) =>
      BOUNDING_OPERATORS.has(operator) || (operator === '$regex' && operand === 'prefix-regex'),
  );
}

/** Whether a condition matches null, so also documents without the field. */
function matchesNull(condition: Shape): boolean {
  if (typeof condition === 'string') return condition === 'null';
  if (!isFilter(condition)) return false;
  const list = condition.$in;
  return (
    NULL_INCLUSIVE_OPERATORS.some((operator) => condition[operator] === 'null') ||
    (Array.isArray(list) && list.includes('null'))
  );
}

function servesCondition(index: IndexSpec, condition: Shape): boolean {
  return boundsKeys(condition) && !(index.sparse && matchesNull(condition));
}

function servesFilter(filter: FilterShape, indexes: readonly IndexSpec[]): boolean {
  const branches = (value: Shape): FilterShape[] =>
    Array.isArray(value) ? value.filter(isFilter) : [];
  return Object.entries(filter).some(([key, value]) => {
    if (key === '$and') return branches(value).some((branch) => servesFilter(branch, indexes));
    if (key === '$or') {
      const all = branches(value);
      return all.length > 0 && all.every((branch) => servesFilter(branch, indexes));
    }
    return indexes.some((index) => leadingField(index) === key && servesCondition(index, value));
  });
}

function servesSort(sort: SortShape, indexes: readonly IndexSpec[]): boolean {
  const fields = Object.entries(sort);
  if (!fields.every(([, direction]) => direction === 1 || direction === -1)) return false;
  const inOrder = (keys: [string, unknown][], sign: number) =>
    fields.every(
      ([field, direction], i) =>
        keys[i]?.[0] === field && keys[i]?.[1] === sign * (direction as number),
    );
  return indexes.some((index) => {
    const keys = Object.entries(index.key);
    return !index.sparse && (inOrder(keys, 1) || inOrder(keys, -1));
  });
}

/** Whether one of the collection's indexes serves the query (see the rules above). */
export function isServed(
  query: { filter: FilterShape; sort?: SortShape },
  indexes: readonly IndexSpec[],
): boolean {
  const candidates = candidateIndexes(indexes);
  if (servesFilter(query.filter, candidates)) return true;
  return query.sort !== undefined && servesSort(query.sort, candidates);
}

const sameShape = (a: FilterShape, b: FilterShape) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The query shapes of the log that no index of the catalog serves and no exemption names, each
 * once with how many times it was sent, the most frequent first.
 */
export function unservedQueries(
  records: readonly QueryRecord[],
  catalog: IndexCatalog,
  exemptions: readonly Exemption[] = [],
): UnservedQuery[] {
  const found = new Map<string, UnservedQuery>();
  for (const record of records) {
    if (isServed(record, catalog.get(namespaceOf(record)) ?? [])) continue;
    const exempt = exemptions.some(
      (e) =>
        (e.collection ?? record.collection) === record.collection &&
        sameShape(e.filter, record.filter),
    );
    if (exempt) continue;
    const { command, ...shape } = record;
    const id = JSON.stringify([namespaceOf(record), record.filter, record.sort ?? null]);
    const entry = found.get(id) ?? { ...shape, commands: [], count: 0 };
    entry.count += 1;
    if (!entry.commands.includes(command)) entry.commands.push(command);
    found.set(id, entry);
  }
  return [...found.values()].sort((a, b) => b.count - a.count);
}

/** One line per unserved shape, for a failing test's message. */
export function describeUnserved(queries: readonly UnservedQuery[]): string {
  return queries
    .map((query) => {
      const sort = query.sort ? ` sort ${JSON.stringify(query.sort)}` : '';
      return (
        `${namespaceOf(query)} ${query.commands.join('/')} ${JSON.stringify(query.filter)}` +
        `${sort}: ${query.count} time${query.count === 1 ? '' : 's'}`
      );
    })
    .join('\n');
}
