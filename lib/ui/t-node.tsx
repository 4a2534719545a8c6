import type { ComponentChildren } from 'preact';
import { Fragment } from 'preact';
import { type MessageKey, t } from '@/lib/i18n';

/** Private-use characters that never occur in our messages: where a node goes. */
const MARK = '\ue000';
const MARKS = /\ue000(\d)/;

/**
 * A localised message with elements in its placeholders (`Reply to $1` with a link for `$1`), so a
 * translation can put them where its grammar wants. The text parts stay plain text.
 */
export function tNodes(key: MessageKey, ...nodes: ComponentChildren[]): ComponentChildren {
  const text = t(
    key,
    nodes.map((_, index) => `${MARK}${index}`),
  );
  const parts = text.split(MARKS);
  // split() with a capture group alternates: text, index, text, index, …, text.
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 0 ? part : <Fragment key={`node-${part}`}>{nodes[Number(part)]}</Fragment>,
      )}
    </>
  );
}
