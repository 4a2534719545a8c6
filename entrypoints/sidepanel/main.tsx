import { render } from 'preact';
import { sendMessage } from '@/lib/messages/send';
import { DraftStore } from '@/lib/ui/drafts';
import { TimelineStore } from '@/lib/ui/timeline-store';
import { App } from './App';

// Ask for the first page before anything else, so it travels while the drafts are read and the
// page renders.
const store = new TimelineStore((request) => sendMessage('getTimelinePage', request));
void store.loadFirst();

const drafts = new DraftStore();
// Typing is saved shortly after each keystroke; when the panel hides or closes, at once.
const flush = () => void drafts.flush();
window.addEventListener('pagehide', flush);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') flush();
});

const root = document.getElementById('app');
void drafts
  .load()
  .catch(() => undefined)
  .then(() => {
    if (root) render(<App store={store} drafts={drafts} />, root);
  });
