// The candidate's web storage (src/agent/storage.ts): what a file:// page in a fresh profile has.
import { describe, expect, test } from 'vitest';
import { memoryStorage } from '../../src/agent/storage.ts';

describe('memory storage', () => {
  test('starts empty and keeps strings, as a fresh profile does', () => {
    const s = memoryStorage();
    expect(s.length).toBe(0);
    expect(s.getItem('todos')).toBeNull();
    s.setItem('todos', JSON.stringify(['milk']) as string);
    s.setItem('count', 3 as unknown as string);
    expect(JSON.parse(s.getItem('todos') as string)).toEqual(['milk']);
    expect(s.getItem('count')).toBe('3');
    expect(s.length).toBe(2);
    expect([s.key(0), s.key(1), s.key(2)]).toEqual(['todos', 'count', null]);
    s.removeItem('todos');
    expect(s.getItem('todos')).toBeNull();
    s.clear();
    expect(s.length).toBe(0);
  });
  test('named properties read and write items, and the methods stay methods', () => {
    const s = memoryStorage() as Storage & Record<string, unknown>;
    s.theme = 'dark';
    expect(s.getItem('theme')).toBe('dark');
    s.setItem('lang', 'en');
    expect(s.lang).toBe('en');
    expect('lang' in s).toBe(true);
    expect('missing' in s).toBe(false);
    expect(Object.keys(s)).toEqual(['theme', 'lang']);
    expect(JSON.parse(JSON.stringify(s))).toEqual({ theme: 'dark', lang: 'en' });
    delete s.theme;
    expect(s.getItem('theme')).toBeNull();
    // An item named like a method does not hide the method.
    s.setItem('getItem', 'x');
    expect(typeof s.getItem).toBe('function');
    expect(s.getItem('getItem')).toBe('x');
  });
  test('two stores share nothing', () => {
    const a = memoryStorage();
    const b = memoryStorage();
    a.setItem('k', 'v');
    expect(b.getItem('k')).toBeNull();
  });
});
