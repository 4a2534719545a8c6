import { render } from 'preact';
import { t } from '@/lib/i18n';
import { App } from './App';

document.title = t('welcomeTitle');
const root = document.getElementById('app');
if (root) render(<App />, root);
