import { z } from 'zod';
import { textProblem } from '../text.js';

const contributionText = z.string().superRefine((text, ctx) => {
  const problem = textProblem(text);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** `POST /v1/posts` and `POST /v1/posts/{id}/comments`: exactly `{"body": string}`. */
export const textBodySchema = z.strictObject({ body: contributionText });

/** `POST /v1/posts/{id}/reactions`: exactly `{"kind": string}`; the kind is checked apart (its own error code). */
export const reactionBodySchema = z.strictObject({ kind: z.string().min(1).max(100) });
