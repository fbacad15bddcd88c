/**
 * The shape of each filter a command sends to MongoDB: its field names and operators, every value
 * replaced by its kind (`string`, `objectId`, `null`, `prefix-regex`...), so a log of shapes holds
 * no one's data. `packages/runner/src/index-coverage` checks each shape against the collection's indexes
 * (docs/adr/0027-index-coverage.md).
 */

/** A filter with its values replaced by their kinds; field conditions keep their operators. */
export type Shape = string | Shape[] | { [key: string]: Shape };
export type FilterShape = { [key: string]: Shape };
/** A sort as sent: each field's direction (1 or -1), or the shape of a `$meta` sort. */
export type SortShape = { [field: string]: number | Shape };

/** The commands whose filter decides which documents MongoDB reads. */
export const FILTERING_COMMANDS = [
  'find',
  'aggregate',
  'count',
  'distinct',
  'update',
  'findAndModify',
  'delete',
] as const;
export type FilteringCommand = (typeof FILTERING_COMMANDS)[number];

/** One line of the query log: one filter (an update or delete command has one per statement). */
export interface QueryRecord {
  database: string;
  collection: string;
  command: FilteringCommand;
  filter: FilterShape;
  sort?: SortShape;
}

type Document = Record<string, unknown>;

const LOGICAL_OPERATORS = new Set(['$and', '$or', '$nor']);
/** Operators whose value is a list: the kinds of its elements are kept (`$in: [null]` matters). */
const LIST_OPERATORS = new Set(['$in', '$nin', '$all']);

const isDocument = (value: unknown): value is Document => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

const isOperatorDocument = (value: unknown): value is Document =>
  isDocument(value) &&
  Object.keys(value).length > 0 &&
  Object.keys(value).every((key) => key.startsWith('$'));

/**
 * A regular expression MongoDB can answer from a range of index keys: anchored at the start and
 * neither case-insensitive nor multi-line.
 */
export function regexKind(pattern: unknown, flags: unknown = ''): string {
  const anchored = typeof pattern === 'string' && pattern.startsWith('^');
  const ranged = typeof flags !== 'string' || !/[im]/.test(flags);
  return anchored && ranged ? 'prefix-regex' : 'regex';
}

/** The BSON type names of the driver's value classes, as `_bsontype` spells them. */
const BSON_KINDS: Record<string, string> = {
  ObjectId: 'objectId',
  Int32: 'number',
  Double: 'number',
  Long: 'number',
  Decimal128: 'number',
  Binary: 'binary',
  UUID: 'binary',
  Timestamp: 'timestamp',
};

/** What a value is, never what it holds. */
export function kindOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint') return 'number';
  if (typeof value !== 'object') return typeof value;
  if (value instanceof Date) return 'date';
  if (value instanceof RegExp) return regexKind(value.source, value.flags);
  if (Array.isArray(value)) return 'array';
  if (Buffer.isBuffer(value)) return 'binary';
  const bsonType = (value as { _bsontype?: unknown })._bsontype;
  if (bsonType === 'BSONRegExp') {
    const { pattern, options } = value as { pattern?: unknown; options?: unknown };
    return regexKind(pattern, options);
  }
  if (typeof bsonType === 'string') return BSON_KINDS[bsonType] ?? bsonType.toLowerCase();
  return 'object';
}

const sortedEntries = (document: Document) =>
  Object.entries(document).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

const uniqueKinds = (value: unknown): Shape =>
  Array.isArray(value) ? [...new Set(value.map(kindOf))].sort() : kindOf(value);

/** One operator's operand, given the rest of its condition (`$options` says how `$regex` reads). */
function operandShape(operator: string, operand: unknown, condition: Document): Shape {
  if (operator === '$regex' && typeof operand === 'string') {
    return regexKind(operand, condition.$options);
  }
  if (LIST_OPERATORS.has(operator)) return uniqueKinds(operand);
  if (operator === '$not') return conditionShape(operand);
  if (operator === '$elemMatch') {
    return isOperatorDocument(operand) ? conditionShape(operand) : filterShape(operand);
  }
  return kindOf(operand);
}

