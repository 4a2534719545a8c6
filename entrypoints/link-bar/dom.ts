/** Creates an element with attributes and children: the bar's markup without a framework. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  // Text only: nothing from the page or the API is ever parsed as HTML.
  element.append(...children);
  return element;
}
