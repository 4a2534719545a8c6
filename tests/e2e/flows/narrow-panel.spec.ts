import { test } from '../driver/test';
import { scaled } from '../support/time';
import { narrowPanelTests } from './in-language/narrow-panel';

// The side panel at 252 to 500 px (in-language/narrow-panel.ts); German and French run in
// locales.spec.ts, in the browser started in each language for all its flows.
test.describe.configure({ timeout: scaled(150_000) });
test.describe('in en', () => narrowPanelTests('en'));
