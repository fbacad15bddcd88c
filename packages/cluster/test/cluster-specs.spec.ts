/**
 * The cluster specs run in the cluster project only: a spec that brings the shared test cluster
 * up, picked up by the package's own project too (then the scripts project), ran there beside the
 * image build and installed the product early, so the cluster project's first spec found its pods
 * rolling (CI, 2026-11-28). The package's project (jest.config.cjs) leaves them out.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The jest configurations as jest reads them (CommonJS). */
const load = createRequire(__filename);
const CLUSTER_SPECS = load('../cluster-specs.cjs') as string[];
const packageProject = load('../jest.config.cjs') as {
  testPathIgnorePatterns: string[];
};
const clusterProject = load('../jest.cluster.config.cjs') as { testMatch: string[] };

const PACKAGE_DIR = path.resolve(__dirname, '..');

/** The specs under this folder that bring a cluster up themselves. */
function specsBringingClusterUp(): string[] {
  return fs
    .readdirSync(__dirname, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.spec.ts'))
    .filter((file) =>
      /\b(testCluster|clusterUp)\(/.test(fs.readFileSync(path.join(__dirname, file), 'utf8')),
    )
    .sort();
}

const ignoredByPackageProject = (file: string): boolean =>
  packageProject.testPathIgnorePatterns.some((pattern) =>
    new RegExp(pattern.replace('<rootDir>', PACKAGE_DIR)).test(path.join(__dirname, file)),
  );

describe('the cluster specs', () => {
  it('lists every spec that brings a cluster up', () => {
    expect(specsBringingClusterUp()).toEqual([...CLUSTER_SPECS].sort());
  });

  it("are left out of the package's own project and run by the cluster project", () => {
    expect(CLUSTER_SPECS.filter((spec) => !ignoredByPackageProject(spec))).toEqual([]);
    expect(ignoredByPackageProject('cluster-specs.spec.ts')).toBe(false);
    expect(clusterProject.testMatch).toEqual(
      expect.arrayContaining(
        CLUSTER_SPECS.filter((spec) => spec !== 'several-nodes.spec.ts').map(
          (spec) => `<rootDir>/test/${spec}`,
        ),
      ),
    );
  });
});
