/** The figures of several cold loads of one page under one profile, reduced to their medians. */
import { median } from './figures';
import type { LayoutShift } from './in-page';
import type { LoadFigures } from './page-load';
import type { RequestRecord } from './network-log';

export interface Series {
  median: number | null;
  runs: number[];
}

export interface ResponseSummary {
  path: string;
  type: string;
  status: number | null;
  contentEncoding: string | null;
  encodedBytes: number;
  headerBytes: number;
  decodedBytes: number;
}

export interface PageSummary {
  runs: number;
  /** loads that did not finish, with why */
  failures: string[];
  lcpMs: Series;
  /** the largest element of each run, and how many runs it was */
  lcpElements: Record<string, number>;
  fcpMs: Series;
  /** the largest session window */
  cls: Series;
  /** every shift without recent input, summed */
  clsSum: Series;
  /** the largest shifts of the last finished run: when, how much, what moved */
  largestShifts: LayoutShift[];
  tbtMs: Series;
  encodedBytes: Series;
  headerBytes: Series;
  decodedBytes: Series;
  encodedBytesBeforeFcp: Series;
  requests: Series;
  /** the builds the runs were served, and how many runs each (more than one: a rebuild) */
  builds: Record<string, number>;
  /** where each run ended up (a signed-in page sent to sign-in shows here) */
  paths: string[];
  /** the Accept-Encoding Chromium sent with the document */
  acceptEncoding: string | null;
  /** every response of the last finished run */
  responses: ResponseSummary[];
}

type NumericFigure = {
  [K in keyof LoadFigures]: LoadFigures[K] extends number | null ? K : never;
}[keyof LoadFigures];

const series = (loads: readonly LoadFigures[], pick: (load: LoadFigures) => number | null) => {
  const runs = loads.map(pick).filter((value): value is number => value !== null);
  return { median: median(runs), runs };
};

const seriesOf = (loads: readonly LoadFigures[], key: NumericFigure): Series =>
  series(loads, (load) => load[key]);

const responseSummary = (request: RequestRecord): ResponseSummary => ({
  path: new URL(request.url).pathname,
  type: request.type,
  status: request.status,
  contentEncoding: request.contentEncoding,
  encodedBytes: request.encodedBytes,
  headerBytes: request.headerBytes,
  decodedBytes: request.decodedBytes,
});

function countOf(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

export function summarise(loads: readonly LoadFigures[], failures: string[]): PageSummary {
  const last = loads[loads.length - 1];
  return {
    runs: loads.length,
    failures,
    lcpMs: seriesOf(loads, 'lcpMs'),
    lcpElements: countOf(loads.map((load) => load.lcpElement ?? '(no largest contentful paint)')),
    fcpMs: seriesOf(loads, 'fcpMs'),
    cls: seriesOf(loads, 'cls'),
    clsSum: seriesOf(loads, 'clsSum'),
    largestShifts: [...(last?.shifts ?? [])].sort((a, b) => b.value - a.value).slice(0, 3),
    tbtMs: seriesOf(loads, 'tbtMs'),
    encodedBytes: seriesOf(loads, 'encodedBytes'),
    headerBytes: seriesOf(loads, 'headerBytes'),
    decodedBytes: seriesOf(loads, 'decodedBytes'),
    encodedBytesBeforeFcp: seriesOf(loads, 'encodedBytesBeforeFcp'),
    requests: series(loads, (load) => load.requests.length),
    builds: countOf(loads.map((load) => load.build)),
    paths: [...new Set(loads.map((load) => load.path))],
    acceptEncoding: last?.requests.find((r) => r.type === 'Document')?.acceptEncoding ?? null,
    responses: last?.requests.map(responseSummary) ?? [],
  };
}
