import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memo, sameProps, useStableCallback } from '@/lib/ui/memo';

afterEach(cleanup);

describe('memo', () => {
  it('compares props key by key', () => {
    const f = () => undefined;
    expect(sameProps({ a: 1, f }, { a: 1, f })).toBe(true);
    expect(sameProps({ a: 1, f }, { a: 1, f: () => undefined })).toBe(false);
    expect(sameProps({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameProps({ a: Number.NaN }, { a: Number.NaN })).toBe(true);
  });

  it('renders a row again only when one of its props changed', () => {
    const renders = vi.fn();
    const Row = memo((props: { label: string; onPick: (label: string) => void }) => {
      renders(props.label);
      return (
        <button type="button" onClick={() => props.onPick(props.label)}>
          {props.label}
        </button>
      );
    });
    function List() {
      const [picked, setPicked] = useState('none');
      const [labels, setLabels] = useState(['a', 'b']);
      // A new closure each render; the rows get one that keeps its identity and sees the latest state.
      const pick = useStableCallback((label: string) => setPicked(`${label} after ${picked}`));
      return (
        <div>
          <p>{picked}</p>
          {labels.map((label) => (
            <Row key={label} label={label} onPick={pick} />
          ))}
          <button type="button" onClick={() => setLabels(['a', 'c'])}>
            change
          </button>
        </div>
      );
    }
    render(<List />);
    expect(renders.mock.calls.flat()).toEqual(['a', 'b']);
    fireEvent.click(screen.getByRole('button', { name: 'a' }));
    expect(screen.getByText('a after none')).toBeTruthy();
    // The list rendered for the pick; the rows did not.
    expect(renders.mock.calls.flat()).toEqual(['a', 'b']);
    fireEvent.click(screen.getByRole('button', { name: 'b' }));
    // The row's callback ran the latest closure: it saw the first pick.
    expect(screen.getByText('b after a after none')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'change' }));
    expect(renders.mock.calls.flat()).toEqual(['a', 'b', 'c']);
  });
});
