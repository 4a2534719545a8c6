import { describe, expect, it } from 'vitest';
import { mergeFields, mergeList } from '@/entrypoints/options/draft-merge';

const lower = (line: string) => line.replace(/^@/, '').toLowerCase();

describe('mergeList: what is typed, with what changed elsewhere since the field last took the saved list', () => {
  it('keeps the lines typed here and adds the entries added elsewhere, after them', () => {
    expect(mergeList(['demo', '@Carol'], ['demo'], ['demo', 'erin'], lower)).toEqual(['demo', '@Carol', 'erin']);
  });

  it('drops an entry removed elsewhere, and does not add one the user already typed', () => {
    expect(mergeList(['demo', 'erin', '@erin2'], ['demo', 'erin'], ['erin', 'erin2'], lower)).toEqual([
      'erin',
      '@erin2',
    ]);
  });

  it('keeps a removal made here: an entry the user took out is not brought back', () => {
    expect(mergeList(['@carol'], ['demo'], ['demo', 'erin'], lower)).toEqual(['@carol', 'erin']);
  });

  it('keeps lines it cannot read (blank, half typed) where they are', () => {
    expect(mergeList(['demo', '', 'car ol'], ['demo'], ['erin'], lower)).toEqual(['', 'car ol', 'erin']);
  });

  it('takes an entry changed elsewhere unless it was changed here too (then the typed one stays)', () => {
    type Row = { value: string; label: string };
    const key = (row: Row) => row.value;
    const same = (a: Row, b: Row) => a.value === b.value && a.label === b.label;
    const base = [
      { value: 'agree', label: 'Agree' },
      { value: 'sourced', label: 'Sourced' },
    ];
    const theirs = [
      { value: 'agree', label: 'Yes' },
      { value: 'sourced', label: 'Well sourced' },
    ];
    const mine = [
      { value: 'agree', label: 'Agree' },
      { value: 'sourced', label: 'Has sources' },
    ];
    expect(mergeList(mine, base, theirs, key, same)).toEqual([
      { value: 'agree', label: 'Yes' },
      { value: 'sourced', label: 'Has sources' },
    ]);
  });
});

describe('mergeFields', () => {
  it('takes each field changed elsewhere unless it was typed in here', () => {
    const base = { count: '200', days: '7', on: true };
    expect(mergeFields({ count: '200', days: '30', on: true }, base, { count: '300', days: '14', on: false })).toEqual({
      count: '300',
      days: '30',
      on: false,
    });
  });
});
