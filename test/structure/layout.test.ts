// The map matches the tree: README's layout, the decision on layers and the server's tiers name
// every folder, and the decisions index names every record (docs/decisions/0081).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const tiers: string[][] = require('../../server-tiers.cjs');
const read = (file: string) => fs.readFileSync(file, 'utf8');
const foldersOf = (dir: string) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
const domains = foldersOf('server').filter((name) => name !== 'app' && name !== 'platform');
const readmeLayout = read('README.md').split('## Layout')[1].split('```')[1];
const named = (text: string) => new Set([...text.matchAll(/([a-z][a-z-]*)\//g)].map((match) => match[1]));

describe('the map of the code', () => {
  it("README's layout names every server domain and platform folder, and only those", () => {
    const domainBlock = readmeLayout.split('(domains)')[1].split('platform/')[0];
    expect([...named(domainBlock)].sort()).toEqual(domains);
    const platformBlock = readmeLayout.split('platform/ ')[1].split('web/')[0];
    expect([...named(platformBlock)].sort()).toEqual(foldersOf('server/platform'));
  });

  it('puts every server domain in exactly one tier', () => {
    expect(tiers.flat().sort()).toEqual(domains);
  });

  it('the decision on layers names every server domain', () => {
    const decision = read('docs/decisions/0043-server-layers.md');
    expect(domains.filter((domain) => !decision.includes(`\`${domain}/\``))).toEqual([]);
  });

  it('the decisions index links every record, once', () => {
    const records = fs.readdirSync('docs/decisions').filter((file) => /^\d{4}-.*\.md$/.test(file));
    const index = read('docs/decisions/README.md');
    const linked = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((match) => match[1]);
    expect(linked.sort()).toEqual(records.sort());
  });
});
