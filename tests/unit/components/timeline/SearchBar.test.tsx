import { cleanup, render, screen } from '@testing-library/preact';
import { createRef } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchBar } from '@/components/timeline/SearchBar';
import { useLocaleMessages } from '../../support/locale';

function renderBar() {
  render(
    <SearchBar
      query=""
      onQuery={() => undefined}
      inputRef={createRef()}
      searching={false}
      matches={0}
      loaded={0}
      hidden={0}
      showHidden={false}
      onToggleHidden={() => undefined}
      onHelp={() => undefined}
    />,
  );
  return screen.getByRole('searchbox') as HTMLInputElement;
}

describe('SearchBar', () => {
  afterEach(() => cleanup());

  it('keeps the full name for screen readers and a short placeholder that fits a 252 px sidebar', () => {
    const words = {
      en: ['Search loaded posts', 'Search loaded posts'],
      de: ['Geladene Beiträge durchsuchen', 'In Beiträgen suchen'],
      fr: ['Rechercher dans les publications chargées', 'Chercher dans le fil'],
    };
    for (const [locale, [name, placeholder]] of Object.entries(words)) {
      useLocaleMessages(locale);
      const field = renderBar();
      expect(screen.getByRole('searchbox', { name })).toBe(field);
      expect(field.placeholder).toBe(placeholder);
      cleanup();
    }
  });
});
