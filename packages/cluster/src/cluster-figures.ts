/**
 * The figures the product's cluster test measures (product.spec.ts), kept in
 * `.test-data/reports/cluster-figures.json` after each run so that `npm run bench` reports them
 * with the image sizes (scripts/bench/images.bench.ts) without bringing up a cluster of its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { TEST_PROFILE } from '@mcat/runner/ports';

/** One fault under the students' load (several-nodes.spec.ts). */
export interface FaultFigure {
  requests: number;
  failed: number;
  /** Keyed creates never answered though sent again for two minutes. */
  unanswered: number;
  /** From the fault to every Deployment whole again (two Ready pods off the lost node). */
  seconds: number;
  /** A lost node: from the loss to the last failed request. */
  serviceBackSeconds?: number;
}

export interface FaultFigures {
  podDeletion?: FaultFigure;
  drain?: FaultFigure;
  nodeLoss?: FaultFigure;
}

/** A helm upgrade or rollback under the students' load (upgrade-rollback.spec.ts). */
export interface ReleaseChangeFigure {
  helmSeconds: number;
  polls: number;
  failedPolls: number;
  requests: number;
  failed: number;
}

export interface ClusterFigures {
  /** When the run that measured them ended (ISO 8601). */
  recordedAt: string;
  /** The cluster from nothing to a Ready node, builds excluded (cached before). */
  clusterUpSeconds?: number;
  /** The images and the chart pushed to the cluster's registry (npm run release's code). */
  releaseSeconds?: number;
  dependencySeconds?: number;
  helmInstallSeconds?: number;
  /** `helm test` after the install: the release-check Pod, from creation to its end. */
  releaseCheckSeconds?: number;
  /** The helm upgrade of a config value, and the client polling /api/health through it. */
  upgrade?: { helmSeconds: number; polls: number; failedPolls: number };
  /** From a deployable scaled to zero to Prometheus firing McatLogbookDeployableDown. */
  alertFiringSeconds?: number;
  /** Restarts summed over the release's pods at the end of the smoke run. */
  restarts?: number;
  /** The upgrade to a build adding a field and an index, then the rollback from it. */
  schemaUpgrade?: ReleaseChangeFigure;
  rollback?: ReleaseChangeFigure;
  /** The faults of the three-node cluster under load. */
  faults?: FaultFigures;
}

export const CLUSTER_FIGURES_FILE = path.join(
  TEST_PROFILE.dataDir,
  'reports',
  'cluster-figures.json',
);

/** Adds `figures` to the file, keeping what another cluster test of the run wrote there. */
export function writeClusterFigures(figures: Omit<ClusterFigures, 'recordedAt'>): void {
  fs.mkdirSync(path.dirname(CLUSTER_FIGURES_FILE), { recursive: true });
  const recorded: ClusterFigures = {
    ...readClusterFigures(),
    ...figures,
    recordedAt: new Date().toISOString(),
  };
  fs.writeFileSync(CLUSTER_FIGURES_FILE, `${JSON.stringify(recorded, null, 2)}\n`);
}

export function readClusterFigures(): ClusterFigures | null {
  try {
    return JSON.parse(fs.readFileSync(CLUSTER_FIGURES_FILE, 'utf8')) as ClusterFigures;
  } catch {
    return null;
  }
}
