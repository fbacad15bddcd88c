import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HealthReport } from '@mcat/contracts';
import { GatewayHarness } from './support/gateway-harness';

/** The file the single-machine runner writes (its format: @mcat/contracts' runnerStatusSchema). */
function writeStatus(file: string, runnerPid: number, mailer: { state: string; restarts: number }) {
  const running = { state: 'running', pid: 1, restarts: 0 };
  const processes = { auth: running, mailer: { ...mailer, pid: null }, gateway: running };
  fs.writeFileSync(file, JSON.stringify({ runnerPid, processes }));
}

describe('/api/health in the single-machine mode (RUNNER_STATUS_FILE)', () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'runner-status-')), 'status.json');
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await GatewayHarness.start({ RUNNER_STATUS_FILE: file });
  });
  afterAll(() => gateway.close());

  const health = async () => {
    const response = await gateway.fetch('/api/health');
    return { status: response.status, body: (await response.json()) as HealthReport };
  };

  it("adds each process's state and restart count to the usual answer", async () => {
    writeStatus(file, process.pid, { state: 'running', restarts: 2 });
    expect(await health()).toEqual({
      status: 200,
      body: {
        status: 'up',
        services: { auth: 'up', tests: 'up', questions: 'up', billing: 'up', mailer: 'up' },
        dependencies: { mongodb: 'up', nats: 'up', redis: 'up' },
        processes: {
          auth: { status: 'up', state: 'running', restarts: 0 },
          mailer: { status: 'up', state: 'running', restarts: 2 },
          gateway: { status: 'up', state: 'running', restarts: 0 },
        },
      },
    });
  });

  it('reports the product down while a process is being restarted or was given up', async () => {
    for (const state of ['restarting', 'given-up']) {
      writeStatus(file, process.pid, { state, restarts: 4 });
      const { status, body } = await health();
      expect({ status, overall: body.status, mailer: body.processes?.mailer }).toEqual({
        status: 503,
        overall: 'down',
        mailer: { status: 'down', state, restarts: 4 },
      });
    }
  });

  it('leaves processes out when the file is missing or its runner has ended', async () => {
    fs.rmSync(file, { force: true });
    expect((await health()).body).not.toHaveProperty('processes');
    // A pid far above any kernel's pid_max: no such process.
    writeStatus(file, 2 ** 30, { state: 'given-up', restarts: 4 });
    const { status, body } = await health();
    expect({ status, processes: body.processes }).toEqual({ status: 200, processes: undefined });
  });
});
