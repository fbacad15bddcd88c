/**
 * How the growth bench reports: a block per data size as it is measured, the curve of every
 * figure across the sizes at the end, and everything in REPORT_FILE (JSON).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SERVICE_NAMES } from '@mcat/runner/ports';
import type { CascadeFigures } from './cascade-runs';
import type { CreateFigures } from './keyed-creates';
import type { FirstRequestFigures, RequestFigures } from './first-requests';
import type { Seeding } from './seed';
import { CASCADE_RUNS, REPORT_FILE, TARGETS, type REPORTED } from './settings';

/** A part that could not be measured says why instead. */
export type Measured<T> = T | { error: string };

export interface SizeFigures {
  questions: number;
  seeding: Seeding;
  idleCpuPercent: Record<string, number>;
  firstRequests: Measured<FirstRequestFigures>;
  cascade: Measured<CascadeFigures>;
  keyedCreates: Measured<CreateFigures>;
}

export interface GrowthFigures {
  measuredAt: string;
  gatewayUrl: string;
  /** The FerretDB binary's folder in the tools cache (its version and patches), when known. */
  ferretdbBuild: string | null;
  settings: typeof REPORTED;
  targets: typeof TARGETS;
  sizes: SizeFigures[];
  /** Per seeded collection, how the seeded documents differ from the services' (none: []). */
  shapeDifferences: Record<string, string[]>;
  seedRemovalSeconds: number | null;
  totalSeconds: number;
}

export const print = (line = '') => process.stdout.write(`${line}\n`);

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
const count = (value: number) => value.toLocaleString('en-US');

export const failed = <T extends object>(part: Measured<T>): part is { error: string } =>
  'error' in part;

export function printSeeding(seeding: Seeding): void {
  print(
    `Growth: ${count(seeding.questions)} seeded questions` +
      (seeding.documents > 0
        ? ` (${count(seeding.documents)} documents written in ${seeding.seconds.toFixed(1)} s)`
        : ''),
  );
}

/** The processes the idle CPU target is for: the product's own (infrastructure is shown beside). */
const TARGETED = new Set<string>(['gateway', ...SERVICE_NAMES]);

export function printIdleCpu(percent: Record<string, number>, seconds: number): void {
  const over = Object.entries(percent).filter(
    ([name, value]) => TARGETED.has(name) && value >= TARGETS.idleCpuPercent,
  );
  print(
    `  idle CPU, % of one core over ${seconds} s: ` +
      Object.entries(percent)
        .map(([name, value]) => `${name} ${value.toFixed(1)}`)
        .join(', '),
  );
  print(
    `    target < ${TARGETS.idleCpuPercent} for the gateway and each service: ` +
      (over.length === 0 ? 'met' : `MISSED by ${over.map(([name]) => name).join(', ')}`),
  );
}

/** The p99 against both targets: its own, and within 2x of the empty database's. */
function againstTargets(figures: RequestFigures, empty: RequestFigures | undefined): string {
  const own = `target p99 <= ${TARGETS.p99Ms}: ${verdict(figures.p99 <= TARGETS.p99Ms)}`;
  if (!empty) return own;
  const ratio = figures.p99 / empty.p99;
  return `${own}, ${ratio.toFixed(1)}x empty (<= ${TARGETS.ratioToEmpty}): ${verdict(ratio <= TARGETS.ratioToEmpty)}`;
}

export function printFirstRequests(
  figures: Measured<FirstRequestFigures>,
  empty: FirstRequestFigures | undefined,
): void {
  if (failed(figures)) {
    print(`  first requests: not measured (${figures.error})`);
    return;
  }
  print(
    `  first requests of ${figures.students} new students, ${figures.callsPerStudent} calls of each` +
      `${figures.cutShort ? ' (cut short by BENCH_GROWTH_BUDGET_S)' : ''}; first call: each student's first`,
  );
  for (const [name, request] of Object.entries(figures.requests)) {
    print(
      `    ${name.padEnd(30)} p50 ${ms(request.p50).padStart(10)}  p99 ${ms(request.p99).padStart(10)}` +
        `  first call p50 ${ms(request.firstP50)}, max ${ms(request.firstMax)}   ` +
        againstTargets(request, empty?.requests[name]) +
        (request.failures.length > 0
          ? `   ${request.failures.length} of ${request.calls} failed: ${request.failures.slice(0, 3).join('; ')}`
          : ''),
    );
  }
}

