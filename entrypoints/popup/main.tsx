import { render } from 'preact';
import { markDocumentLanguage } from '@/lib/i18n';
import { App } from './App';

markDocumentLanguage();

const root = document.getElementById('app');
if (root) render(<App />, root);
