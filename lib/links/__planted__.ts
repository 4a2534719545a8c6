import { Drafts } from '@/entrypoints/background/drafts';
export const planted = 1;
