import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseBootstrapApiKeys, PartName, partEnvPrefix } from '@signet/config';
import { ALL_TOPICS, dlqTopicFor } from '@signet/contracts';
import { AVAILABLE_PARTS } from '../src/registry';
import { parseTargets } from '../src/targets';
import {
  commandLine, ComposeService, dependencyConditions, environmentOf, loadCompose, REPO_ROOT, signetServices, targetOf
} from './deployment/compose';
import {
  Container, ensureKustomize, KubernetesObject, kustomizeBuild, Labels, named, ofKind, OVERLAYS_DIR, overlayNames,
  schemaProblems, selects
} from './deployment/kubernetes';
import { listedTopics, runCreateTopics } from './deployment/topics';
import { readableVariables, SECRET_VARIABLES, variablesToDefine } from './deployment/variables';

// Offline checks of the deployment files (docker-compose.yml, k8s/, deploy/): no Docker, no cluster.

interface IngressPolicyRule {
  from?: unknown[];
  ports?: Array<{ port: string | number }>;
}

/** A NetworkPolicy rule that opens only the metrics port, to the cluster's scraper. */
const isMetricsOnly = (rule: IngressPolicyRule) => (rule.ports ?? []).length > 0 && (rule.ports ?? []).every((port) => port.port === 'metrics');

interface IngressRule {
  http: { paths: Array<{ backend: { service: { name: string } } }> };
}

const readable = readableVariables();
const notRead = (names: Iterable<string>) => [...names].filter((name) => !readable.has(name));
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

describe('deploy/topics.txt', () => {
  it('lists every topic of libs/contracts and its dead-letter topic, once each', () => {
    const expected = [...ALL_TOPICS, ...ALL_TOPICS.map((topic) => dlqTopicFor(topic))];
    expect([...listedTopics()].sort()).toEqual([...expected].sort());
  });

  it('is what deploy/create-topics.sh creates, skipping the topics that exist', () => {
    const [existing, ...missing] = listedTopics();
    const calls = runCreateTopics([existing as string], { KAFKA_BOOTSTRAP: 'kafka:9092', TOPIC_PARTITIONS: '12', TOPIC_REPLICATION_FACTOR: '3' });
    expect(calls.map((call) => /--topic (\S+)/.exec(call)?.[1])).toEqual(missing);
    for (const call of calls) expect(call).toMatch(/--bootstrap-server kafka:9092 --create .*--partitions 12 --replication-factor 3/);
  });
});

