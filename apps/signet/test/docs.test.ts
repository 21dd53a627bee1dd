import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { renderConfigurationDoc } from '@signet/config';
import { renderEventCatalog } from '@signet/contracts';
import { ERROR_CODES } from '@signet/http';

const root = path.join(__dirname, '..', '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The project's prose: the README, docs/ and every package's README. */
function markdownFiles(): string[] {
  const readmes = ['libs', 'services', 'apps'].flatMap((dir) => readdirSync(path.join(root, dir)).map((name) => `${dir}/${name}/README.md`));
  const docs = readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`);
  return ['README.md', 'infra/README.md', ...docs, ...readmes].filter((file) => existsSync(path.join(root, file)));
}

describe('documentation stays in step with the code', () => {
  it('docs/configuration.md is the table generated from the declaration of the variables (npm run docs:config)', () => {
    expect(read('docs/configuration.md')).toBe(renderConfigurationDoc());
  });

  it('docs/events.md is the catalog the event schemas generate (npm run docs:events)', () => {
    expect(read('docs/events.md')).toBe(renderEventCatalog());
  });

  it('docs/errors.md lists every error code with its status', () => {
    const errors = read('docs/errors.md');
    for (const [code, { status }] of Object.entries(ERROR_CODES)) expect(errors).toContain(`| \`${code}\` | ${status} |`);
  });

  it('README and docs stand on their own: no section numbers of an outside specification, every relative link inside the repository', () => {
    const problems = markdownFiles().flatMap((file) => {
      const text = read(file);
      const outside = [...text.matchAll(/\bspec(?:ification)?\b(?: section)? \d|\.\.\/shared|esignature-api/gi)].map((match) => `${file}: "${match[0]}"`);
      const links = [...text.matchAll(/\]\(([^)#\s]+)[^)]*\)/g)].map((match) => match[1] as string).filter((link) => !/^[a-z]+:/.test(link));
      const broken = links.map((link) => path.resolve(root, path.dirname(file), link))
        .filter((target) => !target.startsWith(`${root}${path.sep}`) || !existsSync(target))
        .map((target) => `${file}: link to ${path.relative(root, target)}`);
      return [...outside, ...broken];
    });
    expect(problems).toEqual([]);
  });

  it('docs/decisions.md is a reference by topic: no issue or design-section numbers, each ## topic once', () => {
    const decisions = read('docs/decisions.md');
    // `PKCS#11` is a standard's name, not an issue: a # right after a letter or digit is not counted.
    const references = [...decisions.matchAll(/\bissues?\s+#?\d+|(?<![\w&])#\d+\b|\bDESIGN\s+\d/gi)].map((match) => match[0]);
    expect(references).toEqual([]);
    const topics = [...decisions.matchAll(/^## (.+)$/gm)].map((match) => match[1] as string);
    // "Background work: one job system" and "Background work: deliveries" are one topic told twice.
    const subjects = topics.map((topic) => topic.split(/[:(]/)[0]?.trim());
    expect(subjects.filter((subject, index) => subjects.indexOf(subject) !== index)).toEqual([]);
    expect(topics.length).toBeGreaterThan(10);
  });

  it('every service and library has a README', () => {
    for (const folder of [
      'services/gateway', 'services/settings', 'services/envelope', 'services/upload', 'services/webhook-delivery', 'services/validation',
      'libs/contracts', 'libs/bus', 'libs/http', 'libs/db', 'libs/config', 'libs/blob', 'libs/pdf', 'libs/metrics', 'infra'
    ]) {
      expect(read(`${folder}/README.md`).length).toBeGreaterThan(100);
    }
  });
});
