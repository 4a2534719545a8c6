import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackupCard } from '@/entrypoints/options/backup/BackupCard';
import { backupText, buildBackup } from '@/entrypoints/options/backup/format';
import type { SettingsChange } from '@/entrypoints/options/use-settings';
import { DEFAULT_SETTINGS } from '@/lib/storage/settings';
import { accountView, CHANGED } from '../../options/backup/fixtures';
import { useEnglishMessages } from '../../support/locale';

type Save = (change: SettingsChange) => Promise<string | undefined>;

/** Picks `text` as the file in the card's file field. */
function pick(text: string, name = 'backup.json') {
  const input = screen.getByLabelText('Import settings from a file') as HTMLInputElement;
  const file = new File([text], name, { type: 'application/json' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

describe('BackupCard', () => {
  let save: ReturnType<typeof vi.fn<Save>>;
  let imported: ReturnType<typeof vi.fn<() => void>>;
  beforeEach(() => {
    useEnglishMessages();
    save = vi.fn<Save>(async () => undefined);
    imported = vi.fn<() => void>();
  });
  afterEach(() => cleanup());

  const card = () =>
    render(
      <BackupCard
        settings={DEFAULT_SETTINGS}
        accounts={[accountView()]}
        save={save}
        saved={[]}
        onImported={imported}
      />,
    );

  it('exports the settings as a JSON file without the key', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:backup';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toMatch(/^debate-companion-backup-\d{4}-\d\d-\d\d\.json$/);
      expect(this.isConnected).toBe(true);
    });
    card();
    fireEvent.click(screen.getByRole('button', { name: 'Export settings' }));
    expect(click).toHaveBeenCalledOnce();
    const text = await blobs[0]?.text();
    expect(JSON.parse(text ?? '').settings.keepSent).toBe(200);
    expect(text).not.toContain('Wxyz');
    expect(await screen.findByText(/^Saved as debate-companion-backup-/)).toBeTruthy();
  });

  it('shows what a file changes and saves it only on confirm', async () => {
    card();
    pick(backupText(buildBackup(CHANGED, [accountView()], new Date())));
    expect(await screen.findByRole('heading', { name: 'What importing backup.json changes' })).toBeTruthy();
    expect(screen.getByText('Sent writes kept: was 200, becomes 500')).toBeTruthy();
    expect(screen.getByText(/asked for when you turn that on/)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Import these settings' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    const { baseUrl: _, chosenSites: __, ...rest } = CHANGED;
    expect(save).toHaveBeenCalledWith(rest);
    expect(imported).toHaveBeenCalledOnce();
    expect(await screen.findByText('Imported: your settings now match the backup.')).toBeTruthy();
  });

  it('names the accounts it would add as every page does: the label, else the host, never "(no label)"', async () => {
    render(<BackupCard settings={DEFAULT_SETTINGS} accounts={[]} save={save} saved={[]} onImported={imported} />);
    const unlabelled = accountView({ label: '', name: '127.0.0.1:8899', baseUrl: 'http://127.0.0.1:8899/' });
    const work = accountView({ id: 'acct-two', label: 'Work', name: 'Work', isDefault: false });
    pick(backupText(buildBackup(DEFAULT_SETTINGS, [unlabelled, work], new Date())));
    expect(await screen.findByText('127.0.0.1:8899 (default)')).toBeTruthy();
    expect(screen.getByText('Work at debate.example')).toBeTruthy();
    expect(screen.queryByText(/no label/)).toBeNull();
  });

  it('says what is wrong with a damaged file and changes nothing', async () => {
    card();
    const text = backupText(buildBackup(CHANGED, [], new Date())).replace('"keepSentDays": 30', '"keepSentDays": 0');
    pick(text);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('\u201csettings.keepSentDays\u201d is too small');
    expect(screen.queryByRole('button', { name: 'Import these settings' })).toBeNull();
    pick('not json at all');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('it is not JSON'));
    expect(save).not.toHaveBeenCalled();
  });

  it('cancels without saving', async () => {
    card();
    pick(backupText(buildBackup(CHANGED, [], new Date())));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Nothing was imported.')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });
});