describe('docker-compose.yml', () => {
  const compose = loadCompose();
  const parts = signetServices(compose);
  const servicesRunning = (part: PartName) => parts.filter(([, service]) => parseTargets(targetOf(service)).includes(part)).map(([name]) => name);

  it('uses only top-level keys Compose v1 (docker-compose 1.29, Debian 12) accepts as well as v2', () => {
    const v1Keys = ['version', 'services', 'volumes', 'networks', 'secrets', 'configs'];
    expect(Object.keys(compose).filter((key) => !key.startsWith('x-') && !v1Keys.includes(key))).toEqual([]);
  });

  it('runs each part of this build in a service of its own, from the Signet image', () => {
    for (const [, service] of parts) expect(() => parseTargets(targetOf(service))).not.toThrow();
    for (const part of AVAILABLE_PARTS) expect({ part, services: servicesRunning(part) }).toEqual({ part, services: [expect.any(String)] });
    expect(new Set(parts.map(([, service]) => service.image)).size).toBe(1);
  });

  it('sets only variables the configuration reads', () => {
    for (const [name, service] of parts) expect({ service: name, unknown: notRead(Object.keys(environmentOf(service))) }).toEqual({ service: name, unknown: [] });
  });

  it('gives every part a database, Kafka, the internal secret, the public URL and the other parts\' URLs', () => {
    for (const [name, service] of parts) {
      const environment = environmentOf(service);
      for (const variable of ['DATABASE_URL', 'KAFKA_BROKERS', 'SIGNET_INTERNAL_SECRET', 'PUBLIC_BASE_URL']) {
        expect({ service: name, variable, set: Boolean(environment[variable]) }).toEqual({ service: name, variable, set: true });
      }
      for (const part of AVAILABLE_PARTS.filter((other) => other !== 'gateway')) {
        const url = new URL(environment[`${partEnvPrefix(part)}_URL`] ?? 'missing:');
        expect({ service: name, part, host: url.hostname, port: url.port }).toEqual({ service: name, part, host: servicesRunning(part)[0], port: '3000' });
      }
    }
  });

  it('checks each part on /readyz and starts it once PostgreSQL is up and the topics and the bucket exist', () => {
    for (const [name, service] of parts) {
      expect({ service: name, healthcheck: commandLine(service.healthcheck?.test) }).toEqual({ service: name, healthcheck: expect.stringContaining('/readyz') });
      expect(dependencyConditions(service)).toMatchObject({
        postgres: 'service_healthy', 'kafka-topics': 'service_completed_successfully', 'minio-bucket': 'service_completed_successfully'
      });
    }
  });

  it('publishes the gateway on port 3000 with the bootstrap API key deploy/README.md documents', () => {
    const [gateway] = servicesRunning('gateway');
    const service = compose.services[gateway as string] as ComposeService;
    expect(service.ports).toContain('3000:3000');
    const keys = parseBootstrapApiKeys(environmentOf(service).SIGNET_BOOTSTRAP_API_KEYS ?? null);
    expect(keys.length).toBeGreaterThan(0);
    for (const { key } of keys) expect(read('deploy/README.md')).toContain(key);
  });

  it('creates the topics of deploy/topics.txt and the parts\' bucket, and catches mail in Mailpit', () => {
    const topics = compose.services['kafka-topics'] as ComposeService;
    expect(commandLine(topics.entrypoint)).toBe('/bin/sh /deploy/create-topics.sh /deploy/topics.txt');
    expect(topics.volumes).toContain('./deploy:/deploy:ro');
    const bucket = environmentOf(parts[0]?.[1] as ComposeService).S3_BUCKET;
    expect(commandLine((compose.services['minio-bucket'] as ComposeService).entrypoint)).toContain(`mc mb --ignore-existing local/${bucket}`);
    expect(compose.services.mailpit).toBeDefined();
  });
});

const SIGNET_POD = { 'app.kubernetes.io/name': 'signet' };
const isSignetDeployment = (object: KubernetesObject) => object.kind === 'Deployment' && selects(SIGNET_POD, object.metadata.labels ?? {});
const podLabels = (deployment: KubernetesObject): Labels => deployment.spec.template.metadata.labels;
const containerOf = (deployment: KubernetesObject): Container => deployment.spec.template.spec.containers[0];
const targetsOf = (deployment: KubernetesObject): PartName[] => {
  const argument = (containerOf(deployment).args ?? []).find((arg) => arg.startsWith('--target='));
  return parseTargets(argument ? argument.slice('--target='.length) : 'all');
};
const builds = new Map<string, KubernetesObject[]>();
const buildOverlay = (overlay: string): KubernetesObject[] => {
  if (!builds.has(overlay)) builds.set(overlay, kustomizeBuild(ensureKustomize(), path.join(OVERLAYS_DIR, overlay)));
  return builds.get(overlay) as KubernetesObject[];
};

