import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OutboxEntry } from '@/components/outbox/OutboxEntry';
import { useEnglishMessages, useLocaleMessages } from '../../support/locale';
import { outboxItem } from './fixtures';

const sent = () => outboxItem({ kind: 'post', body: 'Bus lanes work' }, { status: 'sent', at: 1_000, id: 'p_6E1lQ' });

function renderEntry(speaker?: string) {
  render(
    <ul>
      <OutboxEntry
        item={sent()}
        reactionLabel={(kind) => kind}
        siteOrigin="http://127.0.0.1:8787"
        onRetry={async () => undefined}
        onEditAndResend={async () => undefined}
        onDiscard={async () => undefined}
        onReschedule={async () => undefined}
        onSendNow={async () => undefined}
        {...(speaker === undefined ? {} : { speaker })}
      />
    </ul>,
  );
  return screen.getByRole('listitem');
}

describe('OutboxEntry', () => {
  beforeEach(() => useEnglishMessages());
  afterEach(() => cleanup());

  it('says "as" only of the account: the sent line gives the id as "· id …"', () => {
    const entry = renderEntry('Dana Demo (@demo)');
    expect(entry.querySelector('.outbox-speaker')?.textContent).toBe('as Dana Demo (@demo)');
    const detail = entry.querySelector('.outbox-detail')?.textContent ?? '';
    expect(detail).toMatch(/^Sent at [^·]+ · id p_6E1lQ\. View on the platform$/);
    expect(detail).not.toMatch(/\bas\b/);
    expect(entry.querySelector('.outbox-detail code')?.textContent).toBe('p_6E1lQ');
  });

  it('words the id the same way in German and French', () => {
    useLocaleMessages('de');
    expect(renderEntry().textContent).toMatch(/Gesendet um [^·]+ · ID p_6E1lQ\./);
    cleanup();
    useLocaleMessages('fr');
    expect(renderEntry().textContent).toMatch(/Envoyé à [^·]+ · id p_6E1lQ\./);
  });
});
