import { t } from '@/lib/i18n';

/** Grey stand-ins for posts while the first page loads; screen readers hear "Loading the timeline…". */
export function Skeleton({ rows = 4, label = t('panelLoading') }: { rows?: number; label?: string }) {
  return (
    <div class="skeleton" role="status">
      <span class="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} class="skeleton-post" aria-hidden="true">
          <div class="skeleton-line short" />
          <div class="skeleton-line" />
          <div class="skeleton-line" />
          <div class="skeleton-line medium" />
        </div>
      ))}
    </div>
  );
}
