/**
 * The chart's PodMonitor and PrometheusRule, rendered by helm, made into Prometheus' configuration
 * the way the Prometheus Operator would, and checked by Prometheus' own `promtool check config`
 * (which reads the rule file too). The cluster test (product.spec.ts) runs that configuration.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { REPO_ROOT } from '@mcat/runner/ports';
import { ensureTool } from '@mcat/runner/tools';
import {
  podMonitorScrapeConfigs,
  prometheusConfig,
  ruleFile,
  type PodMonitor,
  type PrometheusRule,
} from './scrape-config';

jest.setTimeout(120_000);

let work: string;
let monitor: PodMonitor;
let rule: PrometheusRule;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-scrape-'));
  const rendered = execFileSync(
    ensureTool('helm'),
    [
      ...['template', 'mcat-logbook', path.join(REPO_ROOT, 'helm'), '--namespace', 'mcat'],
      ...['--kube-version', '1.30.0', '-f', path.join(__dirname, '..', 'values-monitoring.yaml')],
    ],
    { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 },
  );
  const objects = parseAllDocuments(rendered).map(
    (document) => document.toJS() as { kind?: string },
  );
  const podMonitor = objects.find((object) => object.kind === 'PodMonitor');
  const prometheusRule = objects.find((object) => object.kind === 'PrometheusRule');
  if (!podMonitor || !prometheusRule)
    throw new Error('values-monitoring.yaml rendered no monitors');
  monitor = {
    ...(podMonitor as PodMonitor),
    metadata: { ...(podMonitor as PodMonitor).metadata, namespace: 'mcat' },
  };
  rule = prometheusRule as PrometheusRule;
});

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const credentials = (secret: string, key: string) => `/etc/prometheus/secrets/${secret}/${key}`;

describe("the chart's PodMonitor as the operator's scrape job", () => {
  it('keeps the pods of the release whose component has /metrics, on the http port', () => {
    const [job, ...more] = podMonitorScrapeConfigs(monitor, credentials);
    expect(more).toEqual([]);
    expect(job?.job_name).toBe('podMonitor/mcat/mcat-logbook/0');
    expect(job?.kubernetes_sd_configs).toEqual([{ role: 'pod', namespaces: { names: ['mcat'] } }]);
    expect(job?.metrics_path).toBe('/metrics');
    expect(job?.relabel_configs).toEqual(
      expect.arrayContaining([
        {
          action: 'keep',
          source_labels: [
            '__meta_kubernetes_pod_label_app_kubernetes_io_component',
            '__meta_kubernetes_pod_labelpresent_app_kubernetes_io_component',
          ],
          regex: '(gateway|auth|tests|questions|billing|mailer);true',
        },
        {
          action: 'keep',
          source_labels: ['__meta_kubernetes_pod_container_port_name'],
          regex: 'http',
        },
        { target_label: 'job', replacement: 'mcat/mcat-logbook' },
        {
          source_labels: ['__meta_kubernetes_pod_label_app_kubernetes_io_component'],
          target_label: 'app_kubernetes_io_component',
          regex: '(.+)',
          replacement: '${1}',
        },
      ]),
    );
  });

  it('scrapes with the metrics credential, read from a file of its Secret', () => {
    const [job] = podMonitorScrapeConfigs(monitor, credentials);
    expect(job?.authorization).toEqual({
      type: 'Bearer',
      credentials_file: '/etc/prometheus/secrets/mcat-logbook-metrics/METRICS_TOKEN',
    });
  });

  it('passes promtool check config, with the PrometheusRule as its rule file', () => {
    fs.writeFileSync(path.join(work, 'rules.yaml'), stringify(ruleFile(rule)));
    fs.mkdirSync(path.join(work, 'secrets'), { recursive: true });
    fs.writeFileSync(path.join(work, 'secrets', 'token'), 'x'.repeat(32));
    const config = prometheusConfig(
      podMonitorScrapeConfigs(monitor, () => path.join(work, 'secrets', 'token')),
      [path.join(work, 'rules.yaml')],
    );
    fs.writeFileSync(path.join(work, 'prometheus.yml'), stringify(config));
    const checked = spawnSync(ensureTool('promtool'), ['check', 'config', 'prometheus.yml'], {
      cwd: work,
      encoding: 'utf8',
    });
    const output = `${checked.stdout}${checked.stderr}`;
    expect(output).toContain('SUCCESS: prometheus.yml is valid prometheus config file syntax');
    expect(output).toMatch(/SUCCESS: \d+ rules found/);
    expect(checked.status).toBe(0);
  });

  it('refuses a PodMonitor field it does not translate', () => {
    const withRelabelings = {
      ...monitor,
      spec: { ...monitor.spec, podMetricsEndpoints: [{ port: 'http', relabelings: [] }] },
    } as unknown as PodMonitor;
    expect(() => podMonitorScrapeConfigs(withRelabelings, credentials)).toThrow(
      "The PodMonitor's endpoint uses relabelings, which this translation does not know",
    );
    const withNamespaces = {
      ...monitor,
      spec: { ...monitor.spec, namespaceSelector: { any: true } },
    } as PodMonitor;
    expect(() => podMonitorScrapeConfigs(withNamespaces, credentials)).toThrow(
      'The PodMonitor uses namespaceSelector, which this translation does not know',
    );
  });
});
