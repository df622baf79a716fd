/**
 * deploy/kustomize (DECISIONS §7): both the base and the PostgreSQL overlay rendered by `kubectl
 * kustomize` as an operator renders them, every object validated against the Kubernetes API's schemas
 * (kubernetes-models, unknown fields refused), and what the product needs of them: the probes kept
 * apart as ADR 008 says (liveness and startup on /healthz, readiness on /readyz), the image's user
 * and port (the Dockerfile's), no root, the volume of the embedded database in the base only, two
 * replicas with DATABASE_URL required from the Secret in the overlay.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { validateKubernetesObject } from '../helpers/kubernetes-schemas.ts';

function hasKubectl(): boolean {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const KUBECTL = hasKubectl();

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

function render(dir: string): K8sObject[] {
  const text = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
  return parseAllDocuments(text).map((doc) => {
    if (doc.errors.length) throw new Error(`${dir}: ${doc.errors.map((e) => e.message).join('; ')}`);
    return doc.toJS() as K8sObject;
  });
}

const only = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
const deploymentOf = (objects: K8sObject[]) => {
  const [deployment, ...more] = only(objects, 'Deployment');
  expect(more).toEqual([]);
  if (!deployment) throw new Error('no Deployment');
  return deployment;
};

// Skipped on a machine without kubectl, but never in CI: .ci/run installs it, and a missing one fails here.
describe.skipIf(!KUBECTL && !process.env.CI)('the Kubernetes manifests, rendered by kubectl kustomize (skipped outside CI without it)', () => {
  it.each(['deploy/kustomize/base', 'deploy/kustomize/overlays/postgres'])('renders %s into objects the Kubernetes schemas accept', (dir) => {
    const objects = render(dir);
    expect(objects.length).toBeGreaterThan(3);
    for (const object of objects) expect(validateKubernetesObject(object), `${object.kind} ${object.metadata.name}`).toEqual([]);
  });

  it('probes /healthz for liveness and startup and /readyz for readiness, as the image’s non-root user on its port', () => {
    const deployment = deploymentOf(render('deploy/kustomize/base'));
    const pod = deployment.spec.template.spec;
    const [server] = pod.containers;
    expect(server.ports).toEqual([{ name: 'http', containerPort: 5000 }]);
    expect(server.startupProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(server.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(server.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000 });
    expect(server.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
    expect(server.envFrom).toEqual([{ configMapRef: { name: 'ambassadors-config' } }, { secretRef: { name: 'ambassadors-secrets' } }]);
    // The embedded database: one process, so one replica replaced, never two at once on its volume.
    expect(deployment.spec.replicas).toBe(1);
    expect(deployment.spec.strategy.type).toBe('Recreate');
    expect(server.volumeMounts).toContainEqual({ name: 'data', mountPath: '/data' });
    expect(pod.volumes).toContainEqual({ name: 'data', persistentVolumeClaim: { claimName: 'ambassadors-data' } });
  });

  it('runs two replicas on PostgreSQL in the overlay: DATABASE_URL required from the Secret, no volume claim', () => {
    const objects = render('deploy/kustomize/overlays/postgres');
    const deployment = deploymentOf(objects);
    const [server] = deployment.spec.template.spec.containers;
    expect(deployment.spec.replicas).toBe(2);
    expect(deployment.spec.strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } });
    expect(server.env).toContainEqual({ name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'ambassadors-secrets', key: 'DATABASE_URL' } } });
    expect(server.env).toContainEqual({
      name: 'DATABASE_DIRECT_URL',
      valueFrom: { secretKeyRef: { name: 'ambassadors-secrets', key: 'DATABASE_DIRECT_URL', optional: true } },
    });
    expect(only(objects, 'PersistentVolumeClaim')).toEqual([]);
    expect(deployment.spec.template.spec.volumes).toContainEqual({ name: 'data', emptyDir: {} });
    const [budget] = only(objects, 'PodDisruptionBudget');
    expect(budget?.spec).toMatchObject({ minAvailable: 1 });
    // Every selector matches the pods it means.
    const podLabels = deployment.spec.template.metadata.labels as Record<string, string>;
    for (const object of [deployment, budget, ...only(objects, 'Service')]) {
      const selector = (object?.spec.selector.matchLabels ?? object?.spec.selector) as Record<string, string>;
      expect(
        Object.entries(selector).every(([key, value]) => podLabels[key] === value),
        object?.kind,
      ).toBe(true);
    }
  });
});

describe('the schema check itself', () => {
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'x', labels: { app: 'x' } },
    spec: {
      selector: { matchLabels: { app: 'x' } },
      template: {
        metadata: { labels: { app: 'x' } },
        spec: { containers: [{ name: 'x', image: 'x:1', readinessProbe: { httpGet: { path: '/readyz', port: 5000 } } }] },
      },
    },
  };

  it('accepts a valid object and names an unknown field (a typo Kubernetes would drop) or a wrong type', () => {
    expect(validateKubernetesObject(deployment)).toEqual([]);
    const typo = structuredClone(deployment) as any;
    typo.spec.template.spec.containers[0].readinesProbe = typo.spec.template.spec.containers[0].readinessProbe;
    delete typo.spec.template.spec.containers[0].readinessProbe;
    expect(validateKubernetesObject(typo)).toEqual(['unknown field .spec.template.spec.containers[0].readinesProbe']);
    const wrongType = structuredClone(deployment) as any;
    wrongType.spec.replicas = 'two';
    expect(validateKubernetesObject(wrongType).join()).toMatch(/replicas/);
    expect(validateKubernetesObject({ apiVersion: 'example.com/v1', kind: 'Widget' })).toEqual(['no schema here for example.com/v1/Widget']);
  });
});
