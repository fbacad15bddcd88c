/**
 * Validation of rendered objects for a Kubernetes 1.30 cluster. No npm package ships the 1.30
 * OpenAPI or JSON schemas (kubernetes-types@1.30 has TypeScript types only; the strict JSON schema
 * sets are not published to npm), so the check is built from what kubernetes-models ships:
 *
 * - kinds and versions: only the apiVersion/kind pairs below, all served by 1.30, are accepted
 *   (kubernetes-models carries newer and older ones, e.g. policy/v1beta1, which 1.30 refuses);
 * - values: each object goes through the model's OpenAPI validator (types, enums, required
 *   fields, formats such as int32 or the quantity pattern);
 * - fields, strictly: every field of every nested object must be one its type declares
 *   (./kube-fields.ts), so a misspelt `readOnlyRootFileSystem` or a field in the wrong place is
 *   refused, as by the `-strict` JSON schemas or `kubectl --validate=strict`.
 *
 * Not checked: kubernetes-models 4.5 describes Kubernetes 1.33, so a field added to one of these
 * types in 1.31 to 1.33 (e.g. a container's lifecycle.stopSignal, the pod's
 * securityContext.seLinuxChangePolicy or pod-level resources) passes here although a 1.30 API
 * server refuses it; so do value rules that only the API server enforces (name formats, immutable
 * fields, cross-field rules).
 */
import { fieldTrees, unknownFields } from './kube-fields';
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

/** The problems of one object: an unknown kind/version, each schema violation, each unknown field. */
export function schemaProblems(object: KubeObject): string[] {
  const id = `${object.kind}/${object.metadata?.name ?? '?'}`;
  const apiVersionKind = `${object.apiVersion}/${object.kind}`;
  const Model = KUBE_1_30_MODELS[apiVersionKind];
  if (!Model) return [`${id}: ${object.apiVersion} ${object.kind} is not a known 1.30 API`];
  const tree = fieldTrees(Object.keys(KUBE_1_30_MODELS)).get(apiVersionKind)!;
  const problems = unknownFields(object, tree).map((field) => `${id}: unknown field ${field}`);
  try {
    new Model(object as never).validate();
  } catch (error) {
    problems.push(`${id}: ${(error as Error).message}`);
  }
  return problems;
}
