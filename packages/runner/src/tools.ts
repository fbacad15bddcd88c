/**
 * Go-built tools (FerretDB, helm, stripe-mock, skaffold, kube-router, CoreDNS, Mailpit, Traefik...) live in a
 * cache outside the clone, keyed by tool and version, so every clone on the machine shares one build.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const TOOLS_CACHE =
  process.env.MCAT_TOOLS_CACHE ?? path.join(os.homedir(), '.cache', 'mcat-logbook', 'tools');

interface GoTool {
  module: string;
  version: string;
  pkg: string;
  binary: string;
  /** Files the module's own build step would generate and its zip leaves out. */
  generated?: Record<string, string>;
  /** Built with CGO_ENABLED=0: a static binary, for an image with nothing else in it. */
  static?: boolean;
  /** go build's -ldflags, as the project's own release build sets them. */
  ldflags?: string;
  /** Our changes to the sources: files added, lines inserted after a given line, text replaced. */
  patch?: {
    /** Names the patched build in the cache, so a build with other patches is never reused. */
    id: string;
    addFiles: Record<string, string>;
    insertAfter: { file: string; line: string; insert: string }[];
    /** Each `from` must stand exactly once in its file. */
    replace?: { file: string; from: string; to: string }[];
  };
}

const FERRETDB_PATCH_DIR = path.join(__dirname, 'ferretdb-patch');

/**
 * Where a build writes before its binary is renamed into place: one file per process, so two runs
 * building the same tool at once (a developer's jest beside npm test) never rename each other's.
 */
const partialPath = (binary: string): string => `${binary}.partial-${process.pid}`;

const lockedHandler = (file: string, command: string) => ({
  file: `internal/handler/${file}`,
  line: `func (h *Handler) ${command}(connCtx context.Context, msg *wire.OpMsg) (*wire.OpMsg, error) {`,
  insert: '\twriteMu.Lock()\n\tdefer writeMu.Unlock()\n',
});

/** update, findAndModify and delete run one at a time (docs/adr/0009-ferretdb-write-atomicity.md). */
const SERIALIZED_WRITES = {
  addFiles: { 'internal/handler/write_lock.go': path.join(FERRETDB_PATCH_DIR, 'write_lock.go') },
  insertAfter: [
    lockedHandler('msg_update.go', 'MsgUpdate'),
    lockedHandler('msg_findandmodify.go', 'MsgFindAndModify'),
    lockedHandler('msg_delete.go', 'MsgDelete'),
  ],
};

/** The block of the SQLite backend's Query and Explain that pushes down a lone `_id` only. */
const idOnlyPushdown = (flag?: string) =>
  [
    '\t// that logic should exist in one place',
    '\t// TODO https://github.com/FerretDB/FerretDB/issues/3235',
    '\tif params.Filter.Len() == 1 {',
    '\t\tv, _ := params.Filter.Get("_id")',
    '\t\tswitch v.(type) {',
    '\t\tcase string, types.ObjectID:',
    ...(flag ? [flag] : []),
    '\t\t\twhereClause = fmt.Sprintf(` WHERE %s = ?`, metadata.IDColumn)',
    '\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}',
    '\t\t}',
    '\t}',
    '',
  ].join('\n');

/**
 * Top-level equalities on strings, ObjectIDs and booleans read through the indexes, and `_id`
 * lookups, updates and deletes use the `_id` index (docs/adr/0026-indexed-queries-on-ferretdb.md).
 */
const INDEXED_QUERIES = {
  addFiles: {
    'internal/backends/sqlite/query_pushdown.go': path.join(
      FERRETDB_PATCH_DIR,
      'query_pushdown.go',
    ),
  },
  replace: [
    {
      file: 'internal/backends/sqlite/collection.go',
      from: `\tvar whereClause string\n\tvar args []any\n\n${idOnlyPushdown()}`,
      to: '\twhereClause, args := prepareWhereClause(params.Filter)\n',
    },
    {
      file: 'internal/backends/sqlite/collection.go',
      from: `\tvar filterPushdown bool\n\tvar whereClause string\n\tvar args []any\n\n${idOnlyPushdown('\t\t\tfilterPushdown = true')}`,
      to: '\twhereClause, args := prepareWhereClause(params.Filter)\n\tfilterPushdown := whereClause != ""\n',
    },
    {
      // The `_id` index's expression as SQLite matches it (`->'$._id'` reads every row).
      file: 'internal/backends/sqlite/metadata/metadata.go',
      from: `IDColumn = DefaultColumn + "->'$._id'"`,
      to: `IDColumn = DefaultColumn + "->'_id'"`,
    },
  ],
};

