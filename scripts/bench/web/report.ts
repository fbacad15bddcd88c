/** How the web figures are printed: one block per page and profile, the target beside each figure. */
import type { LighthouseFigures } from './lighthouse-run';
import type { LoadProfile } from './profiles';
import { KB, TARGETS } from './settings';
import type { PageSummary, ResponseSummary, Series } from './summary';

export const print = (line = '') => process.stdout.write(`${line}\n`);

const verdict = (ok: boolean) => (ok ? 'meets target' : 'OVER TARGET');

export const kb = (bytes: number | null) =>
  bytes === null ? 'n/a' : `${(bytes / KB).toFixed(1)} KB`;

const ms = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)} ms`);

const spread = (series: Series, unit: (value: number) => string) =>
  series.runs.length < 2
    ? ''
    : ` (${unit(Math.min(...series.runs))}-${unit(Math.max(...series.runs))})`;

/** "<= target: verdict", or nothing when there is no figure or no target. */
const against = (value: number | null, target: number | undefined, unit: (v: number) => string) =>
  value === null || target === undefined
    ? ''
    : `  target <= ${unit(target)}: ${verdict(value <= target)}`;

export function describeProfile(profile: LoadProfile): string {
  const viewport = profile.context.viewport;
  const screen = viewport ? `${viewport.width}x${viewport.height}` : 'default window';
  const scale = profile.context.deviceScaleFactor ?? 1;
  const network = profile.network
    ? `${profile.network.latencyMs} ms per request, ` +
      `${((profile.network.downloadThroughput * 8) / 1024 / 1024).toFixed(1)} Mbit/s down, ` +
      `${Math.round((profile.network.uploadThroughput * 8) / 1024)} kbit/s up`
    : 'no network throttling';
  const cpu = profile.cpuSlowdown === 1 ? 'CPU as is' : `CPU ${profile.cpuSlowdown}x slower`;
  return `${profile.name}: ${screen} at ${scale}x${profile.context.isMobile ? ', mobile' : ''}, ${network}, ${cpu}`;
}

/** "Document none; Script br x9, none x3 (largest 419 B)": was anything big sent uncompressed? */
export function describeCompression(responses: readonly ResponseSummary[]): string {
  const groups = new Map<string, Map<string, ResponseSummary[]>>();
  for (const response of responses) {
    const byEncoding = groups.get(response.type) ?? new Map<string, ResponseSummary[]>();
    const encoding = response.contentEncoding ?? 'none';
    byEncoding.set(encoding, [...(byEncoding.get(encoding) ?? []), response]);
    groups.set(response.type, byEncoding);
  }
  return [...groups]
    .map(([type, byEncoding]) => {
      const parts = [...byEncoding].map(([encoding, list]) => {
        const largest = Math.max(...list.map((response) => response.decodedBytes));
        const size = encoding === 'none' ? ` (largest ${largest} B decoded)` : '';
        return `${encoding} x${list.length}${size}`;
      });
      return `${type} ${parts.join(', ')}`;
    })
    .join('; ');
}

export interface PageTargets {
  lcpMs?: number;
  cls?: number;
  bytesBeforePaint?: number;
  visitBytes?: number;
}

export function printPage(
  heading: string,
  expectedPath: string,
  summary: PageSummary,
  targets: PageTargets,
  reactFloorLcp: number | null,
): void {
  print(`  ${heading}: median of ${summary.runs} cold loads`);
  if (summary.failures.length > 0) print(`    failed loads: ${summary.failures.join('; ')}`);
  if (summary.runs === 0) return;
  const lcp = summary.lcpMs.median;
  const ratio =
    lcp !== null && reactFloorLcp
      ? `; ${(lcp / reactFloorLcp).toFixed(2)}x the React+MUI floor`
      : '';
  print(
    `    LCP ${ms(lcp)}${spread(summary.lcpMs, (v) => `${Math.round(v)}`)}` +
      `${against(lcp, targets.lcpMs, ms)}${ratio}`,
  );
  const elements = Object.entries(summary.lcpElements).map(([el, n]) => `${el} (${n}x)`);
  print(`      element: ${elements.join('; ')}`);
  print(
    `    FCP ${ms(summary.fcpMs.median)}, TBT ${ms(summary.tbtMs.median)}, ` +
      `CLS ${summary.cls.median?.toFixed(3) ?? 'n/a'} (largest session window; plain sum ` +
      `${summary.clsSum.median?.toFixed(3) ?? 'n/a'})` +
      against(summary.cls.median, targets.cls, (v) => `${v}`),
  );
  for (const shift of summary.largestShifts) {
    print(
      `      shift ${shift.value.toFixed(3)} at ${ms(shift.time)} (last run), moved: ` +
        (shift.sources.join(', ') || 'not named by the browser'),
    );
  }
  print(
    `    on the wire ${kb(summary.encodedBytes.median)}, of which headers ` +
      `${kb(summary.headerBytes.median)} (bodies decoded: ${kb(summary.decodedBytes.median)})` +
      ` in ${summary.requests.median ?? 0} requests${against(summary.encodedBytes.median, targets.visitBytes, kb)}`,
  );
  print(
    `    complete before first paint: ${kb(summary.encodedBytesBeforeFcp.median)} on the wire` +
      against(summary.encodedBytesBeforeFcp.median, targets.bytesBeforePaint, kb),
  );
  print(
    `    compression (sent Accept-Encoding: ${summary.acceptEncoding ?? '?'}): ` +
      describeCompression(summary.responses),
  );
  const builds = Object.entries(summary.builds);
  if (builds.length > 1) {
    const list = builds.map(([build, runs]) => `${build} (${runs}x)`).join('; ');
    print(`    MIXED BUILDS: the web app was rebuilt during the runs: ${list}`);
  }
  if (summary.paths.some((path) => path !== expectedPath)) {
    print(`    NOT MEASURED AS MEANT: the loads ended at ${summary.paths.join(', ')}`);
  }
}

export function printLighthouse(title: string, figures: LighthouseFigures): void {
  print(`  ${title} (${figures.finalUrl}):`);
  if (new URL(figures.finalUrl).pathname !== new URL(figures.requestedUrl).pathname) {
    print(`    NOT MEASURED AS MEANT: Lighthouse was sent on to ${figures.finalUrl}`);
  }
  const scores = Object.entries(figures.scores).map(([category, score]) => {
    const target = TARGETS.lighthouse[category as keyof typeof TARGETS.lighthouse];
    const ok = score !== null && score >= target;
    return `${category} ${score ?? 'n/a'} (target >= ${target}: ${ok ? 'meets target' : 'BELOW TARGET'})`;
  });
  print(`    medians: ${scores.join(', ')}`);
  const performance = figures.runs.map((run) => run.scores.performance ?? 'n/a');
  print(`    performance score of each run: ${performance.join(', ')}`);
  const m = figures.metrics;
  print(
    `    medians: FCP ${ms(m.fcpMs)}, LCP ${ms(m.lcpMs)}, TBT ${ms(m.tbtMs)}, ` +
      `CLS ${m.cls?.toFixed(3) ?? 'n/a'}, Speed Index ${ms(m.speedIndexMs)}; ` +
      `CPU benchmark index ${Math.round(figures.benchmarkIndex)} (median run)`,
  );
  print(
    figures.failed.length === 0
      ? '    no audit scored under 0.9 in the median run'
      : '    audits under 0.9 in the median run:',
  );
  for (const audit of figures.failed) {
    const score = audit.score === null ? 'n/a' : audit.score.toFixed(2);
    const value = audit.displayValue ? `, ${audit.displayValue}` : '';
    const where = audit.group ? `${audit.category}/${audit.group}` : audit.category;
    print(`      [${where}] ${audit.id}: ${audit.title} (score ${score}${value})`);
  }
  for (const warning of figures.runWarnings) print(`    Lighthouse warns: ${warning}`);
}
