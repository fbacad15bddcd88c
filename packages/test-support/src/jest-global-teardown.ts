import type { RunningProcess } from '@mcat/runner/infra';

export default async function globalTeardown(): Promise<void> {
  const g = globalThis as { __MCAT_INFRA__?: RunningProcess[] };
  const started = g.__MCAT_INFRA__ ?? [];
  g.__MCAT_INFRA__ = [];
  await Promise.all(started.map((p) => p.stop()));
}