const FERRETDB = {
  module: 'github.com/FerretDB/FerretDB',
  version: 'v1.24.2',
  pkg: './cmd/ferretdb',
  binary: 'ferretdb',
  generated: { 'build/version/version.txt': 'v1.24.2\n' },
};

const MAILPIT_VERSION = 'v1.33.1';

export const GO_TOOLS = {
  ferretdb: {
    ...FERRETDB,
    patch: {
      id: 'serialized-writes-indexed-queries',
      addFiles: { ...SERIALIZED_WRITES.addFiles, ...INDEXED_QUERIES.addFiles },
      insertAfter: SERIALIZED_WRITES.insertAfter,
      replace: INDEXED_QUERIES.replace,
    },
  },
  /**
   * The build before ADR 0026 (its `_id`-only pushdown): packages/runner/test/ferretdb-pushdown.spec.ts
   * compares the answers of the build above with this one's.
   */
  'ferretdb-unindexed': {
    ...FERRETDB,
    patch: { id: 'serialized-writes', ...SERIALIZED_WRITES },
  },
  helm: { module: 'helm.sh/helm/v3', version: 'v3.21.4', pkg: './cmd/helm', binary: 'helm' },
  'stripe-mock': {
    module: 'github.com/stripe/stripe-mock',
    version: 'v0.197.0',
    pkg: '.',
    binary: 'stripe-mock',
  },
  /** skaffold's own reading of skaffold.yaml (helm/test/skaffold-cli.spec.ts). */
  skaffold: {
    module: 'github.com/GoogleContainerTools/skaffold/v2',
    version: 'v2.16.1',
    pkg: './cmd/skaffold',
    binary: 'skaffold',
  },
  /** Prometheus' rule checker: the chart's alerts are unit-tested with `promtool test rules`. */
  promtool: {
    module: 'github.com/prometheus/prometheus',
    version: 'v0.316.0',
    pkg: './cmd/promtool',
    binary: 'promtool',
    static: true,
    ldflags: '-s -w',
  },
  /**
   * Prometheus itself, on the test cluster: it scrapes the release through the chart's PodMonitor
   * and evaluates the chart's PrometheusRule (packages/cluster/src/monitoring/prometheus.ts). Built without
   * its web UI's assets (the API is whole).
   */
  prometheus: {
    module: 'github.com/prometheus/prometheus',
    version: 'v0.316.0',
    pkg: './cmd/prometheus',
    binary: 'prometheus',
    static: true,
    ldflags: '-s -w',
  },
  /** The one-node cluster's network policy controller (packages/cluster/src/network-policies.ts). */
  'kube-router': {
    module: 'github.com/cloudnativelabs/kube-router/v2',
    version: 'v2.1.0',
    pkg: './cmd/kube-router',
    binary: 'kube-router',
  },
  /**
   * The CNCF Distribution registry: the clusters' image and chart registry, which the release
   * pushes to and the nodes pull from (packages/cluster/src/registry.ts).
   */
  registry: {
    module: 'github.com/distribution/distribution/v3',
    version: 'v3.1.2',
    pkg: './cmd/registry',
    binary: 'registry',
  },
  /**
   * The test clusters' ingress controller, for the chart's Ingress and its Gateway API HTTPRoute
   * (packages/cluster/src/traefik.ts). v3.6: v3.7's go.mod replaces a module with a fork version
   * the proxy does not serve. Built without its web UI's assets (the dashboard is off).
   */
  traefik: {
    module: 'github.com/traefik/traefik/v3',
    version: 'v3.6.12',
    pkg: './cmd/traefik',
    binary: 'traefik',
    static: true,
    ldflags: '-s -w -X github.com/traefik/traefik/v3/pkg/version.Version=v3.6.12',
  },
  /** The clusters' DNS server (packages/cluster/src/coredns.yaml), the one kubeadm installs. */
  coredns: {
    module: 'github.com/coredns/coredns',
    version: 'v1.15.0',
    pkg: '.',
    binary: 'coredns',
    static: true,
    ldflags: '-s -w',
  },
  /**
   * The clusters' mail catcher (k8s/mailpit.yaml; its HTTP API is how the cluster tests read the
   * mails). The module leaves out the web UI's script and style sheet, which its npm build makes
   * into server/ui/dist: a page saying so stands in for them, the API is whole.
   */
  mailpit: {
    module: 'github.com/axllent/mailpit',
    version: MAILPIT_VERSION,
    pkg: '.',
    binary: 'mailpit',
    static: true,
    ldflags: `-s -w -X github.com/axllent/mailpit/config.Version=${MAILPIT_VERSION}`,
    generated: {
      'server/ui/dist/app.css': '',
      'server/ui/dist/app.js': [
        "document.getElementById('app').textContent =",
        "  'This Mailpit was built from its Go module without the web UI; read the mails through its API: /api/v1/messages';",
        '',
      ].join('\n'),
    },
  },
} satisfies Record<string, GoTool>;

