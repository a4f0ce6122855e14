import { describe, expect, it } from 'vitest';
import { updateMacroRequestSchema, unknownVariablesIn } from '@portal/contracts';
import { demoMacros } from './macros.ts';

describe('demoMacros', () => {
  it('use only variables of the catalogue, so each one saves in the editor as it is', () => {
    for (const macro of demoMacros) {
      expect(unknownVariablesIn(macro.body), macro.title).toEqual([]);
      expect(updateMacroRequestSchema.safeParse(macro).success, macro.title).toBe(true);
    }
  });
});