describe.each(overlayNames())('k8s/overlays/%s', (overlay) => {
  let objects: KubernetesObject[];
  let deployments: KubernetesObject[];

  beforeAll(() => {
    objects = buildOverlay(overlay);
    deployments = objects.filter(isSignetDeployment);
  });

  const deploymentOf = (part: PartName): KubernetesObject => {
    const deployment = deployments.find((candidate) => targetsOf(candidate).includes(part));
    if (!deployment) throw new Error(`No Deployment runs --target=${part}: add k8s/base/parts/${part}`);
    return deployment;
  };

  /** The ConfigMap and Secret the parts take their environment from. */
  const environmentSources = () => {
    const references = deployments.flatMap((deployment) => containerOf(deployment).envFrom ?? []);
    const configMaps = [...new Set(references.flatMap((reference) => reference.configMapRef?.name ?? []))];
    const secrets = [...new Set(references.flatMap((reference) => reference.secretRef?.name ?? []))];
    expect([configMaps.length, secrets.length]).toEqual([1, 1]);
    return { config: named(objects, 'ConfigMap', configMaps[0] as string).data ?? {}, secret: named(objects, 'Secret', secrets[0] as string).data ?? {} };
  };

  it('builds with kustomize into objects that match the Kubernetes schemas', () => {
    expect(objects.length).toBeGreaterThan(0);
    expect(schemaProblems(objects)).toEqual([]);
  });

  it('runs each part in a Deployment of its own, probed, bounded and locked down', () => {
    expect(deployments.map((deployment) => targetsOf(deployment).length)).toEqual(deployments.map(() => 1));
    expect(deployments.map((deployment) => targetsOf(deployment)[0]).sort()).toEqual([...AVAILABLE_PARTS].sort());
    for (const part of AVAILABLE_PARTS) {
      const deployment = deploymentOf(part);
      const container = containerOf(deployment);
      const pod = deployment.spec.template.spec;
      expect(container.livenessProbe?.httpGet?.path).toBe('/healthz');
      expect(container.readinessProbe?.httpGet?.path).toBe('/readyz');
      for (const bound of ['requests', 'limits'] as const) expect(Object.keys(container.resources?.[bound] ?? {}).sort()).toEqual(['cpu', 'memory']);
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      expect(container.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
      const tmp = container.volumeMounts?.find((mount) => mount.mountPath === '/tmp');
      expect(pod.volumes.find((volume: { name: string }) => volume.name === tmp?.name)).toMatchObject({ emptyDir: expect.any(Object) });
    }
  });

  it('sets every variable in the ConfigMap or the Secret, secrets only in the Secret, nothing the config does not read', () => {
    const sources = environmentSources();
    const config = Object.keys(sources.config);
    const secret = Object.keys(sources.secret);
    expect(variablesToDefine(AVAILABLE_PARTS).filter((name) => !config.includes(name) && !secret.includes(name))).toEqual([]);
    expect(notRead([...config, ...secret])).toEqual([]);
    expect(SECRET_VARIABLES.filter((name) => !secret.includes(name) || config.includes(name))).toEqual([]);
    for (const deployment of deployments) expect(notRead((containerOf(deployment).env ?? []).map(({ name }) => name))).toEqual([]);
  });

  it('puts a Service and a PodDisruptionBudget in front of each part, and points its <PART>_URL at the Service', () => {
    const { config } = environmentSources();
    for (const part of AVAILABLE_PARTS) {
      const pods = podLabels(deploymentOf(part));
      const otherPods = deployments.filter((other) => other !== deploymentOf(part)).map(podLabels);
      const service = ofKind(objects, 'Service').find((candidate) => selects(candidate.spec.selector, pods));
      expect({ part, service: service?.metadata.name }).toEqual({ part, service: expect.any(String) });
      expect(otherPods.filter((other) => selects(service?.spec.selector, other))).toEqual([]);
      const budgets = ofKind(objects, 'PodDisruptionBudget').filter((budget) => selects(budget.spec.selector.matchLabels, pods));
      expect({ part, budgets: budgets.length }).toEqual({ part, budgets: 1 });
      if (part === 'gateway') continue;
      const url = new URL(config[`${partEnvPrefix(part)}_URL`] ?? 'missing:');
      expect({ part, host: url.hostname }).toEqual({ part, host: service?.metadata.name });
      expect(service?.spec.ports.map((port: { port: number }) => port.port)).toContain(Number(url.port || 80));
    }
  });

  it('autoscales the gateway and webhook-delivery', () => {
    const targets = ofKind(objects, 'HorizontalPodAutoscaler').map((autoscaler) => autoscaler.spec.scaleTargetRef);
    for (const part of ['gateway', 'webhook-delivery'] as const) {
      expect(targets).toContainEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: deploymentOf(part).metadata.name });
    }
  });

  it('lets anyone reach the gateway, and the other parts only from Signet\'s pods', () => {
    const policies = ofKind(objects, 'NetworkPolicy').filter((policy) => policy.spec.policyTypes.includes('Ingress'));
    for (const part of AVAILABLE_PARTS) {
      const applying = policies.filter((policy) => selects(policy.spec.podSelector.matchLabels, podLabels(deploymentOf(part))));
      expect({ part, isolated: applying.length > 0 }).toEqual({ part, isolated: true });
      // The metrics port has its own rule (below); every other rule is about the port requests come in on.
      const requestRules = applying.flatMap((policy) => policy.spec.ingress ?? []).filter((rule: IngressPolicyRule) => !isMetricsOnly(rule));
      const sources: unknown[][] = requestRules.map((rule: IngressPolicyRule) => rule.from ?? []);
      expect({ part, fromAnywhere: sources.some((from) => from.length === 0) }).toEqual({ part, fromAnywhere: part === 'gateway' });
      if (part === 'gateway') continue;
      for (const peer of sources.flat()) {
        expect({ part, peer }).toEqual({ part, peer: { podSelector: { matchLabels: expect.objectContaining(SIGNET_POD) } } });
      }
    }
  });

  it('serves metrics on a port of their own that Prometheus scrapes, which no Service or Ingress exposes', () => {
    const { config } = environmentSources();
    expect(config.METRICS_PORT).toMatch(/^[1-9][0-9]*$/);
    for (const deployment of deployments) {
      const ports = containerOf(deployment).ports ?? [];
      const annotations = deployment.spec.template.metadata.annotations ?? {};
      expect(ports.find((port: { name?: string }) => port.name === 'metrics')?.containerPort).toBe(Number(config.METRICS_PORT));
      expect(annotations['prometheus.io/port']).toBe(config.METRICS_PORT);
      expect(annotations['prometheus.io/path']).toBe('/metrics');
    }
    for (const service of ofKind(objects, 'Service')) {
      for (const port of service.spec.ports) expect({ service: service.metadata.name, targetPort: port.targetPort }).not.toEqual({ service: service.metadata.name, targetPort: 'metrics' });
      expect(service.spec.ports.map((port: { port: number }) => port.port)).not.toContain(Number(config.METRICS_PORT));
    }
    const metricsRules = ofKind(objects, 'NetworkPolicy').flatMap((policy) => policy.spec.ingress ?? []).filter((rule: IngressPolicyRule) => isMetricsOnly(rule));
    expect(metricsRules.length).toBeGreaterThan(0);
  });

  it('routes the Ingress to the gateway', () => {
    const gatewayServices = ofKind(objects, 'Service').filter((service) => selects(service.spec.selector, podLabels(deploymentOf('gateway'))));
    const backends = ofKind(objects, 'Ingress').flatMap((ingress) => ingress.spec.rules.flatMap((rule: IngressRule) => rule.http.paths.map((route) => route.backend.service.name)));
    expect(backends.length).toBeGreaterThan(0);
    for (const backend of backends) expect(gatewayServices.map((service) => service.metadata.name)).toContain(backend);
  });

  it('creates the topics with a Job that runs deploy/create-topics.sh on the list in the Signet image', () => {
    const jobs = ofKind(objects, 'Job').map((job) => JSON.stringify(job.spec.template.spec));
    expect(jobs.filter((job) => job.includes('/app/deploy/topics.txt') && job.includes('create-topics.sh') && job.includes('"key":"KAFKA_BROKERS"'))).toHaveLength(1);
    // The image carries the files the Job copies out of it.
    expect(read('.dockerignore').split('\n')).toEqual(expect.arrayContaining(['!deploy/topics.txt', '!deploy/create-topics.sh']));
  });
});

describe('k8s/overlays/prod', () => {
  it('bundles no infrastructure: Kafka, PostgreSQL and object storage are the platform\'s', () => {
    const workloads = buildOverlay('prod').filter((object) => ['Deployment', 'StatefulSet', 'DaemonSet'].includes(object.kind));
    expect(workloads.filter((workload) => !isSignetDeployment(workload)).map((workload) => workload.metadata.name)).toEqual([]);
  });
});
