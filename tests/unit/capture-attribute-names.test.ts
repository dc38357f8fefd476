// Which attribute names the DOM capture's SVG image can hold (src/agent/capture/attribute-names.ts).
import { expect, test } from 'vitest';
import { isXmlName } from '../../src/agent/capture/attribute-names.ts';

test('names HTML keeps and XML forbids are told apart from ordinary ones', () => {
  for (const ok of ['class', 'data-id', 'aria-label', 'x-on:click', 'xml:lang', '_private', 'é-accent'])
    expect(isXmlName(ok), ok).toBe(true);
  for (const bad of ['"', "'", 'a<b', '@click', '1st', '-x', '.dot', '']) expect(isXmlName(bad), bad).toBe(false);
});
