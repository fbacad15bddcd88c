/**
 * Renders and lints the chart with the helm binary from the tools cache, and parses what it
 * renders. Renders are cached per values set: several test files read the same output.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ensureTool } from '@mcat/test-support/stack';

export const CHART_DIR = path.resolve(__dirname, '..', '..');
export const REPO_ROOT = path.resolve(CHART_DIR, '..');
export const RELEASE = 'mcat-logbook';
export const NAMESPACE = 'mcat';
export const KUBE_VERSION = '1.30.0';

/** The deployables of the chart, each with its own template file, Deployment and image. */
export const DEPLOYABLES = [
  'gateway',
  'auth',
  'tests',
  'questions',
  'billing',
  'mailer',
  'frontend',
] as const;
export type Deployable = (typeof DEPLOYABLES)[number];

/** The values files the chart is checked with (paths relative to helm/). */
export const VALUE_SETS: Record<string, string[]> = {
  default: [],
  dev: ['values-dev.yaml'],
  prod: ['values-prod.yaml'],
  'inline secrets': ['test/fixtures/values-inline-secrets.yaml'],
  'http route': ['test/fixtures/values-http-route.yaml'],
  'managed dependencies': ['test/fixtures/values-managed-dependencies.yaml'],
  backup: ['test/fixtures/values-backup.yaml'],
};

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  [field: string]: unknown;
}

export interface HelmResult {
  status: number;
  stdout: string;
  stderr: string;
}

let helmBinary: string | undefined;
export const helm = (): string => (helmBinary ??= ensureTool('helm', () => undefined));

export function runHelm(args: string[]): HelmResult {
  const result = spawnSync(helm(), args, { cwd: CHART_DIR, encoding: 'utf8' });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

const valueArgs = (files: string[], sets: Record<string, string> = {}): string[] => [
  ...files.flatMap((file) => ['-f', path.resolve(CHART_DIR, file)]),
  ...Object.entries(sets).flatMap(([key, value]) => ['--set-string', `${key}=${value}`]),
];

export const templateArgs = (files: string[], sets: Record<string, string> = {}): string[] => [
  'template',
  RELEASE,
  CHART_DIR,
  '--namespace',
  NAMESPACE,
  '--kube-version',
  KUBE_VERSION,
  ...valueArgs(files, sets),
];

export function parseManifests(text: string): KubeObject[] {
  return parseAllDocuments(text)
    .map((document) => {
      if (document.errors.length > 0) throw document.errors[0];
      return document.toJS() as KubeObject | null;
    })
    .filter((object): object is KubeObject => object !== null);
}

const renders = new Map<string, KubeObject[]>();

/** The chart rendered with these values files (and --set-string overrides), parsed. */
export function renderChart(files: string[], sets: Record<string, string> = {}): KubeObject[] {
  const key = JSON.stringify([files, sets]);
  const cached = renders.get(key);
  if (cached) return cached;
  const output = execFileSync(helm(), templateArgs(files, sets), {
    cwd: CHART_DIR,
    encoding: 'utf8',
    maxBuffer: 32 * 1024 * 1024,
  });
  const objects = parseManifests(output);
  renders.set(key, objects);
  return objects;
}

/** The plain manifests of k8s/, in the order kustomization.yaml lists them. */
export function devClusterManifests(): { files: string[]; objects: KubeObject[] } {
  const dir = path.join(REPO_ROOT, 'k8s');
  const kustomization = parseManifests(
    fs.readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8'),
  )[0] as unknown as { resources: string[] };
  const objects = kustomization.resources.flatMap((file) =>
    parseManifests(fs.readFileSync(path.join(dir, file), 'utf8')),
  );
  return { files: kustomization.resources, objects };
}

export const byKind = <T = KubeObject>(objects: KubeObject[], kind: string): T[] =>
  objects.filter((object) => object.kind === kind) as unknown as T[];

export const componentOf = (labels: Record<string, string> | undefined): string | undefined =>
  labels?.['app.kubernetes.io/component'];