export function printCascade(figures: Measured<CascadeFigures>): void {
  print(
    failed(figures)
      ? `  cascade: not measured (${figures.error})`
      : `  cascade of a 100-question test, ${figures.runs} runs` +
          `${figures.runs < CASCADE_RUNS ? ' (cut short by BENCH_GROWTH_BUDGET_S)' : ''}: ` +
          `p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)}` +
          `   target p99 <= ${TARGETS.cascadeP99Ms}: ${verdict(figures.p99 <= TARGETS.cascadeP99Ms)}`,
  );
}

export function printCreates(figures: Measured<CreateFigures>): void {
  print(
    failed(figures)
      ? `  keyed creates: not measured (${figures.error})`
      : `  keyed question creates, ${figures.students} students at once for ${figures.seconds.toFixed(1)} s: ` +
          `${figures.perSecond.toFixed(1)}/s, p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)}` +
          `${figures.failed > 0 ? `   (${figures.failed} failed)` : ''}`,
  );
}

/** One line per figure, one column per size: the curve docs/benchmarks-log.md records. */
export function printCurve(sizes: readonly SizeFigures[]): void {
  if (sizes.length === 0) return;
  const cell = (value: string) => value.padStart(24);
  const line = (name: string, values: string[]) =>
    print(`  ${name.padEnd(34)}${values.map(cell).join('')}`);
  print('Growth curve: p99 in ms (first call max), per data size in questions');
  line(
    '',
    sizes.map((size) => count(size.questions)),
  );
  const names = sizes.flatMap((size) =>
    failed(size.firstRequests) ? [] : Object.keys(size.firstRequests.requests),
  );
  for (const name of new Set(names)) {
    line(
      name,
      sizes.map((size) => {
        const request = failed(size.firstRequests) ? undefined : size.firstRequests.requests[name];
        if (!request) return '-';
        const failures = request.failures.length > 0 ? `, ${request.failures.length} failed` : '';
        return `${request.p99.toFixed(0)} (${request.firstMax.toFixed(0)})${failures}`;
      }),
    );
  }
  line(
    'cascade p50 / p99',
    sizes.map((size) =>
      failed(size.cascade)
        ? '-'
        : `${size.cascade.p50.toFixed(0)} / ${size.cascade.p99.toFixed(0)}`,
    ),
  );
  line(
    'keyed creates/s (p99)',
    sizes.map((size) =>
      failed(size.keyedCreates)
        ? '-'
        : `${size.keyedCreates.perSecond.toFixed(0)} (${size.keyedCreates.p99.toFixed(0)})`,
    ),
  );
  line(
    'idle CPU %, busiest service',
    sizes.map((size) => {
      const targeted = Object.entries(size.idleCpuPercent).filter(([name]) => TARGETED.has(name));
      const [name, value] = targeted.sort((a, b) => b[1] - a[1])[0] ?? [];
      return name === undefined || value === undefined ? '-' : `${name} ${value.toFixed(1)}`;
    }),
  );
  line(
    'idle CPU %, ferretdb',
    sizes.map((size) => size.idleCpuPercent.ferretdb?.toFixed(1) ?? '-'),
  );
}

export function printShapes(differences: Record<string, string[]>): void {
  const off = Object.entries(differences).filter(([, list]) => list.length > 0);
  if (off.length === 0) {
    print('Seeded documents: same fields and types as the services write, in every collection');
    return;
  }
  print('Seeded documents that differ from what the services write (the figures may be off):');
  for (const [collection, list] of off) print(`  ${collection}: ${list.join('; ')}`);
}

export async function writeReport(figures: GrowthFigures): Promise<void> {
  await mkdir(path.dirname(REPORT_FILE), { recursive: true });
  await writeFile(REPORT_FILE, `${JSON.stringify(figures, null, 2)}\n`);
  print(`Figures written to ${path.relative(process.cwd(), REPORT_FILE)}`);
}
