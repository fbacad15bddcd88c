/**
 * Go-built tools (FerretDB, helm, stripe-mock) live in a cache outside the clone, keyed by tool and
 * version, so every clone on the machine shares one build.
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
}

export const GO_TOOLS = {
  ferretdb: {
    module: 'github.com/FerretDB/FerretDB',
    version: 'v1.24.2',
    pkg: './cmd/ferretdb',
    binary: 'ferretdb',
    generated: { 'build/version/version.txt': 'v1.24.2\n' },
  },
  helm: { module: 'helm.sh/helm/v3', version: 'v3.21.4', pkg: './cmd/helm', binary: 'helm' },
  'stripe-mock': {
    module: 'github.com/stripe/stripe-mock',
    version: 'v0.197.0',
    pkg: '.',
    binary: 'stripe-mock',
  },
} satisfies Record<string, GoTool>;

export type ToolName = keyof typeof GO_TOOLS;

export const toolPath = (name: ToolName): string => {
  const tool: GoTool = GO_TOOLS[name];
  return path.join(TOOLS_CACHE, `${name}-${tool.version}`, tool.binary);
};

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
    GOTOOLCHAIN: process.env.GOTOOLCHAIN ?? 'auto',
  };
  const info = JSON.parse(
    execFileSync('go', ['mod', 'download', '-json', `${tool.module}@${tool.version}`], {
      env,
      cwd: os.tmpdir(),
      encoding: 'utf8',
    }),
  ) as { Dir: string };
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `mcat-${name}-`));
  try {
    fs.cpSync(info.Dir, work, { recursive: true });
    execFileSync('chmod', ['-R', 'u+w', work]);
    for (const [file, content] of Object.entries(tool.generated ?? {})) {
      fs.writeFileSync(path.join(work, file), content);
    }
    fs.mkdirSync(path.dirname(binary), { recursive: true });
    const partial = `${binary}.partial`;
    execFileSync('go', ['build', '-o', partial, tool.pkg], { cwd: work, env, stdio: 'inherit' });
    fs.renameSync(partial, binary);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return binary;
}
