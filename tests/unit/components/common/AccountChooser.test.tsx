import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountChooser } from '@/components/common/AccountChooser';
import { useEnglishMessages } from '../../support/locale';
import { accountView } from '../welcome/fixtures';

describe('AccountChooser', () => {
  beforeEach(() => useEnglishMessages());
  afterEach(() => cleanup());

  const dana = accountView({ name: 'Dana Demo (@demo)' });

  it('says who speaks by the name every page gives the account', () => {
    render(<AccountChooser id="as" accounts={[dana]} speaker={dana} onChoose={() => undefined} />);
    expect(screen.getByText('as Dana Demo (@demo)')).toBeTruthy();
  });

  it('adds the host to names on several platforms, but never says a host twice', () => {
    const work = accountView({ id: 'acct-2', name: 'Work', origin: 'https://debate.example', isDefault: false });
    const bare = accountView({
      id: 'acct-3',
      name: '127.0.0.1:8899',
      label: '',
      baseUrl: 'http://127.0.0.1:8899/',
      origin: 'http://127.0.0.1:8899',
      check: null,
      isDefault: false,
    });
    render(<AccountChooser id="as" accounts={[dana, work, bare]} speaker={dana} onChoose={() => undefined} />);
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Dana Demo (@demo) · 127.0.0.1:8787', 'Work · debate.example', '127.0.0.1:8899']);
  });
});
