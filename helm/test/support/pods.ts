/** The pod templates of rendered workloads (Deployments, StatefulSets, Jobs, CronJobs) and bare Pods. */
import type { Container, PodSpec } from 'kubernetes-types/core/v1';
import type { KubeObject } from './chart';

export interface PodTemplate {
  owner: KubeObject;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  spec: PodSpec;
}

const WORKLOAD_KINDS = new Set(['Deployment', 'StatefulSet', 'Job', 'DaemonSet']);

/** The pod templates of the workloads, and the bare Pods (the `helm test` hook) as they are. */
export function podTemplates(objects: KubeObject[]): PodTemplate[] {
  const pods = objects
    .filter((object) => object.kind === 'Pod')
    .map((pod) => ({
      owner: pod,
      labels: pod.metadata.labels ?? {},
      annotations: pod.metadata.annotations ?? {},
      spec: pod.spec as PodSpec,
    }));
  return [...workloadTemplates(objects), ...pods];
}

interface TemplateSpec {
  template: {
    metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
    spec: PodSpec;
  };
}

function workloadTemplates(objects: KubeObject[]): PodTemplate[] {
  return objects
    .filter((object) => WORKLOAD_KINDS.has(object.kind) || object.kind === 'CronJob')
    .map((owner) => {
      const { template } =
        owner.kind === 'CronJob'
          ? (owner.spec as { jobTemplate: { spec: TemplateSpec } }).jobTemplate.spec
          : (owner.spec as TemplateSpec);
      return {
        owner,
        labels: template.metadata?.labels ?? {},
        annotations: template.metadata?.annotations ?? {},
        spec: template.spec,
      };
    });
}

export const containersOf = (pod: PodTemplate): Container[] => [
  ...(pod.spec.initContainers ?? []),
  ...pod.spec.containers,
];

export const workloadName = (pod: PodTemplate, container?: Container): string =>
  `${pod.owner.kind}/${pod.owner.metadata.name}${container ? ` container ${container.name}` : ''}`;