export type ToolName = keyof typeof GO_TOOLS;

export const toolPath = (name: ToolName): string => {
  const tool: GoTool = GO_TOOLS[name];
  const key = tool.patch ? `${tool.version}-${tool.patch.id}` : tool.version;
  return path.join(TOOLS_CACHE, `${name}-${key}`, tool.binary);
};

/** The folder of a module's source in the Go module cache, fetched from the proxy if missing. */
function goModuleDir(
  module: string,
  version: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const info = JSON.parse(
    execFileSync('go', ['mod', 'download', '-json', `${module}@${version}`], {
      env,
      cwd: os.tmpdir(),
      encoding: 'utf8',
    }),
  ) as { Dir: string };
  return info.Dir;
}

/**
 * Returns the tool's binary, building it first if the cache lacks it. The module is fetched from
 * the Go module proxy with `go mod download` and built from a copy, because `go install m@v`
 * fails here (the proxy refuses the version list it reads for deprecation notices) and
 * FerretDB's zip lacks the version file its build generates.
 */
export function ensureTool(name: ToolName, log: (line: string) => void = console.log): string {
  const binary = toolPath(name);
  if (fs.existsSync(binary)) return binary;
  const tool: GoTool = GO_TOOLS[name];
  log(`Building ${name} ${tool.version} into ${path.dirname(binary)} (once per machine)...`);
  const env = {
    ...process.env,
    GOFLAGS: '-mod=mod',
    // A module's own go.work (Prometheus has one) would put the build in workspace mode.
    GOWORK: 'off',
    GOTOOLCHAIN: process.env.GOTOOLCHAIN ?? 'auto',
    ...(tool.static ? { CGO_ENABLED: '0' } : {}),
  };
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `mcat-${name}-`));
  try {
    fs.cpSync(goModuleDir(tool.module, tool.version, env), work, { recursive: true });
    execFileSync('chmod', ['-R', 'u+w', work]);
    for (const [file, content] of Object.entries(tool.generated ?? {})) {
      fs.mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
      fs.writeFileSync(path.join(work, file), content);
    }
    applyPatch(work, tool.patch);
    fs.mkdirSync(path.dirname(binary), { recursive: true });
    const partial = partialPath(binary);
    const flags = tool.ldflags ? [`-ldflags=${tool.ldflags}`] : [];
    execFileSync('go', ['build', ...flags, '-o', partial, tool.pkg], {
      cwd: work,
      env,
      stdio: 'inherit',
    });
    fs.renameSync(partial, binary);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return binary;
}

function applyPatch(work: string, patch: GoTool['patch']): void {
  if (!patch) return;
  for (const [file, source] of Object.entries(patch.addFiles)) {
    fs.copyFileSync(source, path.join(work, file));
  }
  for (const { file, line, insert } of patch.insertAfter) {
    const target = path.join(work, file);
    const text = fs.readFileSync(target, 'utf8');
    if (!text.includes(`${line}\n`))
      throw new Error(`Cannot patch ${file}: line not found: ${line}`);
    fs.writeFileSync(target, text.replace(`${line}\n`, `${line}\n${insert}`));
  }
  for (const { file, from, to } of patch.replace ?? []) {
    const target = path.join(work, file);
    const parts = fs.readFileSync(target, 'utf8').split(from);
    if (parts.length !== 2) {
      throw new Error(
        `Cannot patch ${file}: expected once, found ${parts.length - 1} times:\n${from}`,
      );
    }
    fs.writeFileSync(target, parts.join(to));
  }
}

/**
 * CustomResourceDefinitions the chart's objects need, from their projects' Go modules (in the Go
 * module cache): the chart's tests install them on their API server to check its HTTPRoute
 * (the Gateway API's standard channel) and its PodMonitor and PrometheusRule (the Prometheus
 * Operator's).
 */
export const CRD_SOURCES = {
  // The version Traefik (GO_TOOLS.traefik) is built against: the test clusters run it on these.
  'gateway.networking.k8s.io': {
    module: 'sigs.k8s.io/gateway-api',
    version: 'v1.4.0',
    dir: 'config/crd/standard',
  },
  'monitoring.coreos.com': {
    module: 'github.com/prometheus-operator/prometheus-operator',
    version: 'v0.85.0',
    dir: 'example/prometheus-operator-crd',
  },
} as const;

