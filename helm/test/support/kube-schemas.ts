/**
 * Validation of rendered objects for a Kubernetes 1.30 cluster. No npm package ships the 1.30
 * OpenAPI or JSON schemas, so the check combines two packages:
 *
 * - kinds and versions: the apiVersion/kind must be one the Kubernetes 1.30 API declares, as
 *   listed by kubernetes-types 1.30.0 (./kube-fields.ts): e.g. policy/v1beta1, removed in 1.25,
 *   or resource.k8s.io/v1beta1, added in 1.32, is refused;
 * - fields, strictly: every field of every nested object must be one its 1.30 type declares in
 *   kubernetes-types 1.30.0 (./kube-fields.ts), so a misspelt `readOnlyRootFileSystem`, a field in
 *   the wrong place, or a field added after 1.30 (e.g. a container's lifecycle.stopSignal, 1.33, or
 *   pod-level resources, 1.32) is refused with its path, as by the `-strict` JSON schemas or
 *   `kubectl --validate=strict` against a 1.30 API server;
 * - values: each object goes through its kubernetes-models model's OpenAPI validator (types,
 *   enums, required fields, formats such as int32 or the quantity pattern). kubernetes-models
 *   4.5 generates these from the 1.33 OpenAPI; a kind without a model in VALUE_MODELS is refused
 *   rather than left unchecked.
 *
 * Not checked: rules only the API server enforces (name formats, immutable fields, cross-field
 * rules), and alpha or beta versions being switched off on a given cluster.
 */
import { kube130FieldTree, unknownFields } from './kube-fields';
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

/** The kubernetes-models models validating the values of the apiVersion/kinds this project uses. */
export const VALUE_MODELS: Record<string, ModelClass> = {
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

/** The problems of one object: an unknown kind/version, each unknown field, each bad value. */
export function schemaProblems(object: KubeObject): string[] {
  const id = `${object.kind}/${object.metadata?.name ?? '?'}`;
  const apiVersionKind = `${object.apiVersion}/${object.kind}`;
  const tree = kube130FieldTree(apiVersionKind);
  if (!tree) return [`${id}: ${object.apiVersion} ${object.kind} is not a known 1.30 API`];
  const problems = unknownFields(object, tree).map((field) => `${id}: unknown field ${field}`);
  const Model = VALUE_MODELS[apiVersionKind];
  if (!Model)
    return [...problems, `${id}: no model validates ${apiVersionKind} values (see VALUE_MODELS)`];
  try {
    new Model(object as never).validate();
  } catch (error) {
    problems.push(`${id}: ${(error as Error).message}`);
  }
  return problems;
}
