/**
 * The Kubernetes 1.30 API as the kubernetes-types 1.30.0 package declares it (TypeScript types
 * generated from the 1.30 OpenAPI), read with the TypeScript compiler:
 *
 * - the apiVersion/kinds it has: every declared interface whose `apiVersion` and `kind` are string
 *   literals, e.g. "apps/v1/Deployment" (alpha and beta versions included);
 * - for each, the fields its objects may carry: a tree of objects (their declared fields), lists,
 *   maps (labels, ConfigMap data, resource quantities) and plain values.
 *
 * Checking an object against its tree refuses every field the 1.30 type does not declare, whether
 * misspelt, misplaced or added in a later Kubernetes version, as the `-strict` JSON schemas
 * (additionalProperties: false on every object with properties) and `kubectl --validate=strict`
 * against a 1.30 API server do.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type FieldTree =
  | { kind: 'object'; fields: Map<string, FieldTree> }
  | { kind: 'list'; items: FieldTree }
  | { kind: 'map'; values: FieldTree }
  | { kind: 'value' };

const VALUE: FieldTree = { kind: 'value' };
const TYPES_DIR = path.dirname(require.resolve('kubernetes-types/package.json'));

interface Api {
  checker: ts.TypeChecker;
  /** The declared type of each apiVersion/kind, e.g. "apps/v1/Deployment". */
  kinds: Map<string, ts.Type>;
  /** The trees built so far, shared by every kind (recursive types end on the same tree). */
  trees: Map<ts.Type, FieldTree>;
}

/** The type of a property, without the `undefined` an optional one carries. */
function propertyType(checker: ts.TypeChecker, type: ts.Type, name: string): ts.Type | undefined {
  const property = type.getProperty(name);
  const declaration = property?.valueDeclaration ?? property?.declarations?.[0];
  return property && declaration
    ? checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(property, declaration))
    : undefined;
}

function loadApi(): Api {
  const files = fs
    .readdirSync(TYPES_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.d.ts'))
    .map((file) => path.join(TYPES_DIR, file));
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    types: [],
    moduleResolution: ts.ModuleResolutionKind.Node10,
  });
  const checker = program.getTypeChecker();
  const kinds = new Map<string, ts.Type>();
  for (const file of files) {
    const source = program.getSourceFile(file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    for (const symbol of moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []) {
      if (!(symbol.flags & ts.SymbolFlags.Interface)) continue;
      const type = checker.getDeclaredTypeOfSymbol(symbol);
      const apiVersion = propertyType(checker, type, 'apiVersion');
      const kind = propertyType(checker, type, 'kind');
      if (apiVersion?.isStringLiteral() && kind?.isStringLiteral())
        kinds.set(`${apiVersion.value}/${kind.value}`, type);
    }
  }
  return { checker, kinds, trees: new Map() };
}

function treeOf(api: Api, type: ts.Type): FieldTree {
  const { checker, trees } = api;
  const members = type.isUnion()
    ? type.types.filter((member) => !(member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)))
    : [type];
  const [only] = members;
  if (members.length !== 1 || !only) return VALUE;
  if (checker.isArrayType(only)) {
    const [item] = checker.getTypeArguments(only as ts.TypeReference);
    return { kind: 'list', items: item ? treeOf(api, item) : VALUE };
  }
  if (!(only.flags & ts.TypeFlags.Object)) return VALUE;
  const known = trees.get(only);
  if (known) return known;
  const properties = checker.getPropertiesOfType(only);
  const index = checker.getIndexInfoOfType(only, ts.IndexKind.String);
  if (properties.length === 0)
    return index ? { kind: 'map', values: treeOf(api, index.type) } : VALUE;
  const tree: FieldTree = { kind: 'object', fields: new Map() };
  trees.set(only, tree);
  for (const property of properties) {
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    if (declaration)
      tree.fields.set(
        property.name,
        treeOf(api, checker.getTypeOfSymbolAtLocation(property, declaration)),
      );
  }
  return tree;
}

let api: Api | undefined;

/**
 * The field tree of an apiVersion/kind (e.g. "apps/v1/Deployment") as Kubernetes 1.30 declares
 * it, or undefined when 1.30 has no such kind in that version. Built on first use.
 */
export function kube130FieldTree(apiVersionKind: string): FieldTree | undefined {
  api ??= loadApi();
  const type = api.kinds.get(apiVersionKind);
  return type && treeOf(api, type);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The paths of the fields of `value` its type does not declare, e.g. `spec.replica`. */
export function unknownFields(value: unknown, tree: FieldTree, at = ''): string[] {
  if (tree.kind === 'list')
    return Array.isArray(value)
      ? value.flatMap((item, index) => unknownFields(item, tree.items, `${at}[${index}]`))
      : [];
  if (!isRecord(value) || tree.kind === 'value') return [];
  return Object.entries(value).flatMap(([name, field]) => {
    const where = at ? `${at}.${name}` : name;
    if (tree.kind === 'map') return unknownFields(field, tree.values, where);
    const declared = tree.fields.get(name);
    return declared ? unknownFields(field, declared, where) : [where];
  });
}
