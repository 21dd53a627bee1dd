// Validates Kubernetes objects (a JSON array on stdin) against the schemas of the Kubernetes OpenAPI
// spec, which the kubernetes-models package ships compiled (5.x: Kubernetes 1.36), and prints the
// problems as a JSON array of lines. An apiVersion or kind the schemas do not know is a problem too.
import { readFileSync } from 'node:fs';

const objects = JSON.parse(readFileSync(0, 'utf8'));
const problems = [];

for (const object of objects) {
  const name = `${object.kind}/${object.metadata?.name}`;
  const models = await import(`kubernetes-models/${object.apiVersion}`).catch(() => ({}));
  const Model = models[object.kind];
  if (typeof Model !== 'function') {
    problems.push(`${name}: no schema for ${object.apiVersion} ${object.kind}`);
    continue;
  }
  try {
    new Model(object).validate();
  } catch (error) {
    problems.push(`${name}: ${error.message}`);
  }
}

process.stdout.write(JSON.stringify(problems));