/** The file of one resource's definition, e.g. (`monitoring.coreos.com`, `podmonitors`). */
export function customResourceDefinition(group: keyof typeof CRD_SOURCES, plural: string): string {
  const source = CRD_SOURCES[group];
  const dir = goModuleDir(source.module, source.version);
  return path.join(dir, source.dir, `${group}_${plural}.yaml`);
}

/**
 * Kubernetes' own programs, built from the k8s.io/kubernetes module (recipe and timings in
 * docs/adr/0014-api-server-in-the-tests.md). The module ships without its staging/ folder, so its
 * replace block (which points there) is dropped and each k8s.io/<name> v0.0.0 requirement becomes
 * the published v0.<minor>.<patch>; the version is linked in, or kubectl cannot parse the server's.
 */
export const KUBERNETES = { module: 'k8s.io/kubernetes', version: 'v1.34.4' } as const;

/** The programs of a one-node cluster; the API server's tests need only the first two. */
export const KUBE_TOOLS = [
  'kube-apiserver',
  'kubectl',
  'kube-controller-manager',
  'kube-scheduler',
  'kubelet',
  'kube-proxy',
] as const;

export type KubeTool = (typeof KUBE_TOOLS)[number];

export const kubeToolPath = (name: KubeTool): string =>
  path.join(TOOLS_CACHE, `kubernetes-${KUBERNETES.version}`, name);

/** go.mod of the module as published, made buildable without staging/. */
export function kubernetesGoMod(goMod: string, version: string = KUBERNETES.version): string {
  const staging = `v0.${version.slice(1).split('.').slice(1).join('.')}`;
  return goMod
    .replace(/^replace \([\s\S]*?^\)\n/m, '')
    .replace(/^(\s*k8s\.io\/[\w./-]+) v0\.0\.0$/gm, `$1 ${staging}`);
}

function kubernetesLdflags(version: string): string {
  const [major, minor] = version.slice(1).split('.');
  const vars = ['k8s.io/component-base/version', 'k8s.io/client-go/pkg/version'].flatMap((pkg) =>
    [`gitVersion=${version}`, `gitMajor=${major}`, `gitMinor=${minor}`, 'gitTreeState=clean'].map(
      (value) => `-X ${pkg}.${value}`,
    ),
  );
  return ['-s', '-w', ...vars].join(' ');
}

/**
 * Returns the paths of the given Kubernetes programs, building the missing ones from one prepared
 * copy of the module (kube-apiserver takes about 10 minutes on two cores, kubectl 80 s; the
 * cluster's four others a few minutes together, as they share most packages with those two).
 */
export function ensureKubeTools(
  names: readonly KubeTool[],
  log: (line: string) => void = console.log,
): Record<KubeTool, string> {
  const paths = Object.fromEntries(names.map((name) => [name, kubeToolPath(name)])) as Record<
    KubeTool,
    string
  >;
  const missing = names.filter((name) => !fs.existsSync(paths[name]));
  if (missing.length === 0) return paths;
  const { module, version } = KUBERNETES;
  const folder = path.dirname(kubeToolPath('kubectl'));
  log(
    `Building ${missing.join(', ')} ${version} into ${folder} (once per machine; kube-apiserver takes about 10 minutes)...`,
  );
  const env = {
    ...process.env,
    GOWORK: 'off',
    GOFLAGS: '-mod=mod',
    CGO_ENABLED: '0',
    GOTOOLCHAIN: process.env.GOTOOLCHAIN ?? 'auto',
  };
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-kubernetes-'));
  try {
    fs.cpSync(goModuleDir(module, version, env), work, { recursive: true });
    execFileSync('chmod', ['-R', 'u+w', work]);
    const goMod = path.join(work, 'go.mod');
    fs.writeFileSync(goMod, kubernetesGoMod(fs.readFileSync(goMod, 'utf8'), version));
    fs.rmSync(path.join(work, 'go.work'), { force: true });
    fs.rmSync(path.join(work, 'go.work.sum'), { force: true });
    fs.mkdirSync(folder, { recursive: true });
    for (const name of missing) {
      const started = Date.now();
      const partial = partialPath(paths[name]);
      execFileSync(
        'go',
        ['build', `-ldflags=${kubernetesLdflags(version)}`, '-o', partial, `./cmd/${name}`],
        { cwd: work, env, stdio: 'inherit' },
      );
      fs.renameSync(partial, paths[name]);
      log(`Built ${name} in ${Math.round((Date.now() - started) / 1000)} s`);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return paths;
}
