/**
 * Validation of rendered objects against the Kubernetes OpenAPI schemas (kubernetes-models), for
 * the API groups a 1.30 cluster serves. kubernetes-models carries a newer schema set; the
 * allow-list below keeps out kinds and versions 1.30 does not serve (e.g. policy/v1beta1).
 */
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service, ServiceAccount } from 'kubernetes-models/v1';
import type { KubeObject } from './chart';

interface Validatable {
  validate(): void;
}
type ModelClass = new (data: never) => Validatable;

/** apiVersion/kind served by Kubernetes 1.30 that this project uses, with their models. */
export const KUBE_1_30_MODELS: Record<string, ModelClass> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

/** The problems of one object: an unknown kind/version, or each schema violation. */
export function schemaProblems(object: KubeObject): string[] {
  const id = `${object.kind}/${object.metadata?.name ?? '?'}`;
  const Model = KUBE_1_30_MODELS[`${object.apiVersion}/${object.kind}`];
  if (!Model) return [`${id}: ${object.apiVersion} ${object.kind} is not a known 1.30 API`];
  try {
    new Model(object as never).validate();
    return [];
  } catch (error) {
    return [`${id}: ${(error as Error).message}`];
  }
}
