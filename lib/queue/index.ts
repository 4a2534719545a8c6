/** The Outbox and request scheduler: pure TypeScript; clock, store and sender injected. */

export { type BackoffOptions, backoffWindow, fullJitter, type Random } from './backoff';
export { type Accepted, acceptedWrites, LEARN_LOOKBACK_MS } from './budget';
export { classifySendError, DEFAULT_RETRY_AFTER_MS, type SendDecision } from './classify';
export { prunable, SETTLE_FLOOR_MS } from './history';
export { MemoryOutboxStore } from './memory-store';
export { Outbox } from './outbox';
export { OutboxActionError, type OutboxActionErrorCode, type OutboxOptions } from './outbox-options';
export { type BudgetView, believedRemaining, budgetView, type PacedHold, pacedUntil } from './pacing';
export { PAGE_HOURLY_CAP, PAGE_PENDING_CAP, pageCapRefusal } from './page-caps';
export { FIRST_SENT, firstOutboxPage, MAX_PAGE, type OutboxPage, pageOutbox } from './pages';
export { createReadWithRetry, isRetryable, type ReadRetryOptions, type ReadWithRetry } from './read-retry';
export type { OutboxChange, OutboxListener } from './records';
export type { DrainResult } from './scheduler';
export type { OutboxStore } from './store';
export { type AccountPacing, type AccountPause, type OutboxSummary, STATUS_SEVERITY, summarize } from './summary';
export { findTwins, type SeenPost, TWIN_WINDOW_MS } from './twins';
export type * from './types';
