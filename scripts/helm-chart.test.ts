// The Helm chart (deploy/helm/hush), rendered by the real Helm (scripts/helm.sh fetches it once) with its defaults and
// with ci/scale-out-values.yaml: every object validates against the Kubernetes OpenAPI schemas (kubernetes-models'
// validators, generated from them), the pods are locked down, the secret settings reach Hush only as files, and
// values that cannot work stop the render with the reason. scripts/kube-test.sh runs the rendering with podman.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { ServiceAccount, ConfigMap, Secret, Service, PersistentVolumeClaim } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { configWarnings, loadConfig } from '../src/server/config.js';
import { SECRET_SETTINGS } from '../src/server/config-files.js';

const root = path.resolve(import.meta.dirname, '..');
const CHART = path.join(root, 'deploy/helm/hush');
const SCALE_OUT = path.join(CHART, 'ci/scale-out-values.yaml');

type K8sObject = { apiVersion: string; kind: string; metadata: { name: string }; [key: string]: unknown };
const models: Record<string, { new (data: never): { validate(): void } }> = {
  'v1/ServiceAccount': ServiceAccount,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'apps/v1/Deployment': Deployment,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
};

const helm = (...args: string[]) =>
  execFileSync('bash', [path.join(root, 'scripts/helm.sh'), ...args], { encoding: 'utf8', stdio: 'pipe' });

function render(...args: string[]): K8sObject[] {
  const docs = parseAllDocuments(helm('template', 'hush', CHART, ...args));
  return docs.map((doc) => doc.toJS() as K8sObject | null).filter((doc): doc is K8sObject => doc !== null);
}
/** The message `helm template` stops with. */
function refusal(...args: string[]): string {
  try {
    helm('template', 'hush', CHART, ...args);
  } catch (error) {
    return String((error as { stderr: string }).stderr);
  }
  throw new Error(`helm template accepted ${args.join(' ')}`);
}
const byKind = (objects: K8sObject[], kind: string) => objects.find((object) => object.kind === kind)!;

interface Container {
  env: { name: string; value: string }[];
  securityContext: Record<string, unknown>;
  volumeMounts: { name: string; mountPath: string; readOnly?: boolean }[];
  livenessProbe: { httpGet: { path: string } };
  readinessProbe: { httpGet: { path: string } };
  lifecycle: { preStop: { exec: { command: string[] } } };
}
interface PodSpec {
  securityContext: Record<string, unknown>;
  terminationGracePeriodSeconds: number;
  automountServiceAccountToken: boolean;
  containers: Container[];
  volumes: { name: string; emptyDir?: object; secret?: { secretName: string } }[];
}
const podOf = (objects: K8sObject[]) =>
  (byKind(objects, 'Deployment') as unknown as { spec: { replicas: number; template: { spec: PodSpec } } }).spec;