/** A field's condition: its operators and the kinds of their operands, or the kind it equals. */
function conditionShape(condition: unknown): Shape {
  if (!isOperatorDocument(condition)) return kindOf(condition);
  return Object.fromEntries(
    sortedEntries(condition).map(([operator, operand]) => [
      operator,
      operandShape(operator, operand, condition),
    ]),
  );
}

/** A filter's shape, its keys in order (the order of a filter's fields does not change it). */
export function filterShape(filter: unknown): FilterShape {
  if (!isDocument(filter)) return {};
  const shape: FilterShape = {};
  for (const [key, value] of sortedEntries(filter)) {
    if (LOGICAL_OPERATORS.has(key)) {
      shape[key] = Array.isArray(value) ? value.map(filterShape) : kindOf(value);
    } else if (key.startsWith('$')) {
      // $expr, $text, $where...: an expression, whose literals may be anyone's data.
      shape[key] = 'expression';
    } else {
      shape[key] = conditionShape(value);
    }
  }
  return shape;
}

/**
 * A sort's directions, in order; anything else (a `$meta` sort) by its shape. The driver sends a
 * find's sort as the Map its `formatSort` makes, an aggregation's `$sort` as written.
 */
export function sortShape(sort: unknown): SortShape | undefined {
  const fields =
    sort instanceof Map ? [...sort.entries()] : isDocument(sort) ? Object.entries(sort) : [];
  if (fields.length === 0) return undefined;
  const shape: SortShape = {};
  for (const [field, direction] of fields) {
    shape[String(field)] = typeof direction === 'number' ? direction : conditionShape(direction);
  }
  return shape;
}

/**
 * What an aggregation reads: its leading `$match` stages (MongoDB joins adjacent ones; the outbox
 * plugin puts `{ deletedAt: null }` before the caller's) and a `$sort` right after them.
 */
function pipelineFilter(pipeline: unknown): { filter: Document; sort?: unknown } {
  const stages: unknown[] = Array.isArray(pipeline) ? pipeline : [];
  const firstOther = stages.findIndex((stage) => !(isDocument(stage) && '$match' in stage));
  const leading = firstOther === -1 ? stages.length : firstOther;
  const matches = stages.slice(0, leading).map((stage) => (stage as Document).$match);
  const next = stages[leading];
  const sort = isDocument(next) ? next.$sort : undefined;
  if (matches.length === 0) return { filter: {}, sort };
  return { filter: matches.length === 1 ? (matches[0] as Document) : { $and: matches }, sort };
}

/** Each filter of a command, with its sort: one per update or delete statement. */
function commandFilters(
  name: FilteringCommand,
  command: Document,
): { filter: unknown; sort?: unknown }[] {
  const statements = (list: unknown): Document[] =>
    Array.isArray(list) ? list.filter(isDocument) : [];
  switch (name) {
    case 'find':
      return [{ filter: command.filter, sort: command.sort }];
    case 'aggregate':
      return [pipelineFilter(command.pipeline)];
    case 'count':
      // Without a query it is estimatedDocumentCount: the collection's metadata, nothing read.
      return command.query === undefined ? [] : [{ filter: command.query }];
    case 'distinct':
      return [{ filter: command.query }];
    case 'findAndModify':
      return [{ filter: command.query, sort: command.sort }];
    case 'update':
      return statements(command.updates).map((update) => ({ filter: update.q, sort: update.sort }));
    case 'delete':
      return statements(command.deletes).map((deletion) => ({ filter: deletion.q }));
  }
}

const isFilteringCommand = (name: string): name is FilteringCommand =>
  (FILTERING_COMMANDS as readonly string[]).includes(name);

/**
 * The records of one command as the driver's `commandStarted` event carries it; none for a command
 * that reads no filter (insert, getMore, ping, listIndexes...) or one on no collection
 * (`aggregate: 1`).
 */
export function queryRecords(
  commandName: string,
  database: string,
  command: Document,
): QueryRecord[] {
  if (!isFilteringCommand(commandName)) return [];
  const collection = command[commandName];
  if (typeof collection !== 'string') return [];
  return commandFilters(commandName, command).map(({ filter, sort }) => {
    const shape = sortShape(sort);
    return {
      database,
      collection,
      command: commandName,
      filter: filterShape(filter),
      ...(shape ? { sort: shape } : {}),
    };
  });
}
