/**
 * Validates rendered Kubernetes objects against the API's own schemas (kubernetes-models: the
 * OpenAPI schemas of a Kubernetes release compiled to validators) for the kinds deploy/kustomize uses,
 * and refuses unknown fields as `kubectl apply --validate=strict` would: the compiled validators only
 * look at the fields they know, so a field is known when an invalid value put in its place (a function:
 * no JSON type accepts it) makes the object invalid, and unknown (a typo such as `readinesProbe`,
 * which Kubernetes would drop) when it does not. Answers the problems found, [] when none.
 */
import { ConfigMap, PersistentVolumeClaim, Secret, Service } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';

interface Model {
  validate(): void;
}
type Json = Record<string, unknown>;

const MODELS: Record<string, new (data: never) => Model> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'apps/v1/Deployment': Deployment,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

function problemOf(Kind: new (data: never) => Model, object: unknown): string | undefined {
  try {
    new Kind(object as never).validate();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Every field's path in the object (keys of objects, through arrays), as [path, parent keys]. */
function fieldPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => fieldPaths(item, [...path, i]));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Json).flatMap(([key, item]) => [[...path, key], ...fieldPaths(item, [...path, key])]);
}

function poisoned(object: Json, path: (string | number)[]): Json {
  const copy = structuredClone(object);
  let parent: any = copy;
  for (const step of path.slice(0, -1)) parent = parent[step];
  parent[path.at(-1) as string] = () => undefined;
  return copy;
}

export function validateKubernetesObject(object: { apiVersion?: string; kind?: string }): string[] {
  const key = `${object.apiVersion}/${object.kind}`;
  const Kind = MODELS[key];
  if (!Kind) return [`no schema here for ${key}`];
  const invalid = problemOf(Kind, object);
  if (invalid) return [invalid];
  const name = (path: (string | number)[]) => path.map((step) => (typeof step === 'number' ? `[${step}]` : `.${step}`)).join('');
  const unknown: string[] = [];
  for (const path of fieldPaths(object)) {
    // What lies under an unknown field is unknown too: the field itself is named once.
    if (unknown.some((field) => name(path).startsWith(`${field}.`) || name(path).startsWith(`${field}[`))) continue;
    if (problemOf(Kind, poisoned(object as Json, path)) === undefined) unknown.push(name(path));
  }
  return unknown.map((field) => `unknown field ${field}`);
}
