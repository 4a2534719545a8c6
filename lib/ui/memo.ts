import { Component, type ComponentType, type FunctionComponent, h } from 'preact';
import { useCallback, useRef } from 'preact/hooks';

/** Whether two props objects hold the same values, key by key (`Object.is`). */
export function sameProps(a: object, b: object): boolean {
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) => Object.is(Reflect.get(a, key), Reflect.get(b, key)));
}

/**
 * `Inner`, rendered again only when one of its props changed, as React's `memo` (Preact's own is in
 * `preact/compat`, which would change how every element of the page is created): a list's rows then
 * cost nothing when the list renders for another row's sake. Every function prop must keep its
 * identity across renders (`useCallback`, {@link useStableCallback}), or the row renders each time;
 * a row that keeps state of its own (a timer, a text box) renders itself as before.
 */
export function memo<P extends object>(Inner: FunctionComponent<P>): ComponentType<P> {
  class Memo extends Component<P> {
    override shouldComponentUpdate(next: P): boolean {
      return !sameProps(this.props, next);
    }
    override render() {
      return h(Inner, this.props);
    }
  }
  return Memo;
}

/**
 * A function that keeps its identity for the component's lifetime and always calls the `fn` of the
 * latest render: a memoized row can hold it without holding a stale closure.
 */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback((...args: A) => latest.current(...args), []);
}
