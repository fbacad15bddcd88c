/**
 * The fields each Kubernetes object may carry, read from the TypeScript declarations of the
 * kubernetes-models package with the TypeScript compiler: a tree of objects (their declared
 * fields), lists, maps (labels, ConfigMap data, resource quantities) and plain values. Checking an
 * object against it refuses every field its type does not declare, as the `-strict` JSON schemas
 * (additionalProperties: false on every object with properties) and `kubectl --validate=strict` do.
 */
import path from 'node:path';
import ts from 'typescript';

export type FieldTree =
  | { kind: 'object'; fields: Map<string, FieldTree> }
  | { kind: 'list'; items: FieldTree }
  | { kind: 'map'; values: FieldTree }
  | { kind: 'value' };

const VALUE: FieldTree = { kind: 'value' };
const MODELS_DIR = path.dirname(require.resolve('kubernetes-models/package.json'));

/** The declaration file and interface of one apiVersion/kind, e.g. apps/v1/Deployment. */
const declarationOf = (apiVersionKind: string) => {
  const kind = apiVersionKind.slice(apiVersionKind.lastIndexOf('/') + 1);
  return { file: path.join(MODELS_DIR, `${apiVersionKind}.d.ts`), name: `I${kind}` };
};

function buildTrees(apiVersionKinds: string[]): Map<string, FieldTree> {
  const declarations = apiVersionKinds.map(declarationOf);
  const program = ts.createProgram(
    declarations.map((declaration) => declaration.file),
    {
      strict: true,
      noEmit: true,
      types: [],
      moduleResolution: ts.ModuleResolutionKind.Node10,
    },
  );
  const checker = program.getTypeChecker();
  const trees = new Map<ts.Type, FieldTree>();

  const treeOf = (type: ts.Type): FieldTree => {
    const members = type.isUnion()
      ? type.types.filter(
          (member) => !(member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)),
        )
      : [type];
    const [only] = members;
    if (members.length !== 1 || !only) return VALUE;
    if (checker.isArrayType(only)) {
      const [item] = checker.getTypeArguments(only as ts.TypeReference);
      return { kind: 'list', items: item ? treeOf(item) : VALUE };
    }
    if (!(only.flags & ts.TypeFlags.Object)) return VALUE;
    const known = trees.get(only);
    if (known) return known;
    const properties = checker.getPropertiesOfType(only);
    const index = checker.getIndexInfoOfType(only, ts.IndexKind.String);
    if (properties.length === 0) return index ? { kind: 'map', values: treeOf(index.type) } : VALUE;
    const tree: FieldTree = { kind: 'object', fields: new Map() };
    trees.set(only, tree);
    for (const property of properties) {
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      if (declaration)
        tree.fields.set(
          property.name,
          treeOf(checker.getTypeOfSymbolAtLocation(property, declaration)),
        );
    }
    return tree;
  };

  return new Map(
    apiVersionKinds.map((apiVersionKind, index) => {
      const { file, name } = declarations[index]!;
      const source = program.getSourceFile(file);
      const moduleSymbol = source && checker.getSymbolAtLocation(source);
      const symbol =
        moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((s) => s.name === name);
      if (!symbol) throw new Error(`${name} is not declared in ${file}`);
      return [apiVersionKind, treeOf(checker.getDeclaredTypeOfSymbol(symbol))];
    }),
  );
}

let cached: { key: string; trees: Map<string, FieldTree> } | undefined;

/** The field trees of these apiVersion/kinds (e.g. "apps/v1/Deployment"), built once. */
export function fieldTrees(apiVersionKinds: string[]): Map<string, FieldTree> {
  const key = [...apiVersionKinds].sort().join(',');
  if (cached?.key !== key) cached = { key, trees: buildTrees(apiVersionKinds) };
  return cached.trees;
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
