// The script `iwr record --steps` reads: each mistake named by action and field.
import { describe, expect, test } from 'vitest';
import { parseScript } from '../../src/cli/commands/record-script.ts';

describe('record script', () => {
  test('the four actions with their options', () => {
    const s = parseScript({
      resolution: '390x844',
      classification: { domain: 'Shop' },
      actions: [
        { click: '#a', checkpoint: true },
        { type: 'Ada', into: '#name', assertion: 'x' },
        { press: 'Enter' },
        { scroll: 'down', description: 'Scroll to the footer' },
      ],
    });
    expect(s).toEqual({
      resolution: '390x844',
      classification: { domain: 'Shop' },
      actions: [
        { kind: 'click', selector: '#a', label: 'click #a', checkpoint: true },
        { kind: 'type', selector: '#name', text: 'Ada', label: 'type "Ada" into #name', assertion: 'x' },
        { kind: 'press', key: 'Enter', label: 'press Enter' },
        { kind: 'scroll', direction: 'down', label: 'scroll down', description: 'Scroll to the footer' },
      ],
    });
    expect(parseScript([{ press: 'Tab' }])).toMatchObject({ actions: [{ kind: 'press', key: 'Tab' }] });
  });
  test('mistakes name the action and the field', () => {
    expect(parseScript({ actions: [{ click: '#a' }, { type: 'x' }] })).toBe(
      'actions[1]: "type" needs "into": the CSS selector of the field',
    );
    expect(parseScript({ actions: [{ hover: '#a' }] })).toMatch(/^actions\[0\]: expected one of "click"/);
    expect(parseScript({ actions: [{ scroll: 'left' }] })).toMatch(/^actions\[0\]: expected one of/);
    expect(parseScript({ actions: [{ click: '#a', checkpoint: 'yes' }] })).toBe('actions[0]: "checkpoint" must be true or false');
    expect(parseScript({ resolution: 5, actions: [] })).toBe('"resolution" must be a string');
    expect(parseScript('x')).toBe('expected an object with "actions" (or a list of actions)');
  });
});
