import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-body';

describe('nestsDeeperThan', () => {
  it.each([
    ['[[[]]]', false],
    ['[[[[]]]]', true],
    ['{"a":{"b":[{}]}}', true],
    ['{"a":"[[[["}', false],
    [String.raw`{"a":"\"[[[["}`, false],
    [String.raw`{"a":"\\"}`, false],
    [String.raw`[{"a":"x\\"},[[[]]]]`, true],
    [String.raw`{"a":"\\\"[[[["}`, false],
    ['"unterminated [[[[', false],
  ])('reads %s at a limit of 3 levels as %s', (text, deeper) => {
    expect(nestsDeeperThan(text, 3)).toBe(deeper);
    if (!text.startsWith('"unterminated')) expect(() => JSON.parse(text)).not.toThrow(SyntaxError);
  });
});
