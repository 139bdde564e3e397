import { describe, expect, it } from 'vitest';
import { lagText, sentence } from './relations.js';

describe('relations', () => {
  it('reads a relation as a sentence', () => {
    expect(sentence('is blocked by')).toBe('Is blocked by');
    expect(sentence('')).toBe('');
  });
  it('writes a lag in working days, a lead with a minus sign', () => {
    expect(lagText(0)).toBe('');
    expect(lagText(1)).toBe('+1 working day');
    expect(lagText(-3)).toBe('−3 working days');
  });
});
