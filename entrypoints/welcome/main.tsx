import { render } from 'preact';
import { markDocumentLanguage, t } from '@/lib/i18n';
import { App } from './App';

markDocumentLanguage();
document.title = t('welcomeTitle');
const root = document.getElementById('app');
if (root) render(<App />, root);