const defaults = render();
const scaleOut = render('-f', SCALE_OUT);
const autoscaled = render('-f', SCALE_OUT, '--set', 'autoscaling.enabled=true', '--set', 'persistence.enabled=true');

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hush-helm-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('Helm chart deploy/helm/hush', () => {
  it('passes helm lint --strict with its defaults and with the scale-out values', () => {
    expect(helm('lint', '--strict', CHART)).toContain('0 chart(s) failed');
    expect(helm('lint', '--strict', CHART, '-f', SCALE_OUT)).toContain('0 chart(s) failed');
  });

  it('runs the app version of package.json', () => {
    const chart = fs.readFileSync(path.join(CHART, 'Chart.yaml'), 'utf8');
    const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
    expect(chart).toMatch(/^apiVersion: v2$/m);
    expect(chart).toContain(`appVersion: '${version}'`);
    expect(podOf(defaults).template.spec.containers[0]).toMatchObject({ image: `hush:${version}` });
  });

  it('renders the objects expected: one pod by default; two, a Secret, PDB, Ingress and NetworkPolicy scaled out', () => {
    const kinds = (objects: K8sObject[]) => objects.map((object) => object.kind).sort();
    expect(kinds(defaults)).toEqual(['ConfigMap', 'Deployment', 'Service', 'ServiceAccount']);
    expect(kinds(scaleOut)).toEqual([
      'ConfigMap',
      'Deployment',
      'Ingress',
      'NetworkPolicy',
      'PodDisruptionBudget',
      'Secret',
      'Service',
      'ServiceAccount',
    ]);
    expect(kinds(autoscaled)).toContain('HorizontalPodAutoscaler');
    expect(kinds(autoscaled)).toContain('PersistentVolumeClaim');
    expect(podOf(defaults).replicas).toBe(1);
    expect(podOf(scaleOut).replicas).toBe(2);
    expect(podOf(autoscaled).replicas).toBeUndefined();
  });

  it('every rendered object validates against the Kubernetes OpenAPI schema of its kind', () => {
    for (const object of [...defaults, ...scaleOut, ...autoscaled]) {
      const Model = models[`${object.apiVersion}/${object.kind}`];
      expect(Model, `a schema for ${object.apiVersion} ${object.kind}`).toBeDefined();
      expect(() => new Model!(object as never).validate(), `${object.kind} ${object.metadata.name}`).not.toThrow();
    }
  });

  it('the schemas catch a broken object (the check can fail)', () => {
    const deployment = structuredClone(byKind(scaleOut, 'Deployment')) as unknown as { spec: { replicas: unknown } };
    deployment.spec.replicas = 'two';
    expect(() => new Deployment(deployment as never).validate()).toThrow(/replicas/);
  });

  it('locks the pod down: uid 1000 as non-root, read-only root, no capabilities, seccomp RuntimeDefault', () => {
    const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^USER 1000$/m);
    for (const objects of [defaults, scaleOut]) {
      const spec = podOf(objects).template.spec;
      expect(spec.securityContext).toMatchObject({
        runAsNonRoot: true,
        runAsUser: 1000,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(spec.automountServiceAccountToken).toBe(false);
      expect(spec.containers[0]!.securityContext).toEqual({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        runAsNonRoot: true,
        runAsUser: 1000,
        capabilities: { drop: ['ALL'] },
        seccompProfile: { type: 'RuntimeDefault' },
      });
      const data = spec.containers[0]!.volumeMounts.find((mount) => mount.mountPath === '/data')!;
      expect(spec.volumes.find((volume) => volume.name === data.name)).toHaveProperty('emptyDir');
    }
  });

  it('probes /healthz and /readyz, and pauses before SIGTERM within the grace period', () => {
    const spec = podOf(scaleOut).template.spec;
    const container = spec.containers[0]!;
    expect(container.livenessProbe.httpGet.path).toBe('/healthz');
    expect(container.readinessProbe.httpGet.path).toBe('/readyz');
    const [command, seconds] = container.lifecycle.preStop.exec.command;
    expect(command).toBe('sleep');
    const shutdown = Number(loadConfig({}).shutdownTimeoutSeconds);
    expect(Number(seconds)).toBeGreaterThan(0);
    expect(spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(Number(seconds) + shutdown);
  });

  it('hands secret settings to Hush only as files, and what the pod gets is a configuration Hush accepts', () => {
    const container = podOf(scaleOut).template.spec.containers[0]!;
    const secret = byKind(scaleOut, 'Secret') as unknown as { data: Record<string, string> };
    const configMap = byKind(scaleOut, 'ConfigMap') as unknown as { data: Record<string, string> };
    for (const name of SECRET_SETTINGS) {
      expect(configMap.data).not.toHaveProperty(name);
      expect(container.env.map((item) => item.name)).not.toContain(name);
    }
    const mount = container.volumeMounts.find((item) => item.name === 'secrets')!;
    expect(mount.readOnly).toBe(true);
    // The pod's environment, with the Secret's files where the pod would mount them.
    const env: Record<string, string> = { ...configMap.data };
    for (const { name, value } of container.env) {
      env[name] = value.startsWith(`${mount.mountPath}/`) ? path.join(folder, path.basename(value)) : value;
    }
    for (const [key, value] of Object.entries(secret.data)) {
      fs.writeFileSync(path.join(folder, key), Buffer.from(value, 'base64'));
      expect(env[`${key}_FILE`], `${key}_FILE`).toBe(path.join(folder, key));
    }
    const { TMPDIR: _tmpdir, ...hushEnv } = env;
    expect(configWarnings(hushEnv)).toEqual([]);
    expect(loadConfig(hushEnv)).toMatchObject({
      databaseUrl: 'postgres://hush:change-me@postgres.db.svc:5432/hush',
      redisUrl: 'redis://redis.db.svc:6379',
      s3SecretAccessKey: 'change-me-change-me',
      dataDir: '/data',
      host: '0.0.0.0',
    });
  });

  it('takes exactly the secret settings Hush reads from files as secret keys', () => {
    const sets = [...SECRET_SETTINGS, 'HUSH_OIDC_3_CLIENT_SECRET'].flatMap((name) => ['--set', `secrets.${name}=x`]);
    const secret = byKind(render(...sets), 'Secret') as unknown as { data: Record<string, string> };
    expect(Object.keys(secret.data)).toHaveLength(SECRET_SETTINGS.length + 1);
    expect(refusal('--set', 'secrets.HUSH_PORT=4000')).toContain('secret key HUSH_PORT is not a secret Hush setting');
    expect(refusal('--set', 'config.HUSH_DATABASE_URL=postgres://x')).toContain(
      'config.HUSH_DATABASE_URL is a secret: put it in secrets',
    );
  });

  it('reads the secret settings from a Secret of your own (existingSecret), rendering none itself', () => {
    const objects = render(
      ...['--set', 'replicaCount=2', '--set', 'existingSecret=hush-credentials', '--set', 'config.HUSH_S3_ENDPOINT=x'],
      ...['--set', 'existingSecretKeys={HUSH_DATABASE_URL,HUSH_REDIS_URL}'],
    );
    expect(objects.map((object) => object.kind)).not.toContain('Secret');
    const spec = podOf(objects).template.spec;
    expect(spec.volumes.find((volume) => volume.name === 'secrets')?.secret?.secretName).toBe('hush-credentials');
    expect(spec.containers[0]!.env.map((item) => item.name)).toEqual(
      expect.arrayContaining(['HUSH_DATABASE_URL_FILE', 'HUSH_REDIS_URL_FILE']),
    );
    expect(refusal('--set', 'existingSecret=x', '--set', 'secrets.HUSH_REDIS_URL=redis://r')).toContain(
      'secrets and existingSecret: set one, not both',
    );
  });

  it('refuses more than one pod without PostgreSQL, Redis or S3, with the reason', () => {
    expect(refusal('--set', 'replicaCount=2')).toContain(
      'replicaCount 2 needs PostgreSQL: set secrets.HUSH_DATABASE_URL (SQLite in /data belongs to one pod)',
    );
    expect(refusal('-f', SCALE_OUT, '--set', 'secrets.HUSH_REDIS_URL=')).toContain(
      'replicaCount 2 needs Redis: set secrets.HUSH_REDIS_URL',
    );
    expect(refusal('-f', SCALE_OUT, '--set', 'config.HUSH_S3_ENDPOINT=')).toContain('replicaCount 2 needs S3');
    expect(refusal('--set', 'autoscaling.enabled=true')).toContain('autoscaling needs PostgreSQL');
  });
});
