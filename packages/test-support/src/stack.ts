/**
 * What the suites need to know about the local stack the runner (`npm start`, `npm test`) starts:
 * its profiles and ports, the environment it gives each process, the tools it downloads, the status
 * file it keeps. The runner owns these modules (@mcat/runner, and the dashboard's queries of
 * @mcat/cluster); the apps' test code takes them from here, so this is the one door between the
 * suites and the runner.
 */
export {
  infraUrls,
  REPO_ROOT,
  TEST_PROFILE,
  type Profile,
  type ServiceName,
} from '@mcat/runner/ports';
export { waitForPort } from '@mcat/runner/infra';
export { gatewayEnv, NODE_FLAGS, serviceEnv, withDatabase } from '@mcat/runner/processes';
export { writeRecoveryFigures, type Recovery } from '@mcat/runner/supervision/recovery-figures';
export {
  readRunnerStatus,
  type ProcessStatus,
  type RunnerStatus,
} from '@mcat/runner/supervision/runner-status';
export { isAlive } from '@mcat/runner/run-lock';
export { logDir } from '@mcat/runner/test-infrastructure';
export { customResourceDefinition, ensureTool, toolPath } from '@mcat/runner/tools';
export { dashboardQueries } from '@mcat/cluster/monitoring/dashboard-queries';
export { startApiServer, type ApiServer, type KubectlResult } from '@mcat/runner/api-server';
