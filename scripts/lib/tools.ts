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
  /** Our changes to the sources: files added, and a line inserted after a given line. */
  patch?: {
    /** Names the patched build in the cache, so an unpatched one is never reused. */
    id: string;
    addFiles: Record<string, string>;
    insertAfter: { file: string; line: string; insert: string }[];
  };
}

const lockedHandler = (file: string, command: string) => ({
  file: `internal/handler/${file}`,
  line: `func (h *Handler) ${command}(connCtx context.Context, msg *wire.OpMsg) (*wire.OpMsg, error) {`,
  insert: '\twriteMu.Lock()\n\tdefer writeMu.Unlock()\n',
});

export const GO_TOOLS = {
  ferretdb: {
    module: 'github.com/FerretDB/FerretDB',
    version: 'v1.24.2',
    pkg: './cmd/ferretdb',
    binary: 'ferretdb',
    generated: { 'build/version/version.txt': 'v1.24.2\n' },
    patch: {
      id: 'serialized-writes',
      addFiles: {
        'internal/handler/write_lock.go': path.join(__dirname, 'ferretdb-patch', 'write_lock.go'),
      },
      insertAfter: [
        lockedHandler('msg_update.go', 'MsgUpdate'),
        lockedHandler('msg_findandmodify.go', 'MsgFindAndModify'),
        lockedHandler('msg_delete.go', 'MsgDelete'),
      ],
    },
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
  const key = tool.patch ? `${tool.version}-${tool.patch.id}` : tool.version;
  return path.join(TOOLS_CACHE, `${name}-${key}`, tool.binary);
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
    applyPatch(work, tool.patch);
    fs.mkdirSync(path.dirname(binary), { recursive: true });
    const partial = `${binary}.partial`;
    execFileSync('go', ['build', '-o', partial, tool.pkg], { cwd: work, env, stdio: 'inherit' });
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
}
