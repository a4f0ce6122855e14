import { describe, expect, it } from 'vitest';

// The `node` devDependency puts Node 24 first on every npm script's PATH, whatever the machine has.
describe('runtime', () => {
  it('runs on Node 24', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
  });
});
